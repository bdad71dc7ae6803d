"""The table as text, for the terminal game: :mod:`monopoly_deal.render`, where it lives since the learning
environments print it too (a layer under both, docs/architecture.md).

>>> from monopoly_deal import Game
>>> from monopoly_deal.i18n import get_translator
>>> hand_size(1, get_translator("en"))
'1 card in hand'
"""

from __future__ import annotations

from ..render import (
    ACTION_STYLE,
    MONEY_STYLE,
    STYLES,
    card_style,
    card_text,
    cards_text,
    game_summary,
    group_text,
    hand_size,
    hand_text,
    player_panel,
    seat_name,
    status_text,
)

__all__ = ["ACTION_STYLE", "MONEY_STYLE", "STYLES", "card_style", "card_text", "cards_text", "game_summary",
           "group_text", "hand_size", "hand_text", "player_panel", "seat_name", "status_text"]
