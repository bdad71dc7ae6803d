"""Make the screenshots of docs/web.md: a 5-player game (you and four heuristic bots) at 1280×800 and at
390×844 (a phone) in each language, the end of a game, and the lesson's first step ("Learn to play",
its card picked) at 1366×768, in Debian's chromium.

    PYTHONPATH=src python docs/web_screenshots.py     # writes docs/img/web-*.png (Chinese needs a CJK font)

You click by the fixed policy of tests/server/test_browser.py, so the pictures follow from the seed.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.helpers import Server
from tests.server.test_browser import choose, launch

IMG = ROOT / "docs" / "img"
SIZES = {"wide": (1280, 800), "phone": (390, 844)}


def seated(server: Server, lang: str, players: int, seed: int) -> tuple[str, str]:
    """A started room of ``players``: you in seat P1, heuristic bots in the others. (room id, your token)"""
    room = httpx.post(f"{server.url}/api/rooms", json={"players": players, "seed": seed, "lang": lang}).json()["id"]
    token = httpx.post(f"{server.url}/api/rooms/{room}/join", json={"name": "Ann"}).json()["token"]
    for _ in range(players - 1):
        httpx.post(f"{server.url}/api/rooms/{room}/bots", json={"token": token, "bot": "heuristic"})
    httpx.post(f"{server.url}/api/rooms/{room}/start", json={"token": token})
    return room, token


def open_seat(page: Any, server: Server, room: str, token: str, lang: str) -> None:
    page.goto(server.url)
    page.evaluate("([room, token, lang]) => { localStorage.setItem(`mdeal-token-${room}`, token);"
                  " localStorage.setItem('mdeal-lang', lang); }", [room, token, lang])
    page.goto(f"{server.url}/?room={room}")
    page.wait_for_selector("#tables")


def play(page: Any, decisions: int) -> None:
    """Make ``decisions`` of yours by the policy, then wait for your next play decision (or the end)."""
    recoloured: set[int] = set()
    made = 0
    while True:
        page.wait_for_selector("#choices button, #finished", state="attached")
        if page.locator("#finished").count():
            return
        legal = page.eval_on_selector_all("#choices button[data-action]", "bs => bs.map((b) => b.dataset.action)")
        if made >= decisions and "end" in legal:
            return
        version = page.evaluate("document.body.dataset.version")
        action = choose(legal, "play" if "end" in legal else "other", recoloured, 0)
        page.eval_on_selector(f'#choices button[data-action="{action}"]', "b => b.click()")
        page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
        made += 1


def main() -> None:
    IMG.mkdir(exist_ok=True)
    server = Server(f"sqlite:///{tempfile.mkdtemp()}/games.sqlite3")
    server.start()
    try:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            browser = launch(playwright)
            for lang in ("en", "zh-Hant", "zh-Hans"):
                room, token = seated(server, lang, 5, seed=31)
                for size, viewport in SIZES.items():
                    page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]},
                                            reduced_motion="reduce")
                    open_seat(page, server, room, token, lang)
                    play(page, 12 if size == "wide" else 0)
                    page.screenshot(path=str(IMG / f"web-{lang}-{size}.png"))
                    page.close()
            room, token = seated(server, "en", 3, seed=7)
            page = browser.new_page(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
            open_seat(page, server, room, token, "en")
            play(page, 10_000)
            page.screenshot(path=str(IMG / "web-end.png"), full_page=True)
            page = browser.new_page(viewport={"width": 1366, "height": 768}, reduced_motion="reduce")
            page.goto(server.url)
            page.click("#learn-start")
            page.click(".card.highlight")
            page.wait_for_selector("#choices.at-card button.hinted")
            page.screenshot(path=str(IMG / "web-lesson.png"))
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
