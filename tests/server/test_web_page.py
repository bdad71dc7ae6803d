"""The page as a new player meets it, in Debian's chromium: what changed is shown, decisions name what is at
stake, payments add up, the end shows every hand and replays, typed text survives updates, everything is
reachable by keyboard, axe-core finds no accessibility problem of any impact, and nothing fails in the console or
the network.

Two people play a whole 2-player game by keyboard alone (Tab, Shift+Tab, Enter, arrows), each click chosen
by the fixed policy of test_browser.py, so the game follows from its seed; :func:`find_seed` picks a short
one with a Just Say No and a payment of several cards.
"""

from __future__ import annotations

from typing import Any

import httpx

from monopoly_deal.engine import Game, Rules
from monopoly_deal.server.views import hello

from .helpers import Server, npm_file
from .test_browser import choose, launch, needs_chromium, seat_by_invite

CARDS = hello("en")["cards"]

Click = tuple[int, str, dict[str, Any]]   # seat, action, the decision it answers


def scripted_game(seed: int, limit: int = 60) -> tuple[list[Click], Game]:
    """Ann's and Bob's clicks in the 2-player game of ``seed``."""
    game = Game(2, "base", Rules(), seed, ["Ann", "Bob"], log=False)
    recoloured: set[int] = set()
    clicks: list[Click] = []
    while not game.over and len(clicks) < limit:
        legal = [str(a) for a in game.legal_actions()]
        decision = game.decision_info()
        choice = choose(legal, decision["type"], recoloured, game.decider)
        clicks.append((game.decider, choice, decision))
        game.apply(choice)
    return clicks, game


def several_card_payment(clicks: list[Click]) -> int | None:
    """The index of the second card of the first payment made of several cards."""
    for i in range(1, len(clicks)):
        if clicks[i][2]["type"] == clicks[i - 1][2]["type"] == "pay" and clicks[i][0] == clicks[i - 1][0]:
            return i
    return None


def find_seed(start: int = 1739) -> int:
    for seed in range(start, start + 3000):
        clicks, game = scripted_game(seed)
        if game.over and any(a == "no" for _, a, _ in clicks) and several_card_payment(clicks) is not None:
            return seed
    raise AssertionError("no short game has a Just Say No and a payment of several cards")


