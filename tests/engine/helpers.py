"""Shared helpers for the engine tests: random play, mid-game positions, docs/rules.md lookup."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

from monopoly_deal.engine import Game, Rules

EDITIONS = ("base", "enhanced")
#: A random game that has not ended after this many decisions is a bug: random
#: games end in a few thousand decisions (free rearrangements can repeat, but
#: ``end`` is always one of a handful of options).
MAX_DECISIONS = 200_000
#: The project's rule book; the tests check the card data and the rule ids against it.
RULES_DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def random_step(game: Game, rng: random.Random) -> None:
    """Apply one uniformly random legal action."""
    actions = game.legal_actions()
    game.apply(actions[rng.randrange(len(actions))])


def play_out(game: Game, rng: random.Random, after: Callable[[Game], None] | None = None) -> int:
    """Play random legal actions to the end of the game; returns the number of decisions.

    ``after(game)`` runs after every action (for invariant checks).
    """
    steps = 0
    while not game.over:
        random_step(game, rng)
        steps += 1
        if after is not None:
            after(game)
        assert steps < MAX_DECISIONS, f"game did not end after {steps} decisions (seed {game.seed})"
    return steps


def mid_game_states(
    seeds: range, players: tuple[int, ...], editions: tuple[str, ...] = EDITIONS,
    every: int = 37, rules: Rules | None = None,
) -> Iterator[Game]:
    """Clones of random games taken every ``every`` decisions, for every seed/player count/edition."""
    for edition in editions:
        for n in players:
            for seed in seeds:
                game = Game(n, edition, rules, seed=seed)
                rng = random.Random(seed * 7919 + n)
                step = 0
                while not game.over:
                    random_step(game, rng)
                    step += 1
                    if step % every == 0 and not game.over:
                        yield game.clone()


def rule_ids(text: str) -> list[str]:
    """The rule ids a rules document defines, in order: ``### R1.1 …`` headings and ``- R2.1 …``
    list items at the start of a line (an indented sub-item is not a rule)."""
    return re.findall(r"^(?:###|-) (R\d+\.\d+)\b", text, flags=re.MULTILINE)


def rules_section(text: str, rule: str) -> str:
    """The text of the docs/rules.md section headed ``rule`` (e.g. ``R1.2``), up to the next heading."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("#") and f" {rule} " in line + " ")
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("#")), len(lines))
    return "\n".join(lines[start:end])


def markdown_table(section: str) -> list[list[str]]:
    """The body rows of the first markdown table in ``section``, cells stripped."""
    rows = [line for line in section.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows[2:]]
