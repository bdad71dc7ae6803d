"""Bots by name, with options: ``random``, ``heuristic``, ``ismcts:iters=2000``, ``ismcts:time=0.5``.

The bots of this package register here when it is imported; packages above it add theirs with
:func:`register` when they are imported (``monopoly_deal.rl``: ``policy`` and ``openspiel-ismcts``).
:data:`BOTS` imports those plug-ins (:mod:`monopoly_deal.bots.plugins`) the first time it is asked for a
bot it lacks or for the whole list, so every front end sees every bot while this package imports nothing
above it (docs/architecture.md).

>>> from monopoly_deal.bots.registry import make_bot, parse_spec
>>> parse_spec("random:seed=3")
('random', {'seed': '3'})
>>> make_bot("random", seed=1).name
'random'
"""

from __future__ import annotations

import math
import os
import re
import threading
from collections.abc import Callable, Iterator, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.refusal import Refusal
from . import plugins
from .base import Bot
from .heuristic import HeuristicBot
from .ismcts import IsmctsBot
from .random import RandomBot


class BotSpecError(Refusal):
    """An unknown bot, an unknown option or a value out of bounds: one line that names the bot and the option
    (its words: ``bot-error.<code>``)."""

    def __init__(self, code: str, english: str, **params: Any) -> None:
        super().__init__(f"bot-error.{code}", english, **params)


@dataclass(frozen=True)
class BotOption:
    """One option of a bot: what it means, its type and its bounds (inclusive).

    >>> BotOption("iterations per decision", int, 1, 20_000).parse("ismcts", "iters", "500")
    500
    >>> BotOption("seconds per decision", float, 0.01, 10).parse("ismcts", "time", "inf")
    Traceback (most recent call last):
    ...
    monopoly_deal.bots.registry.BotSpecError: bot 'ismcts': time must be a number from 0.01 to 10 (seconds per decision), not 'inf'
    """

    help: str
    kind: type[int | float]
    low: float
    high: float

    def parse(self, bot: str, name: str, text: str) -> int | float:
        """``text`` as this option's value, or a :class:`BotSpecError` naming the bot, the option and the bounds."""
        value: int | float | None = None
        if self.kind is int:
            value = int(text) if _WHOLE.fullmatch(text) else None
        else:
            try:
                value = float(text)
            except ValueError:
                value = None
        if value is None or not math.isfinite(value) or not self.low <= value <= self.high:
            what = "a whole number" if self.kind is int else "a number"
            raise BotSpecError("whole" if self.kind is int else "number",
                               f"bot {bot!r}: {name} must be {what} from {self.limits()} ({self.help}), not {text!r}",
                               bot=bot, option=name, low=self._bound(self.low), high=self._bound(self.high), help=self.help,
                               value=text)
        return value

    def limits(self) -> str:
        return f"{self._bound(self.low)} to {self._bound(self.high)}"

    def _bound(self, value: float) -> str:
        return f"{value:g}" if self.kind is float else str(int(value))

    def to_dict(self) -> dict[str, object]:
        """What the server's ``/api/bots`` says of it."""
        return {"help": self.help, "min": self.low, "max": self.high}


_WHOLE = re.compile(r"[+-]?[0-9]{1,30}")


@dataclass(frozen=True)
class FileOption:
    """An option naming a file on this machine: it must exist and be readable.

    >>> FileOption("a saved policy").parse("policy", "path", "/no/such/file.zip")
    Traceback (most recent call last):
    ...
    monopoly_deal.bots.registry.BotSpecError: bot 'policy': path must be a readable file (a saved policy); there is no file '/no/such/file.zip'
    """

    help: str

    def parse(self, bot: str, name: str, text: str) -> str:
        path = Path(text).expanduser()
        what = f"bot {bot!r}: {name} must be a readable file ({self.help});"
        if not text or not path.is_file():
            raise BotSpecError("no-file", f"{what} there is no file {text!r}", bot=bot, option=name, help=self.help,
                               path=text)
        if not os.access(path, os.R_OK):
            raise BotSpecError("unreadable", f"{what} {text!r} cannot be read", bot=bot, option=name, help=self.help,
                               path=text)
        return str(path)

    def limits(self) -> str:
        return "a readable file"

    def to_dict(self) -> dict[str, object]:
        return {"help": self.help, "file": True}

#: Every bot takes ``seed`` (its random generator's seed).
SEED = BotOption("its random generator's seed", int, 0, 2**63 - 1)


@dataclass(frozen=True)
class BotInfo:
    """A bot the project has: how to make one, and the options it takes (name -> :class:`BotOption`,
    or :class:`FileOption`). A bot that ``searches`` thinks for a while; it takes ``max_seconds``, a hard
    cap on one decision (the server's per-decision budget). A ``local`` bot reads files of the machine
    it runs on: the command line and the arena may use it, the server never offers it."""

    name: str
    summary: str
    make: Callable[..., Bot]
    options: dict[str, BotOption | FileOption]
    searches: bool = False
    local: bool = False


