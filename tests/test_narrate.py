"""Narration: the engine's events in words, from every seat's point of view."""

from __future__ import annotations

import re

import pytest

from monopoly_deal.bots import RandomBot, Seat
from monopoly_deal.engine import Game, Rules
from monopoly_deal.engine.cards import TYPE_BY_KEY
from monopoly_deal.narrate import ENGLISH, Card, Message, Narrator, Player, Words, messages, narrate


def told(game: Game, *actions: str, viewer: int | None = None) -> list[str]:
    """Play ``actions`` through a Narrator; the lines said after the first action. A target asked
    with ``accept`` as its only answer (R5.7: everyone is asked) accepts without being listed."""
    narrator = Narrator(game, viewer)
    words = Words(game.names)
    narrator.start()
    lines: list[str] = []
    for action in actions:
        lines += _forced_accepts(game, narrator, words)
        lines += words.lines(narrator.play(action))
    return lines + _forced_accepts(game, narrator, words)


def _forced_accepts(game: Game, narrator: Narrator, words: Words) -> list[str]:
    lines: list[str] = []
    while not game.over and game.decision_info()["type"] == "respond" and \
            [str(a) for a in game.legal_actions()] == ["accept"]:
        lines += words.lines(narrator.play("accept"))
    return lines


def random_game(players: int, edition: str, seed: int, rules: Rules | None = None) -> Game:
    game = Game(players, edition, rules, seed=seed)
    bots = [RandomBot(seed=seed * 16 + p) for p in range(players)]
    while not game.over:
        game.apply(bots[game.decider].choose(Seat(game, game.decider)))
    return game


# --- charges and payments ---------------------------------------------------------

def test_rent_with_a_double_charges_every_other_player() -> None:
    """R3.4, R6.7: two reds charge 3M, doubled 6M, to each other player; R8.3: P2 pays all it has."""
    game = Game.from_position(3, hands={0: ["rent:red/yellow", "double-rent"]}, banks={1: ["5M", "1M"], 2: ["10M"]},
                              groups={0: [("red", ["red", "red"], None, None)]})
    assert told(game, "rent:red/yellow red x2", "pay 10M") == [
        "P1 charges P2 and P3 rent for red ×2 = 6M each with red/yellow rent and Double the Rent.",
        "P2 pays P1 5M, 1M (6M).",
        "P3 pays P1 10M.",
    ]


def test_rent_with_two_doubles_and_one_target() -> None:
    """R3.4: any-colour rent with two Double the Rents charges four times, to one player."""
    game = Game.from_position(3, hands={0: ["rent:any", "double-rent", "double-rent"]}, banks={2: ["10M"]},
                              groups={0: [("dark-blue", ["dark-blue"], None, None)]})
    assert told(game, "rent:any dark-blue P3 x4") == [
        "P1 charges P3 rent for dark blue ×4 = 12M with any-colour rent and 2 × Double the Rent.",
        "P3 pays P1 10M.",
    ]


def test_plain_rent_and_nothing_to_pay() -> None:
    game = Game.from_position(2, hands={0: ["rent:railroad/utility"]},
                              groups={0: [("utility", ["utility", "utility"], None, None)]})
    assert told(game, "rent:railroad/utility utility") == [
        "P1 charges P2 2M rent for utility with railroad/utility rent.",
        "P2 has nothing to pay P1 with.",
    ]


def test_birthday_asks_everyone() -> None:
    """R5.3: It's My Birthday, 2M from each other player, in turn order (R5.8)."""
    game = Game.from_position(3, active=1, hands={1: ["birthday"]}, banks={0: ["2M"], 2: ["1M"]})
    assert told(game, "birthday") == [
        "P2 asks P3 and P1 for 2M each with It's My Birthday.",
        "P3 pays P2 1M.",
        "P1 pays P2 2M.",
    ]


def test_payment_with_buildings_and_placing_them() -> None:
    """R8.5: a set's buildings are paid before its properties; R8.6: the receiver places a building."""
    game = Game.from_position(2, hands={0: ["debt-collector"]},
                              groups={0: [("yellow", ["yellow", "yellow", "yellow"], None, None)],
                                      1: [("red", ["red", "red", "red"], "house", None)]})
    assert told(game, "debt-collector P2", "pay red:house", "pay red:red", "place yellow") == [
        "P1 asks P2 for 5M with Debt Collector.",
        "P2 pays P1 House, red property (6M).",
        "P1 puts the House received on the yellow set.",
    ]


