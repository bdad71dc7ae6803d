"""What the room of a tournament's match tells its tournament (:mod:`.tournaments`): time-outs and leaves, to
be stored with the move that follows them in one transaction, and the game's end."""

from __future__ import annotations

from typing import Protocol

from .persistence import Row


class MatchHook(Protocol):
    """What a tournament (server/tournaments.py) hears from the room of one of its matches."""

    def timed_out(self, seat: int, action: int) -> Row:
        """``seat`` ran out of time before action number ``action`` (R10.5): noted, and the tournament's row to
        store with what follows (the safe move, or the seat given to a stand-in) in one transaction."""

    def forget_time_out(self) -> None:
        """The last time-out was not stored after all (the database failed): as if it had not happened."""

    def left(self, seat: int, action: int) -> Row:
        """``seat``'s person left the match before action number ``action``: it forfeits (R10.5); the
        tournament's row to store with the seat given to a stand-in, in one transaction."""

    def forget_left(self) -> None:
        """The last leave was not stored after all: as if it had not happened."""

    def game_over(self) -> None:
        """The game ended by its rules (sets, or the engine's turn limit); called with the room's lock held."""
