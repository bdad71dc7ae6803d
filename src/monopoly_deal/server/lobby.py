"""The lobby: every room of this server, the limits on what one server holds and one client may take of it,
and the sweeper that closes idle rooms.

>>> import asyncio
>>> from monopoly_deal.server.persistence import Store
>>> from monopoly_deal.server.protocol import RoomOptions
>>> async def demo():
...     lobby = Lobby(await Store.open("sqlite+aiosqlite://"), LobbyLimits(rooms_per_client=1))
...     await lobby.create(RoomOptions(players=2), client="ann")
...     try:
...         await lobby.create(RoomOptions(players=2), client="ann")
...     except RoomError as error:
...         return len(lobby.rooms), error.code
>>> asyncio.run(demo())
(1, 'too-many-rooms')
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Any

from pydantic import ValidationError

from ..bots import BOTS
from ..lessons import Lesson
from .botpool import BotPool
from .connections import Audience, Connection
from .errors import RoomError
from .http import AddressBudget
from .limits import LobbyLimits
from .persistence import Store
from .protocol import Lang, RoomOptions, _first_problem
from .rooms import Room

log = logging.getLogger("monopoly_deal.server")

#: The bot a lesson seats (lessons/): its script makes its moves, the bot only names the seat.
LESSON_BOT = "heuristic" if "heuristic" in BOTS else "random"


class Lobby:
    """Every room of this server, with the caps on rooms and connections, each client's share of them,
    and the sweeper that closes idle rooms and removes old data."""

    def __init__(self, store: Store, limits: LobbyLimits | None = None) -> None:
        self.store = store
        self.limits = limits or LobbyLimits()
        self.rooms: dict[str, Room] = {}
        self._owned: dict[str, set[Room]] = {}   # each client's rooms, so a quota check reads only them
        self.connections = 0
        self.spectators = 0
        self._spectators_of: dict[str | None, int] = {}
        self._started = time.time()
        self._sweeper: asyncio.Task[None] | None = None
        self.bot_pool = BotPool(self.limits.bot_workers)
        self.hint_budget = AddressBudget(self.limits.hint_burst, self.limits.hints_per_second)   # per client
        self.outage = False                      # a write failed: the database is not answering
        self._stalled: set[Room] = set()         # rooms whose bots or clock stopped on it
        self._recovery: asyncio.Task[None] | None = None

    # --- the database down ----------------------------------------------------

    def cannot_save(self, room: Room | None = None) -> None:
        """A write failed (``room``'s, if a room's bot or clock stopped on it): until the database answers
        again, every page says so; then every stalled room goes on by itself."""
        if room is not None:
            self._stalled.add(room)
        if not self.outage:
            self.outage = True
            log.error("the database cannot be written; games wait until it answers again")
            for live in self._live():
                live._broadcast()
        if self._recovery is None or self._recovery.done():
            self._recovery = asyncio.create_task(self._recover())

    async def _recover(self) -> None:
        while await self.store.readiness() is not None:
            await asyncio.sleep(self.limits.outage_check)
        self.outage = False
        stalled, self._stalled = self._stalled, set()
        log.warning("the database answers again; %d stalled room(s) go on", len(stalled))
        for room in self._live():
            if room in stalled:
                room.after_outage()
            else:
                room._broadcast()

    # --- quotas -------------------------------------------------------------

    def _live(self) -> list[Room]:
        return [r for r in self.rooms.values() if r.shown_status in ("open", "playing")]

    def _add(self, room: Room) -> None:
        self.rooms[room.id] = room
        if room.owner is not None:
            self._owned.setdefault(room.owner, set()).add(room)

    def held_by(self, client: str | None) -> int:
        """The rooms open or playing that ``client`` created (a flood of refused requests costs no walk
        over every room)."""
        return sum(r.status in ("open", "playing") for r in self._owned.get(client, ())) if client is not None else 0

    async def create(self, options: RoomOptions, client: str | None = None, lesson: Lesson | None = None,
                     reserve: bool = True) -> Room:
        """A new room for ``client`` (see :func:`client_key`). Refused (503) when the server is full, and
        (429) when the client has ``rooms_per_client`` rooms open or playing; the last ``room_reserve``
        rooms go only to a client holding none, so one client's rooms never lock a new visitor out (and never
        to a room that is not a visitor's, ``reserve=False``: a tournament's match)."""
        limits = self.limits
        held = self.held_by(client)
        if held >= limits.rooms_per_client:
            raise RoomError("too-many-rooms", 429, held=held)
        shared = limits.max_rooms - min(limits.room_reserve, limits.max_rooms // 2)
        if len(self.rooms) >= shared:
            await self._make_room()
        if len(self.rooms) >= limits.max_rooms or ((held or not reserve) and len(self.rooms) >= shared):
            raise RoomError("server-full", 503, most=limits.max_rooms)
        room = Room(secrets.token_urlsafe(6), options, self, lesson)
        room.owner = client
        self._add(room)
        await room._save()
        return room

    async def start_lesson(self, lesson: Lesson, player: str, lang: Lang, client: str | None = None) -> tuple[Room, str]:
        """A lesson's room (private, no hints, no clock) for ``client``, counted against its rooms like any
        other: ``player`` seated in P1 against a bot, the game started; the room and the seat's token."""
        room = await self.create(RoomOptions(players=lesson.players, lang=lang, private=True, hints=False),
                                 client, lesson)
        token = await room.join(player, 0, room.invite, client)
        await room.add_bot(token, LESSON_BOT, 1)
        await room.start(token)
        return room, token

    def check_seat_quota(self, client: str | None) -> None:
        held = sum(s is not None and s.client == client for r in self._live() for s in r.seats)
        if client is not None and held >= self.limits.seats_per_client:
            raise RoomError("too-many-seats", 429, held=held)

    def check_spectator(self, room: Audience, client: str | None) -> None:
        """Refuse (503) a spectator beyond the caps: per room, per client, and every room together."""
        limits = self.limits
        if sum(c.viewer is None for c in room.connections) >= limits.spectators_per_room:
            raise RoomError("room-watched", 503, most=limits.spectators_per_room)
        if self._spectators_of.get(client, 0) >= limits.spectators_per_client:
            raise RoomError("watching-enough", 503, most=limits.spectators_per_client)
        if self.spectators >= limits.max_connections:
            raise RoomError("server-watched", 503, most=limits.max_connections)

    def count(self, conn: Connection, step: int) -> None:
        self.connections += step
        if conn.viewer is None:
            self.spectators += step
            self._spectators_of[conn.client] = self._spectators_of.get(conn.client, 0) + step
            if not self._spectators_of[conn.client]:
                del self._spectators_of[conn.client]

    # --- closing rooms, removing data ----------------------------------------

    async def _make_room(self) -> None:
        """Near the cap: close finished rooms nobody watches and open rooms nobody sits in."""
        for room in list(self.rooms.values()):
            if not room.connections and (room.status == "finished" or room.status == "open" and not room._people()):
                await self.close_room(room)

    async def close_room(self, room: Room) -> None:
        """Close ``room``: its unfinished game is deleted; its finished games stay downloadable for
        ``keep_records`` seconds (then :meth:`sweep` removes them), or it goes at once if it has none."""
        async with room.lock:               # not while a bot's move is being stored
            room.stop()
            room.status = "closed"
        for conn in list(room.connections):
            room.disconnect(conn)
            conn.close(4404, "this room has closed")
        self.rooms.pop(room.id, None)
        owner = room.owner
        if owner is not None and owner in self._owned:
            self._owned[owner].discard(room)
            if not self._owned[owner]:
                del self._owned[owner]
        if await room.store.drop_room(room.id, keep_finished=True):
            await room.store.save_room(room.id, {**room.data(), "closed_at": time.time()})

    async def sweep(self, now: float | None = None) -> None:
        """Close idle rooms (``idle_room``, ``idle_game``), then remove closed rooms older than ``keep_records``."""
        now = time.time() if now is None else now
        limits = self.limits
        for room in list(self.rooms.values()):
            idle = now - room.active_at
            if room.people_connected():
                continue
            if (room.status in ("open", "finished") and idle > limits.idle_room) or idle > limits.idle_game:
                log.info("room %s: closed after %.0f s with nobody connected", room.id, idle, extra={"room": room.id})
                await self.close_room(room)
        for room_id, data in await self.store.rooms(closed=True):
            if now - data.get("closed_at", self._started) > limits.keep_records:
                await self.store.drop_room(room_id)

    def start_sweeping(self) -> None:
        async def sweeper() -> None:
            while True:
                await asyncio.sleep(self.limits.sweep_every)
                try:
                    await self.sweep()
                except Exception:   # a failed sweep is retried next time; it must not stop the server
                    log.exception("sweeping idle rooms failed")

        self._sweeper = asyncio.create_task(sweeper())

    # --- looking up, loading, stopping ----------------------------------------

    def get(self, room_id: str) -> Room:
        room = self.rooms.get(room_id)
        if room is None or room.status == "closed":
            raise RoomError("no-room", 404, room=room_id[:40])
        return room

    def _listed(self) -> list[tuple[dict[str, Any], bytes]]:
        """The public rooms seating players or playing (a private room is found only by its link)."""
        return [r.listed() for r in self._live() if not r.options.private]

    def listing(self) -> list[dict[str, Any]]:
        """The lobby's list of rooms: each one's summary."""
        return [summary for summary, _ in self._listed()]

    def listing_json(self) -> bytes:
        """:meth:`listing` as JSON, joined from each room's own (made again only for rooms that changed)."""
        return b"[" + b",".join([encoded for _, encoded in self._listed()]) + b"]"

    async def resume_all(self) -> int:
        """Load every room from the database, each checked as a new one would be (a bad one is skipped
        with a log line); unfinished games continue where they stopped."""
        resumed = 0
        for room_id, data in await self.store.rooms():
            try:
                room = Room.from_data(room_id, data, self)
                stored = await self.store.game(room.game_id) if room.game_id is not None else None
                if stored is not None and room.status in ("playing", "finished"):
                    room.resume(stored)
            except (ValueError, TypeError, KeyError, AttributeError) as error:
                why = _first_problem(error) if isinstance(error, ValidationError) else f"{error!s:.200}"
                log.warning("room %s: skipped, its stored data is not valid (%s)", room_id, why,
                            extra={"room": room_id})
                continue
            self._add(room)
            resumed += room.status == "playing"
        return resumed

    async def close(self) -> None:
        """Stop every bot and clock (a stopped game resumes from the database when the server starts again)."""
        tasks = [t for room in self.rooms.values() for t in (room._timer, room._bot_task) if t is not None]
        if self._sweeper is not None:
            tasks.append(self._sweeper)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.bot_pool.close()