def test_received_building_to_the_bank() -> None:
    game = Game.from_position(2, hands={0: ["debt-collector"]},
                              groups={0: [("yellow", ["yellow", "yellow", "yellow"], None, None)],
                                      1: [("red", ["red", "red", "red"], "house", None)]})
    lines = told(game, "debt-collector P2", "pay red:house", "pay red:red", "place bank")
    assert lines[-1] == "P1 banks the House received."


# --- Just Say No ------------------------------------------------------------------

def test_just_say_no_chain_cancels() -> None:
    """R5.7: no, no back, no again: the last one standing cancels the Debt Collector."""
    game = Game.from_position(2, hands={0: ["debt-collector", "just-say-no"], 1: ["just-say-no", "just-say-no"]},
                              banks={1: ["5M"]})
    assert told(game, "debt-collector P2", "no", "no", "no") == [
        "P1 asks P2 for 5M with Debt Collector.",
        "P2 says no (Just Say No).",
        "P1 says no back.",
        "P2 says no again.",
        "The Debt Collector against P2 is cancelled.",
    ]


def test_just_say_no_chain_in_a_rent_with_several_targets() -> None:
    """R5.7, R5.8: each target's chain is its own; P2's no cancels only P2's share."""
    game = Game.from_position(3, hands={0: ["rent:red/yellow"], 1: ["just-say-no"]}, banks={1: ["5M"], 2: ["3M"]},
                              groups={0: [("yellow", ["yellow", "yellow"], None, None)]})
    assert told(game, "rent:red/yellow yellow", "no") == [
        "P1 charges P2 and P3 4M rent each for yellow with red/yellow rent.",
        "P2 says no (Just Say No).",
        "The red/yellow rent against P2 is cancelled.",
        "P3 pays P1 3M.",
    ]


def test_sly_deal_announced_when_answered_and_still_takes() -> None:
    """R5.4, R5.7: a Sly Deal answered with no and no back still takes the card."""
    game = Game.from_position(3, hands={0: ["sly-deal", "just-say-no"], 2: ["just-say-no"]},
                              groups={2: [("red", ["red/yellow"], None, None)]})
    assert told(game, "sly-deal P3 red:red/yellow", "no", "no") == [
        "P1 plays Sly Deal on P3's red/yellow wild (as red).",
        "P3 says no (Just Say No).",
        "P1 says no back.",
        "P1 takes P3's red/yellow wild (as red) with Sly Deal.",
    ]


# --- stealing --------------------------------------------------------------------

@pytest.mark.parametrize("p3_hand", [[], ["just-say-no"]])
def test_sly_deal_is_told_alike_whether_the_target_could_answer(p3_hand: list[str]) -> None:
    """R5.4: Sly Deal takes a card outside a complete set. R5.7: the target is asked either way, so the
    words do not tell whether P3 held a Just Say No."""
    game = Game.from_position(3, hands={0: ["sly-deal"], 2: p3_hand}, groups={2: [("red", ["red/yellow"], None, None)]})
    answer = ["accept"] if p3_hand else []  # told() answers the forced accept itself
    assert told(game, "sly-deal P3 red:red/yellow", *answer, viewer=1) == [
        "P1 plays Sly Deal on P3's red/yellow wild (as red).",
        "P1 takes P3's red/yellow wild (as red) with Sly Deal.",
    ]


def test_forced_deal() -> None:
    """R5.5: Forced Deal swaps one card each way; the giver picks the wild's colour."""
    game = Game.from_position(2, hands={0: ["forced-deal"]},
                              groups={0: [("orange", ["pink/orange"], None, None)], 1: [("green", ["green"], None, None)]})
    assert told(game, "forced-deal P2 green:green", "give orange:pink/orange=pink") == [
        "P1 plays Forced Deal on P2's green property.",
        "P1 takes P2's green property and gives P2 pink/orange wild (as pink) with Forced Deal.",
    ]


def test_deal_breaker() -> None:
    """R5.6: Deal Breaker takes a complete set."""
    game = Game.from_position(2, hands={0: ["deal-breaker"]},
                              groups={1: [("red", ["red", "red/yellow", "red"], None, None)]})
    assert told(game, "deal-breaker P2 red") == [
        "P1 plays Deal Breaker on P2's red set.",
        "P1 takes P2's complete red set (red property, red/yellow wild (as red), red property) with Deal Breaker.",
    ]


def test_deal_breaker_cancelled() -> None:
    game = Game.from_position(2, hands={0: ["deal-breaker"], 1: ["just-say-no"]},
                              groups={1: [("brown", ["brown", "brown"], None, None)]})
    assert told(game, "deal-breaker P2 brown", "no") == [
        "P1 plays Deal Breaker on P2's brown set.",
        "P2 says no (Just Say No).",
        "The Deal Breaker against P2 is cancelled.",
    ]


