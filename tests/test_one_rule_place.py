"""Issue 31, one place for each rule: what a rule option changes, every front end says as the engine does.

``values=s2`` (R1.5) values the any-colour rent at 1M and the railroad/utility wild at 4M: the terminal's
bank totals and menus, the narration of a game and its record's replay all say so. What a card charges
(R5.3, R5.4) comes from the engine's event, not from a copy of the rule. The page is
tests/server/test_one_rule_place.py.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from monopoly_deal.engine import Action, Game, Rules
from monopoly_deal.i18n import get_translator
from monopoly_deal.narrate import Narrator
from monopoly_deal.tui.menus import leaves, menu
from monopoly_deal.tui.render import game_summary, player_panel

S2 = Rules(values="s2")
EN = get_translator("en")


def s2_position() -> Game:
    return Game.from_position(2, rules=S2, hands={0: ["rent:any", "birthday"]}, banks={0: ["rent:any", "1M"]},
                              groups={0: [("railroad", ["railroad/utility", "railroad"], None, None)]},
                              names=["Ann", "Bo"])


def test_R1_5_the_terminal_totals_and_menus_use_the_decks_values() -> None:
    game = s2_position()
    assert "Bank 2M" in player_panel(game.view(0), 0, EN).plain          # 1M + 1M, not 3M + 1M
    labels = [c.label for c in menu(game, EN) for c in (c, *c.choices)]
    assert "Bank any-colour rent (1M)" in labels
    rent = next(a for c in menu(game, EN) for a in leaves(c) if a.verb == "rent:any")
    assert game.amount_of(rent) == game.rent_of(game.groups[0][8][0], 8)     # the engine's rent, in the label
    assert f"({game.amount_of(rent)}M)" in EN.action(rent, game.names, game.amount_of(rent))


def test_R1_5_a_finished_games_summary_uses_the_decks_values() -> None:
    game = s2_position()
    game.apply("birthday")
    game.apply("accept")
    assert "Bank 2M" in game_summary(game, 0, EN, "over").plain


def test_R5_3_the_amount_charged_is_the_engines_in_its_event_and_the_narration() -> None:
    game = s2_position()
    narrator = Narrator(Game.from_position(2, rules=S2, hands={0: ["birthday"]}, names=["Ann", "Bo"]))
    narrator.start()
    said = EN.lines(narrator.play(Action.parse("birthday")), ["Ann", "Bo"])
    assert any("2M" in line for line in said), said
    use = next(e for e in narrator.game.events or [] if e[0] == "use")
    assert use[3] == narrator.game.attack.amount == 2
    assert game.charge(Action.parse("birthday")) == 2


def test_R1_5_a_records_replay_says_the_decks_values(tmp_path: Path) -> None:
    game = Game(2, "base", S2, 3, ["Ann", "Bo"])
    while not game.over and game.turn < 30:
        legal = game.legal_actions()
        calm = [a for a in legal if a.verb not in ("move", "swap")] or legal     # no endless re-arranging
        game.apply(next((a for a in legal if str(a) == "bank rent:any"), calm[-1]))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.record()), encoding="utf-8")
    shown = subprocess.run([sys.executable, "-m", "monopoly_deal", "replay", str(path)], capture_output=True,
                           text=True, timeout=120, check=True).stdout
    banked = [line for line in shown.splitlines() if "banks" in line and "any-colour rent" in line]
    assert banked and all(line.endswith("as 1M.") for line in banked), banked     # not the printed 3M
