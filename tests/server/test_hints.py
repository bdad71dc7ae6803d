"""Hints: the strongest bot's choice for your own decision, thought in the bot pool, where the room allows them."""

from __future__ import annotations

import pytest

from monopoly_deal.engine import Action
from monopoly_deal.server.botdriver import HINT_BOT
from monopoly_deal.server.errors import RoomError
from monopoly_deal.server.protocol import RoomOptions, parse_client_message

from .helpers import new_lobby


@pytest.mark.asyncio
async def test_a_hint_names_a_legal_action_of_your_decision_and_changes_nothing() -> None:
    lobby = await new_lobby(bot_seconds=0.2)
    room = await lobby.create(RoomOptions(players=2, seed=5, rules={"start": 0}))
    ann = await room.join("Ann")
    await room.join("Bob")
    await room.start(ann)
    game = room.game
    assert game is not None and game.decider == 0
    version = len(game.history)
    hint = await room.hint(0)
    assert hint["type"] == "hint" and hint["version"] == version
    assert Action.parse(hint["action"]) in game.legal_actions() and len(game.history) == version
    with pytest.raises(RoomError, match="your own decision"):
        await room.hint(1)                                  # Bob has no decision now
    assert HINT_BOT == "ismcts"                             # the strongest bot gives the hints
    await lobby.close()


@pytest.mark.asyncio
async def test_a_room_with_hints_off_gives_none() -> None:
    """Tournament matches: ``hints: false``."""
    lobby = await new_lobby()
    room = await lobby.create(RoomOptions(players=2, seed=5, hints=False))
    ann = await room.join("Ann")
    await room.add_bot(ann, "random")
    await room.start(ann)
    assert room.summary()["hints"] is False
    with pytest.raises(RoomError, match="hints off"):
        await room.hint(room.game.decider if room.game else 0)
    await lobby.close()


def test_a_hint_is_a_message_of_the_protocol() -> None:
    assert parse_client_message('{"type": "hint"}').type == "hint"
