"""The fitted chance to win that ISMCTS's playouts end in (``bots.value``)."""

from __future__ import annotations

import pytest

from monopoly_deal import Game
from monopoly_deal.bots import HeuristicBot
from monopoly_deal.bots.value import FEATURES, WIN_WEIGHTS_2P, WIN_WEIGHTS_MANY, value_features, win_chance
from monopoly_deal.engine import SET_SIZE

from .test_bots import play

RED_SET = ("red", ["red", "red", "red"], None, None)


def _feature(game: Game, player: int, name: str) -> float:
    return value_features(game, player)[FEATURES.index(name)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_feature_has_a_name_and_a_weight(players: int) -> None:
    game = Game(players, seed=players, log=False)
    assert len(value_features(game, 0)) == len(FEATURES) == len(WIN_WEIGHTS_2P) == len(WIN_WEIGHTS_MANY)
    assert len(set(FEATURES)) == len(FEATURES)


def test_the_chance_is_certain_once_the_game_is_over() -> None:  # R7.1
    game = play(Game(2, seed=4, log=False), [HeuristicBot(seed=0), HeuristicBot(seed=1)])
    assert game.winner >= 0 and win_chance(game, game.winner) == 1.0 and win_chance(game, 1 - game.winner) == 0.0


@pytest.mark.parametrize("players", [2, 4])
def test_a_complete_set_raises_ones_chance_and_lowers_the_opponents(players: int) -> None:  # R6.4
    two = Game.from_position(players, groups={0: [("red", ["red", "red"], None, None)]})
    three = Game.from_position(players, groups={0: [RED_SET]})
    assert 0 < win_chance(two, 0) < win_chance(three, 0) < 1
    assert win_chance(three, 1) < win_chance(two, 1)


def test_colours_count_by_the_cards_they_lack() -> None:  # R6.4: a set's size is its colour's
    game = Game.from_position(2, groups={0: [("dark-blue", ["dark-blue"], None, None),
                                             ("railroad", ["railroad", "railroad"], None, None)]})
    assert SET_SIZE[7] == 2   # dark blue: one card short, like a railroad pair of a four-card set is not
    assert _feature(game, 0, "1/lacking, best colour") == 1.0
    assert _feature(game, 0, "1/lacking, second") == 0.5
    assert _feature(game, 0, "colours one card short") == 1.0


def test_cards_in_hand_count_by_what_they_can_do_there() -> None:  # R6.8, R6.4
    game = Game.from_position(2, hands={0: ["rent:red/yellow", "rent:pink/orange", "red", "green", "yellow"]},
                              groups={0: [("red", ["red", "red"], None, None), ("yellow", ["yellow"], None, None)]})
    assert _feature(game, 0, "rent for a colour held") == 1.0          # red/yellow: red lies on the table
    assert _feature(game, 0, "rent for no colour held") == 1.0         # pink/orange: nothing to charge for
    assert _feature(game, 0, "properties completing a set (to 2)") == 1.0   # the third red
    assert _feature(game, 0, "properties for a colour held") == 1.0    # a second yellow
    assert _feature(game, 0, "other properties") == 1.0                # green


def test_a_deal_breaker_counts_against_a_complete_set() -> None:  # R5.6
    plain = Game.from_position(2, groups={0: [RED_SET]}, hands={1: ["1M"]})
    breaker = Game.from_position(2, groups={0: [RED_SET]}, hands={1: ["deal-breaker"]})
    assert _feature(breaker, 0, "opponent's Deal Breaker x a set to break") == 1.0
    assert win_chance(breaker, 0) < win_chance(plain, 0)
    mine = Game.from_position(2, groups={1: [RED_SET]}, hands={0: ["deal-breaker"]})
    assert _feature(mine, 0, "Deal Breaker x a set to break") == 1.0
    assert win_chance(mine, 0) > win_chance(Game.from_position(2, groups={1: [RED_SET]}, hands={0: ["1M"]}), 0)
