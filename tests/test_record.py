"""Game records: write, read, check every field, replay exactly."""

from __future__ import annotations

import copy
import json
from dataclasses import fields, replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from monopoly_deal.bots import RandomBot, Seat
from monopoly_deal.engine import Game, IllegalActionError, Rules
from monopoly_deal.engine.versions import Version3Game
from monopoly_deal.record import (
    PLAYED_UNDER,
    VERSIONS,
    Record,
    RecordError,
    dumps,
    from_dict,
    load,
    loads,
    replay,
    rules_for,
    save,
)
from monopoly_deal.tournament.state import loads as tournament_loads


def random_game(players: int, edition: str = "base", rules: Rules | None = None, seed: int = 0,
                stop_after: int | None = None) -> Game:
    """A random-bot game, played to the end or for ``stop_after`` decisions."""
    game = Game(players, edition, rules, seed=seed)
    bots = [RandomBot(seed=seed * 16 + p) for p in range(players)]
    while not game.over and (stop_after is None or len(game.history) < stop_after):
        game.apply(bots[game.decider].choose(Seat(game, game.decider)))
    return game


def assert_same_game(a: Game, b: Game) -> None:
    assert b.record() == a.record()
    for seat in range(a.players):
        assert b.view(seat) == a.view(seat)
    assert b.legal_actions() == a.legal_actions()


RULE_SETS = [
    Rules(),
    Rules(putback="discard", bank_first=True),
    Rules(single_double_rent=True, complete_needs_single=True, received_buildings_to_bank=True),
    Rules(values="s2", start="dice", speeding_discard="random"),
    Rules(house_to_win=True, start=1, max_turns=60),
]


@pytest.mark.parametrize("edition", ["base", "enhanced"])
@pytest.mark.parametrize("players", range(2, 11))
def test_round_trip_every_player_count(players: int, edition: str) -> None:
    for seed in range(3):
        game = random_game(players, edition, RULE_SETS[(players + seed) % len(RULE_SETS)], seed=seed * 101 + players)
        again = replay(loads(dumps(game), "game.json"))
        assert_same_game(game, again)


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: ",".join(f"{k}={v}" for k, v in r.changed().items()) or "default")
def test_round_trip_rule_options(rules: Rules) -> None:
    for seed in range(10):
        game = random_game(3 + seed % 3, "enhanced" if seed % 2 else "base", rules, seed=seed)
        record = loads(dumps(game))
        assert record.rules == rules
        assert_same_game(game, replay(record))


def test_round_trip_through_a_file(tmp_path: Path) -> None:
    game = random_game(4, "enhanced", seed=9)
    path = tmp_path / "game.json"
    save(game, path)
    record = load(path)
    assert record.source == str(path)
    assert_same_game(game, replay(record))
    assert json.loads(path.read_text())["format"] == "monopoly-deal-record"


def test_unfinished_game_round_trips() -> None:
    game = random_game(3, seed=4, stop_after=40)
    assert not game.over
    record = loads(dumps(game))
    assert record.result.reason is None and record.result.winner is None
    assert_same_game(game, replay(record))


def test_names_are_kept() -> None:
    game = Game(3, seed=2, names=["Ann", "Bo", "Cy"])
    game.apply("end")
    again = replay(loads(dumps(game)))
    assert again.names == ["Ann", "Bo", "Cy"]
    assert_same_game(game, again)


def test_record_to_dict_is_the_game_record() -> None:
    game = random_game(2, seed=3)
    assert loads(dumps(game)).to_dict() == game.record()


# --- malformed records ----------------------------------------------------------

@pytest.fixture()
def good() -> dict:
    return random_game(3, "enhanced", seed=11).record()


def error_of(data: object, source: str = "game.json") -> str:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(RecordError) as info:
        replay(loads(text, source))
    return str(info.value)


def edited(data: dict, **changes: object) -> dict:
    out = copy.deepcopy(data)
    out.update(changes)
    return out


def test_bad_json_names_the_file() -> None:
    message = error_of("{not json", "game.json")
    assert message.startswith("game.json: not valid JSON")


def test_not_an_object() -> None:
    assert error_of([1, 2]) == "game.json: a record is a JSON object, not a list"


def test_wrong_format(good: dict) -> None:
    message = error_of(edited(good, format="chess-pgn"))
    assert message.startswith("game.json: field 'format': expected 'monopoly-deal-record'")


