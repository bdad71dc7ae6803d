"""Ctrl+C in the batch commands (issue 31, item 5): they stop at once with one line and no traceback, keep
what finished (written to --out), and a tournament goes on from what was written to the same files an
uninterrupted run writes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest


def _hears_ctrl_c() -> None:
    """A command started from a background job inherits SIGINT ignored: the test's child hears it, as at a terminal."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupted(argv: list[str], after: str) -> subprocess.CompletedProcess[str]:
    """``mdeal ARGV`` sent Ctrl+C (SIGINT) once ``after`` appears on its stderr (progress) or stdout."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen([sys.executable, "-m", "monopoly_deal", *argv], env=env, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               preexec_fn=_hears_ctrl_c)  # noqa: PLW1509 (the child, before exec: no threads)
    assert process.stdout is not None
    seen = ""
    deadline = time.monotonic() + 120
    while after not in seen:
        assert time.monotonic() < deadline, seen
        seen += process.stdout.readline()
    process.send_signal(signal.SIGINT)
    sent = time.monotonic()
    rest, _ = process.communicate(timeout=60)
    assert time.monotonic() - sent < 10          # stopped at once (writing the files takes the rest)
    return subprocess.CompletedProcess(argv, process.returncode, seen + rest, "")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_in_a_tournament_keeps_the_matches_and_resume_plays_the_rest(tmp_path: Path, jobs: str) -> None:
    teams = ["--team", "A=random", "--team", "B=heuristic", "--matches", "40", "--seed", "3"]
    whole, cut = tmp_path / "whole", tmp_path / "cut"
    subprocess.run([sys.executable, "-m", "monopoly_deal", "tournament", *teams, "--out", str(whole)],
                   capture_output=True, text=True, check=True)
    stopped = interrupted(["tournament", *teams, "--out", str(cut), "--jobs", jobs], "match 3:")
    assert stopped.returncode == 130 and "Traceback" not in stopped.stdout, stopped.stdout
    assert "stopped (Ctrl+C) after" in stopped.stdout and f"--resume {cut / 'tournament.json'} --out {cut}" in stopped.stdout
    kept = json.loads((cut / "tournament.json").read_text())
    assert 0 < len(kept["matches"]) < 40
    resumed = subprocess.run([sys.executable, "-m", "monopoly_deal", "tournament", "--resume",
                              str(cut / "tournament.json"), "--out", str(cut)], capture_output=True, text=True, check=False)
    assert resumed.returncode == 0, resumed.stderr
    for name in ("tournament.json", "standings.json", "matches.csv"):
        assert (cut / name).read_text() == (whole / name).read_text(), name


def test_resume_keeps_the_tournament_s_own_options(tmp_path: Path) -> None:
    conflict = subprocess.run([sys.executable, "-m", "monopoly_deal", "tournament", "--resume", str(tmp_path / "x"),
                               "--matches", "5", "--out", str(tmp_path / "o")], capture_output=True, text=True, check=False)
    assert conflict.returncode == 2 and conflict.stderr.count("\n") == 1 and "--matches" in conflict.stderr
    missing = subprocess.run([sys.executable, "-m", "monopoly_deal", "tournament", "--out", str(tmp_path / "o")],
                             capture_output=True, text=True, check=False)
    assert missing.returncode == 2 and "--team NAME=SPEC" in missing.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_in_an_arena_prints_and_writes_the_games_played(tmp_path: Path, jobs: str) -> None:
    stopped = interrupted(["arena", "--bots", "random,heuristic", "--games", "100000", "--out", str(tmp_path / "out"),
                           "--jobs", jobs], "games,")
    assert stopped.returncode == 130 and "Traceback" not in stopped.stdout, stopped.stdout
    results = json.loads((tmp_path / "out" / "results.json").read_text())
    assert 0 < results["games"] < 100000 and results["options"]["stopped_after"].endswith("of 100000 games")
    assert f"stopped (Ctrl+C) after {results['games']} of 100000 games" in stopped.stdout


def test_ctrl_c_in_sim_prints_the_games_played(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen([sys.executable, "-m", "monopoly_deal", "sim", "--games", "1000000"], env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               preexec_fn=_hears_ctrl_c)  # noqa: PLW1509 (the child, before exec: no threads)
    time.sleep(3)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 130 and "Traceback" not in err and "games, 2 players" in out
    assert err.startswith("stopped (Ctrl+C) after") and err.count("\n") == 1
