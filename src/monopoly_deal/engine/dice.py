"""Rolling two dice to order players (R2.2, R10.2, R10.3): highest total first, ties roll again.

The rule is kept here once, for the engine's ``start=dice`` and for the
tournament's seating and roll-offs; the dice themselves are whatever
``roll`` returns (the engine's seeded generator, a tournament's own):

>>> totals = iter([7, 9, 7, 4, 11])
>>> order, rounds = roll_off([0, 1, 2], lambda: next(totals))
>>> order                     # 1 rolled 9; 0 and 2 tied on 7 and rolled again: 2 won with 11
[1, 2, 0]
>>> rounds                    # every round: who rolled, and their totals
[((0, 1, 2), (7, 9, 7)), ((0, 2), (4, 11))]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

#: One round of rolling: the players who rolled, and each one's total (in the same order).
Round = tuple[tuple[int, ...], tuple[int, ...]]


def roll_off(players: Sequence[int], roll: Callable[[], int]) -> tuple[list[int], list[Round]]:
    """Order ``players`` by a roll each (``roll()`` gives a two-dice total), highest first;
    players who tie roll again among themselves, as often as they tie. Returns the order and
    every round rolled, in the order rolled (a round, then its ties' rounds, highest total first)."""
    rounds: list[Round] = []
    return _order(list(players), roll, rounds), rounds


def _order(players: list[int], roll: Callable[[], int], rounds: list[Round]) -> list[int]:
    if len(players) <= 1:
        return players
    totals = tuple(roll() for _ in players)
    rounds.append((tuple(players), totals))
    by_total: dict[int, list[int]] = {}
    for player, total in zip(players, totals):
        by_total.setdefault(total, []).append(player)
    return [p for total in sorted(by_total, reverse=True) for p in _order(by_total[total], roll, rounds)]
