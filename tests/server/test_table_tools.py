"""The table's own tools (issue 32): the rules card opens from the status bar and closes with Escape, focus
back where it was; sound effects are on by default and one click mutes them, remembered across visits;
opponents open to their whole table and close again; a picked card's choices open at the card; a card
dragged onto your bank is banked, with a mouse and on a phone by touch (held, then moved). axe-core
finds nothing of any impact in each of those states, nor on the tournaments page."""

from __future__ import annotations

from .helpers import Server, open_seat, room_with_bots
from .test_browser import launch, needs_chromium
from .test_web_page import axe_source, axe_violations


@needs_chromium
def test_rules_card_sound_switch_opponents_and_choices_at_the_card(server: Server) -> None:
    from playwright.sync_api import sync_playwright

    room, token = room_with_bots(server, 3, seed=4)
    axe = axe_source()
    with sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        page.set_default_timeout(20_000)
        open_seat(page, server, room, token)
        page.wait_for_selector("#choices button")

        assert axe_violations(page, axe) == [], "the table"
        page.click("#rules-open")
        assert page.locator("#rules-card .rules-lines li").count() == 9
        assert axe_violations(page, axe) == [], "the rules card"
        assert "R3" not in page.inner_text("#rules-card")            # no rule ids for players
        assert page.evaluate("document.activeElement.id") == "rules-close"
        page.keyboard.press("Escape")
        assert page.locator("#rules-card").count() == 0 and page.evaluate("document.activeElement.id") == "rules-open"

        assert page.get_attribute("#sound", "aria-pressed") == "true"   # on by default
        page.click("#sound")
        assert page.get_attribute("#sound", "aria-pressed") == "false"
        page.reload()
        page.wait_for_selector("#choices button")
        assert page.get_attribute("#sound", "aria-pressed") == "false"  # remembered

        opponent = page.locator("#opponents section.table").first
        assert "compact" in (opponent.get_attribute("class") or "")
        opponent.locator("button.expand").click()
        assert "open" in (page.locator("#opponents section.table").first.get_attribute("class") or "")
        assert axe_violations(page, axe) == [], "an opponent opened"
        page.locator("#opponents section.table").first.locator("button.expand").click()
        assert "compact" in (page.locator("#opponents section.table").first.get_attribute("class") or "")

        card = page.locator("#hand .card.clickable").first
        card.click()
        menu = page.locator("#choices.at-card")
        assert menu.count() == 1
        assert axe_violations(page, axe) == [], "a picked card"
        box, at = menu.bounding_box(), card.bounding_box()
        assert box is not None and at is not None
        assert abs(box["x"] - at["x"]) < 200 and abs((box["y"] + box["height"]) - at["y"]) < 60   # just above it
        page.keyboard.press("Escape")
        assert page.locator("#choices.at-card").count() == 0

        bank = page.locator('#choices button[data-action^="bank "]').first       # drag a card onto your bank
        subject, banked = bank.get_attribute("data-subject"), bank.get_attribute("data-action").split()[-1]
        before = page.locator(f'#table-0 .bank .card[data-card="{banked}"]').count()
        version = page.evaluate("document.body.dataset.version")
        page.drag_and_drop(f'#hand .card[data-subject="{subject}"]', "#table-0 .bank")
        page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
        assert page.locator(f'#table-0 .bank .card[data-card="{banked}"]').count() == before + 1

        page.goto(f"{server.url}/tournaments")
        page.wait_for_selector("#create select[name=kind-0]")
        assert axe_violations(page, axe) == [], "the tournaments page"
        browser.close()


def touch(cdp, kind: str, x: float | None = None, y: float | None = None) -> None:
    """One touch event, as a finger makes it (the DevTools protocol: Playwright's touchscreen only taps)."""
    points = [] if x is None else [{"x": x, "y": y}]
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


@needs_chromium
def test_on_a_phone_a_card_held_then_moved_onto_your_bank_is_banked_and_a_swipe_is_not_a_drag(server: Server) -> None:
    from playwright.sync_api import sync_playwright

    room, token = room_with_bots(server, 3, seed=4)
    with sync_playwright() as playwright:
        browser = launch(playwright)
        context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
        page = context.new_page()
        page.set_default_timeout(20_000)
        open_seat(page, server, room, token)
        page.wait_for_selector("#choices button")
        cdp = context.new_cdp_session(page)
        bank = page.locator('#choices button[data-action^="bank "]').first
        subject, banked = bank.get_attribute("data-subject"), bank.get_attribute("data-action").split()[-1]
        card = page.locator(f'#hand .card[data-subject="{subject}"]')
        card.scroll_into_view_if_needed()     # the hand scrolls sideways on a phone
        start, target = card.bounding_box(), page.locator("#table-0 .bank").bounding_box()
        assert start is not None and target is not None
        x, y = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
        to_x, to_y = target["x"] + 30, target["y"] + target["height"] / 2
        version = page.evaluate("document.body.dataset.version")

        touch(cdp, "touchStart", x, y)        # a swipe at once: scrolling, nothing lifted, nothing played
        touch(cdp, "touchMove", x, y - 40)
        touch(cdp, "touchEnd")
        assert page.locator(".drag-ghost").count() == 0
        card.scroll_into_view_if_needed()
        start = card.bounding_box()
        assert start is not None
        x, y = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2

        before = page.locator(f'#table-0 .bank .card[data-card="{banked}"]').count()
        touch(cdp, "touchStart", x, y)        # held, then moved: the card follows the finger to the bank
        page.wait_for_timeout(450)
        for step in range(1, 6):
            touch(cdp, "touchMove", x + (to_x - x) * step / 5, y + (to_y - y) * step / 5)
        assert page.locator(".drag-ghost").count() == 1
        touch(cdp, "touchEnd")
        page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
        assert page.locator(f'#table-0 .bank .card[data-card="{banked}"]').count() == before + 1
        assert page.locator(".drag-ghost").count() == 0
        browser.close()
