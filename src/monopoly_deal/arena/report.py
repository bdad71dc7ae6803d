"""Running the arena in parallel, and its results: crosstable, ratings, CSV, JSON and a plot."""

from __future__ import annotations

import csv
import json
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TextIO

from ..engine import Rules
from ..i18n import Translator, get_translator
from ..parallel import run_all
from .play import play, schedule
from .stats import ratings, wilson

RATING_NAME = ("Bradley-Terry rating on the Elo scale (pairwise results: the winner beats each other bot, two bots "
               "of which neither won draw; mean 1500)")


@dataclass
class ArenaResult:
    """What a run found. ``bots``: per bot games, wins, win rate and its 95% Wilson interval,
    rating, seconds per decision. ``crosstable[a][b]``: how often ``a`` won the games it played
    with ``b`` (wins, games, rate, interval)."""

    options: dict[str, Any]
    games: int
    bots: dict[str, dict[str, Any]]
    crosstable: dict[str, dict[str, dict[str, Any]]]
    mean_turns: float
    turn_limit: int
    seconds: float = 0.0
    results: list[dict[str, Any]] = field(default_factory=list, repr=False)
    stopped: bool = False      # interrupted (Ctrl+C): of the games played until then

    def to_json(self) -> dict[str, Any]:
        """Everything but the game records, as JSON-able data."""
        return {"options": self.options, "games": self.games, "rating": RATING_NAME, "bots": self.bots,
                "crosstable": self.crosstable, "mean_turns": self.mean_turns, "turn_limit": self.turn_limit,
                "seconds": round(self.seconds, 2)}

    def table(self) -> str:
        """The crosstable and the per-bot summary as Markdown tables."""
        names = list(self.bots)
        header = (f"{self.games} games, {self.options['players']} players, {self.options['edition']} edition, "
                  f"seed {self.options['seed']}; mean game {self.mean_turns:.1f} turns; "
                  f"{self.turn_limit} games hit the turn limit")
        lines = [header, "",
                 "| bot | games | wins | win rate (95% CI) | rating | s/decision |", "|---|---|---|---|---|---|"]
        for n, b in self.bots.items():
            lines.append(f"| {n} | {b['games']} | {b['wins']} | {_rate(b)} | {b['rating']:.0f} | "
                         f"{b['seconds_per_decision']:.4f} |")
        lines += ["", "Row's win rate in the games it played with column (95% CI):", "",
                  "| | " + " | ".join(names) + " |", "|---" * (len(names) + 1) + "|"]
        for a in names:
            cells = [_rate(self.crosstable[a][b]) if b in self.crosstable[a] else "—" for b in names]
            lines.append(f"| {a} | " + " | ".join(cells) + " |")
        return "\n".join(lines)

    def write(self, out: str | Path, records: bool = False) -> list[Path]:
        """results.json, bots.csv, crosstable.csv, winrates.png (and games.jsonl with ``records``)."""
        folder = Path(out)
        folder.mkdir(parents=True, exist_ok=True)
        written = [folder / "results.json", folder / "bots.csv", folder / "crosstable.csv", folder / "winrates.png"]
        written[0].write_text(json.dumps(self.to_json(), indent=2) + "\n", encoding="utf-8")
        with written[1].open("w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            w.writerow(["bot", "games", "wins", "win_rate", "ci_low", "ci_high", "rating", "seconds_per_decision"])
            for n, bot in self.bots.items():
                w.writerow([n, bot["games"], bot["wins"], bot["rate"], bot["ci"][0], bot["ci"][1], bot["rating"],
                            bot["seconds_per_decision"]])
        with written[2].open("w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            w.writerow(["bot", "opponent", "games", "wins", "win_rate", "ci_low", "ci_high"])
            for a, row in self.crosstable.items():
                for b, cell in row.items():
                    w.writerow([a, b, cell["games"], cell["wins"], cell["rate"], cell["ci"][0], cell["ci"][1]])
        self.plot(written[3])
        if records:
            path = folder / "games.jsonl"
            with path.open("w", encoding="utf-8") as f:
                for r in self.results:
                    f.write(json.dumps(r, ensure_ascii=False) + "\n")
            written.append(path)
        return written

    def plot(self, path: Path) -> None:
        """Each bot's win rate with its 95% interval, as a PNG."""
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        names = list(self.bots)
        rates = [self.bots[n]["rate"] for n in names]
        low = [r - self.bots[n]["ci"][0] for n, r in zip(names, rates)]
        high = [self.bots[n]["ci"][1] - r for n, r in zip(names, rates)]
        fig, ax = plt.subplots(figsize=(1.6 + 1.4 * len(names), 4))
        ax.bar(names, rates, yerr=[low, high], capsize=6, color="#4c72b0")
        ax.axhline(1 / self.options["players"], color="grey", linestyle="--", linewidth=1, label="even share")
        ax.set_ylim(0, 1)
        ax.set_ylabel("win rate (95% Wilson interval)")
        ax.set_title(f"{self.games} games, {self.options['players']} players, seed {self.options['seed']}")
        ax.legend(loc="upper right")
        fig.tight_layout()
        fig.savefig(path, dpi=100)
        plt.close(fig)


def _rate(cell: dict[str, Any]) -> str:
    return f"{cell['rate']:.1%} ({cell['ci'][0]:.1%}–{cell['ci'][1]:.1%})"


def _cell(wins: float, games: int) -> dict[str, Any]:
    low, high = wilson(wins, games)
    return {"games": games, "wins": wins, "rate": round(wins / games, 4) if games else 0.0,
            "ci": [round(low, 4), round(high, 4)]}


def summarize(results: list[dict[str, Any]], options: dict[str, Any]) -> ArenaResult:
    """Win rates, crosstable and ratings from the games' results (in schedule order)."""
    names = list(dict.fromkeys(spec for r in results for spec in r["seats"]))
    games = {n: 0 for n in names}
    wins = {n: 0 for n in names}
    think = {n: 0.0 for n in names}
    decisions = {n: 0 for n in names}
    pair_games: dict[tuple[str, str], int] = {}
    pair_wins: dict[tuple[str, str], int] = {}
    beats: dict[tuple[str, str], float] = {}
    for r in results:
        present = list(dict.fromkeys(r["seats"]))
        for n in present:
            games[n] += 1
        for seat, n in enumerate(r["seats"]):
            think[n] += r["think_seconds"][seat]
            decisions[n] += r["decisions"][seat]
        if r["winner"] is not None:
            wins[r["winner"]] += 1
        for a in present:
            for b in present:
                if a != b:
                    pair_games[a, b] = pair_games.get((a, b), 0) + 1
                    pair_wins[a, b] = pair_wins.get((a, b), 0) + (r["winner"] == a)
                    credit = 1.0 if r["winner"] == a else 0.5 if r["winner"] not in (a, b) else 0.0
                    beats[a, b] = beats.get((a, b), 0.0) + credit
    rating = ratings(beats, names)
    bots = {}
    for n in names:
        bots[n] = _cell(wins[n], games[n]) | {
            "rating": rating[n], "seconds_per_decision": round(think[n] / decisions[n], 5) if decisions[n] else 0.0}
    crosstable = {a: {b: _cell(pair_wins[a, b], pair_games[a, b]) for b in names if (a, b) in pair_games}
                  for a in names}
    turns = [r["turns"] for r in results]
    return ArenaResult(options, len(results), bots, crosstable, round(sum(turns) / max(len(turns), 1), 2),
                       sum(r["turn_limit"] for r in results), results=results)


ENGLISH = get_translator("en")


class Progress:
    """A progress line with games (or matches) done, speed and ETA: redrawn on a terminal, every 10% otherwise."""

    def __init__(self, total: int, stream: TextIO | None = None, unit: str = "games", words: Translator = ENGLISH) -> None:
        self.total, self.done, self.start, self.unit = total, 0, time.perf_counter(), unit
        self.stream, self.words = stream, words
        self._next_line = 0.0

    def step(self) -> None:
        self.done += 1
        if self.stream is None:
            return
        elapsed = time.perf_counter() - self.start
        eta = elapsed / self.done * (self.total - self.done)
        width = 30
        filled = width * self.done // self.total
        say = self.words.gettext
        pace = say("report.pace", rate=f"{self.done / elapsed:.1f}") if self.done >= elapsed \
            else say("report.pace-each", seconds=f"{elapsed / self.done:.1f}")   # slow matches: not 0.0/s
        text = f"[{'#' * filled}{'.' * (width - filled)}] " + say(
            "report.progress", done=self.done, total=self.total, unit=say(f"report.{self.unit}"), pace=pace,
            eta=_clock(eta))
        if self.stream.isatty():
            self.stream.write("\r" + text + ("\n" if self.done == self.total else ""))
        elif self.done / self.total >= self._next_line or self.done == self.total:
            self.stream.write(text + "\n")
            self._next_line += 0.1
        self.stream.flush()


def _clock(seconds: float) -> str:
    s = int(seconds + 0.5)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


def run_arena(bots: list[str], players: int = 2, games: int = 100, seed: int = 0, edition: str = "base",
              rules: Rules | None = None, jobs: int = 1, records: bool = False, explain: int = 0,
              progress: TextIO | None = None, ray: str | None = None) -> ArenaResult:
    """Play the schedule (over ``jobs`` processes, or as Ray tasks on the cluster ``ray`` names:
    see :mod:`monopoly_deal.parallel`) and summarize it. Bot specs are checked first: a bad one
    raises :class:`~monopoly_deal.bots.BotSpecError` before any game starts. ``explain``: each
    game's result keeps the ``explain`` best alternatives of every real choice of a bot that can explain."""
    from ..bots import make_bot

    for spec in bots:
        make_bot(spec, seed=0)
    rules = rules if rules is not None else Rules()
    matches = schedule(bots, players, games, seed)
    task = partial(play, players=players, edition=edition, rules=rules, keep_record=records, explain=explain)
    bar = Progress(len(matches), progress)
    start = time.perf_counter()
    results = []
    stopped = False
    try:
        for r in run_all(task, matches, jobs, ray):
            results.append(r)
            bar.step()
    except KeyboardInterrupt:      # Ctrl+C: the games played so far are the result
        stopped = True
    results.sort(key=lambda r: r["index"])
    options = {"bots": list(bots), "players": players, "games": len(results) if stopped else len(matches),
               "seed": seed, "edition": edition, "rules": rules.to_dict(),
               **({"stopped_after": f"{len(results)} of {len(matches)} games"} if stopped else {})}
    result = summarize(results, options)
    result.seconds = time.perf_counter() - start
    result.stopped = stopped
    return result
