"""The commands that are one game: ``play`` it in the terminal, ``watch`` bots play it, ``replay`` a record
(or a tournament's or an arena's games) in words."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from ..bots import BOTS
from ..engine import Rules
from ..record import os_refusal
from . import language
from .checks import _bot_specs, _check_bots, _check_game, _check_writable_file
from .errors import Failure, UsageError
from .language import _say, _say_edition, _speak
from .options import Commands, _bots_option, _common, _delay, _in_range, _lang_option, _names, _path, _positive, _seat


def add_replay(sub: Commands) -> None:
    replay = sub.add_parser("replay", help="tell a recorded game in words, turn by turn")
    replay.add_argument("file", metavar="FILE", type=_path, help="a game record (JSON), as 'mdeal watch --save' writes, "
                        "a tournament file (told match by match), or an arena's games.jsonl (game by game)")
    replay.add_argument("--viewer", type=_seat, metavar="P2", help="show only the cards this player may see")
    replay.add_argument("--tui", action="store_true", help="step through the game on the table, forwards and backwards")
    _lang_option(replay)
    replay.add_argument("--match", type=_positive, metavar="N",
                        help="a tournament file or an arena's games.jsonl: tell only match (game) N (from 1)")
    replay.set_defaults(run=_run_replay)


def add_play(sub: Commands) -> None:
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


def add_watch(sub: Commands) -> None:
    watch = sub.add_parser("watch", help="watch random bots play a game, told in words as it goes")
    _common(watch)
    watch.add_argument("--delay", type=_delay, default=0.5, metavar="SECONDS",
                       help="pause before each turn (default 0.5)")
    watch.add_argument("--save", metavar="FILE", type=_path, help="write the game record to FILE (also when interrupted)")
    _lang_option(watch)
    watch.set_defaults(run=_run_watch)


def _run_replay(args: argparse.Namespace) -> int:
    from ..record import RecordError, load, replay

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
    from ..narrate import messages

    if args.viewer is not None and args.viewer >= game.players:
        raise UsageError("viewer-game", seat=args.viewer + 1, path=args.file, players=game.players)
    if args.tui:
        from ..tui.replay import ReplayApp

        _need_terminal()
        ReplayApp(game, language.words.lang, args.viewer).run()
        return
    words = language.words
    for line in words.lines(messages(game, args.viewer), words.seat_names(game.names)):
        print(line)
    if not game.over:
        print(words.gettext("ui.record-stops", turn=game.turn))


def _replay_arena_games(args: argparse.Namespace) -> int:
    """An arena's ``games.jsonl`` (``mdeal arena --records``) game by game, or only game ``--match N``."""
    from ..record import MAX_RECORD_BYTES, RecordError, from_dict, read_text, replay

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
    from ..tournament.state import FORMAT

    try:
        with open(path, "rb") as file:
            return f'"{FORMAT}"'.encode() in file.read(65536)
    except OSError:
        return False


def _replay_tournament(args: argparse.Namespace) -> int:
    """A tournament file match by match: the dice and seats, the game in words, how it ended; then the standings."""
    from ..record import from_dict, replay
    from ..tournament import TournamentError  # team names are printable: the file's options are checked
    from ..tournament.report import limit_words, load, match_line, standings_table

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
    words = language.words
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

    from ..record import RecordError
    from ..tui.session import Session, last_unfinished, new_save_path, played_in, remember_language, seat_specs

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
    from ..tui.app import PlayApp

    PlayApp(session, language.words.lang, args.delay).run()
    if session.saved and session.save_path is not None:
        remember_language(session.save_path, language.words.lang)
    if session.save_error:
        raise Failure("cannot-save", path=session.save_path, reason=session.save_error)
    if session.saved:
        over = session.game.over
        command = f"{'mdeal replay' if over else 'mdeal play --resume'} {session.save_path}"
        print(language.words.gettext("ui.saved-over" if over else "ui.saved", path=session.save_path, command=command))
    return 0


def _run_watch(args: argparse.Namespace) -> int:
    from ..bots import RandomBot, Seat
    from ..engine import Game
    from ..narrate import Narrator
    from ..record import save

    _check_game(args)
    if args.save:
        _check_writable_file("--save", args.save)
    game = Game(args.players, args.edition, args.rules, args.seed)
    print(_say("watch-start", seed=game.seed, players=game.players, edition=_say_edition(game.edition)), flush=True)
    narrator, words = Narrator(game), language.words.words(game.names)
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
