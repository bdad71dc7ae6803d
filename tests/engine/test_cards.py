"""The card data against docs/rules.md R1: counts, values, rent tables, editions, names.

The expected figures are written out here from docs/rules.md (each block cites
its rule); ``test_expected_tables_match_the_rules_doc`` checks the copies
against the tables of docs/rules.md itself.
"""

from __future__ import annotations

from collections import Counter

import pytest

from monopoly_deal.engine import Game, Rules
from monopoly_deal.engine.cards import (
    BUILDABLE,
    COLOUR_KEYS,
    COLOUR_NAMES,
    PROPERTY_VALUE,
    RENT,
    SET_SIZE,
    TYPE_BY_KEY,
    TYPES,
    Kind,
    build_deck,
    decks_for,
    types_in,
)
from monopoly_deal.engine.game import Group

from .helpers import RULES_DOC, markdown_table, rules_section

# R1.1: colour -> (中文 as in the table, cards to complete, property value, rent by cards in set).
R1_1 = {
    "brown": ("啡色", 2, 1, (1, 2)),
    "light-blue": ("淺藍", 3, 1, (1, 2, 3)),
    "pink": ("粉紅", 3, 2, (1, 2, 4)),
    "orange": ("橙", 3, 2, (1, 3, 5)),
    "red": ("紅", 3, 3, (2, 3, 6)),
    "yellow": ("黃", 3, 3, (2, 4, 6)),
    "green": ("綠", 3, 4, (2, 4, 7)),
    "dark-blue": ("深藍", 2, 4, (3, 8)),
    "railroad": ("黑色 (車站/鐵路)", 4, 2, (1, 2, 3, 4)),
    "utility": ("青色 (公共事業)", 2, 2, (1, 2)),
}
# R1.2: 28 property cards, one colour's count = its set size (2+3+3+3+3+3+3+2+4+2).
PROPERTY_COUNTS = {colour: row[1] for colour, row in R1_1.items()}
# R1.2: the 9 two-colour wilds, key -> (count, value). R1.5: railroad/utility is 2M printed.
WILDS = {
    "light-blue/brown": (1, 1), "light-blue/railroad": (1, 4), "pink/orange": (2, 2), "red/yellow": (2, 3),
    "dark-blue/green": (1, 4), "green/railroad": (1, 4), "railroad/utility": (1, 2),
}
# R1.2: 2 rainbow wilds, no money value (S0-Q11, S1-7, S2).
RAINBOWS = 2
# R1.2: 13 rent cards: two-colour x2 each at 1M; any-colour x3 at 3M (printed, R1.5).
TWO_COLOUR_RENTS = ("light-blue/brown", "pink/orange", "red/yellow", "dark-blue/green", "railroad/utility")
RENTS = {**{f"rent:{pair}": (2, 1) for pair in TWO_COLOUR_RENTS}, "rent:any": (3, 3)}
# R1.2: the 34 other action cards: key -> (English name as in docs/rules.md, count, value).
ACTIONS = {
    "deal-breaker": ("Deal Breaker", 2, 5), "forced-deal": ("Forced Deal", 3, 3), "sly-deal": ("Sly Deal", 3, 3),
    "just-say-no": ("Just Say No", 3, 4), "debt-collector": ("Debt Collector", 3, 3),
    "birthday": ("It's My Birthday", 3, 2), "double-rent": ("Double the Rent", 2, 1),
    "house": ("House", 3, 3), "hotel": ("Hotel", 2, 4), "pass-go": ("Pass Go", 10, 1),
}
# R1.2: 20 money cards: value -> count.
MONEY = {1: 6, 2: 5, 3: 3, 4: 3, 5: 2, 10: 1}
# R1.2: the whole base deck: key -> (count, value).
BASE_CARDS = {
    **{colour: (size, value) for colour, (_, size, value, _) in R1_1.items()}, **WILDS, "rainbow": (RAINBOWS, 0),
    **RENTS, **{k: (n, v) for k, (_, n, v) in ACTIONS.items()}, **{f"{v}M": (n, v) for v, n in MONEY.items()},
}
# R1.3: exactly what the Enhanced edition adds: key -> (count, value).
ENHANCED_ADDITIONS = {
    "go-to-jail": (1, 4), "double-sly-deal": (1, 4), "speeding-deal": (1, 4), "rent-transfer": (1, 4),
    "inheritor": (1, 4), "house+": (4, 4), "hotel+": (1, 5),
    "red/yellow": (1, 3), "dark-blue/green": (1, 4), "green/railroad": (1, 4), "railroad/utility": (1, 2),
    "rainbow": (1, 0), "1M": (1, 1), "2M": (1, 2), "3M": (1, 3), "4M": (1, 4), "5M": (1, 5),
}
# R1.3: a building adds the rent printed on it; base House/Hotel print +3M/+4M.
RENT_BONUS = {"house": 3, "hotel": 4, "house+": 4, "hotel+": 5}
# R1.5: the ``s2-values`` deck option.
S2_VALUES = {"rent:any": 1, "railroad/utility": 4}

