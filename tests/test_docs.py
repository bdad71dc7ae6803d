"""The examples in the README and in the docstrings run as written; docs/rules.md keeps every rule and option."""

from __future__ import annotations

import ast
import doctest
import importlib
import re
from dataclasses import Field, fields
from pathlib import Path

import pytest

from monopoly_deal.engine.rules import _CHOICES, Rules
from tests.engine.helpers import RULES_DOC, markdown_table, rule_ids

ROOT = Path(__file__).resolve().parents[1]
MODULES = [
    "monopoly_deal", "monopoly_deal.engine.cards", "monopoly_deal.engine.rules", "monopoly_deal.engine.actions",
    "monopoly_deal.engine.game", "monopoly_deal.engine.pending", "monopoly_deal.engine.versions", "monopoly_deal.record", "monopoly_deal.bots", "monopoly_deal.bots.registry",
    "monopoly_deal.i18n",
    "monopoly_deal.bots.heuristic", "monopoly_deal.bots.ismcts", "monopoly_deal.arena", "monopoly_deal.arena.play",
    "monopoly_deal.arena.stats",
    "monopoly_deal.server.persistence", "monopoly_deal.server.protocol", "monopoly_deal.server.rooms",
    "monopoly_deal.server.views", "monopoly_deal.server.app", "monopoly_deal.server.http",
    "monopoly_deal.server.botpool", "monopoly_deal.server.tuning", "monopoly_deal.server.replay",
    "monopoly_deal.server.tournament_routes",
    "monopoly_deal.engine.dice", "monopoly_deal.parallel",
    "monopoly_deal.tournament", "monopoly_deal.tournament.dice", "monopoly_deal.tournament.limit",
    "monopoly_deal.tournament.clock", "monopoly_deal.tournament.options", "monopoly_deal.tournament.match",
    "monopoly_deal.tournament.standings", "monopoly_deal.tournament.state", "monopoly_deal.tournament.run",
    "monopoly_deal.tournament.report",
]


def _run(text: str, name: str, globs: dict) -> doctest.TestResults:
    test = doctest.DocTestParser().get_doctest(text, globs, name, name, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    return runner.summarize(verbose=False)


def _docstring(module: object) -> str:
    """The module's docstring; a compiled module has none, so read it from the source installed beside it."""
    doc = getattr(module, "__doc__", None)
    if doc:
        return doc
    path = Path(module.__file__)
    source = path.with_name(path.name.split(".")[0] + ".py")
    return ast.get_docstring(ast.parse(source.read_text(encoding="utf-8"))) or ""


def test_readme_examples_run() -> None:
    result = _run((ROOT / "README.md").read_text(encoding="utf-8"), "README.md", {})
    assert result.attempted > 5 and result.failed == 0


@pytest.mark.parametrize("name", MODULES)
def test_module_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    result = _run(_docstring(module), name, dict(vars(module)))
    assert result.attempted > 0 and result.failed == 0


def test_readme_card_list_is_the_data() -> None:
    from monopoly_deal.cardlist import card_table, colour_table

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert card_table("base") in readme and colour_table() in readme


def test_bots_doc_examples_run() -> None:
    result = _run((ROOT / "docs" / "bots.md").read_text(encoding="utf-8"), "docs/bots.md", {})
    assert result.attempted > 5 and result.failed == 0


# --- docs/rules.md: the project's own rule book --------------------------------------

#: Every rule id of the rule book the project was built from. docs/rules.md keeps
#: them all, numbered the same, so tests and scenarios go on naming the same rules.
RULE_IDS = [
    "R1.1", "R1.2", "R1.3", "R1.4", "R1.5",
    "R2.1", "R2.2", "R2.3",
    "R3.1", "R3.2", "R3.3", "R3.4", "R3.5", "R3.6", "R3.7", "R3.8",
    "R4.1", "R4.2", "R4.3",
    "R5.1", "R5.2", "R5.3", "R5.4", "R5.5", "R5.6", "R5.7", "R5.8", "R5.9",
    "R6.1", "R6.2", "R6.3", "R6.4", "R6.5", "R6.6", "R6.7", "R6.8", "R6.9",
    "R7.1", "R7.2", "R7.3",
    "R8.1", "R8.2", "R8.3", "R8.4", "R8.5", "R8.6", "R8.7", "R8.8",
    "R9.1", "R9.2",
    "R10.1", "R10.2", "R10.3", "R10.4", "R10.5", "R10.6",
]


def _rule_text(doc: str, rule: str) -> str:
    """The text of one rule: its heading or list item, up to the next rule or heading."""
    lines = doc.splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(rf"(###|-) {re.escape(rule)}\b", line))
    end = next((i for i in range(start + 1, len(lines)) if re.match(r"##|- R\d", lines[i])), len(lines))
    return "\n".join(lines[start:end])


def _option_value(value: object) -> str:
    """A rule option's value as docs/rules.md and ``--rules`` write it: ``true``, ``s2``, ``0``."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _variant_values(option: Field) -> list[str]:
    """The values of ``option`` that select a variant, as docs/rules.md names them (``N``: any number)."""
    default = option.default
    if isinstance(default, bool):
        return ["true"]
    if option.name in _CHOICES:
        seats = ["0"] if option.name == "start" else []
        return [_option_value(v) for v in _CHOICES[option.name] if v != default] + seats
    return ["N"]


def test_rules_doc_keeps_every_rule_id() -> None:
    """docs/rules.md defines R1.1 … R10.6, each once and in order, and scenarios may name exactly these."""
    from monopoly_deal.scenario import RULE_IDS as SCENARIO_RULE_IDS

    assert rule_ids(RULES_DOC.read_text(encoding="utf-8")) == RULE_IDS
    assert SCENARIO_RULE_IDS == set(RULE_IDS)


@pytest.mark.parametrize("option", fields(Rules), ids=lambda f: f.name)
def test_rules_doc_documents_every_rule_option(option: Field) -> None:
    """Every ``Rules`` option has a row in docs/rules.md's option table with its default and each variant
    as ``option=value``, and the rule the row cites names that variant the same way."""
    doc = RULES_DOC.read_text(encoding="utf-8")
    rows = {row[0]: row[1:] for row in markdown_table(doc[doc.index("## Rule options"):])}
    default, variants, cited = rows[f"`{option.name}`"]
    assert default.startswith(f"`{_option_value(option.default)}`"), default
    cited_rules = re.findall(r"R\d+\.\d+", cited)
    cited_text = "\n".join(_rule_text(doc, r) for r in cited_rules) if cited_rules else \
        doc[doc.index("## Choices where the sources are silent"):]
    for value in _variant_values(option):
        assert f"`{option.name}={value}`" in variants, value
        assert f"`{option.name}={value}`" in cited_text or (value == "N" and f"`{option.name}`" in cited_text), value
