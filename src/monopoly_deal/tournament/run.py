"""Playing every match of a tournament: in one process, over processes, or as Ray tasks.

Every match's dice, deal and bots follow from the tournament's seed and the
match's index, so ``jobs`` and ``ray`` change how fast, never what:

>>> from monopoly_deal.tournament import Team, TournamentOptions
>>> options = TournamentOptions((Team("A", "random"), Team("B", "random")), matches=4, seed=3)
>>> run_tournament(options).to_dict() == run_tournament(options, jobs=2).to_dict()
True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ..parallel import run_all
from .match import MatchRecord, play_match
from .options import TournamentOptions
from .state import Tournament

__all__ = ["run_tournament"]


def run_tournament(options: TournamentOptions, jobs: int = 1, ray: str | None = None,
                   on_match: Callable[[MatchRecord, list[MatchRecord]], None] | None = None) -> Tournament:
    """Bots play every match. ``on_match(match, done)`` is called as each one ends (in the
    order they end, which with ``jobs`` or ``ray`` is not the index order) with every match
    done so far, for a live display; the tournament returned has them in index order."""
    done: list[MatchRecord] = []
    for match in run_all(partial(play_match, options), range(options.matches), jobs, ray):
        done.append(match)
        if on_match is not None:
            on_match(match, done)
    return Tournament(options, sorted(done, key=lambda m: m.index))
