"""The terminal as a person uses it (issue 31, item 8): q leaves the end of a game, the menu does not wrap
from its first line to "End the turn" and ending a turn with cards still playable is asked once more, the hint
never covers the question or the menu, and a large terminal shows every player's table at once."""

from __future__ import annotations

import pytest
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import OptionList, Static

from monopoly_deal.bots import RandomBot
from monopoly_deal.bots.explain import Alternative
from monopoly_deal.engine import Action, Game, Rules
from monopoly_deal.i18n import LANGUAGES, get_translator
from monopoly_deal.tui.app import MIN_HEIGHT, MIN_WIDTH, CoverScreen, OverScreen, PlayApp
from monopoly_deal.tui.menus import question
from monopoly_deal.tui.session import Session

from .helpers import pick, settle, shows

pytestmark = pytest.mark.asyncio
SMALL = (MIN_WIDTH, MIN_HEIGHT)


def one_card_from_winning() -> Session:
    """P1 (a human) to play the green that completes a third set; P2 a random bot."""
    game = Game.from_position(
        2, names=["P1", "P2 (random)"], hands={0: ["green", "1M"], 1: ["2M"]},
        groups={0: [("brown", ["brown"] * 2, None, None), ("dark-blue", ["dark-blue"] * 2, None, None),
                    ("green", ["green"] * 2, None, None)]})
    return Session([game], {1: ("random", RandomBot(seed=1))})


