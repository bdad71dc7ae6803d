"""Cheap messages with expensive answers: every message has a cost, a client's sockets share a
budget, the whole log in words is rendered once, and a flood of ``lang`` does not slow other people."""

from __future__ import annotations

import asyncio
import json
import statistics
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Self

import httpx
import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import connect as connect_async
from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

from monopoly_deal import Game
from monopoly_deal.bots import Seat, make_bot
from monopoly_deal.server import LobbyLimits, create_app
from monopoly_deal.server.throttle import CLIENT_SHARE, COSTS
from monopoly_deal.server.views import LogLines, lines, new_narrator

from .helpers import Server


def _played_log(seed: int, actions: int) -> tuple[list[Any], list[str]]:
    game = Game(players=3, seed=seed, log=False)
    narrator = new_narrator(game, 0)
    log = narrator.start()
    bot = make_bot("random", seed)
    for _ in range(actions):
        if game.over:
            break
        action = bot.choose(Seat(game, game.decider))
        game.apply(action)
        log += narrator.play(action)
    return log, game.names


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), cuts=st.lists(st.integers(0, 400), min_size=1, max_size=6))
def test_cached_log_lines_are_the_lines_rendered_afresh(seed: int, cuts: list[int]) -> None:
    """However the log grows between requests (a turn heading last or not), the cached whole log is
    exactly what rendering it afresh gives."""
    full, names = _played_log(seed, 400)
    cache, log = LogLines(size=2), []
    for cut in sorted(cuts):
        log += full[len(log):cut]
        for lang in ("en", "zh-Hant"):
            assert cache.lines(log, 0, names, lang) == lines(log, names, lang)
    assert cache.lines(log, 3, names, "en") == lines(log[3:], names, "en")


def _client(**limits: Any) -> TestClient:
    return TestClient(create_app("sqlite+aiosqlite://", LobbyLimits(**{"bot_delay": 0, **limits})))


def _answers(ws: Any, sent: int) -> list[str]:
    """The kinds of the next ``sent`` answers: ``hello`` for an answered ``lang``, ``pong``, ``refused`` (once for a
    run of refused messages)."""
    kinds: list[str] = []
    while len(kinds) < sent:
        message = ws.receive_json()
        if message["type"] == "error":
            kinds.append("refused" if message["error"].startswith("too many") else "error")
        elif message["type"] in ("hello", "pong"):
            kinds.append(message["type"])
    return kinds


def test_a_lang_costs_more_than_a_ping() -> None:
    with _client(messages_per_second=1, message_burst=100) as client:
        room = client.post("/api/rooms", json={"players": 2}).json()["id"]
        with client.websocket_connect(f"/ws/{room}") as ws:
            ws.receive_json(), ws.receive_json()        # hello, state
            for _ in range(10):
                ws.send_json({"type": "lang", "lang": "en"})
            answered = 100 // COSTS["lang"]
            assert _answers(ws, answered + 1) == ["hello"] * answered + ["refused"]   # told once for the rest
        with client.websocket_connect(f"/ws/{room}") as ws:
            ws.receive_json(), ws.receive_json()
            for _ in range(10):
                ws.send_json({"type": "ping"})
            assert _answers(ws, 10) == ["pong"] * 10


def test_a_new_language_resends_the_log_and_the_same_language_only_its_words() -> None:
    """``lang`` answers the cards' words; the whole log again only when the language changes (asking again
    for the language a client has costs the server no log)."""
    with _client() as client:
        room = client.post("/api/rooms", json={"players": 2}).json()["id"]
        with client.websocket_connect(f"/ws/{room}?lang=en") as ws:
            ws.receive_json(), ws.receive_json()        # hello, state
            ws.send_json({"type": "lang", "lang": "zh-Hant"})
            assert [ws.receive_json()["type"] for _ in range(2)] == ["hello", "state"]
            ws.send_json({"type": "lang", "lang": "zh-Hant"})
            ws.send_json({"type": "ping"})
            assert [ws.receive_json()["type"] for _ in range(2)] == ["hello", "pong"]


def test_a_clients_sockets_share_one_budget() -> None:
    """Each socket within its own budget, together over the client's: the later ones are refused."""
    sockets = CLIENT_SHARE + 3
    burst = 2 * COSTS["lang"]
    with _client(messages_per_second=0.01, message_burst=burst) as client:
        room = client.post("/api/rooms", json={"players": 2}).json()["id"]
        answered = []
        opened = [client.websocket_connect(f"/ws/{room}") for _ in range(sockets)]
        try:
            for i, ws in enumerate(opened):
                ws.__enter__()
                ws.receive_json(), ws.receive_json()
                ws.send_json({"type": "lang", "lang": "en"})
                ws.send_json({"type": "lang", "lang": "en"})
                answered.append(_answers(ws, 2 if i < CLIENT_SHARE else 1))
        finally:
            for ws in opened:
                ws.__exit__(None, None, None)
        # the client's share of bursts, no more: the later sockets are refused both, and told so once
        assert answered == [["hello", "hello"]] * CLIENT_SHARE + [["refused"]] * (sockets - CLIENT_SHARE)


