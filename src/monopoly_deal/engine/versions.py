"""The games of older record versions, each a small difference from the one after it.

Records of older versions replay with a class of their own, as python-chess plays its variants: each
states its record version and overrides only what its version did differently. ``Version3Game`` (versions
1 to 3) discarded the Pass Go before its draw, so the reshuffle dealt it back:

>>> old = Version3Game.from_position(2, hands={0: ["pass-go"]}, discard=["birthday"], draw=[], rest="box")
>>> old.apply("pass-go")
>>> sorted(old.card_key(c) for c in old.hands[0]), old.record()["version"], type(old.clone()).__name__
(['birthday', 'pass-go'], 3, 'Version3Game')

``Version2Game`` (versions 1 and 2) adds that a Speeding Deal target whose hand held one card type was not
asked and lost a card at random; ``Version1Game`` that only the targets who could answer were asked (as
``quick_accept``), and that a colour's unfilled groups merged whenever a card left one, which R6.2 does not
allow (cards never change group by themselves). :func:`monopoly_deal.record.start_game` picks the class by
:attr:`Game.record_version`.
"""

from __future__ import annotations

from typing import ClassVar

from .actions import Action
from .cards import NO_COLOUR
from .game import Game
from .tables import _RAINBOW, _SIZE, Group

__all__ = ["Version1Game", "Version2Game", "Version3Game"]


class Version3Game(Game):
    """Replays records of version 3 (and, through its subclasses, 1 and 2): a Pass Go went to the discard
    pile before its draw, so a reshuffle in that draw could deal it back (R5.1 discards it once used).
    Versions 1 to 3 also re-arranged after the hand's last card (S1-19): that is a rule option,
    ``rearrange_after_empty_hand``, which their records' rules set (``record.rules_for``)."""

    __slots__ = ()
    record_version: ClassVar[int] = 3

    def _pass_go(self, p: int, t: int, a: Action) -> None:
        self._discard_from_hand(p, t)
        if self.events is not None:
            self._log("use", p, str(a), 0)
        self._draw(p, 2)


class Version2Game(Version3Game):
    """Replays records of version 2: also, a Speeding Deal target whose hand held one card type was not
    asked for its discard and lost a card at random, which told everyone that the hand was all one type
    (R1.3 asks every target)."""

    __slots__ = ()
    record_version: ClassVar[int] = 2

    def _asks_speeding_target(self, hand: list[int]) -> bool:
        ct = self._ct
        return len({ct[c] for c in hand}) > 1


class Version1Game(Version2Game):
    """Replays records of version 1: also, only the targets who could answer were asked (as
    ``quick_accept``: the records hold no forced ``accept``), and when a card left a group, the unfilled
    groups of its colour merged (R6.2 forbids it: cards never change group by themselves). Version 1 also
    had no cap on free re-arranging, a rule option its records' rules leave at 0."""

    __slots__ = ()
    record_version: ClassVar[int] = 1
    asks_every_target: ClassVar[bool] = False

    def _remove(self, p: int, colour: int, g: Group, card: int) -> None:
        g.cards.remove(card)
        col = self.groups[p][colour]
        if not g.cards:
            col.remove(g)
        self._merge_unfilled(p, colour)
        self._touch(p, colour)

    def _merge_unfilled(self, p: int, colour: int) -> None:
        """The unfilled groups of ``colour`` merge into the first, and groups left with rainbow wilds alone
        lose their colour."""
        col = self.groups[p][colour]
        size = _SIZE[colour]
        partial = [x for x in col if len(x.cards) < size]
        while len(partial) > 1:
            first, last = partial[0], partial[-1]
            while last.cards and len(first.cards) < size:
                first.cards.append(last.cards.pop(0))
            if not last.cards:
                col.remove(last)
                partial.pop()
            if len(first.cards) == size:
                partial.pop(0)
        if colour != NO_COLOUR:
            for x in [x for x in col if all(self._ct[c] == _RAINBOW for c in x.cards)]:
                col.remove(x)
                for c in x.cards:
                    self._place(p, c, NO_COLOUR)
