"""The win-chance estimator: the arithmetic of its estimates, common random numbers, and the no-peek rule."""

from __future__ import annotations

import math

import pytest

from monopoly_deal.analysis.winchance import OpenSampler, Outcomes, SeatSampler, evaluate, playout
from monopoly_deal.bots import Seat
from monopoly_deal.engine import Game, parse_action
from tests.analysis.positions import midgame, reshuffled, win_or_wait

END = parse_action("end")


def test_a_chance_is_the_share_of_playouts_won_with_its_standard_error() -> None:
    outcomes = Outcomes(END, (0, 1, 0, -1))
    assert outcomes.chance(0) == 0.5 and outcomes.chance(1) == 0.25
    assert outcomes.error(0) == pytest.approx(math.sqrt(1 / 3 / 4))   # sample variance 1/3, four playouts


def test_a_difference_is_paired_world_by_world() -> None:
    a, b = Outcomes(END, (0, 0, 1, 1)), Outcomes(END, (0, 1, 1, 1))
    difference = a.against(b, 0)
    assert difference.value == 0.25 and difference.error == pytest.approx(0.25)  # differences 0, 1, 0, 0
    with pytest.raises(ValueError, match="cannot be paired"):
        a.against(Outcomes(END, (0,)), 0)


def test_the_same_action_on_the_same_worlds_differs_by_nothing() -> None:
    """Common random numbers: every action meets the same worlds and the same cards to come."""
    game = midgame(seed=1)
    action = game.legal_actions()[0]
    one, two = evaluate(SeatSampler(Seat(game, game.decider)), [action, action], playouts=6, seed=3)
    assert one.winners == two.winners
    assert one.against(two, game.decider).value == 0 and one.against(two, game.decider).error == 0


def test_winning_now_beats_waiting() -> None:
    game = win_or_wait()
    wait, win = evaluate(SeatSampler(Seat(game, 0)), [END, parse_action("play green")], playouts=8, seed=1)
    assert win.chance(0) == 1.0 and wait.chance(0) == 0.0 and wait.chance(1) == 1.0


def test_an_estimate_is_the_same_for_one_seed() -> None:
    game = midgame(seed=2)
    sampler = SeatSampler(Seat(game, game.decider))
    actions = list(game.legal_actions()[:3])
    assert evaluate(sampler, actions, 5, seed=9) == evaluate(sampler, actions, 5, seed=9)


@pytest.mark.parametrize("players", [2, 3])
def test_a_seat_s_estimate_does_not_depend_on_the_cards_it_cannot_see(players: int) -> None:
    """The no-peek rule: the others' hands and the draw pile dealt anew, consistently with the seat's view,
    give the very same estimate at a fixed seed; all cards open, the estimate reads them, so it changes."""
    changed_open = 0
    for seed in range(2):
        game = midgame(seed, players)
        me = game.decider
        other = reshuffled(game, me, seed + 100)
        assert other.view(me) == game.view(me) and other.hands != game.hands
        actions = list(game.legal_actions()[:2])
        seen = evaluate(SeatSampler(Seat(game, me)), actions, 4, seed=5)
        assert evaluate(SeatSampler(Seat(other, me)), actions, 4, seed=5) == seen
        changed_open += evaluate(OpenSampler(game, me), actions, 4, seed=5) != \
            evaluate(OpenSampler(other, me), actions, 4, seed=5)
    assert changed_open >= 1


def test_all_cards_open_keeps_every_hand_and_deals_only_the_draw_pile_anew() -> None:
    game = midgame(seed=3, players=3)
    world = OpenSampler(game, game.decider).world(7)
    assert world.hands == game.hands
    assert sorted(world.draw) == sorted(game.draw) and world.draw != game.draw


def _orange_held(by_p2: bool) -> Game:
    """P1 to play, with the green that wins in hand; P2 one orange card from its third set. The one orange left
    is in P2's hand, or at the bottom of the draw pile: the same view for P1 either way."""
    hand = ["orange", "1M", "2M", "3M", "5M"] if by_p2 else ["1M", "1M", "2M", "3M", "5M"]
    draw = ["2M", "4M", "5M", "3M", "4M", "2M", "1M", "1M" if by_p2 else "orange"]
    return Game.from_position(
        2, rest="box", hands={0: ["green"], 1: hand}, draw=draw,
        groups={0: [("brown", ["brown", "brown"], None, None), ("dark-blue", ["dark-blue", "dark-blue"], None, None),
                    ("green", ["green", "green"], None, None)],
                1: [("red", ["red"] * 3, None, None), ("yellow", ["yellow"] * 3, None, None),
                    ("orange", ["orange", "orange"], None, None)]})


def test_the_open_mode_sees_the_hand_that_decides_the_game() -> None:
    """Ending the turn: P1 cannot tell whether P2 holds the orange, so its estimate is the same either way; all
    cards open, it is a sure loss where P2 holds it and mostly a win where P2 must draw it (2 cards of 8)."""
    held, buried = _orange_held(True), _orange_held(False)
    assert held.view(0) == buried.view(0)
    seat = [evaluate(SeatSampler(Seat(g, 0)), [END], 16, seed=2) for g in (held, buried)]
    assert seat[0] == seat[1]
    open_ = [evaluate(OpenSampler(g, 0), [END], 16, seed=2)[0].chance(0) for g in (held, buried)]
    assert open_[0] == 0.0 and open_[1] > 0.5


def test_a_playout_that_does_not_end_is_given_up() -> None:
    game = midgame(seed=4)
    assert playout(game.clone(), turns=0) == -1
    finished = game.clone()
    assert playout(finished) in range(-1, 2) and (finished.over or finished.turn > game.turn + 100)
