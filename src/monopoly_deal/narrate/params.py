"""Message parameters: what a sentence is about, before it is put in words; and the words of an action.

The table of verbs (:mod:`monopoly_deal.engine.verbs`) names each parameter of
an action's message by a source; :data:`SOURCES` makes the parameter from the
action and what the game says about it (:func:`params_of`)::

    >>> from monopoly_deal.engine.actions import Action
    >>> from monopoly_deal.engine.verbs import choose, verb_of
    >>> a = Action.parse("debt-collector P2")
    >>> params_of(a, choose(verb_of(a.verb).menu, a), charge=verb_of(a.verb).charge)
    {'card': Card(type=34, colour=-1), 'target': Player(seat=1), 'amount': Money(amount=5)}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..engine.actions import Action
from ..engine.cards import TYPE_BY_KEY, TYPES
from ..engine.verbs import PLAYED, Say


class Player(NamedTuple):
    seat: int


class Players(NamedTuple):
    seats: tuple[int, ...]


class Colour(NamedTuple):
    """A colour (0-9), or ``NO_COLOUR``, where a rainbow wild lies alone (R6.3)."""

    colour: int


class Card(NamedTuple):
    """A card type; ``colour`` (0-9) is the colour a wild property stands as."""

    type: int
    colour: int = -1


class Cards(NamedTuple):
    cards: tuple[Card, ...]


class Copies(NamedTuple):
    """``count`` copies of one card, e.g. two Double the Rents."""

    card: Card
    number: int


class Group(NamedTuple):
    """A player's property group: its colour and 0-based ordinal among groups of that colour."""

    colour: int
    ordinal: int


class Money(NamedTuple):
    amount: int


@dataclass(frozen=True)
class Message:
    """One sentence, not yet in words: ``id`` names its template in a catalogue."""

    id: str
    params: dict[str, Any] = field(default_factory=dict)


# --- the words of an action: its message's parameters, from the sources the table of verbs names --------

class _Facts(NamedTuple):
    """What the game says about an action beyond its fields."""

    amount: int | None      # what it charges, or what the card named is worth in this game (None: not said)
    charge: int | None      # what it charges when the game does not say (None: only the game knows)
    actor: int              # who played it
    others: tuple[int, ...]  # every other seat, in turn order from the actor


def _amount(a: Action, f: _Facts) -> Money:
    amount = f.charge if f.amount is None else f.amount
    if amount is None:
        raise ValueError(f"{a}: what a rent charges depends on the table; pass game.amount_of(action)")
    return Money(amount)


#: Each source the table of verbs names, and the parameter it makes.
SOURCES: dict[str, Callable[[Action, _Facts], Any]] = {
    "card": lambda a, f: Card(a.card),                           # the card the action names
    "on-table": lambda a, f: Card(a.card, a.colour),             # ... as it stands on the table
    "played": lambda a, f: Card(PLAYED[a.verb]),                 # the action card played
    "value": lambda a, f: Money(TYPES[a.card].value if f.amount is None else f.amount),
    "group": lambda a, f: Group(a.colour, max(a.group, 0)),
    "colour": lambda a, f: Colour(a.colour),
    "colour2": lambda a, f: Colour(a.colour2),                   # the colour chosen
    "into": lambda a, f: Group(a.colour2, a.extra),              # the group a card moves into
    "seat": lambda a, f: Player(a.player),
    "seats": lambda a, f: Players((a.player,) if a.extra < 0 else (a.player, a.extra)),
    "amount": _amount,
    "drawn": lambda a, f: Money(2),                              # the cards Pass Go draws (R5.2)
    "doubles": lambda a, f: Copies(Card(TYPE_BY_KEY["double-rent"].index), a.extra),
    "times": lambda a, f: 2 ** a.extra,
    "actor": lambda a, f: Player(f.actor),
    "others": lambda a, f: Players(f.others),                    # everyone else pays
    "one": lambda a, f: Players((a.player,)),                    # the one player named pays
    "named": lambda a, f: Players(tuple(q for q in f.others if q in (a.player, a.extra))),  # in turn order
}


def params_of(a: Action, said: Say, amount: int | None = None, charge: int | None = None, actor: int = -1,
              others: tuple[int, ...] = ()) -> dict[str, Any]:
    """The parameters of message ``said`` about ``a``: ``amount`` is what the game says it charges or the card
    named is worth, ``charge`` what it charges when the game does not say, ``actor`` who played it and
    ``others`` every other seat in turn order."""
    facts = _Facts(amount, charge, actor, others)
    return {name: SOURCES[source](a, facts) for name, source in said.params}
