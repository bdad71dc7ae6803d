"""The web page's own speed, measured in the page (Debian's chromium, headless, 127.0.0.1):

- first paint of a game: from the navigation to the first drawn table (a performance mark of app.js,
  ``mdeal-first-game``), and the browser's first contentful paint;
- applying one state update (``mdeal-apply``: the page's own work for a message, drawing and morphing in
  place) and reaching the next frame with it (``mdeal-frame``: that work, then the browser's style and
  layout, up to the animation frame that starts the cards' journeys), while ten heuristic bots play,
  watched (every table, the ticker, the log) at 1280×800 and 390×844;
- the weight of the page's own files (server/static: no CDN, no build step).

    PYTHONPATH=src python benchmarks/bench_page.py [--players 10] [--updates 400] [--seed 5]

The figures in docs/web.md came from this script.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from monopoly_deal.server.app import STATIC
from tests.server.helpers import Server
from tests.server.test_browser import launch


def bot_room(server: Server, players: int, seed: int) -> str:
    """A started room of bots only: P1 a person who leaves at once (a bot plays on for her)."""
    room = httpx.post(f"{server.url}/api/rooms", json={"players": players, "seed": seed}).json()["id"]
    token = httpx.post(f"{server.url}/api/rooms/{room}/join", json={"name": "Ann"}).json()["token"]
    for _ in range(players - 1):
        httpx.post(f"{server.url}/api/rooms/{room}/bots", json={"token": token, "bot": "heuristic"})
    httpx.post(f"{server.url}/api/rooms/{room}/start", json={"token": token})
    httpx.post(f"{server.url}/api/rooms/{room}/leave", json={"token": token})
    return room


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(browser, server: Server, players: int, updates: int, seed: int, viewport: tuple[int, int]) -> dict:
    room = bot_room(server, players, seed)
    page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
    page.goto(f"{server.url}/?room={room}")
    page.wait_for_function("() => performance.getEntriesByName('mdeal-first-game').length > 0")
    first = page.evaluate("performance.getEntriesByName('mdeal-first-game')[0].startTime")
    fcp = page.evaluate("(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: NaN}).startTime")
    deadline = time.time() + 300
    while time.time() < deadline:
        done = page.evaluate("performance.getEntriesByName('mdeal-apply').length")
        if done >= updates or page.locator("#finished").count():
            break
        time.sleep(0.5)
    applied = page.evaluate("performance.getEntriesByName('mdeal-apply').map((m) => m.duration)")
    framed = page.evaluate("performance.getEntriesByName('mdeal-frame').map((m) => m.duration)")
    page.close()
    return {"first": first, "fcp": fcp, "applied": applied, "framed": framed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--updates", type=int, default=400)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    own = sum(f.stat().st_size for f in Path(str(STATIC)).iterdir() if f.is_file())
    print(f"the page's own files: {own / 1024:.1f} KiB ({len(list(Path(str(STATIC)).iterdir()))} files)")
    server = Server(f"sqlite:///{tempfile.mkdtemp()}/games.sqlite3")
    server.start()
    try:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            browser = launch(playwright)
            for viewport in ((1280, 800), (390, 844)):
                result = measure(browser, server, args.players, args.updates, args.seed, viewport)
                print(f"{viewport[0]}×{viewport[1]}, {args.players} players: first game paint {result['first']:.0f} ms "
                      f"(first contentful paint {result['fcp']:.0f} ms)")
                for what in ("applied", "framed"):
                    times = result[what]
                    print(f"  {len(times)} state updates {what}: p50 {statistics.median(times):.1f} ms, "
                          f"p95 {percentile(times, 0.95):.1f} ms, max {max(times):.1f} ms")
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
