"""Bot plug-ins: packages above this one that add bots to the registry when they are imported.

The registry (:mod:`monopoly_deal.bots.registry`) holds this package's own bots from the start. A package
that builds on the bots and brings more of them registers those with
:func:`~monopoly_deal.bots.registry.register` in its own ``__init__``: ``monopoly_deal.rl`` adds ``policy``
(a trained policy; torch) and ``openspiel-ismcts`` (OpenSpiel's ISMCTS). This package names them only here,
as text, and imports them only when the whole list is wanted or a name is not yet known, so it never
depends on a package above it (docs/architecture.md) and a front end that needs every bot (the command
line's list, the arena, the server's ``/api/bots``) has nothing to import for it.

A plug-in's ``__init__`` must stay cheap and import no optional extra: its bots load what they need when
one is made, and a bot whose extra is missing registers its one line instead
(:func:`~monopoly_deal.bots.registry.register_missing`).

>>> from monopoly_deal.bots import BOTS
>>> list(BOTS)[:3], "openspiel-ismcts" in BOTS
(['random', 'heuristic', 'ismcts'], True)
"""

from __future__ import annotations

import importlib

#: The modules that register bots when imported, in the order their bots are listed.
PLUGINS: tuple[str, ...] = ("monopoly_deal.rl",)


def load() -> None:
    """Import every plug-in (each registers its bots on its first import; a second does nothing)."""
    for name in PLUGINS:
        importlib.import_module(name)
