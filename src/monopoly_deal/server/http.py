"""HTTP protections in front of the game: host names, security headers, body size, slow and greedy sockets.

Three ASGI middlewares wrap the application (:func:`protect`), :func:`guarded_protocol`
makes uvicorn's HTTP protocol time out requests that never finish and refuse an address's
sockets beyond a cap, and :func:`guarded_websocket_protocol` drops a closed WebSocket whose
peer goes on sending. Every limit is in :class:`HttpLimits`, with the reason for its default.

>>> sorted(allowed_hosts_for("127.0.0.1"))
['127.0.0.1', '::1', 'localhost']
>>> host_allowed("localhost:8000", allowed_hosts_for("127.0.0.1")), host_allowed("evil.example", {"localhost"})
(True, False)
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import socket
import time
import weakref
from collections.abc import Awaitable, Callable, Collection, MutableMapping
from dataclasses import dataclass
from typing import Any

from starlette.applications import Starlette
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from .metrics import HTTP_REFUSED

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The page is plain ES modules and a stylesheet from /static, its WebSocket goes to the same host,
#: and it is never framed: anything else a page of this origin might load is refused.
CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                           "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
                           "frame-ancestors 'none'")
SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
]


@dataclass(frozen=True)
class HttpLimits:
    """What one HTTP client may take; each default is far above what the page needs."""

    max_body_bytes: int = 16 * 1024          # the largest request body (a room's options are < 1 KiB)
    request_timeout: float = 10.0            # seconds for a request's head and body to arrive, from its first byte
    max_head_bytes: int = 16 * 1024          # request line and headers (a browser sends < 2 KiB)
    connections_per_address: int = 64        # open sockets from one address (a page holds 1–3)
    # Requests an address may have refused (answered 400 or more; a WebSocket refused or cut off) in a burst,
    # and again each second after it:
    # beyond that its requests are refused (429) before they reach the application, which costs the others
    # a tenth as much (a page is refused a request now and then, a flood forty a second). Each refusal the
    # application makes costs about a millisecond, and an attack's burst of them lands on everyone's p99: at a
    # burst of 100 and 5 a second, the attacks of bench_server.py had 300 a minute reach the application.
    refusals_per_address: int = 20
    refusals_per_second: float = 1.0
    # Requests of any kind an address may make in a burst, and again each second after it (as nginx's
    # limit_req in docs/deploy/nginx.conf; a page makes about ten to load, a game against nine bots twelve
    # more, and a WebSocket's messages are no requests): each request costs the server about 0.5 ms, so a
    # client sending request after request on its many sockets would otherwise take the event loop. A
    # request over it is refused (429) by the protocol, and counts as a refusal. With 20 a second and 2
    # refusals a second, bench_server.py's attacks still raised the people's p99 by 21-30%; with these, 4-9%.
    requests_per_address: int = 60
    requests_per_second: float = 10.0
    # How long the protocol waits before it answers 429 (past either budget): answered at once, a client
    # asking again at once cost the server a connection and a request each time, a hundred a second.
    refusal_delay: float = 1.0
    # A WebSocket the server has closed (cut off for flooding, too slow to read, its seat given up) waits
    # this long for the peer's close reply, and reads at most this much of what else the peer sends, before
    # its socket is dropped: a page answers at once, with a message or two in flight; a flood that reads
    # nothing never answers and, left the usual 10 s, had the server parse a thousand messages a second.
    websocket_close_timeout: float = 2.0
    max_after_close_bytes: int = 4 * 1024


def allowed_hosts_for(listen: str) -> frozenset[str]:
    """The host names a server listening on ``listen`` answers to by default: that address, and
    ``localhost`` and the loopback addresses when it listens on loopback. A server on every
    address (``0.0.0.0``, ``::``) answers to this machine's names and to any IP address: a DNS
    rebinding attack needs a name the attacker controls, so an address typed in is never one.

    >>> sorted(allowed_hosts_for("192.168.1.5"))
    ['192.168.1.5']
    """
    hosts = {listen.lower()}
    if _is_loopback(listen) or listen == "localhost":
        hosts |= {"localhost", "127.0.0.1", "::1"}
    if listen in ("0.0.0.0", "::", ""):
        hosts |= {"localhost", "*ip*", socket.gethostname().lower(), socket.getfqdn().lower()}
    return frozenset(hosts)


def _is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return False


def host_allowed(header: str, allowed: Collection[str]) -> bool:
    """Whether a ``Host`` header (``name``, ``name:port`` or ``[v6]:port``) names one of ``allowed``
    (``*`` allows any, ``*ip*`` any IP address, ``.example.org`` that domain and its subdomains)."""
    if "*" in allowed:
        return True
    host = header.strip().lower()
    if host.startswith("["):
        host = host[1:].partition("]")[0]
    elif host.count(":") == 1:
        host = host.partition(":")[0]
    host = host.rstrip(".")
    if not host:
        return False
    return (host in allowed or ("*ip*" in allowed and _is_ip(host))
            or any(a.startswith(".") and (host == a[1:] or host.endswith(a)) for a in allowed))


def protect(app: Starlette, allowed_hosts: Collection[str], limits: HttpLimits) -> None:
    """Put ``app`` behind the host check, the security headers and the body limit (outermost first)."""
    app.add_middleware(_BodyLimit, limit=limits.max_body_bytes)
    app.add_middleware(_SecurityHeaders)
    app.add_middleware(_AllowedHosts, allowed=frozenset(allowed_hosts))


class _AllowedHosts:
    """Refuses a request (400) or WebSocket (closed before the handshake: 403) whose ``Host`` is not allowed."""

    def __init__(self, app: ASGIApp, allowed: frozenset[str]) -> None:
        self.app, self.allowed = app, allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            host = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), "")
            if not host_allowed(host, self.allowed):
                if scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": 1008, "reason": "host not allowed"})
                else:
                    await _error(send, 400, f"host not allowed: {host[:100]!r} (see mdeal serve --allowed-hosts)")
                return
        await self.app(scope, receive, send)


class _SecurityHeaders:
    """Adds :data:`SECURITY_HEADERS` to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)


