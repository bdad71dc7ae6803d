"""Action notation and the action space (actions.py)."""

from __future__ import annotations

import random

import pytest

from monopoly_deal.engine import Action, Game, IllegalActionError, format_action, parse_action
from monopoly_deal.engine.actions import ActionSpace

from .helpers import EDITIONS, random_step

SPACES = [(edition, players) for edition in EDITIONS for players in (2, 3, 5, 6, 10)]
#: The most legal actions a decision of a random game may offer (an RL adapter's mask stays small).
LEGAL_LIMIT = 500


@pytest.fixture(scope="module", params=SPACES, ids=[f"{e}-{n}p" for e, n in SPACES])
def space(request: pytest.FixtureRequest) -> ActionSpace:
    edition, players = request.param
    return ActionSpace(edition, players)


def test_notation_round_trip_for_every_action(space: ActionSpace) -> None:
    """``parse(str(a)) == a`` for every action of the space, and notations are distinct."""
    texts = [str(a) for a in space.actions]
    for action, text in zip(space.actions, texts):
        assert parse_action(text) == action, text
        assert Action.parse(text) == action
        assert format_action(action) == text
    assert len(set(texts)) == len(texts)


def test_ids_are_stable(space: ActionSpace) -> None:
    """An id names one action, and a second space for the same edition/players agrees."""
    assert len(space) > 0
    for i in range(len(space)):
        assert space.id(space.action(i)) == i
    again = ActionSpace(space.edition, space.players)
    assert again.actions == space.actions


def test_spaces_differ_where_they_should() -> None:
    """More players or the Enhanced cards give a bigger space; an unknown action has no id."""
    assert len(ActionSpace("base", 3)) > len(ActionSpace("base", 2))
    assert len(ActionSpace("enhanced", 2)) > len(ActionSpace("base", 2))
    with pytest.raises(KeyError):
        ActionSpace("base", 2).id(Action.parse("go-to-jail P2"))
    with pytest.raises(KeyError):
        ActionSpace("base", 2).id(Action.parse("debt-collector P3"))


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", range(2, 11))
def test_random_games_legal_actions_have_ids_and_few_options(
        edition: str, players: int, record_property: pytest.RecordProperty) -> None:
    """Every legal action met in random games has an id and a round-tripping notation;
    no decision offers more than LEGAL_LIMIT actions."""
    space = ActionSpace(edition, players)
    most, where = 0, ""
    for seed in range(3):
        game = Game(players, edition, seed=seed, log=False)
        rng = random.Random(seed)
        while not game.over:
            legal = game.legal_actions()
            assert len(set(legal)) == len(legal), "an action listed twice"
            for action in legal:
                space.id(action)
                assert parse_action(str(action)) == action
            if len(legal) > most:
                most, where = len(legal), f"seed {seed}, turn {game.turn}, decision {game.decision}"
            random_step(game, rng)
    record_property("max_legal_actions", most)
    print(f"{edition} {players} players: at most {most} legal actions ({where})")
    assert most <= LEGAL_LIMIT, f"{most} legal actions at {where}"


MALFORMED = [
    ("", "empty"),
    ("   ", "empty"),
    ("fly P2", "unknown verb 'fly'"),
    ("bank", "takes 1 argument"),
    ("end now", "takes 0 argument"),
    ("bank 7M", "unknown card '7M'"),
    ("play red/yellow", "say which colour"),
    ("play red=red", "has one colour"),
    ("play red/yellow=purple", "unknown colour 'purple'"),
    ("debt-collector X2", "expected a player like P2"),
    ("debt-collector P0", "expected a player like P2"),
    ("sly-deal P2 red", "expected GROUP:CARD"),
    ("sly-deal P2 red:hat", "unknown card 'hat'"),
    ("deal-breaker P2 red#0", "bad group number"),
    ("house red#x", "bad group number"),
    ("move red:red/yellow", "say the new colour"),
    ("rent:any red", "names one player"),
    ("rent:red/yellow red P2", "name no player"),
    ("rent:red/yellow red x3", "expected a player or x2/x4"),
    ("speeding-deal P2 P3 P4", "takes 1 to 2 argument"),
]


@pytest.mark.parametrize(("text", "problem"), MALFORMED)
def test_malformed_notation_names_the_problem(text: str, problem: str) -> None:
    with pytest.raises(IllegalActionError, match=problem) as error:
        parse_action(text)
    assert isinstance(error.value, ValueError)
    assert repr(text) in str(error.value), "the message quotes the text it could not read"


def test_not_text_is_refused() -> None:
    with pytest.raises(IllegalActionError, match="must be text"):
        parse_action(42)  # type: ignore[arg-type]


def test_unknown_verb_cannot_be_formatted() -> None:
    with pytest.raises(IllegalActionError, match="unknown verb"):
        str(Action("fly"))


@pytest.mark.parametrize("text", [
    "end", "bank 5M", "play red", "play red/yellow=yellow", "rent:red/yellow red#2 x2", "rent:any green P3 x4",
    "sly-deal P2 red:red/yellow", "forced-deal P3 green:green", "give orange:pink/orange=pink",
    "deal-breaker P2 dark-blue", "house red", "hotel+ yellow#2", "move red:red/yellow>yellow",
    "swap red:red/yellow>yellow", "with red#2:red", "accept", "no", "transfer P3", "pay 5M", "pay red:red",
    "pay red:house", "place red", "place bank", "discard 1M", "speeding-deal P2 P4", "take red:red",
])
def test_documented_examples_round_trip(text: str) -> None:
    """The notation examples of actions.py's docstring read back to themselves."""
    assert str(parse_action(text)) == text


def test_player_tokens_are_case_insensitive_and_map_to_seats() -> None:
    assert parse_action("debt-collector p3") == parse_action("debt-collector P3")
    assert parse_action("debt-collector P3").player == 2
    assert parse_action("rent:any red P2 x2").extra == 1
