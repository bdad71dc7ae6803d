"""Shared pieces for the server tests: a lobby on an in-memory database, and clients that record what they get."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from monopoly_deal.server.connections import Connection
from monopoly_deal.server.lobby import Lobby, LobbyLimits
from monopoly_deal.server.persistence import Store
from monopoly_deal.server.protocol import RoomOptions
from monopoly_deal.server.rooms import Room
from monopoly_deal.server.tournaments import LiveTournament, Tournaments
from monopoly_deal.tournament import Team

#: Where the tests install what they take from npm (TypeScript's checker, axe-core), once per machine.
NPM_CACHE = Path(os.environ.get("MDEAL_TEST_CACHE", Path.home() / ".cache" / "monopoly-deal-tests"))


def npm_file(package: str, path: str, purpose: str) -> Path:
    """``path`` inside the npm ``package`` (``"typescript@5"``), installed into :data:`NPM_CACHE` on first use;
    the calling test skips without npm, saying it could not ``purpose``."""
    found = NPM_CACHE / "node_modules" / path
    if not found.exists():
        if shutil.which("npm") is None:
            pytest.skip(f"npm is absent: cannot install {package.split('@')[0]} to {purpose} (apt-get install npm)")
        subprocess.run(["npm", "install", "--prefix", str(NPM_CACHE), package, "--no-audit", "--no-fund"],
                       check=True, capture_output=True, timeout=600)
    return found


def _no_socket(code: int, reason: str) -> None:
    """What closes a :class:`RecordingClient`'s socket: it has none."""


class RecordingClient(Connection):
    """A client that keeps every message the room sends it, as JSON text would carry it."""

    def __init__(self, viewer: int | None, lang: str = "en", client: str | None = None) -> None:
        super().__init__(viewer, lang, _no_socket, client)   # not a method of its own: that would be a cycle
        self.received: list[dict[str, Any]] = []
        self.closed: tuple[int, str] | None = None

    def close(self, code: int, reason: str) -> None:
        if not self.closing:
            self.closed = (code, reason)
        super().close(code, reason)

    def push(self, message: dict[str, Any]) -> None:
        self.received.append(json.loads(json.dumps(message)))

    def last_state(self) -> dict[str, Any]:
        return next(m for m in reversed(self.received) if m["type"] == "state")


async def new_lobby(**limits: Any) -> Lobby:
    return Lobby(await Store.open("sqlite+aiosqlite://"),
                 LobbyLimits(**{"bot_delay": 0, "bot_answer": 0, "allow_seed": True, **limits}))


async def match_in_progress(lobby: Lobby, matches: int = 1, limit: float = 5.0, clock: float | None = None
                            ) -> tuple[Tournaments, LiveTournament, Room]:
    """A tournament of two people's teams (Ann for A, Bob for B) with its first match being played."""
    registry = Tournaments(lobby)
    live, organiser = await registry.create("Cup", [Team("A"), Team("B")], matches, limit, clock, "base", {}, "en",
                                            seed=4, client=None)
    await live.name_representative(organiser, 0, "Ann", None)
    await live.name_representative(organiser, 1, "Bob", None)
    room = live.room()
    assert room is not None and room.game is not None and live.next is not None
    return registry, live, room


async def seated_room(lobby: Lobby, humans: int, bots: int, **options: Any) -> tuple[Room, list[str]]:
    """A started room: ``humans`` people (their tokens returned) then ``bots`` random bots."""
    room = await lobby.create(RoomOptions(players=humans + bots, **options))
    tokens = [await room.join(f"Human{i + 1}") for i in range(humans)]
    for _ in range(bots):
        await room.add_bot(tokens[0], "random")
    await room.start(tokens[0])
    return room, tokens


class Server:
    """``mdeal serve`` in a child process, on a free port of 127.0.0.1."""

    def __init__(self, db: str, *options: str, log: Path | None = None) -> None:
        """``log``: a file its stderr (the server's log) is written to."""
        self.db, self.options, self.log = db, options, log
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "monopoly_deal", "serve", "--port", str(self.port), "--db", self.db,
             "--bot-delay", "0", "--fixed-seeds", *self.options], stdout=subprocess.DEVNULL,
            stderr=self.log.open("a") if self.log is not None else None)
        deadline = time.time() + 60   # generous: a loaded machine imports slowly
        while True:
            try:
                httpx.get(f"{self.url}/api/rooms", timeout=1)   # any answer: it may refuse this Host
                return
            except httpx.HTTPError:
                assert self.process.poll() is None, "the server exited"
                assert time.time() < deadline, "the server did not start"
                time.sleep(0.1)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait()

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = httpx.post(f"{self.url}{path}", json=body, timeout=10)
        assert response.is_success, response.text
        return response.json()

    def socket(self, room: str, token: str) -> Any:
        return connect(f"ws://127.0.0.1:{self.port}/ws/{room}?token={token}", open_timeout=10)


async def stored_rooms(store: Store) -> list[tuple[str, dict[str, Any]]]:
    """Every room row in ``store``, closed or not."""
    return await store.rooms() + await store.rooms(closed=True)


def room_with_bots(server: Server, players: int, seed: int, bot: str = "heuristic") -> tuple[str, str]:
    """A started room of ``players``: Ann in P1 (her seat token returned with the room's id), bots after."""
    room = server.post("/api/rooms", {"players": players, "seed": seed})["id"]
    token = server.post(f"/api/rooms/{room}/join", {"name": "Ann"})["token"]
    for _ in range(players - 1):
        server.post(f"/api/rooms/{room}/bots", {"token": token, "bot": bot})
    server.post(f"/api/rooms/{room}/start", {"token": token})
    return room, token


def open_seat(page: Any, server: Server, room: str, token: str) -> None:
    """Open the room on ``page`` as the seat of ``token`` (the browser keeps it, as after joining)."""
    page.goto(f"{server.url}/favicon.ico")       # the origin, to give the page its seat token
    page.evaluate("([room, token]) => localStorage.setItem(`mdeal-token-${room}`, token)", [room, token])
    page.goto(f"{server.url}/?room={room}")
