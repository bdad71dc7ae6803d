"""The examples in the README and in the docstrings run as written."""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MODULES = [
    "monopoly_deal", "monopoly_deal.engine.cards", "monopoly_deal.engine.rules", "monopoly_deal.engine.actions",
    "monopoly_deal.engine.game", "monopoly_deal.record", "monopoly_deal.bots", "monopoly_deal.bots.registry",
    "monopoly_deal.i18n",
    "monopoly_deal.bots.heuristic", "monopoly_deal.bots.ismcts", "monopoly_deal.arena", "monopoly_deal.arena.play",
    "monopoly_deal.arena.stats",
    "monopoly_deal.server.persistence", "monopoly_deal.server.protocol", "monopoly_deal.server.rooms",
    "monopoly_deal.server.views", "monopoly_deal.server.app", "monopoly_deal.server.botpool",
    "monopoly_deal.server.tuning",
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
