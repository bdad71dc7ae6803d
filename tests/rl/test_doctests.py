"""The examples in the rl modules' docstrings run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["monopoly_deal.rl", "monopoly_deal.rl.encoding", "monopoly_deal.rl.core", "monopoly_deal.rl.pettingzoo",
           "monopoly_deal.rl.gymnasium", "monopoly_deal.rl.vector"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
