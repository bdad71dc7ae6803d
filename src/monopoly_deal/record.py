"""Game records: save a game as JSON, load one back, and replay it.

A record is everything needed to play a game again exactly: the edition, the
rule options, the seed, the players' names and every action in notation. The
result is stored too, so a replay can check it ends where the game did.

>>> from monopoly_deal import Game
>>> game = Game(players=2, seed=5)
>>> game.apply("end")
>>> record = loads(dumps(game))
>>> record.actions
['end']
>>> replay(record).record() == game.record()
True

Version 4 (this program's) asks every target of an action card, so its records
hold an ``accept`` for each target, and asks a Speeding Deal target for its
discard even when its hand holds one card type; a Pass Go goes to the discard
pile after its draw, and a player who has played the last card of their hand
re-arranges no more that turn. Older records replay as they were played
(:func:`rules_for`, :meth:`Record.start`): in version 3 the Pass Go was
discarded before its draw (a reshuffle could deal it back) and re-arranging
went on after the last card, 50 times a turn at most; in version 2 also a
Speeding Deal target whose hand held one card type lost a card at random
without being asked; in version 1 too, and a target who could not answer
accepted at once, and free re-arranging had no per-turn limit.

Every error is a :class:`RecordError` that names the source (a file name),
then the field or the action at fault::

    game.json: field 'rules': unknown rule option(s) foo; known: ...
    game.json: actions[57] 'pay 5M': not legal now: P2 must decide (play); legal: ...
"""

from __future__ import annotations

import errno
import json
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .engine import Game, IllegalActionError, Rules, parse_action
from .engine.cards import EDITIONS
from .engine.game import MAX_PLAYERS, RECORD_FORMAT, RECORD_VERSION, record_dict
from .engine.refusal import Refusal
from .engine.versions import Version1Game, Version2Game, Version3Game
from .narrate import printable

#: The largest record read (bytes): a game that long has tens of thousands of actions; a bigger file is not a record.
MAX_RECORD_BYTES = 32 * 1024 * 1024

FIELDS = ("format", "version", "edition", "rules", "seed", "players", "actions", "result")
#: The class that plays each record version (:attr:`Game.record_version`), oldest first.
GAMES: dict[int, type[Game]] = {cls.record_version: cls for cls in (Version1Game, Version2Game, Version3Game, Game)}
VERSIONS = tuple(GAMES)
REASONS = ("sets", "turn-limit")


class FileError(Refusal):
    """A file that cannot be read as what it should be: its words are ``<kind>-error.<code>`` (``kind``, the
    class's, is ``record`` or ``tournament``; codes: ``unreadable``, ``too-large``, ``not-json``, ``not-this``,
    ``invalid`` naming a ``field``, ``action``), with the file as ``path``."""

    kind = "file"

    def __init__(self, english: str, code: str = "invalid", **params: Any) -> None:
        super().__init__(f"{self.kind}-error.{code}", english, **params)


class RecordError(FileError):
    """A record that cannot be read or does not replay; the message names the file and the field or action."""

    kind = "record"


@dataclass(frozen=True)
class Result:
    """How a game stands: ``winner`` is a 0-based seat or ``None``; ``reason`` is
    ``"sets"``, ``"turn-limit"`` or ``None`` (not over); ``turns`` is the turn number reached."""

    winner: int | None
    reason: str | None
    turns: int

    @classmethod
    def of(cls, game: Game) -> Result:
        return cls(game.winner if game.winner >= 0 else None, game.result or None, game.turn)

    def describe(self, names: list[str]) -> str:
        if self.reason is None:
            return f"not over (turn {self.turns})"
        if self.winner is None:
            return f"no winner ({self.reason}, turn {self.turns})"
        return f"{names[self.winner]} wins ({self.reason}, turn {self.turns})"


@dataclass(frozen=True)
class Record:
    """A validated game record. ``source`` (a file name) is where it came from, for messages."""

    edition: str
    rules: Rules
    seed: int
    players: list[str]
    actions: list[str]
    result: Result
    source: str = field(default="<record>", compare=False)
    version: int = RECORD_VERSION

    def to_dict(self) -> dict[str, Any]:
        """The JSON form, as :meth:`Game.record` writes it."""
        r = self.result
        return record_dict(self.edition, self.rules, self.seed, self.players, self.actions, r.winner, r.reason,
                           r.turns, self.version)

    def start(self, log: bool = True) -> Game:
        """The recorded game at its start, played as its version was (see the module docstring)."""
        return start_game(self.version, self.edition, self.rules, self.seed, self.players, log)

    def printable(self) -> Record:
        r"""This record with names safe to show on a terminal (see :func:`~monopoly_deal.narrate.printable`):
        a record made elsewhere may name a player ``"\x1b[2J"``.

        >>> Record("base", Rules(), 1, ["Ann", "\x1b[2J"], [], Result(None, None, 1)).printable().players
        ['Ann', '\\x1b[2J']
        """
        from .narrate import printable

        return replace(self, players=[printable(name) for name in self.players])


