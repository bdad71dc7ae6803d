"""A whole game in a real browser (Debian's chromium, headless), by clicking.

Two people in two browser contexts create a room, join, add a bot and play a
game to a winner — with a payment, a Just Say No and a re-colour among their
clicks — and one of them reloads the page mid-game and carries on.

The people click by a fixed policy (:func:`choose`), so the whole game follows
from its seed; :func:`scripted_game` plays it on the engine first and picks a
seed whose game is short and has all three kinds of click.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import httpx
import pytest

from monopoly_deal.bots import Seat, make_bot
from monopoly_deal.engine import Game, Rules

from .helpers import Server  # the fixture `server` (conftest.py) starts one

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
NAMES = ["Ann", "Bob", "random bot 3"]   # two people, then the bot (seat 3)
ATTACKS = ("deal-breaker", "sly-deal", "forced-deal", "debt-collector", "birthday", "rent:")


def choose(legal: list[str], decision: str, recoloured: set[int], seat: int) -> str:
    """How the people click: say no when they can, put properties down, re-colour a wild once, attack, bank."""
    if "no" in legal:
        return "no"
    if decision != "play":
        return "accept" if "accept" in legal else legal[0]
    plays = [a for a in legal if a.startswith("play ")]
    if plays:
        return plays[0]
    moves = [a for a in legal if a.startswith("move ")]
    if moves and seat not in recoloured:
        recoloured.add(seat)
        return moves[0]
    for prefix in (*ATTACKS, "house ", "hotel ", "pass-go", "bank "):
        found = [a for a in legal if a.startswith(prefix) and a != "bank just-say-no"]
        if found:
            return found[0]
    return "end"


def scripted_game(seed: int, limit: int = 60) -> tuple[list[tuple[int, str, str, int]], Game]:
    """The people's clicks in the game of ``seed`` (seat, action, decision, options), the bot playing as the server's."""
    game = Game(3, "base", Rules(), seed, NAMES, log=False)
    bot = make_bot("random", (seed * 16 + 2) & ((1 << 63) - 1))   # the server seeds a room's bot so
    recoloured: set[int] = set()
    clicks: list[tuple[int, str, str, int]] = []
    while not game.over and len(clicks) < limit:
        if game.decider == 2:
            game.apply(bot.choose(Seat(game, 2)))
            continue
        legal = [str(a) for a in game.legal_actions()]
        decision = game.decision_info()["type"]
        choice = choose(legal, decision, recoloured, game.decider)
        clicks.append((game.decider, choice, decision, len(legal)))
        game.apply(choice)
    return clicks, game


def covers_everything(clicks: list[tuple[int, str, str, int]], game: Game) -> bool:
    return (game.over and game.winner in (0, 1)
            and any(d == "pay" and options > 1 for _, _, d, options in clicks)    # a payment with a choice
            and any(a == "no" for _, a, _, _ in clicks)                         # a Just Say No
            and any(a.startswith("move ") for _, a, _, _ in clicks))            # a re-colour


def find_seed(start: int = 796) -> int:
    """The first seed from ``start`` whose game ends within 60 clicks and has every kind of click."""
    for seed in range(start, start + 5000):
        if covers_everything(*scripted_game(seed)):
            return seed
    raise AssertionError("no short game covers a payment, a Just Say No and a re-colour")


def test_the_scripted_game_has_a_payment_a_just_say_no_and_a_recolour() -> None:
    clicks, game = scripted_game(find_seed())
    assert covers_everything(clicks, game) and len(clicks) <= 60


needs_chromium = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium "
                                    "(apt-get install chromium; .ci/run installs it)")


def launch(playwright: Any) -> Any:
    """Debian's chromium, headless, quiet (no network of its own)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
        "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--no-first-run"])


def seat_by_invite(ann: Any, bob: Any) -> None:
    """From the lobby page Ann is on: she creates a room with its options as they are, which seats her in
    P1, and Bob joins by her invite link."""
    ann.fill("#create-player", "Ann")
    ann.click("#create button[type=submit]")
    ann.wait_for_selector("#add-bot")
    bob.goto(ann.input_value("#invite"))
    bob.fill("#name", "Bob")
    bob.click("#join")
    bob.wait_for_selector("#start")


