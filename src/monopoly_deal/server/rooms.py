"""Rooms: seats, a game, bots, the turn clock and everyone watching — the server's authority.

A room holds up to ten seats (people with seat tokens, or bots), one game at a
time and the connections following it. Every action goes through
:meth:`Room.act` (people) or the room's bot driver (:mod:`.botdriver`): it is checked against
``legal_actions()``, stored in the database, applied, and only then sent out.

>>> import asyncio
>>> from monopoly_deal.server.lobby import Lobby, LobbyLimits
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
import hmac
import logging
import secrets
import time
from dataclasses import asdict
from typing import Any, Protocol

from ..bots import Bot, BotSpecError, make_bot
from ..bots.registry import check_remote
from ..engine import Action, Game, IllegalActionError
from ..lessons import Lesson
from ..narrate import Message, Narrator
from ..record import rules_for, start_game
from ..tournament.clock import STAND_IN, safe_move, verdict
from .botdriver import play_bots, seat_bot, think_hint
from .botpool import BotPool
from .clock import TurnClock
from .connections import Audience, Connection, Gatekeeper
from .errors import RoomError
from .matchhook import MatchHook
from .persistence import STORE_ERRORS, Row, Store, StoredGame, Unstored
from .protocol import RoomOptions, clean_name, server_rules
from .seats import SeatInfo, digest
from .views import action_fields, finished_view, log_lines, new_narrator, translator

log = logging.getLogger("monopoly_deal.server")


class RoomHost(Gatekeeper, Protocol):
    """What a room asks of the lobby that holds it (:class:`~.lobby.Lobby`). The lobby makes rooms, so a room
    knows it only by this: the two modules import each other in one direction (docs/architecture.md)."""

    @property
    def store(self) -> Store: ...

    @property
    def bot_pool(self) -> BotPool: ...

    @property
    def outage(self) -> bool:
        """Whether a write failed and the database has not answered since."""

    def check_seat_quota(self, client: str | None) -> None:
        """Refuse (429) a seat to a client holding its share of seats."""

    def cannot_save(self, room: Room | None = None) -> None:
        """A write failed (``room``'s bots or clock stopped on it): the lobby tells everyone, and starts
        ``room`` again when the database answers."""

    async def close_room(self, room: Room) -> None:
        """Close ``room`` for good."""


class Room(Audience):
    def __init__(self, room_id: str, options: RoomOptions, lobby: RoomHost, lesson: Lesson | None = None) -> None:
        self.id = room_id
        self.options = options
        self.rules = server_rules(options.rules)   # checked when the options were
        super().__init__(lobby)
        self.lobby: RoomHost = lobby
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
        self._stored_summary: dict[str, Any] | None = None   # the summary shown while an action is stored
        self.match_room = False     # a tournament's match (told by its tournament after a restart): played once
        self.owner: str | None = None          # the client that created it
        self.host: int | None = None           # the first seated person's seat: may remove others before the start
        self.invite = secrets.token_urlsafe(12) if options.private else None
        self.clock = TurnClock()               # R10.5: counted there, run out by the timer
        self._timer: asyncio.Task[None] | None = None
        self._bot_task: asyncio.Task[None] | None = None
        self.hook: MatchHook | None = None      # a tournament match's: one game, no "again", stopped at its limit

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

    def data(self) -> dict[str, Any]:
        return {"options": self.options.model_dump(), "status": self.status, "game_id": self.game_id,
                "games_played": self.games_played, "seats": [asdict(s) if s else None for s in self.seats],
                "owner": self.owner, "host": self.host, "invite": self.invite, "active_at": self.active_at}

    @classmethod
    def from_data(cls, room_id: str, data: dict[str, Any], lobby: RoomHost) -> Room:
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
        hashed = digest(token)
        for i, s in enumerate(self.seats):
            if s is not None and s.token_hash is not None and hmac.compare_digest(s.token_hash, hashed):
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
            self.seats[i] = SeatInfo(name.strip() or f"P{i + 1}", "human", token_hash=digest(token), client=client)
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

    def _to_bot(self, seat: int) -> None:
        info = self.seats[seat]
        assert info is not None and self.game is not None
        info.kind, info.bot = "bot", STAND_IN
        self.bots[seat] = seat_bot(STAND_IN, seat, self.game.seed, self.lobby.limits.bot_seconds)

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
                    else SeatInfo(name, "human", token_hash=digest(token))
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
        self.bots = {i: seat_bot(s.bot or "random", i, game.seed, self.lobby.limits.bot_seconds)
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
        """What the strongest bot (:data:`~.botdriver.HINT_BOT`) would do in ``seat``'s decision now, thought in
        the bot pool on a copy of the game (the event loop never waits for it): a ``hint`` message naming the
        action, for the page to highlight. Refused where the room has hints off, or when it is not ``seat``'s decision."""
        if not self.options.hints:
            raise RoomError("hints-off")
        game = self.game
        if game is None or game.over or game.decider != seat:
            raise RoomError("hint-not-yours")
        version = len(game.history)
        action = await think_hint(self, game, seat)
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

    async def play_for_bot(self, action: Action, game: Game, version: int, seat: int, bot: Bot) -> None:
        """``bot``'s ``action`` for ``seat``, thought on ``game`` at ``version`` actions (:mod:`.botdriver`):
        played and sent out only if the game has not moved nor the seat changed hands meanwhile."""
        async with self.lock:
            if self.game is not game or len(game.history) != version or self.bots.get(seat) is not bot:
                return
            await self._accept(action)
        self._broadcast()
        self._arm_clock()

    def _after_change(self) -> None:
        self._broadcast()
        self._arm_clock()
        self._schedule_bots()

    def stop(self) -> None:
        """Stop the clock and the bots (the room is closing or the server stopping), and let go of them: a
        cancelled task keeps its CancelledError, whose traceback holds the task's frame and so this room, a
        reference cycle that only the collector's full collection would free (server/tuning.py)."""
        for task in (self._timer, self._bot_task):
            if task is not None:
                task.cancel()
        self._timer = self._bot_task = None

    # --- bots ---------------------------------------------------------------

    def _schedule_bots(self) -> None:
        game = self.game
        if game is None or game.over or self.status != "playing" or game.decider not in self.bots:
            return
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.create_task(self._run_bots())

    async def _run_bots(self) -> None:
        try:
            await play_bots(self)
        except STORE_ERRORS:   # the bots go on when the database answers again
            self.lobby.cannot_save(self)
        except Exception:   # a bot's bug must not pass silently, nor take the server down
            log.exception("room %s: a bot failed; the game waits", self.id, extra=self._about())

    # --- the turn clock (R10.5, :mod:`.clock`) -------------------------------

    @property
    def deadline(self) -> float | None:
        """When the decision being waited for times out (``time.time()``), if a clock runs."""
        return self.clock.deadline

    def _arm_clock(self) -> None:
        game, clock = self.game, self.options.clock
        if clock is None or game is None or game.over or self.status != "playing" or game.decider in self.bots:
            self._stop_clock()
            return
        deadline = self.clock.arm(clock, game.turn, game.decider, game.active, time.time())
        if deadline is not None:                    # else the same player decides on: the clock runs on
            self._stop_timer()
            self._timer = asyncio.create_task(self._expire_unless_down((game.turn, game.decider), deadline))

    def _stop_clock(self) -> None:
        self._stop_timer()
        self.clock.stop()

    def _stop_timer(self) -> None:
        if self._timer is not None and self._timer is not asyncio.current_task():
            self._timer.cancel()
        self._timer = None

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
            self.clock.timed_out(self.options.clock or 0.0)
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

    # --- what each connection is sent (the rest: :class:`~.connections.Audience`) ------

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
