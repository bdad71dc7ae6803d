"""Playing every match of a tournament: in one process, over processes, or as Ray tasks.

Every match's dice, deal and bots follow from the tournament's seed and the
match's index, so ``jobs`` and ``ray`` change how fast, never what:

>>> from monopoly_deal.tournament import Team, TournamentOptions
>>> options = TournamentOptions((Team("A", "random"), Team("B", "random")), matches=4, seed=3)
>>> run_tournament(options).to_dict() == run_tournament(options, jobs=2).to_dict()
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from ..parallel import run_all
from .match import MatchRecord, play_match
from .options import TournamentOptions
from .state import Tournament

__all__ = ["run_tournament"]


class Stopped(Exception):
    """The tournament was interrupted (Ctrl+C): ``tournament`` holds the matches played in order from the
    first (a match that ended after one still running is played again when it goes on)."""

    def __init__(self, tournament: Tournament) -> None:
        super().__init__(f"stopped after {len(tournament.matches)} of {tournament.options.matches} matches")
        self.tournament = tournament


def run_tournament(options: TournamentOptions, jobs: int = 1, ray: str | None = None,
                   on_match: Callable[[MatchRecord, list[MatchRecord]], None] | None = None,
                   played: Sequence[MatchRecord] = ()) -> Tournament:
    """Bots play every match after ``played`` (the matches of a tournament going on). ``on_match(match, done)``
    is called as each one ends (in the order they end, which with ``jobs`` or ``ray`` is not the index order)
    with every match done so far, for a live display; the tournament returned has them in index order.
    Interrupted, it raises :class:`Stopped` with what can be kept."""
    done: list[MatchRecord] = list(played)
    try:
        for match in run_all(partial(play_match, options), range(len(played), options.matches), jobs, ray):
            done.append(match)
            if on_match is not None:
                on_match(match, done)
    except KeyboardInterrupt:
        kept = Tournament(options)
        for match in sorted(done, key=lambda m: m.index):
            if match.index != len(kept.matches):
                break
            kept.add(match)
        raise Stopped(kept) from None
    return Tournament(options, sorted(done, key=lambda m: m.index))
