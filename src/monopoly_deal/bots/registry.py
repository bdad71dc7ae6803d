"""Bots by name, with options: ``random``, ``heuristic``, ``ismcts:iters=2000``, ``ismcts:time=0.5``.

>>> from monopoly_deal.bots.registry import make_bot, parse_spec
>>> parse_spec("random:seed=3")
('random', {'seed': '3'})
>>> make_bot("random", seed=1).name
'random'
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .base import Bot
from .heuristic import HeuristicBot
from .ismcts import IsmctsBot
from .random import RandomBot


class BotSpecError(ValueError):
    """An unknown bot or option; the message lists what is available."""


@dataclass(frozen=True)
class BotInfo:
    """A bot the project has: how to make one, and the options it takes (name -> help)."""

    name: str
    summary: str
    make: Callable[..., Bot]
    options: dict[str, str]


BOTS: dict[str, BotInfo] = {}


def register(info: BotInfo) -> None:
    BOTS[info.name] = info


register(BotInfo("random", "uniform over the legal actions", RandomBot, {}))
register(BotInfo("heuristic", "one-step look-ahead: builds sets, banks, keeps Just Say No for real threats",
                 HeuristicBot, {}))
register(BotInfo("ismcts", "Information Set Monte Carlo Tree Search over sampled hidden cards", IsmctsBot, {
    "iters": "iterations (playouts) per decision (default 1000)",
    "time": "seconds per decision instead of iterations",
    "depth": "how many of its own decisions in a row the tree holds (default 1)",
    "c": "UCB exploration constant below the first decision (default 0.4)",
    "rounds": "how many of its own next turns the opponent model plays up to (default 1)",
}))


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``name:key=value,key=value`` -> (name, {key: value})."""
    name, _, rest = spec.strip().partition(":")
    options: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise BotSpecError(f"bot option {item!r} in {spec!r} is not key=value")
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


def describe() -> str:
    """The available bots and their options, one per line (for error messages and --help)."""
    lines = []
    for info in BOTS.values():
        opts = ", ".join(f"{k} ({v})" for k, v in info.options.items()) or "no options"
        lines.append(f"  {info.name}: {info.summary}; options: {opts}")
    return "available bots:\n" + "\n".join(lines)


def _number(bot: str, option: str, text: str, kind: type[int | float]) -> Any:
    """An option's value as a finite number of ``kind``; else a :class:`BotSpecError` naming the bot and the option.

    >>> _number("random", "seed", "x", int)
    Traceback (most recent call last):
    ...
    monopoly_deal.bots.registry.BotSpecError: bad options for bot 'random': option seed must be a whole number, not 'x'
    available bots:
    ...
    """
    expected = "a whole number" if kind is int else "a number"
    try:
        value = kind(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise BotSpecError(f"bad options for bot {bot!r}: option {option} must be {expected}, not {text!r}\n{describe()}")
    return value


def _kind(info: BotInfo, option: str) -> type[int | float]:
    """Whether the bot takes ``option`` as a whole number (its parameter is annotated ``int | ...``) or any number."""
    annotation = inspect.signature(info.make).parameters[option].annotation
    return int if str(annotation).startswith(("int", "<class 'int'>")) else float


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """A bot from its spec; ``seed`` seeds it unless the spec sets ``seed=``."""
    name, options = parse_spec(spec)
    info = BOTS.get(name)
    if info is None:
        raise BotSpecError(f"unknown bot {name!r}\n{describe()}")
    unknown = sorted(set(options) - set(info.options) - {"seed"})
    if unknown:
        raise BotSpecError(f"bot {name!r} has no option(s) {', '.join(unknown)}\n{describe()}")
    kwargs: dict[str, object] = {k: v for k, v in options.items() if k != "seed"}
    for key, value in kwargs.items():
        _number(name, key, str(value), _kind(info, key))
    bot_seed = _number(name, "seed", options["seed"], int) if "seed" in options else seed
    try:
        return info.make(seed=bot_seed, **kwargs)
    except (TypeError, ValueError) as error:
        raise BotSpecError(f"bad options for bot {name!r}: {error}\n{describe()}") from None