# Appendix: English -> (繁體, 简体) for every card and colour name.
APPENDIX_CARDS = {
    "rainbow": ("彩色多功能物業牌", "彩色多功能物业牌"),
    "rent:any": ("彩色租金牌", "彩色租金牌"),
    "double-rent": ("雙倍租金", "双倍租金"),
    "sly-deal": ("盜取", "盗取"),
    "forced-deal": ("強制交易", "强制交易"),
    "deal-breaker": ("物業接管", "物业接管"),
    "just-say-no": ("作出反對", "作出反对"),
    "debt-collector": ("收取債務", "收取债务"),
    "birthday": ("我的生日", "我的生日"),
    "house": ("房子", "房子"),
    "hotel": ("酒店", "酒店"),
    "pass-go": ("通行證", "通行证"),
    "go-to-jail": ("即時入獄", "即时入狱"),
    "double-sly-deal": ("雙重盜取", "双重盗取"),
    "speeding-deal": ("超速行駛", "超速行驶"),
    "rent-transfer": ("租金轉移", "租金转移"),
    "inheritor": ("繼承者", "继承者"),
}
# Appendix: the name every card of a kind ends with.
APPENDIX_SUFFIXES = {
    Kind.PROPERTY: ("物業牌", "物业牌"),
    Kind.WILD: ("雙色多功能物業牌", "双色多功能物业牌"),
    Kind.RENT: ("租金牌", "租金牌"),
    Kind.MONEY: ("貨幣牌", "货币牌"),
}
# Appendix: colour names, in COLOUR_KEYS order; "鐵路 (車站)" gives an alternative in brackets.
APPENDIX_COLOURS = {
    "zh-Hant": ("啡色", "淺藍色", "粉紅色", "橙色", "紅色", "黃色", "綠色", "深藍色", "鐵路", "公用事業"),
    "zh-Hans": ("啡色", "浅蓝色", "粉红色", "橙色", "红色", "黄色", "绿色", "深蓝色", "铁路", "公用事业"),
}


def counts(edition: str = "base", copies: int = 1) -> Counter[str]:
    return Counter(TYPES[t].key for t in build_deck(edition, copies).cards)


def kinds(edition: str = "base") -> Counter[Kind]:
    return Counter(TYPES[t].kind for t in build_deck(edition).cards)


# --- R1.1 ---------------------------------------------------------------------

@pytest.mark.parametrize("colour", list(R1_1))
def test_r1_1_set_size_value_and_rent_table(colour: str) -> None:
    """R1.1: cards to complete, property value and the rent table of each colour."""
    _, size, value, rent = R1_1[colour]
    c = COLOUR_KEYS.index(colour)
    assert SET_SIZE[c] == size
    assert PROPERTY_VALUE[c] == value
    assert TYPE_BY_KEY[colour].value == value
    assert RENT[c] == rent
    assert len(rent) == size


@pytest.mark.parametrize("colour", list(R1_1))
def test_r1_1_rent_charged_by_group_size(colour: str) -> None:
    """R1.1, R6.7: the engine charges the table's rent for 1..set-size cards of the colour."""
    game = Game(2, seed=0)
    deck = list(range(len(game.deck.cards)))
    c = COLOUR_KEYS.index(colour)
    cards = [i for i in deck if game.card_key(i) == colour]
    for n, rent in enumerate(R1_1[colour][3], start=1):
        assert game.rent_of(Group(cards[:n]), c) == rent


def test_r1_1_buildable_colours() -> None:
    """R6.5: houses and hotels go on any colour but railroad and utility."""
    assert [COLOUR_KEYS[c] for c in range(10) if not BUILDABLE[c]] == ["railroad", "utility"]


# --- R1.2 base deck ---------------------------------------------------------------

