"""Write ``server-2026-12.sqlite3`` and ``server-2026-12.json``: a database as ``mdeal serve`` of the release
before migrations (0.x, December 2026) left it, and what a player could see in it, for the upgrade test
(tests/server/test_migrations.py).

    python tests/data/make_server_db.py        # from the repository root, with that release installed

It runs ``mdeal serve`` on a new SQLite file and plays through the HTTP API and WebSockets as people do:

- ``two``: 2 players, base edition, rule options, two people, 25 moves in;
- ``four``: 4 players, enhanced edition, rule options, two people and two bots, 30 moves in;
- ``done``: a finished game (a person against a bot, to a short turn limit) and its rematch, 3 moves in;
- ``cup-done``: a finished tournament (a bot stands in for the people's team);
- ``cup-live``: a tournament mid-match with a person (Ann) seated.

The JSON keeps what the test needs and the database keeps only as hashes (seat tokens, tournament links),
and what each seat saw: its version, hand and legal moves, the finished records and replays, the standings.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

HERE = Path(__file__).resolve().parent
NAME = "server-2026-12"


class Served:
    def __init__(self, db: Path) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen([sys.executable, "-m", "monopoly_deal", "serve", "--port", str(self.port),
                                         "--db", f"sqlite:///{db}", "--bot-delay", "0", "--fixed-seeds"])
        for _ in range(600):
            try:
                httpx.get(f"{self.url}/api/rooms", timeout=1)
                return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise SystemExit("the server did not start")

    def post(self, path: str, body: dict[str, Any]) -> Any:
        answer = httpx.post(f"{self.url}{path}", json=body, timeout=30)
        answer.raise_for_status()
        return answer.json()

    def get(self, path: str) -> Any:
        answer = httpx.get(f"{self.url}{path}", timeout=30)
        answer.raise_for_status()
        return answer.json()

    def state(self, room: str, token: str) -> dict[str, Any]:
        """The seat's state once the bots have moved (a state that is its decision, or nobody's bot's)."""
        with connect(f"ws://127.0.0.1:{self.port}/ws/{room}?token={token}", open_timeout=10) as ws:
            state = _state(ws)
            while _bots_to_move(state):
                state = _state(ws)
            return state

    def play(self, room: str, tokens: list[str], moves: int) -> None:
        """``moves`` moves by the people of ``tokens`` (each their first legal action), bots moving between."""
        sockets = [connect(f"ws://127.0.0.1:{self.port}/ws/{room}?token={t}", open_timeout=10)
                   for t in tokens]
        try:
            made = 0
            while made < moves:
                states = [self.state(room, t) for t in tokens]
                mine = [i for i, s in enumerate(states) if s.get("legal")]
                if not mine or states[0]["room"]["status"] != "playing":
                    return
                i = mine[0]
                sockets[i].send(json.dumps({"type": "act", "action": states[i]["legal"][0]["notation"]}))
                version = states[i]["version"]
                while _state(sockets[i])["version"] == version:
                    pass
                made += 1
        finally:
            for ws in sockets:
                ws.close()

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait()


def _state(ws: Any) -> dict[str, Any]:
    while True:
        message = json.loads(ws.recv(timeout=30))
        if message["type"] == "state":
            return message


def _bots_to_move(state: dict[str, Any]) -> bool:
    game = state.get("game")
    if not game or state["room"]["status"] != "playing" or state.get("legal"):
        return False
    decider = game["decision"]["player"]
    return decider is not None and decider >= 0 and state["room"]["seats"][decider]["kind"] == "bot"


def room(served: Served, players: int, edition: str, rules: dict[str, Any], seed: int, people: list[str],
         bots: list[str]) -> tuple[str, list[str]]:
    room_id = served.post("/api/rooms", {"players": players, "edition": edition, "rules": rules, "seed": seed})["id"]
    tokens = [served.post(f"/api/rooms/{room_id}/join", {"name": name})["token"] for name in people]
    for bot in bots:
        served.post(f"/api/rooms/{room_id}/bots", {"token": tokens[0], "bot": bot})
    served.post(f"/api/rooms/{room_id}/start", {"token": tokens[0]})
    return room_id, tokens