def watch(page: Any, problems: list[str]) -> Any:
    """Collect console errors, page errors and failed requests of ``page``."""
    page.set_default_timeout(15_000)
    page.on("console", lambda m: problems.append(f"console: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"failed: {r.url}"))
    page.on("response", lambda r: problems.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)
    return page


def axe_source() -> str:
    """axe-core (npm registry), installed into the tests' cache on first use; the test skips without npm."""
    script = npm_file("axe-core@4", "axe-core/axe.min.js", "check the page's accessibility")
    return script.read_text(encoding="utf-8")


def axe_violations(page: Any, axe: str) -> list[str]:
    """axe-core's findings of any impact (minor to critical) on the page as it is now."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(axe)     # evaluated by the test (DevTools), not loaded by the page: the page's CSP stays
    # what is still arriving (a card travelling, the winner's banner fading in) is judged once it has arrived
    page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')")
    return page.evaluate("""async () => (await axe.run(document, { resultTypes: ["violations"] })).violations
        .map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`)""")


def focus(page: Any, selector: str, presses: int = 400) -> None:
    """Tab (or Shift+Tab, towards it) until ``selector`` has the focus: the keyboard's way to anything."""
    for _ in range(presses):
        where = page.evaluate("""(selector) => {
            const target = document.querySelector(selector), at = document.activeElement;
            if (at && at.matches(selector)) return "here";
            if (!at || at === document.body) return "ahead";
            return at.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING ? "ahead" : "behind";
        }""", selector)
        if where == "here":
            return
        page.keyboard.press("Tab" if where == "ahead" else "Shift+Tab")
    raise AssertionError(f"the keyboard never reached {selector}")


def press(page: Any, selector: str) -> None:
    focus(page, selector)
    page.keyboard.press("Enter")


def seated_pages(browser: Any, server: Server, seed: int, problems: list[str], axe: str | None = None) -> list[Any]:
    """Ann (1280×800) creates a 2-player room, Bob (390×844, a phone) joins by the invite link; Ann starts."""
    ann = watch(browser.new_context(viewport={"width": 1280, "height": 800}).new_page(), problems)
    bob = watch(browser.new_context(viewport={"width": 390, "height": 844}).new_page(), problems)
    ann.goto(f"{server.url}/?seed={seed}")
    ann.wait_for_selector("#create .rule", state="attached")   # the rule options, as labelled controls
    if axe is not None:
        assert axe_violations(ann, axe) == [], "lobby"
    seat_by_invite(ann, bob)
    ann.wait_for_selector("#seats li:has-text('Bob')")
    ann.click("#start")
    return [ann, bob]


@needs_chromium
def test_a_whole_game_by_keyboard_with_every_decision_in_context(server: Server) -> None:
    from playwright.sync_api import sync_playwright

    axe = axe_source()
    seed = find_seed()
    clicks, game = scripted_game(seed)
    second_payment = several_card_payment(clicks)
    problems: list[str] = []
    seen = {"ticker": False, "no": False, "paying": False}
    judged: set[str] = set()    # the decision types axe has judged the page at
    with sync_playwright() as playwright:
        browser = launch(playwright)
        pages = seated_pages(browser, server, seed, problems, axe)
        for i, (seat, action, decision) in enumerate(clicks):
            page = pages[seat]
            button = f'#choices button[data-action="{action}"]'
            page.wait_for_selector(button, state="attached")
            if seat == 0 and i and clicks[i - 1][0] == 1 and not seen["ticker"]:   # the ticker tells Bob's last move
                assert "Bob" in page.inner_text("#ticker")
                seen["ticker"] = True
            if action == "no" and not seen["no"]:        # the prompt names the card and what is at stake
                text = page.inner_text("#decision")
                assert CARDS[decision["action"]]["name"] in text and "Just Say No, or accept?" in text
                assert all(CARDS[key]["name"] in text for _, _, key in decision.get("cards", []))
                assert f"{decision['amount']}M" in text if "amount" in decision else True
                assert axe_violations(page, axe) == [], "game"
                seen["no"] = True
            if i == second_payment:                        # a running total: paid so far, still owed
                paid = game.values()[clicks[i - 1][1].split(":")[-1].split()[-1]]
                total = page.inner_text("#running-total")
                assert f"Paid so far: {paid}M" in total and f"still owed: {decision['owed']}M" in total
                seen["paying"] = True
            if decision["type"] not in judged:            # axe at the first decision of each type
                assert axe_violations(page, axe) == [], decision["type"]
                judged.add(decision["type"])
            version = page.evaluate("document.body.dataset.version")
            if page.locator(button).is_hidden():          # a play: the card first (Enter on it), then what to do
                press(page, f'.card[data-subject="{page.get_attribute(button, "data-subject")}"]')
            press(page, button)
            page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
        assert seen == {"ticker": True, "no": True, "paying": True}
        assert {"play", "respond", "pay"} <= judged

        for you, page in enumerate(pages):               # the end: a banner, every table and every hand
            page.wait_for_selector("#finished")
            assert page.inner_text("#finished h2") == f"{['Ann', 'Bob'][game.winner]} wins!"
            assert "Game over" in page.inner_text("#turn-line")
            other = 1 - you
            assert page.locator(f"#table-{other} .open-hand .card").count() == len(game.view(other)["hand"])
            assert page.locator("#hand .card").count() == len(game.view(you)["hand"])
        ann = pages[0]
        assert axe_violations(ann, axe) == [], "end"
        press(ann, "#replay-open")                       # the replay, by keyboard: back one move, then all open
        ann.wait_for_selector("#replay-step")
        last = len(game.history)
        assert ann.inner_text("#replay-step") == f"Replay — move {last} of {last}"
        ann.keyboard.press("ArrowLeft")
        ann.wait_for_selector(f"#replay-step:has-text('move {last - 1} of')")
        assert axe_violations(ann, axe) == [], "replay"
        ann.keyboard.press("Home")
        ann.select_option("#replay-viewer", "all")
        ann.wait_for_selector("#table-1 .open-hand .card")
        dealt = Game(2, "base", Rules(), seed, ["Ann", "Bob"]).view(0)["hand_sizes"]    # before the first move
        assert [ann.locator(f"#table-{p} .open-hand .card").count() for p in range(2)] == dealt
        browser.close()
    assert problems == []


@needs_chromium
def test_a_name_being_typed_survives_others_joining(server: Server) -> None:
    """The room page updates in place: the text and the focus of its name field stay while seats fill."""
    from playwright.sync_api import sync_playwright

    problems: list[str] = []
    room = httpx.post(f"{server.url}/api/rooms", json={"players": 3}).json()["id"]
    ann = httpx.post(f"{server.url}/api/rooms/{room}/join", json={"name": "Ann"}).json()["token"]
    with sync_playwright() as playwright:
        browser = launch(playwright)
        eve = watch(browser.new_page(), problems)
        eve.goto(f"{server.url}/?room={room}")
        eve.click("#name")
        eve.keyboard.type("Ev")
        httpx.post(f"{server.url}/api/rooms/{room}/bots", json={"token": ann, "bot": "random"})
        eve.wait_for_selector("#seats li:has-text('Bot 2 (random)')")     # a bot's name in words
        eve.keyboard.type("e")
        assert eve.input_value("#name") == "Eve" and eve.evaluate("document.activeElement.id") == "name"
        eve.click("#copy")
        eve.wait_for_selector("#copy:has-text('Copied')")                 # the invite button answers
        browser.close()
    assert problems == []


@needs_chromium
def test_a_hint_highlights_the_strongest_bot_s_choice(server: Server) -> None:
    from playwright.sync_api import sync_playwright

    problems: list[str] = []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        page = watch(browser.new_page(), problems)
        page.goto(f"{server.url}/?seed=3")
        page.click("#quick-play")
        page.wait_for_selector("#hint")
        page.click("#hint")
        page.wait_for_selector("#choices button.hinted, .card.highlight", state="attached", timeout=60_000)
        browser.close()
    assert problems == []


@needs_chromium
def test_ten_players_fit_a_laptop_and_a_phone_and_no_card_name_is_cut(server: Server) -> None:
    """10 seats in 简体中文 at 1280×800 and 390×844: no sideways scrolling, every card's words inside it."""
    from playwright.sync_api import sync_playwright

    problems: list[str] = []
    room = httpx.post(f"{server.url}/api/rooms", json={"players": 10, "seed": 3}).json()["id"]
    token = httpx.post(f"{server.url}/api/rooms/{room}/join", json={"name": "Ann"}).json()["token"]
    for _ in range(9):
        httpx.post(f"{server.url}/api/rooms/{room}/bots", json={"token": token, "bot": "random"})
    httpx.post(f"{server.url}/api/rooms/{room}/start", json={"token": token})
    with sync_playwright() as playwright:
        browser = launch(playwright)
        for width, height in ((1280, 800), (390, 844)):
            page = watch(browser.new_page(viewport={"width": width, "height": height}), problems)
            page.goto(f"{server.url}/favicon.ico")       # the origin, to give the page its seat token
            page.evaluate("([room, token]) => { localStorage.setItem(`mdeal-token-${room}`, token);"
                          " localStorage.setItem('mdeal-lang', 'zh-Hans'); }", [room, token])
            page.goto(f"{server.url}/?room={room}")
            page.wait_for_selector("#hand .card")
            assert page.locator("#tables section.table").count() == 10
            assert page.evaluate("document.documentElement.scrollWidth") == width
            cut = page.evaluate("""[...document.querySelectorAll('.card')]
                .filter((c) => c.scrollHeight > c.clientHeight + 1 || c.scrollWidth > c.clientWidth + 1).length""")
            assert cut == 0 and "物业牌" in page.inner_text("#hand")
            page.close()
        browser.close()
    assert problems == []
