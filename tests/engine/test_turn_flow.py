"""Turn-flow details, each from a set position (``Game.from_position``); rule ids in the names."""

from __future__ import annotations

import pytest

from monopoly_deal.engine import Game, IllegalActionError, Rules
from monopoly_deal.engine.versions import Version3Game


def legal(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def verbs(game: Game) -> set[str]:
    return {str(a).split()[0] for a in game.legal_actions()}


def state(game: Game) -> tuple[str, int]:
    return game.decision_info()["type"], game.decider


def keys(game: Game, cards: list[int]) -> list[str]:
    return [game.card_key(c) for c in cards]


def group_keys(game: Game, seat: int, colour: str) -> list[list[str]]:
    return [g["cards"] for g in game.view(seat)["groups"][seat] if g["colour"] == colour]


# --- R3.2 three plays ------------------------------------------------------------

def test_r3_2_fourth_play_is_refused() -> None:
    """R3.2, R3.3: after 3 plays only rearranging (free) and ``end`` remain."""
    game = Game.from_position(2, hands={0: ["1M", "2M", "3M", "4M", "green", "pass-go"]},
                              groups={0: [("red", ["red", "red/yellow"], None, None)]})
    for card in ("1M", "2M", "3M"):
        assert f"bank {card}" in legal(game)
        game.apply(f"bank {card}")
    assert game.plays == 3 and game.view(0)["plays_left"] == 0
    assert legal(game) == {"end", "move red:red/yellow>yellow"}
    for fourth in ("bank 4M", "play green", "pass-go"):
        with pytest.raises(IllegalActionError):
            game.apply(fourth)
    game.apply("move red:red/yellow>yellow")  # R3.3: free, even with no plays left
    assert game.plays == 3 and group_keys(game, 0, "yellow") == [["red/yellow"]]
    game.apply("end")
    assert game.active == 1


def test_r3_2_plays_count_from_the_position() -> None:
    game = Game.from_position(2, hands={0: ["1M", "2M"]}, plays=2)
    game.apply("bank 1M")
    assert legal(game) == {"end"}


# --- R3.6 putting back cards over 7 -----------------------------------------------

NINE = ["1M", "2M", "3M", "4M", "5M", "10M", "pass-go", "sly-deal", "birthday"]


def end_with_nine(putback: str) -> Game:
    game = Game.from_position(2, rules=Rules(putback=putback), hands={0: NINE, 1: ["debt-collector"]},
                              draw=["green", "green"], rest="box")
    game.apply("end")
    assert state(game) == ("put-back", 0)
    assert legal(game) == {f"discard {k}" for k in NINE}
    game.apply("discard 10M")
    assert state(game) == ("put-back", 0), "8 cards: one more"
    game.apply("discard 5M")
    assert game.active == 1 and sorted(game.view(1)["hand"]) == ["debt-collector", "green", "green"]
    assert len(game.hands[0]) == 7
    return game


def test_r3_6_extras_go_to_the_bottom_of_the_draw_pile() -> None:
    """R3.6: cards over 7 go to the bottom of the draw pile, so the next draw does not take them."""
    game = end_with_nine("bottom")
    assert sorted(keys(game, game.draw)) == ["10M", "5M"]
    assert game.discard == []


def test_r3_6_variant_extras_to_the_discard_pile() -> None:
    """R3.6 variant (``putback=discard``): the extras go on the discard pile."""
    game = end_with_nine("discard")
    assert keys(game, game.discard) == ["10M", "5M"]
    assert game.draw == []


def test_r3_6_bottom_means_under_the_rest() -> None:
    """R3.6: with a draw pile left, the put-back cards lie under it (drawn last)."""
    game = Game.from_position(2, hands={0: NINE[:8], 1: ["1M"]}, draw=["green", "red", "yellow"], rest="box")
    game.apply("end")
    game.apply("discard sly-deal")
    assert keys(game, game.draw) == ["sly-deal", "yellow"], "P2 drew green and red; sly-deal lies under yellow"


def test_r3_6_seven_cards_need_no_put_back() -> None:
    game = Game.from_position(2, hands={0: NINE[:7], 1: ["1M"]})
    game.apply("end")
    assert state(game) == ("play", 1)


# --- R3.4 Double the Rent -----------------------------------------------------------

def rent_position(plays: int = 0, rules: Rules | None = None) -> Game:
    return Game.from_position(
        2, rules=rules, hands={0: ["rent:red/yellow", "double-rent", "double-rent"]},
        groups={0: [("red", ["red", "red", "red"], None, None)]},
        banks={1: ["10M", "5M", "5M", "4M", "4M"]}, plays=plays)


@pytest.mark.parametrize(("suffix", "owed", "plays"), [("", 6, 1), (" x2", 12, 2), (" x4", 24, 3)])
def test_r3_4_double_the_rent(suffix: str, owed: int, plays: int) -> None:
    """R3.4: rent + Double the Rent is two plays (2x); with two, three plays and 4x (S0-Q20, S0-Q27)."""
    game = rent_position()
    game.apply("rent:red/yellow red" + suffix)
    assert game.plays == plays
    game.apply("accept")
    assert state(game) == ("pay", 1) and game.decision_info()["owed"] == owed
    assert sorted(keys(game, game.discard)) == sorted(["rent:red/yellow"] + ["double-rent"] * (plays - 1))


def test_r3_4_doubles_need_plays_left() -> None:
    """R3.4: every Double the Rent is a play, so with plays used fewer can be added."""
    assert {a for a in legal(rent_position(1)) if a.startswith("rent")} == {"rent:red/yellow red",
                                                                           "rent:red/yellow red x2"}
    assert {a for a in legal(rent_position(2)) if a.startswith("rent")} == {"rent:red/yellow red"}


def test_r3_4_variant_single_double_rent() -> None:
    """R3.4 variant (``single_double_rent``): at most one Double the Rent per rent card."""
    rents = {a for a in legal(rent_position(rules=Rules(single_double_rent=True))) if a.startswith("rent")}
    assert rents == {"rent:red/yellow red", "rent:red/yellow red x2"}


def test_r3_4_double_the_rent_only_with_a_rent_card() -> None:
    """R3.4: Double the Rent is played with a rent card; alone it can only be banked."""
    game = Game.from_position(2, hands={0: ["double-rent"]}, groups={0: [("red", ["red"], None, None)]})
    assert legal(game) == {"end", "bank double-rent"}


# --- R5.8 answer order -------------------------------------------------------------

@pytest.mark.parametrize(("card", "play", "pay"), [("birthday", "birthday", "pay 3M"),
                                                   ("rent:light-blue/brown", "rent:light-blue/brown brown", "pay 1M")])
def test_r5_8_targets_answer_in_seat_order_from_the_left(card: str, play: str, pay: str) -> None:
    """R5.8: several targets answer from the active player's left; each answer (Just Say No chain,
    then payment) finishes before the next player answers."""
    game = Game.from_position(
        4, hands={1: [card], 3: ["just-say-no"]}, active=1,
        groups={1: [("brown", ["brown"], None, None)]},
        banks={0: ["1M", "3M"], 2: ["1M", "3M"], 3: ["1M", "3M"]})
    game.apply(play)
    seen = [state(game)]
    assert seen[0] == ("respond", 2)
    assert legal(game) == {"accept"}, "P3 holds no Just Say No, and is asked all the same"
    game.apply("accept")
    assert state(game) == ("pay", 2)
    game.apply(pay)
    seen.append(state(game))
    assert seen[-1] == ("respond", 3), "P3 paid in full before P4 is asked"
    assert len(game.banks[2]) == 1
    game.apply("no")  # P4 cancels its part; P2 holds no Just Say No, so 'no' cannot be answered
    seen.append(state(game))
    assert seen[-1] == ("respond", 1) and legal(game) == {"accept"}
    game.apply("accept")
    seen.append(state(game))
    assert seen[-1] == ("respond", 0)
    game.apply("accept")
    assert state(game) == ("pay", 0)
    game.apply(pay)
    assert state(game) == ("play", 1)
    assert [len(game.banks[p]) for p in range(4)] == [1, 2, 1, 2]


# --- R8 paying ----------------------------------------------------------------------

def test_r8_5_hotel_before_house_before_properties() -> None:
    """R8.5: from a built set the hotel is paid first, then the house, then its properties."""
    game = Game.from_position(
        2, hands={0: ["rent:any", "double-rent"]},
        groups={0: [("dark-blue", ["dark-blue", "dark-blue"], None, None)],
                1: [("red", ["red", "red", "red"], "house", "hotel"), ("green", ["green"], None, None)]})
    game.apply("rent:any dark-blue P2 x2")
    game.apply("accept")
    assert game.decision_info()["owed"] == 16 and game.decision_info()["paid"] == 0

    def pays() -> set[str]:
        return {a for a in legal(game) if a.startswith("pay red")}

    assert pays() == {"pay red:hotel"}
    assert "pay green:green" in legal(game)
    game.apply("pay red:hotel")
    assert pays() == {"pay red:house"}
    game.apply("pay red:house")
    assert pays() == {"pay red:red"}
    game.apply("pay red:red")
    assert state(game) == ("pay", 1) and game.decision_info()["owed"] == 16 - 4 - 3 - 3
    assert game.decision_info()["paid"] == 4 + 3 + 3  # R8: what the payer has handed over so far


def test_r8_6_received_house_and_hotel_can_both_be_placed() -> None:
    """R8.6 with R8.5: the hotel is paid before its house, yet the receiver may put the house on a
    set and then the hotel on that house (the hotel is not banked before the house is placed)."""
    game = Game.from_position(
        2, hands={0: ["debt-collector"]},
        groups={0: [("dark-blue", ["dark-blue", "dark-blue"], None, None)],
                1: [("red", ["red", "red", "red"], "house", "hotel")]})
    game.apply("debt-collector P2")
    game.apply("accept")
    game.apply("pay red:hotel")
    game.apply("pay red:house")
    assert state(game) == ("place", 0) and game.decision_info()["building"] == "house"
    game.apply("place dark-blue")
    assert game.decision_info()["building"] == "hotel"
    assert legal(game) == {"place dark-blue", "place bank"}
    game.apply("place dark-blue")
    dark_blue = next(g for g in game.view(0)["groups"][0] if g["colour"] == "dark-blue")
    assert (dark_blue["house"], dark_blue["hotel"], dark_blue["rent"]) == ("house", "hotel", 8 + 3 + 4)


def receive_a_house(rules: Rules | None = None, receiver_set: bool = True) -> Game:
    """P1's Debt Collector; P2 pays with the house of its red set, then a red."""
    game = Game.from_position(
        2, rules=rules, hands={0: ["debt-collector"]},
        groups={0: [("dark-blue", ["dark-blue"] * (2 if receiver_set else 1), None, None)],
                1: [("red", ["red", "red", "red"], "house", None)]})
    game.apply("debt-collector P2")
    game.apply("accept")
    assert {a for a in legal(game)} == {"pay red:house"}
    game.apply("pay red:house")
    game.apply("pay red:red")
    assert group_keys(game, 0, "red") == [["red"]], "R8.6: a received property goes to the properties"
    return game


def test_r8_6_received_building_placement_is_a_decision() -> None:
    """R8.6: a received house goes on a qualifying set of the receiver, or the bank, as they choose."""
    game = receive_a_house()
    assert state(game) == ("place", 0) and game.decision_info()["building"] == "house"
    assert legal(game) == {"place dark-blue", "place bank"}
    game.apply("place dark-blue")
    dark_blue = next(g for g in game.view(0)["groups"][0] if g["colour"] == "dark-blue")
    assert dark_blue["house"] == "house" and dark_blue["rent"] == 8 + 3
    assert state(game) == ("play", 0)
    banked = receive_a_house()
    banked.apply("place bank")
    assert banked.view(0)["banks"][0] == ["house"]


def test_r8_6_no_qualifying_set_means_the_bank() -> None:
    """R8.6: a receiver with no qualifying set banks the building, no question asked."""
    game = receive_a_house(receiver_set=False)
    assert state(game) == ("play", 0) and game.view(0)["banks"][0] == ["house"]


def test_r8_6_variant_received_buildings_to_bank() -> None:
    """R8.6 variant (``received_buildings_to_bank``, S0-Q30): always into the bank."""
    game = receive_a_house(Rules(received_buildings_to_bank=True))
    assert state(game) == ("play", 0) and game.view(0)["banks"][0] == ["house"]


def bank_and_property(rules: Rules | None = None) -> Game:
    game = Game.from_position(2, rules=rules, hands={0: ["debt-collector"]}, banks={1: ["1M"]},
                              groups={1: [("green", ["green", "green"], None, None)]})
    game.apply("debt-collector P2")
    game.apply("accept")
    return game


def test_r8_1_default_bank_and_property_mix() -> None:
    """R8.1: by default the payer may pay with property while holding money."""
    assert legal(bank_and_property()) == {"pay 1M", "pay green:green"}


def test_r8_8_variant_bank_first() -> None:
    """R8.8 variant (``bank_first``): property pays only what the bank cannot."""
    game = bank_and_property(Rules(bank_first=True))
    assert legal(game) == {"pay 1M"}
    game.apply("pay 1M")
    assert legal(game) == {"pay green:green"}


# --- R6.6 buildings stay; swapping a card out of a built set ------------------------

BUILT_RED = ("red", ["red", "red", "red/yellow"], "house", None)


def test_r6_6_swap_out_of_a_built_set() -> None:
    """R6.6: a wild leaves a built set only when another property of the colour takes its place;
    R3.3: rearranging is not a play."""
    game = Game.from_position(2, groups={0: [BUILT_RED, ("red", ["red"], None, None)]})
    assert "move red:red/yellow>yellow" not in legal(game)
    assert "swap red:red/yellow>yellow" in legal(game)
    game.apply("swap red:red/yellow>yellow")
    assert state(game) == ("swap", 0)
    assert legal(game) == {"with red#2:red"}
    game.apply("with red#2:red")
    red = [g for g in game.view(0)["groups"][0] if g["colour"] == "red"]
    assert [(g["cards"], g["house"], g["complete"]) for g in red] == [(["red", "red", "red"], "house", True)]
    assert group_keys(game, 0, "yellow") == [["red/yellow"]]
    assert game.plays == 0 and state(game) == ("play", 0)
    game.check_invariants()


def test_r6_6_no_swap_without_a_replacement() -> None:
    """R6.6: with no card to take its place, the wild stays in the built set; R6.2 without a building it moves."""
    built = Game.from_position(2, groups={0: [BUILT_RED]})
    assert not any(a.startswith(("move", "swap")) for a in legal(built))
    bare = Game.from_position(2, groups={0: [("red", ["red", "red", "red/yellow"], None, None)]})
    assert "move red:red/yellow>yellow" in legal(bare)


# --- R7 winning -------------------------------------------------------------------------

TWO_SETS = [("brown", ["brown", "brown"], None, None), ("dark-blue", ["dark-blue", "dark-blue"], None, None)]


def test_r7_1_win_is_immediate() -> None:
    """R7.1: the third complete set wins at once, with plays still left."""
    game = Game.from_position(2, hands={0: ["red", "1M"]},
                              groups={0: TWO_SETS + [("red", ["red", "red"], None, None)]})
    assert not game.over
    game.apply("play red")
    assert game.over and (game.winner, game.result) == (0, "sets") and game.plays == 1
    assert game.legal_actions() == ()


def test_r7_1_two_sets_of_one_colour_count_once() -> None:
    """R7.1: two complete red sets and a brown set are two colours, not three."""
    game = Game.from_position(2, hands={0: ["dark-blue"]}, groups={0: [
        ("red", ["red", "red", "red"], None, None), ("red", ["red/yellow", "red/yellow", "rainbow"], None, None),
        ("brown", ["brown", "brown"], None, None), ("dark-blue", ["dark-blue"], None, None)]})
    assert not game.over
    game.apply("play dark-blue")
    assert game.winner == 0


@pytest.mark.parametrize("active", [0, 1])
def test_r7_1_active_player_wins_a_tie(active: int) -> None:
    """R7.1: a Forced Deal completes a third set for both players at once: the active player wins."""
    other = 1 - active
    game = Game.from_position(2, active=active, hands={active: ["forced-deal"]}, groups={
        active: TWO_SETS + [("green", ["green", "green"], None, None), ("red", ["red"], None, None)],
        other: [("utility", ["utility"] * 2, None, None), ("railroad", ["railroad"] * 4, None, None),
                ("red", ["red", "red"], None, None), ("green", ["green"], None, None)]})
    game.apply(f"forced-deal P{other + 1} green:green")
    game.apply("give red:red")
    game.apply("accept")
    assert game.complete_colours(0) == game.complete_colours(1) == 3
    assert (game.winner, game.result) == (active, "sets")


def test_r7_1_another_player_can_win_on_your_turn() -> None:
    """R7.1: whoever first holds three sets wins at once, even on another player's turn."""
    game = Game.from_position(2, hands={0: ["forced-deal"]}, groups={
        0: [("red", ["red"], None, None)],
        1: [("utility", ["utility"] * 2, None, None), ("railroad", ["railroad"] * 4, None, None),
            ("red", ["red", "red"], None, None), ("green", ["green"], None, None)]})
    game.apply("forced-deal P2 green:green")
    game.apply("give red:red")
    game.apply("accept")
    assert (game.winner, game.active) == (1, 0)


FOUR_SETS = TWO_SETS + [("utility", ["utility"] * 2, None, None), ("red", ["red"] * 3, None, None)]


def test_r7_2_enhanced_needs_four_sets() -> None:
    """R7.2: in the Enhanced edition three sets are not enough; the fourth wins."""
    three = FOUR_SETS[:3] + [("red", ["red", "red"], None, None)]
    assert Game.from_position(2, "base", groups={0: three}).winner == 0
    game = Game.from_position(2, "enhanced", hands={0: ["red"]}, groups={0: three})
    assert not game.over
    game.apply("play red")
    assert (game.winner, game.result) == (0, "sets")


def test_r7_2_variant_house_to_win() -> None:
    """R7.2 variant (``house_to_win``): four sets and a house on one of them."""
    game = Game.from_position(2, "enhanced", rules=Rules(house_to_win=True), hands={0: ["house+"]}, groups={0: FOUR_SETS})
    assert not game.over
    game.apply("house+ red")
    assert game.winner == 0
    assert Game.from_position(2, "enhanced", groups={0: FOUR_SETS}).winner == 0


def test_r5_6_a_deal_breaker_answer_names_every_card_of_the_set_at_stake() -> None:
    """The decision to answer a Deal Breaker (R5.6, R5.7) names the set's cards, as a Sly Deal's names its card
    (it once named the card whose number was the group's ordinal)."""
    game = Game.from_position(2, hands={0: ["deal-breaker"], 1: ["just-say-no"]},
                              groups={1: [("dark-blue", ["dark-blue", "dark-blue"], "house", None)]})
    game.apply("deal-breaker P2 dark-blue")
    info = game.decision_info()
    assert (info["type"], info["action"]) == ("respond", "deal-breaker")
    assert info["cards"] == [["P2", "dark-blue", "dark-blue"]] * 2


# --- S1-19, S1-6.3, S2's "four or more sets": record version 4 ------------------------

def test_r6_2_no_rearranging_after_the_hand_s_last_card_until_the_next_turn() -> None:
    """S1-19: the last card played, its action done, re-arranging ends for the turn; it comes back with the
    owner's next turn (the draw refills the hand)."""
    game = Game.from_position(2, hands={0: ["1M"]}, groups={0: [("red", ["red/yellow"], None, None)]})
    assert "move red:red/yellow>yellow" in legal(game)
    game.apply("bank 1M")
    assert legal(game) == {"end"}
    game.apply("end")
    game.apply("end")                                      # P2's turn
    assert game.active == 0 and game.hands[0]
    assert "move red:red/yellow>yellow" in legal(game)


def test_r6_2_a_hand_empty_before_any_play_played_no_last_card() -> None:
    """S1-19 speaks of the last card *played*: a player whose turn starts with an empty hand (both piles ran dry,
    R9.1) may re-arrange; the rule option lets a player re-arrange after their last card too."""
    game = Game.from_position(2, rest="box", groups={0: [("red", ["red/yellow"], None, None)]})
    assert not game.hands[0] and legal(game) == {"end", "move red:red/yellow>yellow"}
    allowed = Game.from_position(2, rules=Rules(rearrange_after_empty_hand=True), rest="box", plays=1,
                                 groups={0: [("red", ["red/yellow"], None, None)]})
    assert legal(allowed) == {"end", "move red:red/yellow>yellow"}
    assert legal(Game.from_position(2, rest="box", plays=1, groups={0: [("red", ["red/yellow"], None, None)]})) == {"end"}


@pytest.mark.parametrize("old_order", [False, True])
def test_r5_1_pass_go_is_discarded_after_its_draw(old_order: bool) -> None:
    """S1-6.3: a used action card goes to the discard pile, so a Pass Go drawing from an empty pile meets a
    reshuffle without itself; records of versions 1 to 3 (``Version3Game``) drew it back."""
    game = (Version3Game if old_order else Game).from_position(2, hands={0: ["pass-go"]}, discard=["birthday"],
                                                               draw=[], rest="box")
    game.apply("pass-go")
    assert sorted(keys(game, game.hands[0])) == (["birthday", "pass-go"] if old_order else ["birthday"])
    assert keys(game, game.discard) == ([] if old_order else ["pass-go"])
    game.check_invariants()


def test_r7_2_sets_to_win_sets_the_count_for_both_editions() -> None:
    """R7.1, R7.2: 3 sets (base) or 4 (Enhanced) by default; ``sets_to_win`` asks for more, and the views say
    how many (what a front end shows as the goal)."""
    assert [Game(2, edition).sets_to_win for edition in ("base", "enhanced")] == [3, 4]
    game = Game(2, "base", Rules(sets_to_win=4), seed=1)
    assert game.sets_to_win == 4 == game.view(0)["sets_to_win"] == game.clone().sets_to_win
    with pytest.raises(ValueError, match="sets_to_win"):
        Rules(sets_to_win=2)
