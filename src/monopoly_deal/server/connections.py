"""A room's connections: each client's WebSocket as the room sees it (:class:`Connection`), how a client is
known (:func:`client_key`), and everyone following a room with what they are sent (:class:`Audience`)."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, Protocol

from .limits import LobbyLimits
from .seats import digest
from .views import SharedMessage


def client_key(address: str | None) -> str | None:
    """How a client (an IP address) is remembered for its quotas: a hash, so no address is stored. An IPv6
    client is its /64 (one household or machine is given a whole /64, and picks any address in it).

    >>> client_key("2001:db8:1:2::5") == client_key("2001:db8:1:2:ffff::9") != client_key("2001:db8:1:3::5")
    True
    """
    if address is None:
        return None
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return digest(address)[:16]
    if ip.version == 6 and ip.ipv4_mapped is None:
        address = str(ipaddress.ip_network(f"{ip}/64", strict=False))
    elif ip.version == 6 and ip.ipv4_mapped is not None:
        address = str(ip.ipv4_mapped)
    return digest(address)[:16]


class Connection:
    """One client's WebSocket, seen from a room: who it is (a seat or a spectator, and from which
    client), its language, how much of the log it has had, and a bounded queue of messages to send.
    ``close(code, reason)`` closes the socket."""

    QUEUE = 256

    def __init__(self, viewer: int | None, lang: str, close: Callable[[int, str], None],
                 client: str | None = None) -> None:
        self.viewer = viewer
        self.lang = lang
        self.client = client
        self.opened = time.monotonic()
        self.sent = 0                 # log messages already sent
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(self.QUEUE)
        self._close = close
        self.closing = False          # closed by the server: nothing more is queued for it

    def close(self, code: int, reason: str) -> None:
        """Close the socket with ``code`` (once: a client that does not read is sent no more)."""
        if not self.closing:
            self.closing = True
            self._close(code, reason)

    def push(self, message: dict[str, Any]) -> None:
        if self.closing:
            return
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:     # a client that does not read: drop it rather than hold the room
            self.close(1008, "too slow to read")


class Gatekeeper(Protocol):
    """What an audience asks of the lobby that holds its room (:class:`~.lobby.Lobby`): the limits, and the
    count of connections that caps spectators across every room."""

    @property
    def limits(self) -> LobbyLimits: ...

    def check_spectator(self, room: Audience, client: str | None) -> None:
        """Refuse (a :class:`~.errors.RoomError`) one spectator too many for ``room`` or ``client``."""

    def count(self, conn: Connection, step: int) -> None:
        """``conn`` came (``step`` 1) or went (-1)."""


class Audience(ABC):
    """Everyone following a room, by their connections: seats' (a few windows each) and spectators' (within
    the lobby's caps), and what they are sent. The room (:class:`~.rooms.Room`) says what it is and what each
    connection may see; its lock makes everyone wait for an action being stored."""

    def __init__(self, lobby: Gatekeeper) -> None:
        self.lobby = lobby
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.active_at = time.time()           # the last join, move or connection
        # The summary as listed in the lobby, and its JSON, kept until the room changes (every change is
        # broadcast, or is a connection coming or going): a listing of 500 rooms would cost ms each time.
        self._listed: tuple[dict[str, Any], bytes | None] | None = None

    @abstractmethod
    def summary(self) -> dict[str, Any]:
        """The room as everyone may see it."""

    @abstractmethod
    def state_for(self, conn: Connection, summary: dict[str, Any] | None = None) -> dict[str, Any]:
        """Everything ``conn`` may see now (``summary``: the room's, already made)."""

    async def connect(self, conn: Connection) -> None:
        """Let ``conn`` in and send it the state (it alone: the others have theirs). A seat is always let
        in (one socket too many for it closes its oldest); a spectator only within the lobby's caps (503).
        It waits for an action being stored: the state it is sent is the stored one."""
        async with self.lock:
            self._let_in(conn)

    def _let_in(self, conn: Connection) -> None:
        if conn.viewer is None:
            self.lobby.check_spectator(self, conn.client)
        else:
            mine = sorted((c for c in self.connections if c.viewer == conn.viewer), key=lambda c: c.opened)
            for old in mine[:max(0, len(mine) + 1 - self.lobby.limits.sockets_per_seat)]:
                self.disconnect(old)
                old.close(4409, "this seat was opened in another window")
        self.connections.add(conn)
        self._listed = None
        self.lobby.count(conn, +1)
        if conn.viewer is not None:             # spectators coming and going keep no room alive
            self._touch()
        conn.push(self.state_for(conn))

    def disconnect(self, conn: Connection) -> None:
        if conn in self.connections:
            self.connections.discard(conn)
            self._listed = None
            self.lobby.count(conn, -1)
            if conn.viewer is not None:
                self._touch()

    def _drop_seat(self, seat: int, reason: str) -> None:
        """Close every socket that speaks for ``seat`` (4403: the page forgets its token)."""
        for conn in [c for c in self.connections if c.viewer == seat]:
            self.disconnect(conn)
            conn.close(4403, reason)

    async def send_state(self, conn: Connection, from_start: bool = False) -> None:
        """Send ``conn`` the state again (from the log's start: in a new language), once any action being
        stored is stored."""
        async with self.lock:
            if from_start:
                conn.sent = 0
            conn.push(self.state_for(conn))

    def _broadcast(self) -> None:
        """Every connection its state; connections that would be sent the same (same seat, language and
        log position) share one message, encoded to JSON once."""
        summary = self.summary()
        self._listed = summary, None
        made: dict[tuple[int | None, str, int], tuple[SharedMessage, int]] = {}
        for conn in list(self.connections):
            key = (conn.viewer, conn.lang, conn.sent)
            if key not in made:
                made[key] = SharedMessage(self.state_for(conn, summary)), conn.sent
            message, conn.sent = made[key]
            conn.push(message)

    def _notice(self, kind: str, params: dict[str, Any],
                words: Callable[[str], dict[str, Any]] | None = None) -> None:
        """Tell everyone; ``words(lang)`` gives the parameters said in each connection's language."""
        for conn in self.connections:
            conn.push({"type": "notice", "notice": kind, **params, **(words(conn.lang) if words else {})})

    def listed(self) -> tuple[dict[str, Any], bytes]:
        """:meth:`summary` and its JSON, made again only after the room has changed."""
        summary, encoded = self._listed or (self.summary(), None)
        if encoded is None:
            encoded = json.dumps(summary, separators=(",", ":")).encode()
        self._listed = summary, encoded
        return summary, encoded

    def _touch(self) -> None:
        self.active_at = time.time()

    def people_connected(self) -> bool:
        """Whether someone sits here with a socket open (spectators do not keep a room alive)."""
        return any(c.viewer is not None for c in self.connections)
