"""The terminal at its smallest, 80×24 (issue 11): every player's table a key away, the keys line whole,
prompts that say what is at stake, payments with values and a running total, rents on the table,
help that wraps cleanly in Chinese; in every language."""

from __future__ import annotations

import pytest
from textual.containers import Horizontal
from textual.geometry import Region
from textual.widgets import OptionList, Static

from monopoly_deal.engine import Game
from monopoly_deal.i18n import LANGUAGES, get_translator
from monopoly_deal.tui.app import MIN_HEIGHT, MIN_WIDTH, HelpScreen, PlayApp
from monopoly_deal.tui.menus import question
from monopoly_deal.tui.render import hand_size
from monopoly_deal.tui.session import Session

from .helpers import pick, settle, shows
from .test_play import ScriptedBot

SIZE = (MIN_WIDTH, MIN_HEIGHT)
pytestmark = pytest.mark.asyncio


def attacked(card: str) -> Session:
    """P2 (a bot) to play ``card`` at once on P1 (a human), who holds a Just Say No, 1M in the bank and
    two green properties (rent 4M); P2 holds a red property."""
    game = Game.from_position(
        2, names=["P1", "P2 (scripted)"],
        hands={0: ["just-say-no", "2M"], 1: [card.split()[0], "5M"]},
        banks={0: ["1M"]},
        groups={0: [("green", ["green", "green"], None, None)], 1: [("red", ["red"], None, None)]},
        draw=["1M", "2M", "3M", "4M", "5M", "1M"], rest="box", active=1)
    return Session([game], {1: ("scripted", ScriptedBot([card, "end"]))})


def panel(app: PlayApp) -> str:
    return str(app.query_one("#panel", Static).render())


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_keys_line_and_the_table_fit(lang: str) -> None:
    tr = get_translator(lang)
    app = PlayApp(Session.new(3, {1: "random", 2: "random"}, seed=2), lang, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert app.query_one("#table").display
        assert shows(app, tr.gettext("ui.keys"))  # whole: not cut at the right edge
        assert app.query_one("#menu", OptionList).region.height >= 5
        assert app.query_one("#players").region.height >= 5


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_every_table_is_a_key_or_a_click_away(lang: str) -> None:
    tr = get_translator(lang)
    session = Session.new(3, {1: "random", 2: "random"}, seed=2)
    app = PlayApp(session, lang, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert app.shown == 0 and panel(app).startswith(tr.gettext("ui.you", player="P1"))
        await pilot.press("t")
        size = session.game.view(0)["hand_sizes"][1]
        bot = tr.seat_names(["P2 (random)"])[0]        # "Bot 2 (random)", "電腦 2（隨機）": never the spec
        assert app.shown == 1 and panel(app).startswith(f"{bot} · {hand_size(size, tr)}")
        await pilot.press("t", "t")
        assert app.shown == 0
        assert await pilot.click("#seat-2")                 # the tab, with the mouse
        await pilot.pause()
        assert app.shown == 2 and panel(app).startswith(tr.seat_names(["P3 (random)"])[0])
        menu = app.query_one("#menu", OptionList)
        assert menu.has_focus                               # the keys still drive the menu
        await pilot.press("down")
        assert menu.highlighted == 1


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_a_card_aimed_at_you_says_what_is_at_stake(lang: str) -> None:
    tr = get_translator(lang)
    session = attacked("sly-deal P1 green:green")
    app = PlayApp(session, lang, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        asked = question(session.game, tr)
        assert shows(app, asked)
        for part in ("P2 (scripted)", tr.card("sly-deal"), tr.card("green"), "4M", tr.card("just-say-no")):
            assert part in asked
        if lang == "en":
            assert asked == "P1: P2 (scripted) plays Sly Deal to take your green property (4M). Just Say No, or accept?"


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_paying_shows_each_card_s_value_and_a_running_total(lang: str) -> None:
    """R8: a property pays its value; the prompt keeps the sum paid and the rest owed."""
    tr = get_translator(lang)
    session = attacked("debt-collector P1")
    app = PlayApp(session, lang, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert tr.gettext("ui.stake.pay", actor="P2 (scripted)", card=tr.card("debt-collector"), amount="5M") \
            in question(session.game, tr)
        await pick(pilot, app, "accept")
        await settle(pilot, app)
        running = {"player": "P1", "receiver": "P2 (scripted)", "total": "5M"}
        assert shows(app, tr.gettext("ui.decide.pay-running", paid="0M", owed="5M", **running))
        assert shows(app, tr.action("pay green:green", session.names))
        assert "4M" in tr.action("pay green:green", session.names)
        await pick(pilot, app, "pay 1M")
        await settle(pilot, app)
        assert shows(app, tr.gettext("ui.decide.pay-running", paid="1M", owed="4M", **running))


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_each_set_shows_its_rent(lang: str) -> None:
    tr = get_translator(lang)
    app = PlayApp(attacked("sly-deal P1 green:green"), lang, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert tr.gettext("ui.rent", amount="4M") in panel(app)  # two greens: 4M (R6.7)
        await pilot.press("t")
        assert tr.gettext("ui.rent", amount="2M") in panel(app)  # P2's one red: 2M


def rows(widget: Static) -> list[str]:
    """The rows ``widget`` shows, each as wide as the widget."""
    strips = widget.render_lines(Region(0, 0, widget.region.width, widget.region.height))
    assert all(strip.cell_length == widget.region.width for strip in strips)
    return [strip.text for strip in strips]


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_help_wraps_within_the_window_with_a_hanging_indent(lang: str) -> None:
    """Every line of the help is shown whole in its box (no character cut or lost, Chinese included: a wide
    character takes two cells or none), a bullet's item wraps beside its bullet, and nothing spills over."""
    tr = get_translator(lang)
    app = PlayApp(Session.new(2, {1: "random"}, seed=1), lang, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        box = help_screen.query_one("#help").content_region
        shown = []
        for widget in help_screen.query(Static):
            assert box.x <= widget.region.x and widget.region.right <= box.right
            shown.append("".join("".join(rows(widget)).split()))
        for line in tr.gettext("ui.help-rules").splitlines():
            assert "".join(line.strip().removeprefix("•").split()) in shown
        items = list(help_screen.query(".help-item").results(Horizontal))
        assert len(items) == 3
        for item in items:
            bullet, text = item.query(Static)
            assert rows(bullet)[0].strip() == "•" and text.region.x == bullet.region.right
        assert max(item.region.height for item in items) >= 2  # the longest item wraps, beside its bullet

