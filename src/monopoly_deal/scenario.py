"""Scenario files: a position, actions in notation, and what must happen.

The format is specified in ``docs/scenarios.md``. A file is read in full and
checked before anything runs (:func:`load`), so a mistake in it is reported as
``FILE: FIELD: what is wrong`` and never half-applied. Running it
(:meth:`Scenario.run`) sets up the position with :meth:`Game.from_position`,
takes its steps in order and stops at the first one that fails::

    >>> scenario = loads('''
    ... title: banking a money card is a play
    ... rules: [R4.1]
    ... players: 2
    ... position:
    ...   hands: {P1: [5M]}
    ... steps:
    ...   - do: bank 5M
    ...   - expect: {banks: {P1: [5M]}, plays_left: 2}
    ... ''', "inline.yaml")
    >>> scenario.run()
    Result(path='inline.yaml', passed=True, reason='')

``mdeal scenario PATH...`` runs files and folders (:func:`main`).
"""

from __future__ import annotations

import difflib
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import yaml

from .engine import DECISIONS, Game, IllegalActionError, Rules, parse_action
from .engine.actions import Action
from .engine.cards import (
    COLOUR_KEYS,
    EDITIONS,
    NO_COLOUR_KEY,
    TYPE_BY_KEY,
    Kind,
)
from .engine.game import MAX_PLAYERS, PLAYS_PER_TURN
from .engine.position import PositionError, Where

#: Every rule id of docs/rules.md; a scenario may name only these.
RULE_IDS: frozenset[str] = frozenset(
    f"R{section}.{item}"
    for section, items in ((1, 5), (2, 3), (3, 8), (4, 3), (5, 9), (6, 9), (7, 3), (8, 8), (9, 2), (10, 6))
    for item in range(1, items + 1)
)
#: Every FAQ item of the seeds: S0's Q2–Q34 and S1's 14 questions, in order.
FAQ_IDS: frozenset[str] = frozenset(
    [f"S0-Q{n}" for n in range(2, 35)] + [f"S1-FAQ-{n}" for n in range(1, 15)]
)
STEP_KINDS = ("do", "illegal", "legal", "legal_includes", "legal_excludes", "expect")
TOP_KEYS = ("title", "rules", "faq", "players", "edition", "options", "seed", "position", "steps")
POSITION_KEYS = ("active", "plays", "turn", "start_turn", "rest", "hands", "banks", "tables", "draw", "discard", "jailed")
RESULTS = ("sets", "turn-limit", "none")
_CHARGES = ("birthday", "debt-collector")  # with the rent cards: the actions that ask for money
#: Where a table lists groups: the ten colours, then ``none`` for rainbow wilds that lie alone (R6.3).
GROUP_KEYS = COLOUR_KEYS + (NO_COLOUR_KEY,)


class ScenarioError(ValueError):
    """A scenario file that cannot be used: ``str()`` is ``FILE: FIELD: message``."""

    def __init__(self, path: str, where: str, message: str) -> None:
        self.path, self.where, self.message = path, where, message
        super().__init__(f"{path}: {self.reason}")

    @property
    def reason(self) -> str:
        """The error without the file name: ``FIELD: message``."""
        return f"{self.where}: {self.message}" if self.where else self.message


