"""One client must never hurt the others: bounded room options, clean names, per-client quotas, idle rooms
that close and old data that goes, spectators who cannot lock players out, seats that are given up for good,
private rooms, and one server per database."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from starlette.websockets import WebSocketDisconnect

from monopoly_deal.server import create_app
from monopoly_deal.server.errors import RoomError
from monopoly_deal.server.lobby import Lobby
from monopoly_deal.server.models import ActionRow, GameRow
from monopoly_deal.server.page_routes import STATIC
from monopoly_deal.server.persistence import DatabaseInUse, Store
from monopoly_deal.server.protocol import RoomOptions
from monopoly_deal.server.rooms import Room

from .helpers import RecordingClient, new_lobby, stored_rooms
from .test_api import client_for, join, new_room, state
from .test_restart import POSTGRES, clean_postgres, databases

# --- 1. room options -------------------------------------------------------------------------------

@pytest.mark.parametrize(("body", "field", "problem"), [
    ({"rules": {"decks": 20000}}, "rules", "rules.decks: 0 (automatic) or 1 to 2 decks for 2 players, not 20000"),
    ({"players": 6, "rules": {"decks": 4}}, "rules", "rules.decks: 0 (automatic) or 1 to 3 decks for 6 players"),
    ({"rules": {"decks": True}}, "rules", "rules.decks: a whole number"),
    ({"rules": {"decks": 1.5}}, "rules", "'decks' must be 0 (automatic) or 1 to 4 decks"),
    ({"rules": {"max_turns": 10**12}}, "rules", "rules.max_turns: 1 to 1000 turns"),
    ({"rules": {"max_turns": 0}}, "rules", "rules.max_turns: 1 to 1000 turns, not 0"),
    ({"rules": {"start": 2}}, "rules", "rules.start: a seat from 0 to 1, not 2"),
    ({"rules": {"putback": 7}}, "rules", "'putback' must be one of 'bottom', 'discard'"),
    ({"rules": {"bank_first": "yes"}}, "rules", "'bank_first' must be true or false"),
    ({"rules": {"decks": 1, "speed": 3}}, "rules", "unknown rule option(s) speed"),
    ({"clock": 3601}, "clock", "less than or equal to 3600"),
    ({"clock": 4.9}, "clock", "greater than or equal to 5"),
    ({"name": "x" * 41}, "name", "at most 40 characters"),
    ({"private": "maybe"}, "private", "boolean"),
])
def test_every_room_option_is_bounded_and_a_bad_one_is_named(body: dict[str, Any], field: str, problem: str) -> None:
    with client_for() as client:
        response = client.post("/api/rooms", json={"players": 2, **body})
        assert response.status_code == 400, response.text
        assert response.json()["error"].startswith(field) and problem in response.json()["error"]
        assert client.get("/api/rooms").json() == []


@pytest.mark.parametrize("body", [
    {"players": 2, "rules": {"decks": 2, "max_turns": 1000, "start": 1}},
    {"players": 10, "rules": {"decks": 3}},
    {"players": 5, "rules": {"decks": 0}},
])
def test_the_largest_allowed_options_are_accepted(body: dict[str, Any]) -> None:
    with client_for() as client:
        assert client.post("/api/rooms", json=body).status_code == 201


@pytest.mark.asyncio
async def test_a_bad_stored_room_is_skipped_with_a_log_line_and_the_others_load(caplog: pytest.LogCaptureFixture) -> None:
    lobby = await new_lobby()
    good = await lobby.create(RoomOptions(players=2))
    await good.join("Ann")
    stored = good.data()
    await lobby.store.save_room("huge", {**stored, "options": {**stored["options"], "rules": {"decks": 20000}}})
    await lobby.store.save_room("escape", {**stored, "seats": [{"name": "\x1b[2J", "kind": "human"}, None]})
    await lobby.store.save_room("broken", {"status": "open"})
    again = Lobby(lobby.store, lobby.limits)
    with caplog.at_level(logging.WARNING, logger="monopoly_deal.server"):
        await again.resume_all()
    assert list(again.rooms) == [good.id] and again.rooms[good.id].seats[0].name == "Ann"
    skipped = sorted(re.findall(r"room (\w+): skipped", caplog.text))
    assert skipped == ["broken", "escape", "huge"]
    assert "rules.decks" in caplog.text


# --- 3. quotas, idle rooms, old data --------------------------------------------------------------

async def play_against_bots(lobby: Lobby, client: str) -> Room:
    """What the page's "Play against bots" does: a 3-player room, a seat, two bots, start."""
    room = await lobby.create(RoomOptions(players=3), client)
    token = await room.join("Me", client=client)
    for _ in range(2):
        await room.add_bot(token, "random")
    await room.start(token)
    return room


