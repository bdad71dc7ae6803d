"""A finished game in the page: every hand at the end, and the replay step by step (never of a running game)."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from monopoly_deal.record import from_dict, replay
from monopoly_deal.server import LobbyLimits, create_app


def finished_game(client: TestClient) -> tuple[str, int, str]:
    """A 2-player room whose person left at once: two bots finish the game. (room, game id, her token)"""
    room = client.post("/api/rooms", json={"players": 2, "seed": 11}).json()["id"]
    ann = client.post(f"/api/rooms/{room}/join", json={"name": "Ann"}).json()["token"]
    client.post(f"/api/rooms/{room}/bots", json={"token": ann, "bot": "random"})
    game_id = client.post(f"/api/rooms/{room}/start", json={"token": ann}).json()["game_id"]
    assert client.get(f"/api/games/{game_id}/replay").status_code == 403    # running: it would show every card
    client.post(f"/api/rooms/{room}/leave", json={"token": ann})
    deadline = time.time() + 30
    while client.get(f"/api/rooms/{room}").json()["status"] != "finished":
        assert time.time() < deadline
        time.sleep(0.02)
    return room, game_id, ann


def test_a_finished_game_replays_from_any_seat_or_with_every_card_open() -> None:
    with TestClient(create_app("sqlite+aiosqlite://", LobbyLimits(bot_delay=0, allow_seed=True))) as client:
        _room, game_id, _ann = finished_game(client)
        game = replay(from_dict(client.get(f"/api/games/{game_id}/record").json()))
        open_steps = client.get(f"/api/games/{game_id}/replay").json()
        assert len(open_steps) == len(game.history) + 1
        assert [s["action"] for s in open_steps[1:]] == [str(a) for a in game.history]
        last = open_steps[-1]["view"]
        assert last["hands"] == [game.view(p)["hand"] for p in range(2)] and last["winner"] == game.winner
        seen = client.get(f"/api/games/{game_id}/replay?viewer=1&lang=zh-Hant").json()
        assert "hands" not in seen[0]["view"] and seen[0]["view"]["hand"] == open_steps[0]["view"]["hands"][1]
        assert "回合" in seen[0]["lines"][0]
        assert client.get(f"/api/games/{game_id}/replay?viewer=2").status_code == 400
        assert client.get(f"/api/games/{game_id}/replay?viewer=-1").status_code == 400
        assert client.get("/api/games/999/replay").status_code == 404


def test_the_end_state_shows_every_hand_and_a_running_game_none() -> None:
    """A seat sees only its own hand while the game runs; when it is over, every hand (the end screen)."""
    with TestClient(create_app("sqlite+aiosqlite://", LobbyLimits(bot_delay=0, allow_seed=True))) as client:
        room = client.post("/api/rooms", json={"players": 2, "seed": 11}).json()["id"]
        ann = client.post(f"/api/rooms/{room}/join", json={"name": "Ann"}).json()["token"]
        client.post(f"/api/rooms/{room}/join", json={"name": "Bob"})
        client.post(f"/api/rooms/{room}/start", json={"token": ann})
        with client.websocket_connect(f"/ws/{room}?token={ann}") as ws:
            assert ws.receive_json()["type"] == "hello"
            running = ws.receive_json()
            assert "hands" not in running["game"] and running["game"]["hand"]
    with TestClient(create_app("sqlite+aiosqlite://", LobbyLimits(bot_delay=0, allow_seed=True))) as client:
        room, game_id, _ = finished_game(client)
        game = replay(from_dict(client.get(f"/api/games/{game_id}/record").json()))
        with client.websocket_connect(f"/ws/{room}") as ws:    # a spectator, after the end
            ws.receive_json()
            final = ws.receive_json()["game"]
            assert final["hands"] == [game.view(p)["hand"] for p in range(2)]
