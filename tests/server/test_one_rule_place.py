"""Issue 31, one place for each rule: a rule option reaches the page as the engine says it.

A room with ``values=s2`` (R1.5: the any-colour rent is worth 1M, the railroad/utility wild 4M) shows
those values on the cards in the hand, and its bank total counts them so; the page knows a card's value
only from the engine's view (``game.values``). The same option in the terminal and in records is
tests/test_one_rule_place.py.
"""

from __future__ import annotations

from typing import Any

from monopoly_deal.engine import Game
from monopoly_deal.server.protocol import server_rules

from .helpers import Server, open_seat
from .test_browser import launch, needs_chromium

S2 = {"values": "s2"}
CHANGED = {"rent:any", "railroad/utility"}     # worth other than printed under s2


def seed_with_a_changed_card() -> tuple[int, str]:
    """A 2-player seed whose first hand (P1 starts) holds a card that s2 values otherwise."""
    for seed in range(1, 500):
        game = Game(2, "base", server_rules(S2), seed)
        held = CHANGED & set(game.view(0)["hand"])
        if held and any(f"bank {key}" == str(a) for key in held for a in game.legal_actions()):
            return seed, min(held)
    raise AssertionError("no seed deals P1 a card that s2 values otherwise")


@needs_chromium
def test_a_values_s2_room_shows_the_decks_values_in_the_hand_and_the_bank(server: Server) -> None:
    from playwright.sync_api import sync_playwright

    seed, key = seed_with_a_changed_card()
    values = Game(2, "base", server_rules(S2), seed).values()
    room = server.post("/api/rooms", {"players": 2, "seed": seed, "rules": S2})["id"]
    token = server.post(f"/api/rooms/{room}/join", {"name": "Ann"})["token"]
    server.post(f"/api/rooms/{room}/bots", {"token": token, "bot": "random"})
    server.post(f"/api/rooms/{room}/start", {"token": token})
    with sync_playwright() as playwright:
        browser = launch(playwright)
        page: Any = browser.new_page(viewport={"width": 1280, "height": 800})
        open_seat(page, server, room, token)
        page.wait_for_selector(f'#hand .card[data-card="{key}"]')
        shown = page.eval_on_selector_all("#hand .card", "cards => cards.map((c) => [c.dataset.card, "
                                          "c.querySelector('.value').dataset.value])")
        assert shown and all(value == f"{values[card]}M" for card, value in shown), shown
        version = page.evaluate("document.body.dataset.version")
        page.click(f'#hand .card[data-card="{key}"]')
        page.click(f'#choices button[data-action="bank {key}"]')
        page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
        assert page.inner_text("#bank-total-0").endswith(f"{values[key]}M")     # 1M or 4M, not the printed 3M/2M
        browser.close()
