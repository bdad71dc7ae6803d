"""Menus offer exactly the legal actions: every one reachable, nothing else, in words in every language."""

from __future__ import annotations

import pytest

from monopoly_deal.bots import RandomBot, Seat
from monopoly_deal.engine import Game
from monopoly_deal.engine.game import PLAYING
from monopoly_deal.i18n import LANGUAGES, get_translator
from monopoly_deal.tui.menus import leaves, menu, question
from monopoly_deal.tui.render import hand_size


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
            asked = question(game, tr)
            assert asked.startswith(game.names[game.decider]) and "{" not in asked
            info = game.decision_info()
            if info["type"] == "respond" and not info["noes"]:  # what is at stake: who, with which card
                assert game.names[info["actor"]] in asked and tr.card(info["action"]) in asked
                seen.add(f"stake {info['action'].split(':')[0]}")
            seen.add(game.decision_info()["type"])
            game.apply(bot.choose(Seat(game, game.decider)))
    assert {"play", "respond", "pay", "put-back"} <= seen
    assert {f"stake {verb}" for verb in ("rent", "sly-deal", "forced-deal", "deal-breaker", "debt-collector",
                                         "birthday", "double-sly-deal", "go-to-jail", "speeding-deal")} <= seen


def test_grammar_one_card_and_no_plays_left() -> None:
    en = get_translator("en")
    assert (hand_size(1, en), hand_size(2, en)) == ("1 card in hand", "2 cards in hand")
    game = Game.from_position(2, hands={0: ["1M", "2M", "3M", "4M"]}, rest="box")
    for money in ("1M", "2M", "3M"):
        game.apply(f"bank {money}")
    assert question(game, en) == "P1, no plays left: end the turn."



def test_a_rent_passed_on_names_who_passed_it() -> None:
    """Enhanced edition: P2 passes P1's rent on to P3 with Rent Transfer; P3 is told who, whose and how much."""
    game = Game.from_position(3, edition="enhanced", hands={0: ["rent:any"], 1: ["rent-transfer"], 2: ["just-say-no"]},
                              groups={0: [("red", ["red"], None, None)]}, banks={1: ["5M"], 2: ["5M"]})
    game.apply("rent:any red P2")
    assert [str(a) for a in game.legal_actions()] == ["accept", "transfer P3"]
    game.apply("transfer P3")
    assert question(game, get_translator("en")) == \
        "P3: P2 passes P1's any-colour rent on to you: 2M. Just Say No, or accept?"
