"""Every scenario file under ``scenarios/`` passes: one test per file (docs/scenarios.md).

Each file names the rule ids (R1.1 …) and FAQ items it pins; a failure reports
the runner's reason, e.g. ``step 3 (expect.hands.P2): expected [...], got [...]``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from monopoly_deal.scenario import collect, run_file

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
FILES = collect([SCENARIOS]) if SCENARIOS.is_dir() else []


def test_the_scenarios_folder_has_files() -> None:
    assert FILES, f"no scenario files under {SCENARIOS}"


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_scenario(path: Path) -> None:
    result = run_file(path)
    if not result.passed:
        pytest.fail(f"{path.relative_to(ROOT)}: {result.reason}", pytrace=False)
