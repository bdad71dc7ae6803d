"""On a local Ray (2 CPUs), tournaments and arena runs give exactly what ``--jobs 1`` gives."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from monopoly_deal.arena import run_arena
from monopoly_deal.cli import main
from monopoly_deal.tournament import Limit, Team, TournamentOptions, run_tournament
from monopoly_deal.tournament.report import OUTPUTS

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, logging_level="WARNING")
    yield
    ray.shutdown()


def test_a_tournament_on_ray_equals_one_job(local_ray: None) -> None:
    options = TournamentOptions((Team("A", "heuristic"), Team("B", "random"), Team("C", "random")), matches=5,
                                limit=Limit(turns=15), seed=8)
    assert run_tournament(options, ray="auto").to_dict() == run_tournament(options, jobs=1).to_dict()


def test_the_command_on_ray_writes_the_files_of_one_job(local_ray: None, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    run = ["tournament", "--team", "A=heuristic", "--team", "B=random", "--team", "C=random",
           "--matches", "4", "--seed", "2", "--turn-limit", "15"]
    assert main([*run, "--ray", "auto", "--out", str(tmp_path / "ray")]) == 0
    assert main([*run, "--jobs", "1", "--out", str(tmp_path / "one")]) == 0
    for name in OUTPUTS:
        assert (tmp_path / "ray" / name).read_bytes() == (tmp_path / "one" / name).read_bytes(), name
    assert ray.is_initialized()  # a Ray the caller started is left running


def test_the_arena_on_ray_equals_one_job(local_ray: None) -> None:
    on_ray = run_arena(["heuristic", "random"], players=2, games=4, seed=5, ray="auto")
    here = run_arena(["heuristic", "random"], players=2, games=4, seed=5, jobs=1)
    def played(result: object) -> list[dict]:  # every game's result but the time its bots took
        return [{k: v for k, v in r.items() if k != "think_seconds"} for r in result.results]  # type: ignore[attr-defined]

    assert played(on_ray) == played(here) and on_ray.crosstable == here.crosstable
