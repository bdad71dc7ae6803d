"""Learn to play through the page (issue 32, item 6): from the lobby, the lesson is played as a learner
would, by clicking the highlighted card and the highlighted choice, on a laptop in English and on a phone
in 繁體中文. At every step the coach speaks (in the page's language, never a raw key), the move asked for is
in view and the table fits (test_layout's landmarks); axe finds nothing; the end offers the lesson again."""

from __future__ import annotations

import re
from typing import Any

import pytest

from monopoly_deal.i18n import get_translator
from monopoly_deal.lessons import load

from .helpers import Server
from .test_browser import launch, needs_chromium
from .test_layout import CHECK
from .test_web_page import axe_source, axe_violations, watch

HAN = "[\u3400-\u9fff]"

# The highlighted choice is where the learner can click it: inside the viewport, and the element at its
# centre is the button itself (not scrolled away in the decision panel, not covered).
IN_VIEW = """(node) => {
  const r = node.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth && node.contains(hit);
}"""


def play_lesson(page: Any, axe: str, lang: str) -> list[str]:
    """Play the lesson on ``page`` from its first step to the end; the problems found."""
    words = get_translator(lang).catalogue()
    landmarks = [words[f"web.landmark-{name}"] for name in ("hand", "table", "piles")] + [words["web.decision"]]
    problems: list[str] = []
    steps = sum(s.seat == 0 for s in load("first-game").steps)
    for step in range(1, steps + 1):
        page.wait_for_selector("#choices button.hinted", state="attached")
        page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')")
        coach = page.inner_text("#coach")
        if "lesson." in coach or f"{step}" not in coach:
            problems.append(f"step {step}: the coach says {coach!r}")
        problems += [f"step {step}: {p}" for p in page.evaluate(CHECK, landmarks)]
        if lang != "en":   # Chinese as it is written: no English word, no space between Chinese words
            for text in [page.inner_text("#prompt"), page.inner_text("#ticker"), page.inner_text("#hand")]:
                if re.search(r"[A-Za-z]{2,}", re.sub(r"\d+M|P\d+", "", text)) or re.search(f"{HAN} +{HAN}", text):
                    problems.append(f"step {step}: not Chinese as it is written: {text!r}")
        if step == 1:
            problems += [f"step 1: axe: {v}" for v in axe_violations(page, axe)]
        version = page.evaluate("document.body.dataset.version")
        button = page.locator("#choices button.hinted")
        if button.is_hidden():          # a card's choice: the card is highlighted, click it first
            card = page.locator(".card.highlight").first
            if not card.evaluate(IN_VIEW):
                problems.append(f"step {step}: the highlighted card is out of view")
            card.click()
        if not button.evaluate(IN_VIEW):
            problems.append(f"step {step}: the highlighted choice is out of view")
        button.click()
        page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
    page.wait_for_selector("#finished #lesson-again")
    problems += [f"end: axe: {v}" for v in axe_violations(page, axe)]
    return problems


@needs_chromium
@pytest.mark.parametrize(("width", "height", "lang"), [(1366, 768, "en"), (390, 844, "zh-Hant")])
def test_a_first_game_taught_step_by_step(server: Server, width: int, height: int, lang: str) -> None:
    from playwright.sync_api import sync_playwright

    axe = axe_source()
    errors: list[str] = []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        page = watch(browser.new_page(viewport={"width": width, "height": height}), errors)
        page.goto(f"{server.url}/favicon.ico")      # the origin, to choose the page's language first
        page.evaluate("lang => localStorage.setItem('mdeal-lang', lang)", lang)
        page.goto(server.url)
        page.wait_for_selector("#rooms p")      # the lobby has loaded (leaving it earlier aborts its requests)
        page.click("#learn-start")
        problems = play_lesson(page, axe, lang)
        done = page.inner_text("#finished")
        assert ("You won!" in done) if lang == "en" else ("你贏了！" in done)
        assert errors == []
        page.click("#lesson-again")   # a new room, from the first step again
        page.wait_for_selector("#choices button.hinted", state="attached")
        assert page.evaluate("document.body.dataset.version") == "0"
        browser.close()
    assert problems == []
