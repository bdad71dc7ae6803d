"""The web server: a page, a small REST API for rooms, and one WebSocket per client, assembled from the modules
that register them (:mod:`.page_routes`, :mod:`.room_routes`, :mod:`.game_routes`, :mod:`.tournament_routes`,
:mod:`.websocket`, :mod:`.health_routes`).

>>> from fastapi.testclient import TestClient
>>> with TestClient(create_app("sqlite+aiosqlite://")) as client:
...     room = client.post("/api/rooms", json={"players": 2}).json()
...     client.post(f"/api/rooms/{room['id']}/join", json={"name": "Ann"}).json()["seat"]
0

``mdeal serve`` runs it with uvicorn (:func:`serve`). The WebSocket is
``/ws/{room}?token=…&lang=…``: with a seat token it speaks for that seat, without
one it is a spectator's (:mod:`.websocket`). The messages are in docs/web.md.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from collections.abc import AsyncIterator, Callable, Collection, Coroutine
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from . import metrics
from .error_handlers import HANDLERS
from .errors import REFUSALS_DOCUMENTED
from .game_routes import add_game_routes
from .health_routes import add_health_routes
from .http import AddressBudget, HttpLimits, allowed_hosts_for, guarded_protocol, guarded_websocket_protocol, protect
from .limits import LobbyLimits
from .lobby import Lobby
from .logs import configure as configure_logs
from .page_routes import STATIC, add_page_routes
from .persistence import DatabaseInUse, Store
from .room_routes import add_room_routes
from .schema import SchemaError
from .throttle import ClientBudgets
from .tournament_routes import add_tournaments, open_tournaments
from .tuning import keep_frozen, tune_gc
from .websocket import add_websocket

log = logging.getLogger("monopoly_deal.server")

#: A WebSocket that does not answer a ping within this many seconds (sent this often) is closed.
WS_PING_SECONDS = 20.0


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

    app = FastAPI(title="monopoly-deal", lifespan=lifespan, responses=REFUSALS_DOCUMENTED,
                  exception_handlers=HANDLERS)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    protect(app, allowed_hosts, http_limits or HttpLimits())
    app.state.client_budgets = ClientBudgets()
    app.state.refusals = refusals
    for add_routes in (add_health_routes, add_page_routes, add_room_routes, add_game_routes, add_tournaments,
                       add_websocket):
        add_routes(app)
    return app


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