@needs_chromium
def test_two_people_and_a_bot_play_a_whole_game_by_clicking(server: Server) -> None:
    from playwright.sync_api import sync_playwright

    seed = find_seed()
    clicks, game = scripted_game(seed)
    with sync_playwright() as playwright:
        browser = launch(playwright)
        ann = browser.new_context().new_page()
        bob = browser.new_context(viewport={"width": 390, "height": 844}).new_page()   # a phone-size screen
        for page in (ann, bob):
            page.set_default_timeout(10_000)

        ann.goto(f"{server.url}/?seed={seed}")
        ann.select_option("select[name=players]", "3")
        seat_by_invite(ann, bob)
        assert ann.input_value("#bot") == "ismcts"     # the picker starts on the strongest bot
        ann.select_option("#bot", "random")
        ann.click("#add-bot")
        ann.wait_for_selector("text=Bot 3 (random)")   # a bot's name as people read it
        ann.click("#start")

        pages = [ann, bob]
        for i, (seat, action, _, _) in enumerate(clicks):
            page = pages[seat]
            button = page.locator(f'#choices button[data-action="{action}"]')
            button.wait_for(state="attached")
            version = page.evaluate("document.body.dataset.version")
            if button.is_hidden():    # a play: click the card first, then what to do with it
                page.click(f'.card[data-subject="{button.get_attribute("data-subject")}"]')
            button.click()
            page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
            if i == len(clicks) // 2:  # close the tab's page and come back: the same seat and decision
                ann.reload()
                ann.wait_for_selector("#tables")

        for page in pages:
            page.wait_for_selector("#finished")
            assert page.inner_text("#finished h2") == f"{NAMES[game.winner]} wins!"
        log = ann.inner_text("#log")
        assert "says no (Just Say No)" in log and " pays " in log and " turns " in log
        browser.close()


@needs_chromium
def test_play_against_bots_in_one_click(server: Server) -> None:
    """The lobby's quick-play button: a 3-player base game, you and two heuristic bots, started."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page()
        page.set_default_timeout(10_000)
        page.goto(server.url)
        page.select_option("#lang", "zh-Hant")   # the words come from the server's catalogue
        page.wait_for_selector("#quick-play:has-text('與電腦對戰')")
        page.click("#quick-play")                 # no name typed: the default, "Player" (玩家)
        page.wait_for_selector("#hand .card")
        seats = [page.inner_text(f"#table-{p} h2") for p in range(3)]
        assert seats[0].startswith("P1 玩家 ★") and page.locator("#tables section.table").count() == 3
        # bots are named in the page's language
        assert seats[1].startswith("P2 電腦 2（策略）") and seats[2].startswith("P3 電腦 3（策略）")
        browser.close()


@needs_chromium
def test_a_private_room_by_its_invite_link_and_the_host_removes_a_player(server: Server) -> None:
    """The create form's private box; the invite link carries the secret; a name is shown as text, never markup;
    the host's remove button frees a seat and the removed page forgets its token."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch(playwright)
        ann, bob, eve = (browser.new_context().new_page() for _ in range(3))
        for page in (ann, bob, eve):
            page.set_default_timeout(10_000)
        ann.goto(server.url)
        ann.check("#private")
        ann.fill("#create-player", "Ann")
        ann.click("#create button[type=submit]")
        ann.wait_for_selector("#add-bot")
        link = ann.input_value("#invite")
        assert "invite=" in link and httpx.get(f"{server.url}/api/rooms").json() == []   # not listed
        eve.goto(link.split("&invite=")[0])         # the room's address without the secret
        eve.fill("#name", "Eve")
        eve.click("#join")
        eve.wait_for_selector("#error:has-text('this room is private')")
        bob.goto(link)
        bob.fill("#name", "<b>Bob</b>")
        bob.click("#join")
        bob.wait_for_selector("#start")
        ann.wait_for_selector("#seats li:has-text('<b>Bob</b>')")
        assert ann.locator("#seats b").count() == 0
        ann.click("#seats button.remove[data-seat='1']")
        bob.wait_for_selector("#join")               # the seat's token is gone: Bob may join again, or watch
        ann.wait_for_selector("#seats li:has-text('P2'):not(:has-text('Bob'))")
        browser.close()
