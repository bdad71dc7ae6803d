"""A finished game step by step, for the page's replay: every position as one seat saw it, or every card open.

Only finished games: a running game's record would give away every hidden card.

>>> from monopoly_deal import Game, Rules
>>> game = Game(players=2, rules=Rules(start=0), seed=7)
>>> for _ in range(3):
...     game.apply(game.legal_actions()[0])
>>> steps = frames(game.record(), viewer=None, lang="en")
>>> len(steps), "hands" in steps[0]["view"], steps[0]["lines"][0]
(4, True, 'Turn 1 — P1 draws 2 cards: 2M, House.')
>>> "hands" in frames(game.record(), viewer=1, lang="en")[0]["view"]
False
"""

from __future__ import annotations

from typing import Any

from ..narrate import Narrator
from ..record import rules_for, start_game
from .views import lines, open_view


def frames(record: dict[str, Any], viewer: int | None, lang: str) -> list[dict[str, Any]]:
    """The position before the first action and after each action of ``record`` (a stored game's, already
    checked), as ``viewer`` saw it (a seat) or with every card open (``None``), each with the log lines
    that step added, in ``lang``."""
    version, names = record["version"], record["players"]
    game = start_game(version, record["edition"], rules_for(version, record["rules"]), record["seed"], names,
                      log=True)
    narrator = Narrator(game, viewer)

    def frame(said: list[Any], action: str | None) -> dict[str, Any]:
        view = game.view(viewer) if viewer is not None else open_view(game)
        return {"action": action, "view": view, "lines": lines(said, names, lang)}

    return [frame(narrator.start(), None)] + [frame(narrator.play(action), action) for action in record["actions"]]
