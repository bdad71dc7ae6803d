"""The REST API and the WebSocket protocol: rooms and seats, who may act, bad input, caps, records."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from monopoly_deal.bots import BOTS
from monopoly_deal.engine import Rules
from monopoly_deal.engine.cards import TYPES, Kind
from monopoly_deal.i18n import LANGUAGES, get_translator
from monopoly_deal.record import from_dict, replay
from monopoly_deal.server import LobbyLimits, create_app
from monopoly_deal.server.page_routes import STATIC


def client_for(**limits: Any) -> TestClient:
    return TestClient(create_app("sqlite+aiosqlite://", LobbyLimits(**{"bot_delay": 0, "allow_seed": True, **limits})))


@pytest.fixture
def client() -> Iterator[TestClient]:
    with client_for() as c:
        yield c


def new_room(client: TestClient, **options: Any) -> str:
    response = client.post("/api/rooms", json={"players": 2, **options})
    assert response.status_code == 201, response.text
    return response.json()["id"]


def join(client: TestClient, room: str, name: str = "Ann") -> str:
    response = client.post(f"/api/rooms/{room}/join", json={"name": name})
    assert response.status_code == 200, response.text
    return response.json()["token"]


def started(client: TestClient, seed: int = 3) -> tuple[str, str, str]:
    """A 2-player room with two people, started: (room, token of P1, token of P2)."""
    room = new_room(client, seed=seed, rules={"start": 0})
    a, b = join(client, room, "Ann"), join(client, room, "Bob")
    assert client.post(f"/api/rooms/{room}/start", json={"token": a}).status_code == 200
    return room, a, b


def state(ws: Any) -> dict[str, Any]:
    """The next state message (skipping the hello and notices)."""
    while True:
        message = ws.receive_json()
        if message["type"] == "state":
            return message


def error(ws: Any) -> str:
    while True:
        message = ws.receive_json()
        if message["type"] == "error":
            return message["error"]


def test_lobby_seats_bots_and_start(client: TestClient) -> None:
    room = new_room(client, name="Friday", players=3, clock=30, lang="zh-Hant")
    assert [r["id"] for r in client.get("/api/rooms").json()] == [room]
    ann = join(client, room)
    bob = join(client, room, "Bob")
    assert client.post(f"/api/rooms/{room}/start", json={"token": ann}).json()["error"].endswith("empty: P3")
    bad = client.post(f"/api/rooms/{room}/bots", json={"token": ann, "bot": "nobody"})
    assert bad.status_code == 400 and "unknown bot 'nobody'" in bad.json()["error"] and "random" in bad.json()["error"]
    assert client.post(f"/api/rooms/{room}/bots", json={"token": "forged", "bot": "random"}).status_code == 403
    assert client.post(f"/api/rooms/{room}/bots", json={"token": bob, "bot": "random"}).json()["seat"] == 2
    full = client.post(f"/api/rooms/{room}/join", json={"name": "Cy"})
    assert full.status_code == 409 and full.json()["error"] == "the room is full"
    summary = client.post(f"/api/rooms/{room}/start", json={"token": bob}).json()
    assert summary["status"] == "playing" and summary["clock"] == 30 and summary["lang"] == "zh-Hant"
    assert [s["kind"] for s in summary["seats"]] == ["human", "human", "bot"]
    assert client.post(f"/api/rooms/{room}/start", json={"token": bob}).status_code == 409


@pytest.mark.parametrize(("body", "problem"), [
    ({"players": 11}, "players: Input should be less than or equal to 10"),
    ({"edition": "deluxe"}, "edition: Input should be 'base' or 'enhanced'"),
    ({"rules": {"colour_blind": True}}, "unknown rule option(s) colour_blind"),
    ({"clock": 1}, "clock: Input should be greater than or equal to 5"),
    ({"players": 2, "surprise": 1}, "surprise: Extra inputs are not permitted"),
])
def test_bad_room_options_are_refused_with_the_reason(client: TestClient, body: dict, problem: str) -> None:
    response = client.post("/api/rooms", json=body)
    assert response.status_code == 400 and problem in response.json()["error"]
    assert client.get("/api/rooms").json() == []


def test_oversized_request_is_refused(client: TestClient) -> None:
    response = client.post("/api/rooms", content=json.dumps({"name": "x" * 20000}),
                           headers={"content-type": "application/json"})
    assert response.status_code == 413


def test_a_seat_acts_only_for_itself_and_only_in_turn(client: TestClient) -> None:
    room, ann, bob = started(client)
    with client.websocket_connect(f"/ws/{room}?token={ann}") as p1, \
            client.websocket_connect(f"/ws/{room}?token={bob}") as p2, \
            client.websocket_connect(f"/ws/{room}") as watcher:
        s1, s2, s0 = state(p1), state(p2), state(watcher)
        assert s1["you"] == 0 and s1["game"]["decision"]["player"] == 0 and s1["legal"]
        assert s2["legal"] == [] and s0["legal"] == [] and "hand" not in s0["game"] and s0["you"] is None
        assert len(s1["game"]["hand"]) == s1["game"]["hand_sizes"][0]   # each seat is sent its own hand
        assert len(s2["game"]["hand"]) == s2["game"]["hand_sizes"][1]
        # Out of turn, illegal, malformed: an error, and nothing changes.
        p2.send_json({"type": "act", "action": "end"})
        assert error(p2).startswith("not your decision: Ann must decide (play)")
        p1.send_json({"type": "act", "action": "pay 10M"})   # a payment when nobody owes anything
        assert error(p1) == "pay 10M is not legal now"
        p1.send_json({"type": "act", "action": "fly away"})
        assert error(p1) == "cannot read action 'fly away': unknown verb 'fly'"
        p1.send_text("{not json")
        assert error(p1).startswith("bad message: Invalid JSON")
        p1.send_json({"type": "teleport"})
        assert error(p1).startswith("bad message:")
        p1.send_text(json.dumps({"type": "act", "action": "end", "pad": "x" * 2000}))
        assert error(p1).startswith("message too long")
        watcher.send_json({"type": "act", "action": "end"})
        assert error(watcher).startswith("spectators cannot act")
        p1.send_json({"type": "ping"})
        assert p1.receive_json() == {"type": "pong"}
        # A legal action: everyone hears of it; the version moves by one.
        p1.send_json({"type": "act", "action": "end"})
        after = state(p2)
        assert after["version"] == s2["version"] + 1 and after["game"]["decision"]["player"] == 1 and after["legal"]
        assert state(watcher)["version"] == after["version"]


def test_a_wrong_token_or_room_is_refused(client: TestClient) -> None:
    room, _, _ = started(client)
    with client.websocket_connect(f"/ws/{room}?token=forged") as ws:
        assert ws.receive_json()["error"] == "this seat token is not valid in this room"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    with client.websocket_connect("/ws/nowhere") as ws:
        assert ws.receive_json()["error"] == "no room 'nowhere'"


def test_reconnecting_restores_the_seat_and_its_pending_decision(client: TestClient) -> None:
    room, ann, _ = started(client)
    with client.websocket_connect(f"/ws/{room}?token={ann}") as ws:
        first = state(ws)
        ws.send_json({"type": "act", "action": first["legal"][1]["notation"]})
        before = state(ws)
    with client.websocket_connect(f"/ws/{room}?token={ann}&lang=zh-Hans") as ws:
        hello = ws.receive_json()
        assert hello["type"] == "hello" and hello["cards"]["sly-deal"]["name"] == "盗取"
        again = state(ws)
    assert again["game"] == before["game"] and again["version"] == before["version"]
    assert [a["notation"] for a in again["legal"]] == [a["notation"] for a in before["legal"]]
    assert again["log_reset"] and len(again["log"]) >= len(first["log"])


def test_a_flood_is_throttled_then_cut_off() -> None:
    with client_for(messages_per_second=10, message_burst=20, cut_off=50) as client:
        flood(client)


def flood(client: TestClient) -> None:
    room, ann, _ = started(client)
    with client.websocket_connect(f"/ws/{room}?token={ann}") as ws:
        state(ws)
        for _ in range(200):
            ws.send_json({"type": "ping"})
        kinds = []
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                kinds.append(ws.receive_json()["type"])
        assert closed.value.code == 1008
        assert "error" in kinds and kinds.count("pong") <= 30
        # told to slow down once for each run of refused messages, not once for each of them (each one a write)
        assert kinds.count("error") <= kinds.count("pong") + 1 < 50


def test_rooms_and_spectators_are_capped_and_a_seated_player_always_gets_in() -> None:
    with client_for(max_rooms=1, max_connections=1) as client:
        room = new_room(client)
        ann = join(client, room)
        refused = client.post("/api/rooms", json={"players": 2})
        assert refused.status_code == 503 and "at most 1 rooms" in refused.json()["error"]
        with client.websocket_connect(f"/ws/{room}") as first:
            state(first)
            with client.websocket_connect(f"/ws/{room}") as second:
                assert "at most 1 spectators' connections" in second.receive_json()["error"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    second.receive_json()
                assert closed.value.code == 1013
            with client.websocket_connect(f"/ws/{room}?token={ann}") as seated:
                assert state(seated)["you"] == 0


def test_a_player_who_leaves_is_replaced_by_a_bot_and_the_record_comes_when_it_ends(client: TestClient) -> None:
    room = new_room(client, seed=11)
    ann = join(client, room)
    client.post(f"/api/rooms/{room}/bots", json={"token": ann, "bot": "random"})
    game_id = client.post(f"/api/rooms/{room}/start", json={"token": ann}).json()["game_id"]
    assert client.get(f"/api/games/{game_id}/record").status_code == 403   # would show every hidden card
    assert client.post(f"/api/rooms/{room}/leave", json={"token": ann}).json()["seats"][0]["kind"] == "bot"
    deadline = time.time() + 30
    while client.get(f"/api/rooms/{room}").json()["status"] != "finished":
        assert time.time() < deadline
        time.sleep(0.02)
    record = client.get(f"/api/games/{game_id}/record")
    assert record.status_code == 200 and "attachment" in record.headers["content-disposition"]
    game = replay(from_dict(record.json()))     # a finished game's record replays to its result
    assert game.over and client.get(f"/api/rooms/{room}/games").json() == [game_id]
    assert client.post(f"/api/rooms/{room}/again", json={"token": ann}).status_code == 403   # she gave it up


def test_finished_rooms_nobody_watches_make_way_for_new_ones() -> None:
    with client_for(max_rooms=1) as client:
        room = new_room(client, seed=2)
        ann = join(client, room)
        client.post(f"/api/rooms/{room}/bots", json={"token": ann, "bot": "random"})
        client.post(f"/api/rooms/{room}/start", json={"token": ann})
        client.post(f"/api/rooms/{room}/leave", json={"token": ann})   # two bots finish the game
        deadline = time.time() + 30
        while client.get(f"/api/rooms/{room}").json()["status"] != "finished":
            assert time.time() < deadline
            time.sleep(0.02)
        assert client.post("/api/rooms", json={"players": 2}).status_code == 201
        assert client.get(f"/api/rooms/{room}").status_code == 404


def test_the_page_s_words_come_from_the_catalogues(client: TestClient) -> None:
    words = client.get("/api/i18n/zh-Hant").json()
    assert words["web.create"] == "開新房間" and words["web.quick-play"] == "與電腦對戰" and words["ui.log"] == "遊戲記錄"
    assert words == {k: v for k, v in get_translator("zh-Hant").catalogue().items() if k.startswith(("web.", "ui."))}
    response = client.get("/api/i18n/fr")
    assert response.status_code == 404
    assert response.json()["error"] == "unknown language 'fr'; choose one of en, zh-Hant, zh-Hans"


def test_every_label_the_page_asks_for_is_in_the_catalogue() -> None:
    """The page's modules ask for t("key") (web.key) and ui("key") (ui.key); room statuses, notices, editions,
    bots' names and the rules text of every kind of card are keys too. The tournament pages' modules ask
    their own words (tournament-words.js, checked below)."""
    script = "".join(text for f in STATIC.iterdir() if f.name.endswith(".js")
                     and "tournament-words.js" not in (text := f.read_text(encoding="utf-8")))
    wanted = {f"web.{k}" for k in re.findall(r'\bt\("([\w.-]+)"', script)}
    wanted |= {f"ui.{k}" for k in re.findall(r'\bui\("([\w.-]+)"', script)}
    wanted |= {f"web.{k}" for k in ("open", "playing", "finished", "timeout", "forfeit", "base", "enhanced")}
    wanted |= {f"web.bot-name.{name}" for name, bot in BOTS.items() if not bot.local}   # the server's bots
    wanted |= {f"web.cardtext.{Kind(t.kind).name.lower()}" for t in TYPES}
    assert len(wanted) > 100
    assert sorted(wanted - set(get_translator("en").catalogue())) == []


def test_the_rule_options_come_with_words_in_every_language() -> None:
    """GET /api/rules: every option of Rules.options(), labelled and explained, its choices in words."""
    with TestClient(create_app("sqlite+aiosqlite://")) as client:
        for lang in LANGUAGES:
            options = client.get(f"/api/rules?lang={lang}").json()
            assert [o["name"] for o in options] == [o["name"] for o in Rules.options()]
            assert all(o["label"] and o["help"] for o in options)
            assert all(c["label"] for o in options if o["kind"] == "choice" for c in o["choices"])
        english = {o["name"]: o for o in client.get("/api/rules").json()}
        assert english["putback"]["choices"][1] == {"value": "discard", "label": "on the discard pile"}
        assert english["max_turns"]["max"] == 1000      # the server's bound, tighter than the engine's
        assert client.get("/api/rules?lang=fr").status_code == 404


def test_the_tournament_pages_have_every_word_in_every_language() -> None:
    """tournament-words.js: the same keys in English, 繁體中文 and 简体中文, and every tw key the pages ask for."""
    words = (STATIC / "tournament-words.js").read_text(encoding="utf-8")
    blocks = re.split(r'^  (?:en|"zh-Hant"|"zh-Hans"): \{', words, flags=re.MULTILINE)[1:]
    keys = [set(re.findall(r'(?:^|[\s,{])"?([\w-]+)"?: "', block.split("\n  },")[0])) for block in blocks]
    assert len(keys) == 3 and keys[0] == keys[1] == keys[2] and len(keys[0]) > 40
    pages = "".join((STATIC / name).read_text(encoding="utf-8") for name in ("tournament.js", "match.js"))
    assert sorted(set(re.findall(r'\bt\("([\w.-]+)"', pages)) - keys[0]) == []


def test_a_bot_that_reads_files_is_neither_listed_nor_seated(client: TestClient) -> None:
    """A ``local`` bot (the policy bot reads a model file of this machine) plays only from the command line."""
    from monopoly_deal.bots import RandomBot
    from monopoly_deal.bots.registry import BOTS, BotInfo, register

    register(BotInfo("reader", "reads a file", RandomBot, {}, local=True))
    try:
        assert "reader" not in [b["name"] for b in client.get("/api/bots").json()]
        room = new_room(client)
        ann = join(client, room)
        refused = client.post(f"/api/rooms/{room}/bots", json={"token": ann, "bot": "reader"})
        assert refused.status_code == 400 and "plays only from the command line" in refused.json()["error"]
    finally:
        del BOTS["reader"]
