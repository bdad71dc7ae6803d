"""``quick_accept``: the fast path for games nobody watches (search samples, version-1 records).

A target who cannot answer accepts without being asked. It must play the same games as the
default, where every target is asked, once the forced ``accept`` actions are left out.
"""

from __future__ import annotations

import random

import pytest

from monopoly_deal.engine import Action, Game, Rules
from monopoly_deal.engine.game import PLAYS_PER_TURN, RECORD_VERSION, RESPONDING
from monopoly_deal.engine.rules import BOUNDED_REARRANGEMENTS
from monopoly_deal.engine.versions import Version1Game, Version2Game, Version3Game
from monopoly_deal.rl.core import REARRANGEMENTS

from .helpers import EDITIONS

ACCEPT = Action("accept")


def forced_accept(game: Game) -> bool:
    return game.decision == RESPONDING and game.legal_actions() == (ACCEPT,)


def play(game: Game, seed: int) -> list[str]:
    """Random play that draws a random number only where there is a choice, so both modes draw alike;
    returns the history without the forced accepts."""
    rng = random.Random(seed)
    kept = []
    while not game.over:
        actions = game.legal_actions()
        forced = forced_accept(game)
        action = actions[0] if len(actions) == 1 else actions[int(rng.random() * len(actions))]
        game.apply(action)
        if not forced:
            kept.append(str(action))
    return kept


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", [2, 3, 5])
def test_quick_accept_plays_the_same_games(edition: str, players: int) -> None:
    asked_seen = 0
    for seed in range(6):
        full = Game(players, edition, seed=seed, log=False)
        quick = Game(players, edition, seed=seed, log=False, quick_accept=True)
        history = play(full, seed)
        assert play(quick, seed) == history
        assert (quick.winner, quick.turn) == (full.winner, full.turn)
        assert [sorted(h) for h in quick.hands] == [sorted(h) for h in full.hands]
        assert quick.discard == full.discard and quick.banks == full.banks
        asked_seen += len(full.history) - len(quick.history)
    assert asked_seen > 0, "the full games must hold forced accepts that the quick ones skip"


def test_quick_accept_records_are_version_1_and_asked_ones_the_current_version() -> None:
    game = Game(2, seed=3, quick_accept=True)
    assert game.record()["version"] == 1 and game.clone().quick and game.restart().quick
    assert Game(2, seed=3).record()["version"] == Game.record_version == RECORD_VERSION == 4
    for cls, version in ((Version3Game, 3), (Version2Game, 2), (Version1Game, 1)):
        old = cls(2, seed=3)
        assert old.record()["version"] == cls.record_version == version
        assert type(old.clone()) is cls and type(old.restart()) is cls and type(old.determinize(0, 1)) is cls
        assert old.quick == (version == 1) == old.clone().quick == old.restart().quick


def test_a_determinized_sample_answers_quickly_and_the_real_game_is_unchanged() -> None:
    """Search bots play on their samples without stopping at every forced accept; nobody watches them."""
    game = Game.from_position(3, hands={0: ["birthday"]}, banks={1: ["2M"], 2: ["2M"]})
    sample = game.determinize(0, seed=1)
    assert sample.quick and not game.quick
    sample.apply("birthday")
    assert sample.decision_info()["type"] == "play", "both paid without being asked"
    game.apply("birthday")
    assert game.decision_info()["type"] == "respond"


def test_r7_1_win_by_an_automatic_payment_ends_the_charge_on_the_quick_path() -> None:
    """R7.1: P2's automatic payment (3M for a 4M rent, R8.3) completes P1's third set; P3 never pays,
    also when nobody is asked (quick_accept), where P3's automatic payment used to follow."""
    for quick in (False, True):
        game = Game.from_position(
            3, hands={0: ["rent:red/yellow"]}, banks={2: ["1M"]}, rest="box", quick_accept=quick,
            groups={0: [("railroad", ["railroad"] * 4, None, None), ("utility", ["utility"] * 2, None, None),
                        ("yellow", ["yellow"] * 2, None, None)], 1: [("yellow", ["yellow"], None, None)]})
        game.apply("rent:red/yellow yellow")
        if not quick:
            game.apply("accept")
        assert (game.winner, game.result) == (0, "sets")
        assert [game.card_key(c) for c in game.banks[2]] == ["1M"], "P3 paid after the game was won"


