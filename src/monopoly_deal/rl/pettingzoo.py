"""Monopoly Deal as a PettingZoo AEC environment, like PettingZoo's classic games.

>>> from monopoly_deal.rl.pettingzoo import env
>>> game = env(players=3, edition="base", render_mode="ansi")
>>> game.reset(seed=42)
>>> rewards = {}
>>> for agent in game.agent_iter():
...     observation, reward, termination, truncation, info = game.last()
...     rewards[agent] = reward
...     action = None if termination or truncation else game.action_space(agent).sample(observation["action_mask"])
...     game.step(action)
>>> sorted(observation)
['action_mask', 'observation']
>>> sorted(rewards.values()) in ([-1, -1, 1], [0, 0, 0])
True

Agents are ``player_0`` … ``player_{N-1}`` (seat P1 is ``player_0``); an agent acts when it owes the
decision, so one turn may pass between agents many times (answers, payments). Observations are
``{"observation": float32 array, "action_mask": int8 array}`` (docs/rl.md lists the features);
actions are ids of :class:`~monopoly_deal.engine.actions.ActionSpace`. At the end the winner gets
+1 and every other seat -1; a game stopped by the turn limit (R7) gives everyone 0.

The environment does itself what PettingZoo's classic games get from wrappers: an illegal action
ends the game with -1 for the agent that played it and 0 for the others (TerminateIllegalWrapper),
an action that is no id of the space is a ``ValueError`` (AssertOutOfBoundsWrapper), and using it
before ``reset()`` is a ``RuntimeError`` (OrderEnforcingWrapper). The wrappers pass every attribute
through ``__getattr__`` and cost 40% of the throughput.

A game ended by an illegal action is over as one the rules ended is: every agent is terminated, every
action mask is all 0, each agent's step takes only ``None`` (PettingZoo's dead step; an action is a
``ValueError``), and once every agent has left, ``step`` is a ``RuntimeError`` until ``reset()``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger

from ..engine import Game, IllegalActionError, Rules
from .core import RENDER_MODES, Table, check_render_mode, render


def env(**kwargs: Any) -> AECEnv:
    """The environment (keyword arguments as :class:`raw_env`); it needs no wrappers (see above)."""
    return raw_env(**kwargs)


class raw_env(AECEnv):
    """The environment. Args as :class:`~monopoly_deal.rl.core.Table`, and ``render_mode``: ``"ansi"``
    (:meth:`render` returns the table as text) or ``"human"`` (prints it)."""

    metadata: ClassVar[dict[str, Any]] = {"name": "monopoly_deal_v0", "render_modes": list(RENDER_MODES),
                                          "is_parallelizable": False}

    def __init__(self, players: int = 2, edition: str = "base",
                 rules: Rules | Mapping[str, Any] | str | None = None, render_mode: str | None = None,
                 history: int = 8) -> None:
        super().__init__()
        self.table = Table(players, edition, rules, history)
        self.render_mode = check_render_mode(render_mode)
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self._seat = {agent: p for p, agent in enumerate(self.possible_agents)}
        encoder = self.table.encoder
        observation = spaces.Dict({
            "observation": spaces.Box(0.0, encoder.high, (encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.table.actions,), np.int8),
        })
        self.observation_spaces = {agent: observation for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.table.actions) for agent in self.possible_agents}
        self._rng = random.Random()
        self.game: Game | None = None
        self._ended = False     # an illegal action ended the game (the engine's game is not over)

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game; ``seed`` fixes it and every game after it until the next seed."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.game = game = self.table.new_game(self._rng)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[game.decider]
        self._ended = False

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation and action mask (all 0 unless it owes the decision, and once the game is over)."""
        game, seat = self._game(), self._seat[agent]
        if self._ended:
            return {"observation": self.table.encoder.encode(game, seat),
                    "action_mask": np.zeros(self.table.actions, dtype=np.int8)}
        return self.table.observe(game, seat)

    def step(self, action: Any) -> None:
        """The selected agent's action (an action id; ``None`` once it is terminated)."""
        game = self._game()
        if not self.agents:
            raise RuntimeError("the game is over and every agent has left; call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        try:
            self.table.take(game, self.table.check_action(action))
        except IllegalActionError:
            EnvLogger.warn_on_illegal_move()
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.rewards[agent] = -1.0
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos[agent] = {"illegal_action": True}
            self._ended = True
            self._accumulate_rewards()
            return
        if game.over:
            for other in self.agents:
                self.rewards[other] = self.table.payoff(game, self._seat[other])
                self.terminations[other] = True
            self._accumulate_rewards()
        else:  # every reward is 0 until the end: nothing to accumulate
            self.agent_selection = self.possible_agents[game.decider]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as the agent to act sees it (after the game, as P1 sees it)."""
        game = self._game()
        return render(self.render_mode, game, max(game.decider, 0))

    def close(self) -> None:
        self.game = None

    def _game(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game
