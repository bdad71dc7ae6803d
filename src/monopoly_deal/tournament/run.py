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
    with every match done so far, for a live display, and again for a match played again because it was played
    alongside the one that disqualified a team in it (R10.5); the tournament returned has them in index order.
    Interrupted, it raises :class:`Stopped` with what can be kept."""
    done: list[MatchRecord] = list(played)
    kept = Tournament(options)
    try:
        # Every match is played without the teams disqualified before it (R10.5) as far as is known when it
        # starts; one played alongside the match that disqualified a team is played again without it.
        start, known = len(played), Tournament(options, list(played))
        task: Callable[[int], MatchRecord] = partial(_play, options, known.disqualified_before(start))
        if jobs <= 1 and ray is None:     # here, in order: each match knows every one before it
            def in_order(index: int) -> MatchRecord:
                return play_match(options, index, known.disqualified_before(index))

            task = in_order
        for match in run_all(task, range(start, options.matches), jobs, ray):
            done.append(match)
            known.matches.append(match)
            if on_match is not None:
                on_match(match, done)
        for match in sorted(done, key=lambda m: m.index):
            sit_out = kept.disqualified_before(match.index)
            if {match.seating.order[seat] for seat in match.absent} != sit_out:
                match = play_match(options, match.index, sit_out)
                done = [match if m.index == match.index else m for m in done]
                if on_match is not None:
                    on_match(match, done)
            kept.add(match)
    except KeyboardInterrupt:
        kept = Tournament(options)
        for match in sorted(done, key=lambda m: m.index):
            if match.index != len(kept.matches) \
                    or {match.seating.order[s] for s in match.absent} != kept.disqualified_before(match.index):
                break
            kept.add(match)
        raise Stopped(kept) from None
    return kept


def _play(options: TournamentOptions, disqualified: frozenset[int], index: int) -> MatchRecord:
    return play_match(options, index, disqualified)
