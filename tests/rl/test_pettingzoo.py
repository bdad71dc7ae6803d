"""The PettingZoo AEC environment: PettingZoo's own checks, masks, seeds, rewards, illegal actions."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from monopoly_deal.rl.pettingzoo import env, raw_env

from ..engine.helpers import EDITIONS

# PettingZoo's api_test says so of every classic game's {"observation", "action_mask"} dict.
pytestmark = [pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
              pytest.mark.filterwarnings("ignore:Observation space for each agent probably")]


@pytest.mark.parametrize("players, edition", [(2, "base"), (3, "enhanced"), (10, "base")])
def test_pettingzoo_api_test(players: int, edition: str) -> None:
    api_test(env(players=players, edition=edition, render_mode="ansi"), num_cycles=300)


@pytest.mark.parametrize("players, edition", [(2, "enhanced"), (4, "base")])
def test_pettingzoo_seed_test(players: int, edition: str) -> None:
    seed_test(lambda: env(players=players, edition=edition), num_cycles=300)


def play(environment, seed: int, choice_seed: int) -> list[tuple]:
    """A whole game of random masked actions; every step's (agent, observation, mask, reward, done)."""
    environment.reset(seed=seed)
    rng = random.Random(choice_seed)
    trace = []
    for agent in environment.agent_iter():
        observation, reward, termination, truncation, _ = environment.last()
        trace.append((agent, observation["observation"].tobytes(), observation["action_mask"].tobytes(),
                      reward, termination))
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(None if termination or truncation else int(legal[rng.randrange(len(legal))]))
    return trace


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", [2, 4, 10])
def test_masks_are_the_legal_actions_at_every_step(players: int, edition: str) -> None:
    environment = env(players=players, edition=edition)
    environment.reset(seed=players)
    game, space = environment.unwrapped.game, environment.unwrapped.table.space
    rng = random.Random(0)
    steps = 0
    for agent in environment.agent_iter():
        observation, _, termination, truncation, _ = environment.last()
        mask = observation["action_mask"]
        if termination or truncation:
            assert not mask.any() and game.over
            environment.step(None)
            continue
        assert agent == f"player_{game.decider}"
        assert {space.action(i) for i in np.flatnonzero(mask)} == set(game.legal_actions())
        others = [a for a in environment.agents if a != agent]
        assert not environment.observe(others[0])["action_mask"].any(), "only the deciding seat may act"
        legal = np.flatnonzero(mask)
        environment.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
    assert game.over and steps == len(game.history)


def test_the_same_seed_replays_the_same_game() -> None:
    first = play(env(players=3), seed=7, choice_seed=1)
    assert play(env(players=3), seed=7, choice_seed=1) == first
    assert play(env(players=3), seed=8, choice_seed=1) != first


def test_reset_without_a_seed_deals_a_new_game_from_the_last_seed() -> None:
    environment = env(players=2)
    environment.reset(seed=3)
    first = environment.unwrapped.game.seed
    environment.reset()
    second = environment.unwrapped.game.seed
    environment.reset(seed=3)
    environment.reset()
    assert second != first and environment.unwrapped.game.seed == second


def test_winner_gets_plus_one_and_the_others_minus_one() -> None:
    environment = env(players=3)
    finals: dict[str, float] = {}
    for seed in range(6):
        environment.reset(seed=seed)
        rng = random.Random(seed)
        for agent in environment.agent_iter():
            observation, reward, termination, truncation, _ = environment.last()
            if termination or truncation:
                finals[agent] = reward
                environment.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            environment.step(int(legal[rng.randrange(len(legal))]))
        winner = environment.unwrapped.game.winner
        expected = {f"player_{p}": 0.0 if winner < 0 else (1.0 if p == winner else -1.0) for p in range(3)}
        assert finals == expected


def test_an_illegal_action_ends_the_game_with_minus_one_for_its_player() -> None:
    environment = env(players=2)
    environment.reset(seed=1)
    agent = environment.agent_selection
    observation, *_ = environment.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    environment.step(illegal)
    assert all(environment.terminations.values())
    assert environment.rewards[agent] == -1


def ended(how: str) -> raw_env:
    """An environment whose game has just ended: by the rules, or by an illegal action."""
    environment = env(players=3, rules={"max_turns": 6})
    environment.reset(seed=4)
    rng = random.Random(4)
    while not any(environment.terminations.values()):
        mask = environment.observe(environment.agent_selection)["action_mask"]
        environment.step(int(rng.choice(np.flatnonzero(mask if how == "over" else mask == 0))))
    assert all(environment.terminations.values())
    return environment


@pytest.mark.filterwarnings("ignore:.*Illegal move made")
@pytest.mark.parametrize("how", ["over", "illegal"])
def test_a_game_an_illegal_action_ended_refuses_steps_as_a_finished_one(how: str) -> None:
    """After an illegal action, as after the end of the game: every mask is all 0, an agent's step takes only
    ``None`` (PettingZoo's dead step), and once every agent has left a step is a ``RuntimeError``."""
    environment = ended(how)
    assert not any(environment.observe(agent)["action_mask"].any() for agent in environment.possible_agents)
    while environment.agents:
        with pytest.raises(ValueError, match="the only valid action is None"):
            environment.step(0)
        environment.step(None)
    for action in (0, None):
        with pytest.raises(RuntimeError, match="the game is over and every agent has left; call reset"):
            environment.step(action)
    environment.reset(seed=1)
    assert environment.observe(environment.agent_selection)["action_mask"].any()


def test_render_shows_the_table_as_text() -> None:
    environment = env(players=2, render_mode="ansi")
    environment.reset(seed=2)
    text = environment.render()
    assert "Turn 1" in text and "Your hand" in text and "decision: play" in text


@pytest.mark.parametrize("kwargs, message", [
    ({"players": 11}, "players must be 2 to 10"),
    ({"edition": "deluxe"}, "unknown edition"),
    ({"render_mode": "rgb_array"}, "render_mode must be one of"),
    ({"rules": "putback=sideways"}, "putback"),
])
def test_bad_settings_are_one_clear_error(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        raw_env(**kwargs)
