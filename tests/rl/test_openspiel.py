"""The OpenSpiel game: OpenSpiel's own random_sim_test, seeds, information states, resampling, ISMCTS."""

from __future__ import annotations

import doctest
import itertools
import random
import re
from pathlib import Path

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")  # OpenSpiel is optional: the imports below need it

from open_spiel.python.algorithms import ismcts, mcts

from monopoly_deal.engine import Rules
from monopoly_deal.rl import openspiel
from monopoly_deal.rl.core import make_rules
from monopoly_deal.rl.encoding import ObservationEncoder, action_space
from monopoly_deal.rl.openspiel import SHORT_NAME, MonopolyDealGame

from ..engine.test_hidden_information import private_choice_worlds


def load(**params: object) -> pyspiel.Game:
    return pyspiel.load_game(SHORT_NAME, params)


def walk(game: pyspiel.Game, choice_seed: int, steps: int = 10_000) -> list[pyspiel.State]:
    """The states of a game of random legal actions, for at most ``steps`` actions."""
    state, rng = game.new_initial_state(), random.Random(choice_seed)
    states = [state.clone()]
    while not state.is_terminal() and len(states) <= steps:
        state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


@pytest.mark.parametrize("params", [
    {"players": 2, "max_turns": 30, "seed": 4},
    {"players": 3, "edition": "enhanced", "max_turns": 12, "putback": "discard"},
])
def test_openspiel_random_sim_test(params: dict) -> None:
    # serialize=False: OpenSpiel stores a sampled-stochastic game with its generator's state, which a
    # Python game cannot hand it (GetRNGState is C++ only).
    pyspiel.random_sim_test(load(**params), num_sims=2, serialize=False, verbose=False)


def test_game_parameters_and_sizes() -> None:
    game = load(players=3, edition="enhanced")
    assert game.num_players() == 3
    assert game.num_distinct_actions() == len(game.space)
    assert game.observation_tensor_size() == ObservationEncoder(3, "enhanced", history=8).size
    assert game.information_state_tensor_size() == ObservationEncoder(3, "enhanced", history=64).size
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION


