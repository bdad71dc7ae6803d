"""What one server holds, and what one client may take of it: :class:`LobbyLimits`, read by the lobby, its rooms,
their connections and the bots, and set with ``mdeal serve --limit NAME=VALUE``."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any


@dataclass(frozen=True)
class LobbyLimits:
    """What one server holds, and what one client (one IP address) may take of it; times in seconds.

    A client is its address, so a household or a school behind one address shares one quota: the defaults
    are far above what a few people use and far below what would lock others out.
    """

    max_rooms: int = 200
    room_reserve: int = 20        # the last rooms under max_rooms go only to clients holding no room
    rooms_per_client: int = 10    # open or playing rooms one client created
    seats_per_client: int = 30    # seats one client holds in open or playing rooms
    max_connections: int = 1000   # spectators' sockets, every room together; seated players are always let in
    spectators_per_room: int = 100
    spectators_per_client: int = 20
    sockets_per_seat: int = 3     # one more for the same seat closes the oldest (a stale tab)
    idle_room: float = 600.0      # an open or finished room with no person connected for this long closes
    idle_game: float = 86400.0    # a game with no person connected and no move for this long closes
    keep_records: float = 7 * 86400.0  # a closed room's finished games stay downloadable this long
    sweep_every: float = 60.0     # how often idle rooms are closed and old data removed
    outage_check: float = 1.0     # while the database cannot be written, how often it is asked again
    # Hints one client may ask for at once, and again each second after: a hint is the strongest bot's
    # search in the shared bot workers, so one client asking without pause would slow every room's bots.
    hint_burst: int = 3
    hints_per_second: float = 0.2
    bot_delay: float = 0.6        # seconds a bot waits before acting, so people can follow
    bot_workers: int = 2          # processes for searching bots, shared round robin by every room (botpool.py)
    bot_seconds: float = 2.0      # the most one decision of a searching bot may take, whatever its options
    # A bot's answer to an action card (Just Say No or accept) is sent this long after it was asked, however
    # long it thought: a quick answer must not tell the table it holds no Just Say No (searching bots wait
    # ``bot_seconds`` more, the most they may think).
    bot_answer: float = 0.3
    allow_seed: bool = False      # let a room choose its seed (tests): whoever knows the seed knows every card
    # Per connection: far above what a person clicks, and above a program playing as fast as its round
    # trips allow. Beyond the rate messages are refused; after ``cut_off`` refusals the connection is closed.
    messages_per_second: float = 100.0
    message_burst: float = 200.0
    cut_off: int = 100

    def changed(self, settings: list[str]) -> LobbyLimits:
        """These limits with ``NAME=VALUE`` settings (``mdeal serve --limit``); ``ValueError`` names a bad one.

        >>> LobbyLimits().changed(["rooms_per_client=50", "idle_room=120"]).rooms_per_client
        50
        >>> LobbyLimits().changed(["rooms=5"])
        Traceback (most recent call last):
        ...
        ValueError: unknown limit 'rooms'; known: max_rooms, room_reserve, rooms_per_client, ...
        """
        kinds = {f.name: f.type for f in fields(self) if f.type in ("int", "float")}
        values: dict[str, Any] = {}
        for setting in settings:
            name, _, text = setting.partition("=")
            if name not in kinds:
                known = ", ".join(kinds)
                raise ValueError(f"unknown limit {name!r}; known: {known}")
            try:
                value = int(text) if kinds[name] == "int" else float(text)
            except ValueError:
                raise ValueError(f"limit {name} needs a number, not {text!r}") from None
            if not 0 <= value < float("inf"):
                raise ValueError(f"limit {name} needs a number from 0, not {text!r}")
            values[name] = value
        return replace(self, **values)
