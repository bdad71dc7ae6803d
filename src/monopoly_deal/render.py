"""The table as one seat sees it (``game.view(seat)`` only), as Rich text: the terminal game's panels
and the learning environments' ``render()`` (docs/architecture.md: a layer under both, so neither
imports the other).

>>> from monopoly_deal import Game, Rules
>>> from monopoly_deal.i18n import get_translator
>>> game = Game(players=2, rules=Rules(start=0), seed=42)
>>> text = player_panel(game.view(0), 1, get_translator("en")).plain
>>> text.splitlines()[0]
'P2 · 5 cards in hand · Bank 0M'
>>> table = Game.from_position(2, groups={0: [("red", ["red", "red"], None, None)]})
>>> group_text(table.view(1)["groups"][0][0], get_translator("en")).plain
'  ■ red 2/3 · rent 3M: red property, red property'
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from .engine import Game
from .engine.cards import COLOUR_KEYS, SET_SIZE, TYPE_BY_KEY, Kind
from .i18n import Translator

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
    return Text(tr.gettext("narrate._comma")).join(card_text(k, tr) for k in keys)


def _value(keys: list[str], view: dict[str, Any]) -> int:
    """What ``keys`` are worth in the view's deck (R1.5: the engine says, in ``view["values"]``)."""
    return sum(view["values"][k] for k in keys)


def seat_name(view: dict[str, Any], seat: int, tr: Translator) -> str:
    name = tr.seat_names(view["names"])[seat]   # a bot's seat named as people read it
    return tr.gettext("ui.you", player=name) if seat == view["seat"] else name


def player_panel(view: dict[str, Any], seat: int, tr: Translator, hand: list[str] | None = None) -> Text:
    """One player's table: name, hand size, bank (total and cards), property groups with progress
    and rent; ``hand`` shows the seat's hand open (a replay with all cards open, a finished game)."""
    text = Text()
    text.append(seat_name(view, seat, tr), style="bold reverse" if seat == view["decision"]["player"] else "bold")
    if view["jailed"][seat]:
        text.append(f"  [{tr.gettext('ui.jailed')}]", style="bold red")
    bank = view["banks"][seat]
    text.append(" · " + hand_size(view["hand_sizes"][seat], tr) + " · ")
    text.append(tr.gettext("ui.bank", amount=f"{_value(bank, view)}M"), style=MONEY_STYLE)
    if bank:
        text.append(tr.gettext("ui.colon")).append(cards_text(bank, tr))
    if hand is not None:
        text.append("\n  ").append_text(cards_text(hand, tr))
    groups = view["groups"][seat]
    if not groups:
        text.append("\n  " + tr.gettext("ui.no-properties"), style="dim")
    for g in groups:
        text.append("\n").append_text(group_text(g, tr))
    return text


def hand_size(count: int, tr: Translator) -> str:
    """"1 card in hand", "5 cards in hand"."""
    return tr.gettext("ui.hand-size-one") if count == 1 else tr.gettext("ui.hand-size", count=count)


def group_text(g: dict[str, Any], tr: Translator) -> Text:
    """``■ red 2/3 · rent 3M: red property, red/yellow wild`` — and ``✔ complete``, buildings."""
    colour = g["colour"]
    line = Text("  ■ ", style=STYLES[colour])
    label = tr.colour(colour) + (f" #{g['group'] + 1}" if g["group"] else "")
    line.append(label, style=f"bold {STYLES[colour]}")
    if colour != "none":
        size = SET_SIZE[COLOUR_KEYS.index(colour)]
        line.append(f" {min(len(g['cards']), size)}/{size}")
        if g["complete"]:
            line.append(f" ✔ {tr.gettext('ui.complete')}", style="bold green")
        line.append(" · ").append(tr.gettext("ui.rent", amount=f"{g['rent']}M"), style=MONEY_STYLE)
    line.append(tr.gettext("ui.colon")).append(cards_text(g["cards"], tr))
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
    text = Text(tr.gettext("ui.your-hand", count=len(hand)) + tr.gettext("ui.colon"), style="bold")
    return text.append_text(cards_text(hand, tr))


def game_summary(game: Game, viewer: int | None, tr: Translator, result: str) -> Text:
    """The end of a game: ``result`` (who won), then each player's complete sets, bank and hand.

    >>> from monopoly_deal import Game, Rules
    >>> from monopoly_deal.i18n import get_translator
    >>> game = Game.from_position(2, hands={0: ["green"], 1: ["2M"]}, banks={1: ["5M"]},
    ...     groups={0: [("brown", ["brown"] * 2, None, None), ("dark-blue", ["dark-blue"] * 2, None, None),
    ...                 ("green", ["green"] * 2, None, None)]})
    >>> game.apply("play green")
    >>> print(game_summary(game, 0, get_translator("en"), "P1 wins!").plain)
    P1 wins!
    <BLANKLINE>
    P1 (you) · complete sets: 3 (brown, green, dark blue) · Bank 0M
      hand: –
    P2 · complete sets: 0 · Bank 5M: 5M
      hand: 2M
    """
    text = Text(result, style="bold")
    text.append("\n")
    for seat in range(game.players):
        view = game.view(seat)
        view["seat"] = -1 if viewer is None else viewer
        complete = list(dict.fromkeys(g["colour"] for g in view["groups"][seat] if g["complete"]))
        sets = tr.gettext("ui.over-sets", count=len(complete))
        if complete:
            sets += tr.gettext("ui.brackets", more=tr.gettext("narrate._comma").join(tr.colour(c) for c in complete))
        text.append("\n" + seat_name(view, seat, tr), style="bold")
        text.append(" · " + sets + " · ")
        bank = view["banks"][seat]
        text.append(tr.gettext("ui.bank", amount=f"{_value(bank, view)}M"), style=MONEY_STYLE)
        if bank:
            text.append(tr.gettext("ui.colon")).append_text(cards_text(bank, tr))
        text.append("\n  " + tr.gettext("ui.over-hand") + tr.gettext("ui.colon"))
        text.append_text(cards_text(view["hand"], tr) if view["hand"] else Text("–", style="dim"))
    return text
