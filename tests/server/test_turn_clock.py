"""The turn clock's arithmetic (R10.5, server/clock.py), without a room or an event loop: the whole turn's
budget, paused while others answer, and re-armed only when the decision passes to someone else."""

from __future__ import annotations

import pytest

from monopoly_deal.server.clock import TurnClock


def test_moves_within_a_turn_spend_one_budget() -> None:
    clock = TurnClock()
    assert clock.arm(60, turn=1, decider=0, active=0, now=100.0) == 160.0
    for now in (110.0, 150.0):                  # a bank, a re-colouring: the same player decides on
        assert clock.arm(60, turn=1, decider=0, active=0, now=now) is None
        assert clock.deadline == 160.0


def test_an_answer_out_of_turn_has_its_own_time_and_the_turn_waits() -> None:
    clock = TurnClock()
    clock.arm(60, turn=1, decider=0, active=0, now=0.0)
    assert clock.arm(60, turn=1, decider=2, active=0, now=45.0) == 105.0      # P3 answers: a full 60 s
    assert clock.turn_left == pytest.approx(15.0)
    assert clock.arm(60, turn=1, decider=1, active=0, now=50.0) == 110.0      # then P2: its own 60 s
    assert clock.arm(60, turn=1, decider=0, active=0, now=80.0) == 95.0       # back: the 15 s left


def test_a_new_turn_has_the_whole_budget_again() -> None:
    clock = TurnClock()
    clock.arm(60, turn=1, decider=0, active=0, now=0.0)
    assert clock.arm(60, turn=2, decider=1, active=1, now=50.0) == 110.0


def test_what_follows_a_time_out_has_a_full_clock() -> None:
    clock = TurnClock()
    clock.arm(60, turn=1, decider=0, active=0, now=0.0)
    clock.timed_out(60)
    assert clock.arm(60, turn=1, decider=0, active=0, now=60.0) == 120.0     # the same player, re-armed

