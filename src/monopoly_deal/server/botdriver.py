"""The room's bot driver: the bots' moves in a room's bot seats, and the hints a seated person asks for, each
thought in the lobby's bot pool (:mod:`.botpool`) on a copy of the game, so the event loop never waits for a bot.
"""

from __future__ import annotations

import asyncio
import time
from typing import Protocol

from ..bots import BOTS, Bot, make_bot
from ..engine import Action, Game
from ..lessons import Lesson
from .botpool import BotPool, Search, searches
from .errors import RoomError
from .limits import LobbyLimits
from .seats import SeatInfo

#: The bot a hint asks: the strongest there is, within the server's time per decision (``bot_seconds``).
HINT_BOT = next(name for name in ("ismcts", "heuristic", "random") if name in BOTS)
_SEED_MASK = (1 << 63) - 1


class BotHost(Protocol):
    """What the bots ask of the lobby: its limits (the time a bot may think, and waits) and its bot pool."""

    @property
    def limits(self) -> LobbyLimits: ...

    @property
    def bot_pool(self) -> BotPool: ...


class BotTable(Protocol):
    """What the bots ask of the room they play in (:class:`~.rooms.Room`, which starts them: they know it only
    by this, so the two modules import each other in one direction)."""

    @property
    def id(self) -> str: ...

    @property
    def lobby(self) -> BotHost: ...

    @property
    def lock(self) -> asyncio.Lock: ...

    @property
    def game(self) -> Game | None: ...

    @property
    def bots(self) -> dict[int, Bot]: ...

    @property
    def seats(self) -> list[SeatInfo | None]: ...

    @property
    def lesson(self) -> Lesson | None: ...

    async def play_for_bot(self, action: Action, game: Game, version: int, seat: int, bot: Bot) -> None:
        """``bot``'s ``action``, played only if the game is still at ``version`` and ``seat`` still ``bot``'s."""


def seat_bot(spec: str, seat: int, game_seed: int, seconds: float) -> Bot:
    """The bot ``spec`` playing ``seat`` in the game dealt from ``game_seed``, thinking at most ``seconds``."""
    return make_bot(spec, (game_seed * 16 + seat) & _SEED_MASK, seconds)


async def play_bots(room: BotTable) -> None:
    """The bots' decisions, one at a time, each thought in the lobby's bot pool on a copy of the game
    without holding the room's lock; a decision is played only if the game has not moved meanwhile."""
    limits = room.lobby.limits
    while True:
        await asyncio.sleep(limits.bot_delay)
        async with room.lock:
            game = room.game
            if game is None or game.over or game.decider not in room.bots:
                return
            seat, version = game.decider, len(game.history)
            bot, world = room.bots[seat], game.clone()
        info = room.seats[seat]
        spec = (info.bot if info is not None else None) or ""
        search = Search(spec, (game.seed * 16 + seat + version * 1009) & _SEED_MASK,
                        limits.bot_seconds) if searches(spec) else None
        asked = time.monotonic()
        step = room.lesson.step(world) if room.lesson is not None else None
        action = Action.parse(step.action) if step is not None \
            else await room.lobby.bot_pool.decide(room.id, bot, world, seat, search)
        if world.decision_info()["type"] == "respond":   # a fixed time, whatever its hand (issue 9, item 13)
            answer_at = asked + limits.bot_answer + (limits.bot_seconds if search is not None else 0.0)
            await asyncio.sleep(max(0.0, answer_at - time.monotonic()))
        await room.play_for_bot(action, game, version, seat, bot)


async def think_hint(room: BotTable, game: Game, seat: int) -> Action:
    """What :data:`HINT_BOT` would do in ``seat``'s decision in ``game`` (``room``'s game now), thought in the
    bot pool on a copy of it; refused while this seat's previous hint is still being thought."""
    version, world = len(game.history), game.clone()
    seed = (game.seed * 16 + seat + version * 1009 + 7) & _SEED_MASK
    limits = room.lobby.limits
    search = Search(HINT_BOT, seed, limits.bot_seconds) if searches(HINT_BOT) else None
    try:
        return await room.lobby.bot_pool.decide((room.id, "hint", seat), make_bot(HINT_BOT, seed), world,
                                                seat, search)
    except RuntimeError:   # this seat's previous hint is still being thought
        raise RoomError("hint-thinking") from None
