"""What ``mdeal analyse`` costs and how noisy it is: a game's review at the default budget, on one core. Not a
test: a 4-player game takes a while.

    python benchmarks/bench_analysis.py                       # a 2-player and a 4-player game, default budget
    python benchmarks/bench_analysis.py --players 2 --again   # and the same game reviewed with a second seed
    python benchmarks/bench_analysis.py --players 4 --seat P1 --budget 100

The games are arena games on fixed seeds (``mdeal arena --bots ismcts heuristic --players 2 --games 2 --seed 1
--records``, game 1, and ``--bots ismcts heuristic heuristic heuristic --players 4 --games 4 --seed 1``,
game 1): the default search against the heuristic. Each review weighs every decision with a choice (or
``--seat``'s), with the default bot's alternatives, and prints CPU seconds in all and per decision weighed,
and the noise: the standard error of the paired difference between an alternative and the move made (median
and 90th percentile over every alternative weighed), which the flags' thresholds are set against
(docs/analysis.md). ``--again`` reviews the
game once more with another seed and counts the flags both reviews give, and those only one gives.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

from monopoly_deal.analysis.review import BOT, DEFAULT_BUDGET, Review, begin, decisions
from monopoly_deal.arena import run_arena
from monopoly_deal.engine import COMPILED, Game
from monopoly_deal.record import from_dict, replay

LINEUPS = {2: ["ismcts", "heuristic"], 4: ["ismcts", "heuristic", "heuristic", "heuristic"]}


def arena_game(players: int, seed: int) -> Game:
    """Game 1 of ``mdeal arena --bots LINEUP --players P --games P --seed SEED --records``, replayed."""
    result = run_arena(LINEUPS[players], players=players, games=players, seed=seed, records=True)
    return replay(from_dict(result.results[0]["record"]))


def timed_review(game: Game, seats: list[int] | None, budget: int, seed: int, bot: str) -> tuple[Review, float]:
    """The review of ``game`` and the CPU seconds it took, a dot on stderr per decision weighed."""
    start, actions = game.restart(log=False), list(game.history)
    review = begin(start, actions, seats, budget, seed, bot=bot)
    clock = time.process_time()
    for decision in decisions(start, actions, review.seats, budget, seed, bot=bot):
        review.decisions.append(decision)
        print(".", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return review, time.process_time() - clock


def noise(review: Review) -> dict[str, Any]:
    """The standard error of a paired difference (an alternative's win chance less the move's, world by world),
    over every alternative weighed, and the share of decisions whose loss cannot be told from no loss (lost
    under two of its standard errors) though it is not zero."""
    errors = sorted(c.gain_error for d in review.decisions for c in d.candidates[1:])
    if not errors:
        return {"weighed": 0}
    lost = [d for d in review.decisions if d.lost > 0]
    return {"weighed": len(errors), "median": statistics.median(errors),
            "p90": errors[min(len(errors) - 1, int(0.9 * len(errors)))], "max": errors[-1],
            "lost": len(lost), "unclear": sum(d.lost < 2 * d.lost_error for d in lost)}


def report(players: int, game: Game, review: Review, seconds: float) -> None:
    n = len(review.decisions)
    flags = {p: review.flags(p) for p in review.seats}
    spread = noise(review)
    print(f"{players} players: {len(game.history)} actions, {game.turn} turns, {n} decisions weighed "
          f"(seats {', '.join(f'P{p + 1}' for p in review.seats)}), budget {review.budget}, seed {review.seed}, "
          f"bot {review.bot}; {'compiled' if COMPILED else 'pure Python'} engine")
    print(f"  {seconds:.0f} CPU s in all, {seconds / max(n, 1):.2f} CPU s per decision weighed")
    if spread["weighed"]:
        print(f"  standard error of a paired difference: median {100 * spread['median']:.1f} points, 90th "
              f"percentile {100 * spread['p90']:.1f}, max {100 * spread['max']:.1f} ({spread['weighed']} "
              f"alternatives weighed); {spread['lost']} decisions lost some win chance, {spread['unclear']} of "
              "them less than two standard errors")
    for p in review.seats:
        names = ", ".join(f"{count} {flag}" for flag, count in flags[p].items())
        print(f"  P{p + 1}: accuracy {review.accuracy(p)}, {names}")


def agreement(first: Review, second: Review) -> None:
    """How far two reviews of one game, seeded differently, agree on the flags and on the win chance lost."""
    both = only = 0
    gaps = []
    for a, b in zip(first.decisions, second.decisions):
        if a.flag and b.flag:
            both += 1
        elif a.flag or b.flag:
            only += 1
        gaps.append(abs(a.lost - b.lost))
    print(f"  again with seed {second.seed}: {both} decisions flagged by both reviews, {only} by one only "
          f"(the flag's name aside); mean |difference| in the win chance lost "
          f"{100 * statistics.mean(gaps):.1f} points")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", choices=(2, 4), default=[2, 4])
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--seed", type=int, default=0, help="the review's seed (default 0)")
    parser.add_argument("--game-seed", type=int, default=1, help="the arena's seed of the game (default 1)")
    parser.add_argument("--seat", help="P1..Pn: weigh this seat's decisions only (default: every seat's)")
    parser.add_argument("--bot", default=BOT)
    parser.add_argument("--again", action="store_true", help="review again with seed + 1 and compare the flags")
    args = parser.parse_args()
    seats = None if args.seat is None else [int(args.seat.lstrip("Pp")) - 1]
    for players in args.players:
        game = arena_game(players, args.game_seed)
        review, seconds = timed_review(game, seats, args.budget, args.seed, args.bot)
        report(players, game, review, seconds)
        if args.again:
            second, _ = timed_review(game, seats, args.budget, args.seed + 1, args.bot)
            agreement(review, second)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
