"""The words of the action notation: the verbs that are words, and each kind of argument (:class:`Arg`),
written from an action's fields and read back into them. The table of verbs (:mod:`.verbs`) says which
arguments each verb takes.

    >>> from monopoly_deal.engine.actions import Action
    >>> a = Action("move", TYPE_BY_KEY["red/yellow"].index, 4, 1, colour2=5)
    >>> MOVED.write(a)
    'red#2:red/yellow>yellow'
    >>> fields = [-1] * 6
    >>> MOVED.read("move", ["red#2:red/yellow>yellow"], fields)
    >>> Action("move", *fields) == a
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple, Protocol

from .cards import COLOUR_BY_KEY, COLOUR_KEYS, NO_COLOUR, NO_COLOUR_KEY, TYPE_BY_KEY, TYPES, Kind

GROUP_KEYS = COLOUR_KEYS + (NO_COLOUR_KEY,)

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

# The fields an argument is read into, as indices of Action's fields after the verb.
_CARD, _COLOUR, _GROUP, _PLAYER, _COLOUR2, _EXTRA = range(6)


class Fields(Protocol):
    """An action's fields, as the table of verbs reads them (an :class:`~monopoly_deal.engine.actions.Action`;
    the engine's modules below ``actions`` name it so, and import none of it)."""

    @property
    def verb(self) -> str: ...
    @property
    def card(self) -> int: ...
    @property
    def colour(self) -> int: ...
    @property
    def group(self) -> int: ...
    @property
    def player(self) -> int: ...
    @property
    def colour2(self) -> int: ...
    @property
    def extra(self) -> int: ...


class Unreadable(ValueError):
    """Why a word of a notation cannot be read (``parse_action`` adds which action)."""


# --- the words of the notation -------------------------------------------------

def _group_key(colour: int, group: int) -> str:
    return GROUP_KEYS[colour] if group <= 0 else f"{GROUP_KEYS[colour]}#{group + 1}"


def _table_key(a: Fields) -> str:
    return f"{_group_key(a.colour, a.group)}:{TYPES[a.card].key}"


def _seat_key(p: int) -> str:
    return f"P{p + 1}"


def read_card(token: str) -> int:
    t = TYPE_BY_KEY.get(token)
    if t is None:
        raise Unreadable(f"unknown card {token!r}")
    return t.index


def read_colour(token: str) -> int:
    """A colour, or ``none``: where rainbow wilds lie alone (R6.3)."""
    if token == NO_COLOUR_KEY:
        return NO_COLOUR
    c = COLOUR_BY_KEY.get(token)
    if c is None:
        raise Unreadable(f"unknown colour {token!r}; colours are {', '.join(GROUP_KEYS)}")
    return int(c)


def read_group(token: str) -> tuple[int, int]:
    name, _, ordinal = token.partition("#")
    colour = read_colour(name)
    if not ordinal:
        return colour, 0
    if not ordinal.isdigit() or int(ordinal) < 1:
        raise Unreadable(f"bad group number in {token!r}")
    return colour, int(ordinal) - 1


def _read_table(token: str, f: list[int]) -> None:
    group, sep, card = token.partition(":")
    if not sep:
        raise Unreadable(f"expected GROUP:CARD, got {token!r}")
    f[_COLOUR], f[_GROUP] = read_group(group)
    f[_CARD] = read_card(card)


def read_seat(token: str) -> int:
    if len(token) < 2 or token[0] not in "Pp" or not token[1:].isdigit() or int(token[1:]) < 1:
        raise Unreadable(f"expected a player like P2, got {token!r}")
    return int(token[1:]) - 1


class Arg(NamedTuple):
    """One argument of a verb's notation: ``write`` gives its text from an action (``None``: left out),
    ``read`` puts its words (``least`` to ``most`` of them) into the fields; the verb is there for its errors."""

    name: str
    write: Callable[[Fields], str | None]
    read: Callable[[str, list[str], list[int]], None]
    least: int = 1
    most: int = 1


def _write_hand(a: Fields) -> str | None:
    return TYPES[a.card].key if a.card >= 0 else None   # no card: put back unseen, as the other seats know it


def _read_hand(verb: str, words: list[str], f: list[int]) -> None:
    f[_CARD] = read_card(words[0])


def _write_seat(a: Fields) -> str:
    return _seat_key(a.player)


def _read_seat(verb: str, words: list[str], f: list[int]) -> None:
    f[_PLAYER] = read_seat(words[0])


def _write_second_seat(a: Fields) -> str | None:
    return _seat_key(a.extra) if a.extra >= 0 else None


def _read_second_seat(verb: str, words: list[str], f: list[int]) -> None:
    if words:
        f[_EXTRA] = read_seat(words[0])


def _write_group(a: Fields) -> str:
    return _group_key(a.colour, a.group)


def _read_group(verb: str, words: list[str], f: list[int]) -> None:
    f[_COLOUR], f[_GROUP] = read_group(words[0])


def _read_on_table(verb: str, words: list[str], f: list[int]) -> None:
    _read_table(words[0], f)


def _write_put_down(a: Fields) -> str:
    t = TYPES[a.card]
    return t.key if t.kind == Kind.PROPERTY or a.colour == NO_COLOUR else f"{t.key}={COLOUR_KEYS[a.colour]}"


