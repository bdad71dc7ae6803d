"""Actions and their notation.

An :class:`Action` is a small immutable tuple. Its notation is short and reads
back to the same action, as UCI does for chess moves::

    >>> from monopoly_deal.engine.actions import Action
    >>> a = Action.parse("rent:red/yellow red#2 x2")
    >>> str(a)
    'rent:red/yellow red#2 x2'
    >>> Action.parse(str(a)) == a
    True

Hand cards are named by card key (``bank 5M``), players by seat from 1
(``debt-collector P2``), a player's property group by colour with an ordinal
when they hold more than one of that colour (``red``, ``red#2``), and a card on
the table by group and card key (``red#2:red/yellow``).

The verbs (``{}`` a card key, ``G`` a group, ``C`` a colour, ``P`` a player):

==============================  ==============================================
``end``                         end the turn
``bank {}``                     bank a money or action card (R4)
``play {}`` / ``play {}=C``     put a property down; a wild names its colour
``pass-go``, ``birthday``       Pass Go (R5.2), It's My Birthday (R5.3)
``debt-collector P``            Debt Collector (R5.3)
``rent:{} G [P] [x2|x4]``       rent for group G, with Double the Rents (R3.4)
``sly-deal P G:{}``             Sly Deal (R5.4)
``forced-deal P G:{}``          Forced Deal, then ``give G:{}[=C]`` (R5.5)
``deal-breaker P G``            Deal Breaker (R5.6)
``house G`` / ``hotel G``       build (also ``house+``/``hotel+``, R6.5)
``go-to-jail P``                Go To Jail (R1.3)
``double-sly-deal P G:{}``      Double Sly Deal, then ``take G:{}``
``speeding-deal P [P]``         Speeding Deal
``inheritor P``                 Inheritor
``move G:{}>C``                 re-colour a wild (R6.2, free)
``move G:{}>C#n``               move a card into group ``C#n`` of its colour, joining
                                unfilled groups (R6.2, free; ``red#1`` is ``red``)
``swap G:{}>C`` then ``with G:{}``  take a card out of a complete set into colour C, another
                                taking its place (R6.2, R6.6, free)
``accept`` / ``no`` / ``transfer P``  answer an action (R5.7, Rent Transfer)
``pay {}`` / ``pay G:{}``       pay one card from the bank or the table (R8)
``place G`` / ``place bank``    put a received house or hotel (R8.6)
``discard {}``                  put back a card over 7 (R3.6) or a Speeding Deal discard
==============================  ==============================================

``discard`` without a card is no action to take: it is how another seat's card
put back under the draw pile reads to everyone else (``Game.seen_action``).

Each verb is one row of the table in :mod:`monopoly_deal.engine.verbs`: the
notation is written and read (:mod:`~monopoly_deal.engine.notation`), and the
action space laid out (:mod:`~monopoly_deal.engine.layouts`), from that table.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .notation import (
    ACCEPT,
    BANK,
    DISCARD,
    END,
    GIVE,
    MOVE,
    NO,
    PAY,
    PLACE,
    PLAY,
    SWAP,
    TAKE,
    TRANSFER,
    WITH,
    Unreadable,
)
from .verbs import FAMILIES, VERB_OF, lay_out

__all__ = [
    "ACCEPT", "BANK", "DISCARD", "END", "GIVE", "MOVE", "NO", "PAY", "PLACE", "PLAY", "SWAP", "TAKE", "TRANSFER", "WITH",
    "Action", "ActionSpace", "IllegalActionError", "format_action", "parse_action",
]


class IllegalActionError(ValueError):
    """An action that is malformed or not legal now; the game is left unchanged."""


class Action(NamedTuple):
    """One decision. Unused fields are ``-1``.

    ``verb`` is a word above or the key of the action card played; ``card`` is
    the type index of the card named (a hand, bank or table card); ``colour``
    and ``group`` (0-based ordinal) name a group; ``player`` a seat (0-based);
    ``colour2`` a chosen colour; ``extra`` the Double the Rents added or a second seat.
    """

    verb: str
    card: int = -1
    colour: int = -1
    group: int = -1
    player: int = -1
    colour2: int = -1
    extra: int = -1

    def __str__(self) -> str:
        return format_action(self)

    @classmethod
    def parse(cls, text: str) -> Action:
        return parse_action(text)


def format_action(a: Action) -> str:
    """The notation of ``a`` (see the module docstring): its verb, then each argument of its row written.

    >>> format_action(Action("speeding-deal", player=1)), format_action(Action("speeding-deal", player=1, extra=2))
    ('speeding-deal P2', 'speeding-deal P2 P3')
    """
    row = VERB_OF.get(a.verb)
    if row is None:
        raise IllegalActionError(f"unknown verb {a.verb!r}")
    text = a.verb
    for arg in row.args:
        word = arg.write(a)
        if word is not None:  # None: an argument left out (no second seat; a card put back unseen)
            text += " " + word
    return text


def _fail(text: str, why: str) -> IllegalActionError:
    return IllegalActionError(f"cannot read action {text!r}: {why}")


def parse_action(text: str) -> Action:
    """Read an action from its notation; raises :class:`IllegalActionError` naming what is wrong.

    >>> parse_action("rent:any red P2 x2") == Action("rent:any", colour=4, group=0, player=1, extra=1)
    True
    >>> parse_action("sly-deal P2")
    Traceback (most recent call last):
    ...
    monopoly_deal.engine.actions.IllegalActionError: cannot read action 'sly-deal P2': 'sly-deal' takes 2 argument(s)
    """
    if not isinstance(text, str):
        raise IllegalActionError(f"an action must be text, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise _fail(text, "it is empty")
    v = words[0]
    row = VERB_OF.get(v)
    if row is None:
        raise _fail(text, f"unknown card {v!r}" if v.startswith(FAMILIES) else f"unknown verb {v!r}")
    given = len(words) - 1
    if not row.least <= given <= row.most:
        raise _fail(text, f"{v!r} takes {row.least if row.least == row.most else f'{row.least} to {row.most}'} "
                          "argument(s)")
    fields = [-1] * 6
    args = row.args
    last = len(args) - 1
    try:
        for i in range(last, -1, -1):  # the last argument first (it takes the words left), as always read
            args[i].read(v, words[i + 1:] if i == last else words[i + 1:i + 2], fields)
    except Unreadable as why:
        raise _fail(text, str(why)) from None
    return Action(v, *fields)


# --- the action space: a stable integer id for every action ------------------

class ActionSpace:
    """Every action an edition can produce for a player count, each with a stable id.

    Ids depend only on the edition, the number of players and the decks in
    play; RL adapters use them as a fixed-size discrete space.

    >>> space = ActionSpace("base", players=2)
    >>> a = Action.parse("bank 5M")
    >>> space.action(space.id(a)) == a
    True
    """

    def __init__(self, edition: str = "base", players: int = 2, decks: int = 0) -> None:
        acts, groups = lay_out(Action, edition, players, decks)
        self.edition, self.players, self.groups = edition, players, groups
        self.actions: tuple[Action, ...] = tuple(acts)
        #: Each action's id (read it, never change it): what :meth:`id` and :meth:`ids` look up.
        self.id_of: dict[Action, int] = {a: i for i, a in enumerate(acts)}
        if len(self.id_of) != len(acts):
            raise AssertionError("duplicate actions in the action space")

    def __len__(self) -> int:
        return len(self.actions)

    def id(self, action: Action) -> int:
        """The integer id of ``action``; ``KeyError`` if this space has no such action."""
        return self.id_of[action]

    def ids(self, actions: Iterable[Action]) -> list[int]:
        """The ids of ``actions``, in order (one lookup each, without a method call per action)."""
        return list(map(self.id_of.__getitem__, actions))

    def action(self, action_id: int) -> Action:
        return self.actions[action_id]