# --- the Enhanced edition -----------------------------------------------------------

def enhanced(players: int = 3, **position: object) -> Game:
    return Game.from_position(players, "enhanced", **position)  # type: ignore[arg-type]


def test_double_sly_deal() -> None:
    """R1.3: Double Sly Deal takes two cards from one player."""
    game = enhanced(hands={0: ["double-sly-deal"]},
                    groups={1: [("red", ["red"], None, None), ("green", ["green"], None, None)]})
    assert told(game, "double-sly-deal P2 red:red", "take green:green") == [
        "P1 plays Double Sly Deal on P2's red property.",
        "P1 takes P2's red property and green property with Double Sly Deal.",
    ]


def test_go_to_jail_and_the_missed_turn() -> None:
    """R1.3: Go To Jail: the player skips their next turn (no draw, no plays)."""
    game = enhanced(2, hands={0: ["go-to-jail", "5M"]}, draw=["1M", "2M"])
    assert told(game, "go-to-jail P2", "end") == [
        "P1 plays Go To Jail on P2.",
        "P1 sends P2 to jail with Go To Jail: P2 misses the next turn.",
        "Turn 2 — P2 is in jail and misses this turn.",
        "Turn 3 — P1 draws 2 cards: 1M, 2M.",
    ]


@pytest.mark.parametrize(("viewer", "line"), [
    (None, "P1 takes Sly Deal from P2's hand with Inheritor."),
    (0, "P1 takes Sly Deal from P2's hand with Inheritor."),
    (1, "P1 takes Sly Deal from P2's hand with Inheritor."),
    (2, "P1 takes a card from P2's hand with Inheritor."),
])
def test_inheritor_card_seen_by_the_two_players_only(viewer: int | None, line: str) -> None:
    """R1.3: Inheritor draws a random card from another hand; only those two see it."""
    game = enhanced(hands={0: ["inheritor"], 1: ["sly-deal"]})
    assert told(game, "inheritor P2", viewer=viewer) == ["P1 plays Inheritor on P2.", line]


def test_speeding_deal() -> None:
    """R1.3: Speeding Deal: two players each discard a card; the discarder picks (default)."""
    game = enhanced(hands={0: ["speeding-deal"], 1: ["1M", "2M"], 2: ["3M"]})
    assert told(game, "speeding-deal P2 P3", "discard 2M", "discard 3M") == [
        "P1 makes P2 and P3 discard a card each with Speeding Deal.",
        "P2 discards 2M.",
        "P3 discards 3M.",
    ]


def test_rent_transfer() -> None:
    """R1.3: Rent Transfer names a third player, who pays instead."""
    game = enhanced(hands={0: ["rent:any"], 1: ["rent-transfer"]}, banks={2: ["3M"]},
                    groups={0: [("red", ["red", "red"], None, None)]})
    assert told(game, "rent:any red P2", "transfer P3") == [
        "P1 charges P2 3M rent for red with any-colour rent.",
        "P2 passes the rent on to P3 with Rent Transfer.",
        "P3 pays P1 3M.",
    ]


def test_rent_transfer_refused() -> None:
    """R1.3: a Rent Transfer cancelled by Just Say No: the original player pays."""
    game = enhanced(hands={0: ["rent:any"], 1: ["rent-transfer"], 2: ["just-say-no"]}, banks={1: ["1M"]},
                    groups={0: [("red", ["red", "red"], None, None)]})
    assert told(game, "rent:any red P2", "transfer P3", "no") == [
        "P1 charges P2 3M rent for red with any-colour rent.",
        "P2 passes the rent on to P3 with Rent Transfer.",
        "P3 says no (Just Say No).",
        "The Rent Transfer to P3 is cancelled: P2 pays after all.",
        "P2 pays P1 1M.",
    ]


def test_enhanced_buildings() -> None:
    game = enhanced(2, hands={0: ["house+", "hotel+"]}, groups={0: [("brown", ["brown", "brown"], None, None)]})
    assert told(game, "house+ brown", "hotel+ brown") == [
        "P1 puts House (Enhanced) on the brown set.",
        "P1 puts Hotel (Enhanced) on the brown set.",
    ]


# --- plays, turns and the end ------------------------------------------------------

def test_bank_property_and_wilds() -> None:
    game = Game.from_position(2, hands={0: ["5M", "sly-deal", "red/yellow", "pink"]})
    lines = told(game, "bank 5M", "bank sly-deal", "play red/yellow=yellow", "move yellow:red/yellow>red")
    assert lines == [
        "P1 banks 5M.",
        "P1 banks Sly Deal as 3M.",
        "P1 puts down red/yellow wild (as yellow).",
        "P1 turns red/yellow wild from yellow to red.",
    ]


