"""The ``mdeal`` command."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from . import __version__
from .bots import BOTS
from .engine import COMPILED, Rules
from .engine.rules import MAX_TURNS
from .i18n import LANGUAGES, environment_language, get_translator
from .parallel import RayUnavailable, check_ray
from .record import os_refusal
from .tournament.limit import BOT_LIMIT, Limit
from .tournament.options import MAX_MATCHES, STALLING
from .tournament.report import OUTPUTS

#: Exit codes: 2 when the command line is wrong (nothing was done), 1 when what it names fails
#: (a file that is not a record, a database that does not answer, a port in use).
USAGE, FAILED = 2, 1
#: Stopped by Ctrl+C (as a shell reports a command that SIGINT stopped): what finished was kept.
STOPPED = 130

#: Which engine is installed, in one line (``mdeal --version``, ``mdeal serve``, ``mdeal sim``).
ENGINE = "compiled engine (mypyc)" if COMPILED else "pure-Python engine, about 3.5x slower"
#: What a pure-Python install is told when the server starts.
PURE_ENGINE_NOTE = (f"monopoly-deal: the {ENGINE} (the same game; installed without a working C compiler, "
                    "or with MDEAL_PURE=1): reinstall with one for the compiled engine")


class CommandError(Exception):
    """What stops a command, as one line for stderr in the command's language: its words are ``cli.<code>``
    (``str()`` is the English); ``exit_code`` is what the command returns. Not a ``ValueError``: the checks
    that turn a library's ``ValueError`` into one never catch it."""

    exit_code = FAILED

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(get_translator("en").gettext(f"cli.{code}", **params))
        self.message_id, self.params = f"cli.{code}", params


class UsageError(CommandError):
    """A command line that cannot be run as given: exit 2. ``UsageError("as-is", problem=refusal)`` passes
    on a refusal of another part (a rule option, a bot spec, a name) in its own words."""

    exit_code = USAGE


class Failure(CommandError):
    """Something the command line names cannot be used (a file, a database, a port): exit 1."""


#: The words of this run of ``mdeal``: the language ``--lang`` names, else the environment's (set by :func:`main`
#: before the command line is read, because argparse calls the option types below without any context).
_words = get_translator("en")


def _speak(lang: str | None) -> None:
    """Speak ``lang`` from now on (the language a saved game was played in), if it is one of ours."""
    global _words
    if lang in LANGUAGES:
        _words = get_translator(lang)


def _say(code: str, **params: Any) -> str:
    return _words.gettext(f"cli.{code}", **params)


def _say_edition(edition: str) -> str:
    return _words.gettext(f"report.{edition}")


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
        for pattern, name in _ARGPARSE if _words.lang != "en" else ():
            found = pattern.match(message)
            if found:
                message = _words.gettext(f"cli.argparse.{name}", **_listed(found.groupdict()))
                break
        self.exit(USAGE, _words.gettext("cli.argparse", prog=self.prog, problem=message) + "\n")


def _rules(text: str) -> Rules:
    try:
        return Rules.parse(text)
    except (ValueError, TypeError) as error:
        raise argparse.ArgumentTypeError(_words.explain(error)) from None


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