def test_r1_2_base_deck_has_106_cards_in_play() -> None:
    """R1.2: 110 cards, 106 in play: 28 + 9 + 2 + 13 + 34 + 20."""
    assert len(build_deck("base").cards) == 106


def test_r1_2_properties() -> None:
    """R1.2: 28 property cards with the R1.1 counts."""
    c = counts()
    assert {k: c[k] for k in PROPERTY_COUNTS} == PROPERTY_COUNTS
    assert kinds()[Kind.PROPERTY] == sum(PROPERTY_COUNTS.values()) == 28


def test_r1_2_two_colour_wilds() -> None:
    """R1.2: 9 two-colour wilds, their colour pairs, counts and values."""
    c = counts()
    assert {k: (c[k], TYPE_BY_KEY[k].value) for k in WILDS} == WILDS
    assert kinds()[Kind.WILD] == sum(n for n, _ in WILDS.values()) == 9
    for key in WILDS:
        assert tuple(COLOUR_KEYS[x] for x in TYPE_BY_KEY[key].colours) == tuple(key.split("/"))


def test_r1_2_rainbow_wilds_worth_nothing() -> None:
    """R1.2, R8.4: 2 rainbow wilds, worth 0, any of the ten colours."""
    assert counts()["rainbow"] == RAINBOWS
    assert kinds()[Kind.RAINBOW] == RAINBOWS
    assert TYPE_BY_KEY["rainbow"].value == 0
    assert len(TYPE_BY_KEY["rainbow"].colours) == 10


def test_r1_2_rent_cards() -> None:
    """R1.2: 13 rent cards: two-colour x2 each (1M), any-colour x3 (3M)."""
    c = counts()
    assert {k: (c[k], TYPE_BY_KEY[k].value) for k in RENTS} == RENTS
    assert kinds()[Kind.RENT] + kinds()[Kind.RENT_ANY] == 13
    for pair in TWO_COLOUR_RENTS:
        assert tuple(COLOUR_KEYS[x] for x in TYPE_BY_KEY[f"rent:{pair}"].colours) == tuple(pair.split("/"))


def test_r1_2_action_cards() -> None:
    """R1.2: the 34 other action cards, counts and values."""
    c = counts()
    assert {k: (c[k], TYPE_BY_KEY[k].value) for k in ACTIONS} == {k: (n, v) for k, (_, n, v) in ACTIONS.items()}
    assert sum(n for _, n, _ in ACTIONS.values()) == 34
    other = sum(n for k, n in c.items() if TYPE_BY_KEY[k].kind not in
                (Kind.MONEY, Kind.PROPERTY, Kind.WILD, Kind.RAINBOW, Kind.RENT, Kind.RENT_ANY))
    assert other == 34


def test_r1_2_money_cards() -> None:
    """R1.2: 20 money cards: 1M x6, 2M x5, 3M x3, 4M x3, 5M x2, 10M x1."""
    c = counts()
    assert {TYPE_BY_KEY[k].value: n for k, n in c.items() if TYPE_BY_KEY[k].kind == Kind.MONEY} == MONEY
    assert sum(MONEY.values()) == kinds()[Kind.MONEY] == 20


def test_r1_2_nothing_else_in_the_base_deck() -> None:
    """R1.2: the base deck is exactly the cards listed, and no Enhanced card."""
    assert counts() == Counter({k: n for k, (n, _) in BASE_CARDS.items()})


# --- R1.3 Enhanced edition ---------------------------------------------------------

def test_r1_3_enhanced_has_126_cards() -> None:
    """R1.3: +20 cards, 126 in play."""
    assert len(build_deck("enhanced").cards) == 126
    assert sum(n for n, _ in ENHANCED_ADDITIONS.values()) == 20


def test_r1_3_enhanced_adds_exactly_the_listed_cards() -> None:
    """R1.3: the Enhanced deck is the base deck plus exactly these cards (3 any-colour rents kept)."""
    added = counts("enhanced") - counts("base")
    assert not counts("base") - counts("enhanced"), "the Enhanced edition removes nothing"
    assert dict(added) == {k: n for k, (n, _) in ENHANCED_ADDITIONS.items()}
    assert counts("enhanced")["rent:any"] == 3
    for key, (_, value) in ENHANCED_ADDITIONS.items():
        assert TYPE_BY_KEY[key].value == value, key


