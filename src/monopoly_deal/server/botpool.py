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
budget (``make_bot(..., max_seconds=)``). Nothing of the engine is pickled (a
compiled engine's objects are not picklable): a worker is sent the game's
record and the bot's spec and seed (:class:`Search`), plays the record again to
the same position, makes the bot and sends back the action's notation.

>>> import asyncio
>>> from monopoly_deal import Game
>>> from monopoly_deal.bots import Seat, make_bot
>>> async def demo():
...     pool = BotPool(workers=1)
...     game = Game(players=2, seed=3)
...     action = await pool.decide("room-1", make_bot("heuristic", 1), game, game.decider)
...     pool.close()
...     return action in game.legal_actions()
>>> asyncio.run(demo())
True
"""

from __future__ import annotations

import asyncio
import ctypes
import multiprocessing
import os
import signal
import time
from collections.abc import Hashable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from ..bots import BOTS, Bot, Seat, make_bot
from ..bots.registry import parse_spec
from ..engine import Action, Game
from ..record import rules_for, start_game
from .metrics import BOT_THINK_SECONDS


def searches(spec: str) -> bool:
    """Whether the bot of ``spec`` thinks for a while (and so goes to the searching workers)."""
    info = BOTS.get(parse_spec(spec)[0])
    return info is not None and info.searches


PR_SET_PDEATHSIG = 1   # prctl(2)

#: How much lower than the server a searching worker runs (``nice`` steps): the server's event loop and its
#: quick bots always go first.
WORKER_NICENESS = 10


def _start_worker() -> None:
    os.nice(WORKER_NICENESS)
    _end_with_the_server()


def _end_with_the_server() -> None:
    """Linux: the kernel ends this worker when the server's process ends, however it ends (SIGKILL
    included), so no search outlives the server. Elsewhere the pool's own shutdown ends it."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass


@dataclass(frozen=True)
class Search:
    """How a worker makes a searching bot: its spec, the seed of this decision, the server's time cap."""

    spec: str
    seed: int
    max_seconds: float


def _think(search: Search, record: dict[str, Any], seat: int) -> str:
    """In a worker process: the game of ``record`` played again to where it is, and the choice for ``seat``
    of the bot ``search`` makes, as notation."""
    version = record["version"]
    game = start_game(version, record["edition"], rules_for(version, record["rules"]), record["seed"],
                      record["players"], log=False)
    for text in record["actions"]:
        game.apply(text)
    return str(make_bot(search.spec, search.seed, search.max_seconds).choose(Seat(game, seat)))


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

    async def decide(self, room: Hashable, bot: Bot, game: Game, seat: int, search: Search | None = None
                     ) -> Action:
        """The choice for ``seat`` in ``game`` (a copy the room no longer changes): ``bot``'s, on the quick
        thread; or with ``search``, that bot's in a worker process. A room asks again only once answered."""
        if room in self._asking:
            raise RuntimeError(f"room {room!r} already has a bot decision in the queue")
        self._asking.add(room)
        loop = asyncio.get_running_loop()
        started = time.perf_counter()
        try:
            if search is None:
                return await loop.run_in_executor(self._quick, bot.choose, Seat(game, seat))
            record = game.record()
            try:
                text = await loop.run_in_executor(self._searching, _think, search, record, seat)
            except BrokenProcessPool:   # a worker died (killed, out of memory): new workers, one more try
                self._searching = self._new_workers()
                text = await loop.run_in_executor(self._searching, _think, search, record, seat)
            return Action.parse(text)
        finally:
            self._asking.discard(room)
            BOT_THINK_SECONDS.labels("quick" if search is None else "search").observe(time.perf_counter() - started)

    def waiting(self) -> int:
        """Decisions asked for and not yet made (one a room at most)."""
        return len(self._asking)

    def close(self) -> None:
        """Drop the queued decisions (their games resume from the database when the server starts again)."""
        for lane in (self._searching, self._quick):
            lane.shutdown(wait=False, cancel_futures=True)