def _common(p: argparse.ArgumentParser, repeatable: bool = False) -> None:
    """The game's options; ``repeatable``: a batch command, whose default seed is 0, so that a run repeats."""
    p.add_argument("--players", type=_players, default=2, help="2 to 10 (default 2)")
    p.add_argument("--edition", choices=("base", "enhanced"), default="base")
    p.add_argument("--rules", type=_rules, default=Rules(), metavar="OPT=VAL,...",
                   help="rule options, e.g. putback=discard,bank_first=true (see README)")
    p.add_argument("--seed", type=_seed, default=None,
                   help="0 or more: fixes the deals (default 0: the same games every run)" if repeatable
                   else "0 or more: fixes the deal (default: a random one)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="mdeal", description="Monopoly Deal: play, simulate, replay, check rules.")
    parser.add_argument("--version", action="version", version=f"mdeal {__version__} (Python {sys.version.split()[0]}, {ENGINE})")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    sim = sub.add_parser("sim", help="play random-bot games; report speed and results")
    _common(sim, repeatable=True)
    sim.add_argument("--games", type=_games, default=100, help=f"1 to {MAX_GAMES:,} (default 100)")
    sim.add_argument("--check", action="store_true", help="verify every card is accounted for after every action")
    sim.set_defaults(run=_run_sim)

    cards = sub.add_parser("cards", help="list an edition's cards with counts, values and names")
    cards.add_argument("--edition", choices=("base", "enhanced"), default="base")
    cards.add_argument("--values", choices=("printed", "s2"), default="printed", help="the s2-values deck option (R1.5)")
    cards.set_defaults(run=_run_cards)

    scenario = sub.add_parser("scenario", help="run scenario files: set up a position, play actions, check the rules")
    scenario.add_argument("paths", nargs="+", type=_existing_path, metavar="PATH",
                          help="a scenario file, or a folder: every *.yaml below it")
    scenario.set_defaults(run=_run_scenario)

    replay = sub.add_parser("replay", help="tell a recorded game in words, turn by turn")
    replay.add_argument("file", metavar="FILE", type=_path, help="a game record (JSON), as 'mdeal watch --save' writes, "
                        "a tournament file (told match by match), or an arena's games.jsonl (game by game)")
    replay.add_argument("--viewer", type=_seat, metavar="P2", help="show only the cards this player may see")
    replay.add_argument("--tui", action="store_true", help="step through the game on the table, forwards and backwards")
    _lang_option(replay)
    replay.add_argument("--match", type=_positive, metavar="N",
                        help="a tournament file or an arena's games.jsonl: tell only match (game) N (from 1)")
    replay.set_defaults(run=_run_replay)

    play = sub.add_parser("play", help="play in the terminal, against bots or friends at one keyboard")
    _common(play)
    # None = not given: a resumed game keeps its own, and giving one with --resume is a conflict.
    play.set_defaults(players=None, edition=None, rules=None, run=_run_play)
    next(a for a in play._actions if a.dest == "players").help = "2 to 10 (default 3: you and two bots)"
    play.add_argument("--humans", type=_in_range("humans", int, 0, 10), default=None, metavar="H",
                      help="people at the keyboard, in the first seats (default 1; 0 to watch bots)")
    _bots_option(play, required=False, help=f"the bots in the other seats, one spec for all or one each: "
                 f"{', '.join(BOTS)} (default: the strongest)")
    play.add_argument("--names", type=_names, metavar="NAME,NAME", default=None,
                      help="the people's names, in seat order (default P1, P2, ...): up to 24 characters each")
    _lang_option(play)
    play.add_argument("--delay", type=_delay, default=0.6, metavar="SECONDS",
                      help="how long each bot move stays on screen (default 0.6; + and - change it)")
    play.add_argument("--save", metavar="FILE", type=_path, help="where the game is saved as it goes "
                      "(default: a new file in your data folder, once the game has a move)")
    resume = play.add_mutually_exclusive_group()
    resume.add_argument("--resume", metavar="FILE", type=_path, help="continue the game saved in FILE")
    resume.add_argument("--continue", dest="last", action="store_true",
                        help="continue your last unfinished game (from your data folder)")

    watch = sub.add_parser("watch", help="watch random bots play a game, told in words as it goes")
    _common(watch)
    watch.add_argument("--delay", type=_delay, default=0.5, metavar="SECONDS",
                       help="pause before each turn (default 0.5)")
    watch.add_argument("--save", metavar="FILE", type=_path, help="write the game record to FILE (also when interrupted)")
    _lang_option(watch)
    watch.set_defaults(run=_run_watch)

    serve = sub.add_parser("serve", help="play in the browser: rooms, friends online, bots, spectators")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    serve.add_argument("--port", type=_port, default=8000, help="1 to 65535 (default 8000)")
    serve.add_argument("--db", metavar="URL", type=_path, default=None,
                       help="database: a SQLite file in your data folder by default, sqlite:///PATH, "
                            "or postgresql://user:pw@host/db")
    serve.add_argument("--bot-delay", type=_delay, default=0.6, metavar="SECONDS",
                       help="how long a bot waits before each move, so people can follow (default 0.6)")
    serve.add_argument("--max-rooms", type=_positive, default=200, help="refuse new rooms beyond this many (default 200)")
    serve.add_argument("--max-connections", type=_positive, default=1000,
                       help="refuse spectators' WebSockets beyond this many; seated players always get in (default 1000)")
    serve.add_argument("--limit", action="append", default=[], metavar="NAME=VALUE",
                       help="change one of the server's limits, e.g. rooms_per_client=50 (docs/web.md lists them)")
    serve.add_argument("--fixed-seeds", action="store_true",
                       help="let a new room choose its seed (tests, lessons): whoever knows it knows every card")
    serve.add_argument("--allowed-hosts", metavar="HOST,HOST", type=_host_list, default=None,
                       help="host names the server answers to, e.g. deal.example.org (default: the --host address, "
                            "and localhost on 127.0.0.1; .example.org: the domain and its subdomains; * any)")
    serve.add_argument("--forwarded-allow-ips", metavar="IP,IP", type=_address_list, default="127.0.0.1,::1",
                       help="reverse proxies whose X-Forwarded-For names the client (default 127.0.0.1,::1)")
    serve.add_argument("--log-format", choices=("text", "json"), default="text",
                       help="the log on stderr: text lines, or one JSON object a line (time, level, event, room, "
                            "game, version)")
    serve.add_argument("--metrics", metavar="HOST:PORT", type=_metrics_address, default=None,
                       help="serve Prometheus metrics at http://HOST:PORT/metrics, e.g. 127.0.0.1:9108 "
                            "(off by default; never on the game's own port)")
    serve.add_argument("--migrate", action="store_true",
                       help="upgrade a PostgreSQL database that an older release wrote (SQLite files are upgraded "
                            "at start anyway, after a copy of them is made)")
    serve.set_defaults(run=_run_serve)

    db = sub.add_parser("db", help="the server's database: its revision, upgrades, backups (docs/deploy.md)")
    db_commands = db.add_subparsers(dest="db_command", required=True, metavar="ACTION")
    for name, what in (("current", "the database's revision, and whether this release needs it upgraded"),
                       ("upgrade", ("upgrade it to this release's schema (the server stopped; a SQLite file is "
                                    "copied beside itself first)")),
                       ("history", "the revisions this release knows, oldest first"),
                       ("backup", ("copy a SQLite database to FILE, also while the server runs (PostgreSQL: "
                                   "pg_dump)")),
                       ("restore", "put the backup FILE back as the database of a stopped server")):
        action = db_commands.add_parser(name, help=what, description=what)
        if name in ("backup", "restore"):
            action.add_argument("file", metavar="FILE", type=_path)
        if name != "history":
            action.add_argument("--db", metavar="URL", type=_path, default=None, help="the database, as 'mdeal serve --db' "
                                "names it (default: the SQLite file in your data folder)")
    db.set_defaults(run=_run_db)

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
    from .bots.registry import describe

    tournament.epilog = describe()
    tournament.formatter_class = argparse.RawDescriptionHelpFormatter
    return parser


def _lang_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--lang", choices=LANGUAGES, help="en, zh-Hant (繁體中文) or zh-Hans (简体中文); by default the "
                   "language of MDEAL_LANG or the locale (LANG), else English")


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
    from .bots.registry import describe

    p.add_argument("--bots", nargs="+", required=required, metavar="SPEC", help=help)
    p.epilog = describe()
    p.formatter_class = argparse.RawDescriptionHelpFormatter


