"""Browser tournaments' API (server/tournaments.py): hostile input, secrets, quotas, the turn clock's forfeit
(R10.5), the limit (R10.3) across a restart; the whole thing in a browser is test_tournament_browser.py."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from monopoly_deal.server import create_app, tournaments
from monopoly_deal.server.connections import client_key
from monopoly_deal.server.errors import RoomError
from monopoly_deal.server.lobby import LobbyLimits
from monopoly_deal.server.protocol import RoomOptions
from monopoly_deal.server.rooms import Room
from monopoly_deal.server.tournaments import Tournaments
from monopoly_deal.tournament import Team, Tournament

from .helpers import Server, match_in_progress, new_lobby

CUP = {"name": "Cup", "teams": [{"name": "Ann's"}, {"name": "Robo", "bot": "random"}, {"name": "Bee"}], "matches": 2}


@pytest.fixture
def client() -> Iterator[TestClient]:
    limits = LobbyLimits(bot_delay=0, bot_answer=0, rooms_per_client=3, allow_seed=True)
    with TestClient(create_app("sqlite+aiosqlite://", limits)) as client:
        yield client


def made(client: TestClient, **changes: Any) -> dict[str, Any]:
    response = client.post("/api/tournaments", json={**CUP, **changes})
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


@pytest.mark.parametrize(("changes", "error"), [
    ({"teams": [{"name": "A"}]}, "teams: List should have at least 2 items"),
    ({"teams": [{"name": f"T{i}"} for i in range(11)]}, "teams: List should have at most 10 items"),
    ({"teams": [{"name": "A"}, {"name": "A"}]}, "teams.1.name: two teams are named 'A'"),
    ({"teams": [{"name": "A=B"}, {"name": "C"}]}, "teams.0: team name 'A=B'"),
    ({"teams": [{"name": "A\u202e"}, {"name": "C"}]}, "teams.0.name: a name may not hold U+202E"),
    ({"teams": [{"name": "A", "bot": "nobot"}, {"name": "C"}]}, "teams.0: "),
    ({"matches": 101}, "matches: Input should be less than or equal to 100"),
    ({"limit": 1}, "limit: Input should be greater than or equal to 5"),
    ({"clock": 2}, "clock: Input should be greater than or equal to 5"),
    ({"name": "x" * 41}, "name: at most 40 characters"),
    ({"rules": {"decks": 9}}, "rules.decks: 0 (automatic) or 1 to 2 decks for 3 players, not 9"),
    ({"rules": {"nonsense": 1}}, "rules: "),
    ({"edition": "deluxe"}, "edition: "),
    ({"secret": 1}, "secret: Extra inputs are not permitted"),
])
def test_hostile_options_are_refused_naming_the_field(client: TestClient, changes: dict[str, Any], error: str) -> None:
    response = client.post("/api/tournaments", json={**CUP, **changes})
    assert response.status_code == 400 and response.json()["error"].startswith(error), response.text
    assert client.get("/api/tournaments").json() == []


def test_secrets_stay_secret_and_each_link_does_only_its_own(client: TestClient) -> None:
    cup = made(client)
    tid, organiser, teams = cup["id"], cup["organiser"], cup["teams"]
    public = client.get(f"/api/tournaments/{tid}").text
    assert organiser not in public and not any(secret in public for secret in teams) and "seed" not in public
    access = client.post(f"/api/tournaments/{tid}/access", json={"key": teams[2]}).json()
    assert access == {"role": "team", "team": 2, "room": None, "token": None}
    assert client.post(f"/api/tournaments/{tid}/access", json={"key": organiser}).json()["teams"] == teams
    rep = f"/api/tournaments/{tid}/representative"
    for body, status, error in [
        ({"key": "guess", "team": 0, "name": "Eve"}, 403, "this key is not one of this tournament's links"),
        ({"key": teams[2], "team": 0, "name": "Eve"}, 403, "a team's link names that team's representative only"),
        ({"key": teams[2], "team": 2, "name": "Eve", "bot": "random"}, 403, "only the organiser names a bot"),
        ({"key": organiser, "team": 1, "name": "Eve"}, 409, "team Robo is a bot team"),
        ({"key": organiser, "team": 7, "name": "Eve"}, 400, "team: 0 to 2, not 7"),
        ({"key": organiser, "team": 0, "name": " "}, 400, "name: a name needs at least one visible"),
        ({"key": organiser, "team": 0, "name": "Eve", "bot": "nobot:x=1"}, 400, "bot: "),
    ]:
        response = client.post(rep, json=body)
        assert (response.status_code, response.json()["error"][:len(error)]) == (status, error), response.text
    assert client.get(f"/api/tournaments/{tid}").json()["schedule"][0]["reps"] == [None, "random", None]
    assert client.get("/api/tournaments/nothere").status_code == 404
    assert client.get(f"/api/tournaments/{'x' * 40}").status_code == 400


def test_a_tournament_counts_against_its_creators_quota(client: TestClient) -> None:
    for _ in range(3):
        made(client)
    response = client.post("/api/tournaments", json=CUP)
    assert response.status_code == 429 and "rooms and tournaments going" in response.json()["error"]


def test_R10_2_a_match_is_seated_by_the_librarys_dice_and_its_records_wait_for_the_end(client: TestClient) -> None:
    cup = made(client, seed=11, limit=5)
    tid, organiser = cup["id"], cup["organiser"]
    client.post(f"/api/tournaments/{tid}/representative", json={"key": organiser, "team": 0, "name": "A"})
    client.post(f"/api/tournaments/{tid}/representative", json={"key": cup["teams"][2], "team": 2, "name": "Bea"})
    match = client.get(f"/api/tournaments/{tid}").json()["schedule"][0]
    from monopoly_deal.tournament import MatchDice, TournamentOptions, seat_by_dice
    options = TournamentOptions((Team("Ann's"), Team("Robo", "random"), Team("Bee")), 2, seed=11)
    seating = seat_by_dice(3, MatchDice(options.match_seed(0)))
    assert match["order"] == seating.order and [tuple(r.values()) for r in match["dice"]] == \
        [(list(p), list(t)) for p, t in seating.rounds]
    room = client.get(f"/api/rooms/{match['room']}").json()
    assert room["private"] and [s["name"] for s in room["seats"]] == [options.names[t] for t in seating.order]
    token = client.post(f"/api/tournaments/{tid}/access", json={"key": cup["teams"][2]}).json()["token"]
    assert client.post(f"/api/rooms/{match['room']}/again", json={"token": token}).status_code == 409
    bar = client.get(f"/api/rooms/{match['room']}/match").json()
    assert bar["match"] == 0 and len(bar["assets"]) == 3 and bar["ends"] == match["ends"]
    other = client.post("/api/rooms", json={"players": 2}).json()["id"]
    assert client.get(f"/api/rooms/{other}/match").json() is None      # any other room: no bar
    assert client.get(f"/api/tournaments/{tid}/file").status_code == 403
    assert client.get(f"/api/tournaments/{tid}/matches/0/record").status_code == 403


async def expire_now(room: Room) -> None:
    """The turn clock's timer runs out now, rather than after its 5 seconds."""
    assert room._timer is not None and room.game is not None
    room._timer.cancel()
    room._timer = asyncio.create_task(room._expire((room.game.turn, room.game.decider), time.time()))
    await room._timer


