"""Points and ranking (R10.4): 1 point a win, ranks shared on equal points, the next rank left out.

>>> shared_ranks([10, 7, 7, 3])
[1, 2, 2, 4]
>>> shared_ranks([5, 5, 5, 5]), shared_ranks([4, 4, 1, 1])
([1, 1, 1, 1], [1, 1, 3, 3])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from .match import MatchRecord
from .options import TournamentOptions

__all__ = ["TeamStanding", "disqualified", "points_by_match", "shared_ranks", "standings"]


def shared_ranks(points: Sequence[int]) -> list[int]:
    """Each team's rank: one more than the number of teams with more points."""
    return [1 + sum(other > mine for other in points) for mine in points]


@dataclass(frozen=True)
class TeamStanding:
    """A team's line in the standings: ``points`` and ``rank`` (R10.4); ``wins`` the matches that
    scored (by ``sets``, at the ``limit`` by asset value, ``roll_offs`` of those by a tie's dice);
    ``forfeits`` the matches lost to the clock, left or sat out (R10.5); ``matches`` played;
    ``disqualified``: the match (0-based) a bot team was disqualified in (R10.5), else ``None``."""

    name: str
    bot: str | None
    points: int
    rank: int
    wins: int
    sets: int
    limit: int
    roll_offs: int
    forfeits: int
    matches: int
    disqualified: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def standings(options: TournamentOptions, matches: Sequence[MatchRecord]) -> list[TeamStanding]:
    """The standings after ``matches``, best first (teams that share a rank in the order given)."""
    n = len(options.teams)
    won = [[m for m in matches if m.points(n)[team]] for team in range(n)]
    points = [len(w) for w in won]
    ranks = shared_ranks(points)
    out = disqualified(options, matches)
    table = [TeamStanding(t.name, t.bot, points[i], ranks[i], len(won[i]), sum(m.how == "sets" for m in won[i]),
                          sum(m.how != "sets" for m in won[i]), sum(m.how == "roll-off" for m in won[i]),
                          sum(i in m.forfeits for m in matches), len(matches), out.get(i))
             for i, t in enumerate(options.teams)]
    return sorted(table, key=lambda s: s.rank)


def disqualified(options: TournamentOptions, matches: Sequence[MatchRecord]) -> dict[int, int]:
    """Each bot team disqualified by a second time-out (R10.5, ``stalling="tournament"``): the match it was in."""
    out: dict[int, int] = {}
    if options.stalling == "tournament":
        for m in matches:
            for team in m.stalled:
                if options.teams[team].bot is not None:
                    out.setdefault(team, m.index)
    return out


def points_by_match(options: TournamentOptions, matches: Sequence[MatchRecord]) -> list[list[int]]:
    """Each team's points after each match: ``[team][k]`` is the total after the first ``k + 1``."""
    totals = [0] * len(options.teams)
    history: list[list[int]] = [[] for _ in options.teams]
    for m in matches:
        for team, p in enumerate(m.points(len(options.teams))):
            totals[team] += p
            history[team].append(totals[team])
    return history