def test_r6_2_rearranging_is_capped_per_turn() -> None:
    """R6.2 and Rules.max_rearrangements: re-colouring a wild back and forth is free, but not for ever;
    the count starts again each turn, and 0 means no limit."""
    def position(cap: int) -> Game:
        return Game.from_position(2, rules=Rules(max_rearrangements=cap), hands={0: ["1M"]},
                                  groups={0: [("red", ["red/yellow"], None, None)]})

    game = position(3)
    for target in ("yellow", "red", "yellow"):
        game.apply(f"move {'red' if target == 'yellow' else 'yellow'}:red/yellow>{target}")
    assert not [a for a in game.legal_actions() if a.verb in ("move", "swap")]
    game.apply("bank 1M")
    assert {str(a) for a in game.legal_actions()} == {"end"}
    game.apply("end")
    game.apply("end")                          # P2's turn
    assert "move yellow:red/yellow>red" in {str(a) for a in game.legal_actions()}   # a new turn
    unlimited = position(0)
    for i in range(500):
        unlimited.apply("move red:red/yellow>yellow" if i % 2 == 0 else "move yellow:red/yellow>red")
    assert "move red:red/yellow>yellow" in {str(a) for a in unlimited.legal_actions()}


def test_r6_2_a_player_who_cycles_for_ever_is_stopped_by_a_bound() -> None:
    """A driver that always re-colours when it can (the 3,673-action turn) must reach 'end' where a program
    sets a bound (``BOUNDED_REARRANGEMENTS``); the rules' default sets none (S1 FAQ)."""
    assert Rules().max_rearrangements == 0
    game = Game.from_position(2, rules=Rules(max_rearrangements=BOUNDED_REARRANGEMENTS),
                              groups={0: [("red", ["red/yellow"], None, None), ("pink", ["pink/orange"], None, None)]})
    moves = 0
    while True:
        rearranging = [a for a in game.legal_actions() if a.verb in ("move", "swap")]
        if not rearranging:
            break
        game.apply(rearranging[0])
        moves += 1
    assert moves == BOUNDED_REARRANGEMENTS == 50
    game.apply("end")
    assert game.active == 1


def arrangement(game: Game, p: int) -> tuple:
    return tuple(sorted((g["colour"], tuple(sorted(g["cards"])), g["house"] or "", g["hotel"] or "")
                        for g in game.view(p)["groups"][p]))


def rearranged(game: Game) -> list[Game]:
    """Every position one free re-arrangement away (a swap is its ``with`` too)."""
    out = []
    for a in game.legal_actions():
        if a.verb not in ("move", "swap"):
            continue
        after = game.clone()
        after.apply(a)
        if a.verb == "move":
            out.append(after)
        else:
            for w in after.legal_actions():
                done = after.clone()
                done.apply(w)
                out.append(done)
    return out


def test_r6_2_the_bounds_take_no_choice_every_arrangement_is_a_few_moves_away() -> None:
    """The claim behind the bounds programs set: in random mid-game positions, every arrangement the
    player could reach with unlimited free moves is so few moves away that ``BOUNDED_REARRANGEMENTS``
    allows it before each of the three plays and again before the end of the turn, and the learning
    environments' bound (``rl.core.REARRANGEMENTS``) once a turn."""
    deepest = positions = 0
    for seed in range(24):
        game = Game(3, "enhanced", Rules(max_rearrangements=0), seed=seed, log=False)
        rng = random.Random(seed)
        for _ in range(rng.randrange(60, 400)):
            if game.over:
                break
            actions = [a for a in game.legal_actions() if a.verb not in ("move", "swap")] or game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
        if game.over or game.decision != 0:
            continue
        p = game.active
        seen = {arrangement(game, p): 0}
        frontier = [game]
        depth = 0
        while frontier and len(seen) <= 200:
            depth += 1
            nxt = []
            for g in frontier:
                for h in rearranged(g):
                    key = arrangement(h, p)
                    if key not in seen:
                        seen[key] = depth
                        nxt.append(h)
            frontier = nxt
        if frontier or len(seen) == 1:  # too many arrangements to walk here, or nothing to re-arrange
            continue
        positions += 1
        deepest = max(deepest, max(seen.values()))
    assert positions >= 6, "the sample must hold positions with something to re-arrange"
    assert deepest * (PLAYS_PER_TURN + 1) <= BOUNDED_REARRANGEMENTS, f"an arrangement {deepest} moves away"
    assert deepest <= REARRANGEMENTS, f"an arrangement {deepest} moves away"
