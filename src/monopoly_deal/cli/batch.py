"""The commands that play many games and report on them: ``sim`` (random bots, for speed), ``arena`` (bots
on duplicate deals) and ``tournament`` (teams of bots, R10)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from ..engine import Rules
from ..engine.rules import MAX_TURNS
from ..parallel import RayUnavailable
from ..record import os_refusal
from ..tournament.limit import BOT_LIMIT, Limit
from ..tournament.options import MAX_MATCHES, STALLING
from ..tournament.report import OUTPUTS
from . import language
from .checks import _bot_error, _bot_specs, _check_bots, _check_game, _check_ray, _check_writable_folder
from .errors import STOPPED, Failure, UsageError
from .installed import ENGINE
from .language import _say
from .options import (
    MAX_GAMES,
    Commands,
    _bots_option,
    _common,
    _explain_count,
    _games,
    _in_range,
    _lang_option,
    _parallel_options,
    _path,
    _rules,
    _seed,
    _team,
    _time_limit,
)


def add_sim(sub: Commands) -> None:
    sim = sub.add_parser("sim", help="play random-bot games; report speed and results")
    _common(sim, repeatable=True)
    sim.add_argument("--games", type=_games, default=100, help=f"1 to {MAX_GAMES:,} (default 100)")
    sim.add_argument("--check", action="store_true", help="verify every card is accounted for after every action")
    sim.set_defaults(run=_run_sim)


def add_arena(sub: Commands) -> None:
    arena = sub.add_parser("arena", help="bots play many games on duplicate deals: win rates, ratings, plots")
    _bots_option(arena, required=True, help="bot specs, e.g. heuristic,ismcts:iters=1000,random")
    _common(arena, repeatable=True)
    arena.add_argument("--games", type=_games, default=100,
                       help="games in all, rounded up to whole seat rotations (default 100)")
    _parallel_options(arena, "games")
    arena.add_argument("--out", metavar="DIR", type=_path, help="write results.json, bots.csv, crosstable.csv, winrates.png here")
    arena.add_argument("--records", action="store_true", help="also write every game's record to DIR/games.jsonl")
    arena.add_argument("--explain", metavar="N", type=_explain_count, default=0,
                       help="keep each bot's N best alternatives, with its estimates, for every choice it made, "
                            "in the records (1 to 10; needs --records)")
    arena.set_defaults(run=_run_arena)


def add_tournament(sub: Commands) -> None:
    tournament = sub.add_parser("tournament", help="teams of bots play a tournament (R10): seating by dice, "
                                "a limit a match, points and shared ranks")
    # None: not given (a tournament going on, --resume, keeps its own; giving one with it is a conflict)
    tournament.add_argument("--team", action="append", type=_team, metavar="NAME=SPEC",
                            help="a team: its name and its bot, e.g. A=ismcts:iters=500 (once per team, 2 to 10)")
    tournament.add_argument("--matches", type=_in_range("matches", int, 1, MAX_MATCHES),
                            help="matches to play (default 10, as S1)")
    tournament.add_argument("--edition", choices=("base", "enhanced"))
    tournament.add_argument("--rules", type=_rules, metavar="OPT=VAL,...",
                            help="rule options (see README); seating is always by dice (R10.2)")
    tournament.add_argument("--seed", type=_seed, help="0 or more: fixes every match (default 0)")
    tournament.add_argument("--resume", metavar="FILE", type=_path, help="go on with the tournament in FILE (its "
                            "tournament.json, as a run stopped with Ctrl+C wrote it): the matches not played yet")
    limit = tournament.add_mutually_exclusive_group()
    limit.add_argument("--turn-limit", type=_in_range("turn-limit", int, 1, MAX_TURNS), metavar="N",
                       help=f"a match ends after N turns, all seats counted (default {BOT_LIMIT.turns}; "
                            "docs/tournament.md says why)")
    limit.add_argument("--time-limit", type=_time_limit, metavar="TIME",
                       help="a match ends after this long, e.g. 45m (S1's limit) or 90s: results then depend on "
                            "the machine's speed")
    tournament.add_argument("--move-time", type=_in_range("move-time", float, 0.001, 3600),
                            metavar="SECONDS", help="a bot thinking longer over one decision is timed out (R10.5): "
                            "warned and a safe move made, then its team forfeits the match (default: no clock)")
    tournament.add_argument("--stalling", choices=STALLING,
                            help="what a second time-out costs (R10.5): the rest of the tournament (default, S1-14: "
                            "the bot is disqualified, a stand-in plays its seat and it forfeits every later match) "
                            "or only the match")
    _parallel_options(tournament, "matches")
    tournament.add_argument("--out", metavar="DIR", type=_path, required=True,
                            help=f"write {', '.join(OUTPUTS)} here (made if missing)")
    _lang_option(tournament)
    tournament.set_defaults(run=_run_tournament)
    from ..bots.registry import describe

    tournament.epilog = describe()
    tournament.formatter_class = argparse.RawDescriptionHelpFormatter


def _run_sim(args: argparse.Namespace) -> int:
    from ..sim import InvariantBroken, simulate

    _check_game(args)
    try:
        stats = simulate(args.players, args.games, args.seed or 0, args.edition, args.rules, args.check)
    except InvariantBroken as error:
        raise Failure("invariant", problem=str(error)) from None
    print(stats.summary())
    print(f"  {ENGINE}")
    if args.check:
        print("  invariants: every card accounted for exactly once after every action")
    if stats.stopped:
        print(_say("stopped-games", played=stats.games, games=args.games), file=sys.stderr)
        return STOPPED
    return 0


def _run_arena(args: argparse.Namespace) -> int:
    from ..arena import lineups, run_arena

    bots = _bot_specs(args.bots) or []
    _check_bots(bots)
    try:
        lineups(bots, args.players)
    except ValueError as error:
        raise UsageError("as-is", problem=error) from None
    _check_game(args)
    if args.records and not args.out:
        raise UsageError("records-need-out")
    if args.explain and not args.records:
        raise UsageError("explain-needs-records")
    if args.out:
        _check_writable_folder("--out", args.out)
    _check_ray(args.ray)
    try:
        result = run_arena(bots, args.players, args.games, args.seed or 0, args.edition, args.rules, args.jobs,
                           records=args.records, explain=args.explain, progress=sys.stderr, ray=args.ray)
    except RayUnavailable as error:
        raise Failure("as-is", problem=error) from None
    print(result.table())
    if args.out:
        try:
            written = result.write(args.out, records=args.records)
        except OSError as error:
            raise Failure("cannot-write-to", path=args.out, reason=os_refusal(error)) from None
        for path in written:
            print(_say("wrote", path=path))
    if result.stopped:   # Ctrl+C: the games played so far are what was printed and written
        print(_say("stopped-games", played=result.games, games=args.games), file=sys.stderr)
        return STOPPED
    return 0


def _run_tournament(args: argparse.Namespace) -> int:
    from ..bots import BotSpecError
    from ..engine import Game
    from ..tournament import Team, TournamentError, TournamentOptions
    from ..tournament import load as load_tournament
    from ..tournament.report import write_outputs
    from ..tournament.run import Stopped
    from ..tournament.show import Show

    played: list[Any] = []
    if args.resume:
        given = [f"--{name.replace('_', '-')}" for name in _TOURNAMENT_OPTIONS if getattr(args, name) is not None]
        if given:
            raise UsageError("resume-fixed", how="--resume", option=given[0])
        try:
            going_on = load_tournament(args.resume)
        except TournamentError as error:
            raise Failure("as-is", problem=error) from None
        options, played = going_on.options, going_on.matches
    else:
        if not args.team:
            raise UsageError("team-needed")
        try:
            teams = tuple(Team(name, spec) for name, spec in args.team)
        except BotSpecError as error:
            raise _bot_error(error) from None
        except ValueError as error:
            raise UsageError("team", problem=error) from None
        limit = args.time_limit or (Limit(turns=args.turn_limit) if args.turn_limit else BOT_LIMIT)
        try:
            options = TournamentOptions(teams, args.matches or 10, args.edition or "base", args.rules or Rules(),
                                        limit, args.seed or 0, args.move_time,
                                        stalling=args.stalling or "tournament")
            Game(len(teams), options.edition, options.match_rules(), 0)
        except ValueError as error:
            raise UsageError("as-is", problem=error) from None
    _check_ray(args.ray)
    _check_writable_folder("--out", args.out)
    stopped: Stopped | None = None
    try:
        tournament = Show(options, language.words).run(args.jobs, args.ray, played)
    except RayUnavailable as error:
        raise Failure("as-is", problem=error) from None
    except Stopped as stop:       # Ctrl+C: what was played is written, and can be gone on with
        tournament, stopped = stop.tournament, stop
    try:
        written = write_outputs(tournament, args.out)
    except OSError as error:
        raise Failure("cannot-write-to", path=args.out, reason=os_refusal(error)) from None
    for path in written:
        print(_say("wrote", path=path))
    if stopped is not None:
        resume = f"mdeal tournament --resume {os.path.join(args.out, 'tournament.json')} --out {args.out}"
        print(_say("tournament-stopped", played=len(tournament.matches), matches=options.matches, command=resume),
              file=sys.stderr)
        return STOPPED
    return 0


#: The options that make a tournament (a tournament going on, ``--resume``, keeps its own).
_TOURNAMENT_OPTIONS = ("team", "matches", "edition", "rules", "seed", "turn_limit", "time_limit", "move_time",
                       "stalling")
