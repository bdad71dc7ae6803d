"""The command line's values as argparse reads them (each refusal one line in the run's language), and the
options several commands share."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, TypeAlias

from ..engine import Rules
from ..i18n import LANGUAGES
from ..tournament.limit import Limit
from . import language
from .language import _Parser, _say

#: The subcommands of ``mdeal``, to which each command's module adds its own.
Commands: TypeAlias = "argparse._SubParsersAction[_Parser]"


def _rules(text: str) -> Rules:
    try:
        return Rules.parse(text)
    except (ValueError, TypeError) as error:
        raise argparse.ArgumentTypeError(language.words.explain(error)) from None


def _in_range(name: str, convert: Callable[[str], Any], low: float, high: float) -> Callable[[str], Any]:
    """An argparse type: ``convert(text)``, refused with a message naming ``name`` unless low <= value <= high."""
    def parse(text: str) -> Any:
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(_say("range-number", option=name, low=low, high=high, value=text)) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(_say("range", option=name, low=low, high=high, value=text))
        return value
    return parse


def _path(text: str) -> str:
    """A file or folder named on the command line: an empty name is refused, never taken as the current folder."""
    if not text.strip():
        raise argparse.ArgumentTypeError(_say("empty-path"))
    return text


#: The most games one ``sim`` or ``arena`` plays (about 20 minutes of random bots on one core), and the most
#: worker processes: beyond them a typo, not a plan.
MAX_GAMES = 1_000_000
MAX_JOBS = 256
_players = _in_range("players", int, 2, 10)
_games = _in_range("games", int, 1, MAX_GAMES)
_jobs = _in_range("jobs", int, 1, MAX_JOBS)
_delay = _in_range("delay", float, 0, 60)
_seed = _in_range("seed", int, 0, 2**64 - 1)
_port = _in_range("port", int, 1, 65535)


def _names(text: str) -> list[str]:
    """``--names Ann,Bob``: the names, each checked when the game is made (:func:`tui.session.player_names`)."""
    if len(text) > 1000:
        raise argparse.ArgumentTypeError(_say("names-long", length=len(text)))
    return text.split(",")


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(_say("positive", value=text))
    return int(text)


def _explain_count(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 10:
        raise argparse.ArgumentTypeError(_say("explain-count", value=text))
    return int(text)


def _team(text: str) -> tuple[str, str]:
    """``NAME=SPEC`` as (name, spec); the name and the spec are checked with the other teams."""
    name, sep, spec = text.partition("=")
    if not sep or not name.strip() or not spec.strip():
        raise argparse.ArgumentTypeError(_say("team-form", value=text))
    return name.strip(), spec.strip()


def _time_limit(text: str) -> Limit:
    try:
        return Limit.parse_time(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(language.words.explain(error)) from None


def _seat(text: str) -> int:
    """A player written P1, P2, ... (or 1, 2, ...) as a 0-based seat."""
    digits = text[1:] if text[:1] in "Pp" else text
    if not digits.isdigit() or not 1 <= int(digits) <= 10:
        raise argparse.ArgumentTypeError(_say("seat", value=text))
    return int(digits) - 1


def _existing_path(text: str) -> str:
    from pathlib import Path

    if not Path(_path(text)).exists():
        raise argparse.ArgumentTypeError(_say("no-such-path", path=text))
    return text


def _metrics_address(text: str) -> tuple[str, int]:
    from ..server.metrics import parse_address

    try:
        return parse_address(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_say("metrics-address", value=text)) from None


def _host_list(text: str) -> list[str]:
    hosts = [h.strip().lower() for h in text.split(",") if h.strip()]
    if not hosts:
        raise argparse.ArgumentTypeError(_say("hosts"))
    return hosts


def _address_list(text: str) -> str:
    import ipaddress

    for item in (i.strip() for i in text.split(",")):
        try:
            if item and item != "*":   # an empty list trusts no proxy
                ipaddress.ip_network(item, strict=False)
        except ValueError:
            raise argparse.ArgumentTypeError(_say("address", value=item)) from None
    return text


# --- options that several commands take ------------------------------------------------

def _common(p: argparse.ArgumentParser, repeatable: bool = False) -> None:
    """The game's options; ``repeatable``: a batch command, whose default seed is 0, so that a run repeats."""
    p.add_argument("--players", type=_players, default=2, help="2 to 10 (default 2)")
    p.add_argument("--edition", choices=("base", "enhanced"), default="base")
    p.add_argument("--rules", type=_rules, default=Rules(), metavar="OPT=VAL,...",
                   help="rule options, e.g. putback=discard,bank_first=true (see README)")
    p.add_argument("--seed", type=_seed, default=None,
                   help="0 or more: fixes the deals (default 0: the same games every run)" if repeatable
                   else "0 or more: fixes the deal (default: a random one)")


def _lang_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--lang", choices=LANGUAGES, help="en, zh-Hant (繁體中文) or zh-Hans (简体中文); by default the "
                   "language of MDEAL_LANG or the locale (LANG), else English")


def _parallel_options(p: argparse.ArgumentParser, what: str) -> None:
    where = p.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=_jobs, default=1,
                       help=f"processes to play the {what} in, 1 to {MAX_JOBS} (default 1)")
    where.add_argument("--ray", metavar="auto|ADDRESS",
                       help=f"play the {what} as Ray tasks: auto joins this machine's cluster or starts a local "
                            "one; ADDRESS joins a cluster (needs pip install \"monopoly-deal[ray]\")")


def _bots_option(p: argparse.ArgumentParser, required: bool, help: str) -> None:
    """``--bots`` in the same form everywhere: specs after it, separated by spaces or commas
    (``--bots heuristic random`` is ``--bots heuristic,random``); a bot's own options also use commas."""
    from ..bots.registry import describe

    p.add_argument("--bots", nargs="+", required=required, metavar="SPEC", help=help)
    p.epilog = describe()
    p.formatter_class = argparse.RawDescriptionHelpFormatter