def _bot_specs(values: list[str] | None) -> list[str] | None:
    from .bots.registry import split_specs

    return None if values is None else split_specs(",".join(values))


def _bot_error(error: Exception) -> UsageError:
    """A bad bot spec as one line: the registry's words, and where --help explains the bots."""
    return UsageError("bad-bot", problem=error)


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


def _check_game(args: argparse.Namespace) -> None:
    """The players, edition, rules and seed make a game (a first seat beyond the players does not)."""
    from .engine import Game

    try:
        Game(args.players, args.edition, args.rules, args.seed)
    except ValueError as error:
        raise UsageError("as-is", problem=error) from None


def _check_bots(bots: list[str]) -> None:
    from .bots import make_bot

    for spec in bots:
        try:
            make_bot(spec, seed=0)
        except ValueError as error:  # BotSpecError, or a bot refusing an option's value
            raise _bot_error(error) from None


def _run_arena(args: argparse.Namespace) -> int:
    from .arena import lineups, run_arena

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


def _check_ray(address: str | None) -> None:
    if address is not None:
        try:
            check_ray(address)
        except RayUnavailable as error:
            raise UsageError("ray", problem=error) from None


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
        raise argparse.ArgumentTypeError(_words.explain(error)) from None


def _run_tournament(args: argparse.Namespace) -> int:
    from .bots import BotSpecError
    from .engine import Game
    from .tournament import Team, TournamentError, TournamentOptions
    from .tournament import load as load_tournament
    from .tournament.report import write_outputs
    from .tournament.run import Stopped
    from .tournament.show import Show

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
        tournament = Show(options, _words).run(args.jobs, args.ray, played)
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


