"""A smoke run of examples/train_maskable_ppo.py (a few hundred steps) where the rl extra is installed."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_maskable_ppo.py"


def test_the_training_example_trains_saves_plots_and_plays_in_the_arena(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    results = example.main(["--random-steps", "128", "--heuristic-steps", "128", "--envs", "2", "--n-steps", "32",
                            "--eval-games", "2", "--seed", "3", "--out", str(tmp_path)])
    assert {p.name for p in tmp_path.iterdir()} >= {"policy.zip", "curve.png", "results.json"}
    assert json.loads((tmp_path / "results.json").read_text()) == results
    assert [(e["stage"], e["opponent"]) for e in results["evaluations"]] == [
        ("random", "random"), ("random", "heuristic"), ("heuristic", "random"), ("heuristic", "heuristic")]
    assert all(e["games"] == 2 and 0 <= e["rate"] <= 1 for e in results["evaluations"])
    assert (tmp_path / "curve.png").read_bytes()[:4] == b"\x89PNG"
