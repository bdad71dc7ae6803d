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
import os
import signal
import time
from collections.abc import AsyncIterator, Callable, Collection, Coroutine
from contextlib import asynccontextmanager
from importlib.resources import files
from typing import Annotated, Any

from fastapi import FastAPI, Path, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.websockets import WebSocketDisconnect

from ..bots import BOTS
from ..engine.cards import decks_for
from ..engine.refusal import Refusal
from ..i18n import LANGUAGES, language_of
from ..lessons import NAMES as LESSONS
from ..lessons import load as load_lesson
from . import metrics
from .errors import REFUSALS_DOCUMENTED, RoomError
from .http import AddressBudget, HttpLimits, allowed_hosts_for, guarded_protocol, guarded_websocket_protocol, protect
from .logs import configure as configure_logs
from .metrics import REFUSALS, SOCKETS_CLOSED
from .persistence import STORE_ERRORS, DatabaseInUse, Store, WriteInterrupted
from .protocol import (
    MAX_TURNS,
    Act,
    AddBot,
    AskHint,
    Join,
    Ping,
    ProtocolError,
    RemovePlayer,
    RoomOptions,
    SeatToken,
    SetLanguage,
    StartLesson,
    parse_client_message,
)
from .replay import frames
from .rooms import Connection, Lobby, LobbyLimits, Room, client_key
from .schema import SchemaError
from .tournament_routes import add_tournaments, open_tournaments
from .tuning import keep_frozen, tune_gc
from .views import SharedMessage, encoded, hello, page_words, rule_options

log = logging.getLogger("monopoly_deal.server")

STATIC = files("monopoly_deal.server") / "static"
#: Valid ids of stored games: SQL's 64-bit integers (a larger one is no game, not a server error).
GameId = Annotated[int, Path(ge=0, lt=2**63)]
#: A WebSocket that does not answer a ping within this many seconds (sent this often) is closed.
WS_PING_SECONDS = 20.0


#: What a client message costs from its connection's budget (``LobbyLimits.messages_per_second``
#: units a second, bursts of ``message_burst``), weighed by what its answer costs against what a
#: person needs: an action is checked, stored and sent to everyone, and a program may play fast
#: (50 a second); a ``lang`` answer is the largest (every card's words and the whole log, tens of
#: KiB), and a person changes language once, but every page of one address (tabs, players at one
#: table) sends one when it connects, so a restart reconnects them all at once (at 100, five tabs
#: were refused); a ``hint`` is a search by the strongest bot (thought in the bot pool, one at a
#: time per seat), asked now and then.
COSTS = {"ping": 1, "bad": 2, "act": 2, "lang": 20, "hint": 20}
#: Every connection of one client (one address) draws also from a budget shared by them all, this
#: many connections' worth: many tabs or sockets do not multiply what one client may cost.
CLIENT_SHARE = 5
#: Answers sent over and over (a flood is answered with the first), encoded to JSON once.
SLOW_DOWN = {lang: SharedMessage({"type": "error", **RoomError("slow-down").body(lang, sent=False)})
             for lang in LANGUAGES}
SPECTATORS_CANNOT_ACT = {lang: SharedMessage({"type": "error", **RoomError("spectator-act").body(lang, sent=False)})
                         for lang in LANGUAGES}
PONG = SharedMessage({"type": "pong"})


class Throttle:
    """A token bucket: ``rate`` units a second on average, bursts of up to ``burst``.

    >>> bucket, shared = Throttle(rate=10, burst=30), Throttle(rate=10, burst=20)
    >>> bucket.allow(25), bucket.allow(25), bucket.allow(1, shared), bucket.refused
    (True, False, True, 1)
    """

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp = time.monotonic()
        self.refused = 0

    def _refill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def allow(self, cost: float = 1, shared: Throttle | None = None) -> bool:
        """Spend ``cost`` from this bucket and from ``shared`` (a budget shared with other connections),
        or from neither when one of them does not hold it."""
        buckets = (self,) if shared is None else (self, shared)
        for bucket in buckets:
            bucket._refill()
        if all(bucket.tokens >= cost for bucket in buckets):
            for bucket in buckets:
                bucket.tokens -= cost
            return True
        self.refused += 1
        return False


class ClientBudgets:
    """One shared :class:`Throttle` per client address, kept while it has a connection open."""

    def __init__(self) -> None:
        self._budgets: dict[str, tuple[Throttle, int]] = {}

    def open(self, client: str, limits: LobbyLimits) -> Throttle:
        budget, count = self._budgets.get(client) or (
            Throttle(limits.messages_per_second * CLIENT_SHARE, limits.message_burst * CLIENT_SHARE), 0)
        self._budgets[client] = (budget, count + 1)
        return budget

    def close(self, client: str) -> None:
        budget, count = self._budgets[client]
        if count > 1:
            self._budgets[client] = (budget, count - 1)
        else:
            del self._budgets[client]


