"""Cards, colours and editions, as data (docs/rules.md R1).

Every card in a game is a *physical* card with an integer id; its *type* says
what it is. Identical cards (two 1M notes) share a type, and actions name
cards by type, so ``bank 1M`` is one action however many 1M notes you hold.

>>> from monopoly_deal.engine.cards import build_deck, TYPES
>>> deck = build_deck("base")
>>> len(deck.cards)
106
>>> TYPES[deck.cards[0]].key, deck.count("pass-go")
('1M', 10)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final

LANGS = ("en", "zh-Hant", "zh-Hans")


class Colour(IntEnum):
    """The ten property colours (R1.1)."""

    BROWN = 0
    LIGHT_BLUE = 1
    PINK = 2
    ORANGE = 3
    RED = 4
    YELLOW = 5
    GREEN = 6
    DARK_BLUE = 7
    RAILROAD = 8
    UTILITY = 9


COLOURS = tuple(Colour)
COLOUR_KEYS = (
    "brown", "light-blue", "pink", "orange", "red",
    "yellow", "green", "dark-blue", "railroad", "utility",
)
COLOUR_BY_KEY = {key: Colour(i) for i, key in enumerate(COLOUR_KEYS)}
COLOUR_NAMES = {
    "en": ("brown", "light blue", "pink", "orange", "red",
           "yellow", "green", "dark blue", "railroad", "utility"),
    "zh-Hant": ("啡色", "淺藍色", "粉紅色", "橙色", "紅色", "黃色", "綠色", "深藍色", "鐵路", "公用事業"),
    "zh-Hans": ("啡色", "浅蓝色", "粉红色", "橙色", "红色", "黄色", "绿色", "深蓝色", "铁路", "公用事业"),
}
#: A colour in a pair's name, short as the Hong Kong source writes its rent cards: 「淺藍/啡」, 「紅/黃」.
_PAIR_NAMES = {
    "en": COLOUR_NAMES["en"],
    "zh-Hant": ("啡", "淺藍", "粉紅", "橙", "紅", "黃", "綠", "深藍", "鐵路", "公用事業"),
    "zh-Hans": ("啡", "浅蓝", "粉红", "橙", "红", "黄", "绿", "深蓝", "铁路", "公用事业"),
}
#: Where rainbow wilds lie that are in no colour group: alone they have no colour (R6.3, S0-Q13).
NO_COLOUR: Final = 10
NO_COLOUR_KEY = "none"
NO_COLOUR_NAMES = {"en": "no colour", "zh-Hant": "未定顏色", "zh-Hans": "未定颜色"}
SET_SIZE = (2, 3, 3, 3, 3, 3, 3, 2, 4, 2)
RENT = (
    (1, 2), (1, 2, 3), (1, 2, 4), (1, 3, 5), (2, 3, 6),
    (2, 4, 6), (2, 4, 7), (3, 8), (1, 2, 3, 4), (1, 2),
)
PROPERTY_VALUE = (1, 1, 2, 2, 3, 3, 4, 4, 2, 2)
#: What It's My Birthday charges each other player, and Debt Collector the player chosen (R5.3).
BIRTHDAY_CHARGE: Final = 2
DEBT_CHARGE: Final = 5
#: Colours that may carry a house or hotel (R6.5).
BUILDABLE = tuple(c not in (Colour.RAILROAD, Colour.UTILITY) for c in COLOURS)


class Kind(IntEnum):
    """What a card does when played."""

    MONEY = 0
    PROPERTY = 1
    WILD = 2          # two-colour wild property
    RAINBOW = 3       # multi-colour wild property
    RENT = 4          # two-colour rent
    RENT_ANY = 5      # any-colour rent
    DEAL_BREAKER = 6
    FORCED_DEAL = 7
    SLY_DEAL = 8
    JUST_SAY_NO = 9
    DEBT_COLLECTOR = 10
    BIRTHDAY = 11
    DOUBLE_RENT = 12
    HOUSE = 13
    HOTEL = 14
    PASS_GO = 15
    GO_TO_JAIL = 16
    DOUBLE_SLY_DEAL = 17
    SPEEDING_DEAL = 18
    RENT_TRANSFER = 19
    INHERITOR = 20


PROPERTY_KINDS = (Kind.PROPERTY, Kind.WILD, Kind.RAINBOW)
BUILDING_KINDS = (Kind.HOUSE, Kind.HOTEL)


@dataclass(frozen=True, slots=True)
class CardType:
    """One kind of card: ``key`` is its notation, ``names`` its name per language."""

    index: int
    key: str
    kind: Kind
    value: int
    colours: tuple[Colour, ...] = ()
    rent_bonus: int = 0
    names: tuple[str, str, str] = ("", "", "")

    @property
    def is_property(self) -> bool:
        return self.kind in PROPERTY_KINDS

    def name(self, lang: str = "en") -> str:
        return self.names[LANGS.index(lang)]


def _colour_pair_names(a: Colour, b: Colour, suffix: tuple[str, str, str]) -> tuple[str, str, str]:
    return tuple(  # type: ignore[return-value]
        f"{_PAIR_NAMES[lang][a]}/{_PAIR_NAMES[lang][b]}{suffix[i]}" for i, lang in enumerate(LANGS)
    )


def _make_types() -> tuple[CardType, ...]:
    """The global type table. Its order fixes notation ids: append, never reorder."""
    rows: list[tuple] = [(f"{money}M", Kind.MONEY, money, (), 0, (f"{money}M money", f"{money}M 貨幣牌", f"{money}M 货币牌"))
                         for money in (1, 2, 3, 4, 5, 10)]
    rows += [(COLOUR_KEYS[c], Kind.PROPERTY, PROPERTY_VALUE[c], (c,), 0, tuple(
        f"{COLOUR_NAMES[lang][c]}{(' property', '物業牌', '物业牌')[i]}" for i, lang in enumerate(LANGS))) for c in COLOURS]
    wilds = (
        (Colour.LIGHT_BLUE, Colour.BROWN, 1), (Colour.LIGHT_BLUE, Colour.RAILROAD, 4),
        (Colour.PINK, Colour.ORANGE, 2), (Colour.RED, Colour.YELLOW, 3),
        (Colour.DARK_BLUE, Colour.GREEN, 4), (Colour.GREEN, Colour.RAILROAD, 4),
        (Colour.RAILROAD, Colour.UTILITY, 2),
    )
    for a, b, value in wilds:
        rows.append((f"{COLOUR_KEYS[a]}/{COLOUR_KEYS[b]}", Kind.WILD, value, (a, b), 0,
                     _colour_pair_names(a, b, (" wild", "雙色多功能物業牌", "双色多功能物业牌"))))
    rows.append(("rainbow", Kind.RAINBOW, 0, COLOURS, 0, ("multi-colour wild", "彩色多功能物業牌", "彩色多功能物业牌")))
    for a, b in ((Colour.LIGHT_BLUE, Colour.BROWN), (Colour.PINK, Colour.ORANGE), (Colour.RED, Colour.YELLOW),
                 (Colour.DARK_BLUE, Colour.GREEN), (Colour.RAILROAD, Colour.UTILITY)):
        rows.append((f"rent:{COLOUR_KEYS[a]}/{COLOUR_KEYS[b]}", Kind.RENT, 1, (a, b), 0,
                     _colour_pair_names(a, b, (" rent", "租金牌", "租金牌"))))
    rows += [
        ("rent:any", Kind.RENT_ANY, 3, COLOURS, 0, ("any-colour rent", "彩色租金牌", "彩色租金牌")),
        ("deal-breaker", Kind.DEAL_BREAKER, 5, (), 0, ("Deal Breaker", "物業接管", "物业接管")),
        ("forced-deal", Kind.FORCED_DEAL, 3, (), 0, ("Forced Deal", "強制交易", "强制交易")),
        ("sly-deal", Kind.SLY_DEAL, 3, (), 0, ("Sly Deal", "盜取", "盗取")),
        ("just-say-no", Kind.JUST_SAY_NO, 4, (), 0, ("Just Say No", "作出反對", "作出反对")),
        ("debt-collector", Kind.DEBT_COLLECTOR, 3, (), 0, ("Debt Collector", "收取債務", "收取债务")),
        ("birthday", Kind.BIRTHDAY, 2, (), 0, ("It's My Birthday", "我的生日", "我的生日")),
        ("double-rent", Kind.DOUBLE_RENT, 1, (), 0, ("Double the Rent", "雙倍租金", "双倍租金")),
        ("house", Kind.HOUSE, 3, (), 3, ("House", "房子", "房子")),
        ("hotel", Kind.HOTEL, 4, (), 4, ("Hotel", "酒店", "酒店")),
        ("pass-go", Kind.PASS_GO, 1, (), 0, ("Pass Go", "通行證", "通行证")),
        ("go-to-jail", Kind.GO_TO_JAIL, 4, (), 0, ("Go To Jail", "即時入獄", "即时入狱")),
        ("double-sly-deal", Kind.DOUBLE_SLY_DEAL, 4, (), 0, ("Double Sly Deal", "雙重盜取", "双重盗取")),
        ("speeding-deal", Kind.SPEEDING_DEAL, 4, (), 0, ("Speeding Deal", "超速行駛", "超速行驶")),
        ("rent-transfer", Kind.RENT_TRANSFER, 4, (), 0, ("Rent Transfer", "租金轉移", "租金转移")),
        ("inheritor", Kind.INHERITOR, 4, (), 0, ("Inheritor", "繼承者", "继承者")),
        ("house+", Kind.HOUSE, 4, (), 4, ("House (Enhanced)", "房子（加強版）", "房子（加强版）")),
        ("hotel+", Kind.HOTEL, 5, (), 5, ("Hotel (Enhanced)", "酒店（加強版）", "酒店（加强版）")),
    ]
    return tuple(
        CardType(i, key, kind, value, tuple(colours), bonus, names)
        for i, (key, kind, value, colours, bonus, names) in enumerate(rows)
    )


TYPES: tuple[CardType, ...] = _make_types()
TYPE_BY_KEY: dict[str, CardType] = {t.key: t for t in TYPES}

#: Card counts per edition (R1.2, R1.3); the Enhanced edition adds to the base.
BASE_COUNTS: dict[str, int] = {
    "1M": 6, "2M": 5, "3M": 3, "4M": 3, "5M": 2, "10M": 1,
    "brown": 2, "light-blue": 3, "pink": 3, "orange": 3, "red": 3, "yellow": 3,
    "green": 3, "dark-blue": 2, "railroad": 4, "utility": 2,
    "light-blue/brown": 1, "light-blue/railroad": 1, "pink/orange": 2, "red/yellow": 2,
    "dark-blue/green": 1, "green/railroad": 1, "railroad/utility": 1, "rainbow": 2,
    "rent:light-blue/brown": 2, "rent:pink/orange": 2, "rent:red/yellow": 2,
    "rent:dark-blue/green": 2, "rent:railroad/utility": 2, "rent:any": 3,
    "deal-breaker": 2, "forced-deal": 3, "sly-deal": 3, "just-say-no": 3,
    "debt-collector": 3, "birthday": 3, "double-rent": 2, "house": 3, "hotel": 2, "pass-go": 10,
}
ENHANCED_EXTRA: dict[str, int] = {
    "go-to-jail": 1, "double-sly-deal": 1, "speeding-deal": 1, "rent-transfer": 1, "inheritor": 1,
    "house+": 4, "hotel+": 1,
    "red/yellow": 1, "dark-blue/green": 1, "green/railroad": 1, "railroad/utility": 1,
    "rainbow": 1,
    "1M": 1, "2M": 1, "3M": 1, "4M": 1, "5M": 1,
}
EDITIONS: dict[str, dict[str, int]] = {
    "base": BASE_COUNTS,
    "enhanced": {k: BASE_COUNTS.get(k, 0) + ENHANCED_EXTRA.get(k, 0) for k in {**BASE_COUNTS, **ENHANCED_EXTRA}},
}
#: The ``s2-values`` deck option (R1.5): S2's figures where they differ from the printed cards.
VALUE_SETS: dict[str, dict[str, int]] = {
    "printed": {},
    "s2": {"rent:any": 1, "railroad/utility": 4},
}


@dataclass(frozen=True, slots=True)
class Deck:
    """The physical cards of one game: ``cards[card_id]`` is a type index.

    ``values[type_index]`` is that type's money value under the deck's value set.
    """

    edition: str
    copies: int
    cards: tuple[int, ...]
    values: tuple[int, ...]

    def count(self, key: str) -> int:
        t = TYPE_BY_KEY[key].index
        return sum(1 for c in self.cards if c == t)


def decks_for(players: int) -> int:
    """One deck for 2–5 players, two from 6 (R1.4)."""
    return 1 if players <= 5 else 2


def build_deck(edition: str = "base", copies: int = 1, values: str = "printed") -> Deck:
    """The cards in play for ``edition`` (``base`` or ``enhanced``), ``copies`` decks shuffled together."""
    if edition not in EDITIONS:
        raise ValueError(f"unknown edition {edition!r}; choose one of {', '.join(EDITIONS)}")
    if values not in VALUE_SETS:
        raise ValueError(f"unknown value set {values!r}; choose one of {', '.join(VALUE_SETS)}")
    counts = EDITIONS[edition]
    cards = tuple(t.index for t in TYPES for _ in range(counts.get(t.key, 0) * copies))
    overrides = VALUE_SETS[values]
    return Deck(edition, copies, cards, tuple(overrides.get(t.key, t.value) for t in TYPES))


def types_in(edition: str) -> tuple[CardType, ...]:
    """The card types an edition uses, in type order."""
    counts = EDITIONS[edition]
    return tuple(t for t in TYPES if counts.get(t.key, 0))
