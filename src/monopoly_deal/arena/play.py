"""The arena's schedule and games: lineups, duplicate deals, one game played out.

Every lineup plays every deal once per seat rotation, so each bot sits in every
seat on the same cards (duplicate deals: the luck of the deal cancels out).

>>> [m.seats for m in schedule(["a", "b", "c"], players=2, games=6, seed=1)]
[('a', 'b'), ('b', 'a'), ('a', 'c'), ('c', 'a'), ('b', 'c'), ('c', 'b')]
"""

from __future__ import annotations

import itertools
import math
import time
from dataclasses import dataclass
from typing import Any

from ..bots import Seat, make_bot
from ..bots.explain import explain as explain_choice
from ..engine import Game, Refusal, Rules
from ..sim import game_seed


@dataclass(frozen=True)
class Match:
    """One game to play: its place in the schedule, the deal's seed and who sits where."""

    index: int
    deal: int
    rotation: int
    seed: int
    seats: tuple[str, ...]


def lineups(bots: list[str], players: int) -> list[tuple[str, ...]]:
    """The bot lists that play: the list itself when it fills the seats exactly (a bot may be
    named more than once), else every choice of ``players`` of them."""
    if len(bots) < players:
        raise Refusal("arena-error.too-few-bots", f"{players} players need at least {players} bots (name one more "
                      "than once to fill seats)", players=players)
    if len(bots) == players:
        return [tuple(bots)]
    return list(itertools.combinations(bots, players))


def deals_for(bots: list[str], players: int, games: int) -> int:
    """Deals per lineup so that at least ``games`` games are played (whole rotations)."""
    return max(1, math.ceil(games / (len(lineups(bots, players)) * players)))


def schedule(bots: list[str], players: int, games: int, seed: int) -> list[Match]:
    """Every game of the run, in a fixed order: lineup by lineup, deal by deal, rotation by rotation."""
    out: list[Match] = []
    deals = deals_for(bots, players, games)
    for lineup_index, lineup in enumerate(lineups(bots, players)):
        for deal in range(deals):
            number = lineup_index * deals + deal
            for rotation in range(players):
                seats = lineup[rotation:] + lineup[:rotation]
                out.append(Match(len(out), number, rotation, game_seed(seed, number), seats))
    return out


def play(match: Match, players: int, edition: str, rules: Rules, keep_record: bool = False,
         explain: int = 0) -> dict[str, Any]:
    """Play one match; the result says who won (seat and bot), how long it took and each bot's think time
    (CPU seconds: the figure does not depend on what else the machine runs). With ``explain``, each real
    choice of a bot that can explain keeps its ``explain`` best alternatives (``explanations``: the index of the
    decision in the game's actions, the seat, and the alternatives as JSON)."""
    game = Game(players, edition, rules, seed=match.seed, log=False)
    bots = [make_bot(spec, seed=(match.seed * 16 + match.rotation) * 16 + p) for p, spec in enumerate(match.seats)]
    seats = [Seat(game, p) for p in range(players)]
    for bot, seat in zip(bots, seats):
        setup = getattr(bot, "new_game", None)
        if setup is not None:
            setup(seat)
    think = [0.0] * players
    decisions = [0] * players
    explanations: list[dict[str, Any]] = []
    while not game.over:
        p = game.decider
        start = time.process_time()
        if explain:
            alternatives = explain_choice(bots[p], seats[p], explain)
            action = alternatives[0].action
        else:
            action = bots[p].choose(seats[p])
        think[p] += time.process_time() - start
        if explain and alternatives[0].value is not None:
            explanations.append({"decision": sum(decisions), "seat": p,
                                 "alternatives": [alt.to_json() for alt in alternatives]})
        decisions[p] += 1
        game.apply(action)
    result: dict[str, Any] = {
        "index": match.index, "deal": match.deal, "rotation": match.rotation, "seed": match.seed,
        "seats": list(match.seats), "winner_seat": game.winner,
        "winner": match.seats[game.winner] if game.winner >= 0 else None,
        "turns": game.turn, "turn_limit": game.winner < 0, "decisions": decisions, "think_seconds": think,
    }
    if keep_record:
        result["record"] = game.record()
    if explain:
        result["explanations"] = explanations
    return result
