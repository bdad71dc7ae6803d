"""A tournament file replays exactly; a corrupted or edited one gets one clear error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from monopoly_deal.tournament import (
    Limit,
    Team,
    Tournament,
    TournamentError,
    TournamentOptions,
    load,
    loads,
    play_match,
    run_tournament,
    save,
)


@pytest.fixture(scope="module")
def tournament() -> Tournament:
    options = TournamentOptions(tuple(Team(n, "random") for n in "ABC"), matches=4, limit=Limit(turns=8), seed=12)
    return run_tournament(options)


def test_a_saved_tournament_loads_and_replays_to_the_same(tournament: Tournament, tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    save(tournament, path)
    again = load(path)
    assert again.to_dict() == tournament.to_dict()
    assert again.standings() == tournament.standings()
    assert json.loads(path.read_text())["matches"][0]["seating"]["dice"]  # the dice are in the file


def test_an_unfinished_tournament_is_a_valid_file(tournament: Tournament) -> None:
    partial = Tournament(tournament.options, tournament.matches[:2])
    assert not partial.over and loads(partial.dumps()).matches == partial.matches
    with pytest.raises(ValueError, match="not the next one"):
        partial.add(tournament.matches[3])


def _edit(tournament: Tournament, change: object) -> str:
    data = json.loads(json.dumps(tournament.to_dict()))  # a copy: the fixture stays as it was
    change(data)  # type: ignore[operator]
    return json.dumps(data)


EDITS = {
    "winner": (lambda d: d["matches"][1].update(winner=(d["matches"][1]["winner"] + 1) % 3),
               "matches[1]: field 'winner': the file says"),
    "dice": (lambda d: d["matches"][0]["seating"]["dice"][0].update(totals=[12, 12, 2]),
             "matches[0]: field 'seating': the file says"),
    "seat order": (lambda d: d["matches"][2]["seating"].update(order=[0, 1, 2]),
                   "matches[2]: field 'seating': the file says"),
    "assets": (lambda d: d["matches"][3]["assets"].__setitem__(0, 99), "matches[3]: field 'assets'"),
    "an action": (lambda d: d["matches"][0]["game"]["actions"].__setitem__(3, "bank 10M"),
                  "matches[0]: field game: actions[3] 'bank 10M'"),
    "actions cut short": (lambda d: d["matches"][0]["game"]["actions"].__delitem__(slice(-5, None)),
                          "matches[0]: field game: field 'result'"),
    "the seed": (lambda d: d["options"].update(seed=13), "matches[0]: field 'game.seed'"),
    "the limit": (lambda d: d["options"].update(limit={"turns": 9}), "matches[0]: field 'game.rules'"),
    "a team's bot": (lambda d: d["options"]["teams"][0].update(bot="nobody"), "field 'options': unknown bot"),
    "too many matches": (lambda d: d["options"].update(matches=2), "field 'matches': a list of at most 2"),
    "a time-out": (lambda d: d["matches"][0].update(timeouts=[{"seat": 0, "action": 5}]),
                   "matches[0]: field 'timeouts[0]'"),
    "an unknown field": (lambda d: d["matches"][0].update(extra=1), "matches[0]: field 'extra': unknown"),
    "the format": (lambda d: d.update(format="monopoly-deal-record"), "not a tournament file"),
    "the version": (lambda d: d.update(version=7), "field 'version': 7 is not supported"),
}


@pytest.mark.parametrize("what", list(EDITS))
def test_an_edited_file_gets_one_clear_error(tournament: Tournament, what: str) -> None:
    change, message = EDITS[what]
    with pytest.raises(TournamentError) as caught:
        loads(_edit(tournament, change), "t.json")
    text = str(caught.value)
    assert text.startswith("t.json: ") and message in text and "\n" not in text


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '{"format": "monopoly-deal-tournament"}', "[" * 100_000])
def test_a_corrupted_file_gets_one_clear_error(text: str) -> None:
    with pytest.raises(TournamentError, match=r"^t\.json: ") as caught:
        loads(text, "t.json")
    assert "\n" not in str(caught.value)


def test_a_file_that_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(TournamentError, match="cannot read the file"):
        load(tmp_path / "missing.json")
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe")
    with pytest.raises(TournamentError, match="cannot read the file"):
        load(tmp_path / "bin.json")


def test_a_match_played_alone_equals_the_same_match_in_the_run(tournament: Tournament) -> None:
    assert play_match(tournament.options, 2) == tournament.matches[2]
