"""The examples in the rl modules' docstrings run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

from ..test_docs import _docstring, _run

MODULES = ["monopoly_deal.rl", "monopoly_deal.rl.encoding", "monopoly_deal.rl.core", "monopoly_deal.rl.pettingzoo",
           "monopoly_deal.rl.gymnasium", "monopoly_deal.rl.vector", "monopoly_deal.rl.plugin"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    if module.__doc__:
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    else:   # compiled (the encoder): its docstring is read from the source installed beside it
        result = _run(_docstring(module), name, dict(vars(module)))
    assert result.attempted > 0 and result.failed == 0
