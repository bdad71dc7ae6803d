"""Whole random games under hypothesis, checking the invariants after every action.

``check_invariants`` (every card exactly once, groups within set size, buildings
only on complete sets, R6.1, R6.5, R4.2) runs after each action, with these
checks of our own: R3.2 at most 3 plays, R3.6 only the active player may hold
more than 7 cards, R3.8 a card that reached a bank or a property group never
returns to a hand, R7.1/R7.2 a game not over has no qualifying player and a
winner qualifies.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monopoly_deal.engine import Game, Rules

from .helpers import EDITIONS, play_out


@st.composite
def rule_variants(draw: st.DrawFn) -> Rules:
    return Rules(
        values=draw(st.sampled_from(("printed", "s2"))),
        single_double_rent=draw(st.booleans()),
        putback=draw(st.sampled_from(("bottom", "discard"))),
        complete_needs_single=draw(st.booleans()),
        received_buildings_to_bank=draw(st.booleans()),
        bank_first=draw(st.booleans()),
        house_to_win=draw(st.booleans()),
        speeding_discard=draw(st.sampled_from(("chooser", "random"))),
        start=draw(st.sampled_from(("random", "dice", 0))),
        max_turns=draw(st.sampled_from((1000, 1000, 1000, 12, 40))),
        max_rearrangements=draw(st.sampled_from((50, 50, 1, 0))),
    )


def qualifies(game: Game, p: int) -> bool:
    """R7.1, R7.2, counted here rather than by the engine's win check: enough complete sets
    of different colours (and, with ``house_to_win``, a house on one of them)."""
    complete = [(colour, g) for colour, col in enumerate(game.groups[p]) for g in col
                if colour < 10 and game.is_complete(g, colour)]
    need = 4 if game.edition == "enhanced" else 3
    housed = not game.rules.house_to_win or any(g.house >= 0 for _, g in complete)
    return len({colour for colour, _ in complete}) >= need and housed


class Watcher:
    """The per-action checks; keeps the set of cards that have been on the table (R3.8)."""

    def __init__(self) -> None:
        self.tabled: set[int] = set()

    def __call__(self, game: Game) -> None:
        game.check_invariants()
        assert 0 <= game.plays <= 3, f"{game.plays} plays (R3.2)"
        cap = game.rules.max_rearrangements
        assert cap == 0 or game.moves <= cap, f"{game.moves} free re-arrangements this turn (cap {cap})"
        for p in range(game.players):
            if p != game.active:
                assert len(game.hands[p]) <= 7, f"P{p + 1} holds {len(game.hands[p])} cards off turn (R3.6)"
            self.tabled.update(game.banks[p])
            for col in game.groups[p]:
                for g in col:
                    self.tabled.update(g.cards)
                    self.tabled.update(b for b in (g.house, g.hotel) if b >= 0)
            back = self.tabled.intersection(game.hands[p])
            assert not back, f"table cards {back} back in P{p + 1}'s hand (R3.8)"
        if game.over:
            if game.result == "sets":
                assert qualifies(game, game.winner), "the winner has not won (R7.1)"
        else:
            assert not any(qualifies(game, p) for p in range(game.players)), "a winner was missed (R7.1)"


@settings(max_examples=150, deadline=None)
@given(players=st.integers(2, 10), edition=st.sampled_from(EDITIONS), rules=rule_variants(),
       seed=st.integers(0, 2**48), choices=st.integers(0, 2**32), quick=st.booleans())
def test_random_games_keep_every_invariant_and_end(players: int, edition: str, rules: Rules,
                                                   seed: int, choices: int, quick: bool) -> None:
    game = Game(players, edition, rules, seed=seed, log=False, quick_accept=quick)
    watcher = Watcher()
    watcher(game)
    play_out(game, random.Random(choices), after=watcher)
    assert game.result in ("sets", "turn-limit")
    if game.result == "sets":
        assert 0 <= game.winner < players and game.turn <= rules.max_turns
    else:
        assert game.winner == -1 and game.turn == rules.max_turns + 1


def _mid_game() -> Game:
    game = Game(4, seed=3)
    rng = random.Random(3)
    for _ in range(150):
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    assert not game.over and any(game.banks) and game.discard
    game.check_invariants()
    return game


def _pop_property(pile: list[int], game: Game) -> int:
    """Take the first single-colour property card out of ``pile``."""
    i = next(i for i, c in enumerate(pile) if game.card_key(c) in ("red", "green", "brown", "railroad"))
    return pile.pop(i)


@pytest.mark.parametrize(("name", "corrupt", "message"), [
    ("duplicate in draw", lambda g: g.draw.append(g.hands[g.active][0]), "is both in"),
    ("duplicate in bank", lambda g: g.banks[1].append(g.discard[-1]), "is both in"),
    ("missing from draw", lambda g: g.draw.pop(), "nowhere"),
    ("missing from hand", lambda g: g.hands[g.active].pop(), "nowhere"),
    ("property banked", lambda g: g.banks[0].append(_pop_property(g.draw, g)), "R4.2"),
])
def test_check_invariants_detects_broken_games(name: str, corrupt, message: str) -> None:
    """The invariant test can fail: a duplicated, missing or misplaced card is caught."""
    game = _mid_game()
    corrupt(game)
    with pytest.raises(AssertionError, match=message):
        game.check_invariants()


def test_watcher_detects_a_missed_win_and_a_card_back_in_hand() -> None:
    """The extra checks can fail too: R7.1 (a qualifying player while not over) and R3.8."""
    won = Game.from_position(2, groups={0: [("brown", ["brown"] * 2, None, None),
                                           ("dark-blue", ["dark-blue"] * 2, None, None),
                                           ("utility", ["utility"] * 2, None, None)]})
    assert won.over and qualifies(won, 0)
    won.decision = 0  # pretend the win was not noticed
    with pytest.raises(AssertionError, match="R7.1"):
        Watcher()(won)
    game = _mid_game()
    watcher = Watcher()
    watcher(game)
    seat = next(p for p in range(4) if game.banks[p] and (p == game.active or len(game.hands[p]) < 7))
    game.hands[seat].append(game.banks[seat].pop())
    with pytest.raises(AssertionError, match="R3.8"):
        watcher(game)
