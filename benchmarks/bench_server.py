"""Load benchmark for ``mdeal serve``: N games at once, two WebSocket clients each, on 127.0.0.1.

    python benchmarks/bench_server.py                 # N = 10, 100, 500; SQLite in a temporary folder
    python benchmarks/bench_server.py --games 50 --actions 30 --db postgresql://user:pw@127.0.0.1/db
    python benchmarks/bench_server.py --people        # 500 games played at people's pace, then with an abuser
    python benchmarks/bench_server.py --people --games 50 200 --seconds 60

Closed loop (the default): clients act as fast as the server answers.

Each game is a 2-player room with both seats taken by benchmark clients that
play random legal actions as soon as they owe a decision. A client's latency
per action is the time from sending the action to receiving the state that
includes it — the server checks it, stores it in the database, applies it and
sends every client its own view. Each game stops after ``--actions`` actions,
and every run stops after ``--seconds``; the report gives actions per second
and the median (p50) and 99th-percentile (p99) latency.

Open loop (``--people``, see :func:`people_run`): each game has two people and
one or two heuristic bots; a person acts 2–5 s after it is their turn to decide
(a random legal action), and a game that ends is dealt again. After a warm-up,
phases of ``--seconds`` alternate: quiet, and with one abusive client attacking
the server from another process, ``--rounds`` times, quiet first in odd rounds
and last in even ones (:func:`phase_order`), so that drift in the machine's load
or the server's falls on both kinds alike. It prints p50/p95/p99/max latency per phase
and pooled per kind, the p99 of the latencies that lay wholly in seconds in which
the hypervisor took at most 2% of this machine's CPU time (:class:`StealWatch`: a
stall of the host delays every client at once, in either kind of phase), the CPU
the server, the clients and the attacker used, the server's memory per game,
and what the attacker sent. ``--attacks busy`` is the control: the attacker only
uses about the CPU the attacks use, and sends nothing.
Every game's people come from an address of their own (127.1.x.y: all of
127.0.0.0/8 is this machine) and the abusive client from another
(:data:`ABUSER`), so the server's per-client quotas stay at their defaults and
the abuser meets them as a stranger would. The server gets a CPU of its own, and
the attacker (and the decoy server of ``--decoy``) run only on CPU time the
clients leave (see :func:`place` and :func:`as_another_machine`): what is
measured is what the attack does to the server, not to this machine.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import gc
import json
import math
import multiprocessing
import os
import queue
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from multiprocessing.synchronize import Event as EventType
from pathlib import Path

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from monopoly_deal.server.tuning import keep_frozen, tune_gc

#: The abusive client's address (the people's are :func:`person_address`).
ABUSER = "127.66.0.1"


def person_address(game: int) -> str:
    """The loopback address the people of game ``game`` connect from: each game is another household."""
    return f"127.1.{game // 250}.{game % 250 + 1}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, db: str, games: int, extra: list[str] = (), log: Path | None = None
                 ) -> subprocess.Popen[bytes]:
    """``mdeal serve`` on 127.0.0.1 only; with ``log``, its output goes to that file (an attack makes it chatty)."""
    output = log.open("wb") if log is not None else None
    process = subprocess.Popen([sys.executable, "-m", "monopoly_deal", "serve", "--host", "127.0.0.1",
                                "--port", str(port), "--db", db, "--max-rooms", str(games * 2 + 10),
                                "--max-connections", str(games * 4 + 10), *extra],
                               stdout=output, stderr=output)
    deadline = time.time() + 30
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/rooms", timeout=1).raise_for_status()
            return process
        except httpx.HTTPError:
            if time.time() > deadline or process.poll() is not None:
                raise SystemExit("the server did not start") from None
            time.sleep(0.1)


async def new_game(http: httpx.AsyncClient) -> tuple[str, list[str]]:
    room = (await http.post("/api/rooms", json={"players": 2})).json()["id"]
    tokens = [(await http.post(f"/api/rooms/{room}/join", json={"name": f"B{i}"})).json()["token"] for i in (1, 2)]
    return room, tokens


async def client(url: str, limit: int, stop_at: float, rng: random.Random, latencies: list[float]) -> int:
    """Play random legal actions for one seat; returns the actions it sent."""
    sent = 0
    async with connect(url, max_size=2**22) as ws:
        pending: tuple[int, float] | None = None      # (version acted on, when sent)
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] != "state" or "game" not in message:
                continue
            version = message["version"]
            if pending is not None and version > pending[0]:
                latencies.append(time.perf_counter() - pending[1])
                pending = None
            over = message["game"]["decision"]["type"] == "over"
            if over or version >= limit or time.time() > stop_at:
                return sent
            if message["legal"] and pending is None:
                action = rng.choice(message["legal"])["notation"]
                pending = (version, time.perf_counter())
                await ws.send(json.dumps({"type": "act", "action": action}))
                sent += 1
    return sent


async def run(base: str, games: int, limit: int, seconds: float) -> dict[str, float]:
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        rooms = [await new_game(http) for _ in range(games)]
        ws_base = base.replace("http://", "ws://")
        latencies: list[float] = []
        start = time.perf_counter()
        stop_at = time.time() + seconds
        tasks = []
        for i, (room, tokens) in enumerate(rooms):
            for seat, token in enumerate(tokens):
                url = f"{ws_base}/ws/{room}?token={token}"
                tasks.append(client(url, limit, stop_at, random.Random(i * 2 + seat), latencies))
        starts = [http.post(f"/api/rooms/{room}/start", json={"token": tokens[0]}) for room, tokens in rooms]
        clients = asyncio.gather(*tasks)
        await asyncio.sleep(0.5)          # every client connected before the games start
        await asyncio.gather(*starts)
        actions = sum(await clients)
        elapsed = time.perf_counter() - start - 0.5
    latencies.sort()
    return {"games": games, "actions": actions, "seconds": elapsed, "per_second": actions / elapsed,
            "p50_ms": 1000 * statistics.median(latencies),
            "p99_ms": 1000 * latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]}


# --- open loop: people's pace, bots in the rooms, and one abusive client -----------------------------

PACE = (2.0, 5.0)          # a person acts this many seconds (uniformly) after it is their decision


def raise_open_files() -> None:
    """500 games are 1,000 sockets in each process: lift the soft limit on open files to the hard one
    (the server, started from here, inherits it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else 65536, hard))


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` in MB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def stolen_seconds() -> float:
    """CPU seconds the hypervisor gave to other machines so far, all CPUs together (Linux; NaN elsewhere):
    on a shared virtual machine a phase can be slow for reasons that are not the server's."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()
    except OSError:
        return float("nan")
    return int(fields[8]) / os.sysconf("SC_CLK_TCK") if len(fields) > 8 else float("nan")


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Recorder:
    """Latencies of the well-behaved clients, into the bucket of the phase now running (None: not measured),
    each with when it ended."""

    def __init__(self) -> None:
        self.phase: str | None = None
        self.latencies: dict[str, list[float]] = {}
        self.ended: dict[str, list[float]] = {}
        self.actions: dict[str, int] = {}

    def add(self, seconds: float) -> None:
        if self.phase is not None:
            self.latencies.setdefault(self.phase, []).append(seconds)
            self.ended.setdefault(self.phase, []).append(time.monotonic())

    def acted(self) -> None:
        if self.phase is not None:
            self.actions[self.phase] = self.actions.get(self.phase, 0) + 1


async def new_people_game(http: httpx.AsyncClient, bots: int) -> tuple[str, list[str]]:
    """A room of two people (seats P1, P2) and ``bots`` heuristic bots, started; returns the people's tokens."""
    room = (await http.post("/api/rooms", json={"players": 2 + bots})).json()["id"]
    tokens = [(await http.post(f"/api/rooms/{room}/join", json={"name": f"P{i}"})).json()["token"] for i in (1, 2)]
    for _ in range(bots):
        (await http.post(f"/api/rooms/{room}/bots", json={"token": tokens[0], "bot": "heuristic"})).raise_for_status()
    return room, tokens


async def person(ws_url: str, http: httpx.AsyncClient, address: str, room: str, token: str, host: bool,
                 stopping: asyncio.Event, rng: random.Random, recorder: Recorder) -> None:
    """One person: decides 2–5 s after it is their decision (a random legal action, if still theirs then);
    the host deals a finished game again, until ``stopping`` is set. Latency: sending an action -> the first
    state that includes it. ``http`` and the WebSocket leave from ``address``."""
    async with connect(ws_url, max_size=2**22, open_timeout=60, local_addr=(address, 0)) as ws:
        latest: dict[str, object] = {}
        pending: tuple[int, float] | None = None        # (version acted on, when sent)
        thinking: asyncio.Task[None] | None = None

        async def decide(version: int) -> None:
            await asyncio.sleep(rng.uniform(*PACE))
            legal = latest.get("legal")
            if latest.get("version") == version and legal and not stopping.is_set():
                nonlocal pending
                pending = (version, time.perf_counter())
                await ws.send(json.dumps({"type": "act", "action": rng.choice(legal)["notation"]}))
                recorder.acted()

        async def deal_again() -> None:
            await asyncio.sleep(rng.uniform(*PACE))
            await http.post(f"/api/rooms/{room}/again", json={"token": token})

        while not stopping.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=1.0)
            except TimeoutError:
                continue
            message = json.loads(raw)
            if message["type"] == "error" and pending is not None:
                pending = None                            # refused (it was no longer legal): not a latency
            if message["type"] != "state" or "game" not in message:
                continue
            latest = message
            version = message["version"]
            if pending is not None and (version > pending[0] or message.get("log_reset")):
                recorder.add(time.perf_counter() - pending[1])
                pending = None
            if thinking is not None and not thinking.done():
                continue
            if message["game"]["decision"]["type"] == "over":
                if host and message["room"]["status"] == "finished":
                    thinking = asyncio.create_task(deal_again())
            elif message["legal"] and pending is None:
                thinking = asyncio.create_task(decide(version))
        if thinking is not None:
            thinking.cancel()


# The abusive client: every attack of issue 9 at once, from another process, for ``seconds``.

REFUSED = (OSError, TimeoutError, WebSocketException)

#: What the abusive client managed to send in one phase, to show the attack ran at full strength.
ATTACK: dict[str, int] = {}


def tally(what: str, count: int = 1) -> None:
    ATTACK[what] = ATTACK.get(what, 0) + count


async def _flood_rooms(http: httpx.AsyncClient, until: float) -> None:
    while time.time() < until:
        try:
            answer = await http.post("/api/rooms", json={})
            tally("room requests")
            tally("room requests refused", answer.status_code >= 400)
        except httpx.HTTPError:
            tally("room requests cut")
        await asyncio.sleep(0.02)


async def _flood_listing(http: httpx.AsyncClient, until: float, loops: int = 8) -> None:
    """The lobby's room list asked for on several kept-alive sockets, each as soon as the last is answered."""
    async def one() -> None:
        while time.time() < until:
            try:
                answer = await http.get("/api/rooms")
                tally("listing requests")
                tally("listing requests refused", answer.status_code >= 400)
                if answer.status_code == 429:
                    await asyncio.sleep(0.05)
            except httpx.HTTPError:
                tally("listing requests cut")
                await asyncio.sleep(0.05)
    await asyncio.gather(*(one() for _ in range(loops)))


async def _flood_spectators(ws_base: str, room: str, until: float, sockets: int = 200) -> None:
    """Spectator sockets on one room, kept open and never read from."""
    opened = []
    for _ in range(sockets):
        if time.time() >= until:     # refused handshakes take a second each: the phase may end first
            break
        tally("spectator sockets tried")
        try:
            opened.append(await connect(f"{ws_base}/ws/{room}", open_timeout=5, local_addr=(ABUSER, 0)))
            tally("spectator sockets opened")
        except REFUSED:                # the server defends itself: that is what is measured
            await asyncio.sleep(0.1)
    await asyncio.sleep(max(0.0, until - time.time()))
    for ws in opened:
        ws.transport.abort()


async def _flood_lang(ws_base: str, room: str, until: float, sockets: int = 20, per_second: int = 50) -> None:
    """Spectators asking for their language again and again (each answer re-renders the log)."""
    async def one() -> None:
        try:
            async with connect(f"{ws_base}/ws/{room}", open_timeout=5, max_size=2**24, local_addr=(ABUSER, 0)) as ws:
                while time.time() < until:
                    await ws.send(json.dumps({"type": "lang", "lang": "zh-Hant"}))
                    tally("lang messages")
                    await asyncio.sleep(1 / per_second)
        except REFUSED:                # closed by the server for flooding: the server defending itself
            return
    await asyncio.gather(*(one() for _ in range(sockets)))


async def _chunked_bodies(host: str, port: int, until: float, megabytes: int = 64) -> None:
    """``POST /api/rooms`` with a chunked body and no Content-Length, as big as the server lets it be."""
    chunk = b"x" * (1 << 20)
    while time.time() < until:
        try:
            reader, writer = await asyncio.open_connection(host, port, local_addr=(ABUSER, 0))
            writer.write(b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                         b"Transfer-Encoding: chunked\r\n\r\n")
            tally("chunked bodies")
            for _ in range(megabytes):
                writer.write(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
                await writer.drain()
                tally("body MiB sent")
                if reader.at_eof() or time.time() > until:
                    break
            writer.close()
        except OSError:
            pass
        await asyncio.sleep(0.5)


async def _half_open(host: str, port: int, until: float, sockets: int = 1100) -> None:
    """Connections that send half a request and then nothing."""
    held = []
    for _ in range(sockets):
        if time.time() >= until:
            break
        try:
            _reader, writer = await asyncio.open_connection(host, port, local_addr=(ABUSER, 0))
            writer.write(b"GET /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            held.append(writer)
            tally("half-open sockets")
        except OSError:
            await asyncio.sleep(0.1)
    await asyncio.sleep(max(0.0, until - time.time()))
    for writer in held:
        writer.transport.abort()


async def _busy(until: float, share: float = 0.2) -> None:
    """The control: no request at all, only the attacker's own CPU use (``share`` of a CPU, about what
    the attacks above use together). On a machine this small it slows the server and the clients as
    the same work on another machine would not; what it costs is no attack's doing."""
    while time.time() < until:
        busy = time.process_time() + share / 100
        while time.process_time() < busy:
            pass
        tally("busy CPU ms", round(1000 * share / 100))
        await asyncio.sleep((1 - share) / 100)


#: The attacks by name (``--attacks``); all of them but the control ``busy`` by default.
ATTACKS = ("rooms", "listing", "spectators", "lang", "bodies", "half-open")
CONTROL = "busy"


async def _abuse(base: str, room: str, seconds: float, attacks: tuple[str, ...]) -> None:
    host, port = "127.0.0.1", int(base.rpartition(":")[2])
    until = time.time() + seconds
    ws_base = base.replace("http://", "ws://")
    transport = httpx.AsyncHTTPTransport(local_address=ABUSER)
    async with httpx.AsyncClient(base_url=base, timeout=10, transport=transport) as http:
        running = {"rooms": lambda: _flood_rooms(http, until),
                   "listing": lambda: _flood_listing(http, until),
                   "spectators": lambda: _flood_spectators(ws_base, room, until),
                   "lang": lambda: _flood_lang(ws_base, room, until),
                   "bodies": lambda: _chunked_bodies(host, port, until),
                   "half-open": lambda: _half_open(host, port, until),
                   CONTROL: lambda: _busy(until)}
        await asyncio.gather(*(running[name]() for name in attacks), return_exceptions=True)


def as_another_machine(pid: int = 0) -> None:
    """Let process ``pid`` (0: this one) run only on CPU time nobody else wants: it stands for another machine.
    Linux's idle scheduling class gives way at once to any other process that wakes; ``nice 19`` alone (where
    that class is missing) still let the attacker hold a client's CPU for a few milliseconds at a time, which
    the clients measured as the server's latency (about +10% on p99, with or without attacks on the server)."""
    try:
        os.sched_setscheduler(pid, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, pid, 19)


def abuse(base: str, room: str, seconds: float, attacks: tuple[str, ...], ready: EventType, go: EventType,
          report: multiprocessing.Queue[dict[str, int]]) -> None:
    """The abusive client's process; what it sent goes to ``report``. It stands for a machine elsewhere
    (:func:`as_another_machine`): on a machine this small its own work would otherwise be measured as the
    server's slowness. It starts (a new interpreter: a second of CPU time) before the measurement and attacks
    on ``go``; its tallies show it attacks at full strength."""
    as_another_machine()
    raise_open_files()
    ready.set()
    go.wait()
    asyncio.run(_abuse(base, room, seconds, attacks))
    report.put(ATTACK)


class StealWatch:
    """The hypervisor's stolen time second by second (:func:`stolen_seconds`), to tell the latencies measured
    while the host took (almost) no CPU time from this machine from the others: on a shared virtual machine a stall
    of the host delays every client at once, in quiet and abusive phases alike, and sets their p99."""

    #: A second in which the host took more than this share of the machine's CPU time is not quiet.
    QUIET = 0.02

    def __init__(self) -> None:
        self.stamps: list[float] = []
        self.quiet: list[bool] = []        # quiet[i]: the second from stamps[i] to stamps[i + 1]
        self._cpus = os.cpu_count() or 1

    async def watch(self) -> None:
        last, stolen = time.monotonic(), stolen_seconds()
        self.stamps.append(last)
        while True:
            await asyncio.sleep(1.0)
            now, stolen_now = time.monotonic(), stolen_seconds()
            self.quiet.append((stolen_now - stolen) / ((now - last) * self._cpus) <= self.QUIET)
            self.stamps.append(now)
            last, stolen = now, stolen_now

    def unstolen(self, latencies: list[float], ended: list[float]) -> list[float]:
        """The latencies every second of which, from start to end, was quiet."""
        kept = []
        for latency, end in zip(latencies, ended, strict=True):
            first, last = bisect.bisect_right(self.stamps, end - latency) - 1, bisect.bisect_right(self.stamps, end) - 1
            if 0 <= first and last < len(self.quiet) and all(self.quiet[first:last + 1]):
                kept.append(latency)
        return kept


def percentiles(latencies: list[float]) -> dict[str, float]:
    """p50, p95, p99 and max of ``latencies`` (seconds), in milliseconds."""
    ordered = sorted(latencies) or [float("nan")]
    ms = {f"p{round(q * 100)}": 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))] for q in (0.5, 0.95, 0.99)}
    return {**ms, "max": 1000 * ordered[-1]}


def phase_order(rounds: int, decoy: bool = False) -> list[str]:
    """The phases of ``rounds`` rounds, quiet first in odd rounds and last in even ones: the server's p99 drifts
    as games pile up their logs (from 4.0 to 7.5 ms over the first five rounds of a run), and with the quiet
    phase always first each attack phase was measured later than its quiet one, on a slower server.
    Counterbalanced, a steady drift falls on every kind alike over each two rounds.

    >>> phase_order(2)
    ['quiet 1', 'abusive 1', 'abusive 2', 'quiet 2']
    >>> phase_order(2, decoy=True)[3:]
    ['elsewhere 2', 'abusive 2', 'quiet 2']
    >>> phase_order(0)
    ['quiet 1']
    """
    kinds = ("quiet", "abusive", "elsewhere") if decoy else ("quiet", "abusive")
    return [f"{kind} {n + 1}" for n in range(rounds) for kind in (kinds if n % 2 == 0 else kinds[::-1])] or ["quiet 1"]


async def people_run(base: str, server_pid: int, games: int, seconds: float, warmup: float,
                     rounds: int, attacks: tuple[str, ...] = ATTACKS, decoy: tuple[str, str] | None = None
                     ) -> tuple[list[dict[str, float | str]], list[dict[str, int]]]:
    """``games`` rooms played at people's pace, measured in phases of ``seconds``: quiet, then with the
    abusive client (``rounds`` > 0: that many times, in :func:`phase_order`, so that drift in the machine's
    load or the server's falls on both; 0: one quiet phase). With ``decoy`` (the base URL of another server on this machine
    and a room there), each round has a third phase, ``elsewhere``: the same attacks on the decoy, so
    that what the attacker does to this machine is measured apart from what it does to the server (both stand
    for other machines, :func:`as_another_machine`: about 1.0 when they do not disturb the clients).
    Returns one row per phase and what the attacker sent in each of its phases."""
    recorder = Recorder()
    rss_before = rss_mb(server_pid)
    addresses = [person_address(i) for i in range(games)]
    sent: list[dict[str, int]] = []
    async with contextlib.AsyncExitStack() as stack:
        # A person's requests are minutes apart: a new connection for each (the server closes idle ones).
        https = [await stack.enter_async_context(httpx.AsyncClient(
            base_url=base, timeout=120, transport=httpx.AsyncHTTPTransport(
                local_address=address, limits=httpx.Limits(max_keepalive_connections=0))))
            for address in addresses]
        making = asyncio.Semaphore(50)

        async def make(i: int) -> tuple[str, list[str]]:
            async with making:
                return await new_people_game(https[i], 1 + i % 2)

        made = await asyncio.gather(*(make(i) for i in range(games)))
        phases = phase_order(rounds, decoy is not None)
        # The people play until the last phase ends (an attacker's start and its sockets' closing take
        # seconds more than its phase, so no time fixed in advance would do).
        stopping = asyncio.Event()
        ws_base = base.replace("http://", "ws://")
        people = [person(f"{ws_base}/ws/{room}?token={token}", https[i], addresses[i], room, token, seat == 0,
                         stopping, random.Random(i * 2 + seat), recorder)
                  for i, (room, tokens) in enumerate(made) for seat, token in enumerate(tokens)]
        playing = asyncio.gather(*people, return_exceptions=True)
        # 1,000 clients in this process: its own collector's pauses (up to 180 ms) would be counted as
        # the server's latency, so it collects in small steps as the server does.
        tune_gc()
        collecting = asyncio.ensure_future(keep_frozen())
        steal = StealWatch()
        watching = asyncio.ensure_future(steal.watch())
        await asyncio.sleep(2)
        await asyncio.gather(*(https[i].post(f"/api/rooms/{room}/start", json={"token": tokens[0]})
                               for i, (room, tokens) in enumerate(made)))
        await asyncio.sleep(warmup)
        rows: list[dict[str, float | str]] = []
        spawn = multiprocessing.get_context("spawn")
        for phase in phases:
            attacker, report, ready, go = None, spawn.Queue(), spawn.Event(), spawn.Event()
            if not phase.startswith("quiet"):
                target = decoy if phase.startswith("elsewhere") and decoy is not None else (base, made[0][0])
                attacker = spawn.Process(target=abuse, args=(*target, seconds, attacks, ready, go, report),
                                         daemon=True)
                attacker.start()
                await asyncio.to_thread(ready.wait, 60)
                go.set()
            cpu, stolen, began = cpu_seconds(server_pid), stolen_seconds(), time.perf_counter()
            clients, attacking = time.process_time(), cpu_seconds(attacker.pid) if attacker else 0.0
            recorder.phase = phase
            await asyncio.sleep(seconds)
            recorder.phase = None
            elapsed = time.perf_counter() - began
            attacking = (cpu_seconds(attacker.pid) - attacking) / elapsed if attacker else 0.0
            rows.append({"phase": phase, "games": games, "people_per_s": recorder.actions.get(phase, 0) / elapsed,
                         "cpu": (cpu_seconds(server_pid) - cpu) / elapsed, "rss": rss_mb(server_pid),
                         "stolen": (stolen_seconds() - stolen) / elapsed,
                         "clients": (time.process_time() - clients) / elapsed, "attacker": attacking,
                         "per_game_kb": 1024 * (rss_mb(server_pid) - rss_before) / games,
                         **percentiles(recorder.latencies.get(phase, []))})
            rows[-1].update(unstolen(steal, recorder, [phase]))
            if attacker is not None:
                try:
                    sent.append(await asyncio.to_thread(report.get, True, 30))
                except queue.Empty:
                    sent.append({})
                await asyncio.to_thread(attacker.join, 10)   # the people play on meanwhile
                if attacker.is_alive():
                    attacker.kill()
                await asyncio.sleep(5)          # the attacker's sockets closed before the next quiet phase
        stopping.set()
        try:
            await playing
        finally:                                # this process collects as usual again (tests run this)
            watching.cancel()
            collecting.cancel()
            gc.unfreeze()
            gc.enable()
    for kind in ("quiet", "abusive", "elsewhere"):
        pooled = [x for phase, lat in recorder.latencies.items() if phase.startswith(kind) for x in lat]
        if pooled and rounds > 1:
            rows.append({"phase": f"{kind}, all rounds", "games": games,
                         "people_per_s": statistics.mean(float(r["people_per_s"]) for r in rows
                                                         if str(r["phase"]).startswith(kind)),
                         "cpu": statistics.mean(float(r["cpu"]) for r in rows if str(r["phase"]).startswith(kind)),
                         **{column: statistics.mean(float(r[column]) for r in rows if str(r["phase"]).startswith(kind))
                            for column in ("stolen", "clients", "attacker")},
                         "rss": rss_mb(server_pid), "per_game_kb": 1024 * (rss_mb(server_pid) - rss_before) / games,
                         **percentiles(pooled),
                         **unstolen(steal, recorder, [phase for phase in recorder.latencies if phase.startswith(kind)])})
            if kind != "quiet":
                rows[-1]["vs_quiet"] = p99_ratio(recorder, kind)
    return rows, sent


def unstolen(steal: StealWatch, recorder: Recorder, phases: list[str]) -> dict[str, float]:
    """p99 of the latencies of ``phases`` that lay in quiet seconds of the host, and what share of them that is."""
    every = [x for phase in phases for x in recorder.latencies.get(phase, [])]
    kept = [x for phase in phases
            for x in steal.unstolen(recorder.latencies.get(phase, []), recorder.ended.get(phase, []))]
    return {"p99_unstolen": percentiles(kept)["p99"], "unstolen": len(kept) / max(1, len(every))}


def p99_ratio(recorder: Recorder, kind: str, base: str = "quiet", resamples: int = 1000, seed: int = 0
              ) -> tuple[float, float, float]:
    """The pooled p99 of the phases of ``kind`` over that of ``base``, with a 95% interval by a block bootstrap:
    latencies are resampled by the second they ended in, whole seconds at a time, since one stall of the server or
    of the host delays the latencies of a second together and resampling them one by one would make the interval
    too narrow. Returns (ratio, low, high).

    >>> r = Recorder(); r.phase = "quiet 1"; r.add(0.010); r.phase = "abusive 1"; r.add(0.012)
    >>> [round(x, 2) for x in p99_ratio(r, "abusive", resamples=10)]
    [1.2, 1.2, 1.2]
    """
    def seconds(of: str) -> list[list[float]]:
        blocks: dict[tuple[str, int], list[float]] = {}
        for phase, latencies in recorder.latencies.items():
            if phase.startswith(of):
                for latency, end in zip(latencies, recorder.ended[phase], strict=True):
                    blocks.setdefault((phase, int(end)), []).append(latency)
        return list(blocks.values())

    def p99(blocks: list[list[float]]) -> float:
        return percentiles([x for block in blocks for x in block])["p99"]

    over, under = seconds(kind), seconds(base)
    if not over or not under:
        return math.nan, math.nan, math.nan
    rng = random.Random(seed)
    ratios = sorted(p99(rng.choices(over, k=len(over))) / p99(rng.choices(under, k=len(under)))
                    for _ in range(resamples))
    return p99(over) / p99(under), ratios[int(0.025 * resamples)], ratios[min(resamples - 1, int(0.975 * resamples))]


def place(server_pid: int) -> str:
    """The server on CPU 0 alone, this process (the people) and the attacker on the others: on a small
    machine the clients' own work would otherwise be counted as the server's latency. Returns how."""
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) < 2:
        return "one CPU: server and clients share it"
    os.sched_setaffinity(server_pid, {cpus[0]})
    os.sched_setaffinity(0, set(cpus[1:]))
    return f"server on CPU {cpus[0]}, clients on CPU {','.join(map(str, cpus[1:]))}"


async def decoy_room(base: str) -> str:
    """A room with a game under way on the decoy server, for the attacks that watch one."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        room, tokens = await new_people_game(http, 1)
        (await http.post(f"/api/rooms/{room}/start", json={"token": tokens[0]})).raise_for_status()
        return room


def people_main(args: argparse.Namespace) -> None:
    raise_open_files()
    for games in args.games:
        with tempfile.TemporaryDirectory() as folder:
            db = args.db or f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
            port = free_port()
            server = start_server(port, db, games, args.serve_arg, Path(folder) / "server.log")
            print(f"{games} games; {place(server.pid) if not args.shared_cpus else 'every process on every CPU'}")
            decoy = decoy_server = None
            if args.decoy:
                decoy_port = free_port()
                decoy_server = start_server(decoy_port, f"sqlite:///{Path(folder) / 'decoy.sqlite3'}", games,
                                            args.serve_arg, Path(folder) / "decoy.log")
                if not args.shared_cpus:
                    os.sched_setaffinity(decoy_server.pid, os.sched_getaffinity(0))   # beside the clients
                as_another_machine(decoy_server.pid)
                decoy = (f"http://127.0.0.1:{decoy_port}", asyncio.run(decoy_room(f"http://127.0.0.1:{decoy_port}")))
                print(f"decoy server on CPU {','.join(map(str, sorted(os.sched_getaffinity(decoy_server.pid))))}")
            print("| games | phase | people actions/s | p50 | p95 | p99 | max | server CPU | clients' CPU | attacker's CPU "
                  "| stolen | p99 in the host's quiet seconds (their share) | RSS | per game |")
            print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
            try:
                rows, attacks = asyncio.run(people_run(f"http://127.0.0.1:{port}", server.pid, games, args.seconds,
                                                       args.warmup, 0 if args.quiet_only else args.rounds,
                                                       tuple(args.attacks), decoy))
            finally:
                if decoy_server is not None:
                    decoy_server.kill()
                server.send_signal(signal.SIGINT)
                try:
                    server.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    server.kill()
        for r in rows:
            print(f"| {r['games']} | {r['phase']} | {r['people_per_s']:.1f} | {r['p50']:,.1f} ms | "
                  f"{r['p95']:,.1f} ms | {r['p99']:,.1f} ms | {r['max']:,.0f} ms | {r['cpu']:.0%} | {r['clients']:.0%} | "
                  f"{r['attacker']:.0%} | {r['stolen']:.0%} | {r['p99_unstolen']:,.1f} ms ({r['unstolen']:.0%}) | "
                  f"{r['rss']:.0f} MB | {r['per_game_kb']:.0f} KiB |", flush=True)
        for r in rows:
            if "vs_quiet" in r:
                ratio, low, high = r["vs_quiet"]
                print(f"p99 {str(r['phase']).partition(',')[0]} / quiet, all rounds: {ratio:.2f} "
                      f"(95% interval {low:.2f}-{high:.2f}, resampling whole seconds)")
        for n, attack in enumerate(attacks, 1):
            print(f"attack {n}: " + ", ".join(f"{what} {count:,}" for what, count in sorted(attack.items())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=None,
                        help="N: games at once (default 10 100 500; with --people 500)")
    parser.add_argument("--actions", type=int, default=40, help="actions per game (default 40)")
    parser.add_argument("--seconds", type=float, default=None,
                        help="stop each run after this long (default 60; with --people: each phase, also 60)")
    parser.add_argument("--db", default=None, help="database URL (default: SQLite in a temporary folder)")
    parser.add_argument("--people", action="store_true",
                        help="open loop: people acting every 2-5 s, bots in the rooms, then an abusive client")
    parser.add_argument("--warmup", type=float, default=30, help="--people: seconds before measuring (default 30)")
    parser.add_argument("--quiet-only", action="store_true", help="--people: no abusive client")
    parser.add_argument("--rounds", type=int, default=2,
                        help="--people: quiet and abusive phases this many times each, quiet first in odd rounds and last in even ones (default 2)")
    parser.add_argument("--attacks", nargs="+", choices=(*ATTACKS, CONTROL), default=list(ATTACKS),
                        help=f"--people: the abusive client's attacks (default: all of them at once); "
                             f"'{CONTROL}' sends nothing and only uses the CPU the attacks use (a control)")
    parser.add_argument("--decoy", action="store_true",
                        help="--people: a third phase each round, the same attacks on another server on this machine "
                             "(beside the clients): what the attacker costs the machine, apart from the server")
    parser.add_argument("--shared-cpus", action="store_true",
                        help="--people: do not pin the server to a CPU of its own")
    parser.add_argument("--serve-arg", action="append", default=[], metavar="ARG",
                        help="one more argument for 'mdeal serve' (repeat it), e.g. a quota the load needs")
    args = parser.parse_args()
    if args.people:
        args.games = args.games or [500]
        args.seconds = args.seconds or 60
        people_main(args)
        return
    args.games = args.games or [10, 100, 500]
    args.seconds = args.seconds or 60
    print("| games at once | actions | actions/s | p50 latency | p99 latency |")
    print("|---|---|---|---|---|")
    for games in args.games:
        with tempfile.TemporaryDirectory() as folder:
            db = args.db or f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
            port = free_port()
            # One client makes every room here: lift the per-client quotas for it.
            quotas = ["--limit", f"rooms_per_client={games * 2 + 10}", "--limit", f"seats_per_client={games * 4 + 10}"]
            server = start_server(port, db, games, [*quotas, *args.serve_arg])
            try:
                r = asyncio.run(run(f"http://127.0.0.1:{port}", games, args.actions, args.seconds))
            finally:
                server.send_signal(signal.SIGINT)
                server.wait(timeout=30)
        print(f"| {games} | {r['actions']} | {r['per_second']:,.0f} | {r['p50_ms']:.1f} ms | {r['p99_ms']:.1f} ms |",
              flush=True)


if __name__ == "__main__":
    main()
