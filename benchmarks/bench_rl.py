"""RL throughput: environment steps per second, one core, random masked actions, next to RLCard's.

Run after a normal (compiled) install, with RLCard in the same environment::

    pip install ".[rl]" rlcard && python benchmarks/bench_rl.py --json benchmarks/results/bench_rl.json

A step is one call of the environment's step, observation and action mask of the next decision
included: PettingZoo's ``last()`` + ``step()`` (``env()``, which does the classic wrappers' work
itself); Gymnasium's ``step()`` for the learning seat, inside which the random opponents take their
decisions; the self-play :class:`~monopoly_deal.rl.vector.VectorEnv`'s one decision per game;
RLCard's ``env.step()``, which returns the next player's state (its observation and legal actions).
Decisions/s counts every seat's decisions: the same as steps/s except for Gymnasium, whose opponents'
decisions are in it too (an RLCard step is one decision of whichever player is to act).
Random masked actions are drawn as ``mask.view(bool).nonzero()[0]``: numpy finds the ones of a
0/1 ``int8`` mask ten times faster read as booleans. Each figure is the best of ``--repeats`` runs of ``--seconds`` of CPU time each; CPU time, not wall
time, so that other work on a shared machine does not count against one environment; the runs go
round robin over the environments, so that a slow spell falls on all of them.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from monopoly_deal.engine import COMPILED

#: Runs environment steps for about that many CPU seconds: (steps, decisions) taken.
Runner = Callable[[float], tuple[int, int]]


def pettingzoo_runner(players: int, edition: str) -> Runner:
    from monopoly_deal.rl.pettingzoo import env

    environment = env(players=players, edition=edition)
    rng = random.Random(0)

    def run(seconds: float) -> tuple[int, int]:
        steps, end = 0, time.process_time() + seconds
        seed = 0
        while time.process_time() < end:
            environment.reset(seed=seed)
            seed += 1
            for _ in environment.agent_iter():
                observation, _, termination, truncation, _ = environment.last()
                if termination or truncation:
                    environment.step(None)
                    continue
                legal = observation["action_mask"].view(np.bool_).nonzero()[0]
                environment.step(int(legal[int(rng.random() * len(legal))]))
                steps += 1
        return steps, steps
    return run


def gymnasium_runner(players: int, edition: str) -> Runner:
    import gymnasium

    import monopoly_deal.rl  # noqa: F401 (registers MonopolyDeal-v0)

    environment = gymnasium.make("MonopolyDeal-v0", players=players, edition=edition, opponents="random")
    rng = random.Random(0)

    def run(seconds: float) -> tuple[int, int]:
        steps, decisions, end = 0, 0, time.process_time() + seconds
        seed = 0
        while time.process_time() < end:
            _, info = environment.reset(seed=seed)
            seed += 1
            terminated = False
            while not terminated:
                legal = info["action_mask"].view(np.bool_).nonzero()[0]
                _, _, terminated, _, info = environment.step(int(legal[int(rng.random() * len(legal))]))
                steps += 1
            decisions += len(environment.unwrapped.game.history)  # the opponents' too: one entry each
        return steps, decisions
    return run


def vector_runner(players: int, edition: str, num_envs: int = 64) -> Runner:
    from monopoly_deal.rl.vector import VectorEnv

    venv = VectorEnv(num_envs, players, edition, seed=0)
    rng = random.Random(0)

    def run(seconds: float) -> tuple[int, int]:
        steps, end = 0, time.process_time() + seconds
        _, masks, _ = venv.reset()
        while time.process_time() < end:
            actions = []
            for mask in masks:
                legal = mask.view(np.bool_).nonzero()[0]
                actions.append(int(legal[int(rng.random() * len(legal))]))
            _, masks, _, _, _ = venv.step(actions)
            steps += num_envs
        return steps, steps
    return run


def rlcard_runner(name: str) -> Runner:
    import rlcard

    environment = rlcard.make(name, config={"seed": 0})
    rng = random.Random(0)

    def run(seconds: float) -> tuple[int, int]:
        steps, end = 0, time.process_time() + seconds
        while time.process_time() < end:
            state, _ = environment.reset()
            while not environment.is_over():
                legal = list(state["legal_actions"])
                state, _ = environment.step(legal[int(rng.random() * len(legal))])
                steps += 1
        return steps, steps
    return run


def measure(run: Runner, seconds: float, repeats: int) -> tuple[float, float]:
    """Steps and decisions per CPU second, of the best of ``repeats`` runs."""
    best = (0.0, 0.0)
    for _ in range(repeats):
        start = time.process_time()
        steps, decisions = run(seconds)
        elapsed = time.process_time() - start
        best = max(best, (steps / elapsed, decisions / elapsed))
    return best


def rlcard_version() -> str | None:
    try:
        import rlcard
    except ImportError:
        return None
    return getattr(rlcard, "__version__", "installed")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per run (default 5)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    rows: list[dict[str, Any]] = []
    cases: list[tuple[str, str, Runner]] = []
    for players, edition in ((2, "base"), (4, "enhanced")):
        size = f"{players} players, {edition}"
        cases += [
            ("monopoly-deal PettingZoo env()", size, pettingzoo_runner(players, edition)),
            ("monopoly-deal Gymnasium MonopolyDeal-v0 (random opponents)", size, gymnasium_runner(players, edition)),
            ("monopoly-deal VectorEnv, 64 games", size, vector_runner(players, edition)),
        ]
    version = rlcard_version()
    if version is not None:
        cases += [(f"RLCard {version} {name}", "rlcard.make", rlcard_runner(name)) for name in ("uno", "gin-rummy")]
    # Round robin, the best of each case's runs: a slow spell of a shared machine falls on every case
    # alike, instead of on the ones that happen to run then.
    best = [(0.0, 0.0)] * len(cases)
    for _ in range(args.repeats):
        for i, (_, _, run) in enumerate(cases):
            best[i] = max(best[i], measure(run, args.seconds, 1))
    print(f"{'environment':60} {'game':22} {'steps/s':>10} {'decisions/s':>12}")
    for (name, size, _), (rate, decisions) in zip(cases, best, strict=True):
        rows.append({"environment": name, "game": size, "steps_per_second": round(rate),
                     "decisions_per_second": round(decisions)})
        print(f"{name:60} {size:22} {rate:10,.0f} {decisions:12,.0f}", flush=True)
    result = {
        "engine": "compiled (mypyc)" if COMPILED else "pure Python",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "seconds": args.seconds,
        "repeats": args.repeats,
        "rlcard": version,
        "rows": rows,
    }
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=2)


if __name__ == "__main__":
    main()
