"""The table as one seat sees it (``game.view(seat)`` only), as Rich text.

>>> from monopoly_deal import Game, Rules
>>> from monopoly_deal.i18n import get_translator
>>> game = Game(players=2, rules=Rules(start=0), seed=42)
>>> text = player_panel(game.view(0), 1, get_translator("en")).plain
>>> text.splitlines()[0], "5 cards in hand" in text
('P2', True)
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ..engine.cards import COLOUR_KEYS, SET_SIZE, TYPE_BY_KEY, Kind
from ..i18n import Translator

#: Colours as people know them from the cards.
STYLES = {
    "brown": "#a0522d", "light-blue": "#87cefa", "pink": "#ff69b4", "orange": "#ffa500", "red": "#ff3b3b",
    "yellow": "#ffe135", "green": "#2ecc40", "dark-blue": "#4169e1", "railroad": "#c0c0c0",
    "utility": "#b5e61d", "none": "#da70d6",
}
MONEY_STYLE = "#7fd67f"
ACTION_STYLE = "#e0e0ff"


def card_style(key: str) -> str:
    """A card's colour: a property's colour (a wild's first), money green, other cards pale."""
    t = TYPE_BY_KEY[key]
    if t.kind == Kind.MONEY:
        return MONEY_STYLE
    if t.kind == Kind.RAINBOW:
        return STYLES["none"]
    if t.colours and t.kind != Kind.RENT_ANY:
        return STYLES[COLOUR_KEYS[t.colours[0]]]
    return ACTION_STYLE


def card_text(key: str, tr: Translator) -> Text:
    """A card by name, in its colour; money as its amount."""
    t = TYPE_BY_KEY[key]
    return Text(key if t.kind == Kind.MONEY else tr.card(key), style=card_style(key))


def cards_text(keys: list[str], tr: Translator) -> Text:
    return Text(", ").join(card_text(k, tr) for k in keys)


def _value(keys: list[str]) -> int:
    return sum(TYPE_BY_KEY[k].value for k in keys)


def seat_name(view: dict[str, Any], seat: int, tr: Translator) -> str:
    name = view["names"][seat]
    return tr.gettext("ui.you", player=name) if seat == view["seat"] else name


def player_panel(view: dict[str, Any], seat: int, tr: Translator, hand: list[str] | None = None) -> Text:
    """One player's table: name, hand size, bank (total and cards), property groups with progress;
    ``hand`` shows the seat's hand open (a replay with all cards open)."""
    text = Text()
    text.append(seat_name(view, seat, tr), style="bold reverse" if seat == view["decision"]["player"] else "bold")
    if view["jailed"][seat]:
        text.append(f"  [{tr.gettext('ui.jailed')}]", style="bold red")
    bank = view["banks"][seat]
    text.append("\n" + tr.gettext("ui.hand-size", count=view["hand_sizes"][seat]) + " · ")
    text.append(tr.gettext("ui.bank", amount=f"{_value(bank)}M"), style=MONEY_STYLE)
    if bank:
        text.append(": ").append(cards_text(bank, tr))
    if hand is not None:
        text.append("\n  ").append_text(cards_text(hand, tr))
    groups = view["groups"][seat]
    if not groups:
        text.append("\n  " + tr.gettext("ui.no-properties"), style="dim")
    for g in groups:
        text.append("\n").append_text(group_text(g, tr))
    return text


def group_text(g: dict[str, Any], tr: Translator) -> Text:
    """``■ red 2/3: red property, red/yellow wild`` — and ``✔ complete``, buildings."""
    colour = g["colour"]
    line = Text("  ■ ", style=STYLES[colour])
    label = tr.colour(colour) + (f" #{g['group'] + 1}" if g["group"] else "")
    line.append(label, style=f"bold {STYLES[colour]}")
    if colour != "none":
        size = SET_SIZE[COLOUR_KEYS.index(colour)]
        line.append(f" {min(len(g['cards']), size)}/{size}")
        if g["complete"]:
            line.append(f" ✔ {tr.gettext('ui.complete')}", style="bold green")
    line.append(": ").append(cards_text(g["cards"], tr))
    for building in (g["house"], g["hotel"]):
        if building:
            line.append(" + ").append(card_text(building, tr))
    return line


def status_text(view: dict[str, Any], tr: Translator) -> Text:
    """Whose turn, plays left, the draw pile and the discard pile's top card."""
    active = view["active"]
    text = Text(tr.gettext("ui.turn", turn=view["turn"], player=seat_name(view, active, tr),
                           plays=view["plays_left"]), style="bold")
    text.append("   " + tr.gettext("ui.draw-pile", count=view["draw_size"]) + "   ")
    discard = view["discard"]
    if discard:
        text.append(tr.gettext("ui.discard-pile", count=len(discard), card="\0").split("\0")[0])
        text.append_text(card_text(discard[-1], tr))
        text.append(tr.gettext("ui.discard-pile", count=len(discard), card="\0").split("\0")[1])
    else:
        text.append(tr.gettext("ui.discard-empty"))
    return text


def hand_text(view: dict[str, Any], tr: Translator) -> Text:
    """The viewer's own hand."""
    hand = view["hand"]
    text = Text(tr.gettext("ui.your-hand", count=len(hand)) + ": ", style="bold")
    return text.append_text(cards_text(hand, tr))
