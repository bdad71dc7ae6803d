"""rl's bots register when rl is imported, and importing rl loads none of the learning libraries: the bot
registry imports it to list every bot (docs/architecture.md)."""

from __future__ import annotations

import subprocess
import sys

import pytest


def _run(code: str) -> str:
    """``code`` in a fresh interpreter (nothing imported yet), its output."""
    return subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout.strip()


def test_importing_rl_registers_its_bots_and_loads_no_learning_library() -> None:
    out = _run("import sys, monopoly_deal.rl\nfrom monopoly_deal.bots.registry import BOTS, OPTIONAL\n"
               "print('openspiel-ismcts' in BOTS, 'policy' in BOTS or 'policy' in OPTIONAL)\n"
               "print(sorted(m for m in ('gymnasium', 'numpy', 'torch', 'pyspiel') if m in sys.modules))")
    assert out.splitlines() == ["True True", "[]"]


def test_gymnasium_imported_after_rl_knows_the_environment() -> None:
    pytest.importorskip("gymnasium")
    assert _run("import monopoly_deal.rl, gymnasium\nenv = gymnasium.make('MonopolyDeal-v0', players=2)\n"
                "print(env.reset(seed=1)[0].shape)") == "(1526,)"


def test_gymnasium_imported_before_rl_knows_it_at_once() -> None:
    pytest.importorskip("gymnasium")
    assert _run("import gymnasium, monopoly_deal.rl\nprint('MonopolyDeal-v0' in gymnasium.registry)") == "True"


def test_a_submodule_of_gymnasium_first_still_registers() -> None:
    pytest.importorskip("gymnasium")
    assert _run("import monopoly_deal.rl, gymnasium.spaces, gymnasium\n"
                "print('MonopolyDeal-v0' in gymnasium.registry)") == "True"
