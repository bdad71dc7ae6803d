"""The rooms' REST API: the lobby's list, making a room, taking and leaving seats, seating bots, starting,
playing again, a room's finished games; and the lessons, each a room of its own. The game itself is played over
the room's WebSocket (:mod:`.websocket`)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import FastAPI, Path
from fastapi.responses import Response

from ..lessons import NAMES as LESSONS
from ..lessons import load as load_lesson
from .dependencies import ClientOf, LobbyOf
from .errors import RoomError
from .protocol import AddBot, Join, RemovePlayer, RoomOptions, SeatToken, StartLesson


def add_room_routes(app: FastAPI) -> None:
    """Register the rooms' and the lessons' routes on ``app``."""

    @app.get("/api/rooms")
    async def rooms(lobby: LobbyOf) -> Response:
        return Response(lobby.listing_json(), media_type="application/json")

    @app.post("/api/rooms", status_code=201)
    async def create_room(options: RoomOptions, lobby: LobbyOf, client: ClientOf) -> dict[str, Any]:
        room = await lobby.create(options, client)
        return {**room.summary(), "invite": room.invite}

    @app.post("/api/lessons/{name}", status_code=201)
    async def start_lesson(name: Annotated[str, Path(max_length=40)], body: StartLesson, lobby: LobbyOf,
                           client: ClientOf) -> dict[str, Any]:
        """A guided game (lessons/): a private room with you in P1 against a bot, already started."""
        if name not in LESSONS:
            raise RoomError("no-lesson", 404, lesson=name, lessons=", ".join(LESSONS))
        room, token = await lobby.start_lesson(load_lesson(name), body.name, body.lang, client)
        return {"room": room.summary(), "seat": 0, "token": token, "invite": room.invite}

    @app.get("/api/rooms/{room_id}")
    async def room(room_id: str, lobby: LobbyOf) -> dict[str, Any]:
        return lobby.get(room_id).summary()

    @app.post("/api/rooms/{room_id}/join")
    async def join(room_id: str, body: Join, lobby: LobbyOf, client: ClientOf) -> dict[str, Any]:
        room = lobby.get(room_id)
        token = await room.join(body.name, body.seat, body.invite, client)
        return {"seat": room.seat_of(token), "token": token, "room": room.summary(), "invite": room.invite}

    @app.post("/api/rooms/{room_id}/bots")
    async def add_bot(room_id: str, body: AddBot, lobby: LobbyOf) -> dict[str, Any]:
        room = lobby.get(room_id)
        seat = await room.add_bot(body.token, body.bot, body.seat)
        return {"seat": seat, "room": room.summary()}

    @app.post("/api/rooms/{room_id}/start")
    async def start(room_id: str, body: SeatToken, lobby: LobbyOf) -> dict[str, Any]:
        room = lobby.get(room_id)
        await room.start(body.token)
        return room.summary()

    @app.post("/api/rooms/{room_id}/leave")
    async def leave(room_id: str, body: SeatToken, lobby: LobbyOf) -> dict[str, Any]:
        room = lobby.get(room_id)
        await room.leave(body.token)
        return room.summary()

    @app.post("/api/rooms/{room_id}/remove")
    async def remove(room_id: str, body: RemovePlayer, lobby: LobbyOf) -> dict[str, Any]:
        room = lobby.get(room_id)
        await room.remove(body.token, body.seat)
        return room.summary()

    @app.post("/api/rooms/{room_id}/again")
    async def again(room_id: str, body: SeatToken, lobby: LobbyOf) -> dict[str, Any]:
        room = lobby.get(room_id)
        await room.again(body.token)
        return room.summary()

    @app.get("/api/rooms/{room_id}/games")
    async def finished_games(room_id: str, lobby: LobbyOf) -> list[int]:
        lobby.get(room_id)
        return await lobby.store.finished_games(room_id)
