"""Rooms: seats, a game, bots, the turn clock and everyone watching — the server's authority.

A room holds up to ten seats (people with seat tokens, or bots), one game at a
time and the connections following it. Every action goes through
:meth:`Room.act` (people) or the room's bot driver: it is checked against
``legal_actions()``, stored in the database, applied, and only then sent out.

>>> import asyncio
>>> from monopoly_deal.server.persistence import Store
>>> from monopoly_deal.server.protocol import RoomOptions
>>> async def demo():
...     lobby = Lobby(await Store.open("sqlite+aiosqlite://"), LobbyLimits(bot_delay=0))
...     room = await lobby.create(RoomOptions(players=2))
...     token = await room.join("Ann")
...     await room.add_bot(token, "random")
...     await room.start(token)
...     return room.status, room.game.players
>>> asyncio.run(demo())
('playing', 2)
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import cached_property
from typing import Any

from ..bots import BOTS, Bot, BotSpecError, Seat, make_bot
from ..engine import Action, Game, IllegalActionError, Rules
from ..narrate import Message, Narrator
from .botpool import BotPool, searches
from .persistence import Store, StoredGame
from .protocol import RoomOptions
from .views import action_fields, lines, new_narrator, spectator_view, translator

log = logging.getLogger("monopoly_deal.server")

#: The bot that takes over a seat whose player leaves or runs out of time twice (R10.5).
STAND_IN_BOT = "heuristic" if "heuristic" in BOTS else "random"
_SEED_MASK = (1 << 63) - 1


class RoomError(ValueError):
    """A request the room refuses; ``status`` is the HTTP status that fits."""

    def __init__(self, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class LobbyLimits:
    max_rooms: int = 200
    max_connections: int = 1000
    bot_delay: float = 0.6        # seconds a bot waits before acting, so people can follow
    bot_workers: int = 2          # threads for searching bots, shared round robin by every room (botpool.py)
    bot_seconds: float = 2.0      # the most one decision of a searching bot may take, whatever its options
    allow_seed: bool = False      # let a room choose its seed (tests): whoever knows the seed knows every card
    # Per connection: far above what a person clicks, and above a program playing as fast as its round
    # trips allow. Beyond the rate messages are refused; after ``cut_off`` refusals the connection is closed.
    messages_per_second: float = 100.0
    message_burst: float = 200.0
    cut_off: int = 500


@dataclass
class SeatInfo:
    """Who sits in a seat: a person (with a token, stored as its hash) or a bot (a bot spec)."""

    name: str
    kind: str                     # "human" or "bot"
    bot: str | None = None
    token_hash: str | None = None
    timeouts: int = 0

    def public(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "bot": self.bot}


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def safe_default(game: Game) -> Action:
    """The choice made for a player whose time ran out: end the turn, accept, or the first option."""
    legal = game.legal_actions()
    for notation in ("end", "accept", "place bank"):
        for action in legal:
            if str(action) == notation:
                return action
    return legal[0]


class SharedMessage(dict[str, Any]):
    """A message sent as it is to several clients: encoded to JSON once, for all of them."""

    @cached_property
    def text(self) -> str:
        return json.dumps(self, ensure_ascii=False)


def encoded(message: dict[str, Any]) -> str:
    """A message as the JSON text a client is sent."""
    return message.text if isinstance(message, SharedMessage) else json.dumps(message, ensure_ascii=False)


class Connection:
    """One client's WebSocket, seen from a room: who it is (a seat or a spectator), its language,
    how much of the log it has had, and a bounded queue of messages to send."""

    QUEUE = 256

    def __init__(self, viewer: int | None, lang: str, close: Callable[[], None]) -> None:
        self.viewer = viewer
        self.lang = lang
        self.sent = 0                 # log messages already sent
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(self.QUEUE)
        self._close = close

    def push(self, message: dict[str, Any]) -> None:
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:     # a client that does not read: drop it rather than hold the room
            self._close()


class Room:
    def __init__(self, room_id: str, options: RoomOptions, lobby: Lobby) -> None:
        self.id = room_id
        self.options = options
        self.lobby = lobby
        self.store = lobby.store
        self.seats: list[SeatInfo | None] = [None] * options.players
        self.status = "open"          # open (seating), playing, finished, closed
        self.game: Game | None = None
        self.game_id: int | None = None
        self.games_played = 0
        self.narrators: dict[int | None, Narrator] = {}
        self.messages: dict[int | None, list[Message]] = {}
        self.bots: dict[int, Bot] = {}
        self.connections: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.deadline: float | None = None
        self._timer: asyncio.Task[None] | None = None
        self._bot_task: asyncio.Task[None] | None = None

    # --- what the room is, for the lobby and the database -------------------

    def summary(self) -> dict[str, Any]:
        o = self.options
        return {"id": self.id, "name": o.name, "status": self.status, "players": o.players, "edition": o.edition,
                "rules": Rules.from_dict(o.rules).changed(), "clock": o.clock, "lang": o.lang,
                "seats": [s.public() if s else None for s in self.seats], "game_id": self.game_id,
                "watching": len(self.connections)}

    def data(self) -> dict[str, Any]:
        return {"options": self.options.model_dump(), "status": self.status, "game_id": self.game_id,
                "games_played": self.games_played, "seats": [asdict(s) if s else None for s in self.seats]}

    @classmethod
    def from_data(cls, room_id: str, data: dict[str, Any], lobby: Lobby) -> Room:
        room = cls(room_id, RoomOptions(**data["options"]), lobby)
        room.status, room.game_id, room.games_played = data["status"], data["game_id"], data["games_played"]
        room.seats = [SeatInfo(**s) if s else None for s in data["seats"]]
        return room

    async def _save(self) -> None:
        await self.store.save_room(self.id, self.data())

    # --- seats --------------------------------------------------------------

    def seat_of(self, token: str) -> int:
        """The seat a token holds; a wrong token is refused (403)."""
        digest = _hash(token)
        for i, s in enumerate(self.seats):
            if s is not None and s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                return i
        raise RoomError("this seat token is not valid in this room", 403)

    def _free_seat(self, seat: int | None) -> int:
        if self.status != "open":
            raise RoomError("the game has started: seats are taken")
        if seat is None:
            free = [i for i, s in enumerate(self.seats) if s is None]
            if not free:
                raise RoomError("the room is full")
            return free[0]
        if not 0 <= seat < len(self.seats):
            raise RoomError(f"seat must be 0 to {len(self.seats) - 1}", 400)
        if self.seats[seat] is not None:
            raise RoomError(f"seat P{seat + 1} is taken")
        return seat

    async def join(self, name: str, seat: int | None = None) -> str:
        """Take a seat; returns the seat token (the only way to act for it)."""
        async with self.lock:
            i = self._free_seat(seat)
            token = secrets.token_urlsafe(24)
            self.seats[i] = SeatInfo(name.strip() or f"P{i + 1}", "human", token_hash=_hash(token))
            await self._save()
        self._broadcast()
        return token

    async def add_bot(self, token: str, spec: str, seat: int | None = None) -> int:
        async with self.lock:
            self.seat_of(token)
            try:
                make_bot(spec, 0)
            except BotSpecError as error:
                raise RoomError(str(error), 400) from None
            i = self._free_seat(seat)
            self.seats[i] = SeatInfo(f"{spec.partition(':')[0]} bot {i + 1}", "bot", bot=spec)
            await self._save()
        self._broadcast()
        return i

    async def leave(self, token: str) -> None:
        """Before the game: free the seat. During it: a bot plays the seat from now on."""
        async with self.lock:
            i = self.seat_of(token)
            if self.status == "open":
                self.seats[i] = None
                if not any(s is not None and s.kind == "human" for s in self.seats):
                    self.status = "closed"
            elif self.status == "playing":
                self._to_bot(i)
            await self._save()
            self._schedule_bots()
        self._broadcast()

    def _to_bot(self, seat: int) -> None:
        info = self.seats[seat]
        assert info is not None and self.game is not None
        info.kind, info.bot = "bot", STAND_IN_BOT
        self.bots[seat] = self._make_bot(STAND_IN_BOT, seat, self.game.seed)

    def _make_bot(self, spec: str, seat: int, game_seed: int) -> Bot:
        return make_bot(spec, (game_seed * 16 + seat) & _SEED_MASK, self.lobby.limits.bot_seconds)

    # --- games --------------------------------------------------------------

    async def start(self, token: str) -> None:
        async with self.lock:
            self.seat_of(token)
            if self.status != "open":
                raise RoomError("the game has already started")
            empty = [f"P{i + 1}" for i, s in enumerate(self.seats) if s is None]
            if empty:
                raise RoomError(f"every seat needs a player or a bot first; empty: {', '.join(empty)}")
            await self._new_game()
        self._after_change()

    async def again(self, token: str) -> None:
        """Play again with the same seats (a fresh deal)."""
        async with self.lock:
            self.seat_of(token)
            if self.status != "finished":
                raise RoomError("the game is not over yet")
            for info in self.seats:
                if info is not None:
                    info.timeouts = 0
            await self._new_game()
        self._after_change()

    async def _new_game(self) -> None:
        o = self.options
        if o.seed is not None and self.lobby.limits.allow_seed:
            seed = o.seed + self.games_played
        else:
            seed = secrets.randbits(63)
        names = [s.name for s in self.seats if s is not None]
        try:
            game = Game(o.players, o.edition, Rules.from_dict(o.rules), seed, names, log=False)
        except ValueError as error:
            raise RoomError(f"cannot start: {error}", 400) from None
        self.game_id = await self.store.new_game(self.id, seed, o.edition, game.rules.to_dict(), names)
        self.games_played += 1
        self.status = "playing"
        self._set_game(game)
        for conn in self.connections:
            conn.sent = 0
        await self._save()

    def _set_game(self, game: Game) -> None:
        self.game = game
        viewers: list[int | None] = [*range(game.players), None]
        self.narrators = {v: new_narrator(game, v) for v in viewers}
        self.messages = {v: n.start() for v, n in self.narrators.items()}
        self.bots = {i: self._make_bot(s.bot or "random", i, game.seed)
                     for i, s in enumerate(self.seats) if s is not None and s.kind == "bot"}

    def resume(self, stored: StoredGame) -> None:
        """Rebuild the game from its stored actions, exactly where it was."""
        game = Game(len(stored.players), stored.edition, Rules.from_dict(stored.rules), stored.seed,
                    stored.players, log=False)
        self._replay(game, [Action.parse(text) for text in stored.actions])
        self._after_change()

    def _replay(self, game: Game, actions: list[Action]) -> None:
        """``game`` (a fresh deal) with ``actions`` applied becomes the room's game."""
        self._set_game(game)
        for action in actions:
            self._apply(action)

    def _apply(self, action: Action) -> None:
        assert self.game is not None
        self.game.apply(action)
        first: list[Message] = []
        for viewer, narrator in self.narrators.items():
            said = narrator.play(action)
            # Most sentences read the same for every viewer: keep one object of each, not one per viewer
            # (fewer long-lived objects for the garbage collector to walk).
            self.messages[viewer] += [next((m for m in first if m == s), s) for s in said] if first else said
            first = first or said
        if self.game.over:
            self.status = "finished"

    async def act(self, seat: int, text: str) -> None:
        """A person's action for ``seat``; anything not legal for that seat now is refused and changes nothing."""
        async with self.lock:
            game = self.game
            if game is None or self.status != "playing":
                raise RoomError("no game is being played in this room")
            info = self.seats[seat]
            if info is None or info.kind != "human":
                raise RoomError(f"a bot plays seat P{seat + 1} now")
            if game.decider != seat:
                raise RoomError(f"not your decision: {game.names[game.decider]} must decide "
                                f"({game.decision_info()['type']})")
            try:
                action = Action.parse(text)
            except IllegalActionError as error:
                raise RoomError(str(error), 400) from None
            if action not in game.legal_actions():
                raise RoomError(f"{text} is not legal now", 400)
            await self._accept(action)
        self._after_change()

    async def _accept(self, action: Action) -> None:
        """Apply a legal action and store it; the caller holds the lock and broadcasts only afterwards, so
        nobody hears of an action before it is stored. Should the store fail, the game is dealt again and
        replayed to where it was (rare, so no copy of the game is made for every action)."""
        game = self.game
        assert game is not None and self.game_id is not None
        index = len(game.history)
        self._apply(action)
        result = game.record()["result"] if game.over else None
        try:
            await self.store.append(self.game_id, index, str(action), result)
        except BaseException:
            self.status = "playing"
            self._replay(Game(game.players, game.edition, game.rules, game.seed, game.names, log=False),
                         game.history[:index])
            raise
        if result is not None:
            await self._save()

    def _after_change(self) -> None:
        self._broadcast()
        self._arm_clock()
        self._schedule_bots()

    # --- bots ---------------------------------------------------------------

    def _schedule_bots(self) -> None:
        game = self.game
        if game is None or game.over or game.decider not in self.bots:
            return
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.create_task(self._run_bots())

    async def _run_bots(self) -> None:
        try:
            await self._bot_moves()
        except Exception:   # a bot's bug must not pass silently, nor take the server down
            log.exception("room %s: a bot failed; the game waits", self.id)

    async def _bot_moves(self) -> None:
        """The bots' decisions, one at a time, each thought in the lobby's bot pool on a copy of the game
        without holding the room's lock; a decision is played only if the game has not moved meanwhile."""
        while True:
            await asyncio.sleep(self.lobby.limits.bot_delay)
            async with self.lock:
                game = self.game
                if game is None or game.over or game.decider not in self.bots:
                    return
                seat, version = game.decider, len(game.history)
                bot, world = self.bots[seat], game.clone()
            info = self.seats[seat]
            action = await self.lobby.bot_pool.decide(self.id, bot, Seat(world, seat),
                                                      info is not None and searches(info.bot or ""))
            async with self.lock:
                if self.game is not game or len(game.history) != version or self.bots.get(seat) is not bot:
                    continue
                await self._accept(action)
            self._broadcast()
            self._arm_clock()

    # --- the turn clock (R10.5) ---------------------------------------------

    def _arm_clock(self) -> None:
        if self._timer is not None and self._timer is not asyncio.current_task():
            self._timer.cancel()
        self._timer, self.deadline = None, None
        game, clock = self.game, self.options.clock
        if clock is None or game is None or game.over or game.decider in self.bots:
            return
        self.deadline = time.time() + clock
        self._timer = asyncio.create_task(self._expire(len(game.history), clock))

    async def _expire(self, version: int, clock: float) -> None:
        await asyncio.sleep(clock)
        async with self.lock:
            game = self.game
            if game is None or game.over or len(game.history) != version:
                return
            seat = game.decider
            info = self.seats[seat]
            assert info is not None
            info.timeouts += 1
            if info.timeouts >= 2:
                self._to_bot(seat)
                await self._save()
                self._notice("forfeit", {"player": info.name})
            else:
                action = safe_default(game)
                await self._save()
                await self._accept(action)
                self._notice("timeout", {"player": info.name, "action": str(action)})
        self._after_change()

    # --- sending ------------------------------------------------------------

    def _notice(self, kind: str, params: dict[str, Any]) -> None:
        for conn in self.connections:
            conn.push({"type": "notice", "notice": kind, **params})

    def state_for(self, conn: Connection, summary: dict[str, Any] | None = None) -> dict[str, Any]:
        """Everything ``conn`` may see now: the room, its seat's view (no hand for spectators), its
        legal actions only when it owes the decision, and the log lines it has not had yet."""
        message: dict[str, Any] = {"type": "state", "room": summary or self.summary(), "you": conn.viewer}
        game = self.game
        if game is None:
            return message
        viewer = conn.viewer
        view = game.view(viewer) if viewer is not None else spectator_view(game)
        mine = viewer is not None and game.decider == viewer and not game.over
        legal = []
        if mine:
            words = translator(conn.lang)
            legal = [action_fields(game, a, words) for a in game.legal_actions()]
        log = self.messages[viewer]
        message.update(game=view, legal=legal, version=len(game.history), game_id=self.game_id,
                       deadline=self.deadline, now=time.time(), log_reset=conn.sent == 0,
                       log=lines(log[conn.sent:], game.names, conn.lang))
        conn.sent = len(log)
        return message

    def _broadcast(self) -> None:
        """Every connection its state; connections that would be sent the same (same seat, language and
        log position) share one message, encoded to JSON once."""
        summary = self.summary()
        made: dict[tuple[int | None, str, int], tuple[SharedMessage, int]] = {}
        for conn in list(self.connections):
            key = (conn.viewer, conn.lang, conn.sent)
            if key not in made:
                made[key] = SharedMessage(self.state_for(conn, summary)), conn.sent
            message, conn.sent = made[key]
            conn.push(message)

    def connect(self, conn: Connection) -> None:
        self.connections.add(conn)
        self._broadcast()

    def disconnect(self, conn: Connection) -> None:
        self.connections.discard(conn)

    def send_state(self, conn: Connection, from_start: bool = False) -> None:
        if from_start:
            conn.sent = 0
        conn.push(self.state_for(conn))


