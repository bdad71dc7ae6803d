"""Train a masked policy (sb3-contrib MaskablePPO, PyTorch on CPU) against the random bot, then the heuristic.

Needs the ``rl`` extra (``pip install ".[rl]"``; torch's CPU build: ``pip install torch==2.13.0``)::

    python examples/train_maskable_ppo.py --players 2 --random-steps 120000 --heuristic-steps 60000 \\
        --eval-games 200 --seed 1 --out runs/ppo

It writes, in ``--out``: ``policy.zip`` (the final policy), ``curve.png`` (the learning curve: the
mean reward of the last 100 training episodes, and the arena win rates measured after each stage),
and ``results.json`` (the command, the budget, the time taken and the arena results). The policy then
plays as an arena bot: ``mdeal arena --bots policy:path=runs/ppo/policy.zip,heuristic``.

Each stage's policy is measured in the arena (duplicate deals, both seats) against the random bot and
against the heuristic bot. One thread; the run's figures are in the README ("For AI research").
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.env_util import make_vec_env
from stable_baselines3.common.vec_env import VecEnv

import monopoly_deal.rl  # noqa: F401 (registers MonopolyDeal-v0)
from monopoly_deal.arena import run_arena


def make_envs(players: int, opponents: str, envs: int, seed: int) -> VecEnv:
    """``envs`` environments stepped together (one forward pass of the policy serves them all), the
    learning seat drawn at random each game."""
    return make_vec_env("MonopolyDeal-v0", n_envs=envs, seed=seed, env_kwargs={
        "players": players, "opponents": opponents, "seat": None, "render_mode": None})


class Episodes(BaseCallback):
    """Remembers each finished episode's reward and the step it ended at (for the curve)."""

    def __init__(self) -> None:
        super().__init__()
        self.ended: list[tuple[int, float]] = []

    def _on_step(self) -> bool:
        self.ended += [(self.num_timesteps, float(info["episode"]["r"]))
                       for info in self.locals["infos"] if "episode" in info]
        return True


def arena(policy: Path, opponent: str, players: int, games: int, seed: int) -> dict[str, Any]:
    """The policy's win rate against ``opponent`` (every other seat) in the arena."""
    spec = f"policy:path={policy}"
    result = run_arena([spec] + [opponent] * (players - 1), players=players, games=games, seed=seed)
    return result.bots[spec] | {"opponent": opponent, "games": result.games}


def curve(path: Path, episodes: list[tuple[int, float]], evaluations: list[dict[str, Any]], title: str) -> None:
    """The mean reward of the last 100 episodes against the steps, and the arena win rates (right axis)."""
    fig, ax = plt.subplots(figsize=(8, 4.5))
    steps = np.array([s for s, _ in episodes])
    rewards = np.array([r for _, r in episodes])
    window = np.convolve(rewards, np.ones(100) / 100, mode="valid") if len(rewards) >= 100 else rewards
    ax.plot(steps[len(steps) - len(window):], window, label="training reward (mean of last 100 episodes)")
    ax.set_xlabel("environment steps (the learning seat's decisions)")
    ax.set_ylabel("reward: +1 win, -1 loss")
    ax.set_ylim(-1.05, 1.05)
    for boundary in {e["steps"] for e in evaluations if e["stage"] == "random"}:
        ax.axvline(boundary, color="grey", linestyle=":")
    ax2 = ax.twinx()
    for opponent, marker in (("random", "o"), ("heuristic", "s")):
        points = [(e["steps"], e["rate"]) for e in evaluations if e["opponent"] == opponent]
        ax2.plot(*zip(*points), marker=marker, linestyle="--", label=f"arena win rate vs {opponent}")
    ax2.set_ylabel("arena win rate")
    ax2.set_ylim(-0.025, 1.025)
    lines = ax.get_legend_handles_labels()[0] + ax2.get_legend_handles_labels()[0]
    labels = ax.get_legend_handles_labels()[1] + ax2.get_legend_handles_labels()[1]
    ax.legend(lines, labels, loc="lower right", fontsize=8)
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--random-steps", type=int, default=120_000, help="steps against the random bot")
    parser.add_argument("--heuristic-steps", type=int, default=60_000, help="then steps against the heuristic")
    parser.add_argument("--envs", type=int, default=16, help="environments per rollout")
    parser.add_argument("--n-steps", type=int, default=128, help="PPO rollout length per environment")
    parser.add_argument("--eval-games", type=int, default=200, help="arena games per measurement")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("runs/ppo"))
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    args.out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    model = MaskablePPO("MlpPolicy", make_envs(args.players, "random", args.envs, args.seed), n_steps=args.n_steps,
                        batch_size=min(512, args.envs * args.n_steps), n_epochs=4, seed=args.seed, device="cpu",
                        policy_kwargs={"net_arch": [128, 128]}, verbose=0)
    episodes = Episodes()
    evaluations: list[dict[str, Any]] = []
    for stage, steps in (("random", args.random_steps), ("heuristic", args.heuristic_steps)):
        if stage == "heuristic":
            model.set_env(make_envs(args.players, "heuristic", args.envs, args.seed + 1))
        model.learn(total_timesteps=steps, reset_num_timesteps=False, callback=episodes)
        done = model.num_timesteps
        model.save(args.out / f"policy-{stage}.zip")
        for against in ("random", "heuristic"):
            result = arena(args.out / f"policy-{stage}.zip", against, args.players, args.eval_games, args.seed)
            evaluations.append({"stage": stage, "steps": done, **result})
            print(f"after {done:,} steps ({stage}): win rate vs {against} {result['rate']:.3f} "
                  f"(95% CI {result['ci'][0]:.3f}-{result['ci'][1]:.3f}, {result['games']} games)", flush=True)
    model.save(args.out / "policy.zip")
    seconds = time.perf_counter() - started
    title = (f"MaskablePPO, {args.players} players: {args.random_steps:,} steps vs random, "
             f"then {args.heuristic_steps:,} vs heuristic")
    curve(args.out / "curve.png", episodes.ended, evaluations, title)
    results = {"command": "python examples/train_maskable_ppo.py " + " ".join(argv if argv is not None else sys.argv[1:]),
               "players": args.players, "random_steps": args.random_steps, "heuristic_steps": args.heuristic_steps,
               "seed": args.seed, "episodes": len(episodes.ended), "seconds": round(seconds, 1),
               "torch": torch.__version__, "threads": torch.get_num_threads(), "evaluations": evaluations}
    (args.out / "results.json").write_text(json.dumps(results, indent=2), encoding="utf-8")
    print(f"done in {seconds / 60:.1f} min; {args.out}/policy.zip, curve.png, results.json")
    return results


if __name__ == "__main__":
    main()
