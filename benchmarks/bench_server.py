"""Load benchmark for ``mdeal serve``: N games at once, two WebSocket clients each, on 127.0.0.1.

    python benchmarks/bench_server.py                 # N = 10, 100, 500; SQLite in a temporary folder
    python benchmarks/bench_server.py --games 50 --actions 30 --db postgresql://user:pw@127.0.0.1/db

Each game is a 2-player room with both seats taken by benchmark clients that
play random legal actions as soon as they owe a decision. A client's latency
per action is the time from sending the action to receiving the state that
includes it — the server checks it, stores it in the database, applies it and
sends every client its own view. Each game stops after ``--actions`` actions,
and every run stops after ``--seconds``; the report gives actions per second
and the median (p50) and 99th-percentile (p99) latency.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, db: str, games: int) -> subprocess.Popen[bytes]:
    process = subprocess.Popen([sys.executable, "-m", "monopoly_deal", "serve", "--host", "127.0.0.1",
                                "--port", str(port), "--db", db, "--max-rooms", str(games * 2 + 10),
                                "--max-connections", str(games * 4 + 10),
                                # every benchmark client is one address: lift the per-client quotas
                                "--limit", f"rooms_per_client={games * 2 + 10}",
                                "--limit", f"seats_per_client={games * 4 + 10}"])
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[10, 100, 500], help="N: games at once")
    parser.add_argument("--actions", type=int, default=40, help="actions per game (default 40)")
    parser.add_argument("--seconds", type=float, default=60, help="stop each run after this long (default 60)")
    parser.add_argument("--db", default=None, help="database URL (default: SQLite in a temporary folder)")
    args = parser.parse_args()
    print("| games at once | actions | actions/s | p50 latency | p99 latency |")
    print("|---|---|---|---|---|")
    for games in args.games:
        with tempfile.TemporaryDirectory() as folder:
            db = args.db or f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
            port = free_port()
            server = start_server(port, db, games)
            try:
                r = asyncio.run(run(f"http://127.0.0.1:{port}", games, args.actions, args.seconds))
            finally:
                server.send_signal(signal.SIGINT)
                server.wait(timeout=30)
        print(f"| {games} | {r['actions']} | {r['per_second']:,.0f} | {r['p50_ms']:.1f} ms | {r['p99_ms']:.1f} ms |",
              flush=True)


if __name__ == "__main__":
    main()
