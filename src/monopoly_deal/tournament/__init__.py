"""Tournaments (R10): teams, matches seated by dice, a limit per match, points and shared ranks.

The pieces are pure (no I/O), so the command line (bots) and the server
(people) share them; only :mod:`~monopoly_deal.tournament.report` writes files.

>>> from monopoly_deal.tournament import Team, TournamentOptions, run_tournament
>>> options = TournamentOptions(tuple(Team(n, "random") for n in "ABCD"), matches=4, seed=1)
>>> tournament = run_tournament(options)                   # jobs=2, or ray="auto", gives the same
>>> [(s.name, s.points, s.rank) for s in tournament.standings()]
[('A', 2, 1), ('B', 1, 2), ('C', 1, 2), ('D', 0, 4)]
>>> match = tournament.matches[0]
>>> match.seating.rounds, match.end, match.how, match.assets
([((0, 1, 2, 3), (6, 8, 6, 4)), ((0, 2), (11, 6))], 'turn-limit', 'assets', [57, 21, 34, 21])

The parts, each usable alone:

- :class:`TournamentOptions`, :class:`Team` — teams (a bot spec, or ``None`` for
  people), matches (default 10), edition, rules, limit, seed (R10.1).
- :class:`MatchDice`, :func:`seat_by_dice` — a match's seeded dice and its
  seating, every round kept (R10.2).
- :class:`Limit` (:data:`BOT_LIMIT`: 30 turns; :data:`PEOPLE_LIMIT`: 45 minutes),
  :func:`asset_values`, :func:`decide_at_limit` — R10.3, with the roll-off.
- :func:`time_out`, :func:`safe_move`, :data:`STAND_IN` — the turn clock's
  warning and forfeit (R10.5).
- :func:`play_match` (bots), :func:`new_match_game` and :func:`conclude` (any
  player), :class:`MatchRecord`, :func:`replay_match`.
- :func:`shared_ranks`, :func:`standings` — R10.4.
- :class:`Tournament` — options and matches; ``to_dict``/``from_dict``,
  ``dumps``/:func:`loads`, :func:`save`/:func:`load` (a file that replays
  exactly, or one clear error).
- :func:`run_tournament` — every match, over processes or Ray, same results.
"""

from .clock import STAND_IN, TimeOut, forfeited, safe_move, time_out, verdict
from .dice import MatchDice, Seating, seat_by_dice
from .limit import BOT_LIMIT, PEOPLE_LIMIT, Limit, LimitFinish, asset_values, decide_at_limit
from .match import MatchError, MatchRecord, conclude, new_match_game, play_match, replay_match
from .options import Team, TournamentOptions
from .report import load, save
from .run import run_tournament
from .standings import TeamStanding, points_by_match, shared_ranks, standings
from .state import Tournament, TournamentError, loads

__all__ = [
    "BOT_LIMIT", "PEOPLE_LIMIT", "STAND_IN", "Limit", "LimitFinish", "MatchDice", "MatchError", "MatchRecord",
    "Seating", "Team", "TeamStanding", "TimeOut", "Tournament", "TournamentError", "TournamentOptions",
    "asset_values", "conclude", "decide_at_limit", "forfeited", "load", "loads", "new_match_game",
    "play_match", "points_by_match", "replay_match", "run_tournament", "safe_move", "save", "seat_by_dice",
    "shared_ranks", "standings", "time_out", "verdict",
]