def test_r1_3_buildings_add_their_printed_rent() -> None:
    """R1.3: base House/Hotel add 3M/4M; Enhanced House/Hotel are 4M/5M and add 4M/5M."""
    for key, bonus in RENT_BONUS.items():
        assert TYPE_BY_KEY[key].rent_bonus == bonus
    for key in ("house+", "hotel+"):
        assert TYPE_BY_KEY[key].kind == TYPE_BY_KEY[key.rstrip("+")].kind


@pytest.mark.parametrize(("house", "hotel", "rent"), [("house", None, 8 + 3), ("house", "hotel", 8 + 3 + 4),
                                                     ("house+", None, 8 + 4), ("house+", "hotel+", 8 + 4 + 5),
                                                     ("house", "hotel+", 8 + 3 + 5)])
def test_r1_3_r6_7_building_rent_on_a_set(house: str, hotel: str | None, rent: int) -> None:
    """R6.7, R1.3: a built dark-blue set charges 8M plus each building's printed rent."""
    game = Game.from_position(2, "enhanced", groups={0: [("dark-blue", ["dark-blue", "dark-blue"], house, hotel)]})
    assert game.rent_of(game.groups[0][COLOUR_KEYS.index("dark-blue")][0], COLOUR_KEYS.index("dark-blue")) == rent


def test_r1_3_enhanced_only_cards_are_not_in_base() -> None:
    """R1.3: the five new action cards and the Enhanced buildings belong to the Enhanced edition only."""
    base = {t.key for t in types_in("base")}
    for key in ("go-to-jail", "double-sly-deal", "speeding-deal", "rent-transfer", "inheritor", "house+", "hotel+"):
        assert key not in base
        assert key in {t.key for t in types_in("enhanced")}


# --- R1.4 decks and players ----------------------------------------------------------

@pytest.mark.parametrize("players", range(2, 11))
@pytest.mark.parametrize(("edition", "size"), [("base", 106), ("enhanced", 126)])
def test_r1_4_two_decks_from_six_players(players: int, edition: str, size: int) -> None:
    """R1.4: one deck for 2-5 players, two shuffled together from 6."""
    copies = 1 if players <= 5 else 2
    assert decks_for(players) == copies
    game = Game(players, edition, seed=1)
    assert len(game.deck.cards) == size * copies
    assert Counter(TYPES[t].key for t in game.deck.cards) == counts(edition, copies)
    game.check_invariants()


def test_r1_4_decks_option_overrides_the_count() -> None:
    """R1.4: the ``decks`` option picks the number of decks."""
    assert len(Game(3, rules=Rules(decks=2), seed=0).deck.cards) == 212
    assert len(Game(7, rules=Rules(decks=1), seed=0).deck.cards) == 106


# --- R1.5 s2-values --------------------------------------------------------------

def test_r1_5_s2_values_change_only_two_cards() -> None:
    """R1.5: ``s2-values``: any-colour rent 1M and railroad/utility wild 4M; every other value as printed."""
    printed, s2 = build_deck("base"), build_deck("base", values="s2")
    assert printed.cards == s2.cards
    for t in TYPES:
        assert printed.values[t.index] == t.value
        assert s2.values[t.index] == S2_VALUES.get(t.key, t.value), t.key
    assert printed.values[TYPE_BY_KEY["rent:any"].index] == 3
    assert printed.values[TYPE_BY_KEY["railroad/utility"].index] == 2


def test_r1_5_s2_values_reach_the_game() -> None:
    """R1.5: the game values cards (payments, asset value) from the deck's value set."""
    for values, rent_any, wild in (("printed", 3, 2), ("s2", 1, 4)):
        game = Game.from_position(2, rules=Rules(values=values), banks={0: ["rent:any"]},
                                  groups={0: [("utility", ["railroad/utility"], None, None)]})
        assert game.table_value(0) == rent_any + wild
        assert game.value(game.banks[0][0]) == rent_any


def test_unknown_edition_or_value_set_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown edition 'deluxe'"):
        build_deck("deluxe")
    with pytest.raises(ValueError, match="unknown value set 'cheap'"):
        build_deck("base", values="cheap")


# --- Appendix: Chinese names ---------------------------------------------------------

@pytest.mark.parametrize("key", list(APPENDIX_CARDS))
def test_appendix_card_names(key: str) -> None:
    """Appendix: the 繁體 and 简体 names of every named card."""
    t = TYPE_BY_KEY[key]
    assert (t.name("zh-Hant"), t.name("zh-Hans")) == APPENDIX_CARDS[key]


