"""Random-bot simulation: throughput and a full-rules soak test (``mdeal sim``)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .bots import RandomBot
from .engine import Game, Rules
from .parallel import ctrl_c_between_steps


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a run started with ``seed``."""
    return seed * 1_000_003 + index


@dataclass
class SimStats:
    players: int
    edition: str
    games: int = 0
    decisions: int = 0
    turns: int = 0
    seconds: float = 0.0
    wins: list[int] = field(default_factory=list)
    turn_limit: int = 0
    out_of_cards: int = 0
    stopped: bool = False      # interrupted (Ctrl+C): the figures are of the games played until then

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds else 0.0

    def summary(self) -> str:
        wins = ", ".join(f"P{i + 1} {w}" for i, w in enumerate(self.wins))
        return (
            f"{self.games} games, {self.players} players, {self.edition} edition, {self.seconds:.2f} s\n"
            f"  {self.games_per_second:,.1f} games/s, {self.decisions_per_second:,.0f} decisions/s\n"
            f"  {self.turns / max(self.games, 1):.1f} turns and {self.decisions / max(self.games, 1):.0f} decisions per game\n"
            f"  wins by seat: {wins}\n"
            f"  games that hit the turn limit: {self.turn_limit}"
            + (f" (all {self.out_of_cards} out of cards: piles and hands empty)" if self.turn_limit and
               self.out_of_cards == self.turn_limit else f" ({self.out_of_cards} out of cards)" if self.turn_limit else "")
        )


class InvariantBroken(Exception):
    """``--check`` found a broken invariant; the message names it and where."""


def simulate(players: int, games: int, seed: int = 0, edition: str = "base", rules: Rules | None = None,
             check: bool = False) -> SimStats:
    """Play ``games`` random-bot games; with ``check``, verify the invariants after every action.
    Interrupted (Ctrl+C), it returns the games played so far, ``stopped`` set."""
    stats = SimStats(players, edition, wins=[0] * players)
    start = time.perf_counter()
    with ctrl_c_between_steps() as asked:   # heard between games: the compiled engine is never cut mid-move
        _play_games(stats, players, games, seed, edition, rules, check, asked)
    stats.stopped = asked()
    stats.seconds = time.perf_counter() - start
    return stats


def _play_games(stats: SimStats, players: int, games: int, seed: int, edition: str, rules: Rules | None,
                check: bool, stop: Callable[[], bool]) -> None:
    for index in range(games):
        if stop():
            return
        s = game_seed(seed, index)
        game = Game(players, edition, rules, seed=s, log=False)
        bots = [RandomBot(seed=s * 16 + p) for p in range(players)]
        decisions = 0
        while not game.over:  # RandomBot.choose's choices, taken by index: no look-up of the action
            game.apply_index(bots[game.decider].pick(len(game.legal_actions())))
            decisions += 1
            if check:
                try:
                    game.check_invariants()
                except AssertionError as error:
                    raise InvariantBroken(f"game seed {s}, action {decisions} ({game.history[-1]}): {error}") from None
        stats.games += 1
        stats.decisions += decisions
        stats.turns += game.turn
        if game.winner >= 0:
            stats.wins[game.winner] += 1
        else:
            stats.turn_limit += 1
            stats.out_of_cards += game.out_of_cards
