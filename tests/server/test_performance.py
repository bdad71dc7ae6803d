"""What keeps the server quick under load (issue 9, item 14): no per-message compression, a tuned garbage
collector frozen once ready, one encoded message per shared view, one narration object per sentence."""

from __future__ import annotations

import asyncio
import gc
import json
import weakref
from typing import Any

import pytest
import uvicorn

from monopoly_deal.server import app as app_module
from monopoly_deal.server.connections import Connection
from monopoly_deal.server.persistence import Store
from monopoly_deal.server.protocol import RoomOptions
from monopoly_deal.server.rooms import Room
from monopoly_deal.server.tuning import keep_frozen
from monopoly_deal.server.views import encoded, hello

from .helpers import RecordingClient, new_lobby, seated_room


def test_serve_runs_without_per_message_compression_and_with_the_tuned_collector(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: seen.update(options, app=app))
    try:
        app_module.serve(port=8123, db_url="sqlite+aiosqlite://")
        assert not gc.isenabled()               # keep_frozen collects in small steps instead
    finally:
        gc.enable()
    assert seen["ws_per_message_deflate"] is False and seen["host"] == "127.0.0.1"


def test_the_collector_freeze_runs_once_the_games_are_resumed() -> None:
    calls: list[int] = []

    async def ready() -> None:
        calls.append(1)

    app = app_module.create_app("sqlite+aiosqlite://", when_ready=ready)
    from fastapi.testclient import TestClient
    with TestClient(app) as client:
        assert client.get("/api/rooms").status_code == 200 and calls == [1]


@pytest.mark.asyncio
async def test_keep_frozen_freezes_what_lives_and_thaws_it_for_a_full_collection() -> None:
    """Objects alive at a freeze leave the collector's sight; at the thaw they come back, and cyclic
    garbage made meanwhile is freed by the full collection that follows."""
    class Cycle:
        def __init__(self) -> None:
            self.me = self

    alive = [Cycle()]
    probe = weakref.ref(alive[0])
    task = asyncio.create_task(keep_frozen(collect_every=0.05, thaw_every=0.3))
    try:
        await asyncio.sleep(0.08)                 # frozen at the start and once since
        assert gc.get_freeze_count() > 0
        alive.clear()                             # now cyclic garbage, out of the collector's sight
        gc.collect()
        assert probe() is not None
        await asyncio.sleep(0.4)                  # the thaw and its full collection
        assert probe() is None
    finally:
        task.cancel()
        gc.unfreeze()


@pytest.mark.asyncio
@pytest.mark.parametrize("actions", [12, 3000])
async def test_a_room_closed_mid_game_or_at_its_end_is_freed_without_the_collector(actions: int) -> None:
    """The server freezes what lives out of the collector's sight (server/tuning.py): a reference cycle among a
    room's long-lived objects (its game, its narrators, its connections, its bots' and clock's tasks, which keep
    their CancelledError and so their frame) would be freed only by a full collection, which at 500 games stops the
    server for seconds. So a room, its game and its narrators must go by reference counting alone once the room is
    closed, with its bots thinking (after a few of the person's actions) or at the game's end."""
    lobby = await new_lobby()
    gc.collect()
    gc.disable()
    try:
        room, _ = await seated_room(lobby, humans=1, bots=2)
        player, spectator = RecordingClient(0), RecordingClient(None)
        await room.connect(player)
        await room.connect(spectator)
        for _ in range(actions):
            state = player.last_state()
            if state["game"]["decision"]["type"] == "over":
                break
            if state["legal"]:
                await room.act(0, state["legal"][0]["notation"])
            await asyncio.sleep(0.001)
        assert actions < 3000 or player.last_state()["game"]["decision"]["type"] == "over"
        probes = [weakref.ref(x) for x in (room, *room.narrators.values())]   # each narrator holds the game
        await lobby.close_room(room)
        del room, player, spectator, state
        await asyncio.sleep(0.05)                   # the room's tasks end
        assert [p() for p in probes] == [None] * len(probes)
    finally:
        gc.enable()
        await lobby.close()


class Keeping(Connection):
    """A client that keeps the message objects it is given."""

    def __init__(self, viewer: int | None, lang: str = "en") -> None:
        super().__init__(viewer, lang, lambda: None)
        self.kept: list[dict[str, Any]] = []

    def push(self, message: dict[str, Any]) -> None:
        self.kept.append(message)


@pytest.mark.asyncio
async def test_watchers_with_the_same_view_share_one_message_encoded_once() -> None:
    lobby = await new_lobby()
    room, _tokens = await seated_room(lobby, humans=1, bots=1)
    watchers = [Keeping(None), Keeping(None), Keeping(None, "zh-Hant"), Keeping(0)]
    for w in watchers:
        room.connections.add(w)
    room._broadcast()
    first, second, chinese, seated = (w.kept[-1] for w in watchers)
    assert first is second and first is not chinese and first is not seated
    assert json.loads(encoded(first)) == json.loads(json.dumps(first)) and "hand" in seated["game"]
    assert all(w.sent == len(room.messages[w.viewer]) for w in watchers)
    room._broadcast()            # nothing new since: every log position moved on together
    assert watchers[0].kept[-1]["log"] == [] and watchers[0].kept[-1] is watchers[1].kept[-1]
    await lobby.close()
    await lobby.store.close()


