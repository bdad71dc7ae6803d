"""The server process's garbage collector, tuned for many games held in memory for hours.

CPython frees most objects as soon as nothing refers to them; the cyclic
collector is for the rest, and its full (generation-2) collections walk every
container object the process holds, stopping the event loop meanwhile: at 500
games, up to 1.6 s, more as games pile up (``docs/web.md``, Speed). So:

- :func:`tune_gc` turns the automatic collections off: at 500 games each
  young collection walked 10,000 objects for 10-60 ms and each middle one
  100,000 for 30-170 ms, and almost all of them freed nothing (the games'
  objects are freed by reference counting); they set the people's p99;
- :func:`keep_frozen` (started once the server is ready, resumed games
  included) does the collector's work in small steps instead: every
  ``COLLECT_EVERY`` seconds it collects what was made since the last step and
  is still alive (``gc.collect(0)``, a few milliseconds), and then moves it
  out of the collector's sight (``gc.freeze()``), so no step walks more than
  a tenth of a second's survivors and none walks an object twice. Frozen
  objects are still freed the moment nothing refers to them; only garbage in
  reference cycles that formed after its objects were frozen waits, until the
  thaw every ``THAW_EVERY`` seconds gives everything back to one full
  collection. The game's own objects make no cycles (a room, its game and its
  narrators go by reference counting: tests/server/test_performance.py); the
  cycles that wait are uvicorn's and FastAPI's, a few dozen objects for each
  HTTP connection (its protocol, request cycle, transport). One long pause
  every quarter of an hour, about a microsecond for each object the server
  holds (1.0-1.6 s at 500 games with 1.0-1.1 million objects, docs/web.md),
  and the memory of a quarter of an hour's cyclic garbage at most.

>>> import gc
>>> tune_gc(); gc.isenabled()
False
>>> gc.enable()
"""

from __future__ import annotations

import asyncio
import gc
import time


def tune_gc() -> None:
    """No automatic collections: :func:`keep_frozen` collects in small steps once the server runs."""
    gc.disable()


#: Seconds between two small steps (collect the young, freeze them), and between two thaws (a full collection).
COLLECT_EVERY = 0.1
THAW_EVERY = 900.0


async def keep_frozen(collect_every: float = COLLECT_EVERY, thaw_every: float = THAW_EVERY) -> None:
    """Collect everything and freeze what is alive; then every ``collect_every`` seconds collect and freeze
    what was made since, and every ``thaw_every`` seconds unfreeze and collect everything once, freeing the
    cyclic garbage that waited. Runs until cancelled."""
    gc.collect()
    gc.freeze()
    thawed = time.monotonic()
    while True:
        await asyncio.sleep(collect_every)
        if time.monotonic() - thawed >= thaw_every:
            gc.unfreeze()
            gc.collect()
            thawed = time.monotonic()
        else:
            gc.collect(0)
        gc.freeze()
