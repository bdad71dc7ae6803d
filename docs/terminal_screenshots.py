"""Make the screenshots of docs/terminal.md: one mid-game table per language, as SVG.

    python docs/terminal_screenshots.py        # writes docs/img/terminal-*.svg
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from monopoly_deal.tui.app import PlayApp
from monopoly_deal.tui.menus import menu
from monopoly_deal.tui.session import Session

IMG = Path(__file__).resolve().parent / "img"
SIZE = (132, 44)


def mid_game(seed: int = 2, turns: int = 14) -> Session:
    """You and two random bots, ``turns`` turns in; you played by a random hand that leaves wilds alone."""
    session = Session.new(3, {1: "random", 2: "random"}, seed=seed)
    game, rng = session.game, random.Random(seed)
    while game.turn < turns or game.decider != 0 or game.decision_info()["type"] != "play":
        if session.decider_is_bot:
            session.apply(session.bot_action())
        else:
            actions = [a for a in game.legal_actions() if a.verb not in ("move", "swap")]
            session.apply(rng.choice(actions))
    return session


async def shoot(lang: str, path: Path) -> None:
    session = mid_game()
    app = PlayApp(session, lang, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        choices = menu(session.game, app.tr)
        richest = max(range(len(choices)), key=lambda i: len(choices[i].choices))
        await pilot.press("home", *["down"] * richest, "enter")  # the hand card with the most uses
        await pilot.pause()
        path.write_text(app.export_screenshot(), encoding="utf-8")


if __name__ == "__main__":
    for lang in ("en", "zh-Hant", "zh-Hans"):
        asyncio.run(shoot(lang, IMG / f"terminal-{lang}.svg"))
        print(f"wrote {IMG / f'terminal-{lang}.svg'}")
