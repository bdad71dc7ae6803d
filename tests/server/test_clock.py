"""The turn clock (docs/rules.md R10.5): a time-out warns and plays a safe default; a second forfeits the seat to a bot."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from monopoly_deal.engine import Game
from monopoly_deal.server.protocol import RoomOptions
from monopoly_deal.tournament.clock import STAND_IN, safe_move

from .helpers import RecordingClient, new_lobby


async def wait_for(condition, seconds: float = 10) -> None:
    loop = asyncio.get_running_loop()
    stop = loop.time() + seconds
    while not condition():
        assert loop.time() < stop, "timed out waiting"
        await asyncio.sleep(0.01)


@pytest.mark.asyncio
async def test_first_time_out_warns_and_plays_safe_second_forfeits_to_a_bot() -> None:
    lobby = await new_lobby()
    room = await lobby.create(RoomOptions(players=2, seed=4, rules={"start": 0}))
    room.options = room.options.model_copy(update={"clock": 0.4})   # seconds; the API allows 5 s and more
    token = await room.join("Slow")
    await room.add_bot(token, "random")
    watcher = RecordingClient(0)
    await room.connect(watcher)
    await room.start(token)
    assert room.game.decider == 0 and room.deadline is not None

    def notices() -> list[dict]:
        return [m for m in watcher.received if m["type"] == "notice"]

    await wait_for(lambda: len(notices()) == 2)
    assert room.seats[0].kind == "bot"
    # the action in words, in each client's language (the page shows it as it is), and in notation
    assert notices() == [{"type": "notice", "notice": "timeout", "player": "Slow", "notation": "end",
                          "action": "End the turn"},
                         {"type": "notice", "notice": "forfeit", "player": "Slow"}]
    assert str(room.game.history[0]) == "end"                    # the safe default, for the first time-out
    assert room.seats[0].bot == STAND_IN
    stored = dict(await lobby.store.rooms())[room.id]
    assert stored["seats"][0]["kind"] == "bot" and stored["seats"][0]["timeouts"] == 2
    await wait_for(lambda: room.game.over, 30)      # bots finish the game
    assert room.status == "finished"
    await lobby.close()


@pytest.mark.asyncio
async def test_a_decision_in_time_resets_nothing_and_cancels_the_timer() -> None:
    lobby = await new_lobby()
    room = await lobby.create(RoomOptions(players=2, seed=4, rules={"start": 0}))
    room.options = room.options.model_copy(update={"clock": 1.0})
    a, _b = await room.join("A"), await room.join("B")
    await room.start(a)
    await room.act(0, "end")                      # in time: the clock now runs for B
    assert room.game.decider == 1
    await asyncio.sleep(0.3)
    await room.act(1, "end")
    await asyncio.sleep(0.8)                      # 1.1 s after A's clock started: no time-out happened
    assert room.seats[0].timeouts == room.seats[1].timeouts == 0 and len(room.game.history) == 2
    await lobby.close()


def test_safe_move_ends_the_turn_accepts_or_takes_the_first_option() -> None:
    game = Game(players=2, seed=4)
    assert str(safe_move(game)) == "end"
    game = Game.from_position(2, hands={0: ["debt-collector"], 1: ["just-say-no"]}, banks={1: ["5M"]})
    game.apply("debt-collector P2")
    assert str(safe_move(game)) == "accept"


async def started_clock_room(clock: float) -> tuple[Any, Any, list[str]]:
    lobby = await new_lobby(bot_delay=60)
    room = await lobby.create(RoomOptions(players=2, seed=4, rules={"start": 0}))
    room.options = room.options.model_copy(update={"clock": clock})
    tokens = [await room.join("A"), await room.join("B")]
    await room.start(tokens[0])
    return lobby, room, tokens


@pytest.mark.asyncio
async def test_r10_5_moves_within_a_turn_never_re_arm_the_clock() -> None:
    """R10.5: the clock is the whole turn's; a free move (a re-colouring, a bank) does not give more time."""
    lobby, room, _ = await started_clock_room(1.0)
    watcher = RecordingClient(None)
    await room.connect(watcher)
    deadline = room.deadline
    for _ in range(2):
        await asyncio.sleep(0.3)
        move = next(a for a in room.game.legal_actions() if str(a) != "end")
        await room.act(0, str(move))
        assert room.game.decider == 0 and room.deadline == deadline
        assert watcher.last_state()["deadline"] == deadline
    await wait_for(lambda: any(m["type"] == "notice" for m in watcher.received), 2)
    assert time.time() - deadline < 0.3          # it ran out when the turn's time did, not 1 s after a move
    await lobby.close()


@pytest.mark.asyncio
async def test_r10_5_an_answer_out_of_turn_has_its_own_time_and_the_turn_s_time_waits() -> None:
    lobby, room, _ = await started_clock_room(1.0)
    position = Game.from_position(2, hands={0: ["debt-collector", "1M"], 1: ["just-say-no"]}, banks={1: ["5M"]})
    room._set_game(position)
    room.narrators.clear()                       # they replay from a dealt start; this game was set up
    room._after_change()
    turn_deadline = room.deadline
    await asyncio.sleep(0.3)
    await room.act(0, "debt-collector P2")
    assert room.game.decider == 1 and room.deadline == pytest.approx(time.time() + 1.0, abs=0.1)
    await asyncio.sleep(0.3)
    await room.act(1, "accept")                  # paid at once; the turn goes on with what was left of it
    assert room.game.decider == 0 and room.deadline == pytest.approx(turn_deadline + 0.3, abs=0.1)
    await lobby.close()
