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
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, NamedTuple

from .cards import COLOUR_BY_KEY, COLOUR_KEYS, NO_COLOUR, NO_COLOUR_KEY, TYPE_BY_KEY, TYPES, Kind

_GROUP_KEYS = COLOUR_KEYS + (NO_COLOUR_KEY,)

# Verbs that are not card keys (Final: the compiled engine compares with constants).
END: Final = "end"
BANK: Final = "bank"
PLAY: Final = "play"
GIVE: Final = "give"
TAKE: Final = "take"
MOVE: Final = "move"
SWAP: Final = "swap"
WITH: Final = "with"
ACCEPT: Final = "accept"
NO: Final = "no"
TRANSFER: Final = "transfer"
PAY: Final = "pay"
PLACE: Final = "place"
DISCARD: Final = "discard"


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


# --- formatting -------------------------------------------------------------

def _group(colour: int, group: int) -> str:
    return _GROUP_KEYS[colour] if group <= 0 else f"{_GROUP_KEYS[colour]}#{group + 1}"


def _table(a: Action) -> str:
    return f"{_group(a.colour, a.group)}:{TYPES[a.card].key}"


def _seat(p: int) -> str:
    return f"P{p + 1}"


def format_action(a: Action) -> str:
    """The notation of ``a`` (see the module docstring)."""
    v = a.verb
    if v in (END, ACCEPT, NO, "pass-go", "birthday"):
        return v
    if v == DISCARD and a.card < 0:  # a card put back under the draw pile, as the other seats know it
        return v
    if v in (BANK, DISCARD):
        return f"{v} {TYPES[a.card].key}"
    if v == PLAY:
        t = TYPES[a.card]
        return f"play {t.key}" if t.kind == Kind.PROPERTY or a.colour == NO_COLOUR else f"play {t.key}={COLOUR_KEYS[a.colour]}"
    if v == PAY:
        return f"pay {TYPES[a.card].key}" if a.colour < 0 else f"pay {_table(a)}"
    if v in ("debt-collector", "go-to-jail", "inheritor", TRANSFER):
        return f"{v} {_seat(a.player)}"
    if v == "speeding-deal":
        return f"{v} {_seat(a.player)}" + (f" {_seat(a.extra)}" if a.extra >= 0 else "")
    if v in ("sly-deal", "forced-deal", "double-sly-deal"):
        return f"{v} {_seat(a.player)} {_table(a)}"
    if v == "deal-breaker":
        return f"{v} {_seat(a.player)} {_group(a.colour, a.group)}"
    if v in ("house", "hotel", "house+", "hotel+"):
        return f"{v} {_group(a.colour, a.group)}"
    if v == PLACE:
        return "place bank" if a.colour < 0 else f"place {_group(a.colour, a.group)}"
    if v in (TAKE, WITH):
        return f"{v} {_table(a)}"
    if v == GIVE:
        return f"give {_table(a)}" + (f"={_GROUP_KEYS[a.colour2]}" if a.colour2 >= 0 else "")
    if v in (MOVE, SWAP):
        into = f"#{a.extra + 1}" if a.extra >= 0 else ""  # a group named by number, even the first
        return f"{v} {_table(a)}>{_GROUP_KEYS[a.colour2]}{into}"
    if v.startswith("rent:"):
        text = f"{v} {_group(a.colour, a.group)}"
        if a.player >= 0:
            text += f" {_seat(a.player)}"
        if a.extra > 0:
            text += f" x{2 ** a.extra}"
        return text
    raise IllegalActionError(f"unknown verb {v!r}")


# --- parsing ----------------------------------------------------------------

def _fail(text: str, why: str) -> IllegalActionError:
    return IllegalActionError(f"cannot read action {text!r}: {why}")


def _parse_card(text: str, token: str) -> int:
    t = TYPE_BY_KEY.get(token)
    if t is None:
        raise _fail(text, f"unknown card {token!r}")
    return t.index


def _parse_colour(text: str, token: str) -> int:
    """A colour, or ``none``: where rainbow wilds lie alone (R6.3)."""
    if token == NO_COLOUR_KEY:
        return NO_COLOUR
    c = COLOUR_BY_KEY.get(token)
    if c is None:
        raise _fail(text, f"unknown colour {token!r}; colours are {', '.join(_GROUP_KEYS)}")
    return int(c)


def _parse_group(text: str, token: str) -> tuple[int, int]:
    name, _, ordinal = token.partition("#")
    colour = _parse_colour(text, name)
    if not ordinal:
        return colour, 0
    if not ordinal.isdigit() or int(ordinal) < 1:
        raise _fail(text, f"bad group number in {token!r}")
    return colour, int(ordinal) - 1


