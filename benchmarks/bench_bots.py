"""Bot strength and search speed, measured by the arena (base edition). Not a test: it takes a while.

    python benchmarks/bench_bots.py                       # everything, default sizes
    python benchmarks/bench_bots.py --only speed          # ISMCTS iterations per second
    python benchmarks/bench_bots.py --only 2p --games 400 --jobs 2 --out results/
    python benchmarks/bench_bots.py --only 4p --games 200 --ismcts4 ismcts:iters=400 --jobs 2 --out results/

The targets: heuristic beats random in >= 95% of 2-player games; ISMCTS at its default budget (<= 0.25 CPU
seconds per decision in 2-player games, <= 0.3 in 4-player ones) beats heuristic in >= 75% of 2-player games
and wins >= 50% of 4-player games against three heuristic bots; ISMCTS runs >= 1,000 iterations per second
per core in a 2-player mid-game. Each check prints the measured rate with its 95% Wilson interval and
whether the point estimate meets the target. Long runs go in chunks, a seed each, pooled by
``benchmarks/pool_results.py``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from monopoly_deal import Game
from monopoly_deal.arena import run_arena
from monopoly_deal.bots import HeuristicBot, IsmctsBot, Seat
from monopoly_deal.engine import COMPILED


def midgames(count: int) -> list[Game]:
    """2-player positions a few turns in (heuristic play), at a play decision with a real choice."""
    out = []
    for seed in range(count):
        game = Game(2, seed=seed, log=False)
        bots = [HeuristicBot(seed=p) for p in range(2)]
        while not game.over and (game.turn < 8 or game.decision != 0 or len(game.legal_actions()) < 4):
            game.apply(bots[game.decider].choose(Seat(game, game.decider)))
        if not game.over:
            out.append(game)
    return out


def speed(iters: int = 2000, positions: int = 10) -> float:
    """ISMCTS iterations per second on one core, over several 2-player mid-game positions, each playout run on
    to the bot's next turn (``rounds=1``; the 2-player default runs two rounds, so about half as many a second)."""
    total, seconds = 0, 0.0
    for game in midgames(positions):
        bot = IsmctsBot(seed=1, iters=iters, rounds=1)
        start = time.process_time()
        bot.choose(Seat(game, game.decider))
        seconds += time.process_time() - start
        total += bot.last_iterations
    rate = total / seconds
    print(f"ISMCTS speed: {rate:,.0f} iterations/s per core ({total} iterations over {positions} 2-player "
          f"mid-game positions; {'compiled' if COMPILED else 'pure Python'} engine) — target >= 1,000: "
          f"{'met' if rate >= 1000 else 'NOT met'}")
    return rate


def strength(bots: list[str], players: int, games: int, seed: int, jobs: int, target: float, out: Path | None) -> None:
    command = f"mdeal arena --bots {','.join(bots)} --players {players} --games {games} --seed {seed} --jobs {jobs}"
    print(f"\n$ {command}", flush=True)
    result = run_arena(bots, players, games, seed, jobs=jobs, progress=sys.stderr)
    print(result.table())
    first = result.bots[bots[0]]
    print(f"\n{bots[0]}: {first['rate']:.1%} (95% CI {first['ci'][0]:.1%}–{first['ci'][1]:.1%}) of {first['games']} "
          f"games, {first['seconds_per_decision']:.3f} CPU s/decision — target >= {target:.0%}: "
          f"{'met' if first['rate'] >= target else 'NOT met'}", flush=True)
    if out is not None:
        result.write(out / f"{players}p-{bots[0].replace(':', '_').replace('=', '')}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("speed", "random", "2p", "4p"), action="append",
                        help="run only these parts (repeatable)")
    parser.add_argument("--ismcts", default="ismcts", help="the ISMCTS spec for 2 players (default: its defaults)")
    parser.add_argument("--ismcts4", default="ismcts", help="the ISMCTS spec for 4 players (default: its defaults)")
    parser.add_argument("--games", type=int, default=120, help="games for the ISMCTS matches")
    parser.add_argument("--random-games", type=int, default=400, help="games for heuristic against random")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, help="write each arena's CSV, JSON and plot under this folder")
    args = parser.parse_args()
    parts = set(args.only or ("speed", "random", "2p", "4p"))
    if "speed" in parts:
        speed()
    if "random" in parts:
        strength(["heuristic", "random"], 2, args.random_games, args.seed, args.jobs, 0.95, args.out)
    if "2p" in parts:
        strength([args.ismcts, "heuristic"], 2, args.games, args.seed, args.jobs, 0.75, args.out)
    if "4p" in parts:
        strength([args.ismcts4, "heuristic", "heuristic", "heuristic"], 4, args.games, args.seed, args.jobs, 0.50,
                 args.out)


if __name__ == "__main__":
    main()
