"""Groups as they lie: cards never change group by themselves (R6.2), and a payer worth
less than the debt pays every card of value however paying changes the groups (R8.3).

Positions are built with ``Game.from_position``; groups are ``(colour, cards, house, hotel)``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monopoly_deal.engine import Game, Rules
from monopoly_deal.engine.actions import Action
from monopoly_deal.engine.cards import COLOUR_KEYS, NO_COLOUR, NO_COLOUR_KEY, SET_SIZE, TYPE_BY_KEY, Kind, types_in
from monopoly_deal.engine.cards import EDITIONS as EDITIONS_COUNTS

from .helpers import EDITIONS, MAX_DECISIONS

Row = tuple[str, list[str], Any, Any]


def red(*cards: str, house: str | None = None, hotel: str | None = None) -> Row:
    return ("red", list(cards), house, hotel)


def tables(game: Game, seat: int) -> list[tuple[str, list[str]]]:
    """``seat``'s groups as (colour, sorted card keys), in order."""
    return [(g["colour"], sorted(g["cards"])) for g in game.view(seat)["groups"][seat]]


# --- R8.3: every layout where groups of one colour split ------------------------------

#: P2's table in each layout; two decks are in play, so a colour can hold two sets.
SPLIT_LAYOUTS: dict[str, list[Row]] = {
    "complete set and a lone wild (issue 14)": [red("red", "red", "red"), red("red/yellow")],
    "lone wild first": [red("red/yellow"), red("red", "red", "red")],
    "set with a rainbow and a lone wild": [red("red", "red", "rainbow"), red("red/yellow")],
    "two unfilled groups": [red("red", "red"), red("red/yellow", "rainbow")],
    "two complete sets and a third group": [red("red", "red", "red"), red("red", "red", "red/yellow"),
                                            red("red/yellow")],
    "built set and an unfilled group": [red("red", "red", "red/yellow", house="house", hotel="hotel"),
                                        red("red", "rainbow")],
    "split groups in two colours": [red("red", "red", "red"), red("red/yellow"),
                                    ("yellow", ["yellow", "yellow", "yellow"], None, None),
                                    ("yellow", ["red/yellow"], None, None)],
}


@pytest.mark.parametrize("layout", SPLIT_LAYOUTS.values(), ids=list(SPLIT_LAYOUTS))
def test_R8_3_short_payer_pays_every_card_of_value_in_every_split_layout(layout: list[Row]) -> None:
    """R8.3, R8.4: P2 owes 30M (dark-blue with house and hotel, doubled) and holds less:
    everything of value goes to P1, whichever group each card lies in; rainbows stay."""
    game = Game.from_position(
        2, rules=Rules(decks=2), rest="box",
        hands={0: ["rent:dark-blue/green", "double-rent"]},
        banks={1: ["1M"]},
        groups={0: [("dark-blue", ["dark-blue", "dark-blue"], "house", "hotel")], 1: layout})
    worth = game.table_value(1)
    assert 0 < worth < 30
    before = game.table_value(0)
    game.apply("rent:dark-blue/green dark-blue x2")
    game.apply("accept")                            # P2 is asked, though it holds no Just Say No (R5.7)
    while game.decision_info()["type"] == "place":  # received buildings: into the bank (R8.6)
        game.apply("place bank")
    assert game.table_value(1) == 0
    assert game.table_value(0) == before + worth
    assert all(g["colour"] == "none" for g in game.view(1)["groups"][1])
    game.check_invariants()


def split_position(players: int, edition: str, rng: random.Random) -> dict[str, Any]:
    """A start position (``from_position`` arguments) full of short payers with split colours:
    P1 holds a dark-blue set with house and hotel (rent 15M, 30M doubled) and the cards to
    charge it; every other seat holds one or two colours, each cut at random into several
    groups, rainbows in an unfilled group (or alone) — the layouts R8.3 must survive."""
    pool = [t for t in types_in(edition) if t.is_property for _ in range(EDITIONS_COUNTS[edition][t.key])]
    for _ in range(2):
        pool.remove(TYPE_BY_KEY["dark-blue"])
    rng.shuffle(pool)
    tables: dict[int, list[Row]] = {0: [("dark-blue", ["dark-blue", "dark-blue"], "house", "hotel")]}
    for seat in range(1, players):
        groups: list[tuple[int, list[str]]] = []
        for colour in rng.sample(range(10), rng.randint(1, 2)):
            fits = [t for t in pool if colour in t.colours][:rng.randint(1, 6)]
            for t in sorted(fits, key=lambda t: t.kind == Kind.RAINBOW):  # a coloured card first
                pool.remove(t)
                open_groups = [g for c, g in groups if c == colour and len(g) < SET_SIZE[colour]]
                if open_groups and (t.kind == Kind.RAINBOW or rng.random() < 0.5):
                    rng.choice(open_groups).append(t.key)
                elif t.kind != Kind.RAINBOW:
                    groups.append((colour, [t.key]))
                else:
                    groups.append((NO_COLOUR, [t.key]))
        lone = [k for c, g in groups if c == NO_COLOUR for k in g]
        tables[seat] = [(COLOUR_KEYS[c], g, None, None) for c, g in groups if c != NO_COLOUR]
        tables[seat] += [(NO_COLOUR_KEY, lone, None, None)] if lone else []
    hands = {0: ["rent:dark-blue/green", "double-rent", "debt-collector", "birthday"]}
    return {"groups": tables, "hands": hands, "start_turn": True}


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 5), edition=st.sampled_from(EDITIONS), seed=st.integers(0, 2**32),
       from_deal=st.booleans(), bank_first=st.booleans())
