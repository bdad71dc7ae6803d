"""The Gymnasium environment against bots: Gymnasium's checker, registration, masks, seeds, episodes."""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import monopoly_deal.rl  # noqa: F401 (registers MonopolyDeal-v0)
from monopoly_deal.rl.gymnasium import MonopolyDealEnv, ended_mask


@pytest.mark.parametrize("kwargs", [
    {"players": 2, "opponents": "random"},
    {"players": 2, "opponents": "heuristic"},
    {"players": 3, "opponents": ["random", "heuristic"], "seat": None, "edition": "enhanced"},
])
def test_gymnasium_check_env(kwargs: dict, capsys: pytest.CaptureFixture[str]) -> None:
    check_env(gymnasium.make("MonopolyDeal-v0", **kwargs).unwrapped)
    assert "Your hand" in capsys.readouterr().out, "the checker renders the human mode"


def episode(env: gymnasium.Env, seed: int) -> tuple[list[bytes], float, list[str]]:
    """One whole episode of random masked actions from ``reset(seed)``: observations, last reward, record."""
    observation, info = env.reset(seed=seed)
    rng = random.Random(seed)
    observations = [observation.tobytes()]
    game = env.unwrapped.game
    space = env.unwrapped.table.space
    terminated, reward = False, 0.0
    while not terminated:
        mask = info["action_mask"]
        assert np.array_equal(env.unwrapped.action_masks(), mask.astype(bool))
        assert game.decider == info["seat"]
        assert {space.action(i) for i in np.flatnonzero(mask)} == set(game.legal_actions())
        legal = np.flatnonzero(mask)
        observation, reward, terminated, truncated, info = env.step(int(legal[rng.randrange(len(legal))]))
        assert not truncated and (reward == 0 or terminated)
        observations.append(observation.tobytes())
    assert game.over and reward == (0.0 if game.winner < 0 else (1.0 if game.winner == info["seat"] else -1.0))
    assert np.array_equal(info["action_mask"], ended_mask(env.unwrapped.table.actions))
    return observations, reward, game.record()["actions"]


@pytest.mark.parametrize("players, edition", [(2, "base"), (4, "enhanced")])
def test_masks_are_the_legal_actions_and_the_same_seed_replays_the_game(players: int, edition: str) -> None:
    env = gymnasium.make("MonopolyDeal-v0", players=players, opponents="random", seat=None, edition=edition)
    first = episode(env, seed=5)
    assert episode(env, seed=5) == first
    assert episode(env, seed=6) != first


def test_random_opponents_decide_by_index_as_they_would_by_action(monkeypatch: pytest.MonkeyPatch) -> None:
    """A random opponent's pick is played by its place among the legal actions, without asking it for
    the action and finding that: the episode is the one its chosen actions make."""
    import monopoly_deal.rl.gymnasium as module

    class ByAction:
        """The same bot behind another class: the environment asks it for its action."""

        def __init__(self, bot: Any) -> None:
            self.bot = bot

        def choose(self, seat: Any) -> Any:
            return self.bot.choose(seat)

    by_index = episode(MonopolyDealEnv(players=3, opponents="random", seat=None), seed=9)
    make_bot = module.make_bot
    monkeypatch.setattr(module, "make_bot", lambda spec, seed=None: ByAction(make_bot(spec, seed=seed)))
    assert episode(MonopolyDealEnv(players=3, opponents="random", seat=None), seed=9) == by_index


def test_heuristic_opponents_play_whole_episodes() -> None:
    env = gymnasium.make("MonopolyDeal-v0", players=2, opponents="heuristic")
    rewards = {episode(env, seed)[1] for seed in range(3)}
    assert rewards <= {-1.0, 0.0, 1.0}


def test_an_illegal_action_ends_the_episode_with_minus_one() -> None:
    env = gymnasium.make("MonopolyDeal-v0", players=2, opponents="random")
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    assert np.array_equal(info["action_mask"], ended_mask(env.unwrapped.table.actions))
    assert env.unwrapped.action_masks().nonzero()[0].tolist() == [0]


