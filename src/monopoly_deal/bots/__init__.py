"""Bots: anything that, shown one seat's view and the legal actions, picks one.

>>> from monopoly_deal import Game
>>> from monopoly_deal.bots import RandomBot, Seat
>>> game = Game(players=2, seed=3)
>>> bot = RandomBot(seed=1)
>>> game.apply(bot.choose(Seat(game, game.decider)))
"""

from .base import Bot, Seat
from .heuristic import HeuristicBot
from .ismcts import IsmctsBot
from .random import RandomBot
from .registry import BOTS, BotSpecError, make_bot

__all__ = ["BOTS", "Bot", "BotSpecError", "HeuristicBot", "IsmctsBot", "RandomBot", "Seat", "make_bot"]
