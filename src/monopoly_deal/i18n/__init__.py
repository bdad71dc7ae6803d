"""Monopoly Deal in English, 繁體中文 and 简体中文: one message catalogue per language.

>>> from monopoly_deal.i18n import get_translator
>>> zh = get_translator("zh-Hant")
>>> zh.card("deal-breaker"), zh.colour("light-blue"), zh.gettext("ui.log")
('物業接管', '淺藍色', '遊戲記錄')
>>> from monopoly_deal.narrate import Message, Player, Card
>>> from monopoly_deal.engine.cards import TYPE_BY_KEY
>>> zh.narrate(Message("bank", {"player": Player(0), "card": Card(TYPE_BY_KEY["sly-deal"].index)}))
'P1 把「盜取」存入銀行。'
>>> get_translator("en").action("sly-deal P2 red:red", names=["Ann", "Bo"])
"Play Sly Deal: take Bo's red property"

The catalogues are gettext ``.po`` files in ``locales/`` (read with Babel), one
per language, all with the same message ids:

- ``card.KEY`` — a card's name as the seeds write it (``card.sly-deal``);
- ``colour.KEY`` — a colour (``colour.light-blue``, and ``colour.none``);
- ``narrate.ID`` — a sentence of :mod:`monopoly_deal.narrate` (its ``ENGLISH`` ids);
- ``action.ID`` — a legal action in words, for menus (see :meth:`Translator.action`; each verb's ids and
  their parameters are in its row of :mod:`monopoly_deal.engine.verbs`);
- ``ui.LABEL`` — a label of the terminal and of the web page's game;
- ``web.LABEL`` — a label of the web page's lobby and rooms (served by ``GET /api/i18n/{lang}``).

Placeholders in braces (``{player}``) are filled with :meth:`str.format`. A new
language is a new ``.po`` file with every message id translated.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from functools import cache
from importlib.resources import files
from typing import Any

from babel.messages.pofile import read_po

from ..engine.actions import Action, parse_action
from ..engine.refusal import Term
from ..engine.verbs import VERB_OF, choose
from ..narrate import Message, Players, Words, params_of, typeset

LANGUAGES = ("en", "zh-Hant", "zh-Hans")
_NARRATE = "narrate."
#: Bot seats as they are named: by the terminal ("P2 (random)", to resume a saved game with its bots) and by
#: the server ("random bot 2"); a spec's options (":iters=40") are left out.
_BOT_SEATS = (re.compile(r"^P(?P<n>\d+) \((?P<kind>[\w-]+)(?::\S*)?\)$"),
              re.compile(r"^(?P<kind>[\w-]+)(?::\S*)? bot (?P<n>\d+)$"))


class Translator:
    """Words in one language: labels, card and colour names, narration and actions."""

    def __init__(self, lang: str, messages: dict[str, str]) -> None:
        self.lang = lang
        self._messages = messages
        self._narration = {k[len(_NARRATE):]: v for k, v in messages.items() if k.startswith(_NARRATE)}

    def gettext(self, msgid: str, **params: Any) -> str:
        """The translation of ``msgid``, with ``params`` filled in (a list or tuple joined as the language
        lists things: "a, b" / "a、b"); an unknown id raises ``KeyError``."""
        text = self._messages[msgid]
        if not params:
            return typeset(text, self.lang)
        sep = self._messages["narrate._comma"]
        filled = {k: sep.join(map(str, v)) if isinstance(v, list | tuple) else v for k, v in params.items()}
        return typeset(text.format(**filled), self.lang)

    def card(self, key: str) -> str:
        """A card's name: ``card("sly-deal")`` is 'Sly Deal', '盜取' or '盗取'."""
        return self._messages[f"card.{key}"]

    def colour(self, colour_key: str) -> str:
        """A colour's name, from its key (``light-blue``, ``none``)."""
        return self._messages[f"colour.{colour_key}"]

    def catalogue(self) -> dict[str, str]:
        """Every message id and its translation (for a web page)."""
        return dict(self._messages)

    def seat_names(self, names: Sequence[str]) -> list[str]:
        """``names`` as a player reads them: a bot's seat named by its spec, as the terminal names it so that
        a saved game resumes with its bots ("P2 (random)"), or the server ("random bot 2"), becomes "Bot 2 (random)" /
        "電腦 2（隨機）".

        >>> get_translator("zh-Hant").seat_names(["Ann", "P2 (heuristic)", "random bot 3"])
        ['Ann', '電腦 2（策略）', '電腦 3（隨機）']
        """
        shown = []
        for name in names:
            bot = next((m for m in (p.match(name) for p in _BOT_SEATS) if m), None)
            if bot and f"web.bot-kind.{bot['kind']}" in self._messages:
                name = self.gettext("web.bot-seat", n=bot["n"], bot=self.gettext(f"web.bot-kind.{bot['kind']}"))
            shown.append(name)
        return shown

    def bot_name(self, spec: str) -> str:
        """A bot named as people read it: "heuristic" is 'Heuristic bot' / '策略電腦' (a spec with options, or
        one the catalogue does not name, as it is)."""
        return self._messages.get(f"web.bot-name.{spec.split(':')[0]}", spec)

    def explain(self, error: BaseException) -> str:
        """What ``error`` refuses, in this language: a :class:`~monopoly_deal.engine.refusal.Refusal` (or any
        error with its ``message_id`` and ``params``) by its words in the catalogue, anything else as its own
        (English) text. In English a refusal says its own, most detailed text; the English catalogue holds its
        words for translators to start from.

        >>> from monopoly_deal.engine import Rules
        >>> try:
        ...     Rules.parse("bank_first=maybe")
        ... except ValueError as error:
        ...     get_translator("zh-Hant").explain(error)
        '規則選項「先用銀行付款」只可以是 true 或 false'
        """
        message_id = getattr(error, "message_id", None)   # a Refusal, or another error worded the same way
        if message_id is None or self.lang == "en":          # English: the refusal's own, most detailed text
            return str(error)
        params: dict[str, Any] = getattr(error, "params", {})
        return self.gettext(message_id, **{k: self._param(v) for k, v in params.items()})

    def _param(self, value: Any) -> Any:
        """A refusal's parameter in words: a reason that is itself a refusal explained, a :class:`Term` said."""
        if isinstance(value, BaseException):
            return self.explain(value)
        if isinstance(value, Term):
            return self._messages.get(value, value)
        return value

    def words(self, names: Sequence[str]) -> Words:
        """The narrator's renderer in this language, for players called ``names``."""
        return Words(list(names), self._narration, self.lang)

    def narrate(self, message: Message, names: Sequence[str] | None = None) -> str:
        """One narration message as a sentence; players are P1, P2, ... unless ``names`` are given."""
        return self.words(names or _default_names(message)).text(message)

    def lines(self, messages: list[Message], names: Sequence[str]) -> list[str]:
        """Narration messages as lines, each turn's heading joined to its first sentence."""
        return self.words(names).lines(messages)

    def action(self, action: Action | str, names: Sequence[str], amount: int | None = None) -> str:
        """A legal action in words, for a menu. ``amount`` is what the game says the action is about
        and its notation does not (``game.amount_of(action)``): what a payment card charges (a rent's
        must be given), or what the card banked, paid or discarded is worth in this game's deck
        (default: the printed value, R1.5).

        >>> get_translator("en").action("pay green:green", names=["Ann", "Bo"])
        'Pay green property (4M) from your green set'
        """
        a = parse_action(action) if isinstance(action, str) else action
        words = self.words(names)
        msgid, params = _action_message(a, amount)
        return self.gettext(f"action.{msgid}", **{k: words.value(v) for k, v in params.items()})