def finished(how: str) -> MonopolyDealEnv:
    """An environment whose episode has just ended: by the rules (the game is over) or by an illegal action."""
    env = MonopolyDealEnv(players=2, opponents="random", rules={"max_turns": 6})
    _, info = env.reset(seed=3)
    rng = random.Random(3)
    terminated = False
    while not terminated:
        legal, illegal = np.flatnonzero(info["action_mask"]), np.flatnonzero(info["action_mask"] == 0)
        action = int(rng.choice(illegal) if how == "illegal" else rng.choice(legal))
        _, _, terminated, _, info = env.step(action)
    assert (env.game is not None and env.game.over) == (how == "over")
    return env


@pytest.mark.parametrize("how", ["over", "illegal"])
def test_an_ended_episode_refuses_every_step_until_reset(how: str) -> None:
    """An illegal action ends the episode as the end of the game does: every later step is the same error,
    whatever the action, legal before or not; ``reset()`` starts the next one."""
    env = finished(how)
    for action in (0, 1, int(env.action_space.n) - 1):
        with pytest.raises(RuntimeError, match=r"the episode is over; call reset\(\)"):
            env.step(action)
    _, info = env.reset()
    assert info["action_mask"].any() and env.step(int(np.flatnonzero(info["action_mask"])[0]))[1] in (-1.0, 0.0, 1.0)


@pytest.mark.parametrize("mode", ["NEXT_STEP", "SAME_STEP"])
def test_no_mask_a_vector_env_returns_is_all_zero(mode: str) -> None:
    """Gymnasium's vector environments (``NEXT_STEP`` autoreset by default) ask for an action for every row,
    also the one whose episode has just ended: that row's mask still offers one (the placeholder, which the
    vector environment drops), so a masked sampler never meets a row without a 1. After the autoreset the row
    is the new game's mask. Episodes end by the rules and by illegal actions."""
    from gymnasium.vector import AutoresetMode

    envs = gymnasium.make_vec("MonopolyDeal-v0", num_envs=3, vectorization_mode="sync",
                              vector_kwargs={"autoreset_mode": AutoresetMode[mode]},
                              players=2, opponents="random", rules={"max_turns": 4})
    _, info = envs.reset(seed=2)
    rng = np.random.default_rng(2)
    ends = illegal = 0
    for _ in range(200):
        masks = info["action_mask"]
        assert masks.any(axis=1).all()
        actions = [int(rng.choice(np.flatnonzero(m))) for m in masks]
        if rng.random() < 0.03:   # now and then an illegal action, where the row has one
            row = int(rng.integers(3))
            actions[row] = int(np.flatnonzero(masks[row] == 0)[0])
        _, _, terminated, _, info = envs.step(np.array(actions))
        assert info["action_mask"].any(axis=1).all()
        live = [env.unwrapped.action_masks() for env in envs.envs]
        for i, done in enumerate(terminated):
            ends += bool(done)
            said = info.get("final_info", info)     # SAME_STEP: the info of the step that ended it
            illegal += bool(done and said.get("illegal_action", np.zeros(3, bool))[i])
            assert np.array_equal(info["action_mask"][i].astype(bool), live[i])
    assert ends >= 5 and illegal >= 1
    envs.close()


@pytest.mark.parametrize("kwargs, message", [
    ({"opponents": "grandmaster"}, "unknown bot 'grandmaster'"),
    ({"opponents": "ismcts:iters=0"}, "iters must be a whole number"),
    ({"players": 3, "opponents": ["random"]}, "3 players need 2 opponent"),
    ({"seat": 2}, "seat must be one of 0 to 1"),
    ({"render_mode": "rgb_array"}, "render_mode must be one of"),
])
def test_bad_settings_are_one_clear_error(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        MonopolyDealEnv(**kwargs)


@pytest.mark.parametrize("action", [-1, 10**9, 1.5, "end", True])
def test_an_action_that_is_no_id_is_refused(action: object) -> None:
    env = MonopolyDealEnv(opponents="random")
    env.reset(seed=1)
    with pytest.raises(ValueError, match="an action is an id from 0 to"):
        env.step(action)
