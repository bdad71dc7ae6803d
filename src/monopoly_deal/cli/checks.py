"""What a command checks before it does anything: that the game, the bots, Ray and the paths to write
can be used, so that a mistake is one line and nothing was started."""

from __future__ import annotations

import argparse
from typing import Any

from ..parallel import RayUnavailable, check_ray
from ..record import os_refusal
from .errors import UsageError


def _bot_specs(values: list[str] | None) -> list[str] | None:
    from ..bots.registry import split_specs

    return None if values is None else split_specs(",".join(values))


def _bot_error(error: Exception) -> UsageError:
    """A bad bot spec as one line: the registry's words, and where --help explains the bots."""
    return UsageError("bad-bot", problem=error)


def _check_game(args: argparse.Namespace) -> None:
    """The players, edition, rules and seed make a game (a first seat beyond the players does not)."""
    from ..engine import Game

    try:
        Game(args.players, args.edition, args.rules, args.seed)
    except ValueError as error:
        raise UsageError("as-is", problem=error) from None


def _check_bots(bots: list[str]) -> None:
    from ..bots import make_bot

    for spec in bots:
        try:
            make_bot(spec, seed=0)
        except ValueError as error:  # BotSpecError, or a bot refusing an option's value
            raise _bot_error(error) from None


def _check_ray(address: str | None) -> None:
    if address is not None:
        try:
            check_ray(address)
        except RayUnavailable as error:
            raise UsageError("ray", problem=error) from None


# --- paths to write: checked before any game is played ----------------------------------

def _check_writable_file(option: str, text: str) -> None:
    """``text`` is a file that can be written: not a folder, in a folder that exists and takes new files."""
    from pathlib import Path

    path = Path(text)
    if path.is_dir():
        raise UsageError("is-folder", option=option, path=text)
    if not path.parent.is_dir():
        raise UsageError("no-folder", option=option, path=text, folder=path.parent)
    _try_writing(option, text, path if path.exists() else path.parent)


def _check_writable_folder(option: str, text: str) -> None:
    """``text`` is a folder that exists, or can be made in the nearest folder above it; either takes new files."""
    from pathlib import Path

    path = Path(text)
    if path.exists() and not path.is_dir():
        raise UsageError("is-file", option=option, path=text)
    above = path
    while not above.exists():
        above = above.parent
    if not above.is_dir():
        raise UsageError("above-is-file", option=option, path=text, above=above)
    _try_writing(option, text, above)


def _try_writing(option: str, text: str, where: Any) -> None:
    """Write to ``where`` (an existing file: append nothing; a folder: a temporary file, removed at once).
    Trying is the only reliable test: permission bits say nothing to root or on read-only mounts."""
    import tempfile

    try:
        if where.is_dir():
            with tempfile.TemporaryFile(dir=where):
                pass
        else:
            with open(where, "a", encoding="utf-8"):
                pass
    except OSError as error:
        raise UsageError("cannot-write-there", option=option, path=text, reason=os_refusal(error)) from None