def test_appendix_enhanced_buildings_are_named_house_and_hotel() -> None:
    """Appendix: the Enhanced House/Hotel carry the names 房子/酒店."""
    for key, base in (("house+", "house"), ("hotel+", "hotel")):
        for lang in ("zh-Hant", "zh-Hans"):
            assert TYPE_BY_KEY[key].name(lang).startswith(TYPE_BY_KEY[base].name(lang))


@pytest.mark.parametrize("kind", list(APPENDIX_SUFFIXES))
def test_appendix_names_of_card_families(kind: Kind) -> None:
    """Appendix: property cards are 物業牌, two-colour wilds 雙色多功能物業牌, rent cards 租金牌, money 貨幣牌."""
    hant, hans = APPENDIX_SUFFIXES[kind]
    family = [t for t in TYPES if t.kind == kind]
    assert family
    for t in family:
        assert t.name("zh-Hant").endswith(hant), t.key
        assert t.name("zh-Hans").endswith(hans), t.key
        for c in t.colours if kind != Kind.MONEY else ():   # a pair names its colours short: 淺藍/啡
            assert COLOUR_NAMES["zh-Hant"][c].removesuffix("色") in t.name("zh-Hant")
            assert COLOUR_NAMES["zh-Hans"][c].removesuffix("色") in t.name("zh-Hans")


@pytest.mark.parametrize("lang", list(APPENDIX_COLOURS))
def test_appendix_colour_names(lang: str) -> None:
    """Appendix: colour names; a bracketed alternative (鐵路 (車站)) may be left out."""
    for c, expected in enumerate(APPENDIX_COLOURS[lang]):
        main = expected.split(" (")[0]
        assert COLOUR_NAMES[lang][c] in (expected, main), COLOUR_KEYS[c]


def test_every_card_has_three_names() -> None:
    """Every card type is named in English, 繁體 and 简体."""
    for t in TYPES:
        assert all(t.names), t.key


# --- the copies above against docs/rules.md ---------------------------------------

ENGLISH_COLOURS = {k: k.replace("-", " ") for k in COLOUR_KEYS}


def _card_table(cards: dict[str, tuple[int, int]]) -> dict[str, list[str]]:
    """``cards`` as the rows of a card table of docs/rules.md: English name -> count, value, rent added."""
    return {TYPE_BY_KEY[key].name("en"): [str(n), f"{value}M", f"{RENT_BONUS[key]}M" if key in RENT_BONUS else ""]
            for key, (n, value) in cards.items()}


def _table(section: str) -> dict[str, list[str]]:
    return {row[0]: row[1:] for row in markdown_table(section)}


def test_expected_tables_match_the_rules_doc() -> None:
    """The figures hard-coded above are docs/rules.md's (R1.1–R1.3 and R1.5 tables, appendix)."""
    text = RULES_DOC.read_text(encoding="utf-8")
    r1_1 = _table(rules_section(text, "R1.1"))
    assert r1_1 == {ENGLISH_COLOURS[key]: [zh, str(size), f"{value}M", ", ".join(map(str, rent))]
                    for key, (zh, size, value, rent) in R1_1.items()}
    assert _table(rules_section(text, "R1.2")) == _card_table(BASE_CARDS)
    assert _table(rules_section(text, "R1.3")) == _card_table(ENHANCED_ADDITIONS)
    assert _table(rules_section(text, "R1.5")) == {
        TYPE_BY_KEY[key].name("en"): [f"{TYPE_BY_KEY[key].value}M", f"{value}M"] for key, value in S2_VALUES.items()}
    appendix = _table(text[text.index("## Appendix"):])
    english = {"rainbow": "multi-colour (rainbow) wild property", "rent:any": "any-colour rent"}
    for key, names in APPENDIX_CARDS.items():
        if key in ("house", "hotel"):
            continue
        label = english.get(key) or ACTIONS.get(key, (TYPE_BY_KEY[key].name("en"),))[0]
        assert tuple(appendix[label][:2]) == names, key   # (the third column: words not to use)
    assert appendix["House / Hotel"][:2] == [f"{APPENDIX_CARDS['house'][i]} / {APPENDIX_CARDS['hotel'][i]}" for i in (0, 1)]
    colours = [appendix[label] for label in ("brown, light blue, pink, orange", "red, yellow, green, dark blue",
                                             "railroad, utility")]
    for i, lang in enumerate(APPENDIX_COLOURS):
        listed = [name for row in colours for name in row[i].split(", ")]
        assert listed == list(APPENDIX_COLOURS[lang]), lang
