"""The turn clock (R10.5): when the player who owes a decision runs out of time. The room drives it (its timer
task sleeps until :attr:`TurnClock.deadline`); this class only counts, so it needs no event loop.

The clock is per turn, never per move: the active player has ``clock`` seconds for the whole turn (its plays,
free re-colourings, answers to a No and the discard), paused while others answer; each out-of-turn answer
(respond, pay, place) has its own ``clock`` seconds, for all of that player's moves until the decision passes
on. A move that keeps the same player deciding never re-arms it.

>>> clock = TurnClock()
>>> clock.arm(60, turn=1, decider=0, active=0, now=0.0)       # P1's turn: 60 s for all of it
60.0
>>> clock.arm(60, turn=1, decider=0, active=0, now=20.0) is None   # P1 plays on: the clock runs on
True
>>> clock.arm(60, turn=1, decider=1, active=0, now=30.0)      # P2 answers a charge: its own 60 s
90.0
>>> clock.arm(60, turn=1, decider=0, active=0, now=45.0)      # back to P1: the 30 s its turn had left
75.0
"""

from __future__ import annotations


class TurnClock:
    """The deadline of the decision being waited for, and what the active player's turn has left while
    others answer. ``stretch`` is the (turn, decider) the running deadline belongs to."""

    def __init__(self) -> None:
        self.deadline: float | None = None
        self.stretch: tuple[int, int] | None = None
        self.turn_left = 0.0                   # the active player's time left in this turn, while others answer

    def arm(self, seconds: float, turn: int, decider: int, active: int, now: float) -> float | None:
        """``decider`` owes the decision at ``now``, in ``turn`` whose active player is ``active``, with
        ``seconds`` a turn: the new deadline, or ``None`` when the same player decides on and the clock runs on."""
        stretch = (turn, decider)
        if stretch == self.stretch and self.deadline is not None:
            return None                             # the same player decides on: the clock runs on
        if self.stretch is not None and self.deadline is not None and self.stretch == (turn, active):
            self.turn_left = max(0.0, self.deadline - now)     # the active player's turn pauses
        if self.stretch is None or self.stretch[0] != turn:
            self.turn_left = seconds                # a new turn
        self.stretch = stretch
        self.deadline = now + (self.turn_left if decider == active else seconds)
        return self.deadline

    def stop(self) -> None:
        """Nobody is waited for (a bot decides, the game is over, or there is no clock)."""
        self.deadline = None

    def timed_out(self, seconds: float) -> None:
        """The decision's time ran out: what follows a time-out has a full clock again."""
        self.stretch = None
        self.turn_left = seconds
