"""The ``mdeal`` command."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from .bots import BOTS
from .engine import Rules
from .i18n import LANGUAGES


def _rules(text: str) -> Rules:
    try:
        return Rules.parse(text)
    except (ValueError, TypeError) as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _in_range(name: str, convert: Callable[[str], Any], low: float, high: float, unit: str = "") -> Callable[[str], Any]:
    """An argparse type: ``convert(text)``, refused with a message naming ``name`` unless low <= value <= high."""
    def parse(text: str) -> Any:
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a number from {low} to {high}{unit}, not {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{name} must be from {low} to {high}{unit}, not {text}")
        return value
    return parse


_players = _in_range("players", int, 2, 10)
_delay = _in_range("delay", float, 0, 60, " seconds")


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=_players, default=2, help="2 to 10 (default 2)")
    p.add_argument("--edition", choices=("base", "enhanced"), default="base")
    p.add_argument("--rules", type=_rules, default=Rules(), metavar="OPT=VAL,...",
                   help="rule options, e.g. putback=discard,bank_first=true (see README)")
    p.add_argument("--seed", type=int, default=None)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mdeal", description="Monopoly Deal: play, simulate, replay, check rules.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    sim = sub.add_parser("sim", help="play random-bot games; report speed and results")
    _common(sim)
    sim.add_argument("--games", type=int, default=100)
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
    replay.add_argument("file", metavar="FILE", help="a game record (JSON), as 'mdeal watch --save' writes")
    replay.add_argument("--viewer", type=_seat, metavar="P2", help="show only the cards this player may see")
    replay.add_argument("--tui", action="store_true", help="step through the game on the table, forwards and backwards")
    replay.add_argument("--lang", choices=LANGUAGES, default="en", help="with --tui: en, zh-Hant or zh-Hans")
    replay.set_defaults(run=_run_replay)

    play = sub.add_parser("play", help="play in the terminal, against bots or friends at one keyboard")
    _common(play)
    play.set_defaults(players=3, run=_run_play)
    next(a for a in play._actions if a.dest == "players").help = "2 to 10 (default 3: you and two bots)"
    play.add_argument("--humans", type=int, default=1, metavar="H",
                      help="people at the keyboard, in the first seats (default 1; 0 to watch bots)")
    play.add_argument("--bots", nargs="+", metavar="SPEC", default=None,
                      help=f"the bots in the other seats, one spec for all or one each: {', '.join(BOTS)} "
                           "(default: the strongest)")
    play.add_argument("--lang", choices=LANGUAGES, default="en", help="en, zh-Hant (繁體中文) or zh-Hans (简体中文)")
    play.add_argument("--delay", type=_delay, default=0.6, metavar="SECONDS",
                      help="how long each bot move stays on screen (default 0.6; + and - change it)")
    play.add_argument("--save", metavar="FILE", help="where the game is saved as it goes "
                      "(default: monopoly-deal-DATE-TIME.json here)")
    play.add_argument("--resume", metavar="FILE", help="continue the game saved in FILE")

    watch = sub.add_parser("watch", help="watch random bots play a game, told in words as it goes")
    _common(watch)
    watch.add_argument("--delay", type=_delay, default=0.5, metavar="SECONDS",
                       help="pause before each turn (default 0.5)")
    watch.add_argument("--save", metavar="FILE", help="write the game record to FILE (also when interrupted)")
    watch.set_defaults(run=_run_watch)

    serve = sub.add_parser("serve", help="play in the browser: rooms, friends online, bots, spectators")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--db", metavar="URL", default=None,
                       help="database: a SQLite file in your data folder by default, or postgresql://user:pw@host/db")
    serve.add_argument("--bot-delay", type=_delay, default=0.6, metavar="SECONDS",
                       help="how long a bot waits before each move, so people can follow (default 0.6)")
    serve.add_argument("--max-rooms", type=int, default=200, help="refuse new rooms beyond this many (default 200)")
    serve.add_argument("--max-connections", type=int, default=1000,
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
    serve.set_defaults(run=_run_serve)

    arena = sub.add_parser("arena", help="bots play many games on duplicate deals: win rates, ratings, plots")
    arena.add_argument("--bots", required=True, metavar="BOT,BOT,...",
                       help="bot specs, e.g. heuristic,ismcts:iters=1000,random (see 'available bots' on a bad one)")
    _common(arena)
    arena.add_argument("--games", type=_positive, default=100,
                       help="games in all, rounded up to whole seat rotations (default 100)")
    arena.add_argument("--jobs", type=_positive, default=1, help="processes to play in (default 1)")
    arena.add_argument("--out", metavar="DIR", help="write results.json, bots.csv, crosstable.csv, winrates.png here")
    arena.add_argument("--records", action="store_true", help="also write every game's record to DIR/games.jsonl")
    arena.set_defaults(run=_run_arena)
    return parser


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return int(text)


def _run_arena(args: argparse.Namespace) -> int:
    from .arena import lineups, run_arena
    from .bots import BotSpecError, make_bot
    from .bots.registry import split_specs

    bots = split_specs(args.bots)
    try:
        for spec in bots:
            make_bot(spec, seed=0)
        lineups(bots, args.players)
    except BotSpecError as error:
        print(f"mdeal arena: {error}", file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"mdeal arena: {error}", file=sys.stderr)
        return 2
    if args.records and not args.out:
        print("mdeal arena: --records needs --out DIR", file=sys.stderr)
        return 2
    result = run_arena(bots, args.players, args.games, args.seed or 0, args.edition, args.rules, args.jobs,
                       records=args.records, progress=sys.stderr)
    print(result.table())
    if args.out:
        for path in result.write(args.out, records=args.records):
            print(f"wrote {path}")
    return 0


def _seat(text: str) -> int:
    """A player written P1, P2, ... (or 1, 2, ...) as a 0-based seat."""
    digits = text[1:] if text[:1] in "Pp" else text
    if not digits.isdigit() or not 1 <= int(digits) <= 10:
        raise argparse.ArgumentTypeError(f"expected a player from P1 to P10, not {text!r}")
    return int(digits) - 1


def _run_replay(args: argparse.Namespace) -> int:
    from .narrate import narrate
    from .record import RecordError, load, replay

    try:
        game = replay(load(args.file))
    except RecordError as error:
        print(f"mdeal replay: {error}", file=sys.stderr)
        return 1
    if args.viewer is not None and args.viewer >= game.players:
        print(f"mdeal replay: --viewer P{args.viewer + 1}: {args.file} is a game of {game.players} players",
              file=sys.stderr)
        return 1
    if args.tui:
        from .tui.replay import ReplayApp

        ReplayApp(game, args.lang, args.viewer).run()
        return 0
    for line in narrate(game, args.viewer):
        print(line)
    if not game.over:
        print(f"The record stops on turn {game.turn}, before the game is over.")
    return 0


def _run_play(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .bots import BotSpecError
    from .record import RecordError
    from .tui.app import PlayApp
    from .tui.session import Session, seat_specs

    try:
        if args.resume:
            session = Session.resume(Path(args.resume))
        else:
            specs = seat_specs(args.players, args.humans, args.bots)
            save = Path(args.save or time.strftime("monopoly-deal-%Y%m%d-%H%M%S.json"))
            session = Session.new(args.players, specs, args.edition, args.rules, args.seed, save)
    except (RecordError, BotSpecError, ValueError) as error:
        print(f"mdeal play: {error}", file=sys.stderr)
        return 1
    PlayApp(session, args.lang, args.delay).run()
    print(f"Saved to {session.save_path}; 'mdeal play --resume {session.save_path}' continues it.")
    return 0


def _run_watch(args: argparse.Namespace) -> int:
    import time

    from .bots import RandomBot, Seat
    from .engine import Game
    from .narrate import Narrator, Words
    from .record import save

    try:
        game = Game(args.players, args.edition, args.rules, args.seed)
    except ValueError as error:  # e.g. a first seat beyond the players
        print(f"mdeal watch: {error}", file=sys.stderr)
        return 1
    print(f"Seed {game.seed}: {game.players} random bots, {game.edition} edition.", flush=True)
    narrator, words = Narrator(game), Words(game.names)
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
        print(f"Stopped on turn {game.turn}.")
        return 130
    finally:
        if args.save:
            save(game, args.save)
            print(f"Record saved to {args.save}; 'mdeal replay {args.save}' tells it again.")
    return 0


def _run_serve(args: argparse.Namespace) -> int:
    try:
        from .server import LobbyLimits, serve
    except ImportError as error:
        print(f"mdeal serve: the web server needs its dependencies ({error}); "
              "reinstall with: python -m pip install .", file=sys.stderr)
        return 1
    try:
        limits = LobbyLimits(max_rooms=args.max_rooms, max_connections=args.max_connections,
                             bot_delay=args.bot_delay, allow_seed=args.fixed_seeds).changed(args.limit)
    except ValueError as error:
        print(f"mdeal serve: --limit: {error}", file=sys.stderr)
        return 2
    serve(args.host, args.port, args.db, limits, args.allowed_hosts, args.forwarded_allow_ips)
    return 0


def _host_list(text: str) -> list[str]:
    hosts = [h.strip().lower() for h in text.split(",") if h.strip()]
    if not hosts:
        raise argparse.ArgumentTypeError("expected host names separated by commas, e.g. deal.example.org")
    return hosts


def _address_list(text: str) -> str:
    import ipaddress

    for item in (i.strip() for i in text.split(",")):
        try:
            if item and item != "*":   # an empty list trusts no proxy
                ipaddress.ip_network(item, strict=False)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not an IP address or network: {item!r}") from None
    return text


def _run_cards(args: argparse.Namespace) -> int:
    from .cardlist import card_table, colour_table

    print(colour_table())
    print()
    print(card_table(args.edition, args.values))
    return 0


def _run_sim(args: argparse.Namespace) -> int:
    from .sim import InvariantBroken, simulate

    try:
        stats = simulate(args.players, args.games, args.seed or 0, args.edition, args.rules, args.check)
    except InvariantBroken as error:
        print(f"invariant broken: {error}", file=sys.stderr)
        return 1
    print(stats.summary())
    if args.check:
        print("  invariants: every card accounted for exactly once after every action")
    return 0


def _existing_path(text: str) -> str:
    from pathlib import Path

    if not Path(text).exists():
        raise argparse.ArgumentTypeError(f"no such file or folder: {text}")
    return text


def _run_scenario(args: argparse.Namespace) -> int:
    from .scenario import main as run_scenarios

    return run_scenarios(args.paths)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except BrokenPipeError:  # output piped into `head` and cut short: not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