def _parse_table(text: str, token: str) -> tuple[int, int, int]:
    group, sep, card = token.partition(":")
    if not sep:
        raise _fail(text, f"expected GROUP:CARD, got {token!r}")
    colour, ordinal = _parse_group(text, group)
    return colour, ordinal, _parse_card(text, card)


def _parse_seat(text: str, token: str) -> int:
    if len(token) < 2 or token[0] not in "Pp" or not token[1:].isdigit() or int(token[1:]) < 1:
        raise _fail(text, f"expected a player like P2, got {token!r}")
    return int(token[1:]) - 1


def parse_action(text: str) -> Action:
    """Read an action from its notation; raises :class:`IllegalActionError` naming what is wrong."""
    if not isinstance(text, str):
        raise IllegalActionError(f"an action must be text, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise _fail(text, "it is empty")
    v, args = words[0], words[1:]

    def need(n: int, m: int | None = None) -> None:
        if not (n <= len(args) <= (n if m is None else m)):
            raise _fail(text, f"{v!r} takes {n if m is None or m == n else f'{n} to {m}'} argument(s)")

    if v in (END, ACCEPT, NO, "pass-go", "birthday"):
        need(0)
        return Action(v)
    if v in (BANK, DISCARD):
        need(1)
        return Action(v, _parse_card(text, args[0]))
    if v == PLAY:
        need(1)
        key, _, named = args[0].partition("=")
        card = _parse_card(text, key)
        t = TYPES[card]
        if t.kind == Kind.PROPERTY:
            if named:
                raise _fail(text, f"{key} has one colour; write 'play {key}'")
            return Action(PLAY, card, int(t.colours[0]))
        if not named:
            if t.kind == Kind.RAINBOW:  # put down alone: no colour yet (R6.3)
                return Action(PLAY, card, NO_COLOUR)
            raise _fail(text, f"say which colour the {key} takes, e.g. 'play {key}={COLOUR_KEYS[t.colours[0]] if t.colours else 'red'}'")
        return Action(PLAY, card, _parse_colour(text, named))
    if v == PAY:
        need(1)
        if args[0] in TYPE_BY_KEY:
            return Action(PAY, _parse_card(text, args[0]))
        colour, group, card = _parse_table(text, args[0])
        return Action(PAY, card, colour, group)
    if v in ("debt-collector", "go-to-jail", "inheritor", TRANSFER):
        need(1)
        return Action(v, player=_parse_seat(text, args[0]))
    if v == "speeding-deal":
        need(1, 2)
        second = _parse_seat(text, args[1]) if len(args) == 2 else -1
        return Action(v, player=_parse_seat(text, args[0]), extra=second)
    if v in ("sly-deal", "forced-deal", "double-sly-deal"):
        need(2)
        colour, group, card = _parse_table(text, args[1])
        return Action(v, card, colour, group, _parse_seat(text, args[0]))
    if v == "deal-breaker":
        need(2)
        colour, group = _parse_group(text, args[1])
        return Action(v, colour=colour, group=group, player=_parse_seat(text, args[0]))
    if v in ("house", "hotel", "house+", "hotel+"):
        need(1)
        colour, group = _parse_group(text, args[0])
        return Action(v, colour=colour, group=group)
    if v == PLACE:
        need(1)
        if args[0] == "bank":
            return Action(PLACE)
        colour, group = _parse_group(text, args[0])
        return Action(PLACE, colour=colour, group=group)
    if v in (TAKE, WITH):
        need(1)
        colour, group, card = _parse_table(text, args[0])
        return Action(v, card, colour, group)
    if v == GIVE:
        need(1)
        ref, _, colour2 = args[0].partition("=")
        colour, group, card = _parse_table(text, ref)
        return Action(GIVE, card, colour, group, colour2=_parse_colour(text, colour2) if colour2 else -1)
    if v in (MOVE, SWAP):
        need(1)
        ref, sep, colour2 = args[0].partition(">")
        if not sep:
            raise _fail(text, f"say the new colour, e.g. '{v} red:red/yellow>yellow'")
        colour, group, card = _parse_table(text, ref)
        if v == MOVE and "#" in colour2:  # into a group: ``move red#2:red>red#1``
            into_colour, into = _parse_group(text, colour2)
            return Action(v, card, colour, group, colour2=into_colour, extra=into)
        return Action(v, card, colour, group, colour2=_parse_colour(text, colour2))
    if v.startswith("rent:"):
        card = _parse_card(text, v)
        need(1, 3)
        colour, group = _parse_group(text, args[0])
        player, extra = -1, 0
        for token in args[1:]:
            if token[:1] in "Pp":
                player = _parse_seat(text, token)
            elif token in ("x2", "x4", "x8"):
                extra = {"x2": 1, "x4": 2, "x8": 3}[token]
            else:
                raise _fail(text, f"expected a player or x2/x4, got {token!r}")
        if TYPES[card].kind == Kind.RENT_ANY and player < 0:
            raise _fail(text, "any-colour rent names one player, e.g. 'rent:any red P2'")
        if TYPES[card].kind == Kind.RENT and player >= 0:
            raise _fail(text, "two-colour rent charges every other player; name no player")
        return Action(v, colour=colour, group=group, player=player, extra=extra)
    raise _fail(text, f"unknown verb {v!r}")


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
        from .cards import BUILDABLE, EDITIONS, decks_for, types_in

        copies = decks or decks_for(players)
        types = types_in(edition)
        counts = EDITIONS[edition]
        # Groups never merge by themselves (R6.2), so up to one group per card that is not a
        # rainbow wild (a colour group always holds one, R6.3).
        groups = max(
            sum(counts[t.key] * copies for t in types if t.is_property and t.kind != Kind.RAINBOW and c in t.colours)
            for c in range(10)
        )
        seats = range(players)
        props = [t for t in types if t.is_property]
        keys = {t.key for t in types}
        acts: list[Action] = [Action(v) for v in (END, ACCEPT, NO, "pass-go", "birthday")]
        acts += [Action(BANK, t.index) for t in types if not t.is_property]
        acts += [Action(DISCARD, t.index) for t in types]
        acts += [Action(PAY, t.index) for t in types if not t.is_property]
        acts += [Action(PLAY, t.index, int(c)) for t in props for c in t.colours]
        rainbows = [t for t in props if t.kind == Kind.RAINBOW]
        acts += [Action(PLAY, t.index, NO_COLOUR) for t in rainbows]
        for verb in ("debt-collector", "go-to-jail", "inheritor", TRANSFER):
            if verb in keys or (verb == TRANSFER and "rent-transfer" in keys):
                acts += [Action(verb, player=p) for p in seats]
        if "speeding-deal" in keys:
            acts += [Action("speeding-deal", player=p) for p in seats]
            acts += [Action("speeding-deal", player=a, extra=b) for a in seats for b in seats if a < b]
        doubles = range(3)
        for t in types:
            if t.kind == Kind.RENT:
                acts += [Action(t.key, colour=int(c), group=g, extra=d) for c in t.colours for g in range(groups) for d in doubles]
            elif t.kind == Kind.RENT_ANY:
                acts += [Action(t.key, colour=c, group=g, player=p, extra=d)
                         for c in range(10) for g in range(groups) for p in seats for d in doubles]
        table = [(c, g, t) for c in range(10) for g in range(groups) for t in props if c in t.colours]
        table += [(NO_COLOUR, 0, t) for t in rainbows]
        for verb in ("sly-deal", "forced-deal", "double-sly-deal"):
            if verb in keys:
                acts += [Action(verb, t.index, c, g, p) for p in seats for c, g, t in table]
        acts += [Action("deal-breaker", colour=c, group=g, player=p) for p in seats for c in range(10) for g in range(groups)]
        built = [(c, g) for c in range(10) if BUILDABLE[c] for g in range(groups)]
        for t in types:
            if t.kind in (Kind.HOUSE, Kind.HOTEL):
                acts += [Action(t.key, colour=c, group=g) for c, g in built]
                acts += [Action(PAY, t.index, c, g) for c, g in built]
        acts += [Action(PLACE)] + [Action(PLACE, colour=c, group=g) for c, g in built]
        acts += [Action(PAY, t.index, c, g) for c, g, t in table if t.kind != Kind.RAINBOW]
        acts += [Action(verb, t.index, c, g) for verb in (TAKE, WITH) for c, g, t in table]
        def targets(t: object) -> tuple[int, ...]:
            colours = tuple(int(c) for c in t.colours)  # type: ignore[attr-defined]
            return colours + (NO_COLOUR,) if t.kind == Kind.RAINBOW else colours  # type: ignore[attr-defined]

        acts += [Action(GIVE, t.index, c, g, colour2=-1 if t.kind == Kind.PROPERTY else c2)
                 for c, g, t in table for c2 in (t.colours[:1] if t.kind == Kind.PROPERTY else targets(t))]
        acts += [Action(MOVE, t.index, c, g, colour2=c2)
                 for c, g, t in table if t.kind != Kind.PROPERTY for c2 in targets(t) if c2 != c]
        acts += [Action(MOVE, t.index, c, g, colour2=c, extra=g2)
                 for c, g, t in table if c != NO_COLOUR for g2 in range(groups) if g2 != g]
        acts += [Action(SWAP, t.index, c, g, colour2=c2)
                 for c, g, t in table if c != NO_COLOUR for c2 in targets(t)]
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