class _BodyLimit:
    """Reads a request's body before the application does and answers 413 as soon as it passes
    ``limit`` bytes, whether or not it announced its length: nothing over the limit is ever held."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = next((v for k, v in scope["headers"] if k == b"content-length"), None)
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await _error(send, 413, f"request body over {self.limit} bytes")
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":    # the client went away
                return
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > self.limit:
                await _error(send, 413, f"request body over {self.limit} bytes")
                return
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _error(send: Send, status: int, text: str) -> None:
    body = json.dumps({"error": text}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close"), *SECURITY_HEADERS]})
    await send({"type": "http.response.body", "body": body})


def trusted_networks(addresses: str) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network] | None:
    """``--forwarded-allow-ips`` as networks (``None`` for ``*``: every address).

    >>> trusted_networks("127.0.0.1, 10.0.0.0/8")
    [IPv4Network('127.0.0.1/32'), IPv4Network('10.0.0.0/8')]
    """
    items = [a.strip() for a in addresses.split(",") if a.strip()]
    if "*" in items:
        return None
    return [ipaddress.ip_network(a, strict=False) for a in items]


def _answer_429(why: str) -> bytes:
    body = json.dumps({"error": why}).encode()
    return (b"HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\nretry-after: 5\r\n"
            b"content-length: " + str(len(body)).encode() + b"\r\nconnection: close\r\n"
            + b"".join(name + b": " + value + b"\r\n" for name, value in SECURITY_HEADERS) + b"\r\n" + body)


#: The answers to an address over its refusals, and over its requests, written by the protocol itself.
#: The paths of the health checks (app.py): answered without counting against any budget.
HEALTH_CHECKS = (b"/healthz", b"/readyz")
TOO_MANY_REFUSED = _answer_429("too many refused requests from your address: wait a few seconds")
TOO_MANY_REQUESTS = _answer_429("too many requests from your address: wait a few seconds")

#: Addresses remembered with their open sockets before those with none are forgotten.
ADDRESSES_KEPT = 10_000


class AddressBudget:
    """Each address's budget of something: ``burst`` at once, refilled at ``per_second``. The server
    keeps two: the requests an address may make (:meth:`requests`), spent by the HTTP protocol at
    each request, and the refusals it may be answered (:meth:`refusals`), spent by the protocol at
    each error answer and by the application at each refused WebSocket. Once either is spent, the
    protocol answers that address's requests, WebSocket handshakes included, with 429 itself
    (:func:`guarded_protocol`).

    >>> refusals = AddressBudget(burst=2, per_second=1.0)
    >>> refusals.count("192.0.2.1"); refusals.count("192.0.2.1")
    >>> refusals.left("192.0.2.1", time.monotonic()) < 1, refusals.left("192.0.2.2", time.monotonic())
    (True, 2.0)
    """

    def __init__(self, burst: int, per_second: float) -> None:
        self.burst, self.per_second = float(burst), per_second
        self._spent: dict[str, tuple[float, float]] = {}   # address -> (tokens left, when counted)

    @classmethod
    def refusals(cls, limits: HttpLimits) -> AddressBudget:
        return cls(limits.refusals_per_address, limits.refusals_per_second)

    @classmethod
    def requests(cls, limits: HttpLimits) -> AddressBudget:
        return cls(limits.requests_per_address, limits.requests_per_second)

    def left(self, host: str, now: float) -> float:
        tokens, stamp = self._spent.get(host, (self.burst, now))
        return min(self.burst, tokens + (now - stamp) * self.per_second)

    def count(self, host: str) -> None:
        now = time.monotonic()
        if len(self._spent) > ADDRESSES_KEPT:   # forget the addresses whose budget is full again
            for gone in [h for h in self._spent if self.left(h, now) >= self.burst]:
                del self._spent[gone]
        self._spent[host] = (self.left(host, now) - 1, now)


class _Guard:
    """What one :func:`guarded_protocol` holds for all its sockets: the limits, the trusted proxies, and each
    address's two budgets and open sockets."""

    def __init__(self, limits: HttpLimits, proxies: str, refusals: AddressBudget | None) -> None:
        self.limits = limits
        self.networks = trusted_networks(proxies)
        self.refused = refusals or AddressBudget.refusals(limits)
        self.requested = AddressBudget.requests(limits)
        # Each address's open sockets, HTTP or upgraded to WebSocket (the transport stays the same): counted
        # among that address's own, not by walking every connection of the server at each new one.
        self.sockets: dict[str, weakref.WeakSet[asyncio.BaseTransport]] = {}

    def is_proxy(self, host: str) -> bool:
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return self.networks is None or any(address in n for n in self.networks)

    def admit(self, host: str, transport: asyncio.BaseTransport) -> bool:
        sockets = self.sockets
        if len(sockets) > ADDRESSES_KEPT:   # forget the addresses that have no socket open
            for gone in [h for h, held in sockets.items() if not held]:
                del sockets[gone]
        held = sockets.setdefault(host, weakref.WeakSet())
        # Closed sockets leave the set here, not when they are collected (the collector is tuned to run
        # seldom): a flood of short connections would otherwise make every new one walk thousands.
        for closed in [t for t in held if t.is_closing()]:
            held.discard(closed)
        if len(held) >= self.limits.connections_per_address:
            return False
        held.add(transport)
        return True


