"""Make the screenshots of docs/terminal.md at 80×24: one mid-game table per language, a payment and
the end of a game, as SVG.

    python docs/terminal_screenshots.py        # writes docs/img/terminal-*.svg
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from monopoly_deal.bots import RandomBot
from monopoly_deal.engine import Action, Game
from monopoly_deal.tui.app import PlayApp
from monopoly_deal.tui.menus import menu
from monopoly_deal.tui.session import Session

IMG = Path(__file__).resolve().parent / "img"
SIZE = (80, 24)  # the smallest terminal the game plays in


def mid_game(seed: int = 2, turns: int = 14, to_the_end: bool = False) -> Session:
    """You and two random bots, ``turns`` turns in (or to the end); you played by a random hand that
    leaves wilds alone."""
    session = Session.new(3, {1: "random", 2: "random"}, seed=seed)
    game, rng = session.game, random.Random(seed)
    while (not game.over if to_the_end else
           game.turn < turns or game.decider != 0 or game.decision_info()["type"] != "play"):
        if session.decider_is_bot:
            session.apply(session.bot_action())
        else:
            actions = [a for a in game.legal_actions() if a.verb not in ("move", "swap")]
            session.apply(rng.choice(actions))
    return session


def paying() -> Session:
    """P2 collects a debt from you: you have paid 1M from your bank; your greens are worth 4M each."""
    game = Game.from_position(
        2, names=["P1", "P2 (random)"], hands={0: ["just-say-no", "2M", "sly-deal"], 1: ["debt-collector"]},
        banks={0: ["1M"], 1: ["5M"]},
        groups={0: [("green", ["green", "green"], None, None), ("brown", ["brown"], None, None)],
                1: [("red", ["red", "red"], None, None)]},
        draw=["1M", "2M", "3M", "4M", "5M", "1M"], rest="box", active=1)
    session = Session([game], {1: ("random", RandomBot(seed=1))})
    for action in ("debt-collector P1", "accept", "pay 1M"):
        session.apply(Action.parse(action))
    return session


async def table(lang: str, path: Path) -> None:
    session = mid_game()
    app = PlayApp(session, lang, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        choices = menu(session.game, app.tr)
        richest = max(range(len(choices)), key=lambda i: len(choices[i].choices))
        await pilot.press("home", *["down"] * richest, "enter")  # the hand card with the most uses
        await pilot.pause()
        path.write_text(app.export_screenshot(), encoding="utf-8")


async def shoot(session: Session, path: Path) -> None:
    """``session`` as it stands, in English."""
    app = PlayApp(session, "en", delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        path.write_text(app.export_screenshot(), encoding="utf-8")


if __name__ == "__main__":
    for lang in ("en", "zh-Hant", "zh-Hans"):
        asyncio.run(table(lang, IMG / f"terminal-{lang}.svg"))
        print(f"wrote {IMG / f'terminal-{lang}.svg'}")
    for name, session in (("pay", paying()), ("over", mid_game(to_the_end=True))):
        asyncio.run(shoot(session, IMG / f"terminal-en-{name}.svg"))
        print(f"wrote {IMG / f'terminal-en-{name}.svg'}")
