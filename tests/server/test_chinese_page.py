"""A whole game through the page in 繁體中文 and 简体中文 (issue 40): at every decision of yours, what the
page shows — the decision, its choices, the latest moves, your hand, the opponents — has no English word
(names and amounts aside) and no space between two Chinese characters."""

from __future__ import annotations

import random
import re

import pytest

from .helpers import Server, open_seat, room_with_bots
from .test_browser import launch, needs_chromium
from .test_layout import MOST_DECISIONS, choose

HAN = "[\u3400-\u9fff]"
SHOWN = ["#prompt", "#ticker", "#hand", "#opponents", "#status"]


def problems_in(text: str) -> list[str]:
    bare = re.sub(r"\bAnn\b|P\d+|\d+M", "", text)
    found = []
    if re.search(r"[A-Za-z]{2,}", bare):
        found.append(f"English in {text!r}")
    if re.search(f"{HAN} +{HAN}", text):   # (a table's cells come as tabs)
        found.append(f"a space between Chinese words in {text!r}")
    return found


@needs_chromium
@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_a_whole_game_reads_as_chinese(server: Server, lang: str) -> None:
    from playwright.sync_api import sync_playwright

    room, token = room_with_bots(server, 3, seed=71)
    found: set[str] = set()
    with sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page(viewport={"width": 1366, "height": 768}, reduced_motion="reduce")
        page.set_default_timeout(20_000)
        page.goto(f"{server.url}/favicon.ico")
        page.evaluate("lang => localStorage.setItem('mdeal-lang', lang)", lang)
        open_seat(page, server, room, token)
        rng = random.Random(5)
        for _ in range(MOST_DECISIONS):
            page.wait_for_selector("#choices button, #finished", state="attached", timeout=60_000)
            for selector in SHOWN:
                if page.locator(selector).count():
                    found.update(problems_in(page.inner_text(selector)))
            if page.locator("#finished").count():
                break
            actions = page.eval_on_selector_all("#choices button[data-action]", "bs => bs.map((b) => b.dataset.action)")
            action = choose(actions, rng)
            button = page.locator(f'#choices button[data-action="{action}"]')
            version = page.evaluate("document.body.dataset.version")
            if button.is_hidden():
                page.click(f'.card[data-subject="{button.get_attribute("data-subject")}"]')
            button.click()
            page.wait_for_function("v => document.body.dataset.version !== v", arg=version, timeout=60_000)
        found.update(problems_in(page.inner_text("#finished")))
        browser.close()
    assert sorted(found) == []
