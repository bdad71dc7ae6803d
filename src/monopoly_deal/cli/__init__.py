"""The ``mdeal`` command.

This module reads the command line and runs the command it names; each group of commands has its
module (:mod:`.games`, :mod:`.batch`, :mod:`.serve`, :mod:`.rulebook`), which adds its subcommands'
options and runs them.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from .. import __version__
from . import batch, games, language, rulebook, serve
from .errors import STOPPED, CommandError
from .installed import ENGINE
from .language import _language, _Parser, _say


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="mdeal", description="Monopoly Deal: play, simulate, replay, check rules.")
    parser.add_argument("--version", action="version", version=f"mdeal {__version__} (Python {sys.version.split()[0]}, {ENGINE})")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    # argparse lists the commands in the order they are added
    batch.add_sim(sub)
    rulebook.add_cards(sub)
    rulebook.add_scenario(sub)
    games.add_replay(sub)
    games.add_play(sub)
    games.add_watch(sub)
    serve.add_serve(sub)
    serve.add_db(sub)
    batch.add_arena(sub)
    batch.add_tournament(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    language.use(_language(argv))
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except CommandError as error:
        words = language.words
        print(words.gettext("cli.failed", command=f"mdeal {args.command}", problem=words.explain(error)),
              file=sys.stderr)
        return error.exit_code
    except KeyboardInterrupt:   # Ctrl+C anywhere else: one line, no traceback
        print(language.words.gettext("cli.failed", command=f"mdeal {args.command}", problem=_say("stopped")),
              file=sys.stderr)
        return STOPPED
    except BrokenPipeError:  # output piped into `head` and cut short: not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
