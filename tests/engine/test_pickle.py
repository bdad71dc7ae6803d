"""A game pickles and deep-copies at every point of play, with whichever engine is installed.

Multiprocessing, Ray, replay buffers and OpenSpiel's ``deserialize_state`` pickle games. The
compiled engine (mypyc, a normal install, ``COMPILED``) makes objects by calling ``__init__``,
where the pure one does not: a class whose ``__init__`` needs an argument pickles only if it says
how to rebuild itself. CI runs these tests on the compiled engine, ``PYTHONPATH=src`` on the pure.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable

import pytest

from monopoly_deal.engine import COMPILED, Game, Group

from .helpers import EDITIONS

COPIES: dict[str, Callable[[Game], Game]] = {
    "pickle": lambda game: pickle.loads(pickle.dumps(game, pickle.HIGHEST_PROTOCOL)),
    "pickle protocol 2": lambda game: pickle.loads(pickle.dumps(game, 2)),
    "deepcopy": copy.deepcopy,
}


def seen(game: Game) -> tuple:
    """Everything a copy must agree on: every seat's view, the legal actions and the record."""
    return [game.view(p) for p in range(game.players)], game.legal_actions(), game.record()


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", [2, 4])
def test_a_game_pickles_and_deep_copies_at_every_step(players: int, edition: str) -> None:
    """At every step of a random game (properties and buildings on the table, answers, payments, the
    put-back at the turn's end), a copy made by pickling or deep-copying shows every seat the same
    view, offers the same legal actions and has the same record; the game's next action, applied to
    both, keeps them the same. The copy is a game of its own: the original moves on without it."""
    rng = random.Random(players)
    game = Game(players, edition, seed=players * 7 + len(edition))
    steps = 0
    while not game.over:
        before = seen(game)
        copies = {how: make(game) for how, make in COPIES.items()}
        action = game.legal_actions()[rng.randrange(len(game.legal_actions()))]
        game.apply(action)
        after = seen(game)
        for how, other in copies.items():
            assert seen(other) == before, f"{how} at step {steps} ({'compiled' if COMPILED else 'pure'} engine)"
            other.apply(action)
            assert seen(other) == after, f"{how}, then {action}, at step {steps}"
        steps += 1
    assert steps > 100 and any(group for seat in game.groups for colour in seat for group in colour)


def test_a_group_pickles_with_its_buildings() -> None:
    group = Group([3, 5, 8], house=40, hotel=41)
    for other in (pickle.loads(pickle.dumps(group)), copy.deepcopy(group)):
        assert (other.cards, other.house, other.hotel) == ([3, 5, 8], 40, 41)
        assert other.cards is not group.cards
