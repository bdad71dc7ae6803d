"""Many self-play games stepped at once into preallocated arrays, for batched policies (training throughput).

>>> import numpy as np
>>> from monopoly_deal.rl.vector import VectorEnv
>>> venv = VectorEnv(num_envs=8, players=3, seed=0)
>>> obs, masks, seats = venv.reset()
>>> obs.shape == (8, venv.observation_size), masks.shape == (8, venv.action_count)
(True, True)
>>> rng = np.random.default_rng(0)
>>> for _ in range(500):
...     actions = [rng.choice(np.flatnonzero(m)) for m in masks]   # a batched policy goes here
...     obs, masks, seats, rewards, dones = venv.step(actions)
>>> rewards.shape, dones.shape
((8, 3), (8,))

Every game is played by the caller for every seat (self-play): ``seats[i]`` is the seat that owes
game ``i``'s decision, ``obs[i]`` and ``masks[i]`` are what that seat sees and may do. A finished
game's row of ``rewards`` holds every seat's payoff (+1 win, -1 loss, 0 at the turn limit) with
``dones[i]`` set, and the row is already the first decision of the next game. The arrays are the
environment's own buffers, written over by the next step: copy what you keep.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..engine import Game, Rules
from .core import Table
from .encoding import action_mask

#: At most this many games in one vector environment.
MAX_ENVS = 4096


class VectorEnv:
    """``num_envs`` games of one size; other arguments as :class:`~monopoly_deal.rl.core.Table`."""

    def __init__(self, num_envs: int, players: int = 2, edition: str = "base",
                 rules: Rules | Mapping[str, Any] | str | None = None, history: int = 8, seed: int | None = None) -> None:
        if not isinstance(num_envs, int) or not 1 <= num_envs <= MAX_ENVS:
            raise ValueError(f"num_envs must be 1 to {MAX_ENVS}, not {num_envs!r}")
        self.tables = [Table(players, edition, rules, history) for _ in range(num_envs)]  # an encoder per game
        table = self.tables[0]
        self.num_envs, self.players = num_envs, players
        self.observation_size, self.action_count = table.encoder.size, table.actions
        self.observations = np.zeros((num_envs, self.observation_size), dtype=np.float32)
        self.masks = np.zeros((num_envs, self.action_count), dtype=np.int8)
        self.seats = np.zeros(num_envs, dtype=np.int64)
        self.rewards = np.zeros((num_envs, players), dtype=np.float32)
        self.dones = np.zeros(num_envs, dtype=bool)
        self._seed = seed
        self._rngs: list[random.Random] = []
        self.games: list[Game] = []

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """New games; ``seed`` (else the constructor's) fixes them and every game after them."""
        master = random.Random(self._seed if seed is None else seed)
        self._rngs = [random.Random(master.getrandbits(64)) for _ in range(self.num_envs)]
        self.games = [table.new_game(rng) for table, rng in zip(self.tables, self._rngs)]
        for i in range(self.num_envs):
            self._write(i)
        self.rewards.fill(0)
        self.dones.fill(False)
        return self.observations, self.masks, self.seats

    def step(self, actions: Sequence[int] | np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray,
                                                                  np.ndarray, np.ndarray]:
        """One decision in every game: ``actions[i]`` is an action id for game ``i``'s deciding seat.
        An illegal action raises ``ValueError`` naming the game; the games before it have moved on."""
        if not self.games:
            raise RuntimeError("call reset() before step()")
        if len(actions) != self.num_envs:
            raise ValueError(f"expected {self.num_envs} actions, got {len(actions)}")
        self.rewards.fill(0)
        self.dones.fill(False)
        for i, (game, table) in enumerate(zip(self.games, self.tables)):
            action_id = table.check_action(actions[i])
            if not self.masks[i, action_id]:
                raise ValueError(f"game {i}: action {action_id} ({table.space.action(action_id)}) is not legal now")
            game.apply(table.space.action(action_id))
            if game.over:
                self.rewards[i] = [table.payoff(game, p) for p in range(self.players)]
                self.dones[i] = True
                self.games[i] = table.new_game(self._rngs[i])
            self._write(i)
        return self.observations, self.masks, self.seats, self.rewards, self.dones

    def _write(self, i: int) -> None:
        game, table = self.games[i], self.tables[i]
        seat = game.decider
        self.seats[i] = seat
        table.encoder.encode(game, seat, out=self.observations[i])
        action_mask(game, table.space, out=self.masks[i])
