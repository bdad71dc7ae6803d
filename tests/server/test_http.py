"""HTTP protections: security headers, allowed hosts, the favicon, hostile ids, bodies and slow sockets.

The socket-level guards (time-outs, the per-address cap, a chunked body) are tried against a real
server in a child process; the rest through the ASGI application.
"""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocketDisconnect

from monopoly_deal.server import LobbyLimits, create_app
from monopoly_deal.server.http import CONTENT_SECURITY_POLICY, HttpLimits, allowed_hosts_for, host_allowed

from .helpers import Server

REPO = Path(__file__).resolve().parents[2]


def client_for(**options: Any) -> TestClient:
    return TestClient(create_app("sqlite+aiosqlite://", LobbyLimits(bot_delay=0), **options))


@pytest.fixture
def client() -> Iterator[TestClient]:
    with client_for() as c:
        yield c


@pytest.mark.parametrize("path", ["/", "/static/app.js", "/api/rooms", "/api/rooms/nowhere", "/favicon.ico"])
def test_every_answer_has_the_security_headers(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["x-frame-options"] == "DENY"


def test_the_favicon_is_an_svg_of_the_repository(client: TestClient) -> None:
    response = client.get("/favicon.ico")
    assert response.status_code == 200 and response.headers["content-type"].startswith("image/svg+xml")
    assert response.text.startswith("<svg") and 'rel="icon"' in client.get("/").text


def test_default_allowed_hosts_are_the_listening_address() -> None:
    assert allowed_hosts_for("127.0.0.1") == {"127.0.0.1", "localhost", "::1"}
    assert allowed_hosts_for("192.168.1.5") == {"192.168.1.5"}
    anywhere = allowed_hosts_for("0.0.0.0")
    assert host_allowed("192.168.1.5:8000", anywhere) and host_allowed("[fe80::1]:80", anywhere)
    assert not host_allowed("attacker.example", anywhere)   # a rebinding name is never an address
    assert host_allowed("LocalHost:8000", allowed_hosts_for("127.0.0.1"))
    assert host_allowed("deal.example.org", {".example.org"}) and not host_allowed("example.org.evil", {".example.org"})
    assert not host_allowed("", {"localhost"})


def test_a_request_or_websocket_for_another_host_is_refused() -> None:
    """DNS rebinding: a page of attacker.example, re-pointed at 127.0.0.1, sends Host: attacker.example."""
    with client_for(allowed_hosts=allowed_hosts_for("127.0.0.1")) as client:
        assert client.get("/api/rooms", headers={"host": "localhost:8000"}).status_code == 200
        refused = client.get("/api/rooms", headers={"host": "attacker.example:8000"})
        assert refused.status_code == 400 and "host not allowed" in refused.json()["error"]
        assert refused.headers["x-content-type-options"] == "nosniff"
        assert client.post("/api/rooms", json={}, headers={"host": "attacker.example"}).status_code == 400
        with pytest.raises(WebSocketDisconnect) as closed, \
                client.websocket_connect("/ws/nowhere", headers={"host": "attacker.example"}):
            pass
        assert closed.value.code == 1008
        with client.websocket_connect("/ws/nowhere", headers={"host": "127.0.0.1:8000"}) as ws:
            assert ws.receive_json()["error"] == "no room 'nowhere'"


def test_a_body_over_the_limit_without_a_length_is_refused(client: TestClient) -> None:
    chunks = (b"x" * 4096 for _ in range(100))   # chunked: no Content-Length to judge by
    response = client.post("/api/rooms", content=chunks, headers={"content-type": "application/json"})
    assert response.status_code == 413 and "over 16384 bytes" in response.json()["error"]
    assert client.post("/api/rooms", json={"players": 2}).status_code == 201   # a small body still passes


HOSTILE_IDS = ["99999999999999999999", "-1", "0", "1e3", "1.5", " 1", "0x10", "ｱ", "💣", "a" * 5000, "..",
               "../..", "..%2F..%2Fetc%2Fpasswd", "%00", "\x00", "' OR 1=1 --", "null", "{}", "%", "\u202e1"]


def _escaped(hostile: str) -> str:
    """``hostile`` as one path segment, dots too (else ``..`` would be resolved away before the server)."""
    return quote(hostile, safe="").replace(".", "%2E")


def _routes(client: TestClient) -> tuple[list[tuple[str, str]], list[str]]:
    http = [(method, route.path) for route in client.app.routes if isinstance(route, APIRoute)
            for method in route.methods if "{" in route.path]
    ws = [route.path for route in client.app.routes if isinstance(route, WebSocketRoute)]
    return http, ws


def test_every_route_answers_hostile_ids_with_400_or_404(client: TestClient) -> None:
    http, ws = _routes(client)
    assert len(http) >= 9 and ws == ["/ws/{room_id}"]
    for method, path in http:
        for hostile in HOSTILE_IDS:
            url = path.replace(path[path.index("{"):path.index("}") + 1], _escaped(hostile))
            for body in ({}, {"token": "x", "name": "x"}):
                response = client.request(method, url, json=body if method == "POST" else None)
                assert response.status_code in (400, 404), (method, url, response.status_code, response.text)
                assert "error" in response.json() or "detail" in response.json()
    for hostile in HOSTILE_IDS:
        with pytest.raises(WebSocketDisconnect) as closed, \
                client.websocket_connect(f"/ws/{_escaped(hostile)}") as socket_:
            assert socket_.receive_json()["error"].startswith("no room")
            socket_.receive_json()
        # 4404: no such room; 1000: no such route (an id with a "/" in it is two path segments)
        assert closed.value.code == (1000 if "/" in hostile.replace("%2F", "/") else 4404), hostile


def test_a_huge_game_id_is_not_found_not_a_crash(client: TestClient) -> None:
    response = client.get("/api/games/99999999999999999999/record")
    assert response.status_code == 400 and "game_id" in response.json()["error"]
    assert client.get("/api/games/0/record").status_code == 404


# --- a real server: the socket-level guards ---------------------------------------------------

class GuardedServer:
    """``serve()`` in a child process with short time-outs and a small per-address cap."""

    def __init__(self, request_timeout: float = 1.0, per_address: int = 6, refusals: int = 100,
                 requests: int = 200, request_rate: float = 2.0, refusal_delay: float = 1.0) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        code = ("from monopoly_deal.server.app import serve; from monopoly_deal.server.http import HttpLimits; "
                "from monopoly_deal.server.lobby import LobbyLimits; "
                f"serve('127.0.0.1', {self.port}, 'sqlite+aiosqlite://', LobbyLimits(bot_delay=0), "
                f"forwarded_allow_ips='', http_limits=HttpLimits(request_timeout={request_timeout}, "
                f"connections_per_address={per_address}, refusals_per_address={refusals}, "
                f"refusals_per_second=2.0, requests_per_address={requests}, requests_per_second={request_rate}, refusal_delay={refusal_delay}))")
        self.process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL)
        deadline = time.time() + 60
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{self.port}/api/rooms", timeout=1).raise_for_status()
                return
            except httpx.HTTPError:
                assert self.process.poll() is None and time.time() < deadline, "the server did not start"
                time.sleep(0.1)

    def raw(self) -> socket.socket:
        return socket.create_connection(("127.0.0.1", self.port), timeout=5)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait()


