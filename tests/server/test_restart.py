"""Killing the server (SIGKILL) mid-game and starting it again resumes every unfinished game exactly where it was,
on SQLite and on PostgreSQL (``MDEAL_TEST_POSTGRES_URL``, which .ci/run provides)."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from monopoly_deal.engine import Game
from monopoly_deal.record import from_dict, replay

from .helpers import Server

POSTGRES = os.environ.get("MDEAL_TEST_POSTGRES_URL")


def my_turn(ws: Any) -> dict[str, Any]:
    """Read until this seat owes a decision (or the game is over); return that state."""
    while True:
        message = json.loads(ws.recv(timeout=30))
        assert message["type"] != "error", message
        if message["type"] == "state" and "game" in message and (message["legal"] or message["game"]["winner"] >= 0
                                                                  or message["game"]["result"]):
            return message


def clean_postgres(url: str) -> None:
    """The shared test database emptied: every table, and the revision (the next store starts it anew)."""
    from sqlalchemy import create_engine, text

    from monopoly_deal.server.models import Base
    from monopoly_deal.server.persistence import async_url

    engine = create_engine(async_url(url))
    with engine.begin() as db:
        db.execute(text("DROP TABLE IF EXISTS alembic_version"))
        Base.metadata.drop_all(db)
    engine.dispose()


def databases() -> list[Any]:
    postgres = pytest.param("postgres", marks=pytest.mark.skipif(
        POSTGRES is None, reason="set MDEAL_TEST_POSTGRES_URL to a PostgreSQL database (.ci/run starts one)"))
    return ["sqlite", postgres]


@pytest.fixture(params=databases())
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    if request.param == "sqlite":
        db = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    else:
        assert POSTGRES is not None
        clean_postgres(POSTGRES)
        db = POSTGRES
    server = Server(db)
    server.start()
    yield server
    server.stop()


def test_sigkill_and_restart_resumes_every_game_where_it_was(server: Server) -> None:
    rng = random.Random(5)
    room = server.post("/api/rooms", {"players": 2, "seed": 8, "rules": {"max_turns": 24, "start": 0}})["id"]
    token = server.post(f"/api/rooms/{room}/join", {"name": "Ann"})["token"]
    server.post(f"/api/rooms/{room}/bots", {"token": token, "bot": "random"})
    game_id = server.post(f"/api/rooms/{room}/start", {"token": token})["game_id"]
    lobby_room = server.post("/api/rooms", {"players": 3})["id"]          # a room still seating people
    server.post(f"/api/rooms/{lobby_room}/join", {"name": "Early"})

    with server.socket(room, token) as ws:
        for _ in range(12):
            mine = my_turn(ws)
            ws.send(json.dumps({"type": "act", "action": rng.choice(mine["legal"])["notation"]}))
        before = my_turn(ws)
    server.kill()

    server.start()
    with server.socket(room, token) as ws:
        after = my_turn(ws)
        assert after["version"] == before["version"] and after["game"] == before["game"]
        assert after["legal"] == before["legal"]
        ws.send(json.dumps({"type": "act", "action": after["legal"][0]["notation"]}))
    server.kill()    # at once: the action just sent is either stored and applied, or neither

    server.start()
    assert httpx.get(f"{server.url}/api/rooms/{lobby_room}").json()["seats"][0]["name"] == "Early"
    with server.socket(room, token) as ws:
        mine = my_turn(ws)
        assert mine["version"] >= after["version"]
        while mine["legal"]:
            ws.send(json.dumps({"type": "act", "action": rng.choice(mine["legal"])["notation"]}))
            mine = my_turn(ws)
    record = httpx.get(f"{server.url}/api/games/{game_id}/record").json()
    game = replay(from_dict(record))       # the resumed game is the game its seed and actions make ...
    assert game.over
    seen = Game(2, "base", game.rules, game.seed, game.names)
    for action in record["actions"][:before["version"]]:
        seen.apply(action)
    assert json.loads(json.dumps(seen.view(0))) == before["game"]   # ... and the one the player saw before the kill
