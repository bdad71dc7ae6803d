"""The legal actions as menus: a hand card, then its uses; never a choice the engine did not offer.

>>> from monopoly_deal import Game, Rules
>>> from monopoly_deal.i18n import get_translator
>>> game = Game(players=2, rules=Rules(start=0), seed=42)
>>> top = menu(game, get_translator("en"))
>>> [c.label for c in top][-1]
'End the turn'
>>> sum(len(leaves(c)) for c in top) == len(game.legal_actions())
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Action, Game
from ..engine.cards import TYPE_BY_KEY, TYPES
from ..engine.game import PLAYING
from ..i18n import Translator
from ..narrate import Group

_REARRANGE = ("move", "swap")


@dataclass(frozen=True)
class Choice:
    """A menu line: an action to take, or a sub-menu (``choices``)."""

    label: str
    action: Action | None = None
    choices: tuple[Choice, ...] = ()


def leaves(choice: Choice) -> list[Action]:
    """Every action under ``choice``."""
    if choice.action is not None:
        return [choice.action]
    return [a for c in choice.choices for a in leaves(c)]


def menu(game: Game, tr: Translator) -> tuple[Choice, ...]:
    """The decider's menu. While playing: one line per hand card (its uses below it), the
    free re-arranging of wilds, and ending the turn; any other decision: its actions."""
    actions = game.legal_actions()
    names = list(game.names)

    def choices(group: list[Action]) -> tuple[Choice, ...]:
        """The actions' lines; where two read the same (one card in two groups of a colour), the group tells them apart."""
        labels = [tr.action(a, names, action_rent(game, a)) for a in group]
        twice = {label for label in labels if labels.count(label) > 1}
        words = tr.words(names)
        return tuple(Choice(f"{label} · {words.value(Group(a.colour, max(a.group, 0)))}" if label in twice else label, a)
                     for label, a in zip(labels, group, strict=True))

    if game.decision != PLAYING:
        return choices(list(actions))
    by_card: dict[str, list[Action]] = {}
    rearrange: list[Action] = []
    ends: list[Action] = []
    for a in actions:
        if a.verb in _REARRANGE:
            rearrange.append(a)
        elif a.verb in TYPE_BY_KEY:
            by_card.setdefault(a.verb, []).append(a)
        elif a.card >= 0:
            by_card.setdefault(TYPES[a.card].key, []).append(a)
        else:
            ends.append(a)
    out = [Choice(tr.card(key), choices=choices(uses))
           for key, uses in sorted(by_card.items(), key=lambda item: TYPE_BY_KEY[item[0]].index)]
    if rearrange:
        out.append(Choice(tr.gettext("ui.rearrange"), choices=choices(rearrange)))
    return tuple(out) + choices(ends)


def question(game: Game, tr: Translator) -> str:
    """What the decider is asked, in words: "P1, pay P2: 3M still owed. Choose a card."."""
    info, names = game.decision_info(), list(game.names)
    player, kind = names[game.decider], info["type"]
    if kind == "play":
        return tr.gettext("ui.decide.play", player=player, plays=game.view(game.decider)["plays_left"])
    if kind == "respond":
        params = {"player": player, "actor": names[info["actor"]], "card": tr.card(info["action"])}
        if info["noes"]:
            return tr.gettext("ui.decide.respond-noes", count=info["noes"], **params)
        return tr.gettext("ui.decide.respond", **params)
    if kind == "pay":
        return tr.gettext("ui.decide.pay", player=player, receiver=names[info["receiver"]], owed=f"{info['owed']}M")
    if kind == "place":
        return tr.gettext("ui.decide.place", player=player, card=tr.card(info["building"]))
    return tr.gettext(f"ui.decide.{kind}", player=player)


def action_rent(game: Game, a: Action) -> int | None:
    """The rent a rent action charges each payer (the notation does not say)."""
    if not a.verb.startswith("rent:"):
        return None
    return game.rent_of(game.groups[game.active][a.colour][a.group], a.colour) << max(a.extra, 0)