class _GuardedHttpProtocol(HttpToolsProtocol):
    """:func:`guarded_protocol`'s protocol, less its :class:`_Guard`."""

    guard: _Guard
    request_timer: asyncio.TimerHandle | None = None
    head_bytes = 0
    head_done = False
    refusing = False
    limited: str | None = None    # the client's address, unless it is a trusted proxy's

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        host = self.client[0] if self.client else None
        self.limited = host if host is not None and not self.guard.is_proxy(host) else None
        if self.limited is not None and not self.guard.admit(self.limited, transport):
            transport.close()
            return
        self._arm()

    def _arm(self) -> None:
        self._disarm()
        self.request_timer = self.loop.call_later(self.guard.limits.request_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self.request_timer is not None:
            self.request_timer.cancel()
            self.request_timer = None

    def _too_slow(self) -> None:   # a request still arriving after its time: drop the socket
        self.request_timer = None
        if not self.transport.is_closing():
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        if self.refusing:
            return
        if not self.head_done:   # the head alone is counted: up to its blank line, not the body after it
            end = data.find(b"\r\n\r\n")
            self.head_bytes += len(data) if end < 0 else end + 4
            if self.head_bytes > self.guard.limits.max_head_bytes:
                self.send_400_response("Request head too large.")
                return
        super().data_received(data)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self.request_timer is None:   # the next request on a kept-alive socket
            self._arm()

    def on_headers_complete(self) -> None:
        self.head_done = True
        refused, requested = self.guard.refused, self.guard.requested
        # health checks (a service manager's, a load balancer's) are cheap and never spend a budget
        host = self.limited if self.url.partition(b"?")[0] not in HEALTH_CHECKS else None
        if host is not None:
            now = time.monotonic()
            if refused.left(host, now) < 1:
                HTTP_REFUSED.labels("refusals").inc()
                self._too_many(TOO_MANY_REFUSED)
                return
            if requested.left(host, now) < 1:
                refused.count(host)
                HTTP_REFUSED.labels("requests").inc()
                self._too_many(TOO_MANY_REQUESTS)
                return
            requested.count(host)
        super().on_headers_complete()
        if host is None or self.parser.should_upgrade():   # a WebSocket's refusals are close codes
            return
        cycle, send = self.cycle, self.cycle.send

        async def counting_send(message: Any) -> None:
            if message["type"] == "http.response.start" and message["status"] >= 400:
                refused.count(host)
            await send(message)

        cycle.send = counting_send  # type: ignore[method-assign, assignment]

    def _too_many(self, answer: bytes) -> None:
        """Answer 429 here, without the application, after ``refusal_delay``, and close: nothing more of
        this socket is read. The wait costs nothing, and a client that asks again as soon as it is answered
        (on at most ``connections_per_address`` sockets) is held to one request a socket per wait. Reading
        stops meanwhile: a body sent on (a flood's, 60 MiB a second) would otherwise be read and dropped
        by the server for that second, which cost the others more than any other attack."""
        self.refusing = True
        self.flow.pause_reading()
        self._disarm()
        self.request_timer = self.loop.call_later(self.guard.limits.refusal_delay, self._answer, answer)

    def _answer(self, answer: bytes) -> None:
        self.request_timer = None
        if not self.transport.is_closing():
            self.transport.write(answer)
            self.transport.close()

    def on_body(self, body: bytes) -> None:
        if not self.refusing:
            super().on_body(body)

    def on_message_complete(self) -> None:
        if self.refusing:
            return
        self._disarm()
        self.head_bytes, self.head_done = 0, False
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        if self.refusing:   # answered 429 instead (its answer is waiting)
            return
        self._disarm()   # the WebSocket protocol takes over: pings find a peer that is gone
        super().handle_websocket_upgrade()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


def guarded_protocol(limits: HttpLimits, proxies: str = "127.0.0.1,::1",
                     refusals: AddressBudget | None = None) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol (httptools), with a time-out for a request that never finishes
    arriving, a cap on its head's size, a cap on open sockets per address, and two budgets per
    address: of requests, and of refusals (``refusals``, shared with the application). None of these
    apply to the trusted proxies, whose sockets carry everyone's requests (the proxy limits each
    client: docs/deploy.md). Pass it as ``uvicorn.run(..., http=…)``."""
    made = _Guard(limits, proxies, refusals)

    class GuardedHttpProtocol(_GuardedHttpProtocol):
        guard = made

    return GuardedHttpProtocol


def guarded_websocket_protocol(limits: HttpLimits) -> type[asyncio.Protocol]:
    """uvicorn's WebSocket protocol, dropping the socket of a WebSocket the server has closed once its peer
    has sent ``max_after_close_bytes`` more or not answered the close in ``websocket_close_timeout``. uvicorn
    reads, parses and discards a closed WebSocket's messages until the peer answers the close, or for 10 s and
    then waits for its unread answers to be taken (uvicorn 0.52.1 and later: pyproject.toml asks for it): a client
    that floods and never reads would cost the server for as long. Pass it as ``uvicorn.run(..., ws=…)``."""

    class GuardedWebSocketProtocol(WebSocketsSansIOProtocol):
        after_close = 0   # bytes received since the close was sent

        def data_received(self, data: bytes) -> None:
            if self.close_sent:
                self.after_close += len(data)
                if self.after_close > limits.max_after_close_bytes:
                    self._drop()
                    return
            super().data_received(data)

        async def send(self, message: Any) -> None:
            closing = not self.close_sent
            await super().send(message)
            if closing and self.close_sent and self.close_timer is not None:   # the close was sent just now
                self.close_timer.cancel()
                self.close_timer = self.loop.call_later(limits.websocket_close_timeout, self._drop)

        def _drop(self) -> None:
            """Close the socket now, with whatever is still unsent: the peer does not read it."""
            if self.close_timer is not None:
                self.close_timer.cancel()
                self.close_timer = None
            self.transport.abort()

    return GuardedWebSocketProtocol