# --- a flood against a real server ----------------------------------------------------------

@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(f"sqlite+aiosqlite:///{Path(tmp_path_factory.mktemp('flood')) / 'games.sqlite3'}")
    s.start()
    yield s
    s.stop()


def _finished_room(server: Server) -> str:
    """A room whose game has been played to the end by bots: a long log to send in words."""
    room = server.post("/api/rooms", {"players": 4})["id"]
    token = server.post(f"/api/rooms/{room}/join", {"name": "Host"})["token"]
    for _ in range(3):
        server.post(f"/api/rooms/{room}/bots", {"token": token, "bot": "random"})
    server.post(f"/api/rooms/{room}/start", {"token": token})
    server.post(f"/api/rooms/{room}/leave", {"token": token})   # a bot plays the host's seat
    deadline = time.time() + 120
    while httpx.get(f"{server.url}/api/rooms/{room}", timeout=10).json()["status"] != "finished":
        assert time.time() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return room


def _bystander_latencies(server: Server, actions: int, pause: float = 0.1) -> list[float]:
    """A person playing a bot from another address, ``pause`` seconds before each action: seconds from
    each action sent to the state showing it."""
    room = server.post("/api/rooms", {"players": 2})["id"]
    token = server.post(f"/api/rooms/{room}/join", {"name": "Bystander"})["token"]
    server.post(f"/api/rooms/{room}/bots", {"token": token, "bot": "random"})
    server.post(f"/api/rooms/{room}/start", {"token": token})
    latencies: list[float] = []
    with connect(f"ws://127.0.0.1:{server.port}/ws/{room}?token={token}", open_timeout=30,
                 source_address=("127.0.0.2", 0)) as ws:
        version, sent_at = -1, 0.0
        while len(latencies) < actions:
            message = json.loads(ws.recv(timeout=30))
            assert message["type"] != "error", message
            if message["type"] != "state" or "game" not in message:
                continue
            if sent_at and message["version"] > version:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = 0.0
            if message["legal"] and not sent_at and message["room"]["status"] == "playing":
                version = message["version"]
                time.sleep(pause)
                ws.send(json.dumps({"type": "act", "action": message["legal"][0]["notation"]}))
                sent_at = time.perf_counter()
            elif message["room"]["status"] != "playing":
                break
    return latencies


class Flood:
    """``sockets`` spectators of ``room`` each asking for ``lang`` ``rate`` times a second, reconnecting
    whenever the server cuts them off, until stopped."""

    def __init__(self, server: Server, room: str, sockets: int = 20, rate: float = 50) -> None:
        self.url, self.sockets, self.rate = f"ws://127.0.0.1:{server.port}/ws/{room}", sockets, rate
        self.stopping = False
        self.sent = self.answered = 0
        self.thread = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)

    def __enter__(self) -> Self:
        self.thread.start()
        time.sleep(1)
        return self

    def __exit__(self, *_: object) -> None:
        self.stopping = True
        self.thread.join(30)

    async def _run(self) -> None:
        await asyncio.gather(*(self._one(i) for i in range(self.sockets)))

    async def _one(self, i: int) -> None:
        langs = ["zh-Hant", "en", "zh-Hans"]
        while not self.stopping:
            try:
                async with connect_async(self.url, open_timeout=30) as ws:
                    reader = asyncio.create_task(self._read(ws))
                    while not self.stopping and not reader.done():
                        await ws.send(json.dumps({"type": "lang", "lang": langs[self.sent % 3]}))
                        self.sent += 1
                        await asyncio.sleep(1 / self.rate)
                    reader.cancel()
            except (WebSocketException, OSError):
                await asyncio.sleep(0.1)

    async def _read(self, ws: Any) -> None:
        async for message in ws:
            self.answered += '"hello"' in message[:40]


def test_a_lang_flood_does_not_slow_a_bystander(server: Server) -> None:
    """20 sockets × 50 ``lang`` a second (the issue's attack) on a finished room with a long log: a
    person in another room sees their actions answered about as fast as without the flood."""
    room = _finished_room(server)
    _bystander_latencies(server, 5)      # warm up: imports, caches, first connection
    quiet = _bystander_latencies(server, 30)
    with Flood(server, room) as flood:
        loud = _bystander_latencies(server, 30)
    assert flood.sent > 1000, "the flood ran"
    quiet_p50, loud_p50 = statistics.median(quiet), statistics.median(loud)
    print(f"bystander p50 {quiet_p50 * 1000:.1f} ms quiet, {loud_p50 * 1000:.1f} ms under the flood "
          f"(max {max(quiet) * 1000:.0f} / {max(loud) * 1000:.0f} ms); flood sent {flood.sent}, "
          f"{flood.answered} answered")
    assert loud_p50 < quiet_p50 + 0.1 and sorted(loud)[-3] < 1.0