def test_regrouping_into_another_group_of_its_colour() -> None:
    """R6.2: a card joined to another group of its colour, on its owner's turn."""
    game = Game.from_position(2, rest="box", groups={0: [("red", ["red"], None, None),
                                                         ("red", ["red", "red/yellow"], None, None)]})
    assert told(game, "move red:red>red#2") == ["P1 moves red property into another red group."]


def test_put_back_seen_only_by_its_owner() -> None:
    """R3.6: cards over 7 go under the draw pile, face down."""
    hand = ["1M", "2M", "3M", "4M", "5M", "10M", "pass-go", "birthday", "sly-deal"]
    for viewer, expected in [(0, "P1 puts Sly Deal at the bottom of the draw pile."),
                             (1, "P1 puts a card at the bottom of the draw pile.")]:
        game = Game.from_position(2, hands={0: hand}, draw=["1M", "2M"])
        lines = told(game, "end", "discard sly-deal", "discard 1M", viewer=viewer)
        assert lines[0] == expected


def test_put_back_to_the_discard_pile_is_public() -> None:
    """R3.6 variant: the extras go on the discard pile, face up."""
    hand = ["1M", "2M", "3M", "4M", "5M", "10M", "pass-go", "sly-deal"]
    game = Game.from_position(2, rules=Rules(putback="discard"), hands={0: hand})
    assert told(game, "end", "discard sly-deal", viewer=1)[0] == "P1 discards Sly Deal."


def test_pass_go_draws_two() -> None:
    """R5.2: Pass Go draws two cards, seen by the player only."""
    game = Game.from_position(2, hands={0: ["pass-go"]}, draw=["3M", "sly-deal"])
    assert told(game, "pass-go") == ["P1 plays Pass Go.", "P1 draws 2 cards: 3M, Sly Deal."]
    game = Game.from_position(2, hands={0: ["pass-go"]}, draw=["3M", "sly-deal"])
    assert told(game, "pass-go", viewer=1) == ["P1 plays Pass Go.", "P1 draws 2 cards."]


def test_win_sentence() -> None:
    """R7.1: three complete sets of different colours win at once."""
    game = Game.from_position(2, hands={0: ["brown"]},
                              groups={0: [("brown", ["brown"], None, None),
                                          ("dark-blue", ["dark-blue", "dark-blue"], None, None),
                                          ("utility", ["utility", "utility"], None, None)]})
    assert told(game, "play brown") == ["P1 puts down brown property.", "P1 wins with 3 complete sets."]


def test_turn_limit_sentence() -> None:
    """R7: a game that reaches the turn limit ends without a winner."""
    game = Game(2, rules=Rules(max_turns=2), seed=1)
    narrator = Narrator(game)
    narrator.start()
    narrator.play("end")
    said = narrator.play("end")
    assert said == [Message("turn-limit", {"turns": 2})]
    assert Words(game.names).lines(said) == ["The game stops at the turn limit of 2 turns, with no winner."]


def test_dice_for_the_first_seat() -> None:
    """R2.2: with start=dice every player rolls; ties roll again."""
    for seed in range(20):
        game = Game(3, rules=Rules(start="dice"), seed=seed)
        lines = narrate(game)
        rolls = [line for line in lines if re.fullmatch(r"P\d rolls \d+\.", line)]
        assert {line[:2] for line in rolls} == {"P1", "P2", "P3"}
        assert lines[len(rolls) + sum("tie and roll again" in line for line in lines)].startswith("Turn 1 — ")


# --- whole games, and viewers ------------------------------------------------------

@pytest.mark.parametrize("edition", ["base", "enhanced"])
def test_viewer_sees_only_own_drawn_cards(edition: str) -> None:
    """R10.6: a seat sees its own drawn cards, and only the count of the others'."""
    game = random_game(3, edition, seed=5)
    for viewer in range(3):
        draws = [m for m in messages(game, viewer) if m.id.startswith("draw")]
        mine = {m.id for m in draws if m.params["player"] == Player(viewer)}
        theirs = {m.id for m in draws if m.params["player"] != Player(viewer)}
        assert "draw-seen" in mine and mine <= {"draw-seen", "draw-one-seen", "draw-none"}
        assert "draw" in theirs and theirs <= {"draw", "draw-one", "draw-none"}
        lines = narrate(game, viewer)
        other = f"P{(viewer + 1) % 3 + 1}"
        assert any(re.search(rf"\b{other} draws 2 cards\.$", line) for line in lines)
        assert any(re.search(rf"\bP{viewer + 1} draws 2 cards: [^,]+, [^,]+\.$", line) for line in lines)


