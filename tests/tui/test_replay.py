"""mdeal replay --tui: a recorded game stepped forwards and backwards, from any seat or all cards open."""

from __future__ import annotations

import pytest

from monopoly_deal.bots import RandomBot, Seat
from monopoly_deal.engine import Game
from monopoly_deal.tui.replay import ReplayApp

from .helpers import shows

pytestmark = pytest.mark.asyncio


def finished_game() -> Game:
    game = Game(players=2, seed=8)
    bots = [RandomBot(seed=1), RandomBot(seed=2)]
    while not game.over:
        game.apply(bots[game.decider].choose(Seat(game, game.decider)))
    return game


async def test_stepping_and_changing_the_viewpoint() -> None:
    game = finished_game()
    app = ReplayApp(game, "en", viewer=None)
    last = len(game.history)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.step == last and shows(app, f"Replay — move {last} of {last} · all cards open")
        await pilot.press("home", "right", "right", "left")
        assert app.step == 1
        start = app.timeline.position(1)
        assert shows(app, f"Turn {start.turn}")
        hidden = app.timeline.position(1).view(1)["hand"]  # P2's hand: open now, hidden from P1
        await pilot.press("v")                              # all open -> P1
        assert app.viewer == 0 and shows(app, "seen by P1")
        await pilot.press("v")
        assert app.viewer == 1 and shows(app, "P2 (you)")
        await pilot.press("end")
        assert app.step == last
        await pilot.press("t")                              # the other player's table
        assert app.shown == 1 and str(app.query_one("#panel").render()).startswith("P2 (you)")
    assert hidden


async def test_each_viewer_hears_only_what_they_may_see() -> None:
    """Drawn cards are named only to the player who drew them."""
    timeline = ReplayApp(finished_game(), "en").timeline
    step = len(timeline) - 1
    p1 = {m.id for m in timeline.messages(step, viewer=0)}
    open_ = [m for m in timeline.messages(step, viewer=None) if m.id == "draw"]
    assert "draw-seen" in p1 and "draw" in p1 and open_ == []
