"""OpenSpiel's bots on our seats: ``openspiel-ismcts:sims=100`` in the arena (needs ``pip install open_spiel``;
registered by :mod:`monopoly_deal.rl.plugin`, this module imported only when one is made).

:class:`OpenSpielBot` seats any ``pyspiel.Bot`` at our table: at each decision it turns the seat's
view into a ``python_monopoly_deal`` state (:mod:`monopoly_deal.rl.openspiel`; the hidden cards
dealt at random, which a bot that samples worlds from the information state never looks at) and
plays the bot's action. :class:`OpenSpielIsmctsBot` is OpenSpiel's own ``ISMCTSBot`` with its
random-rollout evaluator::

    >>> from monopoly_deal import Game
    >>> from monopoly_deal.bots import Seat
    >>> from monopoly_deal.rl.openspiel_bot import OpenSpielIsmctsBot
    >>> game = Game(players=2, seed=7)
    >>> bot = OpenSpielIsmctsBot(seed=1, sims=10)
    >>> bot.choose(Seat(game, game.decider)) in game.legal_actions()
    True

Any other OpenSpiel bot, e.g. its uniform random one::

    >>> import pyspiel
    >>> from monopoly_deal.rl.openspiel_bot import OpenSpielBot
    >>> bot = OpenSpielBot(lambda game, seat, rng: pyspiel.make_uniform_random_bot(seat, 5))
    >>> bot.choose(Seat(game, game.decider)) in game.legal_actions()
    True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ..bots.base import Seat
from ..engine import Action, Rules
from .core import SEED_BITS
from .openspiel import MonopolyDealGame, game_for

#: Makes the OpenSpiel bot for one seat of a game: ``make(game, seat, random_state)``.
BotMaker = Callable[[MonopolyDealGame, int, np.random.RandomState], Any]


class OpenSpielBot:
    """One of our bots that asks an OpenSpiel bot (``pyspiel.Bot``, made per table size and seat by
    ``make``) for each decision with more than one legal action."""

    name = "openspiel"

    def __init__(self, make: BotMaker, seed: int | None = None) -> None:
        self._make = make
        self._rng = random.Random(seed)
        self._random_state = np.random.RandomState(self._rng.getrandbits(32))
        self._bots: dict[tuple[int, str, Rules, int], Any] = {}  # by table size and seat

    def choose(self, seat: Seat) -> Action:
        actions = seat.legal_actions
        if len(actions) == 1:
            return actions[0]
        world = seat.determinize(self._rng.getrandbits(SEED_BITS))
        game = game_for(world.players, world.edition, world.rules)
        key = (world.players, world.edition, world.rules, seat.seat)
        bot = self._bots.get(key)
        if bot is None:
            bot = self._bots[key] = self._make(game, seat.seat, self._random_state)
        action = game.space.action(int(bot.step(game.state_of(world))))
        if action not in actions:
            raise RuntimeError(f"the OpenSpiel bot chose {action}, which is not legal here")
        return action


class _CappedISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTS, stopped after ``max_seconds`` (once the root has a visited child): the
    server's cap on one decision."""

    def __init__(self, *args: Any, max_seconds: float, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._max_seconds = max_seconds
        self._deadline = math.inf

    def run_search(self, state: pyspiel.State) -> list[tuple[int, float]]:
        self._deadline = time.perf_counter() + self._max_seconds
        try:
            return super().run_search(state)
        except _OutOfTime:
            return self.get_final_policy(state, self._root_node)  # the tree the search has built so far

    def sample_root_state(self, state: pyspiel.State) -> pyspiel.State:
        if time.perf_counter() > self._deadline and self._root_node.total_visits > 0:
            raise _OutOfTime
        return super().sample_root_state(state)


class _OutOfTime(Exception):
    pass


class OpenSpielIsmctsBot(OpenSpielBot):
    """OpenSpiel's ``ISMCTSBot``: ``sims`` simulations per decision, each from a world resampled from
    the information state, valued by ``rollouts`` random playouts to the end of the game; UCT with
    exploration constant ``c``; it plays the most visited action."""

    name = "openspiel-ismcts"

    def __init__(self, seed: int | None = None, sims: int = 100, rollouts: int = 1, c: float = 2.0,
                 max_seconds: float | None = None) -> None:
        def make(game: MonopolyDealGame, seat: int, random_state: np.random.RandomState) -> Any:
            evaluator = mcts.RandomRolloutEvaluator(n_rollouts=rollouts, random_state=random_state)
            bot = _CappedISMCTSBot(game, evaluator, uct_c=c, max_simulations=sims, random_state=random_state,
                                   max_seconds=max_seconds if max_seconds is not None else math.inf)
            # Worlds drawn from the bot's own generator (OpenSpiel's default sampler is seeded at random),
            # so a seed fixes its play.
            bot.set_resampler(lambda state, player: state.resample_from_infostate(player, random_state.uniform))
            return bot

        super().__init__(make, seed)
