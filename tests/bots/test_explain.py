"""Bots that say why: the pick first, then the runners-up with the bot's estimates; no peeking either."""

from __future__ import annotations

import json

import pytest

from monopoly_deal import Game
from monopoly_deal.bots import HeuristicBot, IsmctsBot, RandomBot, Seat
from monopoly_deal.bots.explain import Alternative, explain, hint

from .test_bots import _midgame, _reshuffle_hidden


@pytest.mark.parametrize("make", [lambda: HeuristicBot(seed=3), lambda: IsmctsBot(seed=3, iters=150)])
def test_the_explanation_starts_with_what_choose_picks(make) -> None:
    for seed in range(3):
        game = _midgame(seed)
        seat = Seat(game, game.decider)
        alternatives = make().explain(seat, 3)
        assert alternatives[0].action == make().choose(seat)
        assert 1 <= len(alternatives) <= 3 and len({a.action for a in alternatives}) == len(alternatives)
        assert all(a.action in game.legal_actions() for a in alternatives)


def test_ismcts_estimates_are_mean_rewards_over_the_playouts_it_spent() -> None:
    game = _midgame(seed=2)
    bot = IsmctsBot(seed=1, iters=300)
    alternatives = bot.explain(Seat(game, game.decider), top=10)
    assert len(alternatives) >= 2
    assert sum(a.playouts or 0 for a in alternatives) == bot.last_iterations
    assert all(a.value is not None and 0.0 <= a.value <= 1.0 for a in alternatives)
    assert alternatives[0].playouts == max(a.playouts or 0 for a in alternatives)  # the last contenders got most


def test_ismcts_searches_the_heuristics_best_width_actions_and_the_plain_answer() -> None:
    searched = 0
    for seed in range(4):
        game = _midgame(seed)
        alternatives = IsmctsBot(seed=1, iters=60, width=2).explain(Seat(game, game.decider), top=20)
        if alternatives[0].value is not None:  # not a free re-colouring, which the heuristic picks alone
            searched += 1
            assert 2 <= len(alternatives) <= 3 < len(game.legal_actions())
    assert searched


def test_the_explanation_does_not_peek_at_hidden_cards() -> None:
    game = _midgame(seed=4)
    other = _reshuffle_hidden(game, game.decider, 4)
    ours = IsmctsBot(seed=2, iters=120).explain(Seat(game, game.decider))
    theirs = IsmctsBot(seed=2, iters=120).explain(Seat(other, game.decider))
    assert ours == theirs


def test_a_forced_action_has_no_estimate_and_a_bot_without_explain_gives_its_pick() -> None:
    game = Game.from_position(2, hands={0: ["deal-breaker"], 1: ["2M"]},
                              groups={1: [("green", ["green", "green", "green"], None, None)]})
    game.apply("deal-breaker P2 green")
    assert explain(IsmctsBot(seed=1, iters=20), Seat(game, 1)) == [Alternative(game.legal_actions()[0])]
    game = _midgame(seed=3)
    [only] = explain(RandomBot(seed=1), Seat(game, game.decider))
    assert only.value is None and only.action in game.legal_actions()


def test_hint_is_json_for_the_seat_that_decides_only() -> None:
    game = _midgame(seed=5)
    alternatives = hint(game, game.decider, "ismcts:iters=80", top=3)
    assert json.loads(json.dumps(alternatives)) == alternatives
    assert {alt["action"] for alt in alternatives} <= {str(a) for a in game.legal_actions()}
    assert all(isinstance(alt["value"], float) and isinstance(alt["playouts"], int) for alt in alternatives)
    with pytest.raises(ValueError, match="owes no decision"):
        hint(game, 1 - game.decider)