def test_wrong_version(good: dict) -> None:
    message = error_of(edited(good, version=5))
    assert message.startswith("game.json: field 'version': version 5 is not supported; this program reads versions 1, 2, 3, 4")
    assert error_of(edited(good, version="2")).startswith("game.json: field 'version': version '2' is not supported")


DATA = Path(__file__).parent / "data"


def test_a_version_1_record_replays_to_the_same_game() -> None:
    """tests/data/record-v1.json was made by the engine before version 2: targets without a Just Say
    No accepted at once (no ``accept`` in the record) and one turn re-coloured a wild 60 times. It
    replays as it was played, to the same result and the same final tables, banks and piles."""
    record = load(DATA / "record-v1.json")
    assert record.version == 1 and record.rules.max_rearrangements == 0
    game = replay(record)
    final = json.loads((DATA / "record-v1.final.json").read_text())
    assert [game.view(0)["groups"][p] for p in range(3)] == final["groups"]
    assert [[game.card_key(c) for c in pile] for pile in game.banks] == final["banks"]
    assert [[game.card_key(c) for c in h] for h in game.hands] == final["hands"]
    assert [game.card_key(c) for c in game.discard] == final["discard"]
    assert game.record()["version"] == 1 and game.record()["actions"] == record.actions


def test_a_version_1_record_does_not_replay_as_version_2() -> None:
    """The counter-test: read as version 2 (every target asked, the cap on), the same actions are refused."""
    data = json.loads((DATA / "record-v1.json").read_text())
    message = error_of(edited(data, version=2))
    assert "not legal now" in message


def assert_ends_as(game: Game, final_file: Path) -> None:
    """The replayed game's tables, banks, hands and piles are those the engine that made the record wrote."""
    final = json.loads(final_file.read_text())
    assert [game.view(0)["groups"][p] for p in range(game.players)] == final["groups"]
    assert [[game.card_key(c) for c in pile] for pile in game.banks] == final["banks"]
    assert [[game.card_key(c) for c in h] for h in game.hands] == final["hands"]
    assert [game.card_key(c) for c in game.discard] == final["discard"]
    assert [game.card_key(c) for c in game.draw] == final["draw"]


def test_a_version_2_record_replays_to_the_same_game() -> None:
    """tests/data/record-v2.json was made by the engine before version 3 (seed 102, random bots): a
    Speeding Deal target whose hand held one card type was not asked for its discard (R1.3 now asks)
    and lost it at random, a draw of the game's generator the reshuffles after it depend on. It replays
    as it was played, to the same result, tables, hands and piles."""
    record = load(DATA / "record-v2.json")
    assert record.version == 2
    game = replay(record)
    assert_ends_as(game, DATA / "record-v2.final.json")
    assert game.record() == record.to_dict()


def test_a_version_2_record_does_not_replay_as_version_3() -> None:
    """The counter-test: read as version 3, the one-type target is asked for a discard the record lacks."""
    data = json.loads((DATA / "record-v2.json").read_text())
    message = error_of(edited(data, version=3))
    assert "not legal now: P2 must decide (speeding-discard)" in message


def test_a_version_3_record_replays_to_the_same_game() -> None:
    """tests/data/record-v3.json was made by the engine before version 4 (seed 238, random bots, 3 players,
    Enhanced): a Pass Go played on a draw pile of one card went to the discard pile before its draw, so the
    reshuffle held it (R5.1 now discards it after), and a player re-arranged after playing the last card
    of their hand (S1-19 now forbids it), within the 50 re-arrangements a turn of that version. It replays
    as it was played, to the same result, tables, hands and piles, and writes itself again as version 3."""
    record = load(DATA / "record-v3.json")
    assert record.version == 3
    assert record.rules.max_rearrangements == 50 and record.rules.rearrange_after_empty_hand
    game = replay(record)
    assert_ends_as(game, DATA / "record-v3.final.json")
    assert game.record() == record.to_dict()
    written = json.loads((DATA / "record-v3.json").read_text())
    assert game.record() == {**written, "rules": {**written["rules"], "rearrange_after_empty_hand": True,
                                                  "sets_to_win": 0}}