@pytest.mark.asyncio
async def test_one_client_s_rooms_never_lock_a_new_visitor_out() -> None:
    lobby = await new_lobby(max_rooms=20, room_reserve=5, rooms_per_client=100, bot_delay=60)
    for _ in range(200):                  # empty rooms: each new one past the shared part evicts them
        await lobby.create(RoomOptions(), "greedy")
    assert (await play_against_bots(lobby, "new")).status == "playing"
    for _ in range(14):                   # rooms with a person seated stay: the client fills the shared part
        await (await lobby.create(RoomOptions(), "greedy")).join("G", client="greedy")
    with pytest.raises(RoomError) as refused:
        await lobby.create(RoomOptions(), "greedy")
    assert refused.value.status == 503
    for visitor in ("second", "third"):   # the reserve is for clients holding no room
        assert (await play_against_bots(lobby, visitor)).status == "playing"
    await lobby.close()


@pytest.mark.asyncio
async def test_a_client_has_a_quota_of_rooms_and_seats() -> None:
    lobby = await new_lobby(rooms_per_client=2, seats_per_client=3)
    first, _second = [await lobby.create(RoomOptions(players=4), "a") for _ in range(2)]
    with pytest.raises(RoomError) as refused:
        await lobby.create(RoomOptions(), "a")
    assert refused.value.status == 429 and "2 rooms" in str(refused.value)
    for name in ("A1", "A2", "A3"):
        await first.join(name, client="a")
    with pytest.raises(RoomError) as refused:
        await first.join("A4", client="a")
    assert refused.value.status == 429 and "3 seats" in str(refused.value)
    await first.join("B", client="b")     # another client is not touched
    await lobby.close()


@pytest.mark.asyncio
async def test_a_room_closed_or_finished_gives_its_creator_the_place_back() -> None:
    lobby = await new_lobby(rooms_per_client=2)
    first, second = [await lobby.create(RoomOptions(), "a") for _ in range(2)]
    await lobby.close_room(first)
    third = await lobby.create(RoomOptions(), "a")
    second.status = "finished"
    await lobby.create(RoomOptions(), "a")
    assert lobby.held_by("a") == 2 and lobby.held_by("b") == 0 and third.owner == "a"
    with pytest.raises(RoomError, match="2 rooms"):
        await lobby.create(RoomOptions(), "a")
    await lobby.close()


def test_two_hundred_rooms_from_one_address_are_refused_after_its_quota() -> None:
    with client_for(rooms_per_client=10) as client:
        codes = [client.post("/api/rooms", json={}).status_code for _ in range(12)]
        assert codes == [201] * 10 + [429, 429]


@pytest.mark.asyncio
async def test_quotas_and_idle_rooms_survive_a_restart() -> None:
    lobby = await new_lobby(rooms_per_client=2, idle_room=600)
    for _ in range(2):
        await (await lobby.create(RoomOptions(), "a")).join("A", client="a")
    restarted = Lobby(lobby.store, lobby.limits)
    await restarted.resume_all()
    with pytest.raises(RoomError, match="2 rooms"):
        await restarted.create(RoomOptions(), "a")
    await restarted.sweep(time.time() + 601)
    assert restarted.rooms == {} and await stored_rooms(restarted.store) == []