class _Bad(Exception):
    """Raised while reading a file: ``where`` names the field; :func:`loads` adds the file name."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(message)
        self.where, self.message = where, message


@dataclass(frozen=True)
class Result:
    """The outcome of one scenario file; ``reason`` says why it failed."""

    path: str
    passed: bool
    reason: str = ""

    def line(self) -> str:
        """``PASS path`` or ``FAIL path: reason``, as ``mdeal scenario`` prints it."""
        return f"PASS {self.path}" if self.passed else f"FAIL {self.path}: {self.reason}"


# --- YAML: 1.2 booleans, and no silent duplicate keys ------------------------

class _Loader(yaml.SafeLoader):
    """A safe loader where only ``true``/``false`` are booleans (YAML 1.1 also
    reads ``no``, ``yes``, ``on``, ``off`` as booleans, and ``no`` is the Just Say
    No answer) and a key given twice in one mapping is an error."""

    yaml_implicit_resolvers: ClassVar[dict[Any, list[tuple[str, re.Pattern[str]]]]] = {
        first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:bool"]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            try:
                duplicate = key in seen
                seen.add(key)
            except TypeError:  # an unhashable key: the base class reports it
                continue
            if duplicate:
                raise yaml.constructor.ConstructorError(
                    "while reading a mapping", node.start_mark, f"the key {key!r} is given twice", key_node.start_mark)
        return super().construct_mapping(node, deep)


_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))


def _parse_yaml(text: str) -> Any:
    try:
        return yaml.load(text, Loader=_Loader)  # _Loader is a SafeLoader: plain data only
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise _Bad(where, f"not valid YAML: {error.problem or error.context}") from None
    except yaml.YAMLError as error:
        raise _Bad("", f"not valid YAML: {error}") from None


# --- the scenario, as data -----------------------------------------------------

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


Mismatch = tuple[str, str]  # (label such as "expect.hands.P2", "expected ..., got ...")
Check = Callable[[Game], list[Mismatch]]


@dataclass(frozen=True)
class Step:
    """One step: ``kind`` is a key of the step table; ``actions`` its notation, or ``checks`` for ``expect``."""

    number: int
    kind: str
    actions: tuple[str, ...] = ()
    checks: tuple[Check, ...] = ()


@dataclass(frozen=True)
class Scenario:
    """A scenario file, read and checked; :meth:`run` plays it."""

    path: str
    title: str
    rule_ids: tuple[str, ...]
    faq: tuple[str, ...]
    players: int
    edition: str
    options: Rules
    seed: int
    position: Position | None
    steps: tuple[Step, ...]

    def setup(self) -> Game:
        """The game at the start of the scenario: the position, or a fresh deal when there is none."""
        if self.position is None:
            return Game(self.players, self.edition, self.options, seed=self.seed)
        return self.position.game(self.players, self.edition, self.options, seed=self.seed)

    def run(self) -> Result:
        """Play every step; the first that fails gives the reason."""
        game = self.setup()
        for step in self.steps:
            failure = _RUNNERS[step.kind](step, game)
            if failure:
                return Result(self.path, False, failure)
        return Result(self.path, True)


# --- reading values, each error naming its field ------------------------------

def _type_order(key: str) -> int:
    return TYPE_BY_KEY[key].index


def _show(value: Any) -> str:
    """A value as a file would write it: ``[1M, red/yellow]``."""
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    return str(value)


def _suggest(word: str, options: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(options), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


def _mapping(value: Any, where: str) -> dict[Any, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise _Bad(where, f"expected a mapping (key: value), got {_kind(value)}")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise _Bad(where, f"expected a list like [a, b], got {_kind(value)}")
    return value


def _kind(value: Any) -> str:
    return f"{type(value).__name__} {value!r}" if not isinstance(value, (dict, list)) else type(value).__name__


def _int(value: Any, where: str, low: int = 0, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _Bad(where, f"expected a whole number, got {_kind(value)}")
    if value < low or (high is not None and value > high):
        raise _Bad(where, f"must be {low} or more, not {value}" if high is None else f"must be {low} to {high}, not {value}")
    return value


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise _Bad(where, f"expected true or false, got {_kind(value)}")
    return value


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _Bad(where, f"expected text, got {_kind(value)}")
    return value


def _unknown_keys(data: dict[Any, Any], known: Sequence[str], where: str) -> None:
    for key in data:
        if key not in known:
            at = f"{where}.{key}" if where else str(key)
            raise _Bad(at, f"unknown key {key!r}{_suggest(str(key), known)}; known keys: {', '.join(known)}")


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


# --- expectations ------------------------------------------------------------------

def _equal(label: str, expected: Any, actual: Callable[[Game], Any], show: Callable[[Any], str] = _show) -> Check:
    def check(game: Game) -> list[Mismatch]:
        got = actual(game)
        return [] if got == expected else [(label, f"expected {show(expected)}, got {show(got)}")]
    return check


def _multiset(label: str, expected: tuple[str, ...], actual: Callable[[Game], list[str]]) -> Check:
    """Cards in any order; the message says which are missing and which are extra."""
    want = tuple(sorted(expected, key=_type_order))

    def check(game: Game) -> list[Mismatch]:
        got = tuple(sorted(actual(game), key=_type_order))
        if got == want:
            return []
        missing = sorted((Counter(want) - Counter(got)).elements(), key=_type_order)
        extra = sorted((Counter(got) - Counter(want)).elements(), key=_type_order)
        return [(label, f"expected {_show(want)}, got {_show(got)} ({_differences(_show(missing), _show(extra))})")]
    return check


def _differences(missing: str, extra: str) -> str:
    """``missing [a]; unexpected [b]``, leaving out an empty part."""
    notes = []
    if missing != "[]":
        notes.append(f"missing {missing}")
    if extra != "[]":
        notes.append(f"unexpected {extra}")
    return "; ".join(notes)


def _actual_table(game: Game, seat: int) -> Table:
    key = game.card_key
    table: Table = {}
    for colour, groups in enumerate(game.groups[seat]):
        if groups:
            table[colour] = tuple(
                GroupSpec(tuple(key(c) for c in g.cards), key(g.house) if g.house >= 0 else None,
                          key(g.hotel) if g.hotel >= 0 else None).normal()
                for g in groups)
    return table


def _show_groups(groups: tuple[GroupSpec, ...] | None, colour: int) -> str:
    if not groups:
        return f"no {GROUP_KEYS[colour]} group"
    if len(groups) == 1:
        return groups[0].show()
    return "[" + ", ".join(g.show() for g in groups) + "]"


def _table_check(label: str, seat: int, expected: Table) -> Check:
    """The whole table of ``seat``: per colour, its groups in order, cards as multisets, buildings."""
    want = {colour: tuple(g.normal() for g in groups) for colour, groups in expected.items()}

    def check(game: Game) -> list[Mismatch]:
        got = _actual_table(game, seat)
        return [(f"{label}.{GROUP_KEYS[c]}", f"expected {_show_groups(want.get(c), c)}, got {_show_groups(got.get(c), c)}")
                for c in range(len(GROUP_KEYS)) if want.get(c) != got.get(c)]
    return check


def _seat_name(seat: int) -> str:
    return f"P{seat + 1}" if seat >= 0 else "none"


def _owed(game: Game) -> int:
    return game.p_owed if DECISIONS[game.decision] == "pay" else 0


def _amount(game: Game) -> int:
    charging = game.a_verb in _CHARGES or game.a_verb.startswith("rent:")
    return game.a_amount if charging else 0


def _draw_keys(game: Game) -> list[str]:
    """The draw pile, top first."""
    return [game.card_key(c) for c in reversed(game.draw)]


def _per_seat(read: Callable[[Any, str], Any],
              make: Callable[[str, int, Any], Check]) -> Callable[[_Reader, Any, str], list[Check]]:
    """An expect key that maps seats to values: one check per seat named."""
    def parse(reader: _Reader, value: Any, where: str) -> list[Check]:
        return [make(f"{where}.P{seat + 1}", seat, v) for seat, v in reader.seat_map(value, where, read).items()]
    return parse


def _single(read: Callable[[_Reader, Any, str], Any], actual: Callable[[Game], Any],
            show: Callable[[Any], str] = _show) -> Callable[[_Reader, Any, str], list[Check]]:
    def parse(reader: _Reader, value: Any, where: str) -> list[Check]:
        return [_equal(where, read(reader, value, where), actual, show)]
    return parse


def _count(reader: _Reader, value: Any, where: str) -> int:
    return _int(value, where)


def _choice(options: Sequence[str]) -> Callable[[_Reader, Any, str], str]:
    def read(reader: _Reader, value: Any, where: str) -> str:
        if value is None and "none" in options:
            return "none"
        if value not in options:
            raise _Bad(where, f"must be one of {', '.join(options)}, not {value!r}")
        return value
    return read


def _seat_or_none(reader: _Reader, value: Any, where: str) -> int:
    return -1 if value in (None, "none") else reader.seat(value, where)


def _parse_hands_like(part: str) -> Callable[[_Reader, Any, str], list[Check]]:
    """``hands`` or ``banks``: per seat, the cards in any order."""
    def cards_of(seat: int) -> Callable[[Game], list[str]]:
        return lambda game: [game.card_key(c) for c in getattr(game, part)[seat]]

    def parse(reader: _Reader, value: Any, where: str) -> list[Check]:
        cards = reader.seat_map(value, where, reader.cards)
        return [_multiset(f"{where}.P{seat + 1}", want, cards_of(seat)) for seat, want in cards.items()]
    return parse


def _parse_tables(reader: _Reader, value: Any, where: str) -> list[Check]:
    tables = reader.seat_map(value, where, reader.table)
    return [_table_check(f"{where}.P{seat + 1}", seat, table) for seat, table in tables.items()]


def _parse_pile(actual: Callable[[Game], list[str]], whole: bool) -> Callable[[_Reader, Any, str], list[Check]]:
    """The whole pile (``discard``), or as many cards as are listed from one end (``draw_top``, ``draw_bottom``)."""
    def parse(reader: _Reader, value: Any, where: str) -> list[Check]:
        want = list(reader.cards(value, where))
        if whole:
            return [_equal(where, want, actual)]
        return [_equal(where, want, lambda game: actual(game)[:len(want)])]
    return parse


def _parse_jailed(reader: _Reader, value: Any, where: str) -> list[Check]:
    seats = sorted({reader.seat(s, f"{where}[{i}]") for i, s in enumerate(_list(value, where))})
    return [_equal(where, seats, lambda game: [p for p in range(game.players) if game.jailed[p]],
                   lambda seats: _show([_seat_name(p) for p in seats]))]


def _seat_number(actual: Callable[[Game, int], int]) -> Callable[[_Reader, Any, str], list[Check]]:
    return _per_seat(_int, lambda label, seat, want: _equal(label, want, lambda game: actual(game, seat)))


#: ``expect`` keys: each reads its value from the file into checks of the game.
_EXPECT: dict[str, Callable[[_Reader, Any, str], list[Check]]] = {
    "decision": _single(_choice(DECISIONS), lambda game: DECISIONS[game.decision]),
    "player": _single(_seat_or_none, lambda game: game.decider, _seat_name),
    "active": _single(lambda r, v, w: r.seat(v, w), lambda game: game.active, _seat_name),
    "turn": _single(_count, lambda game: game.turn),
    "plays_left": _single(_count, lambda game: PLAYS_PER_TURN - game.plays),
    "hands": _parse_hands_like("hands"),
    "banks": _parse_hands_like("banks"),
    "hand_sizes": _seat_number(lambda game, seat: len(game.hands[seat])),
    "tables": _parse_tables,
    "bank_value": _seat_number(lambda game, seat: sum(game.value(c) for c in game.banks[seat])),
    "table_value": _seat_number(lambda game, seat: game.table_value(seat)),
    "complete_sets": _seat_number(lambda game, seat: game.complete_colours(seat)),
    "draw_top": _parse_pile(_draw_keys, whole=False),
    "draw_bottom": _parse_pile(lambda game: [game.card_key(c) for c in game.draw], whole=False),
    "draw_size": _single(_count, lambda game: len(game.draw)),
    "discard": _parse_pile(lambda game: [game.card_key(c) for c in game.discard], whole=True),
    "discard_size": _single(_count, lambda game: len(game.discard)),
    "owed": _single(_count, _owed),
    "amount": _single(_count, _amount),
    "noes": _single(_count, lambda game: game.c_noes if game.a_verb else 0),
    "winner": _single(_seat_or_none, lambda game: game.winner, _seat_name),
    "result": _single(_choice(RESULTS), lambda game: game.result or "none"),
    "jailed": _parse_jailed,
}


def _read_expect(reader: _Reader, value: Any, label: str) -> tuple[Check, ...]:
    data = _mapping(value, label)
    if not data:
        raise _Bad(label, "expects nothing: give at least one key")
    _unknown_keys(data, tuple(_EXPECT), label)
    return tuple(check for key, item in data.items() for check in _EXPECT[key](reader, item, f"{label}.{key}"))


# --- steps ---------------------------------------------------------------------------

def _read_actions(value: Any, kind: str) -> tuple[str, ...]:
    """An action or a list of them; each must be notation the engine can read
    (a typo refused as illegal would let an ``illegal:`` step pass for the wrong reason)."""
    items = value if isinstance(value, list) else [value]
    if not items and kind in ("do", "illegal"):
        raise _Bad(kind, "an empty list does nothing; name at least one action")
    for i, item in enumerate(items):
        at = f"{kind}[{i}]" if isinstance(value, list) else kind
        if not isinstance(item, str):
            raise _Bad(at, f"expected an action in notation, such as 'bank 5M', got {_kind(item)}")
        try:
            parse_action(item)
        except IllegalActionError as error:
            raise _Bad(at, str(error)) from None
    return tuple(items)


def _read_steps(value: Any, reader: _Reader) -> tuple[Step, ...]:
    items = _list(value, "steps")
    if not items:
        raise _Bad("steps", "no steps: a scenario does or checks at least one thing")
    steps = []
    for n, item in enumerate(items, 1):
        label = f"step {n}"
        if not isinstance(item, dict) or len(item) != 1:
            got = list(item) if isinstance(item, dict) else _kind(item)
            raise _Bad(label, f"a step is a mapping with one key ({', '.join(STEP_KINDS)}), got {got}")
        (kind, value), = item.items()
        if kind not in STEP_KINDS:
            raise _Bad(label, f"unknown step {kind!r}{_suggest(str(kind), STEP_KINDS)}; steps are {', '.join(STEP_KINDS)}")
        try:
            if kind == "expect":
                steps.append(Step(n, kind, checks=_read_expect(reader, value, kind)))
            else:
                steps.append(Step(n, kind, actions=_read_actions(value, kind)))
        except _Bad as bad:
            raise _Bad(f"{label} ({bad.where})", bad.message) from None
    return tuple(steps)


def _label(step: Step, i: int, action: str) -> str:
    """``step 3 (do 'bank 5M')`` or, in a list, ``step 3 (do[1] 'pay 1M')``."""
    index = f"[{i}]" if len(step.actions) > 1 else ""
    return f"step {step.number} ({step.kind}{index} {action!r})"


def _run_do(step: Step, game: Game) -> str:
    """Apply each action; after each, every card must still be accounted for."""
    for i, action in enumerate(step.actions):
        try:
            game.apply(action)
            game.check_invariants()
        except IllegalActionError as error:
            return f"{_label(step, i, action)}: refused: {error}"
        except AssertionError as error:
            return f"{_label(step, i, action)}: the engine broke an invariant: {error}"
        except Exception as error:  # noqa: BLE001 - an engine crash fails this scenario, not the whole run
            return f"{_label(step, i, action)}: the engine raised {type(error).__name__}: {error}"
    return ""


def _snapshot(game: Game) -> dict[str, Any]:
    """Everything an illegal action must leave alone, part by part."""
    key = game.card_key
    parts: dict[str, Any] = {f"what P{p + 1} sees": game.view(p) for p in range(game.players)}
    parts["the draw pile"] = [key(c) for c in game.draw]
    parts["the discard pile"] = [key(c) for c in game.discard]
    parts["the history"] = len(game.history)
    return parts


def _run_illegal(step: Step, game: Game) -> str:
    for i, action in enumerate(step.actions):
        before = _snapshot(game)
        try:
            game.apply(action)
        except IllegalActionError:
            after = _snapshot(game)
            changed = [part for part in before if before[part] != after[part]]
            if changed:
                return f"{_label(step, i, action)}: refused, but it changed {', '.join(changed)}"
            continue
        except Exception as error:  # noqa: BLE001 - as in _run_do
            return f"{_label(step, i, action)}: the engine raised {type(error).__name__}: {error}"
        return f"{_label(step, i, action)}: was accepted, but must be refused"
    return ""


def _show_actions(actions: Iterable[Action]) -> str:
    return "[" + ", ".join(sorted(str(a) for a in actions)) + "]"


def _run_legal(step: Step, game: Game) -> str:
    want = {parse_action(a) for a in step.actions}
    got = set(game.legal_actions())
    where = f"step {step.number} ({step.kind})"
    if step.kind == "legal" and want != got:
        notes = _differences(_show_actions(want - got), _show_actions(got - want))
        return f"{where}: expected exactly {_show_actions(want)}, got {_show_actions(got)} ({notes})"
    if step.kind == "legal_includes" and want - got:
        return f"{where}: not legal now: {_show_actions(want - got)}; legal: {_show_actions(got)}"
    if step.kind == "legal_excludes" and want & got:
        return f"{where}: legal now, but must not be: {_show_actions(want & got)}"
    return ""


def _run_expect(step: Step, game: Game) -> str:
    mismatches = [m for check in step.checks for m in check(game)]
    return "; ".join(f"step {step.number} ({label}): {text}" for label, text in mismatches)


_RUNNERS: dict[str, Callable[[Step, Game], str]] = {
    "do": _run_do, "illegal": _run_illegal, "legal": _run_legal,
    "legal_includes": _run_legal, "legal_excludes": _run_legal, "expect": _run_expect,
}


# --- loading files -------------------------------------------------------------------

def _read_ids(value: Any, where: str, known: frozenset[str], what: str, required: bool) -> tuple[str, ...]:
    items = _list(value, where)
    if required and not items:
        raise _Bad(where, f"name at least one {what}, e.g. [R5.7]")
    for i, item in enumerate(items):
        if item not in known:
            raise _Bad(f"{where}[{i}]", f"{item!r} is not a {what}{_suggest(str(item), known)}")
    return tuple(items)


def _read_scenario(data: Any, path: str) -> Scenario:
    if not isinstance(data, dict):
        raise _Bad("", f"a scenario file is a mapping with keys {', '.join(TOP_KEYS)}; got {_kind(data)}")
    _unknown_keys(data, TOP_KEYS, "")
    for key in ("title", "rules", "players", "steps"):
        if key not in data:
            raise _Bad(key, "missing: every scenario gives title, rules, players and steps")
    players = _int(data["players"], "players", 2, MAX_PLAYERS)
    edition = data.get("edition", "base")
    if edition not in EDITIONS:
        raise _Bad("edition", f"must be one of {', '.join(EDITIONS)}, not {edition!r}")
    try:
        rules = Rules.from_dict(_mapping(data.get("options"), "options"))
    except (TypeError, ValueError) as error:
        raise _Bad("options", str(error)) from None
    if isinstance(rules.start, int) and rules.start >= players:
        raise _Bad("options.start", f"seat {rules.start} (0-based) is beyond the {players} players")
    reader = _Reader(players, edition)
    position = None if "position" not in data else _read_position(data["position"], reader, rules)
    return Scenario(
        path=path,
        title=_text(data["title"], "title"),
        rule_ids=_read_ids(data["rules"], "rules", RULE_IDS, "rule id of docs/rules.md", True),
        faq=_read_ids(data.get("faq"), "faq", FAQ_IDS, "FAQ item (S0-Q2..S0-Q34, S1-FAQ-1..S1-FAQ-14)", False),
        players=players,
        edition=edition,
        options=rules,
        seed=_int(data.get("seed", 0), "seed"),
        position=position,
        steps=_read_steps(data["steps"], reader),
    )


def loads(text: str, path: str = "<scenario>") -> Scenario:
    """Read a scenario from YAML text; :class:`ScenarioError` names ``path`` and the field."""
    try:
        scenario = _read_scenario(_parse_yaml(text), path)
        scenario.setup()  # the engine's own checks, so a loaded scenario always sets up
    except _Bad as bad:
        raise ScenarioError(path, bad.where, bad.message) from None
    except PositionError as error:
        assert scenario.position is not None     # only a position is refused
        raise ScenarioError(path, position_field(scenario.position, error.where), error.problem) from None
    except ValueError as error:
        raise ScenarioError(path, "position", str(error)) from None
    return scenario


def load(path: str | Path) -> Scenario:
    """Read a scenario file; :class:`ScenarioError` names the file and the field."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ScenarioError(str(path), "", f"cannot read the file: {error}") from None
    return loads(text, str(path))