def _read_put_down(verb: str, words: list[str], f: list[int]) -> None:
    key, _, named = words[0].partition("=")
    f[_CARD] = card = read_card(key)
    t = TYPES[card]
    if t.kind == Kind.PROPERTY:
        if named:
            raise Unreadable(f"{key} has one colour; write 'play {key}'")
        f[_COLOUR] = int(t.colours[0])
    elif named:
        f[_COLOUR] = read_colour(named)
    elif t.kind == Kind.RAINBOW:  # put down alone: no colour yet (R6.3)
        f[_COLOUR] = NO_COLOUR
    else:
        raise Unreadable(f"say which colour the {key} takes, e.g. "
                         f"'play {key}={COLOUR_KEYS[t.colours[0]] if t.colours else 'red'}'")


def _write_hand_or_table(a: Fields) -> str:
    return TYPES[a.card].key if a.colour < 0 else _table_key(a)


def _read_hand_or_table(verb: str, words: list[str], f: list[int]) -> None:
    if words[0] in TYPE_BY_KEY:
        f[_CARD] = read_card(words[0])
    else:
        _read_table(words[0], f)


def _write_bank_or_group(a: Fields) -> str:
    return "bank" if a.colour < 0 else _group_key(a.colour, a.group)


def _read_bank_or_group(verb: str, words: list[str], f: list[int]) -> None:
    if words[0] != "bank":
        f[_COLOUR], f[_GROUP] = read_group(words[0])


def _write_given(a: Fields) -> str:
    return _table_key(a) + (f"={GROUP_KEYS[a.colour2]}" if a.colour2 >= 0 else "")


def _read_given(verb: str, words: list[str], f: list[int]) -> None:
    ref, _, colour2 = words[0].partition("=")
    _read_table(ref, f)
    if colour2:
        f[_COLOUR2] = read_colour(colour2)


def _write_moved(a: Fields) -> str:
    into = f"#{a.extra + 1}" if a.extra >= 0 else ""  # a group named by number, even the first
    return f"{_table_key(a)}>{GROUP_KEYS[a.colour2]}{into}"


def _read_moved(groups: bool) -> Callable[[str, list[str], list[int]], None]:
    """A card on the table and where it goes: a colour, or (``groups``) a group of its colour."""
    def read(verb: str, words: list[str], f: list[int]) -> None:
        ref, sep, colour2 = words[0].partition(">")
        if not sep:
            raise Unreadable(f"say the new colour, e.g. '{verb} red:red/yellow>yellow'")
        _read_table(ref, f)
        if groups and "#" in colour2:  # into a group: ``move red#2:red>red#1``
            f[_COLOUR2], f[_EXTRA] = read_group(colour2)
        else:
            f[_COLOUR2] = read_colour(colour2)
    return read


def _write_rent(a: Fields) -> str:
    text = _group_key(a.colour, a.group)
    if a.player >= 0:
        text += f" {_seat_key(a.player)}"
    if a.extra > 0:
        text += f" x{2 ** a.extra}"
    return text


_DOUBLES = {"x2": 1, "x4": 2, "x8": 3}


def _read_rent(named: bool) -> Callable[[str, list[str], list[int]], None]:
    """A group, then a seat and the Double the Rents in either order; any-colour rent (``named``) names the
    one player it charges, two-colour rent charges every other player (R3.4)."""
    def read(verb: str, words: list[str], f: list[int]) -> None:
        f[_COLOUR], f[_GROUP] = read_group(words[0])
        f[_EXTRA] = 0
        for token in words[1:]:
            if token[:1] in "Pp":
                f[_PLAYER] = read_seat(token)
            elif token in _DOUBLES:
                f[_EXTRA] = _DOUBLES[token]
            else:
                raise Unreadable(f"expected a player or x2/x4, got {token!r}")
        if named and f[_PLAYER] < 0:
            raise Unreadable("any-colour rent names one player, e.g. 'rent:any red P2'")
        if not named and f[_PLAYER] >= 0:
            raise Unreadable("two-colour rent charges every other player; name no player")
    return read


HAND = Arg("hand", _write_hand, _read_hand)                                # bank 5M
SEAT = Arg("seat", _write_seat, _read_seat)                                # debt-collector P2
SECOND_SEAT = Arg("second-seat", _write_second_seat, _read_second_seat, least=0)
GROUP_ARG = Arg("group", _write_group, _read_group)                        # house red#2
ON_TABLE = Arg("on-table", _table_key, _read_on_table)                    # take red#2:red/yellow
PUT_DOWN = Arg("put-down", _write_put_down, _read_put_down)                # play red/yellow=red
HAND_OR_TABLE = Arg("hand-or-table", _write_hand_or_table, _read_hand_or_table)    # pay 5M, pay red:red
BANK_OR_GROUP = Arg("bank-or-group", _write_bank_or_group, _read_bank_or_group)    # place bank, place red
GIVEN = Arg("given", _write_given, _read_given)                            # give red:red/yellow=yellow
MOVED = Arg("moved", _write_moved, _read_moved(groups=True))               # move red:red/yellow>yellow, >red#2
SWAPPED = Arg("swapped", _write_moved, _read_moved(groups=False))          # swap red:red/yellow>yellow
RENT_TO_ALL = Arg("rent", _write_rent, _read_rent(named=False), most=3)    # rent:red/yellow red x2
RENT_TO_ONE = Arg("rent", _write_rent, _read_rent(named=True), most=3)     # rent:any red P2 x2
