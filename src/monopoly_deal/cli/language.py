"""The language of this run of ``mdeal``, and argparse's complaints worded in it.

The words are one object, :data:`words`, that the commands read through this module
(``language.words``), never copy: :func:`use` and :func:`_speak` replace it.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from typing import Any, NoReturn

from ..i18n import LANGUAGES, environment_language, get_translator
from .errors import USAGE

#: The words of this run of ``mdeal``: the language ``--lang`` names, else the environment's (set by
#: :func:`~monopoly_deal.cli.main` before the command line is read, because argparse calls the option types
#: (:mod:`.options`) without any context).
words = get_translator("en")


def use(lang: str) -> None:
    """Speak ``lang``, one of ours, from now on: :func:`~monopoly_deal.cli.main` chooses it before it reads the
    command line."""
    global words
    words = get_translator(lang)


def _speak(lang: str | None) -> None:
    """Speak ``lang`` from now on (the language a saved game was played in), if it is one of ours."""
    global words
    if lang in LANGUAGES:
        words = get_translator(lang)


def _say(code: str, **params: Any) -> str:
    return words.gettext(f"cli.{code}", **params)


def _say_edition(edition: str) -> str:
    return words.gettext(f"report.{edition}")


#: argparse's own complaints, as this project words them (``cli.argparse.<name>``); others stay argparse's.
_ARGPARSE = tuple((re.compile(pattern), name) for pattern, name in (
    (r"argument (?P<option>\S+): invalid choice: (?P<value>.+?) \(choose from (?P<choices>.+)\)$", "choice"),
    (r"argument (?P<option>\S+): invalid \w+ value: (?P<value>.+)$", "value"),
    (r"argument (?P<option>\S+): expected one argument$", "one-value"),
    (r"argument (?P<option>\S+): expected at least one argument$", "values"),
    (r"argument (?P<option>\S+): not allowed with argument (?P<other>\S+)$", "not-with"),
    (r"argument (?P<option>\S+): ignored explicit argument (?P<value>.+)$", "no-value"),
    (r"argument (?P<option>\S+): (?P<problem>.+)$", "option"),
    (r"the following arguments are required: (?P<options>.+)$", "required"),
    (r"one of the arguments (?P<options>.+) is required$", "one-required"),
    (r"unrecognized arguments: (?P<arguments>.+)$", "unrecognized"),
))


def _listed(parts: dict[str, str]) -> dict[str, Any]:
    """argparse's pieces as values to word: its lists ("'a', 'b'", "--team, --out") as lists, quotes taken off."""
    return {k: [item.strip("'") for item in v.split(", ")] if k in ("choices", "options") else v.strip("'")
            for k, v in parts.items()}


class _Parser(argparse.ArgumentParser):
    """argparse, but a wrong argument is one line ("mdeal play: argument --players: ..."), not the usage,
    in the run's language."""

    def error(self, message: str) -> NoReturn:
        for pattern, name in _ARGPARSE if words.lang != "en" else ():
            found = pattern.match(message)
            if found:
                message = words.gettext(f"cli.argparse.{name}", **_listed(found.groupdict()))
                break
        self.exit(USAGE, words.gettext("cli.argparse", prog=self.prog, problem=message) + "\n")


def _language(argv: Sequence[str]) -> str:
    """The language of this run: ``--lang``'s where the command line names one of ours, else the environment's
    (:func:`~monopoly_deal.i18n.environment_language`). Read before argparse, whose own errors it words."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.removeprefix("--lang=")
        else:
            continue
        if value in LANGUAGES:
            return value
    return environment_language()
