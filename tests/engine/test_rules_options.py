"""Rule options (rules.py): docs/rules.md's defaults, every variant, clear errors, records."""

from __future__ import annotations

import json
import random
from dataclasses import fields

import pytest

from monopoly_deal.engine import Game, Rules

from .helpers import play_out

# docs/rules.md's default for every option, with the rule that fixes it.
DEFAULTS = {
    "values": "printed",              # R1.5: printed card values
    "single_double_rent": False,      # R3.4: two Double the Rents on one rent allowed
    "putback": "bottom",              # R3.6: extras to the bottom of the draw pile
    "complete_needs_single": False,   # R6.4: two-colour wilds may complete a set
    "received_buildings_to_bank": False,  # R8.6: received buildings may go on a set
    "bank_first": False,              # R8.8 is a variant
    "house_to_win": False,            # R7.2: the house is the harder variant
    "speeding_discard": "chooser",    # R1.3: the discarding player picks
    "start": "random",                # R2.2: a named or random first seat
    "decks": 0,                       # R1.4: automatic, two from 6 players
    "max_turns": 1000,
    "max_rearrangements": 0,          # R6.2, S1 FAQ: any number of times (N: a bound)
    "rearrange_after_empty_hand": False,  # R6.2, S1-19: no re-arranging after the hand's last card
    "sets_to_win": 0,                 # R7.1, R7.2: the edition's, 3 or 4
}
# Every named variant: option -> the values other than the default.
VARIANTS = {
    "values": ["s2"],
    "single_double_rent": [True],
    "putback": ["discard"],
    "complete_needs_single": [True],
    "received_buildings_to_bank": [True],
    "bank_first": [True],
    "house_to_win": [True],
    "speeding_discard": ["random"],
    "start": ["dice", 0, 1],
    "decks": [1, 2, 3],
    "max_turns": [1, 50],
    "max_rearrangements": [1, 50, 200],
    "rearrange_after_empty_hand": [True],
    "sets_to_win": [3, 4, 10],
}
BAD = [
    ("values", "s3"), ("values", 2), ("putback", "top"), ("putback", True), ("speeding_discard", "victim"),
    ("start", "youngest"), ("start", -1), ("start", 1.5), ("decks", -1), ("decks", "2"), ("max_turns", 0),
    ("max_turns", "many"), ("max_rearrangements", -1), ("max_rearrangements", "lots"), ("single_double_rent", "yes"), ("bank_first", 1), ("house_to_win", None),
    ("complete_needs_single", "true"), ("received_buildings_to_bank", 0), ("rearrange_after_empty_hand", 1),
    ("sets_to_win", 1), ("sets_to_win", 2), ("sets_to_win", 11), ("sets_to_win", -1), ("sets_to_win", "4"),
]


def test_defaults_are_rules_md_defaults() -> None:
    """R1.5, R3.4, R3.6, R6.4, R7.2, R8.6, R8.8, R1.3, R2.2, R1.4: every default."""
    assert Rules().to_dict() == DEFAULTS
    assert Rules().changed() == {}
    assert {f.name for f in fields(Rules)} == set(DEFAULTS) == set(VARIANTS)


@pytest.mark.parametrize(("name", "value"), [(n, v) for n, vs in VARIANTS.items() for v in vs])
def test_each_variant_is_accepted(name: str, value: object) -> None:
    """Every variant can be set by keyword, from a dict and from ``name=value`` text."""
    rules = Rules(**{name: value})
    assert getattr(rules, name) == value
    assert rules.changed() == {name: value}
    assert Rules.from_dict({name: value}) == rules
    text = str(value).lower() if isinstance(value, bool) else str(value)
    assert Rules.parse(f"{name}={text}") == rules
    assert Rules.parse(f"{name.replace('_', '-')}={text}") == rules


@pytest.mark.parametrize(("name", "value"), BAD)
def test_bad_values_are_rejected_naming_the_option(name: str, value: object) -> None:
    with pytest.raises(ValueError, match=repr(name)):
        Rules(**{name: value})
    with pytest.raises(ValueError, match=repr(name)):
        Rules.from_dict({name: value})