#: Every rule option's value when a record of each version leaves it out: the defaults of the releases that
#: wrote that version, kept here as they were so that a later change of a default (``Rules()``) never changes
#: how an old record or stored game replays. Version 1 was played with no limit on free re-arranging; version 3
#: changed no default; version 4 lifted the limit (S1 FAQ) and stopped re-arranging after the hand's last card
#: (S1-19), which versions 1 to 3 allowed. A new option is added to each version with the value that plays as
#: that version did (tests/test_record.py).
PLAYED_UNDER: dict[int, dict[str, Any]] = {
    2: {"values": "printed", "single_double_rent": False, "putback": "bottom", "complete_needs_single": False,
        "received_buildings_to_bank": False, "bank_first": False, "house_to_win": False,
        "speeding_discard": "chooser", "start": "random", "decks": 0, "max_turns": 1000, "max_rearrangements": 50,
        "rearrange_after_empty_hand": True, "sets_to_win": 0},
}
PLAYED_UNDER[1] = {**PLAYED_UNDER[2], "max_rearrangements": 0}
PLAYED_UNDER[3] = PLAYED_UNDER[2]
PLAYED_UNDER[4] = {**PLAYED_UNDER[2], "max_rearrangements": 0, "rearrange_after_empty_hand": False}


def rules_for(version: int, data: dict[str, Any]) -> Rules:
    """The rule options of a record (or stored game) of ``version``: those it names, and for any it leaves
    out, the value its version was played with (:data:`PLAYED_UNDER`), whatever today's default."""
    if isinstance(data, dict):
        data = {**PLAYED_UNDER.get(version, {}), **data}
    return Rules.from_dict(data)


def start_game(version: int, edition: str, rules: Rules, seed: int, players: list[str], log: bool = True) -> Game:
    """A game of ``version`` at its start, of the class that plays it (:data:`GAMES`): version 1 asked
    only the targets who could answer, and merged a colour's unfilled groups when a card left one;
    versions 1 and 2 did not ask a Speeding Deal target whose hand held one card type; versions 1 to 3
    discarded a Pass Go before its draw.

    >>> type(start_game(3, "base", Rules(), 5, ["Ann", "Bo"])).__name__
    'Version3Game'
    """
    return GAMES[version](len(players), edition, rules, seed, players, log)


# --- writing ------------------------------------------------------------------

def dumps(game: Game) -> str:
    """The record of ``game`` as JSON text (one action per line)."""
    return json.dumps(game.record(), indent=2, ensure_ascii=False) + "\n"


def save(game: Game, path: str | Path) -> None:
    """Write the record of ``game`` to ``path``, whole or not at all: a crash while writing
    leaves the previous record in place (it is written beside it, then moved over it)."""
    path = Path(path)
    part = path.with_name(path.name + ".part")
    part.write_text(dumps(game), encoding="utf-8")
    os.replace(part, path)


# --- reading and checking -------------------------------------------------------

def load(path: str | Path) -> Record:
    """Read and check the record in ``path``; errors name the file."""
    return loads(read_text(path, MAX_RECORD_BYTES, "a game record", RecordError), str(path))


