"""Play in the browser: ``mdeal serve`` — rooms, friends online, bots, spectators, games that survive restarts.

The server is authoritative: the engine decides everything, and a page only
sends the actions it chose from the legal ones it was sent. See docs/web.md.

The names below load on first use, so a module of the package imported alone
(a searching bot's worker process imports :mod:`.botpool`) does not bring in
the web framework.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import create_app, serve
    from .errors import RoomError
    from .limits import LobbyLimits
    from .lobby import Lobby
    from .rooms import Room

__all__ = ["Lobby", "LobbyLimits", "Room", "RoomError", "create_app", "serve"]

_HOMES = {"create_app": ".app", "serve": ".app", "RoomError": ".errors", "Lobby": ".lobby",
          "LobbyLimits": ".limits", "Room": ".rooms"}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_HOMES[name], __name__), name)