def _seat(text: str) -> int:
    """A player written P1, P2, ... (or 1, 2, ...) as a 0-based seat."""
    digits = text[1:] if text[:1] in "Pp" else text
    if not digits.isdigit() or not 1 <= int(digits) <= 10:
        raise argparse.ArgumentTypeError(_say("seat", value=text))
    return int(digits) - 1


def _run_replay(args: argparse.Namespace) -> int:
    from .record import RecordError, load, replay

    if _is_tournament_file(args.file):
        return _replay_tournament(args)
    if args.file.endswith(".jsonl"):
        return _replay_arena_games(args)
    if args.match is not None:
        raise UsageError("match-not-tournament", path=args.file)
    try:
        game = replay(load(args.file).printable())
    except RecordError as error:
        raise Failure("as-is", problem=error) from None
    _tell(game, args)
    return 0


def _tell(game: Any, args: argparse.Namespace) -> None:
    """A replayed game in words of ``--lang`` (or on the table with ``--tui``)."""
    from .narrate import messages

    if args.viewer is not None and args.viewer >= game.players:
        raise UsageError("viewer-game", seat=args.viewer + 1, path=args.file, players=game.players)
    if args.tui:
        from .tui.replay import ReplayApp

        _need_terminal()
        ReplayApp(game, _words.lang, args.viewer).run()
        return
    words = _words
    for line in words.lines(messages(game, args.viewer), words.seat_names(game.names)):
        print(line)
    if not game.over:
        print(words.gettext("ui.record-stops", turn=game.turn))


def _replay_arena_games(args: argparse.Namespace) -> int:
    """An arena's ``games.jsonl`` (``mdeal arena --records``) game by game, or only game ``--match N``."""
    from .record import MAX_RECORD_BYTES, RecordError, from_dict, read_text, replay

    try:   # a game's line holds its record and the arena's notes on it; many games, each a record's size
        lines = read_text(args.file, MAX_RECORD_BYTES * 64, "an arena's games", RecordError).splitlines()
    except RecordError as error:
        raise Failure("as-is", problem=error) from None
    if args.match is not None and args.match > len(lines):
        raise UsageError("game-count", match=args.match, path=args.file, games=len(lines))
    if args.tui and args.match is None:
        raise UsageError("tui-one-match")
    chosen = range(len(lines)) if args.match is None else [args.match - 1]
    for n in chosen:
        source = f"{args.file}, game {n + 1}"
        try:
            record = json.loads(lines[n])["record"]
            game = replay(from_dict(record, source).printable())
        except (ValueError, KeyError, TypeError) as error:
            problem = error if isinstance(error, RecordError) else RecordError(
                f"{source}: not a game of an arena's records", "not-this", path=source)
            raise Failure("as-is", problem=problem) from None
        if args.match is None:
            print(("\n" if n else "") + _say("arena-game", n=n + 1, games=len(lines)))
        _tell(game, args)
    return 0


