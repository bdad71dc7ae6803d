"""Menus offer exactly the legal actions: every one reachable, nothing else, in words in every language."""

from __future__ import annotations

import pytest

from monopoly_deal.bots import RandomBot, Seat
from monopoly_deal.engine import Game
from monopoly_deal.engine.game import PLAYING
from monopoly_deal.i18n import LANGUAGES, get_translator
from monopoly_deal.tui.menus import leaves, menu, question


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_menu_holds_exactly_the_legal_actions(lang: str) -> None:
    tr = get_translator(lang)
    seen: set[str] = set()
    for seed in range(3):
        game = Game(players=3, edition="enhanced", seed=seed)
        bot = RandomBot(seed=seed)
        while not game.over:
            choices = menu(game, tr)
            reachable = [a for c in choices for a in leaves(c)]
            assert sorted(reachable) == sorted(game.legal_actions())
            labels = [c.label for c in choices] + [c.label for top in choices for c in top.choices]
            assert all(labels) and len(set(labels)) == len(labels)
            if game.decision == PLAYING:  # one line per hand card, each a sub-menu of its uses
                assert all(c.choices for c in choices if c.action is None)
            assert question(game, tr).startswith(game.names[game.decider])
            seen.add(game.decision_info()["type"])
            game.apply(bot.choose(Seat(game, game.decider)))
    assert {"play", "respond", "pay", "put-back"} <= seen
