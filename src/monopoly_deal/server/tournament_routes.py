"""The tournaments' page and REST API (server/tournaments.py keeps the state), registered beside the rooms'.

>>> from fastapi.testclient import TestClient
>>> from monopoly_deal.server import create_app
>>> with TestClient(create_app("sqlite+aiosqlite://")) as client:
...     made = client.post("/api/tournaments", json={"name": "Cup", "teams": [{"name": "A"}, {"name": "B"}],
...                                                    "matches": 2}).json()
...     page = client.get(f"/api/tournaments/{made['id']}").json()
...     bad = client.post("/api/tournaments", json={"name": "Cup", "teams": [{"name": "A"}], "matches": 2})
>>> page["status"], page["limit"], [s["rank"] for s in page["standings"]], "seed" in str(page)
('waiting', 2700.0, [1, 1], False)
>>> bad.status_code, bad.json()["error"]
(400, 'teams: List should have at least 2 items after validation, not 1')
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import FastAPI, Path
from fastapi.responses import FileResponse, JSONResponse, Response
from pydantic import Field, ValidationInfo, field_validator

from ..engine import Refusal
from ..tournament import Team
from .dependencies import ClientOf, TournamentsOf
from .errors import RoomError
from .lobby import Lobby
from .page_routes import STATIC
from .protocol import Lang, PlayerName, RoomName, _Strict, check_rules
from .tournaments import MAX_MATCHES, MAX_SEED, LiveTournament, Tournaments

TournamentId = Annotated[str, Path(max_length=32)]
Secret = Annotated[str, Field(min_length=1, max_length=100)]


class TeamEntry(_Strict):
    """A team: its name, and a bot spec when a bot plays all its matches (``None``: people)."""

    name: PlayerName
    bot: str | None = Field(default=None, min_length=1, max_length=100)


class NewTournament(_Strict):
    """A tournament: 2 to 10 teams, 1 to 100 matches, ``limit`` seconds a match (5 s to a day; S1: 45
    minutes), the turn clock (R10.5, seconds a turn, none if absent), edition, rules, language of the rooms."""

    name: RoomName = Field(min_length=1)
    teams: list[TeamEntry] = Field(min_length=2, max_length=10)
    matches: int = Field(default=10, ge=1, le=MAX_MATCHES)
    limit: float = Field(default=45 * 60.0, ge=5, le=24 * 3600)
    clock: float | None = Field(default=None, ge=5, le=3600)
    edition: Literal["base", "enhanced"] = "base"
    rules: dict[str, Any] = Field(default_factory=dict, max_length=20)
    lang: Lang = "en"
    # a second time-out disqualifies the person from the tournament (S1-14), or costs only the match
    stalling: Literal["tournament", "match"] = "tournament"
    seed: int | None = Field(default=None, ge=0, lt=MAX_SEED)  # honoured only by a server started to allow it (tests)

    @field_validator("teams")
    @classmethod
    def _teams(cls, teams: list[TeamEntry]) -> list[TeamEntry]:
        names = [t.name for t in teams]
        for i, t in enumerate(teams):
            if names.index(t.name) != i:
                raise ValueError(f"teams.{i}.name: two teams are named {t.name!r}")
            try:
                Team(t.name, t.bot)   # the library's checks: no '=' or ',' in a name, a bot spec that exists
            except Refusal as error:  # a bot spec refused: in its own words, the team named for programs
                raise Refusal(error.message_id, f"teams.{i}: {str(error).splitlines()[0]}", **error.params) from None
            except ValueError as error:
                raise ValueError(f"teams.{i}: {str(error).splitlines()[0]}") from None
        return teams

    @field_validator("rules")
    @classmethod
    def _rules(cls, rules: dict[str, Any], info: ValidationInfo) -> dict[str, Any]:
        check_rules(rules, len(info.data.get("teams") or [None, None]))
        return rules


class Key(_Strict):
    key: Secret


class NameRepresentative(_Strict):
    """A team's link (or the organiser's) names who plays the next match for ``team``: a person, or (the
    organiser only) a bot to stand in."""

    key: Secret
    team: int = Field(ge=0, le=9)
    name: PlayerName
    bot: str | None = Field(default=None, min_length=1, max_length=100)

    @field_validator("bot")
    @classmethod
    def _bot(cls, bot: str | None) -> str | None:
        if bot is not None:
            Team("stand-in", bot)   # a bad spec raises a ValueError naming it
        return bot


def add_tournaments(app: FastAPI) -> None:
    """Register the tournaments' page (tournament.html) and routes on ``app``."""

    def finished(live: LiveTournament) -> None:
        if live.status != "finished":   # a match's seed gives the next matches' deals
            raise RoomError("tournament-records-later", 403)

    @app.get("/tournaments", include_in_schema=False)
    async def tournaments_page() -> FileResponse:
        return FileResponse(str(STATIC / "tournament.html"))

    @app.get("/api/tournaments")
    async def listing(registry: TournamentsOf) -> list[dict[str, Any]]:
        return registry.listing()

    @app.post("/api/tournaments", status_code=201)
    async def create(body: NewTournament, registry: TournamentsOf, client: ClientOf) -> dict[str, Any]:
        live, organiser = await registry.create(
            body.name, [Team(t.name, t.bot) for t in body.teams], body.matches, body.limit, body.clock, body.edition,
            body.rules, body.lang, body.seed, client, body.stalling)
        return {"id": live.id, "organiser": organiser, **live.access(organiser)}

    @app.get("/api/tournaments/{tournament_id}")
    async def standings(tournament_id: TournamentId, registry: TournamentsOf) -> dict[str, Any]:
        return registry.get(tournament_id).public()

    @app.post("/api/tournaments/{tournament_id}/access")
    async def access(tournament_id: TournamentId, body: Key, registry: TournamentsOf) -> dict[str, Any]:
        return registry.get(tournament_id).access(body.key)

    @app.post("/api/tournaments/{tournament_id}/representative")
    async def representative(tournament_id: TournamentId, body: NameRepresentative,
                             registry: TournamentsOf) -> dict[str, Any]:
        live = registry.get(tournament_id)
        await live.name_representative(body.key, body.team, body.name, body.bot)
        return live.public()

    @app.get("/api/tournaments/{tournament_id}/file")
    async def tournament_file(tournament_id: TournamentId, registry: TournamentsOf) -> Response:
        live = registry.get(tournament_id)
        finished(live)
        return Response(live.tournament.dumps(), media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="tournament-{live.id}.json"'})

    @app.get("/api/tournaments/{tournament_id}/matches/{index}/record")
    async def match_record(tournament_id: TournamentId, index: Annotated[int, Path(ge=0, le=MAX_MATCHES)],
                           registry: TournamentsOf) -> JSONResponse:
        live = registry.get(tournament_id)
        finished(live)
        if index >= len(live.tournament.matches):
            raise RoomError("no-match", 404, match=index)
        return JSONResponse(live.tournament.matches[index].to_dict(), headers={
            "Content-Disposition": f'attachment; filename="tournament-{live.id}-match-{index + 1}.json"'})

    @app.get("/api/rooms/{room_id}/match")
    async def room_match(room_id: Annotated[str, Path(max_length=32)], registry: TournamentsOf) -> dict[str, Any] | None:
        """A match room's bar (``null`` for any other room: every room's page asks, and a 404 would be
        an error in its console; no room is a 404)."""
        live = registry.of_room(room_id)
        if live is None:
            registry.lobby.get(room_id)
            return None
        return await live.room_match(room_id)


async def open_tournaments(app: FastAPI, lobby: Lobby) -> None:
    """The tournaments, loaded after the rooms (a match being played gets its room back)."""
    app.state.tournaments = Tournaments(lobby)
    await app.state.tournaments.load()
