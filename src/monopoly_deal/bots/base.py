"""The bot interface."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Protocol

from ..engine import Action, Game


class Seat:
    """One seat's window on a game: all a bot may look at.

    ``view()`` is what the seat may see; ``legal_actions`` its options now;
    ``determinize(seed)`` a full game consistent with the view, for search.
    """

    __slots__ = ("_game", "seat")

    def __init__(self, game: Game, seat: int) -> None:
        self._game = game
        self.seat = seat

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        return self._game.legal_actions() if self._game.decider == self.seat else ()

    def view(self) -> dict[str, Any]:
        return self._game.view(self.seat)

    def determinize(self, seed: int) -> Game:
        return self._game.determinize(self.seat, seed)


class Bot(Protocol):
    """Pick one of ``seat.legal_actions``; called only when the seat owes a decision.

    A bot may also define ``new_game(seat)``: the arena calls it once per game, before the
    first decision, for per-game setup (docs/bots.md has a whole example bot); and
    ``explain(seat, top)``: its pick and runners-up with its estimates (``bots.explain``)."""

    def choose(self, seat: Seat) -> Action: ...


@dataclass(frozen=True)
class Alternative:
    """One action a bot weighed: ``value`` its estimate (``None`` when it had none: a forced or free move),
    ``playouts`` the playouts a search spent on it (``None`` for a bot that does not search)."""

    action: Action
    value: float | None = None
    playouts: int | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"action": notation, "value": rounded estimate or None, "playouts": count or None}``."""
        value = round(self.value, 4) if self.value is not None and math.isfinite(self.value) else None
        return {"action": str(self.action), "value": value, "playouts": self.playouts}
