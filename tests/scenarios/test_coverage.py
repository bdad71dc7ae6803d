"""Every rule id of docs/rules.md R1–R9 and every FAQ item of the sources is pinned by a scenario or a test."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from tests.engine.helpers import RULES_DOC, rule_ids

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "scenarios").rglob("*.yaml"))
FAQ_ITEMS = [f"S0-Q{n}" for n in range(2, 35)] + [f"S1-FAQ-{n}" for n in range(1, 15)]


def _scenario_field(name: str) -> set[str]:
    named: set[str] = set()
    for path in SCENARIOS:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
        named.update(data.get(name) or [])
    return named


def _rule_ids() -> list[str]:
    """The rule ids R1–R9 of docs/rules.md (R10, the tournament, is the server's and the arena's)."""
    ids = [r for r in rule_ids(RULES_DOC.read_text(encoding="utf-8")) if int(r[1:].split(".")[0]) <= 9]
    assert len(ids) > 40, "docs/rules.md should define the R1–R9 rule ids"
    return ids


def test_every_rule_id_is_pinned() -> None:
    tests_text = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("*.py"))
    named = _scenario_field("rules")
    missing = [r for r in _rule_ids() if r not in named and not re.search(rf"\b{re.escape(r)}\b", tests_text)]
    assert not missing, f"rule ids named by no scenario or test: {missing}"


def test_every_rule_id_has_a_scenario() -> None:
    named = _scenario_field("rules")
    missing = [r for r in _rule_ids() if r not in named]
    assert not missing, f"rule ids with no scenario file: {missing}"


def test_every_faq_item_has_a_scenario() -> None:
    named = _scenario_field("faq")
    missing = [item for item in FAQ_ITEMS if item not in named]
    assert not missing, f"FAQ items with no scenario file: {missing}"


def test_every_scenario_names_a_rule() -> None:
    nameless = [str(p.relative_to(ROOT)) for p in SCENARIOS
                if not yaml.load(p.read_text(encoding="utf-8"), Loader=yaml.BaseLoader).get("rules")]
    assert SCENARIOS and not nameless, f"scenarios naming no rule id: {nameless}"
