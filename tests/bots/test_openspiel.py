"""OpenSpiel's bots on our seats: the arena plays them, the registry bounds them, the server's cap stops them."""

from __future__ import annotations

import doctest
import sys
import time

import pytest

pytest.importorskip("pyspiel")  # OpenSpiel is optional: the imports below need it

from monopoly_deal import Game, Rules
from monopoly_deal.arena.play import play as play_match
from monopoly_deal.arena.play import schedule
from monopoly_deal.bots import BotSpecError, Seat, make_bot
from monopoly_deal.rl import openspiel_bot as openspiel_bots
from monopoly_deal.rl.openspiel_bot import OpenSpielIsmctsBot


def test_arena_plays_openspiel_ismcts_to_the_end() -> None:
    for match in schedule(["openspiel-ismcts:sims=4", "heuristic"], players=2, games=2, seed=3):
        result = play_match(match, 2, "base", Rules(max_turns=12))
        assert result["turns"] <= 13 and sum(result["decisions"]) > 0


def test_same_seed_same_choices() -> None:
    game = Game(players=3, seed=21)
    seat = Seat(game, game.decider)
    assert len(seat.legal_actions) > 1
    choices = {make_bot("openspiel-ismcts:sims=12,seed=5").choose(seat) for _ in range(2)}
    assert len(choices) == 1 and choices <= set(seat.legal_actions)


@pytest.mark.parametrize("spec, message", [
    ("openspiel-ismcts:sims=0", "sims must be a whole number from 1 to 5000"),
    ("openspiel-ismcts:rollouts=101", "rollouts must be a whole number from 1 to 100"),
    ("openspiel-ismcts:depth=2", "has no option"),
])
def test_options_are_bounded(spec: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        make_bot(spec)


def test_without_openspiel_one_line_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # None: "import pyspiel" raises ModuleNotFoundError
    for name in ("monopoly_deal.rl.openspiel_bot", "monopoly_deal.rl.openspiel"):
        monkeypatch.delitem(sys.modules, name)  # imported afresh, so they meet the missing pyspiel
    with pytest.raises(BotSpecError, match=r"^bot 'openspiel-ismcts' needs OpenSpiel: pip install open_spiel$"):
        make_bot("openspiel-ismcts")


def test_max_seconds_caps_a_decision() -> None:
    game = Game(players=2, seed=7)
    seat = Seat(game, game.decider)
    bot = OpenSpielIsmctsBot(seed=1, sims=5000, max_seconds=0.2)
    start = time.perf_counter()
    assert bot.choose(seat) in seat.legal_actions
    assert time.perf_counter() - start < 20  # 5000 simulations take minutes


def test_module_docstring_examples_run() -> None:
    result = doctest.testmod(openspiel_bots, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
