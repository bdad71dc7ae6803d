"""The Game API: determinism, clones, illegal actions, constructor errors, positions, records."""

from __future__ import annotations

import copy
import json
import random

import pytest

from monopoly_deal.engine import Game, IllegalActionError, Rules
from monopoly_deal.engine.actions import ActionSpace
from monopoly_deal.engine.position import PositionError

from .helpers import EDITIONS, mid_game_states, play_out, random_step


def snapshot(game: Game) -> dict:
    """Everything observable about a game: every seat's view, the piles, the decision."""
    return copy.deepcopy({
        "views": [game.view(p) for p in range(game.players)],
        "draw": list(game.draw),
        "discard": list(game.discard),
        "hands": [list(h) for h in game.hands],
        "decision": (game.decision, game.decider, game.turn, game.plays, game.winner),
        "legal": game.legal_actions(),
        "history": list(game.history),
    })


def trace(players: int, edition: str, seed: int, choice_seed: int) -> list[tuple]:
    """A random game as the sequence of (action, view of the decider)."""
    game = Game(players, edition, seed=seed)
    rng = random.Random(choice_seed)
    out = []
    while not game.over:
        legal = game.legal_actions()
        action = legal[rng.randrange(len(legal))]
        out.append((str(action), game.view(game.decider)))
        game.apply(action)
    out.append(("over", game.view(0)))
    return out


# --- determinism ----------------------------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", [2, 4, 7])
def test_same_seed_same_game(edition: str, players: int) -> None:
    """Same seed and same choices: identical actions and views all the way."""
    assert trace(players, edition, 123, 9) == trace(players, edition, 123, 9)


@pytest.mark.parametrize("edition", EDITIONS)
def test_different_seeds_differ(edition: str) -> None:
    """Different seeds deal differently (the deal, then the games)."""
    deals = {tuple(tuple(sorted(Game(3, edition, seed=s).view(p)["hand"])) for p in range(3)) for s in range(10)}
    assert len(deals) == 10
    assert trace(3, edition, 1, 9) != trace(3, edition, 2, 9)


def test_seed_is_kept_when_none_given() -> None:
    game = Game(2)
    assert isinstance(game.seed, int) and game.seed >= 0
    again = Game(2, seed=game.seed)
    assert again.view(0) == game.view(0) and again.draw == game.draw


# --- clone ---------------------------------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_playing_a_clone_never_changes_the_original(edition: str) -> None:
    for i, game in enumerate(mid_game_states(range(2), (2, 5), (edition,), every=53)):
        before = snapshot(game)
        clone = game.clone()
        assert snapshot(clone) == before
        play_out(clone, random.Random(i))
        assert snapshot(game) == before


def test_editing_a_clone_never_changes_the_original() -> None:
    """Every mutable part of a clone is its own: hands, banks, groups, piles, history."""
    states = list(mid_game_states(range(3), (3,), ("base",), every=41))
    game = next(g for g in states if any(g.banks) and any(any(col) for col in g.groups[0] + g.groups[1]))
    before = snapshot(game)
    clone = game.clone()
    clone.hands[0].append(clone.draw.pop())
    clone.banks[0].clear()
    clone.banks[1].append(clone.discard.pop() if clone.discard else clone.draw.pop())
    for seat_groups in clone.groups:
        for col in seat_groups:
            for group in col:
                group.cards.reverse()
                group.cards.append(-1)
                group.house = 99
            col.clear()
    clone.jailed[1] = True
    clone.history.append(clone.legal_actions()[0])
    assert snapshot(game) == before


# --- illegal actions -------------------------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_illegal_action_raises_and_changes_nothing(edition: str) -> None:
    """IllegalActionError (a ValueError), and every seat's view and both piles unchanged."""
    rng = random.Random(5)
    tried = 0
    for game in mid_game_states(range(2), (2, 4, 6), (edition,), every=29):
        space = ActionSpace(edition, game.players)
        legal = set(game.legal_actions())
        illegal = [a for a in rng.sample(space.actions, 40) if a not in legal]
        before = snapshot(game)
        for action in illegal[:5]:
            with pytest.raises(IllegalActionError, match="not legal"):
                game.apply(action)
            with pytest.raises(IllegalActionError):
                game.apply(str(action))
            tried += 1
        assert snapshot(game) == before
    assert tried > 100


def test_malformed_and_wrong_type_actions_change_nothing() -> None:
    game = Game(3, seed=8)
    before = snapshot(game)
    for bad in ("", "bank", "bank 99M", "rent:any red", 17, None, ("end",)):
        with pytest.raises(IllegalActionError):
            game.apply(bad)  # type: ignore[arg-type]
    assert snapshot(game) == before


