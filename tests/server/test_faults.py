"""Nothing acknowledged or shown is ever lost (issue 30): what the server shows while an action is being
stored, and what it does when the database fails."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import create_async_engine

from monopoly_deal.server.app import create_app
from monopoly_deal.server.lobby import LobbyLimits
from monopoly_deal.server.persistence import DatabaseInUse, LockLost, Store, _AdvisoryLock, async_url
from monopoly_deal.server.protocol import RoomOptions
from monopoly_deal.server.tournaments import Tournaments
from monopoly_deal.tournament import Tournament

from .helpers import RecordingClient, match_in_progress, new_lobby, seated_room
from .test_restart import POSTGRES, clean_postgres
from .test_tournaments import expire_now


@pytest.mark.asyncio
async def test_an_action_is_seen_by_nobody_until_it_is_stored(monkeypatch: pytest.MonkeyPatch) -> None:
    """While the database commits an action (here the game's last: the turn limit), a client connecting, a
    player's state sent again in a new language, the room's summary and the lobby's listing all show the
    game as it was; once it is stored, everyone sees it."""
    lobby = await new_lobby()
    room = await lobby.create(RoomOptions(players=2, rules={"max_turns": 1}, seed=3))
    tokens = [await room.join(name) for name in ("Ann", "Bo")]
    await room.start(tokens[0])
    player = RecordingClient(0)
    await room.connect(player)
    before, summary = player.last_state()["version"], room.summary()
    stored = asyncio.Event()
    real = lobby.store.append

    async def slow_append(*args: Any, **kwargs: Any) -> None:
        await stored.wait()
        await real(*args, **kwargs)

    monkeypatch.setattr(lobby.store, "append", slow_append)
    assert room.game is not None
    acting = asyncio.create_task(room.act(room.game.decider, "end"))
    await asyncio.sleep(0.05)
    assert room.game.over                                   # applied in memory, not yet stored
    late = RecordingClient(None)
    connecting = asyncio.create_task(room.connect(late))
    resending = asyncio.create_task(room.send_state(player, from_start=True))
    await asyncio.sleep(0.05)
    assert late.received == [] and player.last_state()["version"] == before
    assert room.summary() == summary and room.summary()["status"] == "playing"
    assert next(r for r in lobby.listing() if r["id"] == room.id)["status"] == "playing"
    stored.set()
    await asyncio.gather(acting, connecting, resending)
    assert late.last_state()["version"] == player.last_state()["version"] == before + 1
    assert room.summary()["status"] == "finished"
    await lobby.close()
    await lobby.store.close()


@pytest.mark.asyncio
async def test_a_time_out_is_stored_with_its_safe_move_or_not_at_all(monkeypatch: pytest.MonkeyPatch) -> None:
    """R10.5's warning and its safe move are one write: a database error at the move leaves neither (the
    clock runs out again later), and the tournament loads again as it was."""
    lobby = await new_lobby()
    registry, live, room = await match_in_progress(lobby, matches=2, limit=600.0, clock=5.0)
    assert room.game is not None
    seat, version = room.game.decider, len(room.game.history)
    real = lobby.store.append

    async def failing(*args: Any, **kwargs: Any) -> None:
        raise OperationalError("INSERT", {}, Exception("the database is gone"))

    monkeypatch.setattr(lobby.store, "append", failing)
    with pytest.raises(OperationalError):
        await expire_now(room)
    assert live.next is not None and live.next.timeouts == [] and room.seats[seat].timeouts == 0  # type: ignore[union-attr]
    assert len(room.game.history) == version
    stored = dict(await lobby.store.tournaments())[live.id]
    assert stored["next"]["timeouts"] == []
    monkeypatch.setattr(lobby.store, "append", real)
    await expire_now(room)                                   # the clock runs out again: stored together now
    stored = dict(await lobby.store.tournaments())[live.id]
    assert stored["next"]["timeouts"] == [[seat, version]] and len(room.game.history) == version + 1
    again = Tournaments(lobby)
    await again.load()
    assert again.get(live.id).next.timeouts == live.next.timeouts   # type: ignore[union-attr]
    registry.close()
    again.close()
    await lobby.close()
    await lobby.store.close()


@pytest.mark.asyncio
async def test_a_tournament_whose_stored_match_does_not_verify_stays_reachable() -> None:
    """A stored match that does not replay as stored (here: a warning whose safe move is missing, as a crash
    of an earlier release could leave) is reported and played again; the tournament is never dropped whole."""
    lobby = await new_lobby()
    registry, live, _room = await match_in_progress(lobby, matches=2, limit=600.0, clock=5.0)
    live.next.started = time.time() - 1000          # type: ignore[union-attr]   # its limit passed: it ends
    await live.finish()
    assert len(live.tournament.matches) == 1
    data = dict(await lobby.store.tournaments())[live.id]
    match = data["file"]["matches"][0]
    match["timeouts"] = [{"seat": 0, "action": 0}]   # a warning whose safe move is not the first action
    await lobby.store.save_tournament(live.id, data)
    registry.close()
    again = Tournaments(lobby)
    await again.load()
    reloaded = again.get(live.id)
    public = reloaded.public()
    assert public["problems"] and "matches[0]" in public["problems"][0]
    assert reloaded.tournament.matches == [] and reloaded.unverified == [match]
    assert public["status"] == "waiting" and public["standings"]       # the rest as it was, the match to play
    again.close()
    await lobby.close()
    await lobby.store.close()


@pytest.mark.asyncio
async def test_after_a_database_outage_every_game_moves_again_by_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot whose move could not be stored stops; while the database is down every page is told it cannot
    save; when it answers again the bot moves on, nobody having to reload or restart."""
    lobby = await new_lobby(outage_check=0.05)
    room, _ = await seated_room(lobby, humans=1, bots=1)
    player = RecordingClient(0)
    await room.connect(player)
    assert room.game is not None
    down = False
    real_append, real_readiness = lobby.store.append, lobby.store.readiness

    async def append(*args: Any, **kwargs: Any) -> None:
        if down:
            raise OperationalError("INSERT", {}, Exception("the database is gone"))
        await real_append(*args, **kwargs)

    async def readiness() -> str | None:
        return "the database does not answer" if down else await real_readiness()

    monkeypatch.setattr(lobby.store, "append", append)
    monkeypatch.setattr(lobby.store, "readiness", readiness)
    while True:                                              # the person plays until the bot decides
        while room.game.decider != 0:
            await asyncio.sleep(0.01)
        legal = [str(a) for a in room.game.legal_actions()]
        await room.act(0, "end" if "end" in legal else legal[0])   # stored
        if room.game.decider == 1:
            break
    down = True                                              # before the bot's first move is stored
    version = len(room.game.history)
    await asyncio.sleep(0.3)
    assert lobby.outage and player.last_state()["cannot_save"] is True
    assert len(room.game.history) == version and room.game.decider == 1   # nothing moves while it is down
    down = False
    for _ in range(100):
        await asyncio.sleep(0.05)
        if len(room.game.history) > version and not lobby.outage:
            break
    assert not lobby.outage and len(room.game.history) > version    # the bot went on by itself
    assert "cannot_save" not in player.last_state()
    await lobby.close()
    await lobby.store.close()


