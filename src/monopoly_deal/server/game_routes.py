"""Finished games: each one's record (to download, and to read with ``mdeal replay``) and its replay step by
step. Neither before the game ends (the record holds the seed, and so every hidden card), nor a tournament
match's before the tournament ends (its seed gives the next matches' deals)."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import FastAPI, Path, Query
from fastapi.responses import JSONResponse

from ..i18n import LANGUAGES
from .dependencies import LobbyOf, TournamentsOf
from .errors import RoomError
from .replay import frames

#: Valid ids of stored games: SQL's 64-bit integers (a larger one is no game, not a server error).
GameId = Annotated[int, Path(ge=0, lt=2**63)]


def add_game_routes(app: FastAPI) -> None:
    """Register the finished games' routes on ``app``."""

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: GameId, lobby: LobbyOf, tournaments: TournamentsOf) -> JSONResponse:
        stored = await lobby.store.game(game_id)
        if stored is None:
            raise RoomError("no-game-id", 404, game=game_id)
        if not stored.finished:   # the record holds the seed, and the seed every hidden card
            raise RoomError("record-later", 403)
        if tournaments.record_hidden(stored.room_id):   # and the next matches' deals
            raise RoomError("tournament-records-later", 403)
        return JSONResponse(stored.record(), headers={
            "Content-Disposition": f'attachment; filename="monopoly-deal-{game_id}.json"'})

    @app.get("/api/games/{game_id}/replay")
    async def replay(game_id: GameId, lobby: LobbyOf, tournaments: TournamentsOf,
                     viewer: Annotated[int | None, Query(ge=0, le=9)] = None, lang: str = "en") -> list[dict[str, Any]]:
        """A finished game step by step (:func:`~.replay.frames`): as seat ``viewer`` saw it, or every card open."""
        stored = await lobby.store.game(game_id)
        if stored is None:
            raise RoomError("no-game-id", 404, game=game_id)
        if not stored.finished:   # the positions would show every hidden card
            raise RoomError("replay-later", 403)
        if tournaments.record_hidden(stored.room_id):   # a match's deal: not before the end
            raise RoomError("tournament-records-later", 403)
        if viewer is not None and viewer >= len(stored.players):
            raise RoomError("bad-viewer", 400, last=len(stored.players) - 1)
        return await asyncio.to_thread(frames, stored.record(), viewer, lang if lang in LANGUAGES else "en")