def test_R10_5_a_second_time_out_forfeits_the_match_and_the_file_replays() -> None:
    async def play() -> Tournament:
        lobby = await new_lobby()
        registry = Tournaments(lobby)
        live, organiser = await registry.create("Cup", [Team("A"), Team("B")], 1, 5.0, 5.0, "base", {}, "en",
                                                seed=4, client=None)
        await live.name_representative(organiser, 0, "Ann", None)
        await live.name_representative(organiser, 1, "Bob", None)
        room = live.room()
        assert room is not None and room.game is not None
        forfeiter = room.game.decider
        while room.seats[forfeiter].kind == "human":   # type: ignore[union-attr]
            await expire_now(room)
        assert live.next is not None and [t.seat for t in live.next.timeouts].count(forfeiter) == 2
        live.next.started = time.time() - 10     # the limit passes
        await live.finish()
        registry.close()
        await lobby.close()
        return live.tournament

    tournament = asyncio.run(play())
    match = tournament.matches[0]
    forfeit_team = match.seating.order[[t.seat for t in match.timeouts][-1]]
    assert match.forfeits == {forfeit_team} and match.points(2)[forfeit_team] == 0
    assert Tournament.from_dict(tournament.to_dict()).matches == tournament.matches   # the library replays it


@pytest.mark.parametrize("stalling", ["tournament", "match"])
def test_R10_5_a_person_who_stalls_twice_is_disqualified_from_the_tournament(stalling: str) -> None:
    """S1-14 (再犯即喪失比賽資格): by default the person may not represent any team again; the team names
    someone else. ``stalling="match"`` costs only the match."""
    async def play() -> None:
        lobby = await new_lobby()
        registry = Tournaments(lobby)
        live, organiser = await registry.create("Cup", [Team("A"), Team("B")], 2, 5.0, 5.0, "base", {}, "en",
                                                seed=4, client=None, stalling=stalling)
        await live.name_representative(organiser, 0, "Ann", None)
        await live.name_representative(organiser, 1, "Bob", None)
        room = live.room()
        assert room is not None and room.game is not None
        staller = room.game.decider
        while room.seats[staller].kind == "human":   # type: ignore[union-attr]
            await expire_now(room)
        team = live.tournament.options.names.index(room.seats[staller].name)     # type: ignore[union-attr]
        name = ["Ann", "Bob"][team]
        live.next.started = time.time() - 10     # type: ignore[union-attr]   # the limit passes
        await live.finish()
        public = live.public()
        assert public["stalling"] == stalling
        if stalling == "tournament":
            assert public["disqualified"] == [name]
            for who, other in ((name, team), (f"  {name.upper()} ", 1 - team)):    # for no team, however written
                with pytest.raises(RoomError) as refused:
                    await live.name_representative(organiser, other, who, None)
                assert refused.value.code == "disqualified"
            await live.name_representative(organiser, team, "Cy", None)         # someone else may
        else:
            assert public["disqualified"] == []
            await live.name_representative(organiser, team, name, None)
        registry.close()
        await lobby.close()

    asyncio.run(play())


