"""Where `mdeal play` saves: the user's data folder, once the game has a move; `--continue` resumes the last
unfinished game; `--save FILE` still chooses the file; a save that fails is reported, never a false "Saved to"."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from monopoly_deal.cli import games, main
from monopoly_deal.engine import Game
from monopoly_deal.i18n import get_translator
from monopoly_deal.record import load, save
from monopoly_deal.tui.app import PlayApp
from monopoly_deal.tui.session import Session, last_unfinished, saves_folder


@pytest.fixture()
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A temporary data folder (platformdirs reads XDG_DATA_HOME), run from an empty folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    (tmp_path / "here").mkdir()
    monkeypatch.chdir(tmp_path / "here")
    monkeypatch.setattr(games, "_need_terminal", lambda: None)
    return tmp_path / "data"


def playing(monkeypatch: pytest.MonkeyPatch, moves: int) -> list[Session]:
    """Stand in for the terminal app: a person who makes ``moves`` moves, then quits with q. Returns the sessions."""
    sessions: list[Session] = []

    def run(app: PlayApp) -> None:
        session = app.session
        sessions.append(session)
        for _ in range(moves):
            session.apply(session.game.legal_actions()[0])
        session.save()  # q: save and quit

    monkeypatch.setattr(PlayApp, "run", run)
    return sessions


def test_quitting_at_once_writes_nothing(data: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    playing(monkeypatch, moves=0)
    assert main(["play", "--seed", "1"]) == 0
    assert capsys.readouterr().out == ""
    assert list(Path.cwd().iterdir()) == [] and not data.exists()


def test_a_game_with_a_move_is_saved_in_the_data_folder(data: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    sessions = playing(monkeypatch, moves=1)
    assert main(["play", "--seed", "1", "--bots", "random"]) == 0
    path = sessions[0].save_path
    assert path is not None and path.parent == data / "monopoly-deal" / "saves" == saves_folder()
    assert path.name.startswith("monopoly-deal-") and len(load(path).actions) == 1
    assert capsys.readouterr().out == f"Saved to {path}; 'mdeal play --resume {path}' continues it.\n"
    assert list(Path.cwd().iterdir()) == []


def test_continue_resumes_the_last_unfinished_game(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = saves_folder()
    folder.mkdir(parents=True)
    finished = Game(2, seed=5, names=["P1", "P2 (random)"])
    while not finished.over:
        finished.apply(finished.legal_actions()[0])
    unfinished = Game(2, seed=6, names=["P1", "P2 (random)"])
    unfinished.apply("end")
    for name, game in (("monopoly-deal-1.json", unfinished), ("monopoly-deal-2.json", finished)):
        save(game, folder / name)
    (folder / "monopoly-deal-3.json").write_text("{")  # broken: not a game to continue
    for age, name in enumerate(("monopoly-deal-3.json", "monopoly-deal-2.json", "monopoly-deal-1.json")):
        os.utime(folder / name, (1_000_000 - age, 1_000_000 - age))  # 3 newest, then 2, then 1
    assert last_unfinished() == folder / "monopoly-deal-1.json"
    sessions = playing(monkeypatch, moves=1)
    assert main(["play", "--continue"]) == 0
    assert sessions[0].save_path == folder / "monopoly-deal-1.json"
    assert len(load(folder / "monopoly-deal-1.json").actions) == 2


def test_save_chooses_the_file(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    playing(monkeypatch, moves=2)
    assert main(["play", "--seed", "2", "--save", "mine.json"]) == 0
    assert len(load("mine.json").actions) == 2 and not data.exists()


@pytest.mark.parametrize("when", ["mid-game", "on quitting"])
def test_a_save_that_fails_is_reported_not_claimed(data: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str], when: str) -> None:
    def full(game: Game, path: Path) -> None:
        raise OSError(28, "No space left on device")

    sessions = playing(monkeypatch, moves=1 if when == "mid-game" else 0)
    monkeypatch.setattr("monopoly_deal.tui.session.save", full)
    code = main(["play", "--seed", "3", "--save", "mine.json"])
    out, err = capsys.readouterr()
    if when == "on quitting":  # nothing to save: nothing fails
        assert (code, out, err) == (0, "", "")
        return
    assert code == 1 and out == ""
    assert err == "mdeal play: cannot save to mine.json: No space left on device\n"
    assert sessions[0].save_error is not None


@pytest.mark.parametrize(("lang", "words"), [("zh-Hant", "已儲存到"), ("zh-Hans", "已保存到")])
def test_saved_to_is_said_in_the_game_s_language(data: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str], lang: str, words: str) -> None:
    sessions = playing(monkeypatch, moves=1)
    assert main(["play", "--seed", "1", "--bots", "random", "--lang", lang]) == 0
    path = sessions[0].save_path
    said = get_translator(lang).gettext("ui.saved", path=path, command=f"mdeal play --resume {path}")
    assert capsys.readouterr().out == said + "\n" and said.startswith(words)


def test_a_finished_game_is_saved_for_the_replay(data: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    def run(app: PlayApp) -> None:
        game = app.session.game
        while not game.over:
            app.session.apply(game.legal_actions()[0])

    monkeypatch.setattr(PlayApp, "run", run)
    assert main(["play", "--seed", "4", "--humans", "0", "--bots", "random", "--save", "done.json"]) == 0
    assert capsys.readouterr().out == "Saved to done.json; 'mdeal replay done.json' tells it again.\n"


def test_continue_speaks_the_language_the_game_was_played_in(data: Path, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """A game played in 繁體中文 goes on in it with --continue (unless --lang says otherwise)."""
    languages: list[str] = []
    playing(monkeypatch, moves=1)
    real_init = PlayApp.__init__

    def noting(app: PlayApp, session: Session, lang: str, delay: float) -> None:
        languages.append(lang)
        real_init(app, session, lang, delay)

    monkeypatch.setattr(PlayApp, "__init__", noting)
    assert main(["play", "--seed", "1", "--bots", "random", "--lang", "zh-Hant"]) == 0
    assert main(["play", "--continue"]) == 0
    assert main(["play", "--continue", "--lang", "en"]) == 0
    assert languages == ["zh-Hant", "zh-Hant", "en"]
    said = capsys.readouterr().out.splitlines()       # "saved to …": in the language of each run
    assert [bool(re.search(r"[\u4e00-\u9fff]", line)) for line in said] == [True, True, False]
