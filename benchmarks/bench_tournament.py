"""Tournament throughput: one tournament of heuristic teams played in one process, in two, and on
a local Ray (2 CPUs), checked to give the same results; and the cost of one task in each. Not a test.

    python benchmarks/bench_tournament.py                          # 1,000 matches, 4 heuristic teams
    python benchmarks/bench_tournament.py --matches 200 --skip ray --out benchmarks/results/tournament

Each way plays the same matches (seed 1, the default limit of 30 turns) and must give the same
tournament file; the figures are matches per second. The task overhead runs a task that does
nothing (``abs``) many times: what ``--jobs`` or Ray adds to every match, beyond the match itself.
CPU seconds count this process and its worker processes (not Ray's workers); with other work on
the machine, they say what the matches cost when the wall-clock figures cannot.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import time
from pathlib import Path

from monopoly_deal.engine import COMPILED
from monopoly_deal.parallel import run_all
from monopoly_deal.tournament import Team, TournamentOptions, run_tournament

WAYS = ("jobs1", "jobs2", "ray")


def play(options: TournamentOptions, way: str) -> tuple[float, float | None, dict]:
    """Wall seconds, CPU seconds (this process and its worker processes; Ray's workers are not
    this process's children, so ``None`` there) and the tournament."""
    start, cpu = time.perf_counter(), _cpu()
    tournament = run_tournament(options, jobs=2 if way == "jobs2" else 1, ray="auto" if way == "ray" else None)
    return time.perf_counter() - start, None if way == "ray" else round(_cpu() - cpu, 1), tournament.to_dict()


def _cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def overhead(way: str, tasks: int) -> float:
    """Seconds per task of a task that does nothing."""
    start = time.perf_counter()
    done = sum(1 for _ in run_all(abs, range(tasks), jobs=2 if way == "jobs2" else 1,
                                  ray="auto" if way == "ray" else None))
    assert done == tasks
    return (time.perf_counter() - start) / tasks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tasks", type=int, default=2000, help="empty tasks for the overhead (default 2000)")
    parser.add_argument("--skip", nargs="*", default=[], choices=WAYS)
    parser.add_argument("--out", type=Path, help="write the figures to OUT/bench_tournament.json")
    args = parser.parse_args()
    options = TournamentOptions(tuple(Team(name, "heuristic") for name in "ABCD"), args.matches, seed=args.seed)
    ray_start = 0.0
    figures: dict[str, dict[str, float | None]] = {}
    reference = None
    load = os.getloadavg()[0]
    for way in (w for w in WAYS if w not in args.skip):
        if way == "ray":  # started last: processes forked from a Ray driver log Ray's signal handling
            import ray

            started = time.perf_counter()
            ray.init(num_cpus=2, include_dashboard=False, logging_level="WARNING")
            ray_start = time.perf_counter() - started
        seconds, cpu, result = play(options, way)
        reference = reference or result
        assert result == reference, f"{way} gave other results than {WAYS[0]}"
        figures[way] = {"seconds": round(seconds, 2), "matches_per_second": round(args.matches / seconds, 2),
                        "cpu_seconds": cpu, "task_overhead_ms": round(overhead(way, args.tasks) * 1000, 3)}
        print(f"{way}: {seconds:.1f} s, {args.matches / seconds:.2f} matches/s, {cpu} CPU s, "
              f"{figures[way]['task_overhead_ms']} ms per empty task", flush=True)
    load = max(load, os.getloadavg()[0])
    assert reference is not None
    ends = [m["end"] for m in reference["matches"]]
    lines = [(f"{args.matches} matches, 4 heuristic teams, seed {args.seed}, limit 30 turns; engine "
             f"{'compiled' if COMPILED else 'pure Python'}; all ways gave the same tournament file; "
             f"{ends.count('sets')} matches ended by sets, {ends.count('turn-limit')} at the turn limit"),
             "", "| way | seconds | matches/s | CPU seconds | overhead per empty task |", "|---|---|---|---|---|"]
    lines += [f"| {way} | {f['seconds']:.1f} | {f['matches_per_second']:.2f} | {f['cpu_seconds'] if f['cpu_seconds'] is not None else '—'} | "
              f"{f['task_overhead_ms']:.3f} ms |" for way, f in figures.items()]
    lines.append(f"\nLoad average (1 min) during the run: up to {load:.1f} on {os.cpu_count()} CPUs.")
    if ray_start:
        lines.append(f"\nStarting the local Ray (2 CPUs) took {ray_start:.1f} s (not in the figures above).")
    print("\n".join(lines))
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "bench_tournament.json").write_text(json.dumps(
            {"matches": args.matches, "seed": args.seed, "compiled": COMPILED, "ray_start_seconds": round(ray_start, 2),
             "load_average": round(load, 1),
             "ends": {e: ends.count(e) for e in set(ends)}, "ways": figures}, indent=2) + "\n")
        (args.out / "bench_tournament.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
