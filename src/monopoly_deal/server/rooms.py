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
import ipaddress
import json
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Protocol

from pydantic import ValidationError

from ..bots import BOTS, Bot, BotSpecError, make_bot
from ..bots.registry import check_remote
from ..engine import Action, Game, IllegalActionError
from ..lessons import Lesson
from ..narrate import Message, Narrator
from ..record import rules_for, start_game
from ..tournament.clock import STAND_IN, safe_move, verdict
from .botpool import BotPool, Search, searches
from .errors import RoomError
from .http import AddressBudget
from .persistence import STORE_ERRORS, Row, Store, StoredGame
from .protocol import Lang, RoomOptions, _first_problem, clean_name, server_rules
from .views import (
    SharedMessage,
    action_fields,
    finished_view,
    log_lines,
    new_narrator,
    translator,
)

log = logging.getLogger("monopoly_deal.server")

#: The bot a hint asks: the strongest there is, within the server's time per decision (``bot_seconds``).
HINT_BOT = next(name for name in ("ismcts", "heuristic", "random") if name in BOTS)
_SEED_MASK = (1 << 63) - 1
#: The bot a lesson seats (lessons/): its script makes its moves, the bot only names the seat.
LESSON_BOT = "heuristic" if "heuristic" in BOTS else "random"



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


class MatchHook(Protocol):
    """What a tournament (server/tournaments.py) hears from the room of one of its matches."""

    def timed_out(self, seat: int, action: int) -> Row:
        """``seat`` ran out of time before action number ``action`` (R10.5): noted, and the tournament's row to
        store with what follows (the safe move, or the seat given to a stand-in) in one transaction."""

    def forget_time_out(self) -> None:
        """The last time-out was not stored after all (the database failed): as if it had not happened."""

    def left(self, seat: int, action: int) -> Row:
        """``seat``'s person left the match before action number ``action``: it forfeits (R10.5); the
        tournament's row to store with the seat given to a stand-in, in one transaction."""

    def forget_left(self) -> None:
        """The last leave was not stored after all: as if it had not happened."""

    def game_over(self) -> None:
        """The game ended by its rules (sets, or the engine's turn limit); called with the room's lock held."""


@dataclass
class SeatInfo:
    """Who sits in a seat: a person (with a token, stored as its hash) or a bot (a bot spec)."""

    name: str
    kind: str                     # "human" or "bot"
    bot: str | None = None
    token_hash: str | None = None
    timeouts: int = 0
    client: str | None = None     # who took it (a hash of the address), for the per-client quota

    def public(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "bot": self.bot}


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def client_key(address: str | None) -> str | None:
    """How a client (an IP address) is remembered for its quotas: a hash, so no address is stored. An IPv6
    client is its /64 (one household or machine is given a whole /64, and picks any address in it).

    >>> client_key("2001:db8:1:2::5") == client_key("2001:db8:1:2:ffff::9") != client_key("2001:db8:1:3::5")
    True
    """
    if address is None:
        return None
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return _hash(address)[:16]
    if ip.version == 6 and ip.ipv4_mapped is None:
        address = str(ipaddress.ip_network(f"{ip}/64", strict=False))
    elif ip.version == 6 and ip.ipv4_mapped is not None:
        address = str(ip.ipv4_mapped)
    return _hash(address)[:16]


class Connection:
    """One client's WebSocket, seen from a room: who it is (a seat or a spectator, and from which
    client), its language, how much of the log it has had, and a bounded queue of messages to send.
    ``close(code, reason)`` closes the socket."""

    QUEUE = 256

    def __init__(self, viewer: int | None, lang: str, close: Callable[[int, str], None],
                 client: str | None = None) -> None:
        self.viewer = viewer
        self.lang = lang
        self.client = client
        self.opened = time.monotonic()
        self.sent = 0                 # log messages already sent
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(self.QUEUE)
        self._close = close
        self.closing = False          # closed by the server: nothing more is queued for it

    def close(self, code: int, reason: str) -> None:
        """Close the socket with ``code`` (once: a client that does not read is sent no more)."""
        if not self.closing:
            self.closing = True
            self._close(code, reason)

    def push(self, message: dict[str, Any]) -> None:
        if self.closing:
            return
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:     # a client that does not read: drop it rather than hold the room
            self.close(1008, "too slow to read")