def _is_tournament_file(path: str) -> bool:
    """A tournament file names its format near its start; anything else is read as a game record."""
    from .tournament.state import FORMAT

    try:
        with open(path, "rb") as file:
            return f'"{FORMAT}"'.encode() in file.read(65536)
    except OSError:
        return False


def _replay_tournament(args: argparse.Namespace) -> int:
    """A tournament file match by match: the dice and seats, the game in words, how it ended; then the standings."""
    from .record import from_dict, replay
    from .tournament import TournamentError  # team names are printable: the file's options are checked
    from .tournament.report import limit_words, load, match_line, standings_table

    try:
        tournament = load(args.file)
    except TournamentError as error:
        raise Failure("as-is", problem=error) from None
    o = tournament.options
    if args.match is not None and args.match > len(tournament.matches):
        raise UsageError("match-count", match=args.match, path=args.file, matches=len(tournament.matches))
    if args.viewer is not None and args.viewer >= len(o.teams):
        raise UsageError("viewer-tournament", seat=args.viewer + 1, path=args.file, players=len(o.teams))
    if args.tui and args.match is None:
        raise UsageError("tui-one-match")
    words = _words
    say = words.gettext
    teams = say("narrate._comma").join(
        t.name + say("ui.brackets", more=words.bot_name(t.bot) if t.bot else say("report.people")) for t in o.teams)
    print(say("report.tournament", teams=teams, matches=o.matches, edition=say(f"web.{o.edition}"),
              limit=limit_words(o.limit, words), seed=o.seed, played=len(tournament.matches)))
    chosen = tournament.matches if args.match is None else [tournament.matches[args.match - 1]]
    for match in chosen:
        print(f"\n{match_line(o, match, words)}")
        _tell(replay(from_dict(match.game, args.file).printable()), args)
    if args.match is None:
        print()
        print(standings_table(tournament, words))
    return 0


