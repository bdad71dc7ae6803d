"""A match's dice (R10.2 seating, R10.3 roll-offs): seeded, so a tournament file replays them.

Each match has its own dice, made from the match's seed; seating rolls first,
then any roll-off at the limit, so every roll follows from the seed alone:

>>> seating = seat_by_dice(4, MatchDice(0))
>>> seating.order              # the team in each seat: seat 0 (P1) starts, turns pass in seat order
[0, 3, 2, 1]
>>> seating.rounds             # every round: the teams that rolled and their totals; 2 and 3 tied on 7
[((0, 1, 2, 3), (11, 5, 7, 7)), ((2, 3), (7, 10))]
>>> seat_by_dice(4, MatchDice(0)) == seating
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine.dice import Round, roll_off

__all__ = ["MatchDice", "Round", "Seating", "seat_by_dice"]


class MatchDice:
    """Two fair dice from a seed. ``random.Random`` with an integer seed gives the same
    ``random()`` sequence on every Python version (its documented guarantee), so a seed
    rolls the same totals everywhere."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def die(self) -> int:
        return 1 + int(self._rng.random() * 6)

    def roll(self) -> int:
        """The total of two dice, 2 to 12."""
        return self.die() + self.die()


@dataclass(frozen=True)
class Seating:
    """Who sits where: ``order[seat]`` is a team's index (seat 0 plays first), and every round
    of dice that decided it (``rounds``: teams that rolled, their totals)."""

    order: list[int]
    rounds: list[Round]


def seat_by_dice(teams: int, dice: MatchDice) -> Seating:
    """R10.2: every team's player rolls two dice; the highest total sits first and plays first,
    the next highest next, and so on; tied teams roll again among themselves."""
    order, rounds = roll_off(range(teams), dice.roll)
    return Seating(order, rounds)
