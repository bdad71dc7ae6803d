"""Nothing acknowledged or shown is ever lost (issue 30): what the server shows while an action is being
stored, and what it does when the database fails."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

from monopoly_deal.server.protocol import RoomOptions
from monopoly_deal.server.rooms import Room
from monopoly_deal.server.tournaments import Tournaments
from monopoly_deal.tournament import Team

from .helpers import RecordingClient, new_lobby, seated_room
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


async def _match_in_progress(lobby: Any) -> tuple[Tournaments, Any, Room]:
    registry = Tournaments(lobby)
    live, organiser = await registry.create("Cup", [Team("A"), Team("B")], 2, 600.0, 5.0, "base", {}, "en",
                                            seed=4, client=None)
    await live.name_representative(organiser, 0, "Ann", None)
    await live.name_representative(organiser, 1, "Bob", None)
    room = live.room()
    assert room is not None and room.game is not None
    return registry, live, room


@pytest.mark.asyncio
async def test_a_time_out_is_stored_with_its_safe_move_or_not_at_all(monkeypatch: pytest.MonkeyPatch) -> None:
    """R10.5's warning and its safe move are one write: a database error at the move leaves neither (the
    clock runs out again later), and the tournament loads again as it was."""
    lobby = await new_lobby()
    registry, live, room = await _match_in_progress(lobby)
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
    registry, live, _room = await _match_in_progress(lobby)
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
    while room.game.decider != 0:                            # the bot's turn first, if it starts
        await asyncio.sleep(0.01)
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
    await room.act(0, "end")                                 # stored; the bot's turn
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
