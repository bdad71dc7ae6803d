"""Bots on the server: bounded options (a 400 naming the limit), a fair bounded pool of thinkers, and an
accepted action that is stored before anyone hears of it without copying the game."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from monopoly_deal.bots import make_bot
from monopoly_deal.engine import Game
from monopoly_deal.server.botpool import WORKER_NICENESS, BotPool, Search, _start_worker
from monopoly_deal.server.lobby import Lobby
from monopoly_deal.server.protocol import RoomOptions
from monopoly_deal.server.rooms import Room

from .helpers import RecordingClient, new_lobby, seated_room
from .test_api import client_for, join, new_room

#: The most expensive ISMCTS the registry allows.
MOST_EXPENSIVE = "ismcts:iters=20000,rounds=5,depth=10"


@pytest.mark.parametrize("spec, says", [
    ("ismcts:time=inf", "time must be a number from 0.01 to 10"),
    ("ismcts:time=nan", "time must be a number from 0.01 to 10"),
    ("ismcts:iters=1000000000000", "iters must be a whole number from 1 to 20000"),
    ("ismcts:iters=abc", "iters must be a whole number from 1 to 20000"),
])
def test_an_unbounded_bot_option_is_a_400_naming_the_bot_the_option_and_the_limit(spec: str, says: str) -> None:
    with client_for() as client:
        room = new_room(client, players=3)
        token = join(client, room)
        response = client.post(f"/api/rooms/{room}/bots", json={"token": token, "bot": spec})
        assert response.status_code == 400
        assert f"bot 'ismcts': {says}" in response.json()["error"]
        assert client.get(f"/api/rooms/{room}").json()["seats"][1:] == [None, None]


async def _bots_only_room(lobby: Lobby, bot: str, players: int = 3) -> Room:
    """A started room whose seats are all bots: ``bot`` in every seat but the last, whose person leaves
    (a heuristic stand-in plays it)."""
    room = await lobby.create(RoomOptions(players=players))
    token = await room.join("Ann", seat=players - 1)
    for seat in range(players - 1):
        await room.add_bot(token, bot, seat)
    await room.start(token)
    await room.leave(token)
    return room


async def _watch(room: Room, seconds: float) -> tuple[int, float]:
    """How many actions ``room`` took in ``seconds``, and the longest wait between two of them."""
    game = room.game
    assert game is not None
    moves, longest = 0, 0.0
    seen, last = len(game.history), time.perf_counter()
    end = last + seconds
    while time.perf_counter() < end and not game.over:
        await asyncio.sleep(0.02)
        now = time.perf_counter()
        if len(game.history) != seen:
            moves += len(game.history) - seen
            seen, longest, last = len(game.history), max(longest, now - last), now
    return moves, longest


async def _until_each_moved(rooms: list[Room], within: float) -> list[int]:
    """How many actions each of ``rooms`` has taken, once each has taken one or ``within`` seconds have passed
    (a starved room never moves however long it waits; a loaded machine only makes every room slower)."""
    end = time.perf_counter() + within
    while True:
        progressed = [len(r.game.history) if r.game is not None else 0 for r in rooms]
        if all(progressed) or time.perf_counter() > end:
            return progressed
        await asyncio.sleep(0.1)


@pytest.mark.asyncio
async def test_eight_rooms_of_the_most_expensive_bots_never_stall_another_rooms_heuristic_bots() -> None:
    """Issue 9, item 2: eight rooms of the most expensive allowed ISMCTS bots think in the bounded pool,
    round robin, each decision capped by the server's budget, while a heuristic room keeps its pace."""
    lobby = await new_lobby(bot_delay=0.05, bot_workers=2, bot_seconds=1.0)
    searching = [await _bots_only_room(lobby, MOST_EXPENSIVE) for _ in range(8)]
    await asyncio.sleep(0.5)                      # every searching room is thinking or queued
    quick = await _bots_only_room(lobby, "heuristic")
    moves, longest = await _watch(quick, 6.0)
    progressed = await _until_each_moved(searching, within=30.0)
    await lobby.close()
    await lobby.store.close()
    assert moves >= 10, f"the heuristic room made {moves} moves in 6 s"
    assert longest < 2.0, f"the heuristic room waited {longest:.2f} s between two moves"
    assert all(n > 0 for n in progressed), f"a searching room never moved: {progressed}"


