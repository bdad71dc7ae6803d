"""The registry learns of the bots of the packages above it by registration (docs/architecture.md): it lists
them all, yet finding one of its own imports none of those packages."""

from __future__ import annotations

import doctest
import subprocess
import sys

import pytest

from monopoly_deal.bots import BOTS, BotSpecError, RandomBot, make_bot, plugins
from monopoly_deal.bots.registry import OPTIONAL, BotInfo, describe, register, register_missing


def _run(code: str) -> str:
    """``code`` in a fresh interpreter (nothing imported yet), its output."""
    return subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout.strip()


def test_the_package_s_own_bots_load_no_plug_in() -> None:
    assert _run("import sys\nfrom monopoly_deal.bots import make_bot, BOTS\nmake_bot('ismcts:iters=5')\n"
                "'random' in BOTS and BOTS.get('heuristic')\nprint('monopoly_deal.rl' in sys.modules)") == "False"


def test_the_whole_list_loads_the_plug_ins_once_in_order() -> None:
    out = _run("import sys\nfrom monopoly_deal.bots import BOTS\nprint(','.join(BOTS))\n"
               "print('monopoly_deal.rl' in sys.modules, 'gymnasium' in sys.modules, 'torch' in sys.modules)")
    names, loaded = out.splitlines()
    assert names.split(",")[:3] == ["random", "heuristic", "ismcts"]
    assert names.split(",")[-1] == "openspiel-ismcts" and names.count("openspiel-ismcts") == 1
    assert loaded == "True False False"     # rl registers its bots without loading what they need


def test_a_name_it_does_not_know_yet_loads_the_plug_ins() -> None:
    assert _run("from monopoly_deal.bots import make_bot\ntry:\n    make_bot('openspiel-ismcts:sims=0')\n"
                "except Exception as e:\n    print(e)").startswith("bot 'openspiel-ismcts': sims must be")


def test_describe_and_the_errors_name_every_bot() -> None:
    assert "openspiel-ismcts:" in describe()
    with pytest.raises(BotSpecError, match="the bots are random, heuristic, ismcts, .*openspiel-ismcts"):
        make_bot("nosuchbot")


def test_a_registered_kind_plays_and_goes_again() -> None:
    register(BotInfo("quiet", "a plug-in's bot", RandomBot, {}))
    try:
        assert make_bot("quiet", seed=1).name == "random" and list(BOTS)[-1] == "quiet"
    finally:
        del BOTS["quiet"]
    assert "quiet" not in BOTS


def test_a_missing_extra_is_one_line() -> None:
    register_missing("needs-extra", "bot 'needs-extra' needs an extra: pip install something")
    try:
        with pytest.raises(BotSpecError, match=r"^bot 'needs-extra' needs an extra: pip install something$"):
            make_bot("needs-extra")
    finally:
        del OPTIONAL["needs-extra"]


def test_module_docstring_examples_run() -> None:
    result = doctest.testmod(plugins, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
