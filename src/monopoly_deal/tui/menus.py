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

    def choice(a: Action) -> Choice:
        return Choice(tr.action(a, names, _rent(game, a)), a)

    if game.decision != PLAYING:
        return tuple(choice(a) for a in actions)
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
    out = [Choice(tr.card(key), choices=tuple(choice(a) for a in uses))
           for key, uses in sorted(by_card.items(), key=lambda item: TYPE_BY_KEY[item[0]].index)]
    if rearrange:
        out.append(Choice(tr.gettext("ui.rearrange"), choices=tuple(choice(a) for a in rearrange)))
    return tuple(out + [choice(a) for a in ends])


def _rent(game: Game, a: Action) -> int | None:
    """The rent a rent action charges each payer (the notation does not say)."""
    if not a.verb.startswith("rent:"):
        return None
    return game.rent_of(game.groups[game.active][a.colour][a.group], a.colour) << max(a.extra, 0)