class Lobby:
    """Every room of this server, with the caps on rooms and connections."""

    def __init__(self, store: Store, limits: LobbyLimits | None = None) -> None:
        self.store = store
        self.limits = limits or LobbyLimits()
        self.rooms: dict[str, Room] = {}
        self.connections = 0
        self.bot_pool = BotPool(self.limits.bot_workers)

    async def create(self, options: RoomOptions) -> Room:
        try:
            Rules.from_dict(options.rules)
        except (ValueError, TypeError) as error:
            raise RoomError(f"rules: {error}", 400) from None
        if len(self.rooms) >= self.limits.max_rooms:
            await self._forget_finished()
        if len(self.rooms) >= self.limits.max_rooms:
            raise RoomError(f"this server holds at most {self.limits.max_rooms} rooms; try again later", 503)
        room = Room(secrets.token_urlsafe(6), options, self)
        self.rooms[room.id] = room
        await room._save()
        return room

    async def _forget_finished(self) -> None:
        """Make room: close finished rooms nobody is looking at (their games stay in the database)."""
        for room in [r for r in self.rooms.values() if r.status in ("finished", "closed") and not r.connections]:
            if room.status == "finished":
                room.status = "closed"
                await room._save()
            del self.rooms[room.id]

    def get(self, room_id: str) -> Room:
        room = self.rooms.get(room_id)
        if room is None or room.status == "closed":
            raise RoomError(f"no room {room_id!r}", 404)
        return room

    def listing(self) -> list[dict[str, Any]]:
        return [r.summary() for r in self.rooms.values() if r.status in ("open", "playing")]

    async def resume_all(self) -> int:
        """Load every room from the database; unfinished games continue where they stopped."""
        resumed = 0
        for room_id, data in await self.store.rooms():
            room = Room.from_data(room_id, data, self)
            self.rooms[room_id] = room
            if room.game_id is not None and room.status in ("playing", "finished"):
                stored = await self.store.game(room.game_id)
                if stored is not None:
                    room.resume(stored)
                    resumed += room.status == "playing"
        return resumed

    async def close(self) -> None:
        """Stop every bot and clock (a stopped game resumes from the database when the server starts again)."""
        tasks = [t for room in self.rooms.values() for t in (room._timer, room._bot_task) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.bot_pool.close()