def create_app(db_url: str | None = None, limits: LobbyLimits | None = None,
               allowed_hosts: Collection[str] = ("*",), http_limits: HttpLimits | None = None,
               when_ready: Callable[[], Coroutine[Any, Any, None]] | None = None,
               refusals: AddressBudget | None = None, on_lost: Callable[[str], Any] | None = None) -> FastAPI:
    """The application; the database opens (and unfinished games resume) when it starts, and then
    ``when_ready()`` runs beside it until it stops (``serve`` keeps the garbage collector out of the
    games' way: :func:`~.tuning.keep_frozen`).

    ``allowed_hosts``: the ``Host`` names it answers to (:func:`~.http.host_allowed`; ``*`` any,
    as for tests and embedding: :func:`serve` passes the addresses it listens on). ``refusals``: where
    refused WebSockets are counted, per address (:func:`serve` shares it with the HTTP protocol, which
    refuses an address whose budget is spent before the application). ``on_lost(why)``: what to do when
    another server takes the database (:func:`serve` stops)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await Store.open(db_url)
        store.on_lost = on_lost
        lobby = Lobby(store, limits or LobbyLimits())
        metrics.watch(lobby)
        resumed = await lobby.resume_all()
        if resumed:
            log.warning("resumed %d unfinished game(s)", resumed)
        log.info("serving: %d room(s) open", len(lobby.rooms))
        app.state.lobby = lobby
        await open_tournaments(app, lobby)
        lobby.start_sweeping()
        beside = asyncio.create_task(when_ready()) if when_ready is not None else None
        yield
        if beside is not None:
            beside.cancel()
        app.state.tournaments.close()
        await lobby.close()
        await store.close()

    app = FastAPI(title="monopoly-deal", lifespan=lifespan, responses=REFUSALS_DOCUMENTED)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    protect(app, allowed_hosts, http_limits or HttpLimits())
    app.state.client_budgets = ClientBudgets()
    app.state.refusals = refusals

    def lobby_of(request: Request | WebSocket) -> Lobby:
        return request.app.state.lobby  # type: ignore[no-any-return]

    def client_of(request: Request | WebSocket) -> str | None:
        return client_key(request.client.host if request.client else None)

    @app.exception_handler(RoomError)
    async def room_error(request: Request, error: RoomError) -> JSONResponse:
        return JSONResponse(error.body(language_of(request.headers.get("accept-language"))),
                            status_code=error.status)

    @app.exception_handler(SQLAlchemyError)
    @app.exception_handler(WriteInterrupted)
    async def cannot_save(request: Request, error: Exception) -> JSONResponse:
        """The database failed under a request: a clear 503 (never a bare 500), and the games wait for it."""
        lobby_of(request).cannot_save()
        refusal = RoomError("cannot-save", 503)
        return JSONResponse(refusal.body(language_of(request.headers.get("accept-language"))), status_code=503)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, error: RequestValidationError) -> JSONResponse:
        problems = error.errors()
        passed = next((e["ctx"]["error"] for e in problems if isinstance(e.get("ctx", {}).get("error"), Refusal)), None)
        english = "; ".join(map(_problem, problems))
        refusal = RoomError.passing_on(passed, problem=english) if passed is not None \
            else RoomError("bad-request", 400, problem=english)
        return JSONResponse(refusal.body(language_of(request.headers.get("accept-language"))), status_code=400)

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> dict[str, str]:
        """The process answers (for a service manager's or a load balancer's liveness check)."""
        return {"status": "ok"}

    @app.get("/readyz", include_in_schema=False)
    async def readyz(request: Request) -> JSONResponse:
        """Ready to serve: the database answers, this server holds it, its schema is this release's."""
        problem = await lobby_of(request).store.readiness()
        return JSONResponse({"status": "ready"} if problem is None else {"status": "not ready", "problem": problem},
                            status_code=200 if problem is None else 503)

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(str(STATIC / "index.html"))

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:   # browsers ask for it whatever the page links
        return FileResponse(str(STATIC / "favicon.svg"), media_type="image/svg+xml")

    @app.get("/api/bots")
    async def bots() -> list[dict[str, Any]]:
        return [{"name": b.name, "summary": b.summary,
                 "options": {k: o.to_dict() for k, o in b.options.items()}}
                for b in BOTS.values() if not b.local]

    @app.get("/api/rules")
    async def rules(lang: str = "en") -> JSONResponse:
        """The rule options for the create form, each with a label and a one-line explanation in ``lang``."""
        if lang not in LANGUAGES:
            return JSONResponse({"error": f"no language {lang[:20]!r}; there are {', '.join(LANGUAGES)}"}, 404)
        return JSONResponse(rule_options(lang, MAX_TURNS, decks_for(10) + 1))

    @app.get("/api/i18n/{lang}")
    async def words(lang: str) -> JSONResponse:
        try:
            return JSONResponse(page_words(lang))
        except ValueError as error:   # the message names the languages there are
            return JSONResponse({"error": str(error)}, status_code=404)

    @app.get("/api/rooms")
    async def rooms(request: Request) -> Response:
        return Response(lobby_of(request).listing_json(), media_type="application/json")

    @app.post("/api/rooms", status_code=201)
    async def create_room(options: RoomOptions, request: Request) -> dict[str, Any]:
        room = await lobby_of(request).create(options, client_of(request))
        return {**room.summary(), "invite": room.invite}

    @app.post("/api/lessons/{name}", status_code=201)
    async def start_lesson(name: Annotated[str, Path(max_length=40)], body: StartLesson,
                           request: Request) -> dict[str, Any]:
        """A guided game (lessons/): a private room with you in P1 against a bot, already started."""
        if name not in LESSONS:
            raise RoomError("no-lesson", 404, lesson=name, lessons=", ".join(LESSONS))
        room, token = await lobby_of(request).start_lesson(load_lesson(name), body.name, body.lang,
                                                           client_of(request))
        return {"room": room.summary(), "seat": 0, "token": token, "invite": room.invite}

    @app.get("/api/rooms/{room_id}")
    async def room(room_id: str, request: Request) -> dict[str, Any]:
        return lobby_of(request).get(room_id).summary()

    @app.post("/api/rooms/{room_id}/join")
    async def join(room_id: str, body: Join, request: Request) -> dict[str, Any]:
        room = lobby_of(request).get(room_id)
        token = await room.join(body.name, body.seat, body.invite, client_of(request))
        return {"seat": room.seat_of(token), "token": token, "room": room.summary(), "invite": room.invite}

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

    @app.post("/api/rooms/{room_id}/remove")
    async def remove(room_id: str, body: RemovePlayer, request: Request) -> dict[str, Any]:
        room = lobby_of(request).get(room_id)
        await room.remove(body.token, body.seat)
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
    async def record(game_id: GameId, request: Request) -> JSONResponse:
        stored = await lobby_of(request).store.game(game_id)
        if stored is None:
            raise RoomError("no-game-id", 404, game=game_id)
        if not stored.finished:   # the record holds the seed, and the seed every hidden card
            raise RoomError("record-later", 403)
        if request.app.state.tournaments.record_hidden(stored.room_id):   # and the next matches' deals
            raise RoomError("tournament-records-later", 403)
        return JSONResponse(stored.record(), headers={
            "Content-Disposition": f'attachment; filename="monopoly-deal-{game_id}.json"'})

    @app.get("/api/games/{game_id}/replay")
    async def replay(game_id: GameId, request: Request, viewer: Annotated[int | None, Query(ge=0, le=9)] = None,
                     lang: str = "en") -> list[dict[str, Any]]:
        """A finished game step by step (:func:`~.replay.frames`): as seat ``viewer`` saw it, or every card open."""
        stored = await lobby_of(request).store.game(game_id)
        if stored is None:
            raise RoomError("no-game-id", 404, game=game_id)
        if not stored.finished:   # the positions would show every hidden card
            raise RoomError("replay-later", 403)
        if request.app.state.tournaments.record_hidden(stored.room_id):   # a match's deal: not before the end
            raise RoomError("tournament-records-later", 403)
        if viewer is not None and viewer >= len(stored.players):
            raise RoomError("bad-viewer", 400, last=len(stored.players) - 1)
        return await asyncio.to_thread(frames, stored.record(), viewer, lang if lang in LANGUAGES else "en")

    add_tournaments(app, STATIC / "tournament.html", client_of)

    @app.websocket("/ws/{room_id}")
    async def play(websocket: WebSocket, room_id: str, token: str | None = None, lang: str | None = None) -> None:
        await serve_client(lobby_of(websocket), websocket, room_id, token, lang, client_of(websocket))

    return app


