"""A file's ``position:``: its groups and tables as the file writes them, read (:func:`read_position`), and
the field that a position the engine refuses names (:func:`position_field`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..engine import Game, Rules
from ..engine.cards import COLOUR_KEYS, EDITIONS, NO_COLOUR_KEY, TYPE_BY_KEY, Kind
from ..engine.game import PLAYS_PER_TURN
from ..engine.position import PositionError, Where
from .values import (
    ScenarioError,
    _Bad,
    _bool,
    _int,
    _kind,
    _list,
    _mapping,
    _show,
    _suggest,
    _type_order,
    _unknown_keys,
)

POSITION_KEYS = ("active", "plays", "turn", "start_turn", "rest", "hands", "banks", "tables", "draw", "discard", "jailed")
#: Where a table lists groups: the ten colours, then ``none`` for rainbow wilds that lie alone (R6.3).
GROUP_KEYS = COLOUR_KEYS + (NO_COLOUR_KEY,)


@dataclass(frozen=True)
class GroupSpec:
    """One property group as a file writes it: its cards and buildings, by key."""

    cards: tuple[str, ...]
    house: str | None = None
    hotel: str | None = None
    # where each card, and the house and hotel, stand in the file's list: to name one the engine refuses
    places: tuple[int, ...] = field(default=(), compare=False)

    def normal(self) -> GroupSpec:
        """The same group with its cards sorted: groups compare as multisets."""
        return GroupSpec(tuple(sorted(self.cards, key=_type_order)), self.house, self.hotel)

    def place(self, part: int | str) -> int | None:
        """Where card ``part`` (its index among the cards), or the ``"house"`` or ``"hotel"``, stands in the file."""
        index = part if isinstance(part, int) else len(self.cards) + (part == "hotel" and self.house is not None)
        return self.places[index] if index < len(self.places) else None

    def show(self) -> str:
        return _show([*self.cards, *(b for b in (self.house, self.hotel) if b)])


Table = dict[int, tuple[GroupSpec, ...]]  # colour -> its groups, in order


@dataclass(frozen=True)
class Position:
    """The ``position:`` of a file, seats 0-based, cards by key."""

    active: int = 0
    plays: int = 0
    turn: int = 1
    start_turn: bool = False
    rest: str = "bottom"
    hands: tuple[tuple[int, tuple[str, ...]], ...] = ()
    banks: tuple[tuple[int, tuple[str, ...]], ...] = ()
    tables: tuple[tuple[int, Table], ...] = ()
    draw: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    jailed: tuple[int, ...] = ()

    def game(self, players: int, edition: str, rules: Rules, seed: int = 0, names: Iterable[str] | None = None,
             log: bool = True) -> Game:
        """The game at this position (:meth:`Game.from_position`)."""
        return Game.from_position(
            players, edition, rules,
            hands={seat: list(cards) for seat, cards in self.hands},
            banks={seat: list(cards) for seat, cards in self.banks},
            groups={seat: [(GROUP_KEYS[colour], list(g.cards), g.house, g.hotel)
                           for colour, groups in table.items() for g in groups]
                    for seat, table in self.tables},
            draw=list(self.draw), discard=list(self.discard), rest=self.rest, active=self.active,
            plays=self.plays, turn=self.turn, jailed=self.jailed, start_turn=self.start_turn, seed=seed,
            names=names, log=log,
        )


class _Reader:
    """Reads the parts of one file that depend on its players and edition."""

    def __init__(self, players: int, edition: str) -> None:
        self.players, self.edition = players, edition

    def seat(self, value: Any, where: str) -> int:
        text = str(value)
        if not re.fullmatch(r"P[1-9][0-9]?", text):
            raise _Bad(where, f"expected a seat P1 to P{self.players}, got {_kind(value)}")
        seat = int(text[1:]) - 1
        if seat >= self.players:
            raise _Bad(where, f"no seat {text}: this scenario has {self.players} players (P1 to P{self.players})")
        return seat

    def seat_map(self, value: Any, where: str, read: Callable[[Any, str], Any]) -> dict[int, Any]:
        """``{P1: x, P2: y}`` with each value read by ``read(value, field)``."""
        out: dict[int, Any] = {}
        for key, item in _mapping(value, where).items():
            out[self.seat(key, f"{where}.{key}")] = read(item, f"{where}.{key}")
        return out

    def card(self, value: Any, where: str) -> str:
        if not isinstance(value, str):
            raise _Bad(where, f"expected a card key such as 1M or red/yellow, got {_kind(value)}")
        if value not in TYPE_BY_KEY:
            raise _Bad(where, f"unknown card {value!r}{_suggest(value, TYPE_BY_KEY)}")
        if not EDITIONS[self.edition].get(value):
            raise _Bad(where, f"{value!r} is not in the {self.edition} deck")
        return value

    def cards(self, value: Any, where: str) -> tuple[str, ...]:
        return tuple(self.card(item, f"{where}[{i}]") for i, item in enumerate(_list(value, where)))

    def group(self, value: Any, where: str, colour: int) -> GroupSpec:
        """A group's list: property cards, and at most one house and one hotel. Whether they can lie
        there (the colour, the set's size, buildings on a complete set) is the engine's to say."""
        cards: list[str] = []
        places: list[int] = []
        buildings: dict[Kind, tuple[str, int]] = {}
        for i, item in enumerate(_list(value, where)):
            key = self.card(item, f"{where}[{i}]")
            t = TYPE_BY_KEY[key]
            if t.kind in (Kind.HOUSE, Kind.HOTEL):
                slot = "house" if t.kind == Kind.HOUSE else "hotel"
                if t.kind in buildings:
                    raise _Bad(f"{where}[{i}]", f"a second {slot}: a set carries one house and one hotel at most (R6.5)")
                buildings[t.kind] = (key, i)
            elif not t.is_property:
                raise _Bad(f"{where}[{i}]", f"{key} is not a property card; a group holds properties and its house/hotel")
            else:
                cards.append(key)
                places.append(i)
        house, hotel = buildings.get(Kind.HOUSE), buildings.get(Kind.HOTEL)
        places += [b[1] for b in (house, hotel) if b]
        return GroupSpec(tuple(cards), house and house[0], hotel and hotel[0], tuple(places))

    def table(self, value: Any, where: str) -> Table:
        """``{colour: [cards]}`` (one group) or ``{colour: [[cards], [cards]]}`` (several)."""
        table: Table = {}
        for name, groups in _mapping(value, where).items():
            at = f"{where}.{name}"
            if name not in GROUP_KEYS:
                raise _Bad(at, f"unknown colour {name!r}{_suggest(str(name), GROUP_KEYS)}; colours are {', '.join(GROUP_KEYS)}")
            colour = GROUP_KEYS.index(name)
            items = _list(groups, at)
            if not items:
                raise _Bad(at, "no cards: leave the colour out, or list its cards")
            if all(isinstance(item, list) for item in items):
                table[colour] = tuple(self.group(g, f"{at}[{i}]", colour) for i, g in enumerate(items))
            elif any(isinstance(item, list) for item in items):
                raise _Bad(at, "mixes cards and lists: write one group [a, b] or several [[a, b], [c]]")
            else:
                table[colour] = (self.group(items, at, colour),)
        return table


# --- the position ----------------------------------------------------------------

def _read_position(data: Any, reader: _Reader, rules: Rules) -> Position:
    where = "position"
    data = _mapping(data, where)
    _unknown_keys(data, POSITION_KEYS, where)

    def seat_cards(key: str) -> tuple[tuple[int, tuple[str, ...]], ...]:
        return tuple(sorted(reader.seat_map(data.get(key), f"{where}.{key}", reader.cards).items()))

    position = Position(
        active=reader.seat(data.get("active", "P1"), f"{where}.active"),
        plays=_int(data.get("plays", 0), f"{where}.plays", 0, PLAYS_PER_TURN),
        turn=_int(data.get("turn", 1), f"{where}.turn", 1),
        start_turn=_bool(data.get("start_turn", False), f"{where}.start_turn"),
        rest=data.get("rest", "bottom"),
        hands=seat_cards("hands"),
        banks=seat_cards("banks"),
        tables=tuple(sorted(reader.seat_map(data.get("tables"), f"{where}.tables", reader.table).items())),
        draw=reader.cards(data.get("draw"), f"{where}.draw"),
        discard=reader.cards(data.get("discard"), f"{where}.discard"),
        jailed=tuple(reader.seat(s, f"{where}.jailed[{i}]") for i, s in enumerate(_list(data.get("jailed"), f"{where}.jailed"))),
    )
    return position


def read_position(data: Any, players: int, edition: str, rules: Rules, path: str) -> Position:
    """A ``position:`` as a scenario file writes it (docs/scenarios.md), checked; for files that start
    from a position without being scenarios (lessons). :class:`ScenarioError` names ``path`` and the field."""
    try:
        position = _read_position(data, _Reader(players, edition), rules)
        position.game(players, edition, rules)        # the engine's checks: the one place a position is judged
    except _Bad as bad:
        raise ScenarioError(path, bad.where, bad.message) from None
    except PositionError as error:
        raise ScenarioError(path, position_field(position, error.where), error.problem) from None
    return position


def position_field(position: Position, where: Where) -> str:
    """The field of a file's ``position:`` that the engine's ``where`` (:class:`PositionError`) names."""
    part, *rest = where
    if part in ("hands", "banks") and len(rest) == 2:
        return f"position.{part}.P{int(rest[0]) + 1}[{rest[1]}]"
    if part in ("draw", "discard") and rest:
        return f"position.{part}[{rest[0]}]"
    if part == "groups" and len(rest) >= 3:
        seat, colour_key, n, *inside = rest
        groups = dict(position.tables).get(int(seat), {}).get(GROUP_KEYS.index(str(colour_key)), ()) \
            if colour_key in GROUP_KEYS else ()
        at = f"position.tables.P{int(seat) + 1}.{colour_key}" + (f"[{n}]" if len(groups) > 1 else "")
        place = groups[int(n)].place(inside[0]) if inside and int(n) < len(groups) else None
        return at if place is None else f"{at}[{place}]"
    return "position.tables" if part == "groups" else f"position.{part}"