@pytest.mark.parametrize("params, message", [
    ({"players": 11}, "players must be 2 to 10"),
    ({"edition": "deluxe"}, "unknown edition"),
    ({"putback": "sideways"}, "putback"),
    ({"max_rearrangements": 0}, "max_rearrangements must be 1 or more"),
    ({"bank_first": 1}, "bank_first"),
    ({"start": "P3"}, "P1 to P2"),
    ({"start": "P0"}, "start"),
    ({"rules": "putback=discard"}, r"unknown parameter\(s\) rules"),
    ({"seed": -2}, "seed must be"),
])
def test_bad_parameters_name_the_parameter(params: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        MonopolyDealGame(params)


@pytest.mark.parametrize("text, changed", [
    ("python_monopoly_deal(players=3,putback=discard,decks=2)", {"putback": "discard", "decks": 2}),
    (("python_monopoly_deal(players=4,edition=enhanced,values=s2,bank_first=true,house_to_win=true,start=P4,"
      "max_turns=200,max_rearrangements=3,sets_to_win=5,speeding_discard=random,seed=7)"),
     {"values": "s2", "bank_first": True, "house_to_win": True, "start": 3, "max_turns": 200,
      "max_rearrangements": 3, "sets_to_win": 5, "speeding_discard": "random"}),
    (("python_monopoly_deal(start=dice,single_double_rent=true,complete_needs_single=true,"
      "received_buildings_to_bank=true,rearrange_after_empty_hand=true)"),
     {"start": "dice", "single_double_rent": True, "complete_needs_single": True, "received_buildings_to_bank": True,
      "rearrange_after_empty_hand": True}),
])
def test_a_game_string_carries_every_rule_option(text: str, changed: dict) -> None:
    """Each rule option is a parameter of its own, so OpenSpiel's ``name(k=v,...)`` game strings carry them
    (and the game's own string loads the same game again)."""
    game = pyspiel.load_game(text)
    assert game.rules.changed() == {**changed, "max_rearrangements": changed.get("max_rearrangements", 8)}
    assert game.new_initial_state().engine_game.rules == game.rules
    again = pyspiel.load_game(str(game))
    assert (again.rules, again.players, again.edition, again.seed) == (game.rules, game.players, game.edition,
                                                                       game.seed)
    short = text if "max_turns" in text else text.replace("(", "(max_turns=6,", 1)
    pyspiel.random_sim_test(pyspiel.load_game(short), num_sims=1, serialize=False, verbose=False)


def test_the_parameters_are_every_rule_option_with_the_environments_defaults() -> None:
    spec = pyspiel.load_game(SHORT_NAME).get_parameters()
    assert set(spec) == {"players", "edition", "seed"} | set(Rules().to_dict())
    assert openspiel.rules_from(spec) == make_rules(None)


@pytest.mark.parametrize("text, message", [
    ("python_monopoly_deal(players=3,rules=putback=discard)", "Unknown parameter"),
    ("python_monopoly_deal(bank_first=1)", "Wrong type for parameter bank_first"),
    ("python_monopoly_deal(start=1)", "Wrong type for parameter start"),
    ("python_monopoly_deal(putback=floor)", "putback"),
])
def test_a_bad_game_string_is_refused(text: str, message: str) -> None:
    with pytest.raises(Exception, match=message):  # OpenSpiel raises its own errors (SpielError), not ValueError
        pyspiel.load_game(text)


def test_same_seed_replays_the_same_game() -> None:
    first, again = walk(load(seed=11), choice_seed=3), walk(load(seed=11), choice_seed=3)
    assert [str(s) for s in first] == [str(s) for s in again]
    assert [s.information_state_string(0) for s in first] == [s.information_state_string(0) for s in again]
    assert str(load(seed=12).new_initial_state()) != str(first[0])


def test_without_a_seed_every_deal_differs() -> None:
    game = load()
    assert len({str(game.new_initial_state()) for _ in range(5)}) == 5


def test_clone_is_independent() -> None:
    state = load(seed=2).new_initial_state()
    before = str(state)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert str(state) == before and str(clone) != before


def test_zero_sum_returns() -> None:
    state = walk(load(players=3, seed=5), choice_seed=1)[-1]
    assert state.is_terminal()
    returns = state.returns()
    assert sum(returns) == pytest.approx(0)
    assert sorted(returns) in ([-0.5, -0.5, 1.0], [0.0, 0.0, 0.0])


def test_observation_tensor_is_the_encoder() -> None:
    game = load(players=2, seed=6)
    encoder = ObservationEncoder(2, history=8)
    for state in walk(game, choice_seed=2, steps=60)[::7]:
        for seat in range(2):
            assert np.array_equal(state.observation_tensor(seat), encoder.encode(state.engine_game, seat))


def test_information_state_is_perfect_recall_of_what_the_seat_saw() -> None:
    states = walk(load(seed=8, max_turns=20), choice_seed=4)
    for earlier, later in itertools.pairwise(states):
        for seat in range(2):
            assert later.information_state_string(seat).startswith(earlier.information_state_string(seat))
    last = states[-1]
    game = last.engine_game
    seen = last.information_state_string(0)
    assert f"hand: {' '.join(sorted(map(game.card_key, game.hands[0])))}" in seen
    assert last.information_state_string(1) != seen


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 1)])
def test_r3_6_another_seats_put_back_never_changes_an_information_state(players: int, seed: int) -> None:
    """R3.6: two worlds that differ only in which card one seat put back under the draw pile, playing on
    by the same actions, give every other seat the same information state and observation, as strings
    and as tensors, at every step; the seat that chose recalls its card."""
    game, space = load(players=players, seed=seed), action_space(players)
    states = game.new_initial_state(), game.new_initial_state()
    checked = 0
    for a, b, owner in private_choice_worlds(players, "base", seed, log=False, steps=60, rules=game.rules):
        for state, world in zip(states, (a, b), strict=True):
            for action in world.history[len(state.history()):]:
                state.apply_action(space.id(action))
        assert states[0].information_state_string(owner) != states[1].information_state_string(owner)
        for p in range(players):
            if p == owner:
                continue
            first, second = states
            assert first.information_state_string(p) == second.information_state_string(p)
            assert first.information_state_tensor(p) == second.information_state_tensor(p)
            assert first.observation_string(p) == second.observation_string(p)
            assert first.observation_tensor(p) == second.observation_tensor(p)
            checked += 1
    assert checked > 50


def test_resampling_keeps_what_the_seat_knows_and_deals_the_rest_again() -> None:
    states = walk(load(seed=9, max_turns=25), choice_seed=5)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differed = 0
    for state in states[:-1:5]:
        seat = state.current_player()
        sample = state.resample_from_infostate(seat, sampler)
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert sample.observation_tensor(seat) == state.observation_tensor(seat)
        assert sample.legal_actions() == state.legal_actions()
        other = 1 - seat
        differed += sorted(sample.engine_game.hands[other]) != sorted(state.engine_game.hands[other])
        sample.apply_action(sample.legal_actions()[0])  # a sample plays on
    assert differed > 0


def test_openspiel_ismcts_bot_plays_a_legal_action() -> None:
    game = load(seed=10)
    state = game.new_initial_state()
    random_state = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, random_state), uct_c=2.0, max_simulations=8,
                           random_state=random_state)
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_docs_quick_start_runs(capsys: pytest.CaptureFixture[str]) -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    match = re.search(r"```python\n(.*?)```", text[text.index("## Quick start: OpenSpiel"):], re.DOTALL)
    assert match is not None
    exec(compile(match.group(1), "docs/rl.md", "exec"), {})  # noqa: S102 (the docs example, run as written)
    assert capsys.readouterr().out.strip() in ("[1.0, -1.0]", "[-1.0, 1.0]", "[0.0, 0.0]")


def test_module_docstring_examples_run() -> None:
    result = doctest.testmod(openspiel, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_docs_game_string_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    match = re.search(r"```python\n(.*?)```", text[text.index("so a game string carries them"):], re.DOTALL)
    assert match is not None
    exec(compile(match.group(1), "docs/rl.md", "exec"), {})  # noqa: S102 (the docs example, run as written)
    assert capsys.readouterr().out.strip() == str(
        {"putback": "discard", "decks": 2, "max_turns": 200, "max_rearrangements": 8})
