"""The web server: a page, a small REST API for rooms, and one WebSocket per client.

>>> from fastapi.testclient import TestClient
>>> with TestClient(create_app("sqlite+aiosqlite://")) as client:
...     room = client.post("/api/rooms", json={"players": 2}).json()
...     client.post(f"/api/rooms/{room['id']}/join", json={"name": "Ann"}).json()["seat"]
0

``mdeal serve`` runs it with uvicorn (:func:`serve`). The WebSocket is
``/ws/{room}?token=…&lang=…``: with a seat token it speaks for that seat, without
one it is a spectator's. The messages are in docs/web.md.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from importlib.resources import files
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.websockets import WebSocketDisconnect

from ..bots import BOTS
from ..i18n import LANGUAGES
from .persistence import Store
from .protocol import Act, AddBot, Join, ProtocolError, RoomOptions, SeatToken, SetLanguage, parse_client_message
from .rooms import Connection, Lobby, LobbyLimits, RoomError, encoded
from .tuning import freeze_startup, tune_gc
from .views import hello, page_words

log = logging.getLogger("monopoly_deal.server")

STATIC = files("monopoly_deal.server") / "static"
MAX_BODY_BYTES = 16 * 1024


class Throttle:
    """A token bucket: ``rate`` messages a second on average, bursts of up to ``burst``."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp = time.monotonic()
        self.refused = 0

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.refused += 1
        return False


