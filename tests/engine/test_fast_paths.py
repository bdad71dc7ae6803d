"""The engine's fast paths give what the plain ones give.

``legal_actions`` keeps each colour's re-arrangements (R6.2) until that colour, or what they
depend on, changes, and remembers per seat what it found on a table; ``apply_index`` takes an
action by its position; ``mdeal sim`` plays random bots by index. Each is checked here against
the same thing done the long way.
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monopoly_deal.bots import RandomBot, Seat
from monopoly_deal.engine import Game, IllegalActionError, Rules
from monopoly_deal.engine.versions import Version1Game
from monopoly_deal.sim import game_seed, simulate

from .helpers import EDITIONS


def _uncached(game: Game) -> tuple:
    """``game``'s legal actions computed afresh: a copy with every cache emptied."""
    copy = game.clone()
    copy._memo = [None] * len(copy._memo)
    copy._reset_slot_moves()
    copy._legal = None
    return copy.legal_actions()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), edition=st.sampled_from(EDITIONS),
       single=st.booleans(), version1=st.booleans())
def test_R6_2_cached_rearrangements_match_a_fresh_computation(seed: int, players: int, edition: str,
                                                              single: bool, version1: bool) -> None:
    """After every action of a random game (clones and samples included), the cached legal actions
    equal those computed with empty caches."""
    rng = random.Random(seed)
    game = (Version1Game if version1 else Game)(players, edition, Rules(complete_needs_single=single, max_turns=80),
                                                seed=seed, log=False)
    while not game.over:
        assert game.legal_actions() == _uncached(game)
        game.apply_index(rng.randrange(len(game.legal_actions())))
        if rng.random() < 0.02:
            game = game.clone() if rng.random() < 0.5 else game.determinize(game.decider, rng.randrange(2**32))


def test_a_clone_keeps_its_own_caches() -> None:
    """Moves in one copy leave the other's legal actions as they were."""
    rng = random.Random(5)
    game = Game(3, seed=5, log=False)
    for _ in range(400):
        copy = game.clone()
        before = copy.legal_actions()
        game.apply_index(rng.randrange(len(game.legal_actions())))
        copy._legal = None
        assert copy.legal_actions() == before
        if game.over:
            break


def test_apply_index_takes_that_action() -> None:
    game, same = Game(2, seed=11), Game(2, seed=11)
    for index in (0, 1, 0):
        game.apply_index(index % len(game.legal_actions()))
        same.apply(same.legal_actions()[index % len(same.legal_actions())])
    assert game.record() == same.record()


@pytest.mark.parametrize("index", [-1, 10_000])
def test_apply_index_out_of_range_changes_nothing(index: int) -> None:
    game = Game(2, seed=3)
    before = game.record()
    with pytest.raises(IllegalActionError, match="no legal action"):
        game.apply_index(index)
    assert game.record() == before


@pytest.mark.parametrize("players", [2, 5])
def test_sim_plays_the_random_bots_games(players: int) -> None:
    """``mdeal sim`` picks by index what ``RandomBot.choose`` would pick through its seat."""
    stats = simulate(players, 3, seed=9)
    decisions = turns = 0
    for index in range(3):
        s = game_seed(9, index)
        game = Game(players, seed=s, log=False)
        bots = [RandomBot(seed=s * 16 + p) for p in range(players)]
        while not game.over:
            game.apply(bots[game.decider].choose(Seat(game, game.decider)))
            decisions += 1
        turns += game.turn
    assert (stats.decisions, stats.turns) == (decisions, turns)


def _pending(game: Game) -> tuple:
    """Everything a game holds about its pending action card, chain and payment, and the rest it shows."""
    a, c, p = game.attack, game.chain, game.payment
    return ((a.verb, a.actor, a.queue, a.amount, a.cards, a.colour),
            (c.aggressor, c.defender, c.noes, c.transferred_from),
            (p.payer, p.receiver, p.owed, p.buildings, p.paid),
            [game.view(seat) for seat in range(game.players)], game.hands, game.draw, game.legal_actions())


@pytest.mark.parametrize("cls", [Game, Version1Game])
@pytest.mark.parametrize("players", [2, 4])
def test_a_clone_shares_nothing_it_changes_at_any_decision(cls: type[Game], players: int) -> None:
    """A clone made at any decision (an action card pending or not: its attack, chain and payment are
    copied, or shared once finished, engine/pending.py) and the game it came from then play on
    differently, and each goes exactly as a deep copy of it, which shares nothing, goes."""
    rng = random.Random(players)
    games = [cls(players, "enhanced", seed=seed, log=False) for seed in range(4)]
    pending = step = 0
    for game in games:
        while not game.over:
            step += 1
            if step % 5 and not game.attack.verb:
                game.apply_index(rng.randrange(len(game.legal_actions())))
                continue
            pending += bool(game.attack.verb)
            clone = game.clone()
            assert type(clone) is cls
            twins = [(clone, copy.deepcopy(clone)), (game, copy.deepcopy(game))]
            for _ in range(4):   # each goes its own way: the clone first, then the game
                for one, twin in twins:
                    if not one.over:
                        index = rng.randrange(len(one.legal_actions()))
                        one.apply_index(index)
                        twin.apply_index(index)
            for one, twin in twins:
                assert _pending(one) == _pending(twin), f"step {step}"
    assert pending > 15, f"the games must be cloned while action cards are pending ({pending} times)"