class Unstored:
    """Where a lesson's room keeps its game: nowhere. A lesson is practice on a fixed deal, started again
    in one click; it is never listed, replayed or resumed after a restart, so nothing of it is written."""

    async def save_room(self, room_id: str, data: dict[str, Any]) -> None:
        pass

    async def new_game(self, room_id: str, seed: int, edition: str, rules: dict[str, Any], players: list[str]) -> int:
        return 0    # no stored game has id 0: its record and replay are not found

    async def append(self, game_id: int, index: int, action: str, result: dict[str, Any] | None = None,
                     rows: list[Row] | None = None) -> None:
        pass

    async def save_rows(self, rows: list[Row]) -> None:
        pass

    async def drop_room(self, room_id: str, keep_finished: bool = False) -> bool:
        return False


class Room:
    def __init__(self, room_id: str, options: RoomOptions, lobby: Lobby, lesson: Lesson | None = None) -> None:
        self.id = room_id
        self.options = options
        self.rules = server_rules(options.rules)   # checked when the options were
        self.lobby = lobby
        self.lesson = lesson                   # a guided game (lessons/): its script decides, nothing is stored
        self.store: Store | Unstored = Unstored() if lesson is not None else lobby.store
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
        self._stored_summary: dict[str, Any] | None = None   # the summary shown while an action is stored
        self.match_room = False     # a tournament's match (told by its tournament after a restart): played once
        self.owner: str | None = None          # the client that created it
        self.host: int | None = None           # the first seated person's seat: may remove others before the start
        self.invite = secrets.token_urlsafe(12) if options.private else None
        self.active_at = time.time()           # the last join, move or connection
        self.deadline: float | None = None
        self._stretch: tuple[int, int] | None = None   # (turn, decider) the running clock belongs to
        self._turn_left = 0.0                  # the active player's time left in this turn, while others answer
        self._timer: asyncio.Task[None] | None = None
        self._bot_task: asyncio.Task[None] | None = None
        self.hook: MatchHook | None = None      # a tournament match's: one game, no "again", stopped at its limit
        # The summary as listed in the lobby, and its JSON, kept until the room changes (every change is
        # broadcast, or is a connection coming or going): a listing of 500 rooms would cost ms each time.
        self._listed: tuple[dict[str, Any], bytes | None] | None = None

    # --- what the room is, for the lobby and the database -------------------

    @property
    def shown_status(self) -> str:
        """The status everyone may see (:meth:`summary`): the stored one."""
        return self.status if self._stored_summary is None else str(self._stored_summary["status"])

    def summary(self) -> dict[str, Any]:
        """The room as everyone may see it: while an action is being stored, as it was before that action
        (nobody hears of an action before it is stored, not even from the room's status)."""
        if self._stored_summary is not None:
            return self._stored_summary
        o = self.options
        return {"id": self.id, "name": o.name, "status": self.status, "players": o.players, "edition": o.edition,
                "rules": self.rules.changed(), "clock": o.clock, "lang": o.lang, "private": o.private,
                "hints": o.hints,
                "seats": [s.public() if s else None for s in self.seats], "host": self.host,
                "game_id": self.game_id, "watching": len(self.connections)}

    def listed(self) -> tuple[dict[str, Any], bytes]:
        """:meth:`summary` and its JSON, made again only after the room has changed."""
        summary, encoded = self._listed or (self.summary(), None)
        if encoded is None:
            encoded = json.dumps(summary, separators=(",", ":")).encode()
        self._listed = summary, encoded
        return summary, encoded

    def data(self) -> dict[str, Any]:
        return {"options": self.options.model_dump(), "status": self.status, "game_id": self.game_id,
                "games_played": self.games_played, "seats": [asdict(s) if s else None for s in self.seats],
                "owner": self.owner, "host": self.host, "invite": self.invite, "active_at": self.active_at}

    @classmethod
    def from_data(cls, room_id: str, data: dict[str, Any], lobby: Lobby) -> Room:
        """A stored room, checked as a new one would be (``ValueError``, ``TypeError`` or ``KeyError`` if not)."""
        room = cls(room_id, RoomOptions(**data["options"]), lobby)
        room.status, room.game_id, room.games_played = data["status"], data["game_id"], data["games_played"]
        if room.status not in ("open", "playing", "finished") or len(data["seats"]) != room.options.players:
            raise ValueError(f"status {room.status!r} with {len(data['seats'])} seats")
        room.seats = [SeatInfo(**{**s, "name": clean_name(s["name"])}) if s else None for s in data["seats"]]
        room.owner, room.host = data.get("owner"), data.get("host")
        room.invite = data.get("invite") or room.invite
        room.active_at = data.get("active_at") or room.active_at
        return room

    async def _save(self) -> None:
        await self.store.save_room(self.id, self.data())

    def _row(self) -> Row:
        return ("rooms", self.id, self.data())

    # --- seats --------------------------------------------------------------

    def seat_of(self, token: str) -> int:
        """The seat a token holds; a wrong token is refused (403)."""
        digest = _hash(token)
        for i, s in enumerate(self.seats):
            if s is not None and s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                return i
        raise RoomError("bad-token", 403)

    def _free_seat(self, seat: int | None) -> int:
        if self.status != "open":
            raise RoomError("seats-closed")
        if seat is None:
            free = [i for i, s in enumerate(self.seats) if s is None]
            if not free:
                raise RoomError("room-full")
            return free[0]
        if not 0 <= seat < len(self.seats):
            raise RoomError("no-such-seat", 400, last=len(self.seats) - 1)
        if self.seats[seat] is not None:
            raise RoomError("seat-taken", seat=seat + 1)
        return seat

    def admits(self, invite: str | None) -> bool:
        """Whether ``invite`` opens this room for joining: any for a public room, its secret for a private one."""
        return self.invite is None or (invite is not None and hmac.compare_digest(invite, self.invite))

    async def join(self, name: str, seat: int | None = None, invite: str | None = None,
                   client: str | None = None) -> str:
        """Take a seat; returns the seat token (the only way to act for it). A private room needs its
        invite secret; a client holding ``seats_per_client`` seats already is refused (429)."""
        if not self.admits(invite):
            raise RoomError("private-room", 403)
        self.lobby.check_seat_quota(client)
        async with self.lock:
            i = self._free_seat(seat)
            token = secrets.token_urlsafe(24)
            self.seats[i] = SeatInfo(name.strip() or f"P{i + 1}", "human", token_hash=_hash(token), client=client)
            if self.host is None:
                self.host = i
            self._touch()
            await self._save()
        self._broadcast()
        return token

    async def add_bot(self, token: str, spec: str, seat: int | None = None) -> int:
        async with self.lock:
            self.seat_of(token)
            try:
                check_remote(spec)
                make_bot(spec, 0)
            except BotSpecError as error:
                raise RoomError.passing_on(error) from None
            i = self._free_seat(seat)
            self.seats[i] = SeatInfo(f"{spec.partition(':')[0]} bot {i + 1}", "bot", bot=spec)
            await self._save()
        self._broadcast()
        return i

    async def leave(self, token: str) -> None:
        """Before the game: free the seat. During it: a bot plays the seat from now on. Either way the
        token stops working and the seat's sockets are closed: it has no hand to see any more."""
        async with self.lock:
            i = self.seat_of(token)
            if self.status == "open":
                self._free(i)
            elif self.status == "playing":
                self._to_bot(i)
            info = self.seats[i]
            if info is not None:
                info.token_hash = None
            rows = [self._row()]
            if self.hook is not None and self.status == "playing" and self.game is not None:
                rows.append(self.hook.left(i, len(self.game.history)))   # a match left is forfeited (R10.5)
            try:
                await self.store.save_rows(rows)
            except BaseException:
                if len(rows) > 1 and self.hook is not None:
                    self.hook.forget_left()
                raise
            self._drop_seat(i, "you left this seat")
            self._touch()
            self._schedule_bots()
        if self.status == "open" and not self._people():
            await self.lobby.close_room(self)
        self._broadcast()

    async def remove(self, token: str, seat: int) -> None:
        """The host frees another seat (a person or a bot) before the game starts; its token stops working."""
        async with self.lock:
            if self.seat_of(token) != self.host:
                raise RoomError("host-only", 403)
            if self.status != "open":
                raise RoomError("no-removing")
            if not 0 <= seat < len(self.seats) or self.seats[seat] is None:
                raise RoomError("seat-empty", 400, seat=seat + 1)
            if seat == self.host:
                raise RoomError("host-leaves", 400)
            self._free(seat)
            self._drop_seat(seat, "the host removed you from this seat")
            self._touch()
            await self._save()
        self._broadcast()

    def _free(self, seat: int) -> None:
        """Empty a seat before the game; the host passes to the next person seated."""
        self.seats[seat] = None
        if seat == self.host:
            self.host = next(iter(self._people()), None)

    def _people(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s is not None and s.kind == "human"]

    def _drop_seat(self, seat: int, reason: str) -> None:
        """Close every socket that speaks for ``seat`` (4403: the page forgets its token)."""
        for conn in [c for c in self.connections if c.viewer == seat]:
            self.disconnect(conn)
            conn.close(4403, reason)

    def _to_bot(self, seat: int) -> None:
        info = self.seats[seat]
        assert info is not None and self.game is not None
        info.kind, info.bot = "bot", STAND_IN
        self.bots[seat] = self._make_bot(STAND_IN, seat, self.game.seed)

    def _make_bot(self, spec: str, seat: int, game_seed: int) -> Bot:
        return make_bot(spec, (game_seed * 16 + seat) & _SEED_MASK, self.lobby.limits.bot_seconds)

    # --- games --------------------------------------------------------------

    async def start(self, token: str) -> None:
        async with self.lock:
            self.seat_of(token)
            if self.status != "open":
                raise RoomError("started")
            empty = [f"P{i + 1}" for i, s in enumerate(self.seats) if s is None]
            if empty:
                raise RoomError("seats-empty", seats=", ".join(empty))
            self._touch()
            await self._new_game()
        self._after_change()

    async def again(self, token: str) -> None:
        """Play again with the same seats (a fresh deal)."""
        async with self.lock:
            self.seat_of(token)
            if self.status != "finished":
                raise RoomError("not-over")
            if self.hook is not None or self.match_room:
                raise RoomError("match-once")
            if self.lesson is not None:
                raise RoomError("lesson-once")
            for info in self.seats:
                if info is not None:
                    info.timeouts = 0
            await self._new_game()
        self._after_change()

    async def start_match(self, players: list[tuple[str, str | None, str | None]], seed: int,
                          hook: MatchHook) -> None:
        """Seat a tournament match and start it (server/tournaments.py): ``players`` in seat order, each a name,
        then a bot spec for a bot or the seat token for a person, the other ``None``; dealt from ``seed``."""
        async with self.lock:
            for i, (name, bot, token) in enumerate(players):
                self.seats[i] = SeatInfo(name, "bot", bot=bot) if token is None \
                    else SeatInfo(name, "human", token_hash=_hash(token))
            self.hook, self.match_room = hook, True
            await self._new_game(seed)
        self._after_change()

    async def halt(self) -> Game | None:
        """A tournament match's time is up (R10.3): the game stops as it stands, nobody moves again; returns it."""
        async with self.lock:
            if self.status == "playing":
                self.stop()
                self._stop_clock()
                self.status = "finished"
                await self._save()
        self._broadcast()
        return self.game

    async def _new_game(self, seed: int | None = None) -> None:
        o = self.options
        if seed is None:   # a tournament match brings its own
            allowed = o.seed is not None and self.lobby.limits.allow_seed
            seed = o.seed + self.games_played if o.seed is not None and allowed else secrets.randbits(63)
        names = [s.name for s in self.seats if s is not None]
        try:
            game = self.lesson.start(names) if self.lesson is not None \
                else Game(o.players, o.edition, self.rules, seed, names, log=False)
        except ValueError as error:
            raise RoomError("cannot-start", 400, problem=str(error)) from None
        self.game_id = await self.store.new_game(self.id, seed, o.edition, game.rules.to_dict(), names)
        self.games_played += 1
        self.status = "playing"
        self._set_game(game)
        for conn in self.connections:
            conn.sent = 0
        await self._save()
        log.info("room %s: game %s started, %d players", self.id, self.game_id, o.players, extra=self._about())

    def _set_game(self, game: Game) -> None:
        self.game = game
        viewers: list[int | None] = [*range(game.players), None]
        if self.lesson is None:
            self.narrators = {v: new_narrator(game, v) for v in viewers}
        else:   # a lesson begins at its position, which the seed does not deal
            self.narrators = {v: new_narrator(game, v, self.lesson.start(game.names, log=True)) for v in viewers}
        self.messages = {v: n.start() for v, n in self.narrators.items()}
        self.bots = {i: self._make_bot(s.bot or "random", i, game.seed)
                     for i, s in enumerate(self.seats) if s is not None and s.kind == "bot"}

    def _dealt_again(self, game: Game, log: bool) -> Game:
        """``game`` at its start again: the lesson's position, or the same seed's deal."""
        return self.lesson.start(game.names, log) if self.lesson is not None else game.restart(log)

    def resume(self, stored: StoredGame) -> None:
        """Rebuild the game from its stored actions, exactly where it was."""
        game = start_game(stored.version, stored.edition, rules_for(stored.version, stored.rules), stored.seed,
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
                raise RoomError("no-game")
            info = self.seats[seat]
            if info is None or info.kind != "human":
                raise RoomError("bot-seat", seat=seat + 1)
            if game.decider != seat:
                raise RoomError("not-your-decision", player=game.names[game.decider],
                                decision=game.decision_info()["type"])
            try:
                action = Action.parse(text)
            except IllegalActionError as error:
                raise RoomError("bad-request", 400, problem=str(error)) from None
            if action not in game.legal_actions():
                raise RoomError("illegal", 400, action=text)
            step = self.lesson.step(game) if self.lesson is not None else None
            if step is not None and str(action) != step.action:
                raise RoomError("lesson-move", action=step.action)
            await self._accept(action)
        self._after_change()

    async def hint(self, seat: int) -> dict[str, Any]:
        """What the strongest bot (:data:`HINT_BOT`) would do in ``seat``'s decision now, thought in the bot
        pool on a copy of the game (the event loop never waits for it): a ``hint`` message naming the action,
        for the page to highlight. Refused where the room has hints off, or when it is not ``seat``'s decision."""
        if not self.options.hints:
            raise RoomError("hints-off")
        game = self.game
        if game is None or game.over or game.decider != seat:
            raise RoomError("hint-not-yours")
        version, world = len(game.history), game.clone()
        seed = (game.seed * 16 + seat + version * 1009 + 7) & _SEED_MASK
        limits = self.lobby.limits
        search = Search(HINT_BOT, seed, limits.bot_seconds) if searches(HINT_BOT) else None
        try:
            action = await self.lobby.bot_pool.decide((self.id, "hint", seat), make_bot(HINT_BOT, seed), world,
                                                      seat, search)
        except RuntimeError:   # this seat's previous hint is still being thought
            raise RoomError("hint-thinking") from None
        return {"type": "hint", "action": str(action), "version": version}

    async def _accept(self, action: Action, rows: list[Row] | None = None) -> None:
        """Apply a legal action and store it; the caller holds the lock and broadcasts only afterwards, so
        nobody hears of an action before it is stored. Should the store fail, the game is dealt again and
        replayed to where it was (rare, so no copy of the game is made for every action)."""
        game = self.game
        assert game is not None and self.game_id is not None
        index = len(game.history)
        self._stored_summary = self.summary()
        self._apply(action)
        result = game.record()["result"] if game.over else None
        try:
            await self.store.append(self.game_id, index, str(action), result, rows)
        except BaseException:
            self.status = "playing"
            self._replay(self._dealt_again(game, log=False), game.history[:index])
            raise
        finally:
            self._stored_summary = None
        self._touch()
        if result is not None:
            log.info("room %s: game %s over (%s)", self.id, self.game_id, result["reason"], extra=self._about())
            await self._save()
            if self.hook is not None:
                self.hook.game_over()

    def _about(self) -> dict[str, Any]:
        """What a log line about this room says it is about (:mod:`.logs`)."""
        return {"room": self.id, "game": self.game_id,
                "version": len(self.game.history) if self.game is not None else None}

    def after_outage(self) -> None:
        """The database answers again: everyone hears so, and the clock and the bots go on."""
        self._after_change()

    def _after_change(self) -> None:
        self._broadcast()
        self._arm_clock()
        self._schedule_bots()

    # --- bots ---------------------------------------------------------------

    def _schedule_bots(self) -> None:
        game = self.game
        if game is None or game.over or self.status != "playing" or game.decider not in self.bots:
            return
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.create_task(self._run_bots())

    async def _run_bots(self) -> None:
        try:
            await self._bot_moves()
        except STORE_ERRORS:   # the bots go on when the database answers again
            self.lobby.cannot_save(self)
        except Exception:   # a bot's bug must not pass silently, nor take the server down
            log.exception("room %s: a bot failed; the game waits", self.id, extra=self._about())

    async def _bot_moves(self) -> None:
        """The bots' decisions, one at a time, each thought in the lobby's bot pool on a copy of the game
        without holding the room's lock; a decision is played only if the game has not moved meanwhile."""
        limits = self.lobby.limits
        while True:
            await asyncio.sleep(limits.bot_delay)
            async with self.lock:
                game = self.game
                if game is None or game.over or game.decider not in self.bots:
                    return
                seat, version = game.decider, len(game.history)
                bot, world = self.bots[seat], game.clone()
            info = self.seats[seat]
            spec = (info.bot if info is not None else None) or ""
            search = Search(spec, (game.seed * 16 + seat + version * 1009) & _SEED_MASK,
                            limits.bot_seconds) if searches(spec) else None
            asked = time.monotonic()
            step = self.lesson.step(world) if self.lesson is not None else None
            action = Action.parse(step.action) if step is not None \
                else await self.lobby.bot_pool.decide(self.id, bot, world, seat, search)
            if world.decision_info()["type"] == "respond":   # a fixed time, whatever its hand (issue 9, item 13)
                answer_at = asked + limits.bot_answer + (limits.bot_seconds if search is not None else 0.0)
                await asyncio.sleep(max(0.0, answer_at - time.monotonic()))
            async with self.lock:
                if self.game is not game or len(game.history) != version or self.bots.get(seat) is not bot:
                    continue
                await self._accept(action)
            self._broadcast()
            self._arm_clock()

    # --- the turn clock (R10.5) ---------------------------------------------

    # The clock is per turn, never per move: the active player has ``clock`` seconds for the whole turn
    # (its plays, free re-colourings, answers to a No and the discard), paused while others answer; each
    # out-of-turn answer (respond, pay, place) has its own ``clock`` seconds, for all of that player's
    # moves until the decision passes on. A move that keeps the same player deciding never re-arms it.

    def _arm_clock(self) -> None:
        game, clock = self.game, self.options.clock
        if clock is None or game is None or game.over or self.status != "playing" or game.decider in self.bots:
            self._stop_clock()
            return
        stretch = (game.turn, game.decider)
        if stretch == self._stretch and self.deadline is not None:
            return                                  # the same player decides on: the clock runs on
        now = time.time()
        if self._stretch is not None and self.deadline is not None and self._stretch == (game.turn, game.active):
            self._turn_left = max(0.0, self.deadline - now)     # the active player's turn pauses
        if self._stretch is None or self._stretch[0] != game.turn:
            self._turn_left = clock                 # a new turn
        self._stop_clock()
        self._stretch = stretch
        self.deadline = now + (self._turn_left if game.decider == game.active else clock)
        self._timer = asyncio.create_task(self._expire_unless_down(stretch, self.deadline))

    def _stop_clock(self) -> None:
        if self._timer is not None and self._timer is not asyncio.current_task():
            self._timer.cancel()
        self._timer, self.deadline = None, None

    async def _expire_unless_down(self, stretch: tuple[int, int], deadline: float) -> None:
        try:
            await self._expire(stretch, deadline)
        except STORE_ERRORS:   # the clock runs again when the database answers again
            self.lobby.cannot_save(self)

    async def _expire(self, stretch: tuple[int, int], deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        async with self.lock:
            game = self.game
            if game is None or game.over or self._timer is not asyncio.current_task() \
                    or (game.turn, game.decider) != stretch:
                return
            self._stretch = None                    # what follows a time-out has a full clock again
            self._turn_left = self.options.clock or 0.0
            seat = game.decider
            info = self.seats[seat]
            assert info is not None
            # The time-out is counted in the room (and recorded in its tournament) in the same transaction as
            # what follows from it: the seat given to a stand-in, or the safe move made for it (R10.5).
            before = (info.timeouts, info.kind, info.bot, self.bots.get(seat))
            info.timeouts += 1
            tournament = [self.hook.timed_out(seat, len(game.history))] if self.hook is not None else []
            try:
                if verdict(info.timeouts) == "forfeit":
                    self._to_bot(seat)
                    await self.store.save_rows([self._row(), *tournament])
                    self._notice("forfeit", {"player": info.name})
                else:
                    names, move = list(game.names), safe_move(game)
                    amount = game.amount_of(move)
                    await self._accept(move, [self._row(), *tournament])
                    # told to everyone as everyone may know it: a card put back under the pile stays unnamed
                    shown = game.public_action(len(game.history) - 1)
                    said = amount if shown.card >= 0 else None
                    self._notice("timeout", {"player": info.name, "notation": str(shown)},
                                 lambda lang: {"action": translator(lang).action(shown, names, said)})
            except BaseException:   # not stored: as if it had not timed out (the clock runs out again)
                info.timeouts, info.kind, info.bot, bot = before
                if bot is None:
                    self.bots.pop(seat, None)
                if self.hook is not None:
                    self.hook.forget_time_out()
                raise
        self._after_change()

    # --- sending ------------------------------------------------------------

    def _notice(self, kind: str, params: dict[str, Any],
                words: Callable[[str], dict[str, Any]] | None = None) -> None:
        """Tell everyone; ``words(lang)`` gives the parameters said in each connection's language."""
        for conn in self.connections:
            conn.push({"type": "notice", "notice": kind, **params, **(words(conn.lang) if words else {})})

    def state_for(self, conn: Connection, summary: dict[str, Any] | None = None) -> dict[str, Any]:
        """Everything ``conn`` may see now: the room, its seat's view (no hand for spectators), its
        legal actions only when it owes the decision, and the log lines it has not had yet."""
        message: dict[str, Any] = {"type": "state", "room": summary or self.summary(), "you": conn.viewer}
        if conn.viewer is not None and self.invite is not None:
            message["invite"] = self.invite         # a seated player may invite friends to a private room
        game = self.game
        if game is None:
            return message
        viewer = conn.viewer
        view = game.view(viewer)     # None: an onlooker's, no hand
        if game.over:
            view = finished_view(game, view)
        mine = viewer is not None and game.decider == viewer and not game.over and self.status == "playing"
        legal = []
        if mine:
            words = translator(conn.lang)
            legal = [action_fields(game, a, words) for a in game.legal_actions()]
        log = self.messages[viewer]
        if self.lobby.outage:
            message["cannot_save"] = True
        message.update(game=view, legal=legal, version=len(game.history), game_id=self.game_id,
                       deadline=self.deadline, now=time.time(), log_reset=conn.sent == 0,
                       log=log_lines.lines(log, conn.sent, game.names, conn.lang))
        if self.lesson is not None:
            message["lesson"] = self.lesson.view(game)
        conn.sent = len(log)
        return message

    def _broadcast(self) -> None:
        """Every connection its state; connections that would be sent the same (same seat, language and
        log position) share one message, encoded to JSON once."""
        summary = self.summary()
        self._listed = summary, None
        made: dict[tuple[int | None, str, int], tuple[SharedMessage, int]] = {}
        for conn in list(self.connections):
            key = (conn.viewer, conn.lang, conn.sent)
            if key not in made:
                made[key] = SharedMessage(self.state_for(conn, summary)), conn.sent
            message, conn.sent = made[key]
            conn.push(message)

    async def connect(self, conn: Connection) -> None:
        """Let ``conn`` in and send it the state (it alone: the others have theirs). A seat is always let
        in (one socket too many for it closes its oldest); a spectator only within the lobby's caps (503).
        It waits for an action being stored: the state it is sent is the stored one."""
        async with self.lock:
            self._let_in(conn)

    def _let_in(self, conn: Connection) -> None:
        if conn.viewer is None:
            self.lobby.check_spectator(self, conn.client)
        else:
            mine = sorted((c for c in self.connections if c.viewer == conn.viewer), key=lambda c: c.opened)
            for old in mine[:max(0, len(mine) + 1 - self.lobby.limits.sockets_per_seat)]:
                self.disconnect(old)
                old.close(4409, "this seat was opened in another window")
        self.connections.add(conn)
        self._listed = None
        self.lobby.count(conn, +1)
        if conn.viewer is not None:             # spectators coming and going keep no room alive
            self._touch()
        conn.push(self.state_for(conn))

    def disconnect(self, conn: Connection) -> None:
        if conn in self.connections:
            self.connections.discard(conn)
            self._listed = None
            self.lobby.count(conn, -1)
            if conn.viewer is not None:
                self._touch()

    def _touch(self) -> None:
        self.active_at = time.time()

    def people_connected(self) -> bool:
        """Whether someone sits here with a socket open (spectators do not keep a room alive)."""
        return any(c.viewer is not None for c in self.connections)

    def stop(self) -> None:
        """Stop the clock and the bots (the room is closing or the server stopping), and let go of them: a
        cancelled task keeps its CancelledError, whose traceback holds the task's frame and so this room, a
        reference cycle that only the collector's full collection would free (server/tuning.py)."""
        for task in (self._timer, self._bot_task):
            if task is not None:
                task.cancel()
        self._timer = self._bot_task = None

    async def send_state(self, conn: Connection, from_start: bool = False) -> None:
        """Send ``conn`` the state again (from the log's start: in a new language), once any action being
        stored is stored."""
        async with self.lock:
            if from_start:
                conn.sent = 0
            conn.push(self.state_for(conn))


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

    def check_spectator(self, room: Room, client: str | None) -> None:
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
