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
from ..engine.cards import COLOUR_KEYS, NO_COLOUR_KEY, TYPE_BY_KEY, TYPES
from ..engine.game import PLAYING
from ..i18n import Translator
from ..narrate import Card, Group, Player

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
    names = tr.seat_names(game.names)

    def choices(group: list[Action]) -> tuple[Choice, ...]:
        """The actions' lines; where two read the same (one card in two groups of a colour), the group tells them apart."""
        labels = [tr.action(a, names, game.amount_of(a)) for a in group]
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
    """What the decider is asked, in words, with what is at stake:
    "P1, pay P2 5M: 2M paid, 3M still owed. Choose a card.", "P1: P2 plays Sly Deal to take
    your green property (4M). Just Say No, or accept?"."""
    info, names = game.decision_info(), tr.seat_names(game.names)
    player, kind = names[game.decider], info["type"]
    if kind == "play":
        plays = game.view(game.decider)["plays_left"]
        return tr.gettext("ui.decide.play" if plays else "ui.decide.play-none", player=player, plays=plays)
    if kind == "respond":
        params = {"player": player, "actor": names[info["actor"]], "card": tr.card(info["action"])}
        if info["noes"]:
            return tr.gettext("ui.decide.respond-noes", count=info["noes"], **params)
        return tr.gettext("ui.decide.respond-stake", player=player, stake=stake(game, tr), answer=_answers(game, tr))
    if kind == "pay":
        paid, owed = info["paid"], info["owed"]
        return tr.gettext("ui.decide.pay-running", player=player, receiver=names[info["receiver"]],
                          total=f"{paid + owed}M", paid=f"{paid}M", owed=f"{owed}M")
    if kind == "place":
        return tr.gettext("ui.decide.place", player=player, card=tr.card(info["building"]))
    return tr.gettext(f"ui.decide.{kind}", player=player)


def stake(game: Game, tr: Translator) -> str:
    """What the card the decider must answer would do to them, from ``decision_info()``.

    >>> from monopoly_deal import Game
    >>> from monopoly_deal.i18n import get_translator
    >>> game = Game.from_position(2, hands={0: ["sly-deal"]}, groups={1: [("green", ["green"], None, None)]})
    >>> game.apply("sly-deal P2 green:green")
    >>> stake(game, get_translator("en"))
    'P1 plays Sly Deal to take your green property (4M).'
    """
    info, words = game.decision_info(), tr.words(tr.seat_names(game.names))
    verb = info["action"]
    params = {"actor": words.value(Player(info["actor"])), "card": tr.card(verb)}
    if "amount" in info:
        amount = f"{info['amount']}M"
        if info["transferred_from"] is not None:
            return tr.gettext("ui.stake.transfer", passer=words.value(Player(info["against"])), amount=amount, **params)
        return tr.gettext("ui.stake.pay", amount=amount, **params)
    cards = [_valued(game, tr, colour, key) for _, colour, key in info.get("cards", [])]
    if verb == "deal-breaker":
        return tr.gettext("ui.stake.set", colour=tr.colour(info["cards"][0][1]), **params)
    if verb == "forced-deal":
        return tr.gettext("ui.stake.swap", target=cards[0], given=cards[1], **params)
    if verb == "double-sly-deal":
        return tr.gettext("ui.stake.take-two", first=cards[0], second=cards[1], **params)
    if verb == "sly-deal":
        return tr.gettext("ui.stake.take", target=cards[0], **params)
    return tr.gettext(_STAKES[verb], **params)


#: The cards aimed at a player that neither charge nor take a property.
_STAKES = {"go-to-jail": "ui.stake.jail", "inheritor": "ui.stake.inheritor", "speeding-deal": "ui.stake.speeding"}


def _valued(game: Game, tr: Translator, colour: str, key: str) -> str:
    """A property with its value in this game: "red/yellow wild (as red) (3M)" (a rainbow wild alone: no colour)."""
    t = TYPE_BY_KEY[key]
    card = tr.words(game.names).value(Card(t.index, (*COLOUR_KEYS, NO_COLOUR_KEY).index(colour)))
    return tr.gettext("ui.card-value", card=card, value=f"{game.deck.values[t.index]}M")


def _answers(game: Game, tr: Translator) -> str:
    """The answers there are: "Just Say No, or accept?", or "You can only accept."."""
    verbs = {a.verb for a in game.legal_actions()}
    no, transfer = tr.card("just-say-no"), tr.card("rent-transfer")
    key = {(True, True): "no-transfer", (True, False): "no", (False, True): "transfer", (False, False): "accept"}
    return tr.gettext(f"ui.answer.{key['no' in verbs, 'transfer' in verbs]}", no=no, transfer=transfer)