def create_app(db_url: str | None = None, limits: LobbyLimits | None = None,
               when_ready: Callable[[], None] | None = None) -> FastAPI:
    """The application; the database opens (and unfinished games resume) when it starts, and then
    ``when_ready`` runs (``serve`` freezes what start-up made out of the garbage collector's way)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await Store.open(db_url)
        lobby = Lobby(store, limits or LobbyLimits())
        resumed = await lobby.resume_all()
        if resumed:
            log.warning("resumed %d unfinished game(s)", resumed)
        app.state.lobby = lobby
        if when_ready is not None:
            when_ready()
        yield
        await lobby.close()
        await store.close()

    app = FastAPI(title="monopoly-deal", lifespan=lifespan)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")

    def lobby_of(request: Request | WebSocket) -> Lobby:
        return request.app.state.lobby  # type: ignore[no-any-return]

    @app.middleware("http")
    async def cap_body(request: Request, call_next: Any) -> Any:
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY_BYTES):
            return JSONResponse({"error": f"request body over {MAX_BODY_BYTES} bytes"}, status_code=413)
        return await call_next(request)

    @app.exception_handler(RoomError)
    async def room_error(_request: Request, error: RoomError) -> JSONResponse:
        return JSONResponse({"error": str(error)}, status_code=error.status)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, error: RequestValidationError) -> JSONResponse:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc'][1:]) or 'body'}: {e['msg']}" for e in error.errors())
        return JSONResponse({"error": problems}, status_code=400)

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(str(STATIC / "index.html"))

    @app.get("/api/bots")
    async def bots() -> list[dict[str, Any]]:
        return [{"name": b.name, "summary": b.summary,
                 "options": {k: {"help": o.help, "min": o.low, "max": o.high} for k, o in b.options.items()}}
                for b in BOTS.values()]

    @app.get("/api/i18n/{lang}")
    async def words(lang: str) -> JSONResponse:
        try:
            return JSONResponse(page_words(lang))
        except ValueError as error:   # the message names the languages there are
            return JSONResponse({"error": str(error)}, status_code=404)

    @app.get("/api/rooms")
    async def rooms(request: Request) -> list[dict[str, Any]]:
        return lobby_of(request).listing()

    @app.post("/api/rooms", status_code=201)
    async def create_room(options: RoomOptions, request: Request) -> dict[str, Any]:
        room = await lobby_of(request).create(options)
        return room.summary()

    @app.get("/api/rooms/{room_id}")
    async def room(room_id: str, request: Request) -> dict[str, Any]:
        return lobby_of(request).get(room_id).summary()

    @app.post("/api/rooms/{room_id}/join")
    async def join(room_id: str, body: Join, request: Request) -> dict[str, Any]:
        room = lobby_of(request).get(room_id)
        token = await room.join(body.name, body.seat)
        return {"seat": room.seat_of(token), "token": token, "room": room.summary()}

    @app.post("/api/rooms/{room_id}/bots")
    async def add_bot(room_id: str, body: AddBot, request: Request) -> dict[str, Any]:
        room = lobby_of(request).get(room_id)
        seat = await room.add_bot(body.token, body.bot, body.seat)
        return {"seat": seat, "room": room.summary()}

    @app.post("/api/rooms/{room_id}/start")
    async def start(room_id: str, body: SeatToken, request: Request) -> dict[str, Any]:
        room = lobby_of(request).get(room_id)
        await room.start(body.token)
        return room.summary()

    @app.post("/api/rooms/{room_id}/leave")
    async def leave(room_id: str, body: SeatToken, request: Request) -> dict[str, Any]:
        room = lobby_of(request).get(room_id)
        await room.leave(body.token)
        return room.summary()

    @app.post("/api/rooms/{room_id}/again")
    async def again(room_id: str, body: SeatToken, request: Request) -> dict[str, Any]:
        room = lobby_of(request).get(room_id)
        await room.again(body.token)
        return room.summary()

    @app.get("/api/rooms/{room_id}/games")
    async def finished_games(room_id: str, request: Request) -> list[int]:
        lobby = lobby_of(request)
        lobby.get(room_id)
        return await lobby.store.finished_games(room_id)

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: int, request: Request) -> JSONResponse:
        stored = await lobby_of(request).store.game(game_id)
        if stored is None:
            raise RoomError(f"no game {game_id}", 404)
        if not stored.finished:   # the record holds the seed, and the seed every hidden card
            raise RoomError("the game is not over: its record is available when it ends", 403)
        return JSONResponse(stored.record(), headers={
            "Content-Disposition": f'attachment; filename="monopoly-deal-{game_id}.json"'})

    @app.websocket("/ws/{room_id}")
    async def play(websocket: WebSocket, room_id: str, token: str | None = None, lang: str | None = None) -> None:
        await serve_client(lobby_of(websocket), websocket, room_id, token, lang)

    return app


async def serve_client(lobby: Lobby, websocket: WebSocket, room_id: str, token: str | None,
                       lang: str | None) -> None:
    """One client's connection: a seat's (with its token) or a spectator's, until it closes."""
    await websocket.accept()
    try:
        room = lobby.get(room_id)
        viewer = room.seat_of(token) if token else None
    except RoomError as error:
        await _refuse(websocket, str(error), 4404 if error.status == 404 else 4403)
        return
    if lobby.connections >= lobby.limits.max_connections:
        await _refuse(websocket, f"this server takes at most {lobby.limits.max_connections} connections; "
                                 "try again later", 1013)
        return
    lobby.connections += 1

    def too_slow() -> None:  # its queue is full: it does not read what it is sent
        asyncio.ensure_future(websocket.close(1008, "too slow to read"))

    conn = Connection(viewer, lang if lang is not None and lang in LANGUAGES else room.options.lang, too_slow)

    async def write() -> None:
        while True:
            message = await conn.queue.get()
            await websocket.send_text(encoded(message))

    writer = asyncio.create_task(write())
    conn.push(hello(conn.lang))
    room.connect(conn)
    limits = lobby.limits
    throttle = Throttle(limits.messages_per_second, limits.message_burst)
    try:
        while not writer.done():
            event = await websocket.receive()
            if event["type"] == "websocket.disconnect":
                break
            text: str | bytes = event.get("text") or event.get("bytes") or b""
            if not throttle.allow():
                if throttle.refused > limits.cut_off:
                    await websocket.close(1008, "too many messages")
                    break
                conn.push({"type": "error", "error": "too many messages: slow down"})
                continue
            try:
                message = parse_client_message(text)
            except ProtocolError as error:
                conn.push({"type": "error", "error": str(error)})
                continue
            if isinstance(message, Act):
                if conn.viewer is None:
                    conn.push({"type": "error", "error": "spectators cannot act; join a seat to play"})
                    continue
                try:
                    await room.act(conn.viewer, message.action)
                except RoomError as error:
                    conn.push({"type": "error", "error": str(error), "action": message.action})
            elif isinstance(message, SetLanguage):
                conn.lang = message.lang
                conn.push(hello(conn.lang))
                room.send_state(conn, from_start=True)
            else:
                conn.push({"type": "pong"})
    except WebSocketDisconnect:
        pass
    finally:
        room.disconnect(conn)
        lobby.connections -= 1
        writer.cancel()


async def _refuse(websocket: WebSocket, reason: str, code: int) -> None:
    await websocket.send_text(json.dumps({"type": "error", "error": reason}))
    await websocket.close(code, reason[:120])


def serve(host: str = "127.0.0.1", port: int = 8000, db_url: str | None = None,
          limits: LobbyLimits | None = None) -> None:
    """Run the server until interrupted (``mdeal serve``)."""
    import uvicorn

    print(f"monopoly-deal: open http://{host}:{port}/ in a browser (Ctrl+C stops the server)", flush=True)
    tune_gc()
    # Per-message compression cost 7-13% of the event loop at 500 games, for messages of a few KB on
    # connections that are mostly local or behind a proxy: off.
    uvicorn.run(create_app(db_url, limits, when_ready=freeze_startup), host=host, port=port, log_level="warning",
                ws_max_size=64 * 1024, ws_per_message_deflate=False)
