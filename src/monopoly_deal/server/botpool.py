"""Where the server's bots think: a fixed pool of worker threads, shared fairly between rooms.

A searching bot (``ismcts``) may think for its whole budget; a quick one
(``heuristic``, ``random``) for milliseconds. So the two never queue together:
quick decisions have a lane of their own, and searching decisions go to a fixed
number of worker threads. A room asks for one decision at a time and waits for
it before asking again, so the queue holds at most one decision per room and
serves rooms in the order they asked: round robin. Eight rooms of the most
expensive bots make each other wait their turn; they never hold up another
room's heuristic bot, nor the event loop's threads (``asyncio.to_thread``'s
default pool is left to everything else). Each searching decision is also
capped by the server's per-decision budget (``make_bot(..., max_seconds=)``).

>>> import asyncio
>>> from monopoly_deal import Game
>>> from monopoly_deal.bots import Seat, make_bot
>>> async def demo():
...     pool = BotPool(workers=1)
...     game = Game(players=2, seed=3)
...     action = await pool.decide("room-1", make_bot("heuristic", 1), Seat(game, game.decider), searches=False)
...     pool.close()
...     return action in game.legal_actions()
>>> asyncio.run(demo())
True
"""

from __future__ import annotations

import asyncio
from collections.abc import Hashable
from concurrent.futures import ThreadPoolExecutor

from ..bots import BOTS, Bot, Seat
from ..bots.registry import parse_spec
from ..engine import Action


def searches(spec: str) -> bool:
    """Whether the bot of ``spec`` thinks for a while (and so goes to the searching workers)."""
    info = BOTS.get(parse_spec(spec)[0])
    return info is not None and info.searches


class BotPool:
    """``workers`` threads for searching bots, one for quick ones; one decision per room at a time."""

    def __init__(self, workers: int = 2) -> None:
        self._searching = ThreadPoolExecutor(workers, thread_name_prefix="mdeal-search")
        self._quick = ThreadPoolExecutor(1, thread_name_prefix="mdeal-bot")
        self._asking: set[Hashable] = set()

    async def decide(self, room: Hashable, bot: Bot, seat: Seat, searches: bool) -> Action:
        """``bot``'s choice for ``seat``, thought on a worker; a room asks again only once answered."""
        if room in self._asking:
            raise RuntimeError(f"room {room!r} already has a bot decision in the queue")
        self._asking.add(room)
        try:
            lane = self._searching if searches else self._quick
            return await asyncio.get_running_loop().run_in_executor(lane, bot.choose, seat)
        finally:
            self._asking.discard(room)

    def close(self) -> None:
        """Drop the queued decisions (their games resume from the database when the server starts again)."""
        for lane in (self._searching, self._quick):
            lane.shutdown(wait=False, cancel_futures=True)
