"""Why a bot chose: its pick and the next best alternatives, each with the bot's own estimate.

A bot that can say why has ``explain(seat, top)``: the same search as ``choose``
(same budget, same pick first), returning its ``top`` best actions as
:class:`Alternative` s. ISMCTS estimates each action's mean reward in [0, 1]
(1 a win, 0 a loss, else a logistic of the lead at the start of its next turn)
and says how many playouts it spent on it; the heuristic gives its lead in
position value after the action on its sample. :func:`explain` asks any bot,
:func:`hint` is the server's and the terminal's entry point: plain JSON-able data.

>>> from monopoly_deal import Game
>>> game = Game(players=2, seed=7)
>>> [sorted(alt) for alt in hint(game, game.decider, "heuristic", top=2)]
[['action', 'playouts', 'value'], ['action', 'playouts', 'value']]
>>> hint(game, game.decider, "ismcts:iters=60", top=1)[0]["action"] in {str(a) for a in game.legal_actions()}
True
"""

from __future__ import annotations

from typing import Any

from ..engine import Game
from .base import Alternative, Bot, Seat
from .registry import make_bot

__all__ = ["Alternative", "explain", "hint"]


def explain(bot: Bot, seat: Seat, top: int = 3) -> list[Alternative]:
    """``bot``'s pick first, then up to ``top - 1`` alternatives; a bot without ``explain`` gives its pick alone."""
    method = getattr(bot, "explain", None)
    if method is None:
        return [Alternative(bot.choose(seat))]
    alternatives: list[Alternative] = method(seat, top)
    return alternatives


def hint(game: Game, seat: int, spec: str = "ismcts", top: int = 3, seed: int = 0,
         max_seconds: float | None = None) -> list[dict[str, Any]]:
    """What the bot ``spec`` would do for ``seat`` (which must owe the decision), as JSON-able alternatives.
    The bot sees only ``seat``'s view, like any bot; ``max_seconds`` caps a searching bot's thinking."""
    if game.decider != seat or game.over:
        raise ValueError(f"seat {seat} owes no decision now")
    bot = make_bot(spec, seed=seed, max_seconds=max_seconds)
    return [alt.to_json() for alt in explain(bot, Seat(game, seat), top)]