def _need_terminal() -> None:
    """The terminal apps draw on a terminal and read keys from it; without one they would hang."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise Failure("no-terminal")


_NEW_GAME_OPTIONS = ("players", "humans", "names", "bots", "edition", "rules", "seed", "save")


def _run_play(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .record import RecordError
    from .tui.session import Session, last_unfinished, new_save_path, played_in, remember_language, seat_specs

    if args.resume or args.last:
        given = [name for name in _NEW_GAME_OPTIONS if getattr(args, name) is not None]
        if given:
            how = "--resume" if args.resume else "--continue"
            raise UsageError("resume-fixed", how=how, option=f"--{given[0]}")
    try:
        if args.resume or args.last:
            path = Path(args.resume) if args.resume else last_unfinished()
            if path is None:
                raise Failure("nothing-to-continue")
            session = Session.resume(path)
            if args.lang is None:             # the language the game was played in, where it was saved
                _speak(played_in(path))
        else:
            args.players = 3 if args.players is None else args.players
            args.edition, args.rules = args.edition or "base", args.rules or Rules()
            _check_game(args)
            bots = _bot_specs(args.bots)
            if bots:
                _check_bots(bots)
            specs = seat_specs(args.players, 1 if args.humans is None else args.humans, bots)
            save = Path(args.save) if args.save else new_save_path()
            if args.save:
                _check_writable_file("--save", args.save)
            session = Session.new(args.players, specs, args.edition, args.rules, args.seed, save, args.names)
    except RecordError as error:
        raise Failure("as-is", problem=error) from None
    except ValueError as error:
        raise UsageError("as-is", problem=error) from None
    _need_terminal()
    from .tui.app import PlayApp

    PlayApp(session, _words.lang, args.delay).run()
    if session.saved and session.save_path is not None:
        remember_language(session.save_path, _words.lang)
    if session.save_error:
        raise Failure("cannot-save", path=session.save_path, reason=session.save_error)
    if session.saved:
        over = session.game.over
        command = f"{'mdeal replay' if over else 'mdeal play --resume'} {session.save_path}"
        print(_words.gettext("ui.saved-over" if over else "ui.saved", path=session.save_path, command=command))
    return 0


def _run_watch(args: argparse.Namespace) -> int:
    from .bots import RandomBot, Seat
    from .engine import Game
    from .narrate import Narrator
    from .record import save

    _check_game(args)
    if args.save:
        _check_writable_file("--save", args.save)
    game = Game(args.players, args.edition, args.rules, args.seed)
    print(_say("watch-start", seed=game.seed, players=game.players, edition=_say_edition(game.edition)), flush=True)
    narrator, words = Narrator(game), _words.words(game.names)
    bots = [RandomBot(seed=game.seed * 16 + p) for p in range(game.players)]
    messages = narrator.start()
    try:
        while True:
            if args.delay and any(m.id == "turn" for m in messages):
                time.sleep(args.delay)
            for line in words.lines(messages):
                print(line, flush=True)
            if game.over:
                break
            messages = narrator.play(bots[game.decider].choose(Seat(game, game.decider)))
    except KeyboardInterrupt:
        print(_say("watch-stopped", turn=game.turn))
        return 130
    finally:
        if args.save:
            try:
                save(game, args.save)
            except OSError as error:
                raise Failure("cannot-write", path=args.save, reason=os_refusal(error)) from None
            print(_say("watch-saved", path=args.save))
    return 0


def _run_serve(args: argparse.Namespace) -> int:
    try:
        from .server import LobbyLimits, serve
    except ImportError as error:
        raise Failure("server-needs", problem=str(error)) from None
    try:
        limits = LobbyLimits(max_rooms=args.max_rooms, max_connections=args.max_connections,
                             bot_delay=args.bot_delay, allow_seed=args.fixed_seeds).changed(args.limit)
    except ValueError as error:
        raise UsageError("limit", problem=error) from None
    _check_port(args.host, args.port)
    if args.metrics is not None:
        if args.metrics[1] == args.port:
            raise UsageError("metrics-port", port=args.port)
        _check_port(*args.metrics)
    _check_database(args.db)
    if not COMPILED:
        print(PURE_ENGINE_NOTE, flush=True)
    serve(args.host, args.port, args.db, limits, args.allowed_hosts, args.forwarded_allow_ips, migrate=args.migrate,
          log_format=args.log_format, metrics_address=args.metrics)
    return 0


def _run_db(args: argparse.Namespace) -> int:
    from .server import admin

    try:
        if args.db_command == "history":
            print("\n".join(admin.history()))
            return 0
        if args.db_command in ("current", "upgrade"):
            _check_database(args.db)
        else:
            _database_url(args.db)
        if args.db_command == "current":
            print(admin.current(args.db))
        elif args.db_command == "upgrade":
            admin.upgrade(args.db, announce=print)
            print(admin.current(args.db))
        elif args.db_command == "backup":
            print(_say("wrote", path=admin.backup(args.db, args.file)))
        else:
            admin.restore(args.db, args.file, announce=print)
    except admin.AdminError as error:
        raise Failure("as-is", problem=error) from None
    except OSError as error:
        raise Failure("as-is", problem=os_refusal(error)) from None
    return 0


def _metrics_address(text: str) -> tuple[str, int]:
    from .server.metrics import parse_address

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


#: How long ``mdeal serve`` waits for the database to answer before giving up.
DATABASE_TIMEOUT = 10.0


def _database_url(url: str | None) -> Any:
    """The database URL (``--db``) parsed; it must name SQLite or PostgreSQL."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    from .server.persistence import async_url, default_url

    try:
        parsed = make_url(async_url(url or default_url()))
    except ArgumentError:
        raise UsageError("db-url", url=url) from None
    except OSError as error:      # the data folder cannot be made
        raise Failure("data-folder", reason=os_refusal(error)) from None
    if parsed.get_backend_name() not in ("sqlite", "postgresql"):
        raise UsageError("db-kind", kind=parsed.get_backend_name())
    return parsed


