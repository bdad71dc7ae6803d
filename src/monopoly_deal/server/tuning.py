"""The server process's garbage collector, tuned for many games held in memory for hours.

CPython frees most objects as soon as nothing refers to them; the cyclic
collector is for the rest, and its full (generation-2) collections walk every
container object the process holds, stopping the event loop meanwhile: at 500
games, up to 1.6 s (``docs/web.md``, Speed). Two things shorten and thin them
out: :func:`freeze_startup` moves everything alive after start-up (modules,
the application, resumed games) out of the collector's sight for good (about 100,000 objects, a tenth of the
heap at 500 games), and :func:`tune_gc` lets more allocations pass between
young collections, so fewer short-lived objects (messages on their way out)
are promoted to the old generation, whose growth is what triggers a full
collection. Full collections still run as CPython decides (when the old
generation has grown by a quarter): a finished game's engine objects refer to
each other, and only a full collection frees them.

>>> import gc
>>> previous = gc.get_threshold()
>>> tune_gc(); gc.get_threshold()[0] >= 10_000
True
>>> gc.set_threshold(*previous)
"""

from __future__ import annotations

import gc

#: Allocations between young collections (CPython's default is 700), and how many young (then middle)
#: collections come before an older one may run (CPython's defaults).
THRESHOLDS = (10_000, 10, 10)


def tune_gc() -> None:
    """Collect young objects less often, so that fewer live long enough to be promoted."""
    gc.set_threshold(*THRESHOLDS)


def freeze_startup() -> None:
    """Collect once, then keep what survived start-up (and the resumed games) out of every later
    collection: ``gc.freeze()``. Called once the server is ready."""
    gc.collect()
    gc.freeze()