def test_illegal_message_names_the_decider_and_options() -> None:
    game = Game(2, seed=3, rules=Rules(start=0))
    with pytest.raises(IllegalActionError, match=r"P1 must decide \(play\); legal: end"):
        game.apply("accept")


def test_no_action_after_the_game_is_over() -> None:
    game = Game(2, seed=4)
    play_out(game, random.Random(4))
    assert game.legal_actions() == ()
    with pytest.raises(IllegalActionError, match="game is over"):
        game.apply("end")


# --- notation strings --------------------------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_apply_accepts_notation(edition: str) -> None:
    """Applying ``str(a)`` is the same as applying ``a``."""
    by_action, by_text = Game(4, edition, seed=21), Game(4, edition, seed=21)
    rng = random.Random(21)
    while not by_action.over:
        legal = by_action.legal_actions()
        action = legal[rng.randrange(len(legal))]
        by_action.apply(action)
        by_text.apply(str(action))
        seat = max(by_action.decider, 0)
        assert by_text.view(seat) == by_action.view(seat)
    assert by_text.history == by_action.history and by_text.winner == by_action.winner


# --- constructor -------------------------------------------------------------------

@pytest.mark.parametrize(("kwargs", "message"), [
    ({"players": 1}, "players must be 2 to 10, not 1"),
    ({"players": 11}, "players must be 2 to 10, not 11"),
    ({"players": 0}, "players must be 2 to 10"),
    ({"players": "4"}, "players must be 2 to 10"),
    ({"players": 2.0}, "players must be 2 to 10"),
    ({"edition": "deluxe"}, "unknown edition 'deluxe'"),
    ({"seed": -1}, "seed must be a non-negative integer"),
    ({"seed": "abc"}, "seed must be a non-negative integer"),
    ({"seed": 1.5}, "seed must be a non-negative integer"),
    ({"names": ["Ann"]}, "1 names given for 2 players"),
])
def test_bad_constructor_arguments(kwargs: dict, message: str) -> None:
    args = {"players": 2, **kwargs}
    with pytest.raises(ValueError, match=message):
        Game(**args)


def test_names_reach_views_and_records() -> None:
    game = Game(2, names=["Ann", "Bo"], seed=1)
    assert game.view(1)["names"] == ["Ann", "Bo"]
    assert game.record()["players"] == ["Ann", "Bo"]


# --- from_position -------------------------------------------------------------------

@pytest.mark.parametrize(("kwargs", "where", "message"), [
    ({"hands": {0: ["gold"]}}, ("hands", 0, 0), "hand of P1, card 1: unknown card 'gold'"),
    ({"hands": {0: ["10M", "10M"]}}, ("hands", 0, 1), "a 2nd '10M', but the base deck holds 1"),
    ({"hands": {0: ["hotel"]}, "banks": {1: ["hotel", "hotel"]}}, ("banks", 1, 1), "bank of P2, card 2: a 3rd 'hotel'"),
    ({"hands": {0: ["go-to-jail"]}}, ("hands", 0, 0), "a 1st 'go-to-jail', but the base deck holds 0"),
    ({"hands": {2: ["1M"]}}, ("hands",), "hands: no seat 2 among 2 players"),
    ({"banks": {0: ["red"]}}, ("banks", 0, 0), "bank of P1, card 1: red is a property.*R4.2"),
    ({"groups": {0: [("purple", ["red"], None, None)]}}, ("groups", 0, "purple", 0), "unknown colour 'purple'"),
    ({"groups": {0: [("red", ["green"], None, None)]}}, ("groups", 0, "red", 0, 0), "green cannot be red"),
    ({"groups": {0: [("red", ["red", "red", "red", "red/yellow"], None, None)]}}, ("groups", 0, "red", 0),
     "4 properties, but a red set holds 3.*R6.1"),
    ({"groups": {0: [("red", [], None, None)]}}, ("groups", 0, "red", 0), "needs at least one property card"),
    ({"groups": {0: [("red", ["red", "red"], "house", None)]}}, ("groups", 0, "red", 0, "house"), "complete set"),
    ({"groups": {0: [("railroad", ["railroad"] * 4, "house", None)]}}, ("groups", 0, "railroad", 0, "house"),
     "no house or hotel on railroad"),
    ({"groups": {0: [("red", ["red"] * 3, None, "hotel")]}}, ("groups", 0, "red", 0, "hotel"), "hotel needs a house"),
    ({"groups": {0: [("red", ["red"] * 3, "hotel", None)]}}, ("groups", 0, "red", 0, "house"), "hotel is not a house"),
    ({"groups": {0: [("none", ["rainbow"], None, None), ("none", ["rainbow"], None, None)]}}, ("groups", 0, "none", 1),
     "lie in one group"),
    ({"groups": {0: [("red", ["red"], None, None), ("red", ["rainbow"], None, None)]}}, ("groups", 0, "red", 1),
     "P1's red group 2: rainbow wilds alone have no colour"),
    ({"draw": ["1M"] * 7}, ("draw", 6), "draw pile, card 7: a 7th '1M'"),
    ({"rest": "middle"}, ("rest",), "must be bottom or box"),
    ({"active": 2}, ("active",), "seat 2 is not one of the 2 players"),
    ({"plays": 4}, ("plays",), "plays used must be 0 to 3"),
    ({"plays": -1}, ("plays",), "plays used must be 0 to 3"),
    ({"plays": 1, "start_turn": True}, ("plays",), "before the draw"),
])
def test_from_position_refuses_impossible_positions(kwargs: dict, where: tuple, message: str) -> None:
    """The one place a position is checked (scenario files and lessons name ``where`` in their own terms)."""
    with pytest.raises(PositionError, match=message) as refused:
        Game.from_position(2, **kwargs)
    assert refused.value.where == where


