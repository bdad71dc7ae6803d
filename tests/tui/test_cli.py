"""mdeal play's bad input: a clear message naming what is wrong, and no game started."""

from __future__ import annotations

import json
import re

import pytest

from monopoly_deal.cli import main
from monopoly_deal.engine import Game
from monopoly_deal.record import save
from monopoly_deal.tui.session import player_names


def error_of(capsys: pytest.CaptureFixture[str], *argv: str, code: int = 1) -> str:
    assert main(list(argv)) == code
    return capsys.readouterr().err


def test_a_resume_file_that_is_not_a_record_is_named(tmp_path, capsys) -> None:
    bad = tmp_path / "notes.json"
    bad.write_text('{"hello": 1}', encoding="utf-8")
    assert f"{bad}: field 'format'" in error_of(capsys, "play", "--resume", str(bad))
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    assert "not valid JSON" in error_of(capsys, "play", "--resume", str(broken))
    assert "cannot read the file" in error_of(capsys, "play", "--resume", str(tmp_path / "missing.json"))


def test_a_resume_file_with_an_unknown_bot_names_the_seat(tmp_path, capsys) -> None:
    path = tmp_path / "game.json"
    save(Game(2, seed=1, names=["P1", "P2 (nosuchbot)"]), path)
    assert "field 'players[1]': unknown bot 'nosuchbot'" in error_of(capsys, "play", "--resume", str(path))


def test_a_resume_file_whose_actions_do_not_replay_names_the_action(tmp_path, capsys) -> None:
    path = tmp_path / "game.json"
    game = Game(2, seed=1, names=["P1", "P2 (random)"])
    record = game.record()
    record["actions"] = ["end", "bank 10M"]
    path.write_text(json.dumps(record), encoding="utf-8")
    assert "actions[1] 'bank 10M'" in error_of(capsys, "play", "--resume", str(path))


@pytest.mark.parametrize(("argv", "message"), [
    (["--humans", "4"], "--humans must be from 0 to 3"),
    (["--bots", "nosuchbot"], "unknown bot 'nosuchbot'"),
    (["--bots", "random", "random", "random"], "2 bot seat(s) but 3 bot specs"),
])
def test_bad_seats_are_named(capsys, argv: list[str], message: str) -> None:
    """Usage errors: exit 2, as everywhere."""
    assert message in error_of(capsys, "play", *argv, code=2)


@pytest.mark.parametrize("bots", [["random,heuristic"], ["random", "heuristic"], ["random,", "heuristic"]])
def test_bots_take_the_same_form_in_play_and_arena(bots: list[str], tmp_path, monkeypatch, capsys) -> None:
    """`--bots A,B` and `--bots A B` mean the same, in `mdeal play` as in `mdeal arena`."""
    from monopoly_deal.cli import games
    from monopoly_deal.tui.app import PlayApp

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(games, "_need_terminal", lambda: None)
    seen = []
    monkeypatch.setattr(PlayApp, "run", lambda app: seen.append(app.session))
    assert main(["play", "--bots", *bots, "--seed", "1"]) == 0
    assert {seat: spec for seat, (spec, _) in seen[0].bots.items()} == {1: "random", 2: "heuristic"}
    assert main(["arena", "--bots", *bots, "--games", "2", "--seed", "1"]) == 0
    assert "heuristic" in capsys.readouterr().out


@pytest.mark.parametrize(("names", "message"), [
    (["Ann", "Bob", "Cy"], "more names (3) than people at the keyboard (2)"),
    (["P3 (random)"], "is written like a bot's seat"),
    (["Ann", " ann "], "two players would be called 'Ann'"),
    (["P2"], "two players would be called 'P2'"),
    (["Ann\x1b[2J"], "a name may not hold U+001B"),
    (["x" * 25], "at most 24 characters, not 25"),
    (["   "], "a name needs at least one visible character"),
])
def test_bad_names_are_refused_with_the_reason(names: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        player_names(3, {2: "random"}, names)


def test_names_reach_the_game_and_bad_ones_stop_it(tmp_path, monkeypatch, capsys) -> None:
    """`--names Ann,Bob`: the people's seats; a bad name is a usage error naming it, and no game starts."""
    from monopoly_deal.cli import games
    from monopoly_deal.tui.app import PlayApp

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(games, "_need_terminal", lambda: None)
    seen = []
    monkeypatch.setattr(PlayApp, "run", lambda app: seen.append(app.session))
    assert main(["play", "--humans", "2", "--names", "Ann,Bob", "--bots", "random", "--seed", "1"]) == 0
    assert seen[0].names == ["Ann", "Bob", "P3 (random)"]
    assert "is written like a bot's seat" in error_of(capsys, "play", "--names", "P2 (random)", code=2)
    with pytest.raises(SystemExit) as stopped:  # argparse's own check: before anything is made
        main(["play", "--names", "x" * 1001])
    assert stopped.value.code == 2 and "at most 1000 characters" in capsys.readouterr().err
    assert "--resume continues a saved game as it was: --names cannot change it" in \
        error_of(capsys, "play", "--resume", "x.json", "--names", "Ann", code=2)
    assert len(seen) == 1