def seen(served: Served, room_id: str, tokens: list[str]) -> list[dict[str, Any]]:
    """What each seat sees now: its seat, the version, its hand and its legal moves."""
    out = []
    for token in tokens:
        state = served.state(room_id, token)
        out.append({"token": token, "seat": state["you"], "version": state["version"],
                    "game_id": state["game_id"], "hand": state["game"]["hand"],
                    "legal": [a["notation"] for a in state["legal"]]})
    return out


def main() -> None:
    db = HERE / f"{NAME}.sqlite3"
    for stale in HERE.glob(f"{NAME}.sqlite3*"):
        stale.unlink()
    served = Served(db)
    try:
        out: dict[str, Any] = {"rooms": {}, "games": {}, "tournaments": {}}
        two, two_tokens = room(served, 2, "base", {"bank_first": True, "putback": "discard"}, 101,
                               ["Ann", "Bo"], [])
        served.play(two, two_tokens, 25)
        four, four_tokens = room(served, 4, "enhanced", {"house_to_win": True, "start": "dice"}, 202,
                                 ["Cy", "Di"], ["heuristic", "random"])
        served.play(four, four_tokens, 30)
        done, done_tokens = room(served, 2, "base", {"max_turns": 16}, 303, ["Ed"], ["random"])
        served.play(done, done_tokens, 10_000)
        first = served.get(f"/api/rooms/{done}/games")
        served.post(f"/api/rooms/{done}/again", {"token": done_tokens[0]})
        served.play(done, done_tokens, 3)
        for name, room_id, tokens in (("two", two, two_tokens), ("four", four, four_tokens),
                                      ("done", done, done_tokens)):
            out["rooms"][name] = {"id": room_id, "seats": seen(served, room_id, tokens)}
        for game_id in first:
            out["games"][str(game_id)] = {"record": served.get(f"/api/games/{game_id}/record"),
                                          "replay": served.get(f"/api/games/{game_id}/replay?viewer=0")}

        cup = served.post("/api/tournaments", {"name": "Cup", "teams": [{"name": "Reds"}, {"name": "Robo",
                          "bot": "random"}], "matches": 1, "limit": 3600, "seed": 7})
        served.post(f"/api/tournaments/{cup['id']}/representative",
                    {"key": cup["organiser"], "team": 0, "name": "Stand-in", "bot": "random"})
        for _ in range(600):
            if served.get(f"/api/tournaments/{cup['id']}")["status"] == "finished":
                break
            time.sleep(0.1)
        live = served.post("/api/tournaments", {"name": "Live", "teams": [{"name": "Ann's"}, {"name": "Robo",
                           "bot": "random"}], "matches": 2, "limit": 3600, "seed": 8})
        served.post(f"/api/tournaments/{live['id']}/representative",
                    {"key": live["organiser"], "team": 0, "name": "Ann"})
        ann = served.post(f"/api/tournaments/{live['id']}/access", {"key": live["teams"][0]})
        served.play(ann["room"], [ann["token"]], 5)
        for name, made in (("cup-done", cup), ("cup-live", live)):
            tid = made["id"]
            entry: dict[str, Any] = {"id": tid, "organiser": made["organiser"], "teams": made["teams"],
                                     "public": served.get(f"/api/tournaments/{tid}"),
                                     "access": [served.post(f"/api/tournaments/{tid}/access", {"key": key})
                                                for key in made["teams"]]}
            if entry["public"]["status"] == "finished":
                entry["file"] = httpx.get(f"{served.url}/api/tournaments/{tid}/file", timeout=30).text
            else:
                entry["seat"] = seen(served, ann["room"], [ann["token"]])[0] | {"room": ann["room"]}
            out["tournaments"][name] = entry
    finally:
        served.stop()
        Path(f"{db}.lock").unlink(missing_ok=True)   # the server's lock: not part of the database
    (HERE / f"{NAME}.json").write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {db} and {HERE / f'{NAME}.json'}")


if __name__ == "__main__":
    main()
