"""The server process's garbage collector, tuned for many games held in memory for hours.

CPython frees most objects as soon as nothing refers to them; the cyclic
collector is for the rest, and its full (generation-2) collections walk every
container object the process holds, stopping the event loop meanwhile: at 500
games, up to 1.6 s (``docs/web.md``, Speed). Two things shorten and thin them
out: :func:`freeze_startup` moves everything alive after start-up (modules,
the application, resumed games) out of the collector's sight for good, and
:func:`tune_gc` lets many more allocations pass between young collections, so
fewer short-lived objects are promoted to the old generation and full
collections come less often.

>>> import gc
>>> previous = gc.get_threshold()
>>> tune_gc(); gc.get_threshold()[0] >= 10_000
True
>>> gc.set_threshold(*previous)
"""

from __future__ import annotations

import gc

#: Allocations between young collections (CPython's default is 700), and how many young (then middle)
#: collections come before an older one may run.
THRESHOLDS = (50_000, 20, 100)


def tune_gc() -> None:
    """Collect young objects less often: a full collection's cost is the heap, whatever the thresholds,
    so the fewer the better."""
    gc.set_threshold(*THRESHOLDS)


def freeze_startup() -> None:
    """Collect once, then keep what survived start-up (and the resumed games) out of every later
    collection: ``gc.freeze()``. Called once the server is ready."""
    gc.collect()
    gc.freeze()
