"""Fit the weights of ``bots.value.win_chance``: a logistic model of who wins, from heuristic self-play.

    python benchmarks/fit_value.py --players 2 --games 24000 --seed 100000
    python benchmarks/fit_value.py --players 4 --games 8000 --seed 200000

Plays ``--games`` games of heuristic bots (base edition; games that end at the turn limit are left out),
takes the position at the start of every turn from the side of the player whose turn it is
(``value_features``: its table and hand, the strongest opponent's table, hand size and threats in hand)
with whether that player went on to win, and fits a logistic regression (Newton's method, a little L2).
Fitted on the first 80% of the positions, it prints the log loss and accuracy on the rest next to those of
the heuristic's own lead (``standing``) through the logistic the search used before; then, fitted on all
of them, the weights to paste into ``WIN_WEIGHTS_2P`` (2 players) or ``WIN_WEIGHTS_MANY`` (4 players,
used from 3 up), each beside its feature's name. About 60 games a second on one core (compiled).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from monopoly_deal import Game
from monopoly_deal.bots import HeuristicBot, Seat
from monopoly_deal.bots.heuristic import standing
from monopoly_deal.bots.ismcts import REWARD_SCALE
from monopoly_deal.bots.value import FEATURES, value_features


def positions(players: int, games: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features, the heuristic's lead and the outcome (1: that player won) of every turn's start."""
    features: list[list[float]] = []
    leads: list[float] = []
    won: list[float] = []
    for index in range(games):
        game = Game(players, seed=seed + index, log=False)
        bots = [HeuristicBot(seed=(seed + index) * 16 + p) for p in range(players)]
        seen: list[tuple[int, list[float], float]] = []
        turn = -1
        while not game.over:
            if game.turn != turn:
                turn = game.turn
                seen.append((game.active, value_features(game, game.active), standing(game, game.active)))
            game.apply(bots[game.decider].choose(Seat(game, game.decider)))
        if game.winner < 0:
            continue
        for player, x, lead in seen:
            features.append(x)
            leads.append(lead)
            won.append(1.0 if game.winner == player else 0.0)
    return np.array(features), np.array(leads), np.array(won)


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, steps: int = 30) -> np.ndarray:
    """Logistic regression weights by Newton's method."""
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-x @ w))
        gradient = x.T @ (p - y) / len(y) + l2 * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x / len(y) + l2 * np.eye(len(w))
        w -= np.linalg.solve(hessian, gradient)
    return w


def scores(p: np.ndarray, y: np.ndarray) -> str:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    loss = -np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))
    return f"log loss {loss:.3f}, accuracy {np.mean((p > 0.5) == (y > 0.5)):.1%}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=8000)
    parser.add_argument("--seed", type=int, default=100000)
    args = parser.parse_args()
    start = time.perf_counter()
    x, lead, y = positions(args.players, args.games, args.seed)
    cut = int(0.8 * len(y))
    w = fit(x[:cut], y[:cut])
    print(f"{len(y)} positions from {args.games} games in {time.perf_counter() - start:.0f} s; held out {len(y) - cut}:")
    print(f"  fitted chance to win: {scores(1 / (1 + np.exp(-x[cut:] @ w)), y[cut:])}")
    print(f"  the heuristic's lead, logistic / {REWARD_SCALE:g}: "
          f"{scores(1 / (1 + np.exp(-lead[cut:] / REWARD_SCALE)), y[cut:])}")
    weights = fit(x, y)
    for name, weight in zip(FEATURES, weights, strict=True):
        print(f"  {weight:7.3f}  {name}")
    print("weights: (" + ", ".join(f"{v:.3f}" for v in weights) + ")")


if __name__ == "__main__":
    main()
