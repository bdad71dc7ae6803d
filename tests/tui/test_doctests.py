"""The examples in the terminal modules' docstrings run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["monopoly_deal.tui.session", "monopoly_deal.tui.menus", "monopoly_deal.tui.render",
           "monopoly_deal.tui.replay", "monopoly_deal.render"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
