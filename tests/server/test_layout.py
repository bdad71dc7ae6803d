"""The table fits the screen (issue 32): at six screen sizes, with 2, 4 and 10 players, whole games are
played through the page, and at every decision of yours the four landmarks — "Your hand", "Your table",
"Piles" (with the latest move) and "Decision" — are inside the viewport, not covered, and the page itself
does not scroll. You play as a plain player would (lay properties, charge rent, bank money, play action
cards, seeded random among them); the opponents are heuristic bots. The page runs with reduced motion, so
nothing is in flight when a decision is checked (cards travelling are judged in test_web_page).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from .helpers import Server, open_seat, room_with_bots
from .test_browser import launch, needs_chromium

SIZES = [(1366, 768), (1280, 800), (1920, 1080), (768, 1024), (390, 844), (844, 390)]
LANDMARKS = ["Your hand", "Your table", "Piles", "Decision"]
#: A bound no game here comes near (a safety net: a game stuck in a loop fails rather than hangs).
MOST_DECISIONS = 400
#: What you like to do, most wanted first: complete sets, charge, keep money, then the rest.
LIKED = ["play", "rent", "bank"]

# Each landmark found by its accessible name: its box inside the viewport, and the element at a few
# points inside it its own (nothing drawn over it). Returns what is wrong, in words.
CHECK = """(names) => {
  const problems = [];
  const regions = [...document.querySelectorAll("section[aria-label], [role=region][aria-label]")];
  for (const name of names) {
    const node = regions.find((n) => n.getAttribute("aria-label") === name);
    if (!node) { problems.push(`${name}: missing`); continue; }
    const r = node.getBoundingClientRect();
    if (r.width < 24 || r.height < 24) problems.push(`${name}: ${r.width}x${r.height}`);
    if (r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1)
      problems.push(`${name}: outside the viewport (${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.right)},${Math.round(r.bottom)})`);
    for (const [fx, fy] of [[0.5, 0.5], [0.15, 0.2], [0.85, 0.8]]) {
      const hit = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
      if (hit && !node.contains(hit)) problems.push(`${name}: covered by ${hit.tagName}#${hit.id}.${hit.className}`);
    }
  }
  const page = document.scrollingElement;
  if (page.scrollHeight > innerHeight + 1 || page.scrollWidth > innerWidth + 1) problems.push("the page scrolls");
  const ticker = document.querySelector("#ticker li:last-child");
  if (ticker) {
    const t = ticker.getBoundingClientRect();
    if (t.top < 0 || t.bottom > innerHeight + 1) problems.push("the latest move is off screen");
  }
  return problems;
}"""


def choose(actions: list[str], rng: random.Random) -> str:
    """Your choice among the legal actions' notations: a kind you like best (see LIKED), any card of it."""
    for verb in LIKED:
        liked = [a for a in actions if a.split()[0].split(":")[0] == verb]
        if liked:
            return rng.choice(liked)
    plays = [a for a in actions if a != "end"]
    return rng.choice(plays) if plays and rng.random() < 0.5 else rng.choice(actions)


def play_and_check(page: Any, rng: random.Random) -> tuple[int, list[str]]:
    """Play the game on ``page`` to its end; the decisions checked and the problems found."""
    problems: list[str] = []
    checked = 0
    while True:
        page.wait_for_selector("#choices button, #finished", state="attached", timeout=60_000)
        if page.locator("#finished").count():
            return checked, problems
        assert checked < MOST_DECISIONS, "the game did not end"
        version = page.evaluate("document.body.dataset.version")
        problems += [f"decision {checked}: {problem}" for problem in page.evaluate(CHECK, LANDMARKS)]
        checked += 1
        actions = page.eval_on_selector_all("#choices button[data-action]", "bs => bs.map((b) => b.dataset.action)")
        action = choose(actions, rng)
        button = page.locator(f'#choices button[data-action="{action}"]')
        if button.is_hidden():    # a play: the card first, then what to do with it
            page.click(f'.card[data-subject="{button.get_attribute("data-subject")}"]')
        button.click()
        page.wait_for_function("v => document.body.dataset.version !== v", arg=version, timeout=60_000)


@needs_chromium
@pytest.mark.parametrize("players", [2, 4, 10])
def test_every_decision_shows_hand_table_piles_and_decision_at_every_size(server: Server, players: int) -> None:
    from playwright.sync_api import sync_playwright

    found: list[str] = []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        for index, (width, height) in enumerate(SIZES):
            room, token = room_with_bots(server, players, seed=100 * players + index)
            page = browser.new_page(viewport={"width": width, "height": height}, reduced_motion="reduce")
            page.set_default_timeout(20_000)
            open_seat(page, server, room, token)
            checked, problems = play_and_check(page, random.Random(index))
            assert checked > 5, f"{width}x{height}: only {checked} decisions"   # a game, not an empty page
            found += [f"{players} players, {width}x{height}, {p}" for p in problems]
            page.close()
        browser.close()
    assert found == [], "\n".join(found)