@pytest.fixture(scope="module")
def server() -> Iterator[GuardedServer]:
    s = GuardedServer()
    yield s
    s.stop()


def _closed_within(sock: socket.socket, seconds: float) -> bool:
    """Whether the server closes ``sock`` within ``seconds`` (reading and dropping what it sends)."""
    sock.settimeout(seconds)
    end = time.monotonic() + seconds
    try:
        while time.monotonic() < end:
            if sock.recv(65536) == b"":
                return True
    except (TimeoutError, ConnectionResetError) as error:
        return isinstance(error, ConnectionResetError)
    return False


def test_an_address_refused_again_and_again_is_refused_before_the_application() -> None:
    """A flood of refused requests (a room-creation flood: 429s) costs the others little: past a burst of
    refusals, its address is answered 429 by the protocol itself until its budget refills; others are not."""
    server = GuardedServer(refusals=5)
    flood = httpx.Client(base_url=f"http://127.0.0.1:{server.port}")
    other = httpx.Client(base_url=f"http://127.0.0.1:{server.port}",
                         transport=httpx.HTTPTransport(local_address="127.0.0.2"))
    try:
        assert [flood.get("/api/rooms/nosuchroom").status_code for _ in range(5)] == [404] * 5
        refused = flood.get("/api/rooms")               # a good request, but from that address
        assert refused.status_code == 429 and "too many refused requests" in refused.json()["error"]
        assert refused.headers["x-content-type-options"] == "nosniff"
        assert other.get("/api/rooms").status_code == 200
        time.sleep(1.0)                                 # 2 a second refill
        assert flood.get("/api/rooms").status_code == 200
    finally:
        flood.close()
        other.close()
        server.stop()