def test_mdeal_serve_refuses_an_unknown_limit_in_one_line() -> None:
    done = subprocess.run([sys.executable, "-m", "monopoly_deal", "serve", "--limit", "rooms=5"],
                          check=False, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stderr.startswith("mdeal serve: --limit: unknown limit 'rooms'; known: ")
    assert done.stderr.count("\n") == 1


async def count(store: Store, row: Any) -> int:
    async with store.engine.connect() as conn:
        return (await conn.execute(select(func.count()).select_from(row))).scalar_one()


@pytest.mark.asyncio
async def test_an_open_room_with_nobody_connected_closes_and_leaves_nothing_behind() -> None:
    lobby = await new_lobby(idle_room=600)
    idle = await lobby.create(RoomOptions(players=3))
    await idle.join("Gone")
    busy = await lobby.create(RoomOptions(players=3))
    await busy.join("Here")
    await busy.connect(RecordingClient(0))
    await lobby.sweep(time.time() + 300)
    assert set(lobby.rooms) == {idle.id, busy.id}
    await lobby.sweep(time.time() + 601)
    assert set(lobby.rooms) == {busy.id} and [r["id"] for r in lobby.listing()] == [busy.id]
    assert [room_id for room_id, _ in await stored_rooms(lobby.store)] == [busy.id]
    await lobby.close()


@pytest.mark.asyncio
async def test_joining_and_leaving_does_not_grow_the_database() -> None:
    lobby = await new_lobby()
    for _ in range(5):
        room = await lobby.create(RoomOptions())
        await room.leave(await room.join("Ann"))
    assert lobby.rooms == {} and await stored_rooms(lobby.store) == []
    await lobby.close()


@pytest.mark.asyncio
async def test_a_closed_room_s_finished_games_stay_downloadable_for_a_while_then_go() -> None:
    lobby = await new_lobby(idle_room=600, keep_records=7 * 86400)
    room = await lobby.create(RoomOptions(players=2, seed=5))
    token = await room.join("Ann")
    await room.add_bot(token, "random")
    await room.start(token)
    await room.leave(token)               # a bot plays on to the end
    for _ in range(3000):
        if room.status == "finished":
            break
        await asyncio.sleep(0.01)
    assert room.status == "finished" and room.game_id is not None
    await lobby.sweep(time.time() + 601)
    assert room.id not in lobby.rooms
    stored = await lobby.store.game(room.game_id)
    assert stored is not None and stored.finished                      # its record can still be downloaded
    await lobby.sweep(time.time() + 7 * 86400 + 1)
    assert await lobby.store.game(room.game_id) is None
    assert await count(lobby.store, ActionRow) == await count(lobby.store, GameRow) == 0
    assert await stored_rooms(lobby.store) == []
    await lobby.close()


# --- 4. spectators ------------------------------------------------------------------------------------

@pytest.mark.asyncio
async def test_spectators_are_capped_and_a_seated_player_is_always_let_in() -> None:
    lobby = await new_lobby(spectators_per_room=3, spectators_per_client=2, max_connections=4)
    room = await lobby.create(RoomOptions(players=2))
    await room.join("Ann")
    other = await lobby.create(RoomOptions(players=2))
    await room.connect(RecordingClient(None, client="x"))
    await room.connect(RecordingClient(None, client="x"))
    with pytest.raises(RoomError, match="2 connections, the most one client"):
        await room.connect(RecordingClient(None, client="x"))
    await room.connect(RecordingClient(None, client="y"))
    with pytest.raises(RoomError, match="3 spectators, the most it takes"):
        await room.connect(RecordingClient(None, client="z"))
    await other.connect(RecordingClient(None, client="z"))
    with pytest.raises(RoomError, match="at most 4 spectators' connections"):
        await other.connect(RecordingClient(None, client="w"))
    seated = RecordingClient(0, client="x")
    await room.connect(seated)                   # every cap is reached, and the player gets in
    assert seated.last_state()["you"] == 0
    await lobby.close()


@pytest.mark.asyncio
async def test_a_join_sends_the_state_to_the_joiner_only() -> None:
    lobby = await new_lobby()
    room = await lobby.create(RoomOptions(players=2))
    watchers = [RecordingClient(None) for _ in range(5)]
    for watcher in watchers:
        await room.connect(watcher)
    assert [len(w.received) for w in watchers] == [1] * 5
    await lobby.close()


@pytest.mark.asyncio
async def test_one_seat_opened_once_too_often_closes_its_oldest_socket() -> None:
    lobby = await new_lobby(sockets_per_seat=2)
    room = await lobby.create(RoomOptions(players=2))
    await room.join("Ann")
    tabs = [RecordingClient(0) for _ in range(3)]
    for tab in tabs:
        await room.connect(tab)
    assert [t.closed for t in tabs] == [(4409, "this seat was opened in another window"), None, None]
    assert len(room.connections) == 2
    await lobby.close()


# --- 9. names --------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "problem"), [
    ("Ann\nBob", "U+000A"), ("A\x00", "U+0000"), ("\u202eevil", "U+202E RIGHT-TO-LEFT OVERRIDE"),
    ("\x1b[31mred", "U+001B"), ("a\u200bb", "U+200B ZERO WIDTH SPACE"), ("   ", "at least one visible character"),
    ("x" * 25, "at most 24 characters"),
])
def test_a_name_with_an_unprintable_character_is_refused(name: str, problem: str) -> None:
    with client_for() as client:
        room = new_room(client)
        response = client.post(f"/api/rooms/{room}/join", json={"name": name})
        assert response.status_code == 400 and response.json()["error"].startswith("name: ")
        assert problem in response.json()["error"]
        assert client.get(f"/api/rooms/{room}").json()["seats"] == [None, None]