class EarlyClock:
    """``time.time()`` for server/tournaments.py whose second reading is half a second behind: the event
    loop's timer woke before the wall clock says the limit has passed (uvloop's timers count whole
    milliseconds from the loop's cached time, so they may wake a hair early)."""

    def __init__(self) -> None:
        self.readings = 0

    def time(self) -> float:
        self.readings += 1
        return time.time() - (0.5 if self.readings == 2 else 0.0)


def test_R10_3_a_match_ends_at_its_limit_when_the_timer_wakes_early(monkeypatch: pytest.MonkeyPatch) -> None:
    async def play() -> Tournament:
        lobby = await new_lobby()
        registry = Tournaments(lobby)
        live, organiser = await registry.create("Cup", [Team("A"), Team("B")], 1, 5.0, None, "base", {}, "en",
                                                seed=4, client=None)
        await live.name_representative(organiser, 0, "Ann", None)
        await live.name_representative(organiser, 1, "Bob", None)
        assert live.next is not None and live.status == "playing"
        live.stop()
        live.next.started = time.time() - 4.8                      # 0.2 s left
        monkeypatch.setattr(tournaments, "time", EarlyClock())
        live._arm_timer()
        for _ in range(40):
            await asyncio.sleep(0.05)
            if live.status == "finished":
                break
        registry.close()
        await lobby.close()
        return live.tournament

    tournament = asyncio.run(play())
    assert [m.end for m in tournament.matches] == ["time-limit"]


