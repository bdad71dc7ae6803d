"""The message catalogues: every message in every language, card names as the seeds write them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from monopoly_deal.bots import RandomBot, Seat
from monopoly_deal.engine import Game
from monopoly_deal.engine.actions import ActionSpace
from monopoly_deal.engine.cards import COLOUR_KEYS, COLOUR_NAMES, NO_COLOUR_KEY, TYPES
from monopoly_deal.i18n import LANGUAGES, get_translator
from monopoly_deal.narrate import ENGLISH, Narrator

LOCALES = Path(__file__).resolve().parents[2] / "src" / "monopoly_deal" / "i18n" / "locales"
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _po(lang: str) -> dict[str, str]:
    with open(LOCALES / f"{lang}.po", "rb") as f:
        return {m.id: m.string for m in read_po(f) if m.id}


def test_every_language_has_the_same_messages_all_translated() -> None:
    english = set(_po("en"))
    for lang in LANGUAGES:
        catalogue = get_translator(lang).catalogue()
        assert set(catalogue) == english, lang
        untranslated = sorted(k for k, v in catalogue.items() if not v.strip())
        assert untranslated == [], f"{lang}: untranslated {untranslated}"


def test_translations_keep_the_placeholders() -> None:
    english = get_translator("en").catalogue()
    for lang in LANGUAGES[1:]:
        catalogue = get_translator(lang).catalogue()
        for msgid, text in english.items():
            said, wanted = set(PLACEHOLDER.findall(catalogue[msgid])), set(PLACEHOLDER.findall(text))
            if msgid.startswith("error."):   # a refusal's words may leave out what only a program needs
                assert said <= wanted, (lang, msgid)   # (the English problem of a bad request, a notation)
            elif msgid.split(".")[0].endswith("-error") or msgid.startswith("cli."):
                pass   # a refusal's own parameters: tests/i18n/test_refusals.py and tests/test_cli_errors.py say each
            else:
                assert said == wanted, (lang, msgid)


def test_chinese_is_really_translated() -> None:
    """No Chinese catalogue just copies English (money amounts like "2M" aside)."""
    english = get_translator("en").catalogue()
    for lang in LANGUAGES[1:]:
        same = [k for k, v in get_translator(lang).catalogue().items()
                if v == english[k] and re.search(r"[a-z]{3}", v) and "{" not in v]
        assert same == [], (lang, same)


def test_card_and_colour_names_are_the_engine_s() -> None:
    """R1: the cards' names in each language, as cards.py takes them from the seeds."""
    for i, lang in enumerate(LANGUAGES):
        t = get_translator(lang)
        assert [t.card(c.key) for c in TYPES] == [c.names[i] for c in TYPES]
        assert [t.colour(k) for k in COLOUR_KEYS] == list(COLOUR_NAMES[lang])
        assert t.colour(NO_COLOUR_KEY)
    hant, hans = get_translator("zh-Hant"), get_translator("zh-Hans")
    assert [hant.card(k) for k in ("deal-breaker", "forced-deal", "sly-deal", "just-say-no", "debt-collector",
                                   "birthday", "double-rent", "house", "hotel", "pass-go")] == \
        ["物業接管", "強制交易", "盜取", "作出反對", "收取債務", "我的生日", "雙倍租金", "房子", "酒店", "通行證"]
    assert hans.card("sly-deal") == "盗取" and hans.card("pass-go") == "通行证"


def test_english_narration_is_narrate_s_catalogue() -> None:
    catalogue = get_translator("en").catalogue()
    assert {k: catalogue[f"narrate.{k}"] for k in ENGLISH} == ENGLISH


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_action_has_words(lang: str) -> None:
    """Every action of the Enhanced edition's action space can be put in words for a menu."""
    t = get_translator(lang)
    names = [f"P{i + 1}" for i in range(3)]
    texts = {t.action(a, names, amount=4) for a in ActionSpace("enhanced", players=3).actions}
    assert all(text and "{" not in text for text in texts)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_whole_game_narrates(lang: str) -> None:
    game = Game(players=3, edition="enhanced", seed=11)
    narrator = Narrator(game)
    messages = narrator.start()
    bots = [RandomBot(seed=p) for p in range(3)]
    while not game.over:
        messages += narrator.play(bots[game.decider].choose(Seat(game, game.decider)))
    lines = get_translator(lang).lines(messages, game.names)
    assert len(lines) > 20 and not any("{" in line for line in lines)


def test_unknown_language_is_named() -> None:
    with pytest.raises(ValueError, match="'fr'.*en, zh-Hant, zh-Hans"):
        get_translator("fr")


def test_actions_read_naturally() -> None:
    en, hant = get_translator("en"), get_translator("zh-Hant")
    names = ["Ann", "Bo"]
    assert en.action("rent:red/yellow red x2", names, amount=6) == \
        "Play red/yellow rent with Double the Rent: rent for red from everyone (6M)"
    assert en.action("pay red:red/yellow", names) == "Pay red/yellow wild (as red) (3M) from your red set"
    assert en.action("pay red:red/yellow", names, amount=2) == "Pay red/yellow wild (as red) (2M) from your red set"
    assert hant.action("pay 5M", names) == "從銀行付 5M"   # a money card's amount, said once
    # card names quoted with 「」, colours with 色, Latin words spaced off Chinese (chinese-review.md §3, §4)
    assert hant.action("deal-breaker P2 green", names) == "打出「物業接管」：接管 Bo 整套綠色物業"
    assert hant.action("move red:rainbow>green", names) == "把紅色物業組的「彩色多功能物業牌」改作綠色（不計出牌次數）"
    assert en.action("move red:rainbow>green", names) == "Turn multi-colour wild in red to green (free)"