def test_a_version_3_record_does_not_replay_as_version_4() -> None:
    """The counter-tests, one change of version 4 at a time: read as version 4, the record is refused; so it
    is with only the Pass Go of version 4 (the re-arranging after the hand's last card allowed by the rule
    option), where the Pass Go draws other cards; and with only S1-19 (the Pass Go discarded first, as
    version 3 did), where the first action refused is a re-arrangement."""
    data = json.loads((DATA / "record-v3.json").read_text())
    assert error_of(edited(data, version=4))
    pass_go_alone = error_of(edited(data, version=4, rules={**data["rules"], "rearrange_after_empty_hand": True}))
    assert "not legal now" in pass_go_alone or "field 'result'" in pass_go_alone
    record = from_dict(data)
    game = Version3Game(3, record.edition, replace(record.rules, rearrange_after_empty_hand=False), record.seed,
                        record.players)
    refused = []
    for text in record.actions:
        try:
            game.apply(text)
        except IllegalActionError:
            refused.append(text)
            break
    assert refused and refused[0].split()[0] in ("move", "swap"), refused


def test_missing_and_unknown_fields(good: dict) -> None:
    data = edited(good)
    del data["seed"]
    assert error_of(data) == "game.json: field 'seed': missing"
    assert error_of(edited(good, comment="hi")).startswith("game.json: field 'comment': unknown field")


def test_unknown_rule_option(good: dict) -> None:
    message = error_of(edited(good, rules={**good["rules"], "foo": 1}))
    assert message.startswith("game.json: field 'rules': unknown rule option(s) foo")


def test_bad_rule_value(good: dict) -> None:
    message = error_of(edited(good, rules={**good["rules"], "putback": "sideways"}))
    assert message.startswith("game.json: field 'rules': rule option 'putback' must be one of")


def test_start_seat_beyond_the_players(good: dict) -> None:
    message = error_of(edited(good, rules={**good["rules"], "start": 7}))
    assert message.startswith("game.json: field 'rules': ") and "start=7" in message


@pytest.mark.parametrize(("field", "value", "expected"), [
    ("edition", "deluxe", "field 'edition': unknown edition 'deluxe'"),
    ("seed", -1, "field 'seed': must be a non-negative integer"),
    ("seed", "12", "field 'seed': must be a non-negative integer"),
    ("players", ["P1"], "field 'players': must list 2 to 10 player names"),
    ("players", ["P1", 7, "P3"], "field 'players[1]': a player's name is non-empty text"),
    ("actions", "end", "field 'actions': must be a list of actions in notation, not text"),
    ("result", {"winner": 0}, "field 'result': must be an object with winner, reason and turns"),
])
def test_bad_field(good: dict, field: str, value: object, expected: str) -> None:
    assert error_of(edited(good, **{field: value})).startswith(f"game.json: {expected}")


def test_unreadable_action_names_its_index(good: dict) -> None:
    actions = list(good["actions"])
    actions[5] = "teleport P2"
    message = error_of(edited(good, actions=actions))
    assert message.startswith("game.json: actions[5] 'teleport P2': cannot read action 'teleport P2': unknown verb")


def test_illegal_action_names_its_index(good: dict) -> None:
    actions = list(good["actions"])
    k = next(i for i, a in enumerate(actions) if i > 20 and not a.startswith("pay"))
    actions[k] = "pay 10M"
    message = error_of(edited(good, actions=actions))
    assert message.startswith(f"game.json: actions[{k}] 'pay 10M': not legal now: ")


def test_actions_after_the_end(good: dict) -> None:
    message = error_of(edited(good, actions=good["actions"] + ["end"]))
    assert message.startswith(f"game.json: actions[{len(good['actions'])}] 'end': ")
    assert "the game is over" in message


def test_wrong_result(good: dict) -> None:
    winner = good["result"]["winner"]
    wrong = {**good["result"], "winner": (winner + 1) % 3}
    message = error_of(edited(good, result=wrong))
    assert message.startswith("game.json: field 'result': the record says P")
    assert f"but the replay gives P{winner + 1} wins" in message


def test_truncated_actions_do_not_match_the_result(good: dict) -> None:
    message = error_of(edited(good, actions=good["actions"][:-10]))
    assert message.startswith("game.json: field 'result': ") and "not over" in message


def test_result_fields_are_checked(good: dict) -> None:
    assert "field 'result.reason'" in error_of(edited(good, result={**good["result"], "reason": "resigned"}))
    assert "field 'result.turns'" in error_of(edited(good, result={**good["result"], "turns": 0}))
    assert "field 'result.winner'" in error_of(edited(good, result={**good["result"], "winner": 9}))
    no_winner = {"winner": None, "reason": "sets", "turns": 5}
    assert "a winner goes with the reason 'sets'" in error_of(edited(good, result=no_winner))


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"nope\.json: cannot read the file"):
        load(tmp_path / "nope.json")


