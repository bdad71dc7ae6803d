"""Monopoly Deal as a single-agent Gymnasium environment: one seat learns, bots play the others.

>>> import gymnasium
>>> import monopoly_deal.rl                       # registers MonopolyDeal-v0
>>> env = gymnasium.make("MonopolyDeal-v0", players=2, opponents="heuristic")
>>> observation, info = env.reset(seed=1)
>>> mask = info["action_mask"]
>>> observation, reward, terminated, truncated, info = env.step(int(mask.nonzero()[0][0]))
>>> observation.shape == env.observation_space.shape, bool(env.unwrapped.action_masks().any() or terminated)
(True, True)

Each step is one decision of the learning seat; the bots' decisions in between are played inside
the step. The reward is 0 until the game ends: then +1 for a win, -1 for a loss, 0 when the turn
limit (R7) ends it without a winner. The legal actions are ``info["action_mask"]`` and
:meth:`MonopolyDealEnv.action_masks` (what sb3-contrib's MaskablePPO asks for). An illegal action
ends the episode with -1 and ``info["illegal_action"]`` (as unmasked random actions would).

Once an episode has ended (the game is over, or an illegal action ended it), ``step`` raises
``RuntimeError`` until ``reset()``, and the mask holds only id 0 (``end``), :func:`ended_mask`: no action is
legal any more, but Gymnasium's vector environments (``autoreset_mode`` ``NEXT_STEP``, the default) ask for
one more action for that row, which they drop and reset instead, and a mask with no 1 would make a masked
sampler divide by zero. ``terminated`` says the episode has ended, not the mask.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots import Bot, BotSpecError, Seat, make_bot
from ..bots.random import RandomBot
from ..engine import Game, Rules
from .core import RENDER_MODES, SEED_BITS, Table, check_render_mode, render


def ended_mask(actions: int) -> np.ndarray:
    """The action mask of an episode that has ended: only id 0, a placeholder that Gymnasium's vector
    environments drop (they reset that environment instead of stepping it).

    >>> ended_mask(4)
    array([1, 0, 0, 0], dtype=int8)
    """
    mask = np.zeros(actions, dtype=np.int8)
    mask[0] = 1
    return mask


class MonopolyDealEnv(gymnasium.Env):
    """One learning seat against bots.

    Args:
        players: 2 to 10.
        opponents: a bot spec for every other seat (``"random"``, ``"heuristic"``, ``"ismcts:iters=200"``,
            ``"policy:path=FILE"``), or one spec per other seat in seat order.
        seat: the learning seat (0 is P1), or ``None`` for a random seat each episode.
        edition, rules, history: as :class:`~monopoly_deal.rl.core.Table`.
        render_mode: ``"ansi"`` or ``"human"``.
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012 (Gymnasium's)

    def __init__(self, players: int = 2, opponents: str | Sequence[str] = "heuristic", seat: int | None = 0,
                 edition: str = "base", rules: Rules | Mapping[str, Any] | str | None = None, history: int = 8,
                 render_mode: str | None = None) -> None:
        self.table = Table(players, edition, rules, history)
        if seat is not None and (not isinstance(seat, int) or not 0 <= seat < players):
            raise ValueError(f"seat must be one of 0 to {players - 1} or None (random), not {seat!r}")
        specs = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != players - 1:
            raise ValueError(f"{players} players need {players - 1} opponent(s), not {len(specs)}")
        for spec in specs:
            try:
                make_bot(spec, seed=0)
            except BotSpecError as error:
                raise ValueError(str(error)) from None
        self.opponents, self.seat, self.render_mode = specs, seat, check_render_mode(render_mode)
        encoder = self.table.encoder
        self.observation_space = spaces.Box(0.0, encoder.high, (encoder.size,), np.float32)
        self.action_space = spaces.Discrete(self.table.actions)
        self._rng = random.Random()
        self._mask = np.zeros(self.table.actions, dtype=np.int8)
        self.game: Game | None = None
        self._ended = False     # the game is over, or an illegal action ended the episode
        self._me = 0
        self._bots: dict[int, Bot] = {}

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game; ``seed`` fixes it (deal, seat, bots' choices) and every game after it until the next seed."""
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        self.game = game = self.table.new_game(self._rng)
        self._me = self.seat if self.seat is not None else self._rng.randrange(game.players)
        others = [p for p in range(game.players) if p != self._me]
        self._bots = {p: make_bot(spec, seed=self._rng.getrandbits(SEED_BITS)) for p, spec in zip(others, self.opponents)}
        for p, bot in self._bots.items():
            setup = getattr(bot, "new_game", None)
            if setup is not None:
                setup(Seat(game, p))
        self._ended = False
        self._play_bots()
        observation = self._observe()
        if game.over:
            self._end()
        return observation, {"action_mask": self._mask, "seat": self._me}

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """The learning seat's action ``action`` (an action id), then the bots' up to its next decision.
        An illegal action ends the episode with -1; after the end, ``RuntimeError`` until ``reset()``."""
        game = self._game()
        if self._ended:
            raise RuntimeError("the episode is over; call reset()")
        action_id = self.table.check_action(action)
        if not self._mask[action_id]:
            self._end()
            info = {"action_mask": self._mask, "seat": self._me, "illegal_action": True}
            return self.table.encoder.encode(game, self._me), -1.0, True, False, info
        self.table.take(game, action_id)
        self._play_bots()
        observation = self._observe()
        if game.over:
            self._end()
        if self.render_mode == "human":
            self.render()
        return observation, self.table.payoff(game, self._me), game.over, False, {"action_mask": self._mask,
                                                                                 "seat": self._me}

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans over the action ids (sb3-contrib's MaskablePPO calls this);
        after the episode's end, :func:`ended_mask`."""
        return self._mask.astype(bool)

    def render(self) -> str | None:
        """The table as the learning seat sees it."""
        return render(self.render_mode, self._game(), self._me)

    def _play_bots(self) -> None:
        """The bots decide until the learning seat owes a decision or the game ends."""
        game = self._game()
        while not game.over and game.decider != self._me:
            p = game.decider
            bot = self._bots[p]
            if isinstance(bot, RandomBot):  # its choice, taken by index: no look-up of the action
                game.apply_index(bot.pick(len(game.legal_actions())))
            else:
                game.apply(bot.choose(Seat(game, p)))

    def _end(self) -> None:
        """The episode is over: no more steps, and the mask is the placeholder of :func:`ended_mask`."""
        self._ended = True
        self._mask = ended_mask(self.table.actions)

    def _observe(self) -> np.ndarray:
        game = self._game()
        self._mask = self.table.mask(game, self._me)
        return self.table.encoder.encode(game, self._me)

    def _game(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game
