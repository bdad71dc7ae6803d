"""An impossible position: what :meth:`Game.from_position` refuses, and where.

The engine is the one place that decides whether a position can happen (card
counts, R4.2, R6.1, R6.3, R6.5); a scenario file or a lesson names the place in
its own terms from :attr:`PositionError.where`:

>>> from monopoly_deal import Game
>>> try:
...     Game.from_position(2, groups={0: [("red", ["red", "red"], "house", None)]})
... except PositionError as error:
...     print(error.where, "|", error.problem, "|", error)
('groups', 0, 'red', 0, 'house') | a house or hotel needs a complete set (R6.5) | P1's red group, its house: a house or hotel needs a complete set (R6.5)
"""

from __future__ import annotations

__all__ = ["PositionError", "Where"]

#: Where in a position: ``(part,)`` for one of its options (``"plays"``, ``"rest"``, ...);
#: ``("hands" | "banks", seat, index)``; ``("draw" | "discard", index)``; ``("groups", seat,
#: colour, n)`` for the ``n``-th group of that colour, ``+ (index,)`` for a card of it or
#: ``+ ("house" | "hotel",)`` for its building.
Where = tuple[str | int, ...]


class PositionError(ValueError):
    """A position that cannot happen: ``where`` (:data:`Where`) and ``problem``, in words."""

    def __init__(self, where: Where, problem: str) -> None:
        super().__init__(f"{_place(where)}: {problem}")
        self.where = where
        self.problem = problem


def _place(where: Where) -> str:
    part, rest = where[0], where[1:]
    if part in ("hands", "banks") and len(rest) == 2:
        return f"{'hand' if part == 'hands' else 'bank'} of P{int(rest[0]) + 1}, card {int(rest[1]) + 1}"
    if part in ("draw", "discard") and rest:
        return f"{part} pile, card {int(rest[0]) + 1}"
    if part == "groups" and len(rest) >= 3:
        seat, colour, n, *inside = rest
        text = f"P{int(seat) + 1}'s {colour} group" + (f" {int(n) + 1}" if n else "")
        if inside:
            text += f", its {inside[0]}" if isinstance(inside[0], str) else f", card {inside[0] + 1}"
        return text
    return str(part)
