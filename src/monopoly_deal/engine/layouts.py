"""How the action space is laid out: what an edition's space is made of (:class:`SpaceParts`), and the
layouts the rows of the table of verbs (:mod:`.verbs`) name, each every action of one verb in id order.

    >>> from monopoly_deal.engine.actions import Action
    >>> parts = SpaceParts.of(Action, "base", players=2)
    >>> parts.groups, [str(a) for a in each_seat(parts, "debt-collector")]
    (7, ['debt-collector P1', 'debt-collector P2'])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .cards import BUILDABLE, EDITIONS, NO_COLOUR, TYPE_BY_KEY, CardType, Kind, decks_for, types_in
from .notation import PAY

#: The actions made: :class:`~monopoly_deal.engine.actions.Action`, which ``actions`` passes in.
A = TypeVar("A")


@dataclass(frozen=True)
class SpaceParts(Generic[A]):
    """What an edition's action space is made of, for the layouts of the rows."""

    act: Callable[..., A]                           # makes an action: Action(verb, card, colour, ...)
    types: tuple[CardType, ...]
    keys: frozenset[str]
    seats: range
    groups: int                                     # groups of one colour a player may hold at most
    table: list[tuple[int, int, CardType]]          # every card a group may hold: colour, ordinal, card
    built: list[tuple[int, int]]                    # every group a house or hotel may stand on

    @classmethod
    def of(cls, act: Callable[..., A], edition: str, players: int, decks: int = 0) -> SpaceParts[A]:
        copies = decks or decks_for(players)
        types = types_in(edition)
        counts = EDITIONS[edition]
        # Groups never merge by themselves (R6.2), so up to one group per card that is not a
        # rainbow wild (a colour group always holds one, R6.3).
        groups = max(
            sum(counts[t.key] * copies for t in types if t.is_property and t.kind != Kind.RAINBOW and c in t.colours)
            for c in range(10)
        )
        props = [t for t in types if t.is_property]
        table = [(c, g, t) for c in range(10) for g in range(groups) for t in props if c in t.colours]
        table += [(NO_COLOUR, 0, t) for t in props if t.kind == Kind.RAINBOW]
        built = [(c, g) for c in range(10) if BUILDABLE[c] for g in range(groups)]
        return cls(act, types, frozenset(t.key for t in types), range(players), groups, table, built)


#: A layout: every action of one verb, in id order.
Layout = Callable[[SpaceParts[Any], str], list[Any]]


def once(s: SpaceParts[A], verb: str) -> list[A]:
    return [s.act(verb)]


def hand_cards(s: SpaceParts[A], verb: str) -> list[A]:
    """Each card but a property: banked or paid from the bank (R4, R8)."""
    return [s.act(verb, t.index) for t in s.types if not t.is_property]


def every_card(s: SpaceParts[A], verb: str) -> list[A]:
    return [s.act(verb, t.index) for t in s.types]


def put_down(s: SpaceParts[A], verb: str) -> list[A]:
    """Each property as each of its colours, then each rainbow wild alone (R6.3)."""
    props = [t for t in s.types if t.is_property]
    return ([s.act(verb, t.index, int(c)) for t in props for c in t.colours]
            + [s.act(verb, t.index, NO_COLOUR) for t in props if t.kind == Kind.RAINBOW])


def each_seat(s: SpaceParts[A], verb: str) -> list[A]:
    return [s.act(verb, player=p) for p in s.seats]


def one_or_two_seats(s: SpaceParts[A], verb: str) -> list[A]:
    return ([s.act(verb, player=p) for p in s.seats]
            + [s.act(verb, player=a, extra=b) for a in s.seats for b in s.seats if a < b])


_DOUBLINGS = range(3)


def rent_to_all(s: SpaceParts[A], verb: str) -> list[A]:
    """Each colour of the card, each group, with 0 to 2 Double the Rents (R3.4)."""
    return [s.act(verb, colour=int(c), group=g, extra=d)
            for c in TYPE_BY_KEY[verb].colours for g in range(s.groups) for d in _DOUBLINGS]


def rent_to_one(s: SpaceParts[A], verb: str) -> list[A]:
    return [s.act(verb, colour=c, group=g, player=p, extra=d)
            for c in range(10) for g in range(s.groups) for p in s.seats for d in _DOUBLINGS]


def seat_and_card(s: SpaceParts[A], verb: str) -> list[A]:
    return [s.act(verb, t.index, c, g, p) for p in s.seats for c, g, t in s.table]


def seat_and_group(s: SpaceParts[A], verb: str) -> list[A]:
    return [s.act(verb, colour=c, group=g, player=p) for p in s.seats for c in range(10) for g in range(s.groups)]


def build_then_pay(s: SpaceParts[A], verb: str) -> list[A]:
    """Each group built on, then paying with that building from each (R8.5): the order ids always had."""
    index = TYPE_BY_KEY[verb].index
    return [s.act(verb, colour=c, group=g) for c, g in s.built] + [s.act(PAY, index, c, g) for c, g in s.built]


def bank_or_built(s: SpaceParts[A], verb: str) -> list[A]:
    return [s.act(verb)] + [s.act(verb, colour=c, group=g) for c, g in s.built]


def on_table_but_rainbows(s: SpaceParts[A], verb: str) -> list[A]:
    """A card paid from the table: never a rainbow wild, which is worth nothing (R8.4)."""
    return [s.act(verb, t.index, c, g) for c, g, t in s.table if t.kind != Kind.RAINBOW]


def on_table(s: SpaceParts[A], verb: str) -> list[A]:
    return [s.act(verb, t.index, c, g) for c, g, t in s.table]


def _colours_of(t: CardType) -> tuple[int, ...]:
    """The colours a wild may stand as; a rainbow wild may also stand alone (R6.3)."""
    colours = tuple(int(c) for c in t.colours)
    return colours + (NO_COLOUR,) if t.kind == Kind.RAINBOW else colours


def given(s: SpaceParts[A], verb: str) -> list[A]:
    """A card given in a Forced Deal, a wild as each colour it may stand as (R5.5)."""
    return [s.act(verb, t.index, c, g, colour2=-1 if t.kind == Kind.PROPERTY else c2)
            for c, g, t in s.table for c2 in (t.colours[:1] if t.kind == Kind.PROPERTY else _colours_of(t))]


def recoloured(s: SpaceParts[A], verb: str) -> list[A]:
    return [s.act(verb, t.index, c, g, colour2=c2)
            for c, g, t in s.table if t.kind != Kind.PROPERTY for c2 in _colours_of(t) if c2 != c]


def regrouped(s: SpaceParts[A], verb: str) -> list[A]:
    return [s.act(verb, t.index, c, g, colour2=c, extra=g2)
            for c, g, t in s.table if c != NO_COLOUR for g2 in range(s.groups) if g2 != g]


def swapped(s: SpaceParts[A], verb: str) -> list[A]:
    return [s.act(verb, t.index, c, g, colour2=c2) for c, g, t in s.table if c != NO_COLOUR for c2 in _colours_of(t)]
