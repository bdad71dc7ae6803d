"""monopoly-deal: every rule of Monopoly Deal, for 2–10 players, base and Enhanced editions.

>>> from monopoly_deal import Game
>>> game = Game(players=3, seed=1)
>>> game.decider                      # P3 starts (seat 2): seven cards after the draw
2
>>> len(game.view(2)["hand"]), game.view(2)["hand_sizes"]
(7, [5, 5, 7])
"""

from .engine import Action, Game, IllegalActionError, Rules

__all__ = ["Action", "Game", "IllegalActionError", "Rules"]
__version__ = "0.1.0"