def _check_database(url: str | None) -> None:
    """The database URL names SQLite or PostgreSQL, and the database opens (within a few seconds)."""
    import sqlite3

    from sqlalchemy.exc import SQLAlchemyError

    from .server.persistence import shown_url

    parsed = _database_url(url)
    shown = shown_url(parsed.render_as_string(hide_password=False))
    try:
        if parsed.get_backend_name() == "sqlite":
            _open_sqlite(parsed.database)
        else:
            _open_server_database(parsed)
    except TimeoutError:
        raise Failure("db-timeout", db=shown, seconds=f"{DATABASE_TIMEOUT:g}") from None
    except (SQLAlchemyError, sqlite3.Error, OSError, ImportError, ValueError) as error:  # its message is what helps
        reason = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
        raise Failure("db-cannot-open", db=shown, reason=reason) from None


def _open_sqlite(database: str | None) -> None:
    """Open the SQLite file as the server will (made if missing; its folder must exist)."""
    import sqlite3

    if database and database != ":memory:":
        connection = sqlite3.connect(database, timeout=DATABASE_TIMEOUT)
        try:   # reads the file's header: a file that is no SQLite database says so here, not in the server
            connection.execute("SELECT count(*) FROM sqlite_master")
        except sqlite3.DatabaseError as error:
            if "not a database" in str(error) or "malformed" in str(error):
                raise Failure("db-not-sqlite", path=database, reason=str(error)) from None
            raise
        finally:
            connection.close()


def _open_server_database(url: Any) -> None:
    """Connect to a database server once, giving up after ``DATABASE_TIMEOUT``."""
    import asyncio

    from sqlalchemy.ext.asyncio import create_async_engine

    async def probe() -> None:
        engine = create_async_engine(url)
        try:
            async with asyncio.timeout(DATABASE_TIMEOUT), engine.connect():
                pass
        finally:
            await engine.dispose()

    asyncio.run(probe())


def _check_port(host: str, port: int) -> None:
    """``host:port`` can be listened on now (uvicorn would otherwise fail after announcing the address)."""
    import socket

    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
            probe.bind(address)
    except OSError as error:
        raise Failure("cannot-listen", host=host, port=port, reason=os_refusal(error)) from None


def _run_cards(args: argparse.Namespace) -> int:
    from .cardlist import card_table, colour_table

    print(colour_table())
    print()
    print(card_table(args.edition, args.values))
    return 0


def _run_sim(args: argparse.Namespace) -> int:
    from .sim import InvariantBroken, simulate

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


def _existing_path(text: str) -> str:
    from pathlib import Path

    if not Path(_path(text)).exists():
        raise argparse.ArgumentTypeError(_say("no-such-path", path=text))
    return text


def _run_scenario(args: argparse.Namespace) -> int:
    from .scenario import main as run_scenarios

    return run_scenarios(args.paths)


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


def main(argv: Sequence[str] | None = None) -> int:
    global _words
    argv = sys.argv[1:] if argv is None else list(argv)
    _words = get_translator(_language(argv))
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except CommandError as error:
        print(_words.gettext("cli.failed", command=f"mdeal {args.command}", problem=_words.explain(error)),
              file=sys.stderr)
        return error.exit_code
    except KeyboardInterrupt:   # Ctrl+C anywhere else: one line, no traceback
        print(_words.gettext("cli.failed", command=f"mdeal {args.command}", problem=_say("stopped")),
              file=sys.stderr)
        return STOPPED
    except BrokenPipeError:  # output piped into `head` and cut short: not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