def test_a_failed_replay_changes_nothing(good: dict) -> None:
    """Nothing is half-applied: the record, and the data it came from, are untouched; no game comes back."""
    data = edited(good)
    k = next(i for i, a in enumerate(data["actions"]) if i > 30 and not a.startswith("pay"))  # not a payment now
    data["actions"][k] = "pay 10M"
    before = copy.deepcopy(data)
    record = from_dict(data, "game.json")
    frozen = record.to_dict()
    result = None
    with pytest.raises(RecordError, match=rf"actions\[{k}\] 'pay 10M': not legal now"):
        result = replay(record)
    assert result is None
    assert data == before
    assert record.to_dict() == frozen
    # The same record, repaired, replays: the failed attempt left nothing behind.
    fixed = Record(record.edition, record.rules, record.seed, record.players, good["actions"], record.result)
    assert replay(fixed).record() == good


def test_record_error_is_a_value_error() -> None:
    assert issubclass(RecordError, ValueError)


# --- records made elsewhere: anything may be in the file ------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
FIELD_PATHS = [("format",), ("version",), ("edition",), ("rules",), ("rules", "start"), ("rules", "decks"),
               ("rules", "bank_first"), ("seed",), ("players",), ("players", 0), ("actions",), ("actions", 0),
               ("actions", -1), ("result",), ("result", "winner"), ("result", "turns")]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(FIELD_PATHS), value=JSON_VALUES, cut=st.integers(0, 10_000), truncate=st.booleans())
def test_any_edited_record_is_one_record_error(path: tuple, value: object, cut: int, truncate: bool) -> None:
    """An edited or cut-off record is read (and replayed) or refused with a RecordError: never another exception."""
    data = copy.deepcopy(EDITABLE)
    where = data
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    text = json.dumps(data)
    if truncate:
        text = text[: cut % len(text)]
    try:
        replay(loads(text, "edited.json").printable())
    except RecordError as error:
        assert str(error).startswith("edited.json: ") and "\n" not in str(error)


EDITABLE = random_game(2, seed=9, stop_after=25).record()


# --- old records keep their meaning ------------------------------------------------------------------

RELEASE_2026_12 = json.loads((Path(__file__).parent / "data" / "server-2026-12.json").read_text(encoding="utf-8"))


def test_every_version_names_every_rule_option() -> None:
    """A record that leaves an option out replays with the value its version was played with, never with
    today's default: each version's table names every option (a new one is added to each)."""
    options = {f.name for f in fields(Rules)}
    assert {version: set(table) for version, table in PLAYED_UNDER.items()} == {v: options for v in (1, 2, 3, 4)}
    assert set(PLAYED_UNDER) == set(VERSIONS)
    assert Rules.from_dict(PLAYED_UNDER[max(VERSIONS)]) == Rules()   # the newest version plays today's defaults


def test_a_record_leaving_options_out_replays_as_its_version_played_them() -> None:
    record = RELEASE_2026_12["games"]["3"]["record"]
    named = {k: v for k, v in record["rules"].items() if PLAYED_UNDER[2][k] != v}   # as a hand-written one might
    assert named and len(named) < len(record["rules"])
    assert rules_for(2, named).to_dict() == {**record["rules"], "rearrange_after_empty_hand": True, "sets_to_win": 0}
    assert rules_for(2, {}).max_rearrangements == 50 != Rules().max_rearrangements   # not today's default
    assert rules_for(3, {}).rearrange_after_empty_hand != Rules().rearrange_after_empty_hand
    assert replay(from_dict({**record, "rules": named})).record()["result"] == record["result"]


def test_the_2026_12_release_s_records_replay_as_they_were_played() -> None:
    """The records that release wrote (its server's downloads and a tournament file) replay to their results."""
    for stored in RELEASE_2026_12["games"].values():
        record = stored["record"]
        named_since = {"rearrange_after_empty_hand": True, "sets_to_win": 0}   # the options added since, as it played
        assert replay(from_dict(record)).record() == {**record, "rules": {**record["rules"], **named_since}}
    for cup in RELEASE_2026_12["tournaments"].values():
        if "file" in cup:
            tournament = tournament_loads(cup["file"], "cup.json")
            assert tournament.options.rules.max_rearrangements == 50   # left out of its options: that release's default
            assert [m.winner for m in tournament.matches] == [s["winner"] for s in cup["public"]["schedule"]]
