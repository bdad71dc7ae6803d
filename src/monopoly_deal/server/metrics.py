"""What an operator's dashboards read: Prometheus metrics, with the official client, served only when asked
(``mdeal serve --metrics 127.0.0.1:9108``) on an address of their own, never on the public port.

Labels are bounded (a refusal's code, a bot's lane, a room's status): no room, game or client id.

    >>> ACTIONS_STORED.labels(database="sqlite").inc(0)
    >>> sorted(m.name for m in REGISTRY.collect())[:3]
    ['mdeal_actions_stored', 'mdeal_bot_decisions_waiting', 'mdeal_bot_think_seconds']
"""

from __future__ import annotations

import weakref
from collections.abc import Collection, Iterator, Mapping
from typing import Any, Protocol

from prometheus_client import CollectorRegistry, Counter, Histogram, start_http_server
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from ..engine import Game

#: The server's own registry (not the client library's global one: nothing else of the process is exported).
REGISTRY = CollectorRegistry(auto_describe=True)

ACTIONS_STORED = Counter("mdeal_actions_stored", "Actions committed to the database", ["database"],
                         registry=REGISTRY)
WRITE_SECONDS = Histogram("mdeal_store_write_seconds", "Time to commit one group of actions", ["database"],
                          buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5),
                          registry=REGISTRY)
DATABASE_ERRORS = Counter("mdeal_database_errors", "Database operations that failed", ["operation"],
                          registry=REGISTRY)
REFUSALS = Counter("mdeal_refusals", "Requests and messages refused, by their code (docs/web.md)", ["code"],
                   registry=REGISTRY)
HTTP_REFUSED = Counter("mdeal_http_refused", "Requests answered 429 before the application, by budget",
                       ["budget"], registry=REGISTRY)
SOCKETS_CLOSED = Counter("mdeal_websockets_refused", "WebSockets closed by the server, by close code",
                         ["close_code"], registry=REGISTRY)
BOT_THINK_SECONDS = Histogram("mdeal_bot_think_seconds", "Time a bot took over one decision, by lane",
                              ["lane"], buckets=(0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30),
                              registry=REGISTRY)


class _Socket(Protocol):
    @property
    def viewer(self) -> int | None:
        """The seat it speaks for; None for a spectator."""


class _Room(Protocol):
    @property
    def status(self) -> str: ...

    @property
    def game(self) -> Game | None: ...

    @property
    def connections(self) -> Collection[_Socket]: ...


class _Queue(Protocol):
    def waiting(self) -> int: ...


class Watched(Protocol):
    """What the gauges read of the lobby (:class:`~.lobby.Lobby`, which reports here: it is known only by
    this, so the two modules import each other in one direction)."""

    @property
    def rooms(self) -> Mapping[str, _Room]: ...

    @property
    def bot_pool(self) -> _Queue: ...


class _LobbyCollector(Collector):
    """Gauges read from the running lobby when scraped: rooms by status, games being played, sockets, the
    bots' decisions waiting."""

    def __init__(self) -> None:
        self.lobby: weakref.ReferenceType[Watched] | None = None

    def collect(self) -> Iterator[Any]:
        lobby = self.lobby() if self.lobby is not None else None
        rooms = GaugeMetricFamily("mdeal_rooms", "Rooms open, by status", labels=["status"])
        games = GaugeMetricFamily("mdeal_games_live", "Games being played")
        sockets = GaugeMetricFamily("mdeal_websockets", "WebSockets connected, by who", labels=["who"])
        waiting = GaugeMetricFamily("mdeal_bot_decisions_waiting", "Bot decisions asked for and not yet made")
        live = list(lobby.rooms.values()) if lobby is not None else []
        for status in ("waiting", "playing", "finished"):
            rooms.add_metric([status], sum(r.status == status for r in live))
        games.add_metric([], sum(r.status == "playing" and r.game is not None and not r.game.over for r in live))
        connections = [c for r in live for c in r.connections]
        sockets.add_metric(["player"], sum(c.viewer is not None for c in connections))
        sockets.add_metric(["spectator"], sum(c.viewer is None for c in connections))
        waiting.add_metric([], lobby.bot_pool.waiting() if lobby is not None else 0)
        yield from (rooms, games, sockets, waiting)


_LOBBY = _LobbyCollector()
REGISTRY.register(_LOBBY)


def watch(lobby: Watched) -> None:
    """Read the gauges from ``lobby`` from now on (the server's, once it has started)."""
    _LOBBY.lobby = weakref.ref(lobby)


def parse_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:9108`` for IPv6) as (host, port); ``ValueError`` naming what is wrong."""
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not 1 <= int(port) <= 65535:
        raise ValueError(f"expected HOST:PORT, e.g. 127.0.0.1:9108, not {text!r}")
    return host.strip("[]"), int(port)


def serve_metrics(host: str, port: int) -> None:
    """Serve ``/metrics`` on ``host:port`` from a thread of this process, until it ends."""
    start_http_server(port, host, registry=REGISTRY)