def run_file(path: str | Path) -> Result:
    """Load and run one file; a file that cannot be loaded fails with the error."""
    try:
        scenario = load(path)
    except ScenarioError as error:
        return Result(str(path), False, error.reason)
    return scenario.run()


def collect(paths: Iterable[str | Path]) -> list[Path]:
    """The files named, and every ``*.yaml``/``*.yml`` below the folders named, each folder sorted."""
    files: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            files += sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())
        elif path.exists():
            files.append(path)
        else:
            raise FileNotFoundError(f"no such file or folder: {path}")
    return files


def run_paths(paths: Iterable[str | Path]) -> list[Result]:
    """Run every scenario file in ``paths`` (files and folders, see :func:`collect`)."""
    return [run_file(path) for path in collect(paths)]


USAGE = "usage: mdeal scenario PATH [PATH ...]"


def main(argv: Sequence[str]) -> int:
    """Run the scenario files and folders in ``argv``; print one line each, then the totals.

    Returns 0 when every file passes, 1 when any fails, 2 for bad arguments.
    """
    if not argv:
        print(f"{USAGE}\nmdeal scenario: error: name at least one scenario file or folder", file=sys.stderr)
        return 2
    try:
        files = collect(argv)
    except FileNotFoundError as error:
        print(f"{USAGE}\nmdeal scenario: error: {error}", file=sys.stderr)
        return 2
    if not files:
        print(f"{USAGE}\nmdeal scenario: error: no *.yaml scenario files in {', '.join(argv)}", file=sys.stderr)
        return 2
    results = [run_file(path) for path in files]
    for result in results:
        print(result.line())
    failed = sum(not r.passed for r in results)
    print(f"{len(results) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