def _default_names(message: Message) -> list[str]:
    seats = [0]
    for value in message.params.values():
        if isinstance(value, Players):
            seats += value.seats
        elif hasattr(value, "seat"):
            seats.append(value.seat)
    return [f"P{s + 1}" for s in range(max(seats) + 1)]


def _action_message(a: Action, amount: int | None) -> tuple[str, dict[str, Any]]:
    """The ``action.*`` message id of ``a`` and its parameters (narration parameter types), as its row of
    the table of verbs says (``menu``)."""
    row = VERB_OF.get(a.verb)
    if row is None:
        raise ValueError(f"no words for action {a}")
    said = choose(row.menu, a)
    return said.id, params_of(a, said, amount, row.charge)


def language_of(tags: str | None) -> str:
    """The first of ``tags`` (an ``Accept-Language`` header, or locale names) that names one of our languages:
    zh-TW, zh-HK and zh-MO are 繁體中文, zh-CN, zh-SG and plain zh 简体中文; else English.

    >>> language_of("fr, zh-HK;q=0.8, en;q=0.5"), language_of("zh_CN.UTF-8"), language_of(None)
    ('zh-Hant', 'zh-Hans', 'en')
    """
    for part in re.split(r"[,:]", (tags or "")[:200]):
        tag = part.split(";")[0].split(".")[0].strip().lower().replace("_", "-")
        if tag in ("zh-hant", "zh-tw", "zh-hk", "zh-mo") or tag.startswith("zh-hant"):
            return "zh-Hant"
        if tag in ("zh-hans", "zh-cn", "zh-sg", "zh") or tag.startswith("zh-hans"):
            return "zh-Hans"
        if tag.startswith("en"):
            return "en"
    return "en"


def environment_language() -> str:
    """The language the environment asks for: ``MDEAL_LANG``, else the locale's (``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``: the first that is set, as gettext reads them), else English."""
    chosen = os.environ.get("MDEAL_LANG", "")
    if chosen in LANGUAGES:
        return chosen
    locale = next((os.environ[name] for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
                   if os.environ.get(name)), "")
    return language_of(locale)


@cache
def _load(lang: str) -> dict[str, str]:
    path = files(__package__).joinpath("locales", f"{lang}.po")
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang.replace("-", "_"))
    return {str(m.id): str(m.string) for m in catalog if m.id}


def get_translator(lang: str) -> Translator:
    """The translator for ``lang``, one of :data:`LANGUAGES`; another raises ``ValueError`` naming them."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    return Translator(lang, _load(lang))