async def test_q_leaves_the_end_of_a_game_as_it_says(tmp_path) -> None:
    session = one_card_from_winning()
    session.save_path = tmp_path / "game.json"
    app = PlayApp(session, "en", delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        await pick(pilot, app, "play green")
        await pilot.pause()
        assert session.game.over and isinstance(app.screen, OverScreen)
        assert shows(app, "Esc: look at the table · q: leave")
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code == 0  # the app has left
    assert session.save_path.exists()


async def test_q_leaves_the_table_shown_after_the_end_too() -> None:
    app = PlayApp(one_card_from_winning(), "en", delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        await pick(pilot, app, "play green")
        await pilot.press("escape")
        assert not isinstance(app.screen, OverScreen)
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code == 0


def playing() -> Session:
    """P1 (a human) to play, with cards to play and three plays left."""
    return Session.new(2, {1: "random"}, rules=Rules(start=0), seed=1)


async def test_the_menu_stops_at_its_ends() -> None:
    """Up on the first line stays there (it used to wrap to the last, "End the turn"); Down on the last too."""
    session = playing()
    app = PlayApp(session, "en", delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        menu = app.query_one("#menu", OptionList)
        last = len(app.menus[0]) - 1
        assert app.menus[0][last].action == Action.parse("end")
        await pilot.press("home", "up")
        assert menu.highlighted == 0
        await pilot.press("enter")                     # the first card's uses: nothing played, no turn ended
        assert len(app.menus) == 2 and session.game.history == []
        await pilot.press("escape", "end", "down")
        assert menu.highlighted == last
        await pilot.press("down", "down")
        assert menu.highlighted == last
        await pilot.press("up")
        assert menu.highlighted == last - 1


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_ending_the_turn_with_plays_left_is_asked_once_more(lang: str) -> None:
    tr = get_translator(lang)
    session = playing()
    app = PlayApp(session, lang, delay=0)
    asked = tr.gettext("ui.confirm-end", player="P1", plays=3)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        top = question(session.game, tr)
        for back in ("escape", "n"):                    # Esc or n: back to the menu, nothing played
            await pilot.press("end", "enter")
            assert shows(app, asked) and app.confirming == Action.parse("end")
            assert [c.action for c in app.menus[-1]] == [Action.parse("end")] and shows(app, tr.gettext("ui.back"))
            await pilot.press(back)
            assert app.confirming is None and len(app.menus) == 1 and session.game.history == []
            assert shows(app, top) and not shows(app, asked)
        await pilot.press("end", "enter", "down", "enter")  # the Back line
        assert app.confirming is None and len(app.menus) == 1 and session.game.history == []
        await pilot.press("end", "enter", "y")          # y ends it
        assert session.game.history[0] == Action.parse("end")
        await settle(pilot, app)
        assert session.game.decider == 0
        moves = len(session.game.history)
        await pilot.press("end", "enter", "enter")      # and so does Enter: a quick second key
        assert session.game.history[moves] == Action.parse("end")


async def test_no_question_when_no_card_can_be_played() -> None:
    """With no plays left (or nothing but wilds to re-arrange), End the turn ends it at once."""
    game = Game.from_position(2, names=["P1", "P2 (random)"], hands={0: ["1M", "2M", "3M", "4M"]}, rest="box")
    session = Session([game], {1: ("random", RandomBot(seed=1))})
    app = PlayApp(session, "en", delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        for money in ("1M", "2M", "3M"):
            await pick(pilot, app, f"bank {money}")
            await settle(pilot, app)
        assert session.game.view(0)["plays_left"] == 0
        await pilot.press("end", "enter")
        assert app.confirming is None and session.game.history[-1] == Action.parse("end")


def showing_text(app: PlayApp, text: str) -> list[Widget]:
    """The widgets on screen that show ``text`` (a toast too: a notification's message)."""
    wanted, out = "".join(text.split()), []
    for widget in app.screen.walk_children():
        shown = getattr(getattr(widget, "_notification", None), "message", None)
        if shown is None and isinstance(widget, Static):
            shown = str(widget.render())
        if widget.region and shown is not None and wanted in "".join(shown.split()):
            out.append(widget)
    return out


def overlapping(widget: Widget, others: list[Widget]) -> list[str]:
    return [str(other.id) for other in others if widget.region.overlaps(other.region)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", [SMALL, (100, 30), (160, 50)])
async def test_the_hint_never_covers_the_question_or_the_menu(lang: str, size: tuple[int, int],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever shows the hint (it used to be a toast over the menu) stays clear of the hand, the question,
    the menu and the keys; it goes with the decision it was asked for."""
    tr = get_translator(lang)
    session = playing()
    advice = [Alternative(a, 0.5, 100) for a in session.game.legal_actions()[-3:]]
    monkeypatch.setattr(session, "hint", lambda top=3: ("ismcts", advice))
    app = PlayApp(session, lang, delay=0)
    title = tr.gettext("ui.hint", bot=tr.bot_name("ismcts"))
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot, app)
        await pilot.press("h")
        for _ in range(200):
            await pilot.pause(0.01)
            showing = showing_text(app, title)
            if showing:
                break
        assert showing
        controls = [app.query_one(name) for name in ("#hand", "#prompt", "#menu", "#keys")]
        for widget in showing:
            assert overlapping(widget, controls) == []
        assert shows(app, title)
        await pick(pilot, app, session.game.legal_actions()[1])
        await settle(pilot, app)
        assert not shows(app, title)


@pytest.mark.parametrize("size", [(160, 50), (200, 60)])
@pytest.mark.parametrize("players", [3, 6])
async def test_a_large_terminal_shows_every_table_and_uses_the_space(size: tuple[int, int], players: int) -> None:
    width, height = size
    session = Session.new(players, {s: "random" for s in range(1, players)}, seed=2)
    app = PlayApp(session, "en", delay=0)
    tr = app.tr
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        boxes = [app.query_one(f"#box-{seat}") for seat in range(players)]
        for seat, box in enumerate(boxes):  # every table at once, each in its own box, none cut off
            assert box.display and box.region.width >= 40 and box.region.height >= 6
            assert Region(0, 0, width, height).contains_region(box.region)
            name = tr.gettext("ui.you", player="P1") if seat == 0 else tr.seat_names(session.names)[seat]
            assert str(app.query_one(f"#table-{seat}", Static).render()).startswith(name)
        assert not any(a.region.overlaps(b.region) for i, a in enumerate(boxes) for b in boxes[i + 1:])
        log = app.query_one("#log")
        left = min(box.region.x for box in boxes)
        right = max(box.region.right for box in boxes)
        assert left <= 1 and right >= log.region.x - 2 and log.region.right == width  # tables and log: the width
        top = min(box.region.y for box in boxes)
        bottom = max(box.region.bottom for box in boxes)
        assert (bottom - top) >= height // 2                                        # and most of the height
        assert boxes[0].has_class("-shown")
        await pilot.press("t")
        assert boxes[1].has_class("-shown") and not boxes[0].has_class("-shown")
        for name in ("#hand", "#prompt", "#menu", "#keys", "#status"):
            assert app.query_one(name).region.width >= width - 2


async def test_a_small_terminal_keeps_one_table_a_tab_at_a_time() -> None:
    app = PlayApp(Session.new(3, {1: "random", 2: "random"}, seed=2), "en", delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        assert app.query_one("#panel").region and app.query_one("#players").region.height >= 5
        assert all(not box.region for box in app.query(".seat-box"))
        await pilot.resize_terminal(160, 50)
        await pilot.pause()
        assert not app.query_one("#panel").region and all(box.region for box in app.query(".seat-box"))


async def test_the_hot_seat_cover_blanks_every_table_of_the_large_layout() -> None:
    session = Session.new(3, {2: "random"}, seed=3)
    app = PlayApp(session, "en", delay=0)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot, app)
        await pick(pilot, app, "end")
        await pilot.pause()
        assert isinstance(app.screen, CoverScreen)
        assert all(str(table.render()) == "" for table in app.query(".seat-table").results(Static))
        await pilot.press("enter")
        await pilot.pause()
        assert str(app.query_one("#table-1", Static).render()).startswith("P2 (you)")
