"""Where the server's bots think: worker processes for searching bots, shared fairly between rooms.

A searching bot (``ismcts``) may think for its whole budget; a quick one
(``heuristic``, ``random``) for milliseconds. So the two never queue together:
quick decisions have a thread of their own, and searching decisions go to a
fixed number of worker processes that run at a lower priority than the server
(``nice``), so a search never takes the processor, nor Python's interpreter
lock, from the event loop that serves every other room. A room asks for one
decision at a time and waits for it before asking again, so the queue holds at
most one decision per room and serves rooms in the order they asked: round
robin. Each searching decision is also capped by the server's per-decision
budget (``make_bot(..., max_seconds=)``). A searching bot travels to its worker
with the game (pickled) and comes back with its state, so its random stream
goes on as it would in one process.

>>> import asyncio
>>> from monopoly_deal import Game
>>> from monopoly_deal.bots import Seat, make_bot
>>> async def demo():
...     pool = BotPool(workers=1)
...     game = Game(players=2, seed=3)
...     action, _bot = await pool.decide("room-1", make_bot("heuristic", 1), Seat(game, game.decider), searches=False)
...     pool.close()
...     return action in game.legal_actions()
>>> asyncio.run(demo())
True
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections.abc import Hashable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from ..bots import BOTS, Bot, Seat
from ..bots.registry import parse_spec
from ..engine import Action


def searches(spec: str) -> bool:
    """Whether the bot of ``spec`` thinks for a while (and so goes to the searching workers)."""
    info = BOTS.get(parse_spec(spec)[0])
    return info is not None and info.searches


#: How much lower than the server a searching worker runs (``nice`` steps): the server's event loop and its
#: quick bots always go first.
WORKER_NICENESS = 10


def _start_worker() -> None:
    os.nice(WORKER_NICENESS)


def _think(bot: Bot, seat: Seat) -> tuple[Action, Bot]:
    """In a worker process: the bot's choice, and the bot as it is after choosing."""
    return bot.choose(seat), bot


class BotPool:
    """``workers`` processes for searching bots, one thread for quick ones; one decision per room at a time."""

    def __init__(self, workers: int = 2) -> None:
        self._workers = workers
        self._searching = self._new_workers()
        self._quick = ThreadPoolExecutor(1, thread_name_prefix="mdeal-bot")
        self._asking: set[Hashable] = set()

    def _new_workers(self) -> ProcessPoolExecutor:
        # Spawned, not forked: the server has threads and an event loop that a fork would copy half-way.
        # The processes start at the first searching decision, so a server without searching bots has none.
        return ProcessPoolExecutor(self._workers, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_start_worker)

    async def decide(self, room: Hashable, bot: Bot, seat: Seat, searches: bool) -> tuple[Action, Bot]:
        """``bot``'s choice for ``seat``, and the bot after choosing (a searching bot comes back from
        its worker as a new object); a room asks again only once answered."""
        if room in self._asking:
            raise RuntimeError(f"room {room!r} already has a bot decision in the queue")
        self._asking.add(room)
        loop = asyncio.get_running_loop()
        try:
            if not searches:
                return await loop.run_in_executor(self._quick, bot.choose, seat), bot
            try:
                return await loop.run_in_executor(self._searching, _think, bot, seat)
            except BrokenProcessPool:   # a worker died (killed, out of memory): new workers, one more try
                self._searching = self._new_workers()
                return await loop.run_in_executor(self._searching, _think, bot, seat)
        finally:
            self._asking.discard(room)

    def close(self) -> None:
        """Drop the queued decisions (their games resume from the database when the server starts again)."""
        for lane in (self._searching, self._quick):
            lane.shutdown(wait=False, cancel_futures=True)
