"""Tournaments in the browser (R10): an organiser, teams with secret links, one room per match.

An organiser creates a tournament (its teams, matches, time limit, turn clock,
edition and rules) and gets two kinds of secret link: the organiser's, and one
per team. Through its link a team names its representative for the next match
(the organiser may name anyone's, or a bot to stand in). When every team has one,
the server rolls the dice for the seats (:func:`~monopoly_deal.tournament.seat_by_dice`),
opens a room, seats them and starts the match; its clock counts wall time from
the stored start, so a restart does not stop it. At the limit the room stops
(:meth:`Room.halt`) and R10.3 decides by asset value
(:func:`~monopoly_deal.tournament.conclude`); a second time-out of the turn clock
forfeits the match (R10.5). The standings are the library's (R10.4).

All the rules are the tournament library's: this module keeps the state, the
secrets and the rooms. A tournament is one database row (the library's
tournament file, plus the next match's representatives, room, start and
time-outs), written before anything is announced, like a game's actions.

Secrets: the organiser's secret is random, and team ``i``'s is an HMAC of it,
so the organiser's link can show the team links again; the server keeps only
hashes. The seed, which fixes every deal, leaves the server only when the
tournament is over: match ``k+1``'s seed follows from match ``k``'s.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from ..engine import Game
from ..sim import game_seed
from ..tournament import (
    Limit,
    MatchDice,
    Seating,
    Team,
    TimeOut,
    Tournament,
    TournamentOptions,
    asset_values,
    conclude,
    seat_by_dice,
    time_out,
)
from .errors import RoomError
from .lobby import Lobby
from .persistence import Row
from .protocol import RoomOptions, server_rules
from .rooms import Room

log = logging.getLogger("monopoly_deal.server")

#: The most matches a browser tournament may have (S1 plays 10).
MAX_MATCHES = 100
#: Seeds are below this, so every match's seed (:func:`~monopoly_deal.sim.game_seed`) fits the database's
#: 63 bits: about 2**43, against a room's 2**63 (guessing it from a hand is still far out of reach).
MAX_SEED = (2**63 - 1 - MAX_MATCHES) // game_seed(1, 0)


def _person(name: str) -> str:
    """A person's name as compared: case and spacing aside."""
    return " ".join(name.casefold().split())


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def _room_name(tournament: str, index: int) -> str:
    """Match ``index``'s room: the tournament's name and the match's number, within a room name's 40."""
    number = f" · {index + 1}"
    return tournament[:40 - len(number)].rstrip() + number


def team_secret(organiser: str, tournament_id: str, team: int) -> str:
    """Team ``team``'s secret: derived from the organiser's, so only the organiser can show it again."""
    return hmac.new(organiser.encode(), f"{tournament_id}/{team}".encode(), hashlib.sha256).hexdigest()[:32]


@dataclass
class Representative:
    """Who plays for a team in the next match: a person's name, or a bot (``bot``: its spec)."""

    name: str
    bot: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "bot": self.bot}