@pytest.mark.asyncio
async def test_an_accepted_action_is_stored_without_a_copy_of_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    lobby = await new_lobby()
    room, _tokens = await seated_room(lobby, humans=2, bots=0, seed=5)
    clones: list[int] = []
    original = Game.clone
    monkeypatch.setattr(Game, "clone", lambda self: (self is room.game and clones.append(1)) or original(self))
    assert room.game is not None
    await room.act(room.game.decider, "end")
    assert clones == [] and (await lobby.store.game(room.game_id or 0)).actions == ["end"]  # type: ignore[union-attr]
    await lobby.store.close()


@pytest.mark.asyncio
async def test_an_action_the_database_refuses_changes_nothing_and_nobody_hears_of_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    lobby = await new_lobby()
    room, _tokens = await seated_room(lobby, humans=2, bots=0, seed=5)
    watcher = RecordingClient(None)
    await room.connect(watcher)
    game = room.game
    assert game is not None
    await room.act(game.decider, "end")
    before = (len(room.game.history), room.game.view(0), {v: len(m) for v, m in room.messages.items()})  # type: ignore[union-attr]
    heard = len(watcher.received)

    async def refuse(*_args: object, **_kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(lobby.store, "append", refuse)
    decider = room.game.decider  # type: ignore[union-attr]
    with pytest.raises(OSError):
        await room.act(decider, str(room.game.legal_actions()[0]))  # type: ignore[union-attr]
    after = (len(room.game.history), room.game.view(0), {v: len(m) for v, m in room.messages.items()})  # type: ignore[union-attr]
    assert after == before and len(watcher.received) == heard and room.status == "playing"
    monkeypatch.undo()
    await room.act(decider, str(room.game.legal_actions()[0]))  # type: ignore[union-attr]
    assert len((await lobby.store.game(room.game_id or 0)).actions) == 2  # type: ignore[union-attr]
    await lobby.store.close()


def _mid_game() -> Game:
    """A 3-player game some way in, with properties on the tables (groups to carry to a worker)."""
    game = Game(players=3, seed=5)
    rng = random.Random(5)
    while sum(len(g["cards"]) for groups in game.view(0)["groups"] for g in groups) < 4 or game.decision_info()["type"] != "play":
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.asyncio
async def test_a_room_has_one_bot_decision_in_the_pool_at_a_time_and_rooms_are_served_in_turn() -> None:
    """Searching decisions go to the worker processes as a record and a bot spec (nothing of a compiled
    engine is pickled) and come back legal, in the order the rooms asked."""
    pool = BotPool(workers=1)
    game = _mid_game()
    finished: list[str] = []
    search = Search("ismcts:iters=30", seed=1, max_seconds=2.0)
    asked = {room: asyncio.create_task(pool.decide(room, make_bot("random", 1), game, game.decider, search))
             for room in "ABC"}
    for room, task in asked.items():
        task.add_done_callback(lambda _task, room=room: finished.append(room))
    await asyncio.sleep(0)
    with pytest.raises(RuntimeError, match="already has a bot decision"):
        await pool.decide("A", make_bot("random", 1), game, game.decider, search)
    actions = await asyncio.gather(*asked.values())
    pool.close()
    assert all(action in game.legal_actions() for action in actions)
    assert finished == ["A", "B", "C"]


def test_searching_workers_run_below_the_server() -> None:
    """The searching workers yield the processor to the server's event loop (``nice``)."""
    with ProcessPoolExecutor(1, initializer=_start_worker) as workers:
        assert workers.submit(os.nice, 0).result() == os.nice(0) + WORKER_NICENESS


def test_a_searching_worker_ends_with_the_server() -> None:
    """A worker whose server process is killed (SIGKILL) ends too: no search outlives the server."""
    script = ("import os, time\n"
              "from concurrent.futures import ProcessPoolExecutor\n"
              "import multiprocessing\n"
              "from monopoly_deal.server.botpool import _start_worker\n"
              "if __name__ == '__main__':\n"
              "    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context('spawn'), initializer=_start_worker)\n"
              "    print(pool.submit(os.getpid).result(), flush=True)\n"
              "    time.sleep(60)\n")
    server = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    worker = int(server.stdout.readline())
    server.kill()
    server.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and _alive(worker):
        time.sleep(0.05)
    assert not _alive(worker)


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"
