"""The web page's own speed, measured in the page (Debian's chromium, headless, 127.0.0.1):

- first paint of a game: from the navigation to the first drawn table (a performance mark of app.js,
  ``mdeal-first-game``), and the browser's first contentful paint;
- applying one state update (``mdeal-apply``: the page's own work for a message, drawing and morphing in
  place) and reaching the next frame with it (``mdeal-frame``: that work, then the browser's style and
  layout, up to the animation frame that starts the cards' journeys), with ten players;
- the weight of the page's own files (server/static: no CDN, no build step).

Ten heuristic bots play a game that the page watches (every table, the ticker, the log) and records. The
recorded messages are then played to fresh pages again ``--repeats`` times (Playwright stands in for the
server's WebSocket): each update's cost is the least of its repeats, so a busy machine's pauses do not count
as the page's own. Both viewports: 1280×800 and 390×844.

    PYTHONPATH=src python benchmarks/bench_page.py [--players 10] [--updates 300] [--repeats 5] [--seed 5]

The figures in docs/web.md came from this script.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

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


def first_paint(browser: Any, server: Server, room: str, viewport: dict[str, int]) -> tuple[float, float]:
    """A fresh page opening the game: (ms to the first drawn table, ms to the first contentful paint)."""
    page = browser.new_page(viewport=viewport)
    page.goto(f"{server.url}/?room={room}")
    page.wait_for_function("() => performance.getEntriesByName('mdeal-first-game').length > 0")
    first = page.evaluate("performance.getEntriesByName('mdeal-first-game')[0].startTime")
    fcp = page.evaluate("(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: NaN}).startTime")
    page.close()
    return first, fcp


def watch_live(browser: Any, server: Server, room: str, updates: int, viewport: dict[str, int]) -> list[str]:
    """Every message the page watching the bots was sent (up to ``updates`` states, or the game's end)."""
    page = browser.new_page(viewport=viewport)
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda text: frames.append(text)))
    page.goto(f"{server.url}/?room={room}")
    deadline = time.time() + 300
    while time.time() < deadline and sum('"type": "state"' in f for f in frames) < updates \
            and not page.locator("#finished").count():
        time.sleep(0.5)
    page.close()
    return frames


def replayed(browser: Any, server: Server, room: str, frames: list[str], viewport: dict[str, int]) -> dict[str, list]:
    """``frames`` played to a fresh page one message at a time: each state update's costs (ms)."""
    page = browser.new_page(viewport=viewport)
    sockets: list[Any] = []
    page.route_web_socket("**/ws/**", lambda ws: sockets.append(ws))   # no server behind it: the recording
    page.goto(f"{server.url}/?room={room}")
    page.wait_for_function("() => document.querySelector('#app')")
    while not sockets:
        page.wait_for_timeout(10)
    for text in frames:
        sockets[0].send(text)
        message = json.loads(text)
        if message["type"] == "state" and "version" in message:
            page.wait_for_function("v => document.body.dataset.version === String(v)", arg=message["version"])
    page.wait_for_timeout(100)     # the last animation frame
    costs = {name: page.evaluate(f"performance.getEntriesByName('{name}').map((m) => m.duration)")
             for name in ("mdeal-apply", "mdeal-frame")}
    page.close()
    return costs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--updates", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    files = [f for f in Path(str(STATIC)).iterdir() if f.is_file()]
    print(f"the page's own files: {sum(f.stat().st_size for f in files) / 1024:.1f} KiB ({len(files)} files)")
    server = Server(f"sqlite:///{tempfile.mkdtemp()}/games.sqlite3")
    server.start()
    try:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            browser = launch(playwright)
            for width, height in ((1280, 800), (390, 844)):
                viewport = {"width": width, "height": height}
                room = bot_room(server, args.players, args.seed)
                paints = [first_paint(browser, server, room, viewport) for _ in range(args.repeats)]
                frames = watch_live(browser, server, room, args.updates, viewport)
                runs = [replayed(browser, server, room, frames, viewport) for _ in range(args.repeats)]
                first = sorted(p[0] for p in paints)
                print(f"{width}×{height}, {args.players} players: first game paint least {first[0]:.0f} ms, "
                      f"median {statistics.median(first):.0f} ms of {args.repeats} "
                      f"(first contentful paint least {min(p[1] for p in paints):.0f} ms)")
                for name in ("mdeal-apply", "mdeal-frame"):
                    count = min(len(run[name]) for run in runs)
                    least = [min(run[name][i] for run in runs) for i in range(count)]
                    print(f"  {name}, {count} updates, least of {args.repeats}: p50 {statistics.median(least):.1f} ms, "
                          f"p95 {percentile(least, 0.95):.1f} ms, max {max(least):.1f} ms")
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
