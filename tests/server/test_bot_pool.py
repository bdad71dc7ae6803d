"""Bots on the server: bounded options (a 400 naming the limit), a fair bounded pool of thinkers, and an
accepted action that is stored before anyone hears of it without copying the game."""

from __future__ import annotations

import asyncio
import os
import time
from concurrent.futures import ProcessPoolExecutor

import pytest

from monopoly_deal.bots import Seat
from monopoly_deal.engine import Action, Game
from monopoly_deal.server.botpool import WORKER_NICENESS, BotPool, _start_worker
from monopoly_deal.server.protocol import RoomOptions
from monopoly_deal.server.rooms import Lobby, Room

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


@pytest.mark.asyncio
async def test_eight_rooms_of_the_most_expensive_bots_never_stall_another_rooms_heuristic_bots() -> None:
    """Issue 9, item 2: eight rooms of the most expensive allowed ISMCTS bots think in the bounded pool,
    round robin, each decision capped by the server's budget, while a heuristic room keeps its pace."""
    lobby = await new_lobby(bot_delay=0.05, bot_workers=2, bot_seconds=1.0)
    searching = [await _bots_only_room(lobby, MOST_EXPENSIVE) for _ in range(8)]
    await asyncio.sleep(0.5)                      # every searching room is thinking or queued
    quick = await _bots_only_room(lobby, "heuristic")
    moves, longest = await _watch(quick, 6.0)
    await asyncio.sleep(2.0)
    progressed = [len(r.game.history) for r in searching if r.game is not None]
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
    room.connect(watcher)
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


class _SlowBot:
    """A searching bot that takes 50 ms and notes when it chose (it travels to a worker process and back)."""

    name = "slow"

    def __init__(self, room: str) -> None:
        self.room = room
        self.chose_at = 0.0

    def choose(self, seat: Seat) -> Action:
        time.sleep(0.05)
        self.chose_at = time.time()
        return seat.legal_actions[0]


@pytest.mark.asyncio
async def test_a_room_has_one_bot_decision_in_the_pool_at_a_time_and_rooms_are_served_in_turn() -> None:
    pool = BotPool(workers=1)
    game = Game(players=2, seed=1)
    seat = Seat(game, game.decider)
    asked = [asyncio.create_task(pool.decide(room, _SlowBot(room), seat, searches=True)) for room in "ABC"]
    await asyncio.sleep(0)
    with pytest.raises(RuntimeError, match="already has a bot decision"):
        await pool.decide("A", _SlowBot("A"), seat, searches=True)
    answers = await asyncio.gather(*asked)
    pool.close()
    assert all(action == game.legal_actions()[0] for action, _bot in answers)
    thought = [bot for _action, bot in answers]
    assert all(isinstance(bot, _SlowBot) and bot.chose_at > 0 for bot in thought)  # came back after choosing
    assert [bot.room for bot in sorted(thought, key=lambda bot: bot.chose_at)] == ["A", "B", "C"]


def test_searching_workers_run_below_the_server() -> None:
    """The searching workers yield the processor to the server's event loop (``nice``)."""
    with ProcessPoolExecutor(1, initializer=_start_worker) as workers:
        assert workers.submit(os.nice, 0).result() == os.nice(0) + WORKER_NICENESS
