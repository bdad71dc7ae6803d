"""The arena: bots play many games on duplicate deals; win rates with intervals, ratings, plots.

>>> from monopoly_deal.arena import run_arena
>>> result = run_arena(["heuristic", "random"], players=2, games=4, seed=1)
>>> result.games, sorted(result.bots)
(4, ['heuristic', 'random'])
>>> result.bots["heuristic"]["wins"] + result.bots["random"]["wins"] + result.turn_limit
4

Results depend only on the bots, the seed and the options: never on ``jobs``
(bots with a time budget excepted, as their search depends on the machine).
"""

from __future__ import annotations

from .play import Match, deals_for, lineups, play, schedule
from .report import ArenaResult, run_arena, summarize

__all__ = ["ArenaResult", "Match", "deals_for", "lineups", "play", "run_arena", "schedule", "summarize"]
