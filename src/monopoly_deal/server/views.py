"""What each client is sent: a seat's view, a spectator's view, the log in words, the cards in a language.

Words come from :mod:`monopoly_deal.i18n`, the catalogues the terminal uses.

Everything a client sees is derived from ``game.view(seat)`` and a
:class:`~monopoly_deal.narrate.Narrator` for that seat; a spectator gets
``game.view(None)``, with no hand, and a narrator that sees no private card.

>>> from monopoly_deal import Game
>>> game = Game(players=2, seed=1)
>>> "hand" in game.view(None), len(game.view(0)["hand"]) > 0
(False, True)
"""

from __future__ import annotations

import json
from collections import OrderedDict
from functools import cache, cached_property
from typing import Any

from ..engine import Action, Game, Rules
from ..engine.cards import COLOUR_KEYS, NO_COLOUR_KEY, RENT, SET_SIZE, TYPES, Kind
from ..engine.rules import BOUNDED_REARRANGEMENTS
from ..i18n import Translator, get_translator
from ..narrate import Message, Narrator

_GROUP_KEYS = COLOUR_KEYS + (NO_COLOUR_KEY,)


class SpectatorNarrator(Narrator):
    """Narrates for someone at no seat: drawn and put-back cards stay face down."""

    def _sees(self, *seats: int) -> bool:
        return False


def new_narrator(game: Game, viewer: int | None, fresh: Game | None = None) -> Narrator:
    """A narrator for ``viewer`` (a seat, or ``None`` for spectators) over a fresh copy of ``game``'s start:
    its seed dealt again, or ``fresh`` (made with ``log=True``) for a game that began at a position."""
    fresh = fresh or game.restart()
    return Narrator(fresh, viewer) if viewer is not None else SpectatorNarrator(fresh)


def action_fields(game: Game, action: Action, translator: Translator) -> dict[str, Any]:
    """A legal action as its notation, its words in the client's language, and structured fields
    (card and colour keys, 0-based seats), for a page."""
    a = action
    return {
        "notation": str(a),
        "label": translator.action(a, game.names, game.amount_of(a)),   # what it charges, or its card is worth
        "verb": a.verb,
        "card": TYPES[a.card].key if a.card >= 0 else None,
        "colour": _GROUP_KEYS[a.colour] if a.colour >= 0 else None,
        "group": a.group if a.group >= 0 else None,
        "player": a.player if a.player >= 0 else None,
        "colour2": _GROUP_KEYS[a.colour2] if a.colour2 >= 0 else None,
        "extra": a.extra if a.extra >= 0 else None,
    }


@cache
def translator(lang: str) -> Translator:
    """The (immutable) translator for ``lang``, made once."""
    return get_translator(lang)


def lines(messages: list[Message], names: list[str], lang: str) -> list[str]:
    """Narration in ``lang`` (the terminal's catalogues)."""
    return translator(lang).lines(messages, names)


class LogLines:
    """A game's whole log in words, rendered once per log and language and then extended: a client that
    (re)connects or changes language is sent the whole log, and rendering it again each time
    (milliseconds for a long game) let a client that asks over and over hold the server.

    Keyed by the log list itself (a room's log for one viewer), at most ``size`` logs, the least
    recently used forgotten first.

    >>> from monopoly_deal.narrate import Narrator
    >>> game = Game(players=2, seed=1, log=True)
    >>> log = Narrator(game, 0).start()
    >>> cache = LogLines()
    >>> cache.lines(log, 0, game.names, "en") == lines(log, game.names, "en")
    True
    """

    def __init__(self, size: int = 256) -> None:
        self.size = size
        # (id(log), lang) -> (log, how many of its messages are rendered, their lines)
        self._done: OrderedDict[tuple[int, str], tuple[list[Message], int, list[str]]] = OrderedDict()

    def lines(self, log: list[Message], start: int, names: list[str], lang: str) -> list[str]:
        """``log[start:]`` in words in ``lang``, as :func:`lines` renders it."""
        if start > 0:   # the new messages after an action: a few, rendered once per client
            return lines(log[start:], names, lang)
        key = (id(log), lang)
        cached = self._done.get(key)
        rendered, done = (cached[1], cached[2]) if cached is not None and cached[0] is log else (0, [])
        # A turn's heading joins the line after it: render up to the last message that is no heading,
        # where lines(a + b) == lines(a) + lines(b), keep that, and render the rest each time.
        split = len(log)
        while split > rendered and log[split - 1].id == "turn":
            split -= 1
        if split > rendered:
            done = done + lines(log[rendered:split], names, lang)
            self._done[key] = (log, split, done)
        if key in self._done:
            self._done.move_to_end(key)
        while len(self._done) > self.size:
            self._done.popitem(last=False)
        return done + lines(log[split:], names, lang)