@pytest.mark.parametrize("name", ["Friday\nnight", "\u202egnp.exe", "\x1b]0;x\x07"])
def test_a_room_name_with_an_unprintable_character_is_refused(name: str) -> None:
    with client_for() as client:
        response = client.post("/api/rooms", json={"name": name})
        assert response.status_code == 400 and response.json()["error"].startswith("name: a name may not hold U+")


def test_names_are_normalised() -> None:
    with client_for() as client:
        room = client.post("/api/rooms", json={"name": "  Friday   night "}).json()
        assert room["name"] == "Friday night"
        joined = client.post(f"/api/rooms/{room['id']}/join", json={"name": " Ame\u0301lie "}).json()
        assert joined["room"]["seats"][0]["name"] == "Am\u00e9lie"       # NFC: one code point


def test_the_page_never_builds_markup_from_text() -> None:
    """Names reach the page as text nodes (``el`` appends strings), never through markup."""
    scripts = {path.name: path.read_text(encoding="utf-8") for path in Path(str(STATIC)).glob("*.js")}
    assert "app.js" in scripts
    for name, script in scripts.items():
        assert not re.search(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|\.html\(", script), name


# --- 10. seats ---------------------------------------------------------------------------------------------

@pytest.mark.asyncio
async def test_a_seat_given_up_mid_game_takes_its_token_and_sockets_with_it() -> None:
    lobby = await new_lobby(bot_delay=60)
    room = await lobby.create(RoomOptions(players=2, seed=3))
    ann, bob = await room.join("Ann"), await room.join("Bob")
    await room.start(ann)
    socket = RecordingClient(1)
    await room.connect(socket)
    assert "hand" in socket.last_state()["game"]
    await room.leave(bob)
    assert socket.closed == (4403, "you left this seat") and socket not in room.connections
    with pytest.raises(RoomError) as refused:
        room.seat_of(bob)
    assert refused.value.status == 403
    await lobby.close()


def test_a_socket_with_a_given_up_token_is_refused() -> None:
    with client_for(bot_delay=60) as client:
        room = new_room(client, seed=3)
        ann, bob = join(client, room), join(client, room, "Bob")
        client.post(f"/api/rooms/{room}/start", json={"token": ann})
        assert client.post(f"/api/rooms/{room}/leave", json={"token": bob}).status_code == 200
        with client.websocket_connect(f"/ws/{room}?token={bob}") as ws:
            assert ws.receive_json()["error"] == "this seat token is not valid in this room"


def test_a_private_room_is_not_listed_and_joining_needs_its_invite() -> None:
    with client_for() as client:
        created = client.post("/api/rooms", json={"players": 3, "private": True}).json()
        room, invite = created["id"], created["invite"]
        assert created["private"] and invite and client.get("/api/rooms").json() == []
        for body in ({"name": "Eve"}, {"name": "Eve", "invite": "guess"}):
            refused = client.post(f"/api/rooms/{room}/join", json=body)
            assert refused.status_code == 403 and "private" in refused.json()["error"]
        ann = client.post(f"/api/rooms/{room}/join", json={"name": "Ann", "invite": invite}).json()["token"]
        with client.websocket_connect(f"/ws/{room}?token={ann}") as seated, \
                client.websocket_connect(f"/ws/{room}") as watcher:
            assert state(seated)["invite"] == invite          # to pass on to friends
            assert "invite" not in state(watcher) and "invite" not in json.dumps(client.get(f"/api/rooms/{room}").json())
        public = new_room(client)
        assert client.post(f"/api/rooms/{public}/join", json={"name": "Eve"}).status_code == 200


def test_the_host_removes_a_player_before_the_start() -> None:
    with client_for() as client:
        room = new_room(client, players=3)
        ann, bob = join(client, room), join(client, room, "Bob")
        assert client.get(f"/api/rooms/{room}").json()["host"] == 0
        not_host = client.post(f"/api/rooms/{room}/remove", json={"token": bob, "seat": 0})
        assert not_host.status_code == 403 and "only the host" in not_host.json()["error"]
        with client.websocket_connect(f"/ws/{room}?token={bob}") as removed:
            state(removed)
            answer = client.post(f"/api/rooms/{room}/remove", json={"token": ann, "seat": 1})
            assert answer.status_code == 200 and answer.json()["seats"][1] is None
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    removed.receive_json()
            assert closed.value.code == 4403
        assert client.post(f"/api/rooms/{room}/bots", json={"token": bob, "bot": "random"}).status_code == 403
        client.post(f"/api/rooms/{room}/bots", json={"token": ann, "bot": "random"})
        client.post(f"/api/rooms/{room}/bots", json={"token": ann, "bot": "random"})
        assert client.post(f"/api/rooms/{room}/start", json={"token": ann}).status_code == 200
        late = client.post(f"/api/rooms/{room}/remove", json={"token": ann, "seat": 2})
        assert late.status_code == 409 and "started" in late.json()["error"]


@pytest.mark.asyncio
async def test_the_host_passes_to_the_next_person_when_the_host_leaves() -> None:
    lobby = await new_lobby()
    room = await lobby.create(RoomOptions(players=3))
    ann, bob = await room.join("Ann"), await room.join("Bob")
    await room.leave(ann)
    assert room.host == 1
    await room.add_bot(bob, "random")
    await room.remove(bob, 0)
    assert room.seats[0] is None
    await lobby.close()


# --- 12. one server per database ----------------------------------------------------------------------

@pytest.mark.asyncio
@pytest.mark.parametrize("database", databases())
async def test_a_second_store_on_one_database_is_refused_until_the_first_closes(database: str, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}" if database == "sqlite" else str(POSTGRES)
    if database == "postgres":
        clean_postgres(url)
    first = await Store.open(url)
    with pytest.raises(DatabaseInUse, match="another server is using the database"):
        await Store.open(url)
    await first.close()
    second = await Store.open(url)
    await second.close()


def test_a_second_app_on_one_database_does_not_start(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    with TestClient(create_app(url)) as first:
        assert first.get("/api/rooms").status_code == 200
        with pytest.raises(DatabaseInUse), TestClient(create_app(url)):
            pass


def test_mdeal_serve_refuses_a_database_in_use_in_one_line(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    with socket.socket() as probe:   # a port that is free now: mdeal serve checks it before the database
        probe.bind(("127.0.0.1", 0))
        port = str(probe.getsockname()[1])

    async def hold_and_serve() -> subprocess.CompletedProcess[str]:
        store = await Store.open(url)
        try:
            return await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "monopoly_deal", "serve", "--port",
                                                            port, "--db", url], capture_output=True, text=True,
                                           timeout=120)
        finally:
            await store.close()

    done = asyncio.run(hold_and_serve())
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip().count("\n") == 0 and "another server is using the database" in done.stderr