def _problem(error: Any) -> str:
    """One problem of a request body, naming its field: ``clock: Input should be less than or equal to 3600``
    (a message that names its field already, ``rules.decks: …``, stands as it is)."""
    where = ".".join(str(p) for p in error["loc"][1:]) or "body"
    message = str(error["msg"]).removeprefix("Value error, ")
    return message if message.startswith(f"{where}.") else f"{where}: {message}"


async def serve_client(lobby: Lobby, websocket: WebSocket, room_id: str, token: str | None,
                       lang: str | None, client: str | None = None) -> None:
    """One client's connection: a seat's (with its token) or a spectator's, until it closes. A seat is
    always let in; a spectator within the caps of :meth:`Room.connect` (else closed with 1013)."""
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
                await _answer(room, conn, message)
            await asyncio.sleep(0)   # let every other client's messages, bots and clocks have their turn
    except WebSocketDisconnect:
        pass
    finally:
        budgets.close(client or "")
        room.disconnect(conn)
        writer.cancel()


async def _answer(room: Room, conn: Connection,
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
            room.lobby.cannot_save(room)
            conn.push({"type": "error", **RoomError("cannot-save", 503).body(conn.lang), "action": message.action})
    elif isinstance(message, AskHint):
        if conn.viewer is None:
            conn.push({"type": "error", **RoomError("spectator-hint").body(conn.lang)})
            return
        budget, client = room.lobby.hint_budget, conn.client or ""
        if budget.left(client, time.monotonic()) < 1:
            conn.push({"type": "error", **RoomError("hints-rationed", 429,
                                                     seconds=f"{1 / room.lobby.limits.hints_per_second:g}")
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


async def _prepare_database(db_url: str | None, migrate: bool) -> None:
    """Open the database, upgraded as :func:`.schema.prepare` says, and close it again
    (:class:`DatabaseInUse` if another server holds it, :class:`.schema.SchemaError` if it will not do)."""
    store = await Store.open(db_url, migrate, announce=lambda line: print(line, flush=True))
    await store.close()


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def serve(host: str = "127.0.0.1", port: int = 8000, db_url: str | None = None,
          limits: LobbyLimits | None = None, allowed_hosts: Collection[str] | None = None,
          forwarded_allow_ips: str = "127.0.0.1,::1", http_limits: HttpLimits | None = None,
          migrate: bool = False, log_format: str = "text", metrics_address: tuple[str, int] | None = None) -> None:
    """Run the server until interrupted (``mdeal serve``). It answers to ``allowed_hosts`` (by default
    :func:`~.http.allowed_hosts_for` ``host``), and believes ``X-Forwarded-For`` only from
    ``forwarded_allow_ips`` (a reverse proxy: docs/deploy.md). The database is brought to this release's schema
    first (``migrate``: a PostgreSQL one too, :func:`.schema.prepare`). The log goes to stderr in ``log_format``
    (:mod:`.logs`); with ``metrics_address``, Prometheus metrics are served there (:mod:`.metrics`)."""
    import uvicorn

    configure_logs(log_format)

    try:   # the server's own store takes the lock for its life; refuse at once, in one line, if it is held
        asyncio.run(_prepare_database(db_url, migrate))
    except (DatabaseInUse, SchemaError) as error:
        raise SystemExit(f"mdeal serve: {error}") from None
    http_limits = http_limits or HttpLimits()
    refusals = AddressBudget.refusals(http_limits)
    lost: list[str] = []

    def stop(why: str) -> None:   # another server has the database: stop at once, exit 1 (and say why)
        lost.append(why)
        os.kill(os.getpid(), signal.SIGTERM)

    app = create_app(db_url, limits, allowed_hosts or allowed_hosts_for(host), http_limits,
                     when_ready=keep_frozen, refusals=refusals, on_lost=stop)
    if metrics_address is not None:
        metrics.serve_metrics(*metrics_address)
        print(f"monopoly-deal: metrics on http://{_url_host(metrics_address[0])}:{metrics_address[1]}/metrics",
              flush=True)
    print(f"monopoly-deal: open http://{host}:{port}/ in a browser (Ctrl+C stops the server)", flush=True)
    tune_gc()
    # Per-message compression cost 7-13% of the event loop at 500 games, for messages of a few KB on
    # connections that are mostly local or behind a proxy: off.
    uvicorn.run(app, host=host, port=port, log_config=None, access_log=False, ws_max_size=64 * 1024,
                http=guarded_protocol(http_limits, forwarded_allow_ips, refusals),
                ws=guarded_websocket_protocol(http_limits), ws_ping_interval=WS_PING_SECONDS,
                ws_ping_timeout=WS_PING_SECONDS, proxy_headers=True, forwarded_allow_ips=forwarded_allow_ips,
                ws_per_message_deflate=False)
    if lost:
        raise SystemExit(f"mdeal serve: stopped: {lost[0]}")