def test_a_refused_address_cannot_make_the_server_read_a_body_while_it_waits_for_its_answer() -> None:
    """Past its budget, an address waits a second for its 429; a body it sends on meanwhile stays unread
    (in the sockets' buffers, a few MiB at most), not read and dropped by the server at the wire's speed."""
    server = GuardedServer(refusals=2, refusal_delay=3.0)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{server.port}",
                          transport=httpx.HTTPTransport(local_address="127.0.0.2")) as flood:
            assert [flood.get("/api/rooms/nosuchroom").status_code for _ in range(2)] == [404] * 2
        with socket.create_connection(("127.0.0.1", server.port), timeout=5, source_address=("127.0.0.2", 0)) as body:
            body.sendall(b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                         b"Transfer-Encoding: chunked\r\n\r\n")
            time.sleep(0.3)                             # the head alone: the server now holds its 429
            chunk = b"%x\r\n%s\r\n" % (1 << 20, b" " * (1 << 20))
            body.settimeout(0.3)
            sent, started = 0, time.monotonic()
            while time.monotonic() - started < 1.5:
                try:
                    sent += body.send(chunk)
                except TimeoutError:                    # the buffers are full: nobody reads
                    break
            assert sent < 32 << 20, f"{sent >> 20} MiB read by the server in {time.monotonic() - started:.1f} s"
    finally:
        server.stop()


def test_an_address_making_request_after_request_is_held_to_its_share() -> None:
    """Good requests cost too (the lobby listing most): past a burst, an address's requests are answered 429
    by the protocol itself until its budget refills, on every socket it holds; another address's are not."""
    server = GuardedServer(requests=8, request_rate=0.5)
    base = f"http://127.0.0.1:{server.port}"
    flood = [httpx.Client(base_url=base) for _ in range(2)]
    other = httpx.Client(base_url=base, transport=httpx.HTTPTransport(local_address="127.0.0.2"))
    try:
        answers = [flood[i % 2].get("/api/rooms").status_code for i in range(8)]
        assert answers[:7] == [200] * 7   # the start-up check took one from the burst
        started = time.monotonic()
        refused = flood[0].get("/api/bots")
        assert refused.status_code == 429 and "too many requests" in refused.json()["error"]
        assert time.monotonic() - started >= 0.9      # answered after a second: asking again at once is slow
        assert other.get("/api/rooms").status_code == 200
        time.sleep(2.0)                                 # half a request a second refill
        assert flood[1].get("/api/rooms").status_code == 200
    finally:
        for client in (*flood, other):
            client.close()
        server.stop()


def test_an_address_whose_sockets_are_refused_again_and_again_is_refused_at_the_handshake() -> None:
    """Refused WebSockets (here: a room that does not exist, closed 4404 after the handshake) spend the same
    per-address budget as refused requests: past it, that address's handshakes are answered 429 by the
    protocol before the application; another address's are not."""
    from websockets.exceptions import ConnectionClosed, InvalidStatus
    from websockets.sync.client import connect

    server = GuardedServer(refusals=4, refusal_delay=0.0)   # no wait: the budget would refill meanwhile
    url = f"ws://127.0.0.1:{server.port}/ws/nosuchroom"

    def refused_after_handshake(address: str) -> bool:
        with connect(url, source_address=(address, 0), open_timeout=5) as ws:
            assert "no room" in ws.recv(timeout=5)
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=5)
            return closed.value.rcvd is not None and closed.value.rcvd.code == 4404

    try:
        assert all(refused_after_handshake("127.0.0.1") for _ in range(4))
        with pytest.raises(InvalidStatus) as refused:
            connect(url, source_address=("127.0.0.1", 0), open_timeout=5)
        assert refused.value.response.status_code == 429
        assert refused_after_handshake("127.0.0.3")
        assert httpx.get(f"http://127.0.0.1:{server.port}/api/rooms").status_code == 429  # one budget
    finally:
        server.stop()


