"""``mdeal analyse``: a recorded game reviewed decision by decision (docs/analysis.md)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..record import os_refusal
from . import language
from .checks import _check_bots, _check_writable_folder
from .errors import STOPPED, Failure, UsageError
from .language import _say
from .options import Commands, _in_range, _lang_option, _path, _positive, _seat, _seed

#: The most playouts per candidate action: a game's review at that many takes days on one core.
MAX_BUDGET = 10_000
_budget = _in_range("budget", int, 2, MAX_BUDGET)
#: The table's width when it goes to a file or a pipe (Rich would take 80): a move in words fits on a line.
PIPED_WIDTH = 120


def add_analyse(sub: Commands) -> None:
    from ..analysis.review import BOT, DEFAULT_BUDGET

    analyse = sub.add_parser("analyse", help="review a recorded game: the win chance each decision kept or gave "
                             "away, flags, accuracy, a graph")
    analyse.add_argument("file", metavar="RECORD", type=_path, help="a game record (JSON), an arena's games.jsonl "
                         "(game 1, or --match N) or a tournament file (match 1, or --match N)")
    analyse.add_argument("--seat", type=_seat, metavar="P1", help="weigh only this player's decisions (default: "
                         "every player's); the graph shows every player either way")
    analyse.add_argument("--budget", type=_budget, default=DEFAULT_BUDGET, metavar="N",
                         help=f"playouts per candidate action, 2 to {MAX_BUDGET} (default {DEFAULT_BUDGET}: the win "
                              "chance lost to about 3 points; a quarter of it doubles the error)")
    analyse.add_argument("--seed", type=_seed, default=0, help="0 or more: fixes the review's randomness (default 0)")
    analyse.add_argument("--open", action="store_true", help="all cards open: weigh with every hand as it really "
                         "was (more than any player knew; every output says so)")
    analyse.add_argument("--bot", metavar="SPEC", default=BOT,
                         help=f"the bot whose best alternatives are weighed against each move (default {BOT})")
    analyse.add_argument("--match", type=_positive, metavar="N",
                         help="an arena's games.jsonl or a tournament file: the game (match) to review (from 1)")
    analyse.add_argument("--out", metavar="DIR", type=_path,
                         help="write analysis.json and winchance.png here (made if missing)")
    _lang_option(analyse)
    analyse.set_defaults(run=_run_analyse)
    from ..bots.registry import describe

    analyse.epilog = describe()
    analyse.formatter_class = argparse.RawDescriptionHelpFormatter


def _run_analyse(args: argparse.Namespace) -> int:
    from rich.console import Console

    from ..analysis.report import heading, tables, write
    from ..analysis.review import begin, choices, decisions
    from ..arena.report import Progress

    _check_bots([args.bot])
    if args.out:
        _check_writable_folder("--out", args.out)
    game, source, shown, which = _recorded_game(args)
    if args.seat is not None and args.seat >= game.players:
        raise UsageError("seat-game", seat=args.seat + 1, path=args.file, players=game.players)
    if which:
        print(which)
    words = language.words
    start, actions = game.restart(log=False), list(game.history)
    seats = None if args.seat is None else [args.seat]
    review = begin(start, actions, seats, args.budget, args.seed, args.open, args.bot)
    print(heading(review, shown, words), flush=True)
    total = len(choices(start, actions, review.seats))
    bar = Progress(total, sys.stderr, unit="decisions", words=words)
    try:
        for decision in decisions(start, actions, review.seats, args.budget, args.seed, args.open, args.bot):
            review.decisions.append(decision)
            bar.step()
    except KeyboardInterrupt:     # Ctrl+C: the decisions weighed so far are shown and written
        review.stopped = True
    console = Console(highlight=False, width=None if sys.stdout.isatty() else PIPED_WIDTH)
    if total:
        console.print(tables(review, words))
    else:
        print(words.gettext("analysis.nothing", seats=[words.seat_names(review.names)[p] for p in review.seats]))
    if args.out:
        try:
            written = write(review, args.out, source, words)
        except OSError as error:
            raise Failure("cannot-write-to", path=args.out, reason=os_refusal(error)) from None
        for path in written:
            print(_say("wrote", path=path))
    if review.stopped:
        print(_say("analyse-stopped", done=len(review.decisions), total=total), file=sys.stderr)
        return STOPPED
    return 0


def _recorded_game(args: argparse.Namespace) -> tuple[Any, str, str, str]:
    """The game ``args.file`` records (an arena's or a tournament's game ``--match``, by default the first),
    replayed; how the files name it (the file, and the game or match) and how the run's language does; and
    which game of several it is, when ``--match`` did not say (else ``""``). A file that is not one is a
    :class:`Failure`."""
    from ..record import RecordError, load, replay
    from .games import _arena_game, _arena_lines, _is_tournament_file

    if _is_tournament_file(args.file):
        return _tournament_game(args)
    if args.file.endswith(".jsonl"):
        lines = _arena_lines(args.file)
        n = args.match or 1
        if n > len(lines):
            raise UsageError("game-count", match=n, path=args.file, games=len(lines))
        which = _say("analyse-game", n=n, games=len(lines)) if args.match is None and len(lines) > 1 else ""
        shown = language.words.gettext("analysis.game-of", path=args.file, n=n)
        return _arena_game(lines, n - 1, args.file), f"{args.file}, game {n}", shown, which
    if args.match is not None:
        raise UsageError("match-not-tournament", path=args.file)
    try:
        return replay(load(args.file).printable()), args.file, args.file, ""
    except RecordError as error:
        raise Failure("as-is", problem=error) from None


def _tournament_game(args: argparse.Namespace) -> tuple[Any, str, str, str]:
    from ..record import RecordError, from_dict, replay
    from ..tournament import TournamentError
    from ..tournament.report import load

    try:
        tournament = load(args.file)
    except TournamentError as error:
        raise Failure("as-is", problem=error) from None
    n = args.match or 1
    if n > len(tournament.matches):
        raise UsageError("match-count", match=n, path=args.file, matches=len(tournament.matches))
    try:
        game = replay(from_dict(tournament.matches[n - 1].game, args.file).printable())
        return game, f"{args.file}, match {n}", language.words.gettext("analysis.match-of", path=args.file, n=n), ""
    except RecordError as error:
        raise Failure("as-is", problem=error) from None