def test_unknown_option_is_named() -> None:
    with pytest.raises(ValueError, match="unknown rule option.*putbak"):
        Rules.from_dict({"putbak": "discard"})
    with pytest.raises(ValueError, match="putbak"):
        Rules.parse("putbak=discard")
    with pytest.raises(ValueError, match="mapping"):
        Rules.from_dict(["putback"])  # type: ignore[arg-type]


def test_parse_text_form() -> None:
    """The command-line form: ``name=value`` pairs, true/false (yes/no, on/off, 1/0) words, numbers."""
    assert Rules.parse("putback=discard,bank_first=true") == Rules(putback="discard", bank_first=True)
    assert Rules.parse(" bank-first=1 , max_turns=40 ,") == Rules(bank_first=True, max_turns=40)
    assert Rules.parse("bank_first=0,house_to_win=no") == Rules()
    assert Rules.parse("house_to_win=yes,single_double_rent=off") == Rules(house_to_win=True)
    assert Rules.parse("start=2") == Rules(start=2)
    assert Rules.parse("") == Rules()
    with pytest.raises(ValueError, match="'max_turns'"):
        Rules.parse("max_turns=soon")
    with pytest.raises(ValueError, match="'putback'"):
        Rules.parse("putback")
    with pytest.raises(ValueError, match="'bank_first' needs a value"):  # not silently true
        Rules.parse("bank_first")


def test_rules_are_immutable_and_hashable() -> None:
    rules = Rules(bank_first=True)
    with pytest.raises(AttributeError):
        rules.bank_first = False  # type: ignore[misc]
    assert len({rules, Rules(bank_first=True), Rules()}) == 2


ALL_VARIANTS = Rules(values="s2", single_double_rent=True, putback="discard", complete_needs_single=True,
                     received_buildings_to_bank=True, bank_first=True, house_to_win=True,
                     speeding_discard="random", start="dice", decks=2, max_turns=300)


def test_records_and_views_carry_the_options() -> None:
    """A record holds every option; the rules read back from it replay the same game."""
    game = Game(3, "enhanced", ALL_VARIANTS, seed=11)
    play_out(game, random.Random(3))
    record = json.loads(json.dumps(game.record()))
    assert record["rules"] == ALL_VARIANTS.to_dict()
    assert game.view(0)["rules"] == ALL_VARIANTS.to_dict()
    replay = Game(3, record["edition"], Rules.from_dict(record["rules"]), seed=record["seed"])
    for notation in record["actions"]:
        replay.apply(notation)
    assert replay.view(1) == game.view(1)
    assert replay.winner == game.winner


def test_start_option_picks_the_first_seat() -> None:
    """R2.2: a named first seat; a seat beyond the players is an error naming the option."""
    for seat in range(4):
        assert Game(4, rules=Rules(start=seat), seed=5).active == seat
    with pytest.raises(ValueError, match="start=4"):
        Game(4, rules=Rules(start=4), seed=5)


def test_dice_start_rolls_and_orders_by_total() -> None:
    """R2.2, R10.2: with ``start=dice`` every seat rolls; the highest total plays first."""
    for seed in range(20):
        game = Game(5, rules=Rules(start="dice"), seed=seed)
        first_roll = next(e for e in game.events if e[0] == "dice")
        assert first_roll[1] == tuple(range(5))
        _, best_seats = max(first_roll[2])
        assert game.order[0] in best_seats
        assert sorted(game.order) == list(range(5))


def test_max_turns_ends_the_game_without_winner() -> None:
    """R7: the turn limit ends a game with no winner."""
    game = Game(2, rules=Rules(max_turns=3), seed=0)
    while not game.over:
        game.apply("end" if "end" in map(str, game.legal_actions()) else game.legal_actions()[0])
    assert (game.winner, game.result, game.turn) == (-1, "turn-limit", 4)


@pytest.mark.parametrize("options, says", [
    ({"decks": 100_000}, r"'decks' must be 0 \(automatic\) or 1 to 4 decks"),
    ({"max_turns": 10**12}, "'max_turns' must be 1 to 100,000 turns"),
])
def test_R1_4_options_that_would_make_one_game_endless_are_refused(options: dict, says: str) -> None:
    """Every input is bounded: a hundred thousand decks or a trillion turns would hold a simulation for ever."""
    with pytest.raises(ValueError, match=says):
        Rules.from_dict(options)