def _masked_text(text: str) -> bytes:
    """A client's WebSocket text frame (clients mask theirs), of under 126 bytes."""
    payload, mask = text.encode(), b"\x01\x02\x03\x04"
    assert len(payload) < 126
    return bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def test_a_websocket_cut_off_that_goes_on_sending_is_dropped(server: GuardedServer) -> None:
    """A spectator floods ``lang`` and never reads: the server cuts it off (1008) and, as it goes on sending
    instead of answering the close, drops its socket within a few KiB, not after uvicorn's 10 s of parsing."""
    room = httpx.post(f"http://127.0.0.1:{server.port}/api/rooms", json={}).json()["id"]
    with server.raw() as sock:
        sock.sendall(f"GET /ws/{room} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
                     "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                     "Sec-WebSocket-Version: 13\r\n\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += sock.recv(1)
        assert head.startswith(b"HTTP/1.1 101")
        frames = _masked_text('{"type": "lang", "lang": "zh-Hant"}') * 50     # 2 KiB
        started, sent = time.monotonic(), 0
        with pytest.raises((BrokenPipeError, ConnectionResetError)):
            while time.monotonic() - started < 8:
                sock.sendall(frames)
                sent += len(frames)
                time.sleep(0.02)
        assert time.monotonic() - started < 4 and sent < 200 * 1024, (time.monotonic() - started, sent)


def test_a_request_head_that_never_ends_is_timed_out(server: GuardedServer) -> None:
    with server.raw() as slow:
        slow.sendall(b"GET /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\n")   # ... and never the blank line
        started = time.monotonic()
        assert _closed_within(slow, 6)
        assert time.monotonic() - started < 4


def test_a_body_that_never_ends_is_timed_out(server: GuardedServer) -> None:
    with server.raw() as slow:
        slow.sendall(b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 100\r\n\r\n{")
        assert _closed_within(slow, 6)


def test_a_huge_request_head_is_refused(server: GuardedServer) -> None:
    with server.raw() as sender:
        sender.sendall(b"GET /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        try:
            for i in range(100):    # 100 headers of 1 KiB: far over the 16 KiB allowed
                sender.sendall(b"X-Pad-%d: %s\r\n" % (i, b"x" * 1024))
        except (BrokenPipeError, ConnectionResetError):
            pass
        answer = sender.recv(200)
        assert answer.startswith(b"HTTP/1.1 400") or answer == b"", answer


def test_a_chunked_body_is_refused_as_it_passes_the_limit(server: GuardedServer) -> None:
    with server.raw() as sender:
        sender.sendall(b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                       b"Transfer-Encoding: chunked\r\n\r\n")
        chunk = b"%x\r\n%s\r\n" % (8192, b" " * 8192)
        sender.settimeout(0.2)
        answer = b""
        for _ in range(64):     # up to 512 KiB, sent slowly: the answer must come long before
            try:
                sender.sendall(chunk)
                answer += sender.recv(65536)
            except TimeoutError:
                continue
            except (BrokenPipeError, ConnectionResetError):
                break
            if answer:
                break
        assert answer.startswith(b"HTTP/1.1 413"), answer[:100]


def test_one_address_holds_at_most_its_share_of_sockets(server: GuardedServer) -> None:
    held = [server.raw() for _ in range(6)]
    try:
        with server.raw() as one_too_many:
            assert _closed_within(one_too_many, 0.8)
    finally:
        for sock in held:
            sock.close()
    time.sleep(0.3)
    assert httpx.get(f"http://127.0.0.1:{server.port}/api/rooms", timeout=5).status_code == 200


def test_the_real_server_refuses_another_host(server: GuardedServer) -> None:
    url = f"http://127.0.0.1:{server.port}/api/rooms"
    assert httpx.get(url, headers={"host": "localhost"}, timeout=5).status_code == 200
    assert httpx.get(url, headers={"host": "rebind.attacker.example"}, timeout=5).status_code == 400


# --- docs/deploy.md's nginx configuration ------------------------------------------------------

@pytest.mark.skipif(shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists(),
                    reason="nginx is not installed")
def test_the_documented_nginx_configuration_parses(tmp_path: Path) -> None:
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    site = (REPO / "docs/deploy/nginx.conf").read_text()
    site = (site.replace("/etc/ssl/certs/monopoly-deal.pem", str(cert))
                .replace("/etc/ssl/private/monopoly-deal.key", str(key)))
    main = tmp_path / "nginx.conf"
    main.write_text(f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\nevents {{}}\n"
                    f"http {{\naccess_log off;\n{site}\n}}\n")
    result = subprocess.run([nginx, "-t", "-c", str(main), "-p", str(tmp_path)], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, result.stderr


def test_the_documented_proxy_limits_each_client_as_the_server_does_without_one() -> None:
    """Behind the proxy the server trusts its address and leaves the per-client request budget to nginx's
    ``limit_req``: the two must agree, or a deployment would be looser than the server on its own."""
    site = (REPO / "docs/deploy/nginx.conf").read_text()
    limits = HttpLimits()
    rate = re.search(r"zone=mdeal_requests:\S+ rate=(\d+)r/s;", site)
    burst = re.search(r"limit_req\s+zone=mdeal_requests burst=(\d+)", site)
    sockets = re.search(r"limit_conn\s+mdeal_connections (\d+);", site)
    assert rate is not None and burst is not None and sockets is not None
    assert (float(rate.group(1)), int(burst.group(1))) == (limits.requests_per_second, limits.requests_per_address)
    assert int(sockets.group(1)) == limits.connections_per_address


def test_mdeal_serve_allowed_hosts_names_the_public_host(tmp_path: Path) -> None:
    """Behind a proxy for deal.example.org the server answers to that name only (the proxy passes Host)."""
    server = Server(f"sqlite+aiosqlite:///{tmp_path / 'games.sqlite3'}", "--allowed-hosts", "deal.example.org")
    server.start()
    try:
        url = f"{server.url}/api/rooms"
        assert httpx.get(url, headers={"host": "deal.example.org"}, timeout=10).status_code == 200
        assert httpx.get(url, timeout=10).status_code == 400     # Host: 127.0.0.1:port is not the public name
    finally:
        server.stop()


def test_the_documented_access_log_never_holds_a_query() -> None:
    """A WebSocket's URL carries its seat's token: the documented nginx log names the path only."""
    site = (REPO / "docs/deploy/nginx.conf").read_text()
    formats = dict(re.findall(r"log_format (\w+) ((?:'[^']*'\s*)+);", site))
    logs = re.findall(r"^\s*access_log\s+(\S+)(?:\s+(\w+))?;", site, flags=re.MULTILINE)
    assert logs and all(name in formats for where, name in logs if where != "off")
    for name, written in formats.items():
        assert not re.search(r"\$(request|request_uri|args|query_string|arg_\w+)\b", written), name
        assert "$uri" in written


def test_a_request_head_is_limited_to_what_the_docs_say(server: GuardedServer) -> None:
    """16 KiB of head (its blank line included), the body not counted with it."""
    limits = HttpLimits()
    for size, accepted in ((limits.max_head_bytes - 1024, True), (limits.max_head_bytes + 1024, False)):
        with server.raw() as sender:
            head = b"GET /api/bots HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            pads = (size - len(head) - 2) // 1024
            head += b"".join(b"X-Pad-%03d: %s\r\n" % (i, b"x" * 1010) for i in range(pads)) + b"\r\n"
            sender.sendall(head)
            answer = sender.recv(200)
            assert answer.startswith(b"HTTP/1.1 200") is accepted, (size, answer[:60])


def test_the_openapi_schema_declares_the_refusals(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            declared = set(operation["responses"])
            assert {"400", "403", "404", "409", "413", "429", "503"} <= declared, (method, path)
    assert set(schema["components"]["schemas"]["RefusalBody"]["properties"]) == {"error", "code", "params", "message"}
