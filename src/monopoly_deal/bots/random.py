"""The random bot: uniform over the legal actions."""

from __future__ import annotations

import random

from ..engine import Action
from .base import Seat


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, seat: Seat) -> Action:
        actions = seat.legal_actions
        return actions[self.pick(len(actions))]

    def pick(self, options: int) -> int:
        """The index of its choice among ``options`` legal actions (``mdeal sim`` plays by index)."""
        return int(self._rng.random() * options)  # random() is C: randrange() is Python
