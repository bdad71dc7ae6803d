"""A room's WebSocket, ``/ws/{room}?token=…&lang=…``: with a seat token it speaks for that seat, without one it is
a spectator's. It reads the client's messages (actions, hints, a language, pings), each within the client's
budget (:mod:`.throttle`), and writes what the room sends it. The messages are in docs/web.md.
"""

from __future__ import annotations

import asyncio
import json
import time

from fastapi import FastAPI, WebSocket
from starlette.websockets import WebSocketDisconnect

from ..i18n import LANGUAGES
from .connections import Connection
from .dependencies import ClientOf, LobbyOf
from .errors import RoomError
from .http import AddressBudget
from .lobby import Lobby
from .metrics import REFUSALS, SOCKETS_CLOSED
from .persistence import STORE_ERRORS
from .protocol import Act, AskHint, Ping, ProtocolError, SetLanguage, parse_client_message
from .rooms import Room
from .throttle import COSTS, ClientBudgets, Throttle
from .views import SharedMessage, encoded, hello

#: Answers sent over and over (a flood is answered with the first), encoded to JSON once.
SLOW_DOWN = {lang: SharedMessage({"type": "error", **RoomError("slow-down").body(lang, sent=False)})
             for lang in LANGUAGES}
SPECTATORS_CANNOT_ACT = {lang: SharedMessage({"type": "error", **RoomError("spectator-act").body(lang, sent=False)})
                         for lang in LANGUAGES}
PONG = SharedMessage({"type": "pong"})


def add_websocket(app: FastAPI) -> None:
    """Register the rooms' WebSocket on ``app``."""

    @app.websocket("/ws/{room_id}")
    async def play(websocket: WebSocket, room_id: str, lobby: LobbyOf, client: ClientOf, token: str | None = None,
                   lang: str | None = None) -> None:
        await serve_client(lobby, websocket, room_id, token, lang, client)


async def serve_client(lobby: Lobby, websocket: WebSocket, room_id: str, token: str | None,
                       lang: str | None, client: str | None = None) -> None:
    """One client's connection: a seat's (with its token) or a spectator's, until it closes. A seat is
    always let in; a spectator within the caps of :meth:`~.connections.Audience.connect` (else closed with 1013)."""
    await websocket.accept()

    def close(code: int, reason: str) -> None:  # the room closes it: too slow to read, seat given up, …
        asyncio.ensure_future(websocket.close(code, reason))

    try:
        room = lobby.get(room_id)
        viewer = room.seat_of(token) if token else None
        conn = Connection(viewer, lang if lang is not None and lang in LANGUAGES else room.options.lang, close,
                          client)
        conn.push(hello(conn.lang))
        await room.connect(conn)
    except RoomError as error:
        _count_refusal(websocket)
        await _refuse(websocket, error, lang if lang in LANGUAGES else "en",
                      {404: 4404, 403: 4403}.get(error.status, 1013))
        return

    async def write() -> None:
        while True:
            message = await conn.queue.get()
            await websocket.send_text(encoded(message))

    writer = asyncio.create_task(write())
    limits = lobby.limits
    throttle = Throttle(limits.messages_per_second, limits.message_burst)
    budgets: ClientBudgets = websocket.app.state.client_budgets
    shared = budgets.open(client or "", limits)
    warned = False   # told to slow down since the last message answered
    try:
        while not writer.done():
            event = await websocket.receive()
            if event["type"] == "websocket.disconnect":
                break
            text: str | bytes = event.get("text") or event.get("bytes") or b""
            try:
                message: Act | SetLanguage | Ping | AskHint | ProtocolError = parse_client_message(text)
            except ProtocolError as error:
                message = error
            if not throttle.allow(COSTS["bad" if isinstance(message, ProtocolError) else message.type], shared):
                if throttle.refused > limits.cut_off:
                    _count_refusal(websocket)
                    await websocket.close(1008, "too many messages")
                    break
                if not warned:   # once a run of refusals: a flood's every message answered was a write each
                    REFUSALS.labels("slow-down").inc()
                    conn.push(SLOW_DOWN[conn.lang])
                    warned = True
            else:
                warned = False
                await _answer(lobby, room, conn, message)
            await asyncio.sleep(0)   # let every other client's messages, bots and clocks have their turn
    except WebSocketDisconnect:
        pass
    finally:
        budgets.close(client or "")
        room.disconnect(conn)
        writer.cancel()


async def _answer(lobby: Lobby, room: Room, conn: Connection,
                  message: Act | SetLanguage | Ping | AskHint | ProtocolError) -> None:
    """What one message from ``conn`` asks of ``room``; a refusal is an ``error`` message to it alone."""
    if isinstance(message, ProtocolError):
        conn.push({"type": "error", **RoomError("bad-request", problem=str(message)).body(conn.lang)})
    elif isinstance(message, Act):
        if conn.viewer is None:
            REFUSALS.labels("spectator-act").inc()
            conn.push(SPECTATORS_CANNOT_ACT[conn.lang])
            return
        try:
            await room.act(conn.viewer, message.action)
        except RoomError as error:
            conn.push({"type": "error", **error.body(conn.lang), "action": message.action})
        except STORE_ERRORS:
            lobby.cannot_save(room)
            conn.push({"type": "error", **RoomError("cannot-save", 503).body(conn.lang), "action": message.action})
    elif isinstance(message, AskHint):
        if conn.viewer is None:
            conn.push({"type": "error", **RoomError("spectator-hint").body(conn.lang)})
            return
        budget, client = lobby.hint_budget, conn.client or ""
        if budget.left(client, time.monotonic()) < 1:
            conn.push({"type": "error", **RoomError("hints-rationed", 429,
                                                     seconds=f"{1 / lobby.limits.hints_per_second:g}")
                       .body(conn.lang), "hint": True})
            return
        budget.count(client)
        # thought beside this connection's other messages: reading them goes on meanwhile
        asyncio.ensure_future(_hint(room, conn, conn.viewer))
    elif isinstance(message, SetLanguage):
        changed, conn.lang = message.lang != conn.lang, message.lang
        conn.push(hello(conn.lang))
        if changed:   # the log again in its new words; in the same language the client has every line already
            await room.send_state(conn, from_start=True)
    else:
        conn.push(PONG)


async def _hint(room: Room, conn: Connection, seat: int) -> None:
    try:
        conn.push(await room.hint(seat))
    except RoomError as error:
        conn.push({"type": "error", **error.body(conn.lang), "hint": True})


def _count_refusal(websocket: WebSocket) -> None:
    """A refused or cut-off WebSocket spends its address's refusal budget, as a refused request does: past
    it, the HTTP protocol refuses that address's handshakes (429) before they reach the application."""
    refusals: AddressBudget | None = websocket.app.state.refusals
    if refusals is not None and websocket.client is not None:
        refusals.count(websocket.client.host)


async def _refuse(websocket: WebSocket, error: RoomError, lang: str, code: int) -> None:
    SOCKETS_CLOSED.labels(str(code)).inc()
    await websocket.send_text(json.dumps({"type": "error", **error.body(lang)}))
    await websocket.close(code, str(error)[:120])