@dataclass
class NextMatch:
    """The match being prepared or played: each team's representative, then its room, the wall time it
    started, the people's seat tokens (by team) and the turn clock's time-outs so far."""

    reps: list[Representative | None]
    room: str | None = None
    started: float | None = None
    tokens: list[str | None] = field(default_factory=list)
    timeouts: list[TimeOut] = field(default_factory=list)
    left: list[TimeOut] = field(default_factory=list)      # seats whose person left: each forfeits

    def to_dict(self) -> dict[str, Any]:
        return {"reps": [r.to_dict() if r else None for r in self.reps], "room": self.room, "started": self.started,
                "tokens": self.tokens, "timeouts": [[t.seat, t.action] for t in self.timeouts],
                "left": [[t.seat, t.action] for t in self.left]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> NextMatch:
        return cls([Representative(**r) if r else None for r in data["reps"]], data["room"], data["started"],
                   list(data["tokens"]), [TimeOut(seat, action) for seat, action in data["timeouts"]],
                   [TimeOut(seat, action) for seat, action in data.get("left", [])])


class LiveTournament:
    """One tournament on this server: the library's :class:`Tournament` (options and matches played), the
    next match, the secrets' hashes, and the room of the match being played (this object is its
    :class:`~.matchhook.MatchHook`)."""

    def __init__(self, tournament_id: str, name: str, tournament: Tournament, clock: float | None, lang: str,
                 secrets_hashes: list[str], owner: str | None, registry: Tournaments) -> None:
        self.id, self.name, self.tournament = tournament_id, name, tournament
        self.clock, self.lang, self.owner = clock, lang, owner
        self.organiser_hash, *self.team_hashes = secrets_hashes   # hashes only: the organiser's, then each team's
        self.registry = registry
        self.played: list[dict[str, Any]] = []      # each match played: its room and representatives
        self.active_at = time.time()                 # the last change: a tournament left alone is removed in time
        self.next: NextMatch | None = self._prepare()
        self.unverified: list[Any] = []     # stored matches that did not replay as stored: kept, reported
        self.problems: list[str] = []
        self.lock = asyncio.Lock()
        self._timer: asyncio.Task[None] | None = None

    @property
    def options(self) -> TournamentOptions:
        return self.tournament.options

    @property
    def status(self) -> str:
        if self.next is None:
            return "finished"
        # waiting: for a representative to be named (a match whose every representative is, is starting)
        return "playing" if self.next.room is not None or all(self.next.reps) else "waiting"

    def _prepare(self) -> NextMatch | None:
        """The next match, bot teams' representatives named already; ``None`` when every match is played."""
        if self.tournament.over:
            return None
        return NextMatch([Representative(t.bot, t.bot) if t.bot else None for t in self.options.teams])

    # --- stored ----------------------------------------------------------------

    def data(self) -> dict[str, Any]:
        return {"name": self.name, "clock": self.clock, "lang": self.lang,
                "secrets": [self.organiser_hash, *self.team_hashes], "owner": self.owner,
                "file": self.tournament.to_dict(), "played": self.played,
                "next": self.next.to_dict() if self.next else None, "active_at": self.active_at,
                **({"unverified": self.unverified} if self.unverified else {})}

    @classmethod
    def from_data(cls, tournament_id: str, data: dict[str, Any], registry: Tournaments) -> LiveTournament:
        """A stored tournament; its matches are replayed and checked by the library (``ValueError`` if wrong)."""
        tournament, left_out, problem = Tournament.verified(data["file"], f"tournament {tournament_id}")
        live = cls(tournament_id, data["name"], tournament, data["clock"], data["lang"], list(data["secrets"]),
                   data["owner"], registry)
        live.played = list(data["played"])[:len(tournament.matches)]
        live.next = NextMatch.from_dict(data["next"]) if data["next"] else None
        live.active_at = data["active_at"]
        live.unverified = list(data.get("unverified", [])) + left_out
        if problem is not None:   # reported, kept, and the match played again; the rest stays as it was
            log.warning("%s; that match is kept aside and played again", problem, extra={"tournament": tournament_id})
            live.problems.append(str(problem))
            live.next = live._prepare()
        return live

    async def _save(self) -> None:
        self.active_at = time.time()
        await self.registry.lobby.store.save_tournament(self.id, self.data())

    # --- who asks ---------------------------------------------------------------

    def role(self, key: str) -> tuple[str, int | None]:
        """``("organiser", None)`` or ``("team", i)`` for a secret of this tournament; 403 otherwise."""
        if hmac.compare_digest(_hash(key), self.organiser_hash):
            return "organiser", None
        for i, digest in enumerate(self.team_hashes):
            if hmac.compare_digest(_hash(key), digest):
                return "team", i
        raise RoomError("bad-key", 403)

    def access(self, key: str) -> dict[str, Any]:
        """What a secret link opens: the organiser's the team links; a team's its seat in the match being played."""
        role, team = self.role(key)
        if role == "organiser":
            return {"role": role, "teams": [team_secret(key, self.id, i) for i in range(len(self.options.teams))]}
        assert team is not None
        token = self.next.tokens[team] if self.next and self.next.tokens else None
        return {"role": role, "team": team, "room": self.next.room if self.next else None, "token": token}

    async def name_representative(self, key: str, team: int, name: str, bot: str | None) -> None:
        """Name ``team``'s representative for the next match: its own link may, the organiser's may for any
        team, and only the organiser names a bot to stand in for a team of people. When every team has one,
        the match starts."""
        role, mine = self.role(key)
        if not 0 <= team < len(self.options.teams):
            raise RoomError("no-such-team", 400, last=len(self.options.teams) - 1, team=team)
        if role == "team" and mine != team:
            raise RoomError("own-team-only", 403)
        if bot is not None and role != "organiser":
            raise RoomError("organiser-bot", 403)
        if self.options.teams[team].bot is not None:
            raise RoomError("bot-team", team=self.options.teams[team].name)
        async with self.lock:
            if self.next is None or self.next.room is not None:
                raise RoomError("no-match-waiting")
            if bot is None and _person(name) in map(_person, self.disqualified()):
                raise RoomError("disqualified", name=name)
            self.next.reps[team] = Representative(name, bot)
            await self._save()
            await self._start_if_ready()

    def disqualified(self) -> list[str]:
        """The people disqualified from this tournament (R10.5 under ``stalling="tournament"``, S1-14): each
        representative who timed out twice in a match; none of them may represent a team again."""
        if self.options.stalling != "tournament":
            return []
        return [rep["name"] for match, played in zip(self.tournament.matches, self.played)
                for team in sorted(match.stalled) if (rep := played["reps"][team]) and not rep.get("bot")]

    # --- a match ----------------------------------------------------------------

    def _seating(self, index: int) -> tuple[Seating, MatchDice]:
        """Match ``index``'s seating by dice (R10.2), and its dice, rolled on for any roll-off at the limit."""
        dice = MatchDice(self.options.match_seed(index))
        return seat_by_dice(len(self.options.teams), dice), dice

    async def _start_if_ready(self) -> None:
        """Start the next match when every team has its representative: at once where every team is a bot
        team, else when the last person is named (the caller holds the lock)."""
        if self.next is not None and self.next.room is None and all(self.next.reps):
            await self._start()

    async def _start(self) -> None:
        """Open the match's room, seat the teams as the dice say and start it (the caller holds the lock)."""
        assert self.next is not None
        index, options = len(self.tournament.matches), self.options
        seating, _ = self._seating(index)
        room_options = RoomOptions.model_validate({   # private: not listed, nobody else joins
            "name": _room_name(self.name, index), "players": len(options.teams), "edition": options.edition,
            "rules": options.match_rules().to_dict(), "clock": self.clock, "lang": self.lang, "private": True,
            "hints": False})                           # no help from outside (R10.6)
        room = await self.registry.lobby.create(room_options, reserve=False)   # the reserve is newcomers
        self.registry.by_room[room.id] = self
        bots = [rep.bot if rep else None for rep in self.next.reps]
        tokens = [None if bot else secrets.token_urlsafe(24) for bot in bots]
        self.next.room, self.next.started, self.next.tokens = room.id, time.time(), tokens
        try:
            await self._save()            # the clock's start and the seats' tokens are stored before the first move
            await room.start_match([(options.names[team], bots[team], tokens[team]) for team in seating.order],
                                   options.match_seed(index), self)
        except BaseException:
            self.next.room = self.next.started = None
            self.next.tokens = []
            await self.registry.lobby.close_room(room)
            raise
        self._arm_timer()
        log.info("tournament %s: match %d started in room %s", self.id, index + 1, room.id,
                 extra={"tournament": self.id, "match": index + 1, "room": room.id})

    def room(self) -> Room | None:
        """The room of the match being played, if it is open."""
        if self.next is None or self.next.room is None:
            return None
        return self.registry.lobby.rooms.get(self.next.room)

    def ends_at(self) -> float | None:
        if self.next is None or self.next.started is None:
            return None
        assert self.options.limit.seconds is not None
        return self.next.started + self.options.limit.seconds

    def _arm_timer(self) -> None:
        ends = self.ends_at()
        if ends is None:
            return

        room = self.next.room if self.next is not None else None

        async def at_limit() -> None:
            # Until that match is decided: the loop's timers may wake a hair before the wall clock says
            # the limit has passed, and a failed store must not leave the match without an end.
            while self.next is not None and self.next.room == room and self.room() is not None:
                await asyncio.sleep(max(0.05, ends - time.time()))
                try:
                    await self.finish()
                except Exception:
                    log.exception("tournament %s: ending match %d at its limit failed; trying again",
                                  self.id, len(self.tournament.matches) + 1, extra={"tournament": self.id})
                    await asyncio.sleep(1)

        self._timer = asyncio.create_task(at_limit())

    def timed_out(self, seat: int, action: int) -> Row:
        return self._noted(self._next().timeouts, seat, action)

    def forget_time_out(self) -> None:
        self._next().timeouts.pop()

    def left(self, seat: int, action: int) -> Row:
        return self._noted(self._next().left, seat, action)

    def forget_left(self) -> None:
        self._next().left.pop()

    def _next(self) -> NextMatch:
        assert self.next is not None, "no match is being played"
        return self.next

    def _noted(self, where: list[TimeOut], seat: int, action: int) -> Row:
        """Note ``seat``'s time-out or leave before ``action`` in ``where``; the row to store with its effect."""
        where.append(TimeOut(seat, action))
        self.active_at = time.time()
        return ("tournaments", self.id, self.data())

    def game_over(self) -> None:
        asyncio.ensure_future(self.finish())

    async def finish(self) -> None:
        """End the match being played if it is over, or its time is up (then the room stops and R10.3
        decides by asset value); store it and prepare the next one."""
        async with self.lock:
            room, ends = self.room(), self.ends_at()
            if room is None or self.next is None or ends is None:
                return
            game = room.game
            if game is None or (not game.over and time.time() < ends):
                return
            if not game.over:
                await room.halt()
            index = len(self.tournament.matches)
            seating, dice = self._seating(index)
            self.tournament.add(conclude(index, seating, game, dice, self.next.timeouts, self.next.left))
            log.info("tournament %s: match %d over", self.id, index + 1,
                     extra={"tournament": self.id, "match": index + 1, "room": room.id})
            self.played.append({"room": self.next.room, "reps": [r.to_dict() if r else None for r in self.next.reps],
                                "started": self.next.started})
            self.next = self._prepare()
            await self._save()
            if self._timer is not None and self._timer is not asyncio.current_task():
                self._timer.cancel()
            self._timer = None
            await self._start_if_ready()

    async def resume(self) -> None:
        """After a restart: the match being played gets its room back, and its clock runs on from the
        stored start; a match whose limit passed meanwhile, or that ended, is decided at once."""
        room = self.room()
        if room is None:
            async with self.lock:
                if self.next is not None and self.next.room is not None:   # its stored room did not load
                    log.warning("tournament %s: the room of match %d is gone; the match waits to be played again",
                                self.id, len(self.tournament.matches) + 1, extra={"tournament": self.id})
                    self.next = self._prepare()
                    await self._save()
                await self._start_if_ready()   # bot teams only: stopped between two matches, it goes on
            return
        room.hook = self
        self._forget_unmade_warnings(room)
        await self.finish()
        if self.status == "playing":
            self._arm_timer()

    def _forget_unmade_warnings(self, room: Room) -> None:
        """A warning whose safe move was never stored (a release before time-outs were stored with their move
        could stop between the two) did not happen: the game resumes before it, and its clock runs again."""
        game = room.game
        if self.next is None or game is None:
            return
        kept: list[TimeOut] = []
        for t in self.next.timeouts:
            if t.action >= len(game.history) and time_out(kept, t.seat, t.action) == "warning":
                log.warning("tournament %s: a time-out of seat %d whose safe move was not stored is forgotten",
                            self.id, t.seat + 1, extra={"tournament": self.id})
                continue
            kept.append(t)
        self.next.timeouts = kept

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()

    # --- what everyone may see ---------------------------------------------------

    def _match_view(self, index: int, reps: list[dict[str, Any] | None], room: str | None,
                    started: float | None) -> dict[str, Any]:
        seating, _ = self._seating(index) if started is not None else (None, None)
        view: dict[str, Any] = {"index": index, "room": room, "started": started,
                                "reps": [r["name"] if r else None for r in reps],
                                "rep_bots": [r.get("bot") if r else None for r in reps]}   # a page names bots in its words
        if seating is not None:
            view["order"] = seating.order
            view["dice"] = [{"teams": list(teams), "totals": list(totals)} for teams, totals in seating.rounds]
        if index < len(self.tournament.matches):
            m = self.tournament.matches[index]
            view.update(end=m.end, how=m.how, winner=m.winner_team, assets=m.assets, turns=m.turns,
                        forfeits=sorted(m.forfeits),
                        roll_off=[{"seats": list(s), "totals": list(t)} for s, t in m.roll_off])
        return view

    def public(self) -> dict[str, Any]:
        """The standings page: no secret, no seed, no hidden card (R10.6)."""
        o = self.options
        matches = [self._match_view(i, p["reps"], p["room"], p["started"]) for i, p in enumerate(self.played)]
        if self.next is not None:
            matches.append(self._match_view(len(self.played), [r.to_dict() if r else None for r in self.next.reps],
                                            self.next.room, self.next.started))
            matches[-1]["ends"] = self.ends_at()
        return {"id": self.id, "name": self.name, "status": self.status, "edition": o.edition,
                "rules": o.rules.changed(), "limit": o.limit.seconds, "clock": self.clock, "lang": self.lang,
                "teams": [t.to_dict() for t in o.teams], "matches": o.matches, "schedule": matches,
                "standings": [s.to_dict() for s in self.tournament.standings()], "now": time.time(),
                "stalling": o.stalling, "disqualified": self.disqualified(),
                **({"problems": self.problems} if self.problems else {})}

    async def room_match(self, room_id: str) -> dict[str, Any]:
        """What the room of a match shows beside its game: the tournament, the match, its clock and each
        seat's asset value (public: banks and tables), or once it is over how it ended (seats in turn order);
        read once an action being stored is stored."""
        room = self.registry.lobby.rooms.get(room_id)
        if room is None:
            return self._match_bar(room_id, None)
        async with room.lock:
            return self._match_bar(room_id, room.game)

    def _match_bar(self, room_id: str, game: Game | None) -> dict[str, Any]:
        index = next((i for i, p in enumerate(self.played) if p["room"] == room_id), len(self.played))
        view: dict[str, Any] = {"tournament": self.id, "name": self.name, "match": index, "now": time.time(),
                                "ends": None, "names": list(game.names) if game is not None else [],
                                "assets": asset_values(game) if game is not None else []}
        if index < len(self.tournament.matches):
            m = self.tournament.matches[index]
            view.update(names=[self.options.names[t] for t in m.seating.order], assets=m.assets, winner=m.winner,
                        how=m.how)
        else:
            view["ends"] = self.ends_at()
        return view


class Tournaments:
    """Every tournament of this server, beside the lobby's rooms (its quotas count a tournament as a room)."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.all: dict[str, LiveTournament] = {}
        self.by_room: dict[str, LiveTournament] = {}     # every match's room, played or playing
        self._sweeper: asyncio.Task[None] | None = None

    async def create(self, name: str, teams: list[Team], matches: int, limit: float, clock: float | None,
                     edition: str, rules: dict[str, Any], lang: str, seed: int | None,
                     client: str | None, stalling: str = "tournament") -> tuple[LiveTournament, str]:
        """A new tournament, and the organiser's secret. Refused (429) when ``client`` holds
        ``rooms_per_client`` rooms and tournaments not finished, and (503) beyond ``max_rooms`` tournaments."""
        limits = self.lobby.limits
        held = self.lobby.held_by(client) + sum(t.owner == client and t.status != "finished" for t in self.all.values())
        if client is not None and held >= limits.rooms_per_client:
            raise RoomError("too-many-tournaments", 429, held=held)
        if sum(t.status != "finished" for t in self.all.values()) >= limits.max_rooms:
            raise RoomError("tournaments-full", 503, most=limits.max_rooms)
        try:
            fixed = seed is not None and limits.allow_seed     # tests: the same seed, the same deals
            options = TournamentOptions(tuple(teams), matches, edition, server_rules(rules), Limit(seconds=limit),
                                        seed if fixed and seed is not None else secrets.randbelow(MAX_SEED),
                                        deal_key=None if fixed else secrets.token_hex(16), stalling=stalling)
        except ValueError as error:
            raise RoomError.passing_on(error) from None
        tournament_id, organiser = secrets.token_urlsafe(6), secrets.token_urlsafe(18)
        hashes = [_hash(organiser)] + [_hash(team_secret(organiser, tournament_id, i)) for i in range(len(teams))]
        live = LiveTournament(tournament_id, name, Tournament(options), clock, lang, hashes, client, self)
        self.all[tournament_id] = live
        async with live.lock:
            await live._save()
            await live._start_if_ready()    # every team a bot team: nobody is waited for
        return live, organiser

    def get(self, tournament_id: str) -> LiveTournament:
        live = self.all.get(tournament_id)
        if live is None:
            raise RoomError("no-tournament", 404, tournament=tournament_id[:40])
        return live

    def of_room(self, room_id: str) -> LiveTournament | None:
        """The tournament whose match is (or was) played in ``room_id``."""
        return self.by_room.get(room_id)

    def record_hidden(self, room_id: str) -> bool:
        """Whether a game of ``room_id`` must not be downloaded yet: its seed gives the next matches' deals
        until the tournament is over."""
        live = self.of_room(room_id)
        return live is not None and live.status != "finished"

    def listing(self) -> list[dict[str, Any]]:
        return [{"id": t.id, "name": t.name, "status": t.status, "teams": len(t.options.teams),
                 "matches": t.options.matches, "played": len(t.tournament.matches)} for t in self.all.values()]

    async def load(self) -> None:
        """Every stored tournament, checked by the library; matches being played resume (after the rooms)."""
        for tournament_id, data in await self.lobby.store.tournaments():
            try:
                live = LiveTournament.from_data(tournament_id, data, self)
            except (ValueError, TypeError, KeyError) as error:
                log.warning("tournament %s: skipped, its stored data is not valid (%.200s)", tournament_id, error,
                            extra={"tournament": tournament_id})
                continue
            self.all[tournament_id] = live
            rooms = [p["room"] for p in live.played] + ([live.next.room] if live.next and live.next.room else [])
            self.by_room.update((room, live) for room in rooms)
            for room_id in rooms:           # a match is played once: never dealt again, after a restart too
                if room_id in self.lobby.rooms:
                    self.lobby.rooms[room_id].match_room = True
        for live in self.all.values():
            await live.resume()
        self._sweeper = asyncio.create_task(self._sweep_every())

    async def sweep(self, now: float | None = None) -> None:
        """Remove tournaments finished, or waiting for representatives, with no change for ``keep_records``
        seconds (a week): their standings and records go with them; one that never started, after
        ``idle_game`` (a day): it no longer counts against its creator's quota."""
        now = time.time() if now is None else now
        limits = self.lobby.limits
        for live in list(self.all.values()):
            idle = now - live.active_at
            unstarted = live.status == "waiting" and not live.played
            if (live.status != "playing" and idle > limits.keep_records) or (unstarted and idle > limits.idle_game):
                del self.all[live.id]
                for room in [r for r, owner in self.by_room.items() if owner is live]:
                    del self.by_room[room]
                await self.lobby.store.drop_tournament(live.id)

    async def _sweep_every(self) -> None:
        while True:
            await asyncio.sleep(self.lobby.limits.sweep_every)
            try:
                await self.sweep()
            except Exception:   # retried next time; it must not stop the server
                log.exception("sweeping old tournaments failed")

    def close(self) -> None:
        """Stop every match clock (a match being played resumes from the database when the server starts again)."""
        for live in self.all.values():
            live.stop()
        if self._sweeper is not None:
            self._sweeper.cancel()
