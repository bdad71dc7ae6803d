"""Driving the terminal app headless, as a person would: through the menus only."""

from __future__ import annotations

import html
import re

from textual.pilot import Pilot
from textual.widgets import OptionList

from monopoly_deal.engine import Action
from monopoly_deal.tui.app import PlayApp
from monopoly_deal.tui.menus import leaves


async def pick(pilot: Pilot, app: PlayApp, action: Action | str) -> None:
    """Choose ``action`` through the menus: the line that leads to it, then its sub-menu, with the keyboard;
    ending the turn with plays left is confirmed with Enter, as asked."""
    wanted = Action.parse(action) if isinstance(action, str) else action
    while True:
        choices = app.menus[-1]
        index = next(i for i, c in enumerate(choices) if wanted in leaves(c))
        menu = app.query_one("#menu", OptionList)
        await pilot.press("home", *["down"] * index)
        assert menu.highlighted == index
        leaf = choices[index].action is not None
        await pilot.press("enter")
        await pilot.pause()
        if leaf and app.confirming == wanted:  # "end the turn with plays left?": yes
            assert menu.highlighted == 0
            await pilot.press("enter")
            await pilot.pause()
        if leaf:
            return


async def click(pilot: Pilot, app: PlayApp, action: Action | str) -> None:
    """Choose ``action``, a line of the menu shown, with the mouse."""
    wanted = Action.parse(action) if isinstance(action, str) else action
    index = next(i for i, c in enumerate(app.menus[-1]) if c.action == wanted)
    menu = app.query_one("#menu", OptionList)
    top = menu.content_region.y - menu.region.y  # the border above the first line
    assert await pilot.click("#menu", offset=(4, top + index))
    await pilot.pause()


async def settle(pilot: Pilot, app: PlayApp) -> None:
    """Wait until a human must decide (or the game is over), uncovering the hot-seat cover screen as it comes."""
    for _ in range(10_000):
        await pilot.pause()
        if app.screen.id != "_default" and type(app.screen).__name__ == "CoverScreen":
            await pilot.press("enter")
            continue
        if app.session.game.over or (app.menus and not app.session.decider_is_bot):
            return
    raise AssertionError("the game did not come back to a human")


def screen_text(app: PlayApp) -> str:
    """Everything on screen, as text (from the SVG screenshot Textual exports)."""
    svg = app.export_screenshot()
    texts = re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.DOTALL)
    return html.unescape("".join(texts)).replace("\xa0", " ")


def shows(app: PlayApp, text: str) -> bool:
    """Whether ``text`` is on screen, however the screen wraps it."""
    return "".join(text.split()) in "".join(screen_text(app).split())