def read_text(path: str | Path, limit: int, what: str, error: type[FileError]) -> str:
    """The UTF-8 text of ``path``, read no further than ``limit`` bytes; else ``error`` naming the file
    (what it should have been, e.g. "a game record", and why it cannot be read)."""
    try:
        with open(path, "rb") as file:
            data = file.read(limit + 1)
        if len(data) > limit:
            raise error(f"{path}: too large for {what} (over {limit // 2**20} MiB)", "too-large", path=str(path),
                        most=limit // 2**20)
        return data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as problem:
        raise error(f"{path}: cannot read the file: {_reason(problem)}", "unreadable", path=str(path),
                    reason=os_refusal(problem)) from None


def loads(text: str, source: str = "<record>") -> Record:
    """Check every field of a record in JSON text; raises :class:`RecordError` naming ``source`` and the field."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"{source}: not valid JSON: {error}", "not-json", path=source) from None
    except (ValueError, RecursionError) as error:  # a number of thousands of digits; lists in lists in lists...
        raise RecordError(f"{source}: not a game record: {str(error).splitlines()[0]}", "not-this", path=source) from None
    return from_dict(data, source)


def from_dict(data: Any, source: str = "<record>") -> Record:
    """Check a parsed record (what ``json.load`` gives) field by field."""
    if not isinstance(data, dict):
        raise RecordError(f"{source}: a record is a JSON object, not {_json_type(data)}", "not-this", path=source)

    def fail(name: str, why: str) -> RecordError:
        return RecordError(f"{source}: field {name!r}: {printable(why)}", path=source, field=name)  # one line

    if data.get("format") != RECORD_FORMAT:  # first: is this a record at all?
        raise fail("format", f"expected {RECORD_FORMAT!r}, not {data.get('format', 'nothing')!r}")
    missing = [name for name in FIELDS if name not in data]
    if missing:
        raise fail(missing[0], "missing")
    unknown = sorted(set(data) - set(FIELDS))
    if unknown:
        raise fail(unknown[0], f"unknown field; a record has {', '.join(FIELDS)}")
    version = data["version"]
    if not _is_int(version) or version not in VERSIONS:
        raise fail("version", f"version {version!r} is not supported; this program reads versions "
                              f"{', '.join(map(str, VERSIONS))}")
    edition = data["edition"]
    if not isinstance(edition, str) or edition not in EDITIONS:
        raise fail("edition", f"unknown edition {edition!r}; choose one of {', '.join(EDITIONS)}")
    try:
        rules = rules_for(version, data["rules"])
    except (ValueError, TypeError) as error:
        raise fail("rules", str(error)) from None
    seed = data["seed"]
    if not _is_int(seed) or seed < 0:
        raise fail("seed", f"must be a non-negative integer, not {seed!r}")
    players = data["players"]
    if not isinstance(players, list) or not 2 <= len(players) <= MAX_PLAYERS:
        raise fail("players", f"must list 2 to {MAX_PLAYERS} player names, not {players!r}")
    for i, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            raise fail(f"players[{i}]", f"a player's name is non-empty text, not {name!r}")
    actions = data["actions"]
    if not isinstance(actions, list):
        raise fail("actions", f"must be a list of actions in notation, not {_json_type(actions)}")
    for i, text in enumerate(actions):
        try:
            parse_action(text)
        except IllegalActionError as error:
            raise RecordError(f"{source}: actions[{i}] {text!r}: {error}", "action", path=source, n=i + 1,
                              action=str(text)) from None
    result = _result(data["result"], len(players), fail)
    return Record(edition, rules, seed, list(players), list(actions), result, source, version)


def _result(data: Any, players: int, fail: Any) -> Result:
    if not isinstance(data, dict) or set(data) != {"winner", "reason", "turns"}:
        raise fail("result", f"must be an object with winner, reason and turns, not {data!r}")
    winner, reason, turns = data["winner"], data["reason"], data["turns"]
    if winner is not None and (not _is_int(winner) or not 0 <= winner < players):
        raise fail("result.winner", f"must be a seat from 0 to {players - 1} or null, not {winner!r}")
    if reason is not None and reason not in REASONS:
        raise fail("result.reason", f"must be one of {', '.join(REASONS)} or null, not {reason!r}")
    if (winner is not None) != (reason == "sets"):
        raise fail("result", "a winner goes with the reason 'sets', and only with it")
    if not _is_int(turns) or turns < 1:
        raise fail("result.turns", f"must be a turn number (1 or more), not {turns!r}")
    return Result(winner, reason, turns)


# --- replay -------------------------------------------------------------------

def replay(record: Record) -> Game:
    """Play ``record`` again from its seed; return the game only if every action
    is legal and the game ends as recorded. The caller's objects are never
    changed: a failed replay leaves nothing half-applied behind."""
    source = record.source
    try:
        game = record.start()
    except ValueError as error:  # e.g. a start seat beyond the players
        raise RecordError(f"{source}: field 'rules': {error}", path=source, field="rules") from None
    for i, text in enumerate(record.actions):
        try:
            game.apply(text)
        except IllegalActionError as error:
            raise RecordError(f"{source}: actions[{i}] {text!r}: {_without_subject(str(error), text)}", "action",
                              path=source, n=i + 1, action=text) from None
    got = Result.of(game)
    if got != record.result:
        raise RecordError(f"{source}: field 'result': the record says {record.result.describe(record.players)}, "
                          f"but the replay gives {got.describe(record.players)}", path=source, field="result")
    return game


def _without_subject(message: str, action: str) -> str:
    """'pay 5M is not legal now: …' -> 'not legal now: …': the action is already named."""
    prefix = f"{parse_action(action)} is "
    return message.removeprefix(prefix)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _json_type(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "text", bool: "true/false", int: "a number",
             float: "a number", type(None): "null"}
    return names.get(type(value), type(value).__name__)


#: The reasons a file cannot be read that people meet, by errno: their words are ``os-error.<name>``.
_OS_REASONS = {errno.ENOENT: "no-such-file", errno.EACCES: "no-permission", errno.EPERM: "no-permission",
               errno.EISDIR: "is-folder", errno.ENOSPC: "disk-full", errno.EROFS: "read-only",
               errno.EADDRINUSE: "address-in-use"}


def os_refusal(error: Exception) -> Refusal:
    """Why the system refused a file, as a refusal in words (another reason: the system's own text).

    >>> os_refusal(FileNotFoundError(2, "No such file or directory")).message_id
    'os-error.no-such-file'
    """
    code = _OS_REASONS.get(error.errno or 0) if isinstance(error, OSError) else None
    if isinstance(error, UnicodeDecodeError):
        code = "not-utf8"
    return Refusal(f"os-error.{code or 'other'}", _reason(error), reason=_reason(error))


def _reason(error: Exception) -> str:
    return error.strerror if isinstance(error, OSError) and error.strerror else str(error)