@pytest.mark.asyncio
async def test_one_server_per_sqlite_file_however_its_path_is_spelled(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "data")
    first = await Store.open(f"sqlite:///{tmp_path / 'data' / 'games.sqlite3'}")
    (tmp_path / "games.sqlite3").symlink_to(tmp_path / "data" / "games.sqlite3")
    monkeypatch.chdir(tmp_path)
    try:
        for spelled in ("sqlite:///games.sqlite3", "sqlite:///link/games.sqlite3", "sqlite:///data/../data/games.sqlite3",
                        f"sqlite:///file:{tmp_path / 'link' / 'games.sqlite3'}?mode=rwc&uri=true"):
            with pytest.raises(DatabaseInUse):
                await Store.open(spelled)
    finally:
        await first.close()


async def _lock_sessions(url: str) -> list[int]:
    engine = create_async_engine(async_url(url))
    async with engine.connect() as db:
        pids = list((await db.scalars(text("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted"))).all())
    await engine.dispose()
    return pids


async def _end_sessions(url: str, pids: list[int]) -> None:
    engine = create_async_engine(async_url(url))
    async with engine.begin() as db:
        for pid in pids:
            await db.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
    await engine.dispose()


@pytest.mark.skipif(POSTGRES is None, reason="set MDEAL_TEST_POSTGRES_URL to a PostgreSQL database (.ci/run starts one)")
@pytest.mark.asyncio
async def test_a_dropped_postgresql_lock_is_taken_again_or_the_server_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    """The lock's session ends (PostgreSQL restarted, the connection cut): the server takes the lock again;
    if another server took it first, the first writes nothing more, deletes nothing, and says why."""
    url = str(POSTGRES)
    clean_postgres(url)
    monkeypatch.setattr(_AdvisoryLock, "CHECK_EVERY", 0.2)
    first = await Store.open(url)
    stopped: list[str] = []
    first.on_lost = stopped.append
    try:
        await _end_sessions(url, await _lock_sessions(url))
        for _ in range(50):
            await asyncio.sleep(0.1)
            if await _lock_sessions(url):
                break
        assert await first.readiness() is None and first.lost is None     # taken again
        monkeypatch.setattr(_AdvisoryLock, "CHECK_EVERY", 3.0)
        await asyncio.sleep(0.5)                                            # the first's keeper now sleeps 3 s
        await _end_sessions(url, await _lock_sessions(url))
        second = await Store.open(url)                                      # another server, quicker
        try:
            for _ in range(100):
                await asyncio.sleep(0.1)
                if stopped:
                    break
            assert stopped == ["the database's lock was dropped and another server took it"]
            with pytest.raises(LockLost):
                await first.save_room("r1", {"status": "open"})
            with pytest.raises(LockLost):
                await first.drop_room("r1")
            assert await first.readiness() == stopped[0] and await second.readiness() is None
        finally:
            await second.close()
    finally:
        await first.close()


