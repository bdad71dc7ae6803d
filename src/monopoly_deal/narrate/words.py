"""Messages -> words: :class:`Words` renders messages in a language, :func:`typeset` spaces Chinese text."""

from __future__ import annotations

import re
from typing import Any

from ..engine.cards import COLOUR_NAMES, LANGS, NO_COLOUR, NO_COLOUR_NAMES, TYPES, Kind
from .catalogue import ENGLISH
from .names import printable
from .params import Card, Cards, Colour, Copies, Group, Message, Money, Player, Players

# Chinese typesetting: no space beside Chinese punctuation nor between two Chinese characters (templates and
# the names put into them may bring some), one space between a Chinese character and a Latin letter or digit
# ("Ann 把「盜取」當作 3M 存入銀行。"), as Hong Kong and Taiwan text on screens is set.
_HAN = "[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"
_CJK_PUNCTUATION = "[\u3000-\u303f\uff00-\uffef]"
_SPACES_AT_PUNCTUATION = re.compile(f"[ \\t]+(?={_CJK_PUNCTUATION})|(?<={_CJK_PUNCTUATION})[ \\t]+")   # not line breaks
_SPACES_BETWEEN_HAN = re.compile(f"(?<={_HAN})[ \\t]+(?={_HAN})")
_HAN_BESIDE_LATIN = re.compile(f"(?<={_HAN})(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])(?={_HAN})")


def typeset(text: str, lang: str) -> str:
    """``text`` spaced as its language sets it (Chinese: see above; English is left as it is).

    >>> typeset("P3 把 「盜取」 當作3M存入銀行 。", "zh-Hant")
    'P3 把「盜取」當作 3M 存入銀行。'
    """
    if not lang.startswith("zh"):
        return text
    text = _SPACES_AT_PUNCTUATION.sub("", text)
    text = _SPACES_BETWEEN_HAN.sub("", text)
    return _HAN_BESIDE_LATIN.sub(" ", text)


class Words:
    """Puts messages in words: ``names`` are the players' names; ``catalogue``
    holds the templates and ``lang`` (one of ``cards.LANGS``) picks card and colour names."""

    def __init__(self, names: list[str], catalogue: dict[str, str] = ENGLISH, lang: str = "en") -> None:
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
        self.names = [printable(name) for name in names]
        self.catalogue = catalogue
        self.lang = lang

    def text(self, message: Message) -> str:
        """One message as a sentence."""
        text = self.catalogue[message.id].format(**{k: self.value(v) for k, v in message.params.items()})
        return typeset(text, self.lang)

    def lines(self, messages: list[Message]) -> list[str]:
        """Messages as lines of text: a turn's heading starts the line of its first sentence."""
        out: list[str] = []
        heading = ""
        for m in messages:
            text = self.text(m)
            if m.id == "turn":
                if heading:
                    out.append(heading)
                heading = text
                continue
            out.append(typeset(f"{heading} {text}", self.lang) if heading else text)
            heading = ""
        if heading:
            out.append(heading)
        return out

    def value(self, v: Any) -> str:
        """One parameter in words."""
        c = self.catalogue
        if isinstance(v, Player):
            return self.names[v.seat]
        if isinstance(v, Players):
            return self._and([self.names[s] for s in v.seats])
        if isinstance(v, Card):
            t = TYPES[v.type]
            if t.kind == Kind.MONEY:  # "5M", not "5M money": it reads as the amount it is
                return c["_money"].format(amount=t.value)
            name = c["_card"].format(name=t.name(self.lang))
            if 0 <= v.colour < NO_COLOUR and t.kind in (Kind.WILD, Kind.RAINBOW):
                return c["_as"].format(card=name, colour=self._colour(v.colour))
            return name
        if isinstance(v, Cards):
            return c["_comma"].join(self.value(card) for card in v.cards)
        if isinstance(v, Copies):
            name = self.value(v.card)
            return name if v.number == 1 else c["_copies"].format(number=v.number, card=name)
        if isinstance(v, Colour):
            return self._colour(v.colour)
        if isinstance(v, Group):
            colour = self._colour(v.colour)
            return colour if v.ordinal == 0 else c["_group"].format(colour=colour, number=v.ordinal + 1)
        if isinstance(v, Money):
            return c["_money"].format(amount=v.amount)
        return str(v)

    def _colour(self, colour: int) -> str:
        return NO_COLOUR_NAMES[self.lang] if colour == NO_COLOUR else COLOUR_NAMES[self.lang][colour]

    def _and(self, items: list[str]) -> str:
        if len(items) <= 1:
            return "".join(items)
        return self.catalogue["_and"].format(first=self.catalogue["_comma"].join(items[:-1]), last=items[-1])
