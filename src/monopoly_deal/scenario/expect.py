"""The ``expect:`` step: each key read from the file into checks of the game, each mismatch worded."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ..engine import DECISIONS, Game
from ..engine.game import PLAYS_PER_TURN
from .position import GROUP_KEYS, GroupSpec, Table, _Reader
from .values import _Bad, _int, _list, _mapping, _show, _type_order, _unknown_keys

RESULTS = ("sets", "turn-limit", "none")
_CHARGES = ("birthday", "debt-collector")  # with the rent cards: the actions that ask for money

Mismatch = tuple[str, str]  # (label such as "expect.hands.P2", "expected ..., got ...")
Check = Callable[[Game], list[Mismatch]]


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
    return game.payment.owed if DECISIONS[game.decision] == "pay" else 0


def _amount(game: Game) -> int:
    verb = game.attack.verb
    charging = verb in _CHARGES or verb.startswith("rent:")
    return game.attack.amount if charging else 0


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
    "noes": _single(_count, lambda game: game.chain.noes if game.attack.verb else 0),
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
