"""benchmarks/fit_value.py, which fits the weights of ``win_chance``, runs and fits, in small."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "fit_value.py"


def test_the_fit_is_the_logistic_regressions_optimum_on_self_play_positions() -> None:
    spec = importlib.util.spec_from_file_location("fit_value", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    x, lead, y = module.positions(players=2, games=12, seed=5)
    assert len(x) == len(lead) == len(y) > 100 and set(y) == {0.0, 1.0}
    w = module.fit(x, y)
    p = 1 / (1 + np.exp(-x @ w))
    gradient = x.T @ (p - y) / len(y) + 1e-3 * w
    assert np.abs(gradient).max() < 1e-6          # Newton's method reached the optimum
    assert module.scores(p, y).startswith("log loss")