def test_a_match_s_replay_waits_for_the_tournament_s_end_and_its_deal_tells_nothing_of_the_next() -> None:
    """R10.6: a finished match's replay (every card, its seed's deal) is served only once the tournament
    is over, as its record is; and the server's match seeds are a keyed hash, not one seed plus a number."""
    limits = LobbyLimits(bot_delay=0, bot_answer=0)
    with TestClient(create_app("sqlite+aiosqlite://", limits)) as client:
        cup = client.post("/api/tournaments", json={"name": "Cup", "matches": 2, "teams": [
            {"name": "A", "bot": "random"}, {"name": "B"}]}).json()
        live = client.app.state.tournaments.get(cup["id"])      # type: ignore[attr-defined]
        stand_in = {"key": cup["organiser"], "team": 1, "name": "Sub", "bot": "random"}

        def played(matches: int) -> dict[str, Any]:
            for _ in range(1000):
                public = client.get(f"/api/tournaments/{cup['id']}").json()
                if len(live.tournament.matches) >= matches and public["status"] != "playing":
                    return public  # type: ignore[no-any-return]
                time.sleep(0.02)
            raise AssertionError("the match did not end")

        client.post(f"/api/tournaments/{cup['id']}/representative", json=stand_in)
        assert played(1)["status"] == "waiting"                  # match 2 waits for team B's representative
        first_game = client.get(f"/api/rooms/{live.played[0]['room']}/games").json()[0]
        assert client.get(f"/api/games/{first_game}/replay").json()["code"] == "tournament-records-later"
        assert client.get(f"/api/games/{first_game}/record").status_code == 403
        client.post(f"/api/tournaments/{cup['id']}/representative", json=stand_in)
        public = played(2)
        assert public["status"] == "finished"
        assert client.get(f"/api/games/{first_game}/replay").status_code == 200    # over: everything open
        options = live.options
        seeds = [options.match_seed(i) for i in range(2)]
        assert options.deal_key is not None and seeds[1] - seeds[0] != 1_000_003 and 0 <= min(seeds)
        assert "deal_key" not in json.dumps(public)
        assert Tournament.from_dict(json.loads(client.get(f"/api/tournaments/{cup['id']}/file").text)).matches == \
            live.tournament.matches                           # the file replays with its key


def test_hints_are_rationed_per_client() -> None:
    """A hint is the strongest bot's search in the workers every room's bots share: past a few at once, a
    client's hints come one every few seconds, so one client asking without pause cannot slow the others."""
    limits = LobbyLimits(bot_delay=0, bot_answer=0, hint_burst=2, hints_per_second=0.01, allow_seed=True)
    with TestClient(create_app("sqlite+aiosqlite://", limits)) as client:
        room = client.post("/api/rooms", json={"players": 2, "seed": 3}).json()["id"]
        token = client.post(f"/api/rooms/{room}/join", json={"name": "Ann"}).json()["token"]
        client.post(f"/api/rooms/{room}/bots", json={"token": token, "bot": "random"})
        client.post(f"/api/rooms/{room}/start", json={"token": token})
        with client.websocket_connect(f"/ws/{room}?token={token}") as ws:
            for _ in range(3):
                ws.send_json({"type": "hint"})
            answers = []
            while len(answers) < 3:
                message = ws.receive_json()
                if message["type"] == "hint" or message.get("hint"):
                    answers.append(message.get("code", "hint"))
        assert answers.count("hints-rationed") == 1 and len(answers) == 3
