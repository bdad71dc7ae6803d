"""The vector environment: many self-play games at once, masks, auto-reset, seeds."""

from __future__ import annotations

import numpy as np
import pytest

from monopoly_deal.rl.vector import VectorEnv


def run(venv: VectorEnv, steps: int, seed: int) -> tuple[bytes, int, float]:
    obs, masks, seats = venv.reset(seed=seed)
    rng = np.random.default_rng(seed)
    finished = 0
    total = 0.0
    for _ in range(steps):
        for i, game in enumerate(venv.games):
            assert game.decider == seats[i]
            assert {venv.tables[i].space.action(a) for a in np.flatnonzero(masks[i])} == set(game.legal_actions())
        actions = [int(rng.choice(np.flatnonzero(m))) for m in masks]
        obs, masks, seats, rewards, dones = venv.step(actions)
        for i in np.flatnonzero(dones):
            assert sorted(rewards[i]) in ([-1.0, -1.0, 1.0], [0.0, 0.0, 0.0])
        assert not rewards[~dones].any()
        finished += int(dones.sum())
        total += float(rewards.sum())
    return obs.tobytes() + masks.tobytes(), finished, total


def test_games_restart_when_they_end_and_seeds_replay() -> None:
    venv = VectorEnv(num_envs=4, players=3, seed=1)
    first = run(venv, 600, seed=1)
    assert first[1] >= 1, "some games end and restart within 600 steps"
    assert run(VectorEnv(num_envs=4, players=3), 600, seed=1) == first


def test_an_illegal_action_is_refused_naming_the_game() -> None:
    venv = VectorEnv(num_envs=2, players=2, seed=0)
    _, masks, _ = venv.reset()
    actions = [int(np.flatnonzero(masks[0])[0]), int(np.flatnonzero(masks[1] == 0)[0])]
    with pytest.raises(ValueError, match="game 1: action"):
        venv.step(actions)


@pytest.mark.parametrize("num_envs", [0, 5000, 2.0])
def test_bad_sizes_are_refused(num_envs: object) -> None:
    with pytest.raises(ValueError, match="num_envs must be 1 to"):
        VectorEnv(num_envs=num_envs)  # type: ignore[arg-type]


def test_step_before_reset_and_wrong_action_count_are_refused() -> None:
    venv = VectorEnv(num_envs=2)
    with pytest.raises(RuntimeError, match="reset"):
        venv.step([0, 0])
    venv.reset(seed=0)
    with pytest.raises(ValueError, match="expected 2 actions"):
        venv.step([0])
