"""A game's review: an obviously losing move is flagged, the best move is not, a review repeats, and a seat's
review sees only what it saw."""

from __future__ import annotations

import pytest

from monopoly_deal.analysis.review import (
    THRESHOLDS,
    accuracy,
    choices,
    decisions,
    flag_for,
    review,
    weigh,
)
from monopoly_deal.engine import parse_action
from tests.analysis.positions import PAY_OR_LOSE, midgame, pay_or_lose, played_on, reshuffled, win_or_wait


def test_ending_the_turn_instead_of_winning_is_a_blunder() -> None:
    """The strongest bot (ISMCTS, as by default) proposes the winning green; ending the turn throws the game
    away."""
    result = review(win_or_wait(), ["end"], budget=12, seed=1, bot="ismcts:iters=40")
    decision, = result.decisions
    assert str(decision.taken.action) == "end" and str(decision.best.action) == "play green"
    assert decision.best.rank == 1                       # the bot's own pick
    assert (decision.before, decision.after, decision.lost, decision.flag) == (1.0, 0.0, 1.0, "blunder")
    assert result.accuracy(0) == 0.0 and result.flags(0) == {"inaccuracy": 0, "mistake": 0, "blunder": 1}


def test_paying_with_the_property_that_completes_the_opponent_s_set_is_a_blunder() -> None:
    result = review(pay_or_lose(), PAY_OR_LOSE, seats=[0], budget=12, seed=1, bot="heuristic")
    decision, = result.decisions                          # P1's accept was its only legal action: not weighed
    assert decision.index == 2 and decision.seat == 0 and decision.legal == 4
    assert str(decision.best.action) == "pay 5M" and decision.flag == "blunder" and decision.after == 0.0


def test_the_winning_move_itself_loses_nothing() -> None:
    result = review(win_or_wait(), ["play green"], budget=8, seed=1, bot="heuristic")
    decision, = result.decisions
    assert decision.best is decision.taken and decision.lost == 0 and decision.flag is None
    assert result.accuracy(0) == 100.0 and decision.alternatives      # the others were weighed, and were worse


def test_decisions_with_one_legal_action_are_skipped() -> None:
    start = pay_or_lose()
    assert choices(start, PAY_OR_LOSE) == [0, 2]        # P2's Debt Collector, P1's payment; not P1's accept
    assert choices(start, PAY_OR_LOSE, seats=[1]) == [0]


def test_a_review_with_one_seed_is_the_same_every_time() -> None:
    start, actions = played_on(midgame(seed=5), 10)
    first = review(start, actions, budget=3, seed=7, bot="heuristic")
    again = review(start, actions, budget=3, seed=7, bot="heuristic")
    assert first.to_json() == again.to_json() and first.decisions
    other = review(start, actions, budget=3, seed=8, bot="heuristic")
    assert other.to_json()["decisions"] != first.to_json()["decisions"]


def test_a_decision_is_weighed_the_same_whichever_seats_are_reviewed() -> None:
    start, actions = played_on(midgame(seed=6), 12)
    everyone = list(decisions(start, actions, budget=2, seed=3, bot="heuristic"))
    p2 = list(decisions(start, actions, seats=[1], budget=2, seed=3, bot="heuristic"))
    assert p2 == [d for d in everyone if d.seat == 1] and p2


@pytest.mark.parametrize("players", [2, 3])
def test_a_seat_s_review_does_not_peek(players: int) -> None:
    """The no-peek rule for the whole decision: the bot's alternatives and every estimate come from the deciding
    seat's view, so the same decision with the hidden cards dealt otherwise is weighed the same; all cards open,
    it is weighed on the real hands, and differs."""
    differs_open = 0
    for seed in range(2):
        game = midgame(seed, players)
        me = game.decider
        other = reshuffled(game, me, seed + 50)
        taken = game.legal_actions()[-1]
        seen = weigh(game, 0, taken, budget=4, seed=11, bot="ismcts:iters=20")
        assert weigh(other, 0, taken, budget=4, seed=11, bot="ismcts:iters=20") == seen
        differs_open += weigh(game, 0, taken, 4, 11, open=True, bot="heuristic") != \
            weigh(other, 0, taken, 4, 11, open=True, bot="heuristic")
    assert differs_open >= 1


def test_flags_need_the_threshold_and_a_clear_loss() -> None:
    assert [flag_for(t) for _, t in THRESHOLDS] == ["inaccuracy", "mistake", "blunder"]
    assert flag_for(0.099) is None and flag_for(1.0) == "blunder"
    assert flag_for(0.35, error=0.2) is None and flag_for(0.35, error=0.15) == "blunder"


def test_accuracy_falls_with_the_win_chance_lost() -> None:
    values = [accuracy(lost / 20) for lost in range(21)]
    assert values[0] == 100.0 and values[-1] == 0.0 and values == sorted(values, reverse=True)


def test_the_review_names_the_game_and_its_settings() -> None:
    result = review(pay_or_lose(), PAY_OR_LOSE, seats=[0], budget=4, seed=2, open=True, bot="heuristic")
    data = result.to_json()
    assert data["settings"] == {"seats": ["P1"], "budget": 4, "seed": 2, "open": True, "view": "all cards open",
                                "bot": "heuristic", "alternatives": 3, "policy": "heuristic",
                                "thresholds": {"inaccuracy": 0.1, "mistake": 0.2, "blunder": 0.3},
                                "significance": 2.0}
    assert data["game"] == {"players": ["P1", "P2"], "actions": 3, "turns": 1, "over": True, "winner": "P2"}
    assert str(parse_action(data["decisions"][0]["taken"])) == "pay dark-blue:dark-blue"