def test_from_position_places_every_card() -> None:
    """The named cards are where they were put; the rest under the draw pile or in the box."""
    game = Game.from_position(
        3, hands={0: ["sly-deal", "1M"], 2: ["just-say-no"]}, banks={1: ["5M", "pass-go"]},
        groups={1: [("red", ["red", "red", "red/yellow"], "house", None)]}, draw=["2M", "green"],
        discard=["birthday"], active=1, plays=2, turn=9, jailed=[2])
    game.check_invariants()
    view = game.view(0)
    assert view["hand"] == ["1M", "sly-deal"]
    assert view["hand_sizes"] == [2, 0, 1]
    assert view["banks"][1] == ["5M", "pass-go"]
    assert view["groups"][1][0]["cards"] == ["red", "red", "red/yellow"] and view["groups"][1][0]["house"] == "house"
    assert view["discard"] == ["birthday"]
    assert (game.active, game.plays, game.turn, game.jailed) == (1, 2, 9, [False, False, True])
    assert [game.card_key(c) for c in game.draw[-2:]] == ["green", "2M"], "draw lists the top first"
    assert view["draw_size"] == 106 - 10
    boxed = Game.from_position(2, hands={0: ["1M"]}, draw=["2M"], rest="box")
    assert [boxed.card_key(c) for c in boxed.draw] == ["2M"]
    boxed.check_invariants()


def test_from_position_start_turn_draws() -> None:
    """``start_turn``: the active player draws first (R3.1: 2 cards, 5 from an empty hand)."""
    game = Game.from_position(2, hands={0: ["1M"]}, draw=["2M", "3M", "4M"], start_turn=True)
    assert sorted(game.view(0)["hand"]) == ["1M", "2M", "3M"]
    empty = Game.from_position(2, draw=["1M", "2M", "3M", "4M", "5M", "10M"], start_turn=True)
    assert sorted(empty.view(0)["hand"]) == ["1M", "2M", "3M", "4M", "5M"]


# --- record --------------------------------------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_record_fields_and_replay(edition: str) -> None:
    """A record is JSON; replaying its actions from its seed gives the same game."""
    rules = Rules(bank_first=True, max_turns=400)
    game = Game(3, edition, rules, seed=77, names=["A", "B", "C"])
    fresh = game.record()
    assert fresh["actions"] == [] and fresh["result"] == {"winner": None, "reason": None, "turns": 1}
    play_out(game, random.Random(77))
    record = json.loads(json.dumps(game.record()))
    assert set(record) == {"format", "version", "edition", "rules", "seed", "players", "actions", "result"}
    assert record["format"] == "monopoly-deal-record" and record["version"] == 4
    assert (record["edition"], record["seed"], record["players"]) == (edition, 77, ["A", "B", "C"])
    assert record["rules"] == rules.to_dict()
    assert record["actions"] == [str(a) for a in game.history] and record["actions"]
    winner = game.winner if game.winner >= 0 else None
    assert record["result"] == {"winner": winner, "reason": game.result, "turns": game.turn}
    replay = Game(3, record["edition"], Rules.from_dict(record["rules"]), seed=record["seed"], names=record["players"])
    for text in record["actions"]:
        replay.apply(text)
    assert replay.over and replay.winner == game.winner and replay.view(2) == game.view(2)


def test_logging_changes_nothing_but_events() -> None:
    """``log=False`` keeps no events and plays the very same game."""
    quiet, loud = Game(2, seed=2, log=False), Game(2, seed=2)
    assert quiet.events is None
    assert loud.events and loud.events[0][0] == "turn"
    rng_quiet, rng_loud = random.Random(0), random.Random(0)
    while not loud.over:
        random_step(loud, rng_loud)
        random_step(quiet, rng_quiet)
        assert quiet.view(0) == loud.view(0)
    assert quiet.over and loud.events[-1][0] == "over"
