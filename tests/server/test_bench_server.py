"""The open-loop load benchmark (``benchmarks/bench_server.py --people``) runs and measures, in small."""

from __future__ import annotations

import asyncio
import importlib.util
import math
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from .helpers import Server

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_server.py"


def _load_bench() -> ModuleType:
    """benchmarks/bench_server.py as a module (benchmarks/ is no package)."""
    spec = importlib.util.spec_from_file_location("bench_server", BENCH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


def test_people_at_a_quick_pace_give_latencies_and_memory_per_game(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    bench = _load_bench()
    monkeypatch.setattr(bench, "PACE", (0.05, 0.15))     # people in a hurry, so a short run has figures
    server = Server(f"sqlite:///{tmp_path / 'bench.sqlite3'}")
    server.start()
    try:
        assert server.process is not None
        [row], attacks = asyncio.run(bench.people_run(server.url, server.process.pid, games=3, seconds=3, warmup=1,
                                                      rounds=0))
    finally:
        server.stop()
    assert attacks == [] and row["phase"] == "quiet 1" and row["games"] == 3 and row["people_per_s"] > 1
    assert 0 < row["p50"] <= row["p95"] <= row["p99"] <= row["max"] < 10_000
    assert math.isfinite(row["per_game_kb"]) and row["rss"] > 0
    assert 0 <= row["unstolen"] <= 1 and (row["unstolen"] == 0 or row["p99_unstolen"] <= row["max"])


def test_latencies_in_a_second_the_host_took_time_are_told_apart() -> None:
    """StealWatch keeps a latency only when every second it spanned was quiet (the host took no CPU time)."""
    bench = _load_bench()
    watch = bench.StealWatch()
    watch.stamps, watch.quiet = [0.0, 1.0, 2.0, 3.0], [True, False, True]   # the second from 1.0 to 2.0 was not
    latencies, ended = [0.1, 0.1, 0.5, 0.2, 0.1], [0.5, 1.5, 2.2, 2.5, 3.5]
    assert watch.unstolen(latencies, ended) == [0.1, 0.2]   # 1.5 lay in it, 1.7-2.2 began in it, 3.5 is unknown


def test_the_interval_of_the_p99_ratio_resamples_whole_seconds() -> None:
    """One second in which every latency was slow (a stall) sets the abusive p99 at 20 times the quiet one; the
    interval resamples seconds, so it reaches from resamples without that second (1) to those with it (20)."""
    bench = _load_bench()
    recorder = bench.Recorder()
    for phase in ("quiet 1", "abusive 1"):
        recorder.latencies[phase] = [0.2 if phase == "abusive 1" and second == 50 else 0.01
                                     for second in range(100) for _ in range(10)]
        recorder.ended[phase] = [float(second) + 0.5 for second in range(100) for _ in range(10)]
    ratio, low, high = bench.p99_ratio(recorder, "abusive", resamples=200)
    assert (round(ratio), round(low), round(high)) == (20, 1, 20)


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="Linux's idle scheduling class")
def test_the_attacker_and_the_decoy_run_only_on_cpu_time_the_clients_leave() -> None:
    """They stand for other machines: in the idle class a client that wakes takes the CPU from them at once."""
    bench = _load_bench()
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        assert os.sched_getscheduler(other.pid) != os.SCHED_IDLE
        bench.as_another_machine(other.pid)
        assert os.sched_getscheduler(other.pid) == os.SCHED_IDLE
    finally:
        other.kill()
        other.wait()


def test_the_decoy_round_attacks_another_server_in_a_third_phase(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """``--decoy``: each round is quiet, abusive (this server) and elsewhere (the decoy); the control attack
    (``busy``, which sends nothing) keeps the test cheap. Imported by name: the attacker's process imports it too."""
    monkeypatch.syspath_prepend(str(BENCH.parent))
    bench = importlib.import_module("bench_server")
    monkeypatch.setattr(bench, "PACE", (0.05, 0.15))
    server, decoy = Server(f"sqlite:///{tmp_path / 'bench.sqlite3'}"), Server(f"sqlite:///{tmp_path / 'decoy.sqlite3'}")
    server.start()
    decoy.start()
    try:
        assert server.process is not None
        room = asyncio.run(bench.decoy_room(decoy.url))
        rows, attacks = asyncio.run(bench.people_run(server.url, server.process.pid, games=2, seconds=2, warmup=1,
                                                     rounds=1, attacks=("busy",), decoy=(decoy.url, room)))
    finally:
        server.stop()
        decoy.stop()
    assert [row["phase"] for row in rows] == ["quiet 1", "abusive 1", "elsewhere 1"]
    assert len(attacks) == 2      # one report from each attack phase (a loaded machine may leave the niced one idle)


def test_phases_are_counterbalanced_so_a_drift_of_the_server_falls_on_both_kinds() -> None:
    """With quiet first in every round, each attack phase came later than its quiet one while the server's p99
    drifted up as games piled up: the ratio was biased against the server. Over each two rounds every kind
    takes every place once."""
    bench = _load_bench()
    for decoy in (False, True):
        phases = bench.phase_order(4, decoy)
        kinds = ("quiet", "abusive", "elsewhere") if decoy else ("quiet", "abusive")
        assert sorted(phases) == sorted(f"{kind} {n}" for kind in kinds for n in range(1, 5))
        for kind in kinds:
            places = [i for i, phase in enumerate(phases) if phase.startswith(kind)]
            assert sum(places) == sum(range(len(phases))) * len(places) // len(phases)   # every kind's mean place alike
    assert bench.phase_order(1) == ["quiet 1", "abusive 1"]
