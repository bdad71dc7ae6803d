"""The ``mdeal replay`` and ``mdeal watch`` commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from monopoly_deal.bots import RandomBot, Seat
from monopoly_deal.cli import main
from monopoly_deal.engine import Game
from monopoly_deal.narrate import narrate
from monopoly_deal.record import load, replay, save


@pytest.fixture()
def game_file(tmp_path: Path) -> Path:
    game = Game(3, "enhanced", seed=21)
    bots = [RandomBot(seed=p) for p in range(3)]
    while not game.over:
        game.apply(bots[game.decider].choose(Seat(game, game.decider)))
    path = tmp_path / "game.json"
    save(game, path)
    return path


def test_replay_prints_the_game_in_words(game_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(game_file)]) == 0
    out = capsys.readouterr().out.splitlines()
    game = replay(load(game_file))
    assert out == narrate(game)
    assert out[0].startswith("Turn 1 — ")
    assert out[-1] == f"P{game.winner + 1} wins with {game.complete_colours(game.winner)} complete sets."


def test_replay_with_a_viewer(game_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(game_file), "--viewer", "P2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == narrate(replay(load(game_file)), viewer=1)
    assert any(line.endswith("P1 draws 2 cards.") for line in out)


def test_replay_of_an_unfinished_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = Game(2, seed=4)
    game.apply("end")
    save(game, tmp_path / "short.json")
    assert main(["replay", str(tmp_path / "short.json")]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "The record stops on turn 2, before the game is over."


def test_replay_bad_file_names_file_and_field(game_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(game_file.read_text())
    data["rules"]["foo"] = True
    game_file.write_text(json.dumps(data))
    assert main(["replay", str(game_file)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"mdeal replay: {game_file}: field 'rules': unknown rule option(s) foo")


def test_replay_illegal_action_names_its_index(game_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(game_file.read_text())
    data["actions"].insert(0, "pay 10M")
    game_file.write_text(json.dumps(data))
    assert main(["replay", str(game_file)]) == 1
    assert f"{game_file}: actions[0] 'pay 10M': not legal now" in capsys.readouterr().err


def test_replay_malformed_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "monopoly-deal-record",')
    assert main(["replay", str(path)]) == 1
    assert capsys.readouterr().err.startswith(f"mdeal replay: {path}: not valid JSON")


def test_replay_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "none.json")]) == 1
    assert "none.json: cannot read the file" in capsys.readouterr().err


def test_replay_viewer_beyond_the_players(game_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(game_file), "--viewer", "P5"]) == 2
    assert "--viewer P5" in capsys.readouterr().err


def test_watch_plays_tells_and_saves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "watched.json"
    assert main(["watch", "--players", "4", "--edition", "enhanced", "--seed", "7", "--delay", "0",
                 "--rules", "putback=discard", "--save", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Seed 7: 4 random bots, enhanced edition."
    assert out[-1] == f"Record saved to {path}; 'mdeal replay {path}' tells it again."
    game = replay(load(path))
    assert game.over and game.rules.putback == "discard"
    assert out[1:-1] == narrate(game)


def test_watch_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["watch", "--seed", "3", "--delay", "0"]) == 0
    first = capsys.readouterr().out
    assert main(["watch", "--seed", "3", "--delay", "0"]) == 0
    assert capsys.readouterr().out == first


def test_watch_conflicting_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["watch", "--players", "2", "--rules", "start=5", "--delay", "0"]) == 2
    assert "start=5" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["replay"],
    ["replay", "game.json", "--viewer", "X"],
    ["replay", "game.json", "--viewer", "P11"],
    ["replay", "a.json", "b.json"],
    ["watch", "--players", "11"],
    ["watch", "--delay", "soon"],
    ["watch", "--delay", "-1"],
    ["watch", "--edition", "deluxe"],
    ["watch", "--rules", "foo=1"],
    ["watch", "--seed", "x"],
])
def test_wrong_arguments_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("mdeal") and err.count("\n") == 1


def test_watch_interrupted_still_saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Ctrl-C while watching keeps what was played: the record replays to the same point."""
    calls = 0
    choose = RandomBot.choose

    def tired(self: RandomBot, seat: Seat) -> object:
        nonlocal calls
        calls += 1
        if calls > 30:
            raise KeyboardInterrupt
        return choose(self, seat)

    monkeypatch.setattr(RandomBot, "choose", tired)
    path = tmp_path / "partial.json"
    assert main(["watch", "--seed", "5", "--delay", "0", "--save", str(path)]) == 130
    assert "Stopped on turn" in capsys.readouterr().out
    game = replay(load(path))
    assert len(game.history) == 30 and not game.over


HOSTILE = ["\x1b[2J\x1b]8;;http://x\x07evil", "two\nlines\x00\u202eright-to-left [/]x[link=http://x]"]


def test_replay_of_hostile_names_writes_no_control_characters(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """A record made elsewhere may name a player with ESC, NUL, a newline or a right-to-left override:
    the narration shows them as escapes (\\x1b, \\n, \\u202e), one line per sentence."""
    game = Game(2, seed=6, names=HOSTILE)
    bots = [RandomBot(seed=p) for p in range(2)]
    while not game.over:
        game.apply(bots[game.decider].choose(Seat(game, game.decider)))
    save(game, tmp_path / "hostile.json")
    assert main(["replay", str(tmp_path / "hostile.json")]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert not any(ch in out for ch in "\x1b\x00\x07\u202e")
    assert lines == narrate(game)  # a newline in a name breaks no line
    assert "\\x1b[2J\\x1b]8;;http://x\\x07evil" in out and "two\\nlines\\x00\\u202eright-to-left [/]x" in out


def test_narration_escapes_names_itself() -> None:
    """Words escapes every name, whoever calls it (watch, the terminal app, the server's log)."""
    game = Game(2, seed=6, names=HOSTILE)
    game.apply("end")
    text = "\n".join(narrate(game))
    assert "\x1b" not in text and "\u202e" not in text and text.count("\n") == len(narrate(game)) - 1


def test_watch_save_failing_after_the_game_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """The folder was writable when the game began, the disk is full when it ends: one line, exit 1."""
    def full(game: Game, path: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("monopoly_deal.record.save", full)
    path = tmp_path / "w.json"
    assert main(["watch", "--seed", "2", "--delay", "0", "--save", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.err == f"mdeal watch: cannot write {path}: No space left on device\n"
    assert "Record saved" not in captured.out and not path.exists()