def test_R10_3_a_limit_passed_while_the_server_was_down_ends_the_match_at_restart(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    server.start()
    try:
        cup = server.post("/api/tournaments", {**CUP, "teams": [{"name": "A"}, {"name": "B"}], "limit": 5})
        for team in (0, 1):
            server.post(f"/api/tournaments/{cup['id']}/representative",
                        {"key": cup["organiser"], "team": team, "name": f"P{team}"})
        started = httpx.get(f"{server.url}/api/tournaments/{cup['id']}").json()["schedule"][0]
        assert started["room"] and started["ends"] - started["started"] == 5
        server.kill()
        time.sleep(max(0.0, started["ends"] - time.time()) + 0.5)
        server.start()
        data = httpx.get(f"{server.url}/api/tournaments/{cup['id']}").json()
        first = data["schedule"][0]
        assert first["end"] == "time-limit" and first["how"] in ("assets", "roll-off") and data["status"] == "waiting"
        assert sum(s["points"] for s in data["standings"]) == 1
        room = httpx.get(f"{server.url}/api/rooms/{started['room']}").json()
        assert room["status"] == "finished"
    finally:
        server.stop()


def test_a_tournament_of_bot_teams_starts_at_once_and_plays_through(client: TestClient) -> None:
    """Bot teams are always ready: nobody is waited for, the matches follow one another, and the standings
    page shows each match's room to watch while it is played."""
    cup = made(client, teams=[{"name": "Robo", "bot": "random"}, {"name": "Heuri", "bot": "heuristic"}],
               matches=2, seed=3)
    assert client.get(f"/api/tournaments/{cup['id']}").json()["status"] in ("playing", "finished")
    rooms = set()
    deadline = time.time() + 120
    while (public := client.get(f"/api/tournaments/{cup['id']}").json())["status"] != "finished":
        assert public["status"] == "playing", public["status"]      # never "waiting" for anybody
        rooms |= {m["room"] for m in public["schedule"] if m.get("room")}
        assert time.time() < deadline
        time.sleep(0.05)
    assert len(public["schedule"]) == 2 and sum(s["matches"] for s in public["standings"]) == 4
    assert {m["room"] for m in public["schedule"]} >= rooms and len({m["room"] for m in public["schedule"]}) == 2


def test_R10_5_a_person_who_leaves_a_match_forfeits_it_and_the_file_says_so() -> None:
    """Leaving a match's room hands the seat to a stand-in and forfeits the match for the team (R10.5), as a
    second time-out does: the stand-in's win is no win for it."""
    async def play() -> tuple[Tournament, int]:
        lobby = await new_lobby()
        registry, live, room = await match_in_progress(lobby)
        assert live.next is not None
        token = live.next.tokens[0]
        assert token is not None
        seat = room.seat_of(token)
        await room.leave(token)
        assert room.seats[seat].kind == "bot"            # type: ignore[union-attr]
        stored = dict(await lobby.store.tournaments())[live.id]
        assert stored["next"]["left"] == [[seat, len(room.game.history)]]    # type: ignore[union-attr]
        live.next.started = time.time() - 10               # the limit passes
        await live.finish()
        registry.close()
        await lobby.close()
        return live.tournament, seat

    tournament, seat = asyncio.run(play())
    match = tournament.matches[0]
    team = match.seating.order[seat]
    assert match.forfeits == {team} and match.points(2)[team] == 0
    assert Tournament.from_dict(tournament.to_dict()).matches == tournament.matches   # the file replays


def test_issue_30_item_6_quotas_names_reserve_and_a_played_match_room() -> None:
    """A tournament's name of any accepted length makes its match rooms; match rooms leave the newcomers'
    reserve alone; a played match room is never dealt again, after a restart too; a tournament that never
    starts expires after a day; an IPv6 /64 is one client."""
    async def play() -> None:
        lobby = await new_lobby(max_rooms=4, room_reserve=2)
        registry = Tournaments(lobby)
        live, organiser = await registry.create("x" * 40, [Team("A"), Team("B", "random")], 2, 5.0, None, "base",
                                                {}, "en", seed=4, client=None)
        await live.name_representative(organiser, 0, "Ann", None)
        room = live.room()
        assert room is not None and live.next is not None and room.options.name == "x" * 36 + " · 1"
        token = live.next.tokens[0]
        assert token is not None
        await (await lobby.create(RoomOptions(), client="one")).join("Cy")   # the shared rooms are full now
        with pytest.raises(RoomError, match="at most 4 rooms"):       # a match does not take the reserve
            await lobby.create(RoomOptions(name="match"), reserve=False)
        await lobby.create(RoomOptions(), client="newcomer")          # a newcomer still gets in
        live.next.started = time.time() - 10
        await live.finish()
        room.hook, room.match_room = None, False                      # as after a restart
        again = Tournaments(lobby)
        await again.load()
        with pytest.raises(RoomError, match="a tournament match is played once"):
            await room.again(token)
        waiting, _ = await registry.create("Later", [Team("A"), Team("B")], 1, 5.0, None, "base", {}, "en",
                                           seed=5, client="two")
        await registry.sweep(time.time() + lobby.limits.idle_game + 1)
        assert waiting.id not in registry.all and live.id in registry.all
        registry.close()
        again.close()
        await lobby.close()

    asyncio.run(play())
    assert client_key("2001:db8:1:2::5") == client_key("2001:db8:1:2:ffff::9") != client_key("2001:db8:1:3::5")
