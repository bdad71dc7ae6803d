"""Game analysis: how much win chance each decision of a recorded game kept or gave away.

``mdeal analyse RECORD`` reviews a game (docs/analysis.md). The package, from the bottom:

- :mod:`.winchance`: the estimator. A seat's win chance after an action is the share of playouts it wins
  when the hidden cards are dealt again as that seat could imagine them and the heuristic bot plays every
  seat to the end; actions are compared on the same worlds (common random numbers).
- :mod:`.review`: a whole game's review as data: per decision the action taken, the best alternatives a bot
  proposes, the win chance before and after and what was lost, the flags, and each player's accuracy.
- :mod:`.report`: the review shown: a table on the terminal, ``analysis.json`` and ``winchance.png``.

>>> from monopoly_deal import Game
>>> from monopoly_deal.analysis import review
>>> start = Game.from_position(2, rest="box",    # P1 holds the green that wins; P2 needs one orange card
...     groups={0: [("brown", ["brown", "brown"], None, None), ("dark-blue", ["dark-blue", "dark-blue"], None, None),
...                 ("green", ["green", "green"], None, None)],
...             1: [("red", ["red"] * 3, None, None), ("yellow", ["yellow"] * 3, None, None),
...                 ("orange", ["orange", "orange"], None, None)]},
...     hands={0: ["green"], 1: ["orange", "1M", "2M", "3M", "pass-go"]},
...     draw=["pink/orange", "pink/orange", "rainbow", "1M", "2M", "4M"])
>>> decision, = review(start, ["end"], budget=16, seed=1, bot="heuristic").decisions   # P1 ends its turn
>>> str(decision.best.action), decision.before, decision.after, decision.flag
('play green', 1.0, 0.0, 'blunder')
"""

from .review import DEFAULT_BUDGET, THRESHOLDS, Candidate, Decision, Review, begin, choices, decisions, review
from .winchance import OpenSampler, Outcomes, SeatSampler, evaluate

__all__ = [
    "DEFAULT_BUDGET", "THRESHOLDS", "Candidate", "Decision", "OpenSampler", "Outcomes", "Review", "SeatSampler",
    "begin", "choices", "decisions", "evaluate", "review",
]
