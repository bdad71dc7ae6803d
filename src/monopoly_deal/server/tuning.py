"""The server process's garbage collector, tuned for many games held in memory for hours.

CPython frees most objects as soon as nothing refers to them; the cyclic
collector is for the rest, and its full (generation-2) collections walk every
container object the process holds, stopping the event loop meanwhile: at 500
games, up to 1.6 s, more as games pile up (``docs/web.md``, Speed). So:

- :func:`tune_gc` lets more allocations pass between young collections, so
  fewer short-lived objects (messages on their way out) are promoted to the
  old generation, whose growth is what triggers a full collection;
- :func:`keep_frozen` (started once the server is ready, resumed games
  included) moves everything alive out of the collector's sight every
  ``FREEZE_EVERY`` seconds (``gc.freeze()``), so a full collection walks only
  the objects of the last minute, not the whole heap. Frozen objects are still
  freed the moment nothing refers to them; only garbage in reference cycles (a
  finished game's engine and narrator refer to each other) waits, until the
  thaw every ``THAW_EVERY`` seconds gives everything back to one full
  collection. One long pause every quarter of an hour instead of one a minute,
  and the memory of a quarter of an hour's cyclic garbage at most.

>>> import gc
>>> previous = gc.get_threshold()
>>> tune_gc(); gc.get_threshold()[0] >= 10_000
True
>>> gc.set_threshold(*previous)
"""

from __future__ import annotations

import asyncio
import gc
import time

#: Allocations between young collections (CPython's default is 700), and how many young (then middle)
#: collections come before an older one may run (CPython's defaults).
THRESHOLDS = (10_000, 10, 10)


def tune_gc() -> None:
    """Collect young objects less often, so that fewer live long enough to be promoted."""
    gc.set_threshold(*THRESHOLDS)


#: Seconds between two freezes of everything alive, and between two thaws (a full collection of everything).
FREEZE_EVERY = 60.0
THAW_EVERY = 900.0


async def keep_frozen(freeze_every: float = FREEZE_EVERY, thaw_every: float = THAW_EVERY) -> None:
    """Freeze what is alive now and every ``freeze_every`` seconds; every ``thaw_every`` seconds, unfreeze
    and collect everything once, freeing the cyclic garbage that waited. Runs until cancelled."""
    gc.collect()
    gc.freeze()
    thawed = time.monotonic()
    while True:
        await asyncio.sleep(freeze_every)
        if time.monotonic() - thawed >= thaw_every:
            gc.unfreeze()
            gc.collect()
            thawed = time.monotonic()
        gc.freeze()
