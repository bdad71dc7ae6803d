"""Pool arena runs made in chunks (one seed each) and draw ISMCTS's win rate against its iterations.

    python benchmarks/pool_results.py benchmarks/results/strength --plot benchmarks/results/strength/curve.png

Reads every ``results.json`` below the folders given (``mdeal arena --out`` writes them), groups the runs by
players and lineup, and prints, per group, the first bot's wins over all its games with the 95% Wilson
interval, its seconds per decision (mean over the runs, weighted by games; the arena counts CPU seconds,
runs made before it did counted wall-clock seconds) and the seeds. With ``--plot``,
the 2-player runs of ``ismcts`` against ``heuristic`` at different budgets become a curve: win rate against
iterations per decision, with the intervals.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

from monopoly_deal.arena.stats import wilson
from monopoly_deal.bots.ismcts import default_budget


def load_runs(folders: list[Path]) -> list[dict[str, Any]]:
    return [json.loads(p.read_text()) for folder in folders for p in sorted(folder.rglob("results.json"))]


def pool(runs: list[dict[str, Any]]) -> dict[tuple[int, tuple[str, ...]], dict[str, Any]]:
    """(players, lineup) -> the first bot's wins, games, interval, s/decision and the seeds."""
    groups: dict[tuple[int, tuple[str, ...]], dict[str, Any]] = defaultdict(
        lambda: {"wins": 0, "games": 0, "seconds": 0.0, "seeds": []})
    for run in runs:
        options = run["options"]
        first = run["bots"][options["bots"][0]]
        group = groups[options["players"], tuple(options["bots"])]
        group["wins"] += first["wins"]
        group["games"] += first["games"]
        group["seconds"] += first["seconds_per_decision"] * first["games"]
        group["seeds"].append(options["seed"])
    for group in groups.values():
        group["ci"] = wilson(group["wins"], group["games"])
        group["rate"] = group["wins"] / group["games"]
        group["seconds"] /= group["games"]
    return dict(groups)


def iterations(spec: str, players: int) -> int:
    """The iterations per decision of an ``ismcts`` spec (its default when it names none)."""
    found = re.search(r"iters=(\d+)", spec)
    return int(found.group(1)) if found else default_budget(players)[0]


def plot(groups: dict[tuple[int, tuple[str, ...]], dict[str, Any]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    points = sorted((iterations(bots[0], players), g) for (players, bots), g in groups.items()
                    if players == 2 and bots[0].startswith("ismcts") and bots[1:] == ("heuristic",))
    xs = [x for x, _ in points]
    rates = [g["rate"] for _, g in points]
    errors = [[g["rate"] - g["ci"][0] for _, g in points], [g["ci"][1] - g["rate"] for _, g in points]]
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.errorbar(xs, rates, yerr=errors, marker="o", capsize=5, color="#4c72b0")
    for x, g in points:
        ax.annotate(f"{g['games']} games", (x, g["ci"][0]), textcoords="offset points", xytext=(0, -14),
                    ha="center", fontsize=8)
    ax.axhline(0.5, color="grey", linestyle="--", linewidth=1)
    ax.set_xscale("log")
    ax.minorticks_off()
    ax.set_xticks(xs, [str(x) for x in xs])
    ax.set_ylim(0.3, 1)
    ax.set_xlabel("ISMCTS iterations per decision")
    ax.set_ylabel("win rate against heuristic (95% Wilson)")
    ax.set_title("ISMCTS against the heuristic, 2 players")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--plot", type=Path, help="write the 2-player curve (win rate against iterations) here")
    args = parser.parse_args()
    groups = pool(load_runs(args.folders))
    print("| players | lineup | games | first bot wins (95% CI) | s/decision | seeds |")
    print("|---|---|---|---|---|---|")
    for (players, bots), g in sorted(groups.items()):
        print(f"| {players} | {','.join(bots)} | {g['games']} | {g['wins']} = {g['rate']:.1%} "
              f"({g['ci'][0]:.1%}–{g['ci'][1]:.1%}) | {g['seconds']:.3f} | {', '.join(map(str, g['seeds']))} |")
    if args.plot:
        plot(groups, args.plot)
        print(f"wrote {args.plot}")


if __name__ == "__main__":
    main()
