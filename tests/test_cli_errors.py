"""Every command with bad input: one line on stderr naming what is wrong, the documented exit code
(2: the command line is wrong; 1: what it names cannot be used), no traceback, nothing written."""

from __future__ import annotations

import json
import re
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from monopoly_deal import record
from monopoly_deal.cli import main
from monopoly_deal.engine import Game
from monopoly_deal.record import save


@pytest.fixture()
def place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder to run in, with its own data folder and some files to name: a finished record,
    a plain file, and records broken in the ways files break."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    game = Game(2, seed=3, names=["P1", "P2 (random)"])
    game.apply("end")
    save(game, tmp_path / "game.json")
    text = (tmp_path / "game.json").read_text()
    (tmp_path / "notes.txt").write_text("not a record\n")
    (tmp_path / "truncated.json").write_text(text[: len(text) // 2])
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00garbage")
    (tmp_path / "nested.json").write_text("[" * 100_000 + "]" * 100_000)
    (tmp_path / "bigint.json").write_text(text.replace('"seed": 3', '"seed": 1' + "0" * 5000))
    edited = json.loads(text)
    edited["actions"] = ["end", "end", {"verb": "end"}]
    (tmp_path / "edited.json").write_text(json.dumps(edited))
    edited["actions"] = ["bank 10M"]
    (tmp_path / "illegal.json").write_text(json.dumps(edited))
    edited["actions"], edited["players"] = [], "P1"
    (tmp_path / "players.json").write_text(json.dumps(edited))
    yield tmp_path


@pytest.fixture()
def busy_port() -> Iterator[int]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        yield s.getsockname()[1]


CASES = [
    # serve
    (["serve", "--port", "99999"], 2, "port must be from 1 to 65535"),
    (["serve", "--port", "0"], 2, "port must be from 1 to 65535"),
    (["serve", "--db", "foo://bar"], 2, "'foo' databases are not supported"),
    (["serve", "--db", "games.db"], 2, "is not a database URL"),
    (["serve", "--db", "sqlite:////nonexistent/x.db"], 1, "cannot open sqlite:////nonexistent/x.db"),
    (["serve", "--db", "postgresql://u:secret@127.0.0.1:1/db"], 1, "cannot open postgresql://u:***@127.0.0.1:1/db"),
    (["serve", "--port", "{busy}"], 1, "cannot listen on 127.0.0.1:"),
    (["serve", "--max-rooms", "-3"], 2, "argument --max-rooms"),
    (["serve", "--db", "sqlite:///notes.txt"], 1, "notes.txt is not a SQLite database (file is not a database)"),
    # play
    (["play", "--bots", "nosuchbot"], 2, "unknown bot 'nosuchbot'"),
    (["play", "--bots", "random:seed=x"], 2, "bot 'random': seed must be a whole number from 0 to 9223372036854775807 (its random generator's seed), not 'x'"),
    (["play", "--bots", "ismcts:iters=abc"], 2, "bot 'ismcts': iters must be a whole number from 1 to 20000"),
    (["play", "--bots", "ismcts:iters=1.5"], 2, "bot 'ismcts': iters must be a whole number from 1 to 20000 (iterations (playouts) per decision, default 300 with 2 players, else 800 / players), not '1.5'"),
    (["play", "--bots", "ismcts:time=nan"], 2, "bot 'ismcts': time must be a number from 0.01 to 10 (seconds per decision instead of iterations), not 'nan'"),
    (["play", "--bots", "random,random,random"], 2, "2 bot seat(s) but 3 bot specs"),
    (["play", "--humans", "5"], 2, "--humans must be from 0 to 3"),
    (["play", "--save", "/nonexistent/dir/x.json"], 2, "the folder /nonexistent/dir does not exist"),
    (["play", "--save", "notes.txt/x.json"], 2, "the folder notes.txt does not exist"),
    (["play", "--save", "."], 2, "is a folder"),
    (["play", "--resume", "game.json", "--players", "5"], 2, "--players cannot change it"),
    (["play", "--continue", "--bots", "random"], 2, "--bots cannot change it"),
    (["play", "--resume", "game.json", "--continue"], 2, "not allowed with argument"),
    (["play", "--resume", "missing.json"], 1, "missing.json: cannot read the file"),
    (["play", "--continue"], 1, "no unfinished game to continue"),
    (["play", "--rules", "bank_first"], 2, "rule option 'bank_first' needs a value"),
    (["play", "--players", "2", "--rules", "start=5"], 2, "start=5 names a seat beyond the 2 players"),
    (["play", "--seed", "-1"], 2, "seed must be from 0 to"),
    (["play", "--seed", "4"], 1, "needs a terminal"),
    # arena
    (["arena", "--bots", "random:seed=x,heuristic"], 2, "bot 'random': seed must be a whole number from 0"),
    (["arena", "--bots", "random"], 2, "2 players need at least 2 bots"),
    (["arena", "--bots", "random,heuristic", "--out", "notes.txt"], 2, "--out notes.txt: is a file"),
    (["arena", "--bots", "random,heuristic", "--out", "notes.txt/results"], 2, "notes.txt is a file"),
    (["arena", "--bots", "random,heuristic", "--rules", "start=99"], 2, "start=99 names a seat beyond"),
    (["arena", "--bots", "random,heuristic", "--seed", "-1"], 2, "seed must be from 0 to"),
    (["arena", "--bots", "random,heuristic", "--records"], 2, "--records needs --out DIR"),
    (["arena", "--bots", "random,heuristic", "--games", "0"], 2, "games must be from 1 to 1000000, not 0"),
    (["arena", "--bots", "random,heuristic", "--ray", "127.0.0.1:1"], 2, "--ray: cannot reach the Ray cluster at 127.0.0.1:1"),
    # watch
    (["watch", "--save", "/nonexistent/dir/x.json"], 2, "the folder /nonexistent/dir does not exist"),
    (["watch", "--rules", "start=99"], 2, "start=99 names a seat beyond"),
    (["watch", "--rules", "bank_first=maybe"], 2, "'bank_first' must be true or false"),
    (["watch", "--seed", "-1"], 2, "seed must be from 0 to"),
    # replay
    (["replay", "missing.json"], 1, "missing.json: cannot read the file"),
    (["replay", "notes.txt"], 1, "notes.txt: not valid JSON"),
    (["replay", "truncated.json"], 1, "truncated.json: not valid JSON"),
    (["replay", "binary.json"], 1, "binary.json: cannot read the file"),
    (["replay", "nested.json"], 1, "nested.json: not a game record"),
    (["replay", "bigint.json"], 1, "bigint.json: not a game record"),
    (["replay", "edited.json"], 1, "edited.json: actions[2]"),
    (["replay", "illegal.json"], 1, "illegal.json: actions[0] 'bank 10M'"),
    (["replay", "players.json"], 1, "players.json: field 'players'"),
    (["replay", "huge.json"], 1, "huge.json: too large for a game record"),
    (["replay", "game.json", "--viewer", "P3"], 2, "--viewer P3: game.json is a game of 2 players"),
    (["replay", "game.json", "--tui"], 1, "needs a terminal"),
    # sim
    (["sim", "--rules", "start=99"], 2, "start=99 names a seat beyond"),
    (["sim", "--seed", "-1"], 2, "seed must be from 0 to 18446744073709551615, not -1"),
    (["sim", "--games", "-5"], 2, "games must be from 1 to 1000000, not -5"),
    (["sim", "--players", "11"], 2, "players must be from 2 to 10"),
    # scenario
    (["scenario", "missing.yaml"], 2, "no such file or folder: missing.yaml"),
    # issue 31, item 6: bounds, and an empty name is no file or folder (never the current folder)
    (["sim", "--games", "1000001"], 2, "games must be from 1 to 1000000"),
    (["arena", "--bots", "random,heuristic", "--jobs", "100000"], 2, "jobs must be from 1 to 256"),
    (["tournament", "--team", "A=random", "--team", "B=random", "--matches", "100001", "--out", "t"], 2,
     "matches must be from 1 to 100000"),
    (["arena", "--bots", "random,heuristic", "--out", ""], 2, "argument --out: an empty name names no file or folder"),
    (["tournament", "--team", "A=random", "--team", "B=random", "--out", ""], 2, "argument --out: an empty name"),
    (["tournament", "--resume", "", "--out", "t"], 2, "argument --resume: an empty name"),
    (["replay", ""], 2, "argument FILE: an empty name"),
    (["play", "--save", " "], 2, "argument --save: an empty name"),
    (["play", "--resume", ""], 2, "argument --resume: an empty name"),
    (["watch", "--save", ""], 2, "argument --save: an empty name"),
    (["scenario", ""], 2, "argument PATH: an empty name"),
    (["serve", "--db", ""], 2, "argument --db: an empty name"),
    (["db", "current", "--db", ""], 2, "argument --db: an empty name"),
    (["db", "backup", ""], 2, "argument FILE: an empty name"),
    # cards
    (["cards", "--edition", "deluxe"], 2, "invalid choice: 'deluxe'"),
    (["cards", "--values", "s3"], 2, "invalid choice: 's3'"),
]


def files_in(folder: Path) -> dict[str, float]:
    return {str(p.relative_to(folder)): p.stat().st_mtime for p in folder.rglob("*")}


@pytest.mark.parametrize(("argv", "code", "message"), CASES, ids=[" ".join(c[0]) for c in CASES])
def test_bad_input_is_one_clear_line(argv: list[str], code: int, message: str, place: Path, busy_port: int,
                                     monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    if "huge.json" in argv:  # a record over the limit; the limit made small, so that the test stays small
        monkeypatch.setattr(record, "MAX_RECORD_BYTES", 100)
        (place / "huge.json").write_text((place / "game.json").read_text())
    argv = [a.replace("{busy}", str(busy_port)) for a in argv]
    before = files_in(place)
    try:
        got = main(argv)
    except SystemExit as exit_:  # argparse's own errors
        got = exit_.code
    out, err = capsys.readouterr()
    assert (got, message in err) == (code, True), err
    assert err.count("\n") == 1 and err.startswith("mdeal"), err
    assert "Traceback" not in err and out == ""
    assert files_in(place) == before


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    out = capsys.readouterr().out
    assert info.value.code == 0 and out.startswith("mdeal 0.") and "engine" in out and "Python 3." in out


def test_a_database_that_never_answers_is_given_up(busy_port: int, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """A PostgreSQL address that takes the connection and says nothing: `mdeal serve` gives up after a while."""
    from monopoly_deal.cli import serve

    monkeypatch.setattr(serve, "DATABASE_TIMEOUT", 0.5)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        free = s.getsockname()[1]
    assert main(["serve", "--port", str(free), "--db", f"postgresql://u@127.0.0.1:{busy_port}/db"]) == 1
    err = capsys.readouterr().err
    assert err == f"mdeal serve: cannot open postgresql://u@127.0.0.1:{busy_port}/db: no answer in 0.5 s\n"


#: Words the Chinese line may keep in Latin letters: what the command line itself wrote (options, values,
#: files), commands to type, quoted values, rule option and bot names, URLs, money and seats.
_KEPT = re.compile(r"「[^」]*」|\w+=[A-Za-z0-9_.-]*|--?[\w-]+|mdeal( \w+){0,2}|[\w.:/*@+-]*[/.][\w.:/*@+-]*|\bP\d+\b|\d+M\b|"
                   r"\b(true|false|random|dice|heuristic|ismcts|policy|openspiel-ismcts|bottom|discard|base|enhanced|"
                   r"PATH|FILE|SPEC|DIR|COMMAND|printed|s2|JSON|UTF-8|IP|MiB|sqlite|SQLite|Ray|auto|postgresql|pip|install|iters|time|depth|rounds|width|fitted|"
                   r"sims|rollouts|seed|c|x|abc|nan)\b")
#: Lines whose reason is another program's own words (the database driver's).
_DRIVER_WORDS = {"serve --db sqlite:////nonexistent/x.db", "serve --db postgresql://u:secret@127.0.0.1:1/db"}


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
@pytest.mark.parametrize(("argv", "code", "message"), CASES, ids=[" ".join(c[0]) for c in CASES])
def test_bad_input_is_one_line_in_the_language_asked_for(argv: list[str], code: int, message: str, lang: str,
                                                         place: Path, busy_port: int, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """The same refusals in Chinese (MDEAL_LANG, as ``--lang`` or the locale would ask): the same exit code,
    one line, no English sentence in it."""
    if "huge.json" in argv:
        monkeypatch.setattr(record, "MAX_RECORD_BYTES", 100)
        (place / "huge.json").write_text((place / "game.json").read_text())
    monkeypatch.setenv("MDEAL_LANG", lang)
    argv = [a.replace("{busy}", str(busy_port)) for a in argv]
    try:
        got = main(argv)
    except SystemExit as exit_:
        got = exit_.code
    err = capsys.readouterr().err
    assert got == code and err.count("\n") == 1 and "：" in err, err
    if " ".join(argv) not in _DRIVER_WORDS:
        bare = _KEPT.sub("", err.replace(str(place), ""))
        assert not re.search(r"[A-Za-z]{2,}", bare), (err, bare)


def test_the_language_comes_from_lang_then_the_environment(monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    for variable in ("MDEAL_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    said = {}
    for env, argv in (("C.UTF-8", []), ("zh_TW.UTF-8", []), ("zh_CN.UTF-8", []), ("zh_HK.UTF-8", ["--lang", "en"]),
                      ("C", ["--lang=zh-Hans"])):
        monkeypatch.setenv("LANG", env)
        with pytest.raises(SystemExit):
            main(["watch", "--players", "11", *argv])
        said[env] = capsys.readouterr().err
    assert said["C.UTF-8"].startswith("mdeal watch: argument --players: players must be from 2 to 10")
    assert said["zh_TW.UTF-8"] == "mdeal watch：--players：要在 2 至 10 之間，不可以是 11（請看「mdeal watch --help」）\n"
    assert said["zh_CN.UTF-8"] == "mdeal watch：--players：要在 2 到 10 之间，不能是 11（请看「mdeal watch --help」）\n"
    assert said["zh_HK.UTF-8"] == said["C.UTF-8"] and said["C"] == said["zh_CN.UTF-8"]


def test_a_data_folder_that_cannot_be_made_is_one_line(place: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(place / "notes.txt" / "data"))    # under a file: no folder there
    assert main(["serve", "--port", "1"]) in (1, 2)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and ("cannot make the data folder" in err or "cannot listen" in err), err
    assert main(["db", "current"]) == 1
    assert capsys.readouterr().err.startswith("mdeal db: cannot make the data folder for the database")
