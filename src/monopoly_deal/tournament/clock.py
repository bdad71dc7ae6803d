"""No stalling (R10.5): the turn clock's warnings and forfeits, kept as part of a match.

A player whose time runs out is warned and a safe move is made for them; the
second time they forfeit the match: their team scores 0 for it whatever happens
after, and a stand-in (:data:`STAND_IN`, a bot) plays the seat to the end, so
the others' match goes on. Under the tournament's default (``stalling="tournament"``,
S1-14) the player is also disqualified from the rest of the tournament
(:meth:`~monopoly_deal.tournament.Tournament.disqualified`). Each time-out is kept
with the index of the action it happened before, so a tournament file replays it:

>>> timeouts: list[TimeOut] = []
>>> time_out(timeouts, seat=2, action=40), time_out(timeouts, seat=2, action=95)
('warning', 'forfeit')
>>> forfeited(timeouts)
{2}
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..bots import BOTS
from ..engine import Action, Game

__all__ = ["STAND_IN", "TIME_OUTS_TO_FORFEIT", "TimeOut", "forfeited", "safe_move", "time_out", "verdict"]

#: The bot that plays a seat after its player forfeits (R10.5), or leaves a room.
STAND_IN = "heuristic" if "heuristic" in BOTS else "random"
#: The time-out that forfeits: the first is a warning (S1-14: 初則給予警告，再犯即喪失比賽資格).
TIME_OUTS_TO_FORFEIT = 2


@dataclass(frozen=True)
class TimeOut:
    """``seat`` ran out of time when the match had ``action`` actions (the decision it owed was the next)."""

    seat: int
    action: int


def safe_move(game: Game) -> Action:
    """The choice made for a player whose time ran out: end the turn, accept, or the first option."""
    legal = game.legal_actions()
    for notation in ("end", "accept", "place bank"):
        for action in legal:
            if str(action) == notation:
                return action
    return legal[0]


def time_out(timeouts: list[TimeOut], seat: int, action: int) -> str:
    """Record that ``seat`` ran out of time before action number ``action``; ``"warning"`` the
    first time (the caller makes :func:`safe_move` for them), ``"forfeit"`` the second (a
    :data:`STAND_IN` plays the seat from now on)."""
    timeouts.append(TimeOut(seat, action))
    return verdict(sum(t.seat == seat for t in timeouts))


def verdict(count: int) -> str:
    """What a player's ``count``-th time-out means: ``"warning"``, or ``"forfeit"`` from the second on.
    Every clock asks this, the server's rooms as the tournament library."""
    return "forfeit" if count >= TIME_OUTS_TO_FORFEIT else "warning"


def forfeited(timeouts: list[TimeOut]) -> set[int]:
    """The seats whose time-outs forfeited the match."""
    counts = Counter(t.seat for t in timeouts)
    return {seat for seat, count in counts.items() if verdict(count) == "forfeit"}