@pytest.mark.asyncio
async def test_a_sentence_every_viewer_reads_the_same_is_one_object() -> None:
    lobby = await new_lobby()
    room, _tokens = await seated_room(lobby, humans=2, bots=0, seed=3)
    assert room.game is not None
    before = {v: len(log) for v, log in room.messages.items()}
    await room.act(room.game.decider, "end")
    said = [m for v, log in room.messages.items() for m in log[before[v]:]]
    pairs = [(a, b) for a in said for b in said if a == b]
    assert len(pairs) > len(said) and all(a is b for a, b in pairs)
    await lobby.close()
    await lobby.store.close()


@pytest.mark.asyncio
async def test_actions_arriving_together_are_committed_together_and_each_waits_for_its_commit() -> None:
    store = await Store.open("sqlite+aiosqlite://")
    games = [await store.new_game(f"r{i}", seed=i, edition="base", rules={}, players=["A", "B"]) for i in range(20)]
    transactions = 0
    write = store._write

    async def counted(group: Any) -> None:
        nonlocal transactions
        transactions += 1
        await write(group)

    store._write = counted  # type: ignore[method-assign]
    await asyncio.gather(*(store.append(game, 0, "end", {"winner": 0} if game == games[0] else None)
                           for game in games))
    assert transactions < len(games)                              # grouped
    stored = [await store.game(game) for game in games]
    assert all(g is not None and g.actions == ["end"] for g in stored)   # and every one stored when it returned
    await store.close()


@pytest.mark.asyncio
async def test_one_bad_action_in_a_group_fails_alone() -> None:
    store = await Store.open("sqlite+aiosqlite://")
    game = await store.new_game("r", seed=1, edition="base", rules={}, players=["A", "B"])
    await store.append(game, 0, "end")
    results = await asyncio.gather(store.append(game, 1, "end"), store.append(game, 0, "again"),  # index 0 is taken
                                   store.append(game, 2, "end"), return_exceptions=True)
    assert results[0] is None and results[2] is None and isinstance(results[1], Exception)
    stored = await store.game(game)
    assert stored is not None and stored.actions == ["end", "end", "end"]
    await store.close()


def test_the_hello_of_a_language_is_made_and_encoded_once() -> None:
    """Every connection is sent it, and again on each change of language: tens of KiB of JSON."""
    assert hello("zh-Hans") is hello("zh-Hans") and hello("zh-Hans") is not hello("en")
    assert encoded(hello("zh-Hans")) is encoded(hello("zh-Hans"))
    assert json.loads(encoded(hello("zh-Hans")))["lang"] == "zh-Hans"


def test_a_client_that_does_not_read_is_closed_once_and_sent_nothing_more() -> None:
    """Its queue full, a watcher is closed (1008) and later broadcasts pass it by: one close, not one a message."""
    closed: list[tuple[int, str]] = []
    conn = Connection(None, "en", lambda code, reason: closed.append((code, reason)))
    for n in range(Connection.QUEUE + 50):
        conn.push({"type": "notice", "n": n})
    assert closed == [(1008, "too slow to read")] and conn.closing
    assert conn.queue.qsize() == Connection.QUEUE


@pytest.mark.asyncio
async def test_the_lobby_listing_makes_again_only_the_rooms_that_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A listing of hundreds of rooms made afresh at every request cost ms of the event loop each time
    (found under attack): each room keeps its listed summary and JSON until it changes. Whatever changed
    (a seat, a start, a move, a spectator, a leave), the listing is the one made afresh."""
    lobby = await new_lobby()
    made: list[str] = []
    summary = Room.summary

    def counted(room: Any) -> dict[str, Any]:
        made.append(room.id)
        return summary(room)

    monkeypatch.setattr(Room, "summary", counted)

    def fresh() -> list[dict[str, Any]]:
        return [summary(r) for r in lobby._live() if not r.options.private]

    def listed() -> list[dict[str, Any]]:
        listing = json.loads(lobby.listing_json())
        assert listing == lobby.listing() == fresh()
        return listing

    playing, tokens = await seated_room(lobby, 2, 0)   # no bot: nothing changes but what the test does
    waiting = await lobby.create(RoomOptions(players=3))
    host = await waiting.join("Ann")
    assert [r["id"] for r in listed()] == [playing.id, waiting.id]
    made.clear()
    listed()
    assert made == []                                      # nothing changed: nothing made again
    await waiting.join("Bob")
    assert [r["seats"][1]["name"] for r in listed() if r["id"] == waiting.id] == ["Bob"]
    assert set(made) == {waiting.id}                       # the other room's is kept
    made.clear()
    watcher = Keeping(None)
    await playing.connect(watcher)
    assert listed()[0]["watching"] == 1 and set(made) == {playing.id}
    playing.disconnect(watcher)
    listed()
    while not playing.game.over and playing.game.decider == 0:   # a move: broadcast, listed again
        await playing.act(0, str(playing.game.legal_actions()[0]))
    listed()
    await waiting.leave(host)
    assert listed()[1]["host"] == 1
    await playing.leave(tokens[0])
    listed()
    await lobby.close()
    await lobby.store.close()
