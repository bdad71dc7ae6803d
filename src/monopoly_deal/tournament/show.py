"""``mdeal tournament`` on the terminal: each match's dice and result as it ends, live
standings and a progress bar with ETA; off a terminal, plain lines (progress every 10%)."""

from __future__ import annotations

import sys

from rich.console import Console, Group
from rich.live import Live
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from ..arena.report import Progress as LineProgress
from .match import MatchRecord
from .options import TournamentOptions
from .report import match_line, standings_table
from .run import run_tournament
from .standings import standings
from .state import Tournament

__all__ = ["Show"]

COLUMNS = ("rank", "team", "bot", "points", "wins", "by sets", "at the limit", "roll-offs", "forfeits")


class Show:
    """Runs a tournament and shows it on ``sys.stdout`` (the progress off a terminal on ``sys.stderr``)."""

    def __init__(self, options: TournamentOptions) -> None:
        self.options = options
        self.console = Console(soft_wrap=True, highlight=False)

    def run(self, jobs: int = 1, ray: str | None = None) -> Tournament:
        o = self.options
        print(f"{len(o.teams)} teams, {o.matches} matches, {o.edition} edition, limit {o.limit.describe()} a match, "
              f"seed {o.seed}", flush=True)
        if self.console.is_terminal:
            tournament = self._live(jobs, ray)
        else:
            bar = LineProgress(o.matches, sys.stderr, unit="matches")

            def show(match: MatchRecord, done: list[MatchRecord]) -> None:
                print(match_line(o, match), flush=True)
                bar.step()

            tournament = run_tournament(o, jobs, ray, show)
        print()
        print(standings_table(tournament))
        return tournament

    def _live(self, jobs: int, ray: str | None) -> Tournament:
        o = self.options
        progress = Progress(TextColumn("matches"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                            TextColumn("ETA"), TimeRemainingColumn(), console=self.console)
        task = progress.add_task("matches", total=o.matches)
        with Live(self._view(progress, []), console=self.console, transient=True, refresh_per_second=4) as live:
            def show(match: MatchRecord, done: list[MatchRecord]) -> None:
                live.console.print(Text(match_line(o, match)))
                progress.advance(task)
                live.update(self._view(progress, done))

            return run_tournament(o, jobs, ray, show)

    def _view(self, progress: Progress, done: list[MatchRecord]) -> Group:
        table = Table(*COLUMNS, title=f"standings after {len(done)} of {self.options.matches} matches")
        for s in standings(self.options, done):
            table.add_row(*(str(v) for v in (s.rank, s.name, s.bot or "people", s.points, s.wins, s.sets, s.limit,
                                              s.roll_offs, s.forfeits)))
        return Group(table, progress)