def test_without_viewer_every_card_is_shown() -> None:
    game = random_game(3, "enhanced", seed=8)
    lines = narrate(game)
    assert not [line for line in lines if re.search(r"draws (\d+ cards|a card)\.$", line)]
    assert not [line for line in lines if "puts a card at the bottom" in line or "takes a card from" in line]


@pytest.mark.parametrize("seed", range(8))
def test_live_narration_equals_narrate(seed: int) -> None:
    """Narrating as the game is played and narrating the finished game say the same."""
    players, edition = 2 + seed % 4, ("base", "enhanced")[seed % 2]
    game = Game(players, edition, seed=seed)
    narrator = Narrator(game, viewer=seed % players)
    said = narrator.start()
    bots = [RandomBot(seed=p) for p in range(players)]
    while not game.over:
        said += narrator.play(bots[game.decider].choose(Seat(game, game.decider)))
    assert said == messages(game, viewer=seed % players)
    lines = Words(game.names).lines(said)
    assert lines[0].startswith("Turn 1 — ")
    assert lines[-1].endswith("complete sets.") or lines[-1].startswith("The game stops at the turn limit")


@pytest.mark.parametrize("players", [2, 5, 10])
def test_every_event_of_random_games_has_words(players: int) -> None:
    """Every message id the narrator emits is in the English catalogue, with its parameters."""
    for seed in range(4):
        game = random_game(players, ("base", "enhanced")[seed % 2], seed=seed,
                           rules=Rules(start="dice", putback="discard" if seed % 3 else "bottom"))
        for line in narrate(game):
            assert "{" not in line and line.strip()


def test_every_catalogue_entry_is_used_somewhere() -> None:
    """No dead templates: each id appears in the narrator's code or is told by the table of verbs."""
    import inspect

    from monopoly_deal import narrate as module
    from monopoly_deal.engine.verbs import VERBS

    source = inspect.getsource(module.Narrator) + inspect.getsource(module.Words)
    told = {said.id + each for row in VERBS for said in row.told for each in ("", "-each")[:1 + said.each]}
    for key in ENGLISH:
        assert f'"{key}"' in source or key in told, key
    assert told <= set(ENGLISH)


# --- the narrator's contract, and words in other languages ------------------------------

def test_narrate_needs_a_game_it_can_replay() -> None:
    game = Game.from_position(2, hands={0: ["5M"]})
    game.apply("bank 5M")
    with pytest.raises(ValueError, match="from_position"):
        narrate(game)


def test_narrator_contract() -> None:
    with pytest.raises(ValueError, match="log=True"):
        Narrator(Game(2, seed=1, log=False))
    game = Game(2, seed=1)
    game.apply("end")
    with pytest.raises(ValueError, match="before the first action"):
        Narrator(game)
    with pytest.raises(ValueError, match="viewer"):
        Narrator(Game(2, seed=1), viewer=2)


def test_narrate_a_log_free_game() -> None:
    """A game played without events can still be narrated: it is played again from its seed."""
    quiet = Game(2, seed=3, log=False)
    loud = Game(2, seed=3)
    for game in (quiet, loud):
        bots = [RandomBot(seed=p) for p in range(2)]
        while not game.over:
            game.apply(bots[game.decider].choose(Seat(game, game.decider)))
    assert narrate(quiet) == narrate(loud)


def test_an_illegal_action_says_nothing_and_changes_nothing() -> None:
    game = Game(2, seed=1)
    narrator = Narrator(game)
    narrator.start()
    with pytest.raises(ValueError):
        narrator.play("pay 10M")
    assert narrator.play("end")[0].id == "turn"


def test_words_in_another_language_and_catalogue() -> None:
    """A translation is a catalogue; card and colour names come from the card data."""
    catalogue = {**ENGLISH, "bank": "{player} 存入 {card}。"}
    words = Words(["甲", "乙"], catalogue, lang="zh-Hant")
    sly = TYPE_BY_KEY["sly-deal"].index
    # set as Chinese is: no spaces between Chinese words, whatever the template brings
    assert words.text(Message("bank", {"player": Player(1), "card": Card(sly)})) == "乙存入盜取。"
    wild = TYPE_BY_KEY["red/yellow"].index
    assert words.value(Card(wild, 4)) == "紅/黃雙色多功能物業牌 (as 紅色)"
    with pytest.raises(ValueError, match="unknown language"):
        Words(["a", "b"], lang="fr")