log_lines = LogLines()


class SharedMessage(dict[str, Any]):
    """A message sent as it is to several clients: encoded to JSON once, for all of them."""

    @cached_property
    def text(self) -> str:
        return json.dumps(self, ensure_ascii=False)


def encoded(message: dict[str, Any]) -> str:
    """A message as the JSON text a client is sent."""
    return message.text if isinstance(message, SharedMessage) else json.dumps(message, ensure_ascii=False)


@cache
def hello(lang: str) -> SharedMessage:
    """The first message to a client (again when it changes language): every card and colour with its
    name in ``lang``, for drawing cards, and the front ends' labels (``ui.*``) from the same catalogue.
    What a card is worth is not here: it depends on the game's deck (R1.5), and comes with each view.
    Made once per language: callers send it and never change it."""
    tr = translator(lang)
    cards = {t.key: {"name": tr.card(t.key), "kind": Kind(t.kind).name.lower(),
                     "colours": [COLOUR_KEYS[c] for c in t.colours]} for t in TYPES}
    colours = {key: {"name": tr.colour(key), "size": SET_SIZE[i], "rent": list(RENT[i])}
               for i, key in enumerate(COLOUR_KEYS)}
    colours[NO_COLOUR_KEY] = {"name": tr.colour(NO_COLOUR_KEY), "size": 0, "rent": []}
    ui = {k[3:]: v for k, v in tr.catalogue().items() if k.startswith("ui.")}
    return SharedMessage({"type": "hello", "lang": lang, "cards": cards, "colours": colours, "ui": ui})


@cache
def page_words(lang: str) -> dict[str, str]:
    """The web page's words in ``lang`` (one of :data:`~monopoly_deal.i18n.LANGUAGES`, else ``ValueError``):
    its own labels (``web.*``, lobby and room) and the front ends' (``ui.*``), by message id."""
    return {k: v for k, v in translator(lang).catalogue().items() if k.startswith(("web.", "ui."))}


def finished_view(game: Game, view: dict[str, Any]) -> dict[str, Any]:
    """``view`` of a game that is over, with every hand shown (nothing is hidden any more): the end screen's.

    >>> game = Game(players=2, seed=1)
    >>> "hands" in finished_view(game, game.view(0))
    Traceback (most recent call last):
    ...
    ValueError: the game is not over: its hands stay hidden
    """
    if not game.over:
        raise ValueError("the game is not over: its hands stay hidden")
    return {**view, "hands": [game.view(p)["hand"] for p in range(game.players)]}


def open_view(game: Game) -> dict[str, Any]:
    """Every hand open: a finished game's replay "with all cards open" (never for a game being played)."""
    view = game.view(None)
    view["hands"] = [game.view(p)["hand"] for p in range(game.players)]
    return view


@cache
def rule_options(lang: str, most_turns: int, most_decks: int) -> list[dict[str, Any]]:
    """The rule options as the create form shows them, in ``lang``: :meth:`Rules.options` with a label,
    a one-line explanation and words for each choice (``web.rule.NAME``, ``web.rule.NAME.help``,
    ``web.rule.NAME.CHOICE``), within the server's bounds (``most_turns``, ``most_decks``)."""
    tr = translator(lang)
    out = []
    for option in Rules.options():
        name = option["name"]
        entry = {**option, "label": tr.gettext(f"web.rule.{name}"), "help": tr.gettext(f"web.rule.{name}.help")}
        if option["kind"] == "choice":
            entry["choices"] = [{"value": c, "label": tr.gettext(f"web.rule.{name}.{c}")} for c in option["choices"]]
        if name == "max_turns":
            entry["max"] = most_turns
        if name == "decks":
            entry["max"] = most_decks
        if name == "max_rearrangements":   # a room's turns are bounded (server_rules): 0, no cap, is not offered
            entry.update(default=BOUNDED_REARRANGEMENTS, min=1)
        out.append(entry)
    return out
