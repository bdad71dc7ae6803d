"""Shared pieces for the server tests: a lobby on an in-memory database, and clients that record what they get."""

from __future__ import annotations

import json
from typing import Any

from monopoly_deal.server.persistence import Store
from monopoly_deal.server.protocol import RoomOptions
from monopoly_deal.server.rooms import Connection, Lobby, LobbyLimits, Room


class RecordingClient(Connection):
    """A client that keeps every message the room sends it, as JSON text would carry it."""

    def __init__(self, viewer: int | None, lang: str = "en") -> None:
        super().__init__(viewer, lang, lambda: None)
        self.received: list[dict[str, Any]] = []

    def push(self, message: dict[str, Any]) -> None:
        self.received.append(json.loads(json.dumps(message)))

    def last_state(self) -> dict[str, Any]:
        return next(m for m in reversed(self.received) if m["type"] == "state")


async def new_lobby(**limits: Any) -> Lobby:
    return Lobby(await Store.open("sqlite+aiosqlite://"), LobbyLimits(**{"bot_delay": 0, "allow_seed": True, **limits}))


async def seated_room(lobby: Lobby, humans: int, bots: int, **options: Any) -> tuple[Room, list[str]]:
    """A started room: ``humans`` people (their tokens returned) then ``bots`` random bots."""
    room = await lobby.create(RoomOptions(players=humans + bots, **options))
    tokens = [await room.join(f"Human{i + 1}") for i in range(humans)]
    for _ in range(bots):
        await room.add_bot(tokens[0], "random")
    await room.start(tokens[0])
    return room, tokens
