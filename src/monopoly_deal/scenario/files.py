"""Scenario files: one read in full and checked (:func:`loads`, :func:`load`), and played
(:meth:`Scenario.run`); files and folders run and reported (:func:`main`)."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import Game, Rules
from ..engine.cards import EDITIONS
from ..engine.game import MAX_PLAYERS
from ..engine.position import PositionError
from .position import Position, _read_position, _Reader, position_field
from .steps import _RUNNERS, Step, _read_steps
from .values import ScenarioError, _Bad, _int, _kind, _list, _mapping, _parse_yaml, _suggest, _text, _unknown_keys

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
TOP_KEYS = ("title", "rules", "faq", "players", "edition", "options", "seed", "position", "steps")


@dataclass(frozen=True)
class Result:
    """The outcome of one scenario file; ``reason`` says why it failed."""

    path: str
    passed: bool
    reason: str = ""

    def line(self) -> str:
        """``PASS path`` or ``FAIL path: reason``, as ``mdeal scenario`` prints it."""
        return f"PASS {self.path}" if self.passed else f"FAIL {self.path}: {self.reason}"


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