def test_R8_3_after_every_automatic_payment_the_short_payer_has_nothing_of_value(
        players: int, edition: str, seed: int, from_deal: bool, bank_first: bool) -> None:
    """R8.3: random games, from the deal or from a position of split colours and big rents
    (:func:`split_position`); a payment that needs no decision happens only when the payer's
    table is worth no more than the debt, and then nothing of value may stay on it."""
    rng = random.Random(seed)
    rules = Rules(bank_first=bank_first)
    if from_deal:
        game = Game(players, edition, rules, seed=seed)
    else:
        game = Game.from_position(players, edition, rules, seed=seed, **split_position(players, edition, rng))
    assert game.events is not None
    for _ in range(MAX_DECISIONS):
        if game.over:
            return
        seen = len(game.events)
        actions = game.legal_actions()
        chosen = game.decision_info()["type"] == "pay"
        game.apply(actions[rng.randrange(len(actions))])
        payers = [ev[1] for ev in game.events[seen:] if ev[0] == "paid"]
        for payer in payers[1:] if chosen else payers:  # the first was the payer's own choice
            assert game.table_value(payer) == 0, (
                f"P{payer + 1} paid everything but keeps {game.table_value(payer)}M: {tables(game, payer)}")
    raise AssertionError("the game did not end")


# --- R6.2: the other groups stay as they lie --------------------------------------------

def _thief(card: str) -> Game:
    return Game.from_position(
        2, rest="box", hands={0: [card]},
        groups={0: [("green", ["green"], None, None)],
                1: [red("red", "red"), red("red/yellow")]})


@pytest.mark.parametrize("play", ["sly-deal P2 red:red", "forced-deal P2 red:red"])
def test_R6_2_a_card_taken_leaves_the_other_groups_as_they_lie(play: str) -> None:
    """R6.2, R5.4, R5.5: taking a red from ``[red, red]`` leaves ``[red]`` and ``[red/yellow]``
    apart: no card slips into another group on someone else's turn."""
    game = _thief(play.split()[0])
    game.apply(play)
    if game.decision_info()["type"] == "give":
        game.apply("give green:green")
    game.apply("accept")   # P2 is asked, though it holds no Just Say No (R5.7)
    assert tables(game, 1)[:2] == [("red", ["red"]), ("red", ["red/yellow"])]


def test_R6_2_deal_breaker_leaves_the_other_group_alone() -> None:
    """R5.6, R6.2: the lone wild beside a set taken by Deal Breaker stays where it was."""
    game = Game.from_position(2, rest="box", hands={0: ["deal-breaker"]},
                              groups={1: [red("red", "red", "red"), red("red/yellow")]})
    game.apply("deal-breaker P2 red")
    game.apply("accept")
    assert tables(game, 1) == [("red", ["red/yellow"])]
    assert tables(game, 0) == [("red", ["red", "red", "red"])]


def test_R6_2_the_owner_joins_groups_and_ordinals_follow() -> None:
    """R6.2: ``move G:{}>C#n`` joins groups on the owner's turn, free; moving the only card
    of a group empties it, so the groups after it are numbered one less."""
    game = Game.from_position(2, rest="box", groups={0: [red("red"), red("red", "red/yellow")]})
    legal = {str(a) for a in game.legal_actions()}
    assert {"move red:red>red#2", "move red#2:red>red#1", "move red#2:red/yellow>red#1"} <= legal
    game.apply("move red:red>red#2")
    assert tables(game, 0) == [("red", ["red", "red", "red/yellow"])]
    assert game.complete_colours(0) == 1 and game.plays == 0
    assert not any(str(a).startswith("move red:red>") for a in game.legal_actions())  # no unfilled group left


def test_R6_1_a_new_property_joins_the_fullest_unfilled_group() -> None:
    """R6.1 (a choice where RULES.md is silent): with ``[red]`` and ``[red, red/yellow]``,
    a red played joins the second and completes it."""
    game = Game.from_position(2, rest="box", hands={0: ["red"]}, groups={0: [red("red"), red("red", "red/yellow")]})
    game.apply("play red")
    assert tables(game, 0) == [("red", ["red"]), ("red", ["red", "red", "red/yellow"])]


@pytest.mark.parametrize("text", ["move red#2:red>red#1", "move red:red/yellow>red#3", "move yellow:red/yellow>red"])
def test_move_notation_round_trips(text: str) -> None:
    """``>red#1`` names the first group by number; ``>red`` a colour (re-colouring a wild)."""
    assert str(Action.parse(text)) == text
