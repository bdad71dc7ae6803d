"""``mdeal tournament`` on the terminal: each match's dice and result as it ends, live
standings and a progress bar with ETA; off a terminal, plain lines (progress every 10%)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from rich.console import Console, Group
from rich.live import Live
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from ..arena.report import Progress as LineProgress
from ..i18n import Translator
from .match import MatchRecord
from .options import TournamentOptions
from .report import ENGLISH, limit_words, match_line, standings_table, team_cell
from .run import Stopped, run_tournament
from .standings import standings
from .state import Tournament

__all__ = ["Show"]

class Show:
    """Runs a tournament and shows it on ``sys.stdout`` (the progress off a terminal on ``sys.stderr``), in
    ``words``' language."""

    def __init__(self, options: TournamentOptions, words: Translator = ENGLISH) -> None:
        self.options, self.words = options, words
        self.console = Console(soft_wrap=True, highlight=False)

    def run(self, jobs: int = 1, ray: str | None = None, played: Sequence[MatchRecord] = ()) -> Tournament:
        """Play the matches not ``played`` yet; the standings at the end (also when stopped: :class:`Stopped`)."""
        try:
            tournament = self._run(jobs, ray, played)
        except Stopped as stop:
            print()
            print(standings_table(stop.tournament, self.words))
            raise
        print()
        print(standings_table(tournament, self.words))
        return tournament

    def _run(self, jobs: int, ray: str | None, played: Sequence[MatchRecord]) -> Tournament:
        o, say = self.options, self.words.gettext
        print(say("report.starting", teams=len(o.teams), matches=o.matches, edition=say(f"report.{o.edition}"),
                  limit=limit_words(o.limit, self.words), seed=o.seed), flush=True)
        for match in played:
            print(match_line(o, match, self.words), flush=True)
        if self.console.is_terminal:
            return self._live(jobs, ray, played)
        bar = LineProgress(o.matches - len(played), sys.stderr, unit="matches", words=self.words)

        seen: set[int] = set()

        def show(match: MatchRecord, done: list[MatchRecord]) -> None:
            print(match_line(o, match, self.words), flush=True)
            if match.index not in seen:     # a match played again (R10.5) is shown again, counted once
                seen.add(match.index)
                bar.step()

        return run_tournament(o, jobs, ray, show, played)

    def _live(self, jobs: int, ray: str | None, played: Sequence[MatchRecord]) -> Tournament:
        o = self.options
        say = self.words.gettext
        progress = Progress(TextColumn(say("report.matches")), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                            TextColumn(say("report.eta")), TimeRemainingColumn(), console=self.console)
        task = progress.add_task("matches", total=o.matches, completed=len(played))
        with Live(self._view(progress, list(played)), console=self.console, transient=True,
                  refresh_per_second=4) as live:
            def show(match: MatchRecord, done: list[MatchRecord]) -> None:
                live.console.print(Text(match_line(o, match, self.words)))
                progress.update(task, completed=len(done))   # a match played again (R10.5) counts once
                live.update(self._view(progress, done))

            return run_tournament(o, jobs, ray, show, played)

    def _view(self, progress: Progress, done: list[MatchRecord]) -> Group:
        say = self.words.gettext
        columns = [c.strip() for c in say("report.standings-head").strip("| ").split("|")]
        table = Table(*columns, title=say("report.standings-after", done=len(done), matches=self.options.matches))
        for s in standings(self.options, done):
            bot = self.words.bot_name(s.bot) if s.bot else say("report.people")
            table.add_row(*(str(v) for v in (s.rank, team_cell(s, self.words), bot, s.points, s.wins, s.sets, s.limit, s.roll_offs,
                                              s.forfeits)))
        return Group(table, progress)
