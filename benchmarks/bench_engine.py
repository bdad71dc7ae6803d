"""Engine speed: random-bot games per second, and clone()/apply() cost for tree search.

Run on one core, after a normal (compiled) install::

    pip install . && python benchmarks/bench_engine.py

``--games`` sets the games per player count; ``--json FILE`` also writes the figures.
``--peer`` instead plays ours and the peer, ``monodeal`` (benchmarks/peer_monodeal.py; installed
with pip if missing), round after round, each round the same games, and prints our speed as a
multiple of the peer's per player count, with both sides' turns and decisions per game. It counts
CPU seconds (``time.process_time``) on both sides: on a shared machine they vary far less than
the clock. ``--peer-path DIR`` takes the peer from a checkout of its repository instead (its head
is newer and faster than the package on the index; its code is never committed here)::

    git clone https://github.com/shuckc/monodeal /tmp/monodeal
    python benchmarks/bench_engine.py --peer --peer-path /tmp/monodeal

The report names the peer measured: the checkout's commit and date, or the package's version.
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

from peer_monodeal import PeerStats, play  # monodeal itself is imported (or installed) by play()
from peer_monodeal import version as peer_version

from monopoly_deal import Game
from monopoly_deal.engine import COMPILED
from monopoly_deal.sim import SimStats, simulate

PEER_PLAYERS = (2, 4)


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


def against_peer(games: int, rounds: int, path: str | None = None) -> list[dict[str, float]]:
    """Per player count: both sides' games/s in each round (ours, then the peer's, on the same
    seeds every round), the median of the rounds' ratios, and decisions and turns per game;
    ``path``: a checkout of the peer to import it from."""
    runs: dict[int, list[tuple[SimStats, PeerStats]]] = {p: [] for p in PEER_PLAYERS}
    for _ in range(rounds):
        for players in PEER_PLAYERS:
            start = time.process_time()
            ours = simulate(players, games, seed=1)
            ours.seconds = time.process_time() - start
            runs[players].append((ours, play(players, range(games), path=path)))
    rows = []
    for players, pairs in runs.items():
        ours, peer = pairs[-1]
        rows.append({
            "players": players,
            "ours_games_per_second": [round(o.games_per_second, 1) for o, _ in pairs],
            "peer_games_per_second": [round(q.games / q.seconds, 1) for _, q in pairs],
            "ratio": round(statistics.median(o.games_per_second * q.seconds / q.games for o, q in pairs), 2),
            "ours_decisions_per_game": round(ours.decisions / ours.games, 1),
            "ours_turns_per_game": round(ours.turns / ours.games, 1),
            "peer_decisions_per_game": round(peer.decisions / peer.games, 1),
            "peer_turns_per_game": round(peer.turns / peer.games, 1),
            "peer_errors": sum(q.errors for _, q in pairs),
            "peer_too_long": sum(q.too_long for _, q in pairs),
        })
    return rows


def print_peer(rows: list[dict[str, float]], games: int, rounds: int) -> None:
    print(f"{games} games per side, player count and round; {rounds} rounds, interleaved; games per CPU second; "
          "ratio: median of the rounds")
    print("| players | ours, games/s | monodeal, games/s | ratio | ours: decisions / turns per game "
          "| monodeal: decisions / turns per game | monodeal games left out: error / over 1 CPU s |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        ours = " / ".join(f"{x:,.0f}" for x in r["ours_games_per_second"])  # type: ignore[attr-defined]
        peer = " / ".join(f"{x:,.0f}" for x in r["peer_games_per_second"])  # type: ignore[attr-defined]
        print(f"| {r['players']} | {ours} | {peer} | ×{r['ratio']:.1f} | {r['ours_decisions_per_game']} / "
              f"{r['ours_turns_per_game']} | {r['peer_decisions_per_game']} / {r['peer_turns_per_game']} "
              f"| {r['peer_errors']} / {r['peer_too_long']} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, help="games per player count (default 2000; 300 with --peer)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--peer", action="store_true", help="measure against monodeal, interleaved")
    parser.add_argument("--peer-path", metavar="DIR", help="with --peer: import monodeal from DIR, a checkout of "
                        "github.com/shuckc/monodeal, instead of the installed package")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of --peer (at least 3)")
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    if args.peer_path and not args.peer:
        parser.error("--peer-path goes with --peer")
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    if args.peer:
        games = args.games or 300
        rounds = max(args.rounds, 3)
        rows = against_peer(games, rounds, args.peer_path)
        peer = peer_version(args.peer_path)  # after the games: the package may have been installed by them
        print(f"engine: {'compiled (mypyc)' if COMPILED else 'pure Python'}, Python {platform.python_version()}, "
              f"one core; peer: {peer}")
        print_peer(rows, games, rounds)
        if args.json:
            with open(args.json, "w", encoding="utf-8") as f:
                json.dump({"games": games, "rounds": rounds, "peer_version": peer, "peer": rows}, f, indent=2)
        return
    args.games = args.games or 2000
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
