"""``mdeal analyse`` end to end: on an arena's records, a saved game and a tournament's match."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from monopoly_deal.arena import run_arena
from monopoly_deal.cli import main
from monopoly_deal.record import save
from tests.analysis.positions import heuristic_game

FAST = ["--budget", "2", "--bot", "heuristic"]


@pytest.fixture(scope="module")
def short_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The record of a heuristic game's first 12 actions (a record may stop before the game ends)."""
    path = tmp_path_factory.mktemp("record") / "game.json"
    save(heuristic_game(seed=4, actions=12), path)
    return path


@pytest.fixture(scope="module")
def arena_records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``mdeal arena --bots heuristic heuristic --games 2 --seed 3 --records``: its games.jsonl."""
    out = tmp_path_factory.mktemp("arena")
    run_arena(["heuristic", "heuristic"], players=2, games=2, seed=3, records=True).write(out, records=True)
    return out / "games.jsonl"


def test_analyse_an_arena_game_prints_the_table_and_writes_json_and_png(
        arena_records: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["analyse", str(arena_records), "--seat", "P1", *FAST, "--out", str(tmp_path / "a")])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out.startswith("Game 1 of 2 (--match N for another one):\n")      # the first game unless --match
    assert f"Review of {arena_records}, game 1: P1, P2;" in out and "Decisions weighed: P1." in out
    assert "win chance" in out and "better moves" in out and "accuracy" in out
    assert f"wrote {tmp_path / 'a' / 'analysis.json'}" in out and "decisions" in err   # the progress
    data = json.loads((tmp_path / "a" / "analysis.json").read_text(encoding="utf-8"))
    assert data["decisions"] and {d["seat"] for d in data["decisions"]} == {"P1"}
    assert data["settings"]["budget"] == 2 and data["game"]["source"] == f"{arena_records}, game 1"
    assert (tmp_path / "a" / "winchance.png").read_bytes()[:4] == b"\x89PNG"


def test_without_out_nothing_is_written(short_record: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["analyse", str(short_record), *FAST]) == 0
    out = capsys.readouterr().out
    assert "not over (the record stops on turn" in out and "Decisions weighed: P1, P2." in out and "wrote" not in out
    assert list(tmp_path.iterdir()) == []


def test_all_cards_open_is_labelled_everywhere(short_record: Path, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(short_record), "--open", *FAST, "--out", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("ALL CARDS OPEN")
    settings = json.loads((tmp_path / "analysis.json").read_text(encoding="utf-8"))["settings"]
    assert settings["open"] is True and settings["view"] == "all cards open"


def test_in_chinese(short_record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(short_record), *FAST, "--lang", "zh-Hans"]) == 0
    out = capsys.readouterr().out
    assert "的复盘" in out and "胜率" in out and "准确度" in out and "未完" in out


def test_a_seat_beyond_the_game_s_players(arena_records: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(arena_records), "--match", "2", "--seat", "P3"]) == 2
    err = capsys.readouterr().err
    assert err == f"mdeal analyse: --seat P3: {arena_records} is a game of 2 players\n"


def test_a_tournament_s_match(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--team", "A=heuristic", "--team", "B=heuristic", "--matches", "2", "--turn-limit", "3",
                 "--out", str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["analyse", str(tmp_path / "tournament.json"), "--match", "2", "--seat", "P1", *FAST]) == 0
    out = capsys.readouterr().out
    assert f"Review of {tmp_path / 'tournament.json'}, match 2: " in out and "no winner (the turn limit" in out
