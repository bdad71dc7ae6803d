"""Play in the browser: ``mdeal serve`` — rooms, friends online, bots, spectators, games that survive restarts.

The server is authoritative: the engine decides everything, and a page only
sends the actions it chose from the legal ones it was sent. See docs/web.md.
"""

from .app import create_app, serve
from .errors import RoomError
from .lobby import Lobby, LobbyLimits
from .rooms import Room

__all__ = ["Lobby", "LobbyLimits", "Room", "RoomError", "create_app", "serve"]
