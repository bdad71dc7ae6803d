"""What an operator runs the server with: health checks, metrics on an address of their own, backups taken
mid-game that restore with every game resuming, and logs (text or JSON) that never carry a secret."""

from __future__ import annotations

import json
import socket
import sqlite3
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from monopoly_deal.cli import main
from monopoly_deal.server.app import create_app
from monopoly_deal.server.lobby import LobbyLimits

from .helpers import Server, room_with_bots
from .test_http import GuardedServer
from .test_restart import my_turn


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_healthz_and_readyz(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with TestClient(create_app(f"sqlite:///{db}", LobbyLimits(bot_delay=0))) as client:
        assert client.get("/healthz").json() == {"status": "ok"}
        assert client.get("/readyz").json() == {"status": "ready"}
        with sqlite3.connect(db) as other:      # another release's schema, behind the server's back
            other.execute("UPDATE alembic_version SET version_num = '9999'")
        not_ready = client.get("/readyz")
        assert not_ready.status_code == 503 and not_ready.json() == {
            "status": "not ready", "problem": "the database is at revision 9999, this release needs 0001"}
        assert client.get("/healthz").status_code == 200       # alive all the same
        assert client.get("/metrics").status_code == 404        # never on the game's port


def test_health_checks_spend_no_request_budget() -> None:
    server = GuardedServer(requests=5, request_rate=0.1)
    base = f"http://127.0.0.1:{server.port}"
    try:
        with httpx.Client(base_url=base) as client:
            assert [client.get(path).status_code for path in ["/healthz", "/readyz"] * 20] == [200] * 40
            assert [client.get("/api/bots").status_code for _ in range(4)] == [200] * 4   # the burst, untouched
    finally:
        server.stop()


def scrape(port: int) -> dict[str, float]:
    text = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=5).text
    return {line.rsplit(" ", 1)[0]: float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
            if line.startswith("mdeal_")}


def test_metrics_on_their_own_address_with_bounded_labels(tmp_path: Path) -> None:
    metrics = free_port()
    server = Server(f"sqlite:///{tmp_path / 'games.sqlite3'}", "--metrics", f"127.0.0.1:{metrics}")
    server.start()
    try:
        room, token = room_with_bots(server, 2, seed=5, bot="random")
        with server.socket(room, token) as ws:
            state = my_turn(ws)
            ws.send(json.dumps({"type": "act", "action": state["legal"][0]["notation"]}))
            my_turn(ws)
        assert httpx.post(f"{server.url}/api/rooms/{room}/join", json={"name": "Late"}).status_code == 409
        seen = scrape(metrics)
        assert seen['mdeal_rooms{status="playing"}'] == 1 and seen["mdeal_games_live"] == 1
        assert seen['mdeal_actions_stored_total{database="sqlite"}'] >= 1
        assert seen['mdeal_store_write_seconds_count{database="sqlite"}'] >= 1
        assert seen['mdeal_refusals_total{code="seats-closed"}'] == 1
        assert seen['mdeal_bot_think_seconds_count{lane="quick"}'] >= 1
        assert "mdeal_bot_decisions_waiting" in seen and 'mdeal_websockets{who="player"}' in seen
        labels = " ".join(seen)
        assert room not in labels and token not in labels
        assert httpx.get(f"{server.url}/metrics").status_code == 404
    finally:
        server.stop()


def test_metrics_never_share_the_game_s_port(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "8123", "--metrics", "127.0.0.1:8123"]) == 2
    assert capsys.readouterr().err == ("mdeal serve: --metrics: the port 8123 is the game's own; metrics are served "
                                       "on another (e.g. 127.0.0.1:9108)\n")
    with pytest.raises(SystemExit):
        main(["serve", "--metrics", "9108"])
    assert "expected HOST:PORT" in capsys.readouterr().err


def test_a_backup_taken_mid_game_restores_and_every_game_resumes(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    server = Server(url)
    server.start()
    rooms: list[tuple[str, str, int]] = []
    try:
        for seed in (1, 2):
            room, token = room_with_bots(server, 3, seed=seed, bot="random")
            with server.socket(room, token) as ws:
                state = my_turn(ws)
                ws.send(json.dumps({"type": "act", "action": state["legal"][0]["notation"]}))
                rooms.append((room, token, my_turn(ws)["version"]))
        assert main(["db", "backup", str(tmp_path / "backup.sqlite3"), "--db", url]) == 0   # while it runs
        with server.socket(*rooms[0][:2]) as ws:       # the game goes on after the backup
            state = my_turn(ws)
            ws.send(json.dumps({"type": "act", "action": state["legal"][0]["notation"]}))
            assert my_turn(ws)["version"] > rooms[0][2]
    finally:
        server.stop()
    restored = f"sqlite:///{tmp_path / 'restored.sqlite3'}"
    assert main(["db", "restore", str(tmp_path / "backup.sqlite3"), "--db", restored]) == 0
    assert "restored" in capsys.readouterr().out
    server = Server(restored)
    server.start()
    try:
        for room, token, version in rooms:
            with server.socket(room, token) as ws:
                assert my_turn(ws)["version"] == version     # as it was when the backup was taken
    finally:
        server.stop()


def test_the_log_of_a_whole_game_and_tournament_is_json_and_holds_no_secret(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'games.sqlite3'}", "--log-format", "json", log=tmp_path / "log")
    server.start()
    try:
        room = server.post("/api/rooms", {"players": 2, "seed": 4, "private": True, "rules": {"max_turns": 12}})
        token = server.post(f"/api/rooms/{room['id']}/join", {"name": "Ann", "invite": room["invite"]})["token"]
        server.post(f"/api/rooms/{room['id']}/bots", {"token": token, "bot": "random"})
        server.post(f"/api/rooms/{room['id']}/start", {"token": token})
        with server.socket(room["id"], token) as ws:
            while (state := my_turn(ws))["legal"]:
                ws.send(json.dumps({"type": "act", "action": state["legal"][0]["notation"]}))
        cup = server.post("/api/tournaments", {"name": "Cup", "matches": 1, "teams": [
            {"name": "A", "bot": "random"}, {"name": "B", "bot": "random"}]})
        for _ in range(600):
            if httpx.get(f"{server.url}/api/tournaments/{cup['id']}").json()["status"] == "finished":
                break
            time.sleep(0.1)
    finally:
        server.stop()
    err = (tmp_path / "log").read_text()
    lines = [json.loads(line) for line in err.splitlines() if line.strip()]
    events = [line["event"] for line in lines]
    assert all({"time", "level", "event"} <= set(line) for line in lines)
    assert any("game 1 started" in e for e in events) and any("over" in e for e in events)
    assert any(line.get("room") == room["id"] and "version" in line for line in lines)
    assert any(line.get("tournament") == cup["id"] for line in lines)
    secrets = [token, room["invite"], cup["organiser"], *cup["teams"]]
    assert not [secret for secret in secrets if secret in err]