class BotRegistry(MutableMapping[str, BotInfo]):
    """The bots by name, in the order they were registered. A lookup that misses (``get``, ``in``, ``[]``)
    and any walk over the whole list (iterating, ``len``, ``values()``) first loads the plug-ins
    (:func:`plugins.load`, once per process): finding one of this package's own bots imports none of them."""

    def __init__(self) -> None:
        self._bots: dict[str, BotInfo] = {}
        self._complete = False
        self._loading = False
        self._lock = threading.RLock()  # re-entrant: a plug-in may look bots up while it registers its own

    def _all(self) -> dict[str, BotInfo]:
        if not self._complete:
            with self._lock:    # another thread waits for the whole list
                if not self._complete and not self._loading:
                    self._loading = True
                    try:
                        plugins.load()
                        self._complete = True
                    finally:
                        self._loading = False
        return self._bots

    def __getitem__(self, name: str) -> BotInfo:
        info = self._bots.get(name)
        return info if info is not None else self._all()[name]

    def __setitem__(self, name: str, info: BotInfo) -> None:
        self._bots[name] = info

    def __delitem__(self, name: str) -> None:
        del self._bots[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __repr__(self) -> str:
        return f"BotRegistry({list(self)!r})"


BOTS = BotRegistry()

#: Bots that need an optional extra, and the line that says how to get it when it is missing (a plug-in
#: says so with :func:`register_missing`).
OPTIONAL: dict[str, str] = {}


def register(info: BotInfo) -> None:
    """Add a bot kind: its spec name, summary, factory (``make(seed=..., **options)``) and options.
    A plug-in package calls it when it is imported (:mod:`monopoly_deal.bots.plugins`)."""
    BOTS[info.name] = info


def register_missing(name: str, line: str) -> None:
    """A bot this installation lacks an optional extra for: asking for ``name`` refuses with ``line``
    (``bot-error.needs-rl-extra``), which says how to install it."""
    OPTIONAL[name] = line


register(BotInfo("random", "uniform over the legal actions", RandomBot, {}))
register(BotInfo("heuristic", "one-step look-ahead: builds sets, banks, keeps Just Say No for real threats",
                 HeuristicBot, {}))
register(BotInfo("ismcts", "Information Set Monte Carlo Tree Search over sampled hidden cards", IsmctsBot, {
    "iters": BotOption("iterations (playouts) per decision, default 300 with 2 players, else 800 / players", int, 1,
                       20_000),
    "time": BotOption("seconds per decision instead of iterations", float, 0.01, 10),
    "depth": BotOption("how many of its own decisions in a row the tree holds, default 1", int, 1, 10),
    "c": BotOption("UCB exploration constant below the first decision, default 0.4", float, 0, 10),
    "rounds": BotOption("how many of its own next turns the opponent model plays up to, default 2 with 2 players, "
                        "else 1", int, 1, 5),
    "width": BotOption("first actions searched: the heuristic's best this many (0: all), default 0", int, 0, 100),
    "fitted": BotOption("what a playout's end is worth: 1 the fitted chance to win, 0 the heuristic's lead, default 1",
                        int, 0, 1),
}, searches=True))


def check_remote(spec: str) -> None:
    """Refuse a bot that reads files of this machine (a ``local`` one) for a spec from the network."""
    info = BOTS.get(parse_spec(spec)[0])
    if info is not None and info.local:
        raise BotSpecError("local-only", f"bot {info.name!r} reads files of this machine: it plays only from the "
                           "command line", bot=info.name)


def describe() -> str:
    """The available bots and their options with their bounds, one bot a line (for ``--help``)."""
    lines = []
    for info in BOTS.values():
        opts = "; ".join(f"{k} {o.limits()} ({o.help})" for k, o in info.options.items()) or "no options"
        lines.append(f"  {info.name}: {info.summary}; options: {opts}")
    return "available bots (every bot also takes seed=N):\n" + "\n".join(lines)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``name:key=value,key=value`` -> (name, {key: value})."""
    name, _, rest = spec.strip().partition(":")
    options: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise BotSpecError("not-key-value", f"bot option {item!r} in {spec!r} is not key=value", item=item,
                               spec=spec)
        options[key.strip()] = value.strip()
    return name, options


def split_specs(text: str) -> list[str]:
    """A comma-separated list of specs, where a bot's own options also use commas:
    an item with ``=`` and no ``:`` is one more option of the bot before it.

    >>> split_specs("heuristic,ismcts:iters=500,c=0.3,random")
    ['heuristic', 'ismcts:iters=500,c=0.3', 'random']
    """
    specs: list[str] = []
    for item in (part.strip() for part in text.split(",")):
        if specs and "=" in item and ":" not in item:
            specs[-1] += "," + item
        elif item:
            specs.append(item)
    return specs


def make_bot(spec: str, seed: int | None = None, max_seconds: float | None = None) -> Bot:
    """A bot from its spec; ``seed`` seeds it unless the spec sets ``seed=``. ``max_seconds`` caps each
    decision of a bot that searches, whatever its options say (the server's budget).

    >>> make_bot("ismcts:iters=1000000000000")
    Traceback (most recent call last):
    ...
    monopoly_deal.bots.registry.BotSpecError: bot 'ismcts': iters must be a whole number from 1 to 20000 (iterations (playouts) per decision, default 300 with 2 players, else 800 / players), not '1000000000000'
    """
    name, options = parse_spec(spec)
    info = BOTS.get(name)
    if info is None:
        if name in OPTIONAL:
            raise BotSpecError("needs-rl-extra", OPTIONAL[name], bot=name)
        raise BotSpecError("unknown", f"unknown bot {name!r}; the bots are {', '.join(BOTS)}", bot=name,
                           bots=list(BOTS))
    known = {**info.options, "seed": SEED}
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise BotSpecError("unknown-option", f"bot {name!r} has no option(s) {', '.join(unknown)}; "
                           f"its options are {', '.join(known)}", bot=name, options=unknown,
                           known=list(known))
    values = {key: known[key].parse(name, key, text) for key, text in options.items()}
    bot_seed = values.pop("seed", seed)
    if info.searches and max_seconds is not None:
        values["max_seconds"] = max_seconds
    return info.make(seed=bot_seed, **values)
