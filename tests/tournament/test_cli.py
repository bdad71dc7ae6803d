"""``mdeal tournament``: standings printed, files written, the same files whatever ``--jobs``."""

from __future__ import annotations

import csv
import json
import re
import sys
from pathlib import Path

import pytest

from monopoly_deal.cli import main
from monopoly_deal.tournament.report import OUTPUTS

TEAMS = ["--team", "A=heuristic", "--team", "B=random", "--team", "C=random", "--team", "D=random"]
RUN = ["tournament", *TEAMS, "--matches", "6", "--seed", "1", "--turn-limit", "20"]


def files(folder: Path) -> dict[str, bytes]:
    return {name: (folder / name).read_bytes() for name in OUTPUTS}


@pytest.fixture(scope="module")
def one_job(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("jobs1")
    capture = tmp_path_factory.mktemp("stdout") / "out.txt"
    saved = sys.stdout
    with capture.open("w", encoding="utf-8") as sys.stdout:
        assert main([*RUN, "--out", str(out)]) == 0
    sys.stdout = saved
    return out, capture.read_text(encoding="utf-8")


def test_the_command_prints_the_dice_and_the_standings(one_job: tuple[Path, str]) -> None:
    out, text = one_job
    lines = text.splitlines()
    assert lines[0] == "4 teams, 6 matches, base edition, limit 20 turns a match, seed 1"
    matches = [line for line in lines if line.startswith("match ")]
    assert len(matches) == 6 and all(" dice A " in line and " -> seats " in line for line in matches)
    assert "| rank | team | bot | points | wins | by sets | at the limit | roll-offs | forfeits |" in lines
    assert [line for line in lines if line.startswith("wrote ")] == [f"wrote {out / name}" for name in OUTPUTS]


def test_the_files(one_job: tuple[Path, str]) -> None:
    out, _ = one_job
    standings = json.loads((out / "standings.json").read_text())
    teams = standings["teams"]
    assert [t["name"] for t in teams] == sorted((t["name"] for t in teams), key=lambda n: next(
        x["rank"] for x in teams if x["name"] == n))
    assert set(teams[0]) >= {"name", "points", "rank", "wins"} and sum(t["points"] for t in teams) == 6
    assert standings["matches"] == 6 and sum(standings["ends"].values()) == 6
    rows = list(csv.DictReader((out / "standings.csv").open()))
    assert [r["name"] for r in rows] == [t["name"] for t in teams]
    matches = list(csv.DictReader((out / "matches.csv").open()))
    assert len(matches) == 6
    for row in matches:
        assert row["dice"] and len(row["seats"].split()) == 4 and row["winner"] in "ABCD"
        assert row["how"] in ("sets", "assets", "roll-off") and int(row["turns"]) <= 20
        assert {f"assets {t}" for t in "ABCD"} <= set(row)
    assert (out / "points.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_two_jobs_write_the_same_files(one_job: tuple[Path, str], tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*RUN, "--jobs", "2", "--out", str(tmp_path)]) == 0
    assert files(tmp_path) == files(one_job[0])


def test_replay_tells_the_tournament_match_by_match(one_job: tuple[Path, str],
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = one_job[0] / "tournament.json"
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    told = [line for line in out.splitlines() if line.startswith("match ")]
    assert told == [line for line in one_job[1].splitlines() if line.startswith("match ")]
    assert out.count("Turn 1 — ") == 6
    assert main(["replay", str(path), "--match", "2"]) == 0
    assert capsys.readouterr().out.count("Turn 1 — ") == 1


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_replay_tells_a_tournament_in_chinese(one_job: tuple[Path, str], capsys: pytest.CaptureFixture[str],
                                            lang: str) -> None:
    """Issue 40: the header, every match's line, the games and the standings in Chinese (team names aside)."""
    assert main(["replay", str(one_job[0] / "tournament.json"), "--lang", lang]) == 0
    out = capsys.readouterr().out
    teams = {name for name, _ in (t.split("=") for t in TEAMS[1::2])}
    words = {w for w in re.findall(r"[A-Za-z]{2,}", out) if w not in teams}
    assert words == set() and out.count("第 1 回合：") == 6 and "名次" in out


@pytest.mark.parametrize(("args", "message"), [
    (["--team", "A=heuristic"], "2 to 10 teams"),
    (["--team", "A=heuristic", "--team", "A=random"], "two teams are named 'A'"),
    (["--team", "A=heuristic", "--team", "B=nobody"], "unknown bot 'nobody'"),
    (["--team", "A", "--team", "B=random"], "a team is NAME=SPEC"),
    (TEAMS + ["--time-limit", "45"], "a time is written like 45m"),
    (TEAMS + ["--turn-limit", "10", "--time-limit", "45m"], "not allowed with argument"),
    (TEAMS + ["--jobs", "2", "--ray", "auto"], "not allowed with argument"),
    (TEAMS + ["--matches", "0"], "matches must be from 1"),
])
def test_a_wrong_command_line_is_one_line_and_exit_2(args: list[str], message: str, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_code(["tournament", *args, "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert not (tmp_path / "out").exists()


def exit_code(argv: list[str]) -> int:
    """What ``mdeal`` exits with, whether argparse (SystemExit) or the command refused it."""
    try:
        return main(argv)
    except SystemExit as stop:
        return int(stop.code or 0)


def test_ray_missing_says_how_to_install_it(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails, as without the extra
    assert main([*RUN, "--ray", "auto", "--out", str(tmp_path)]) == 2
    assert 'pip install "monopoly-deal[ray]"' in capsys.readouterr().err
    assert main(["arena", "--bots", "random,random", "--games", "2", "--ray", "auto"]) == 2
