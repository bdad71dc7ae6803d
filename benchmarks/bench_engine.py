"""Engine speed: random-bot games per second, and clone()/apply() cost for tree search.

Run on one core, after a normal (compiled) install::

    pip install . && python benchmarks/bench_engine.py

``--games`` sets the games per player count; ``--json FILE`` also writes the figures.
The figures in the README came from this script.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import time

from monopoly_deal import Game
from monopoly_deal.engine import COMPILED
from monopoly_deal.sim import simulate


def games_per_second(players: int, games: int, repeats: int) -> dict[str, float]:
    """Best of ``repeats`` runs of ``mdeal sim`` (the same seeds each time)."""
    runs = [simulate(players, games, seed=1) for _ in range(repeats)]
    best = max(runs, key=lambda s: s.games_per_second)
    return {
        "players": players,
        "games": games,
        "games_per_second": round(best.games_per_second, 1),
        "decisions_per_second": round(best.decisions_per_second),
        "decisions_per_game": round(best.decisions / best.games, 1),
        "turns_per_game": round(best.turns / best.games, 1),
    }


def mid_game(players: int, seed: int, decisions: int) -> Game:
    """A position ``decisions`` random actions into a game (restarting a game that ends first)."""
    rng = random.Random(seed)
    while True:
        game = Game(players, seed=seed, log=False)
        for _ in range(decisions):
            if game.over:
                break
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
        if not game.over:
            return game
        seed += 1


def search_costs(samples: int) -> dict[str, float]:
    """Microseconds per clone(), per apply() on a clone, and per legal_actions() after that
    apply, over mid-game 2-player positions, as a tree search uses them."""
    clone_t, apply_t, legal_t = [], [], []
    for seed in range(samples):
        game = mid_game(2, seed, 60)
        actions = game.legal_actions()
        n = 2000
        start = time.perf_counter()
        for _ in range(n):
            game.clone()
        clone_t.append((time.perf_counter() - start) / n * 1e6)
        copies = [game.clone() for _ in range(n)]
        picks = [actions[i % len(actions)] for i in range(n)]
        start = time.perf_counter()
        for copy, action in zip(copies, picks):
            copy.apply(action)
        apply_t.append((time.perf_counter() - start) / n * 1e6)
        start = time.perf_counter()
        for copy in copies:  # the options after the action: not cached yet
            copy.legal_actions()
        legal_t.append((time.perf_counter() - start) / n * 1e6)
    return {
        "clone_us": round(statistics.median(clone_t), 2),
        "legal_actions_us": round(statistics.median(legal_t), 2),
        "apply_us": round(statistics.median(apply_t), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    result = {
        "engine": "compiled (mypyc)" if COMPILED else "pure Python",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "random_bot": [games_per_second(p, args.games if p == 2 else args.games // 2, args.repeats) for p in (2, 4)],
        "search": search_costs(20),
    }
    print(f"engine: {result['engine']}, Python {result['python']}, one core")
    for row in result["random_bot"]:
        print(f"  {row['players']} players: {row['games_per_second']:,.0f} games/s, "
              f"{row['decisions_per_second']:,} decisions/s ({row['decisions_per_game']} decisions, "
              f"{row['turns_per_game']} turns per game)")
    s = result["search"]
    print(f"  mid-game 2 players: clone {s['clone_us']} µs, legal_actions {s['legal_actions_us']} µs, apply {s['apply_us']} µs")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=2)


if __name__ == "__main__":
    main()
