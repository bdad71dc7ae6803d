"""Names from anywhere (a record downloaded from a server, a file edited by hand) are shown as text:
never as terminal escape sequences, never as Rich markup (item 9 of issue 9)."""

from __future__ import annotations

from pathlib import Path

import pytest

from monopoly_deal.bots import RandomBot, Seat
from monopoly_deal.engine import Game
from monopoly_deal.record import load, replay, save
from monopoly_deal.tui.app import PlayApp
from monopoly_deal.tui.replay import ReplayApp
from monopoly_deal.tui.session import Session

from .helpers import screen_text, shows

pytestmark = pytest.mark.asyncio

MARKUP = "[/]x[link=http://x]"
ESCAPES = "\x1b[2J\u202eEvil\nname\x00"


def hostile_record(tmp_path: Path, names: list[str], finish: bool = True) -> Path:
    game = Game(2, seed=8, names=names)
    bots = [RandomBot(seed=1), RandomBot(seed=2)]
    while not game.over and (finish or len(game.history) < 6):
        game.apply(bots[game.decider].choose(Seat(game, game.decider)))
    path = tmp_path / "game.json"
    save(game, path)
    return path


@pytest.mark.parametrize("viewer", [None, 0])
async def test_replay_tui_shows_markup_and_escapes_as_text(tmp_path: Path, viewer: int | None) -> None:
    """`mdeal replay --tui` of a record with the names a server once accepted: no MarkupError, no ESC."""
    game = replay(load(hostile_record(tmp_path, [MARKUP, ESCAPES])).printable())
    app = ReplayApp(game, "en", viewer)
    async with app.run_test(size=(120, 40)) as pilot:
        for key in ("home", "right", "right", "end", "v"):
            await pilot.press(key)
        await pilot.pause()
        text = screen_text(app)
        assert shows(app, MARKUP)
        assert "\x1b" not in text and "\u202e" not in text
        assert shows(app, "\\x1b[2J\\u202eEvil\\nname\\x00")


async def test_replay_tui_escapes_names_itself(tmp_path: Path) -> None:
    """The replay app escapes the names of any game it is given, not only what `mdeal replay` hands it."""
    app = ReplayApp(replay(load(hostile_record(tmp_path, [MARKUP, ESCAPES]))), "en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("home", "right")
        assert shows(app, MARKUP) and "\x1b" not in screen_text(app)


async def test_a_resumed_game_with_hostile_names_plays(tmp_path: Path) -> None:
    """`mdeal play --resume` of such a record: the table, the log, the question and the menu show the names as text."""
    path = hostile_record(tmp_path, [ESCAPES, f"P2 (random) {MARKUP}"], finish=False)
    session = Session.resume(path)
    assert session.names[0] == "\\x1b[2J\\u202eEvil\\nname\\x00"
    app = PlayApp(session, "en", delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert shows(app, MARKUP) and shows(app, session.names[0])
        assert "\x1b" not in screen_text(app)
