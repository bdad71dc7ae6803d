"""Games stored before record version 2 (before every target was asked) resume and download as they were.

A database made then has no ``version`` column (nor a revision): opening it upgrades it (the first migration
adds the column), and its games are version 1,
replayed with the old answers (a target who could not answer accepted at once) and no limit on free
re-arranging. The game is the engine's ``tests/data/record-v1.json``, made by that engine.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import text

from monopoly_deal.record import from_dict, load, replay
from monopoly_deal.server.lobby import Lobby, LobbyLimits
from monopoly_deal.server.persistence import Store

from .helpers import seated_room

RECORD = Path(__file__).parents[1] / "data" / "record-v1.json"


async def old_database(url: str, actions: int) -> tuple[str, int]:
    """A database as the previous version wrote it: a room playing the recorded game, its first
    ``actions`` actions stored, and no version column. Returns the room id and the game id."""
    data = json.loads(RECORD.read_text())
    store = await Store.open(url)
    room, _ = await seated_room(Lobby(store, LobbyLimits(bot_delay=0, allow_seed=True)), humans=3, bots=0, seed=1)
    async with store.engine.begin() as conn:
        await conn.execute(text("UPDATE games SET seed = :seed, rules = :rules, players = :players WHERE id = :id"),
                           {"seed": data["seed"], "rules": json.dumps(data["rules"]),
                            "players": json.dumps(data["players"]), "id": room.game_id})
        for i, action in enumerate(data["actions"][:actions]):
            await conn.execute(text('INSERT INTO actions (game_id, "index", action) VALUES (:g, :i, :a)'),
                               {"g": room.game_id, "i": i, "a": action})
        await conn.execute(text("ALTER TABLE games DROP COLUMN version"))
        await conn.execute(text("DROP TABLE alembic_version"))     # made before migrations, too
    await store.close()
    return room.id, room.game_id


@pytest.mark.asyncio
async def test_a_game_stored_before_version_2_resumes_where_it_was(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'games.sqlite3'}"
    room_id, game_id = await old_database(url, actions=120)
    store = await Store.open(url)
    lobby = Lobby(store, LobbyLimits(bot_delay=0))
    assert await lobby.resume_all() == 1
    stored = await store.game(game_id)
    assert stored is not None and stored.version == 1
    game = lobby.get(room_id).game
    assert game is not None and game.quick and len(game.history) == 120
    expected = load(RECORD).start()
    for action in stored.actions:
        expected.apply(action)
    assert [game.view(p) for p in range(3)] == [expected.view(p) for p in range(3)]
    await lobby.close()
    await store.close()


@pytest.mark.asyncio
async def test_a_finished_game_stored_before_version_2_downloads_as_a_version_1_record(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'games.sqlite3'}"
    data = json.loads(RECORD.read_text())
    _, game_id = await old_database(url, actions=len(data["actions"]))
    store = await Store.open(url)
    async with store.engine.begin() as conn:
        await conn.execute(text("UPDATE games SET finished = 1, result = :r WHERE id = :id"),
                           {"r": json.dumps(data["result"]), "id": game_id})
    stored = await store.game(game_id)
    assert stored is not None
    record = stored.record()
    assert record["version"] == 1 and record["actions"] == data["actions"]
    assert replay(from_dict(record)).winner == data["result"]["winner"]
    await store.close()
