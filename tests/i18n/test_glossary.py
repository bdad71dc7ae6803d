"""Chinese as the sources write it (issue 40): the glossary of docs/rules.md is what the catalogues say —
card and colour names, and none of the words it lists as calques — and whole games narrated and offered in
繁體中文 and 简体中文 read as Chinese text: no English words but names and amounts, no ASCII punctuation, no
space between two Chinese characters, a card's amount said once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from monopoly_deal.bots import RandomBot
from monopoly_deal.bots.base import Seat
from monopoly_deal.engine import Game
from monopoly_deal.engine.cards import COLOUR_NAMES, TYPES
from monopoly_deal.i18n import get_translator
from monopoly_deal.narrate import Narrator

ROOT = Path(__file__).resolve().parents[2]
CHINESE = ("zh-Hant", "zh-Hans")
HAN = "[\u3400-\u4dbf\u4e00-\u9fff]"


def glossary() -> list[tuple[str, str, str, list[str]]]:
    """The glossary's rows: English, 繁體, 简体, and the words not to use."""
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    table = text[text.index("| English | 繁體 | 简体 | not |"):].split("\n\n")[0].splitlines()[2:]
    rows = []
    for line in table:
        english, hant, hans, avoid = (cell.strip() for cell in line.strip("|").split("|"))
        rows.append((english, hant, hans, [w.strip() for w in avoid.split(",") if w.strip()]))
    return rows


def test_the_glossary_names_every_card_and_colour_as_the_card_data_does() -> None:
    by_english = {t.names[0].lower(): t for t in TYPES}
    checked = 0
    for english, hant, hans, _ in glossary():
        names = [n.strip() for n in re.split(r" / |, ", english)]
        for i, name in enumerate(names):
            zh = [re.split(r" / |, ", hant)[i].strip(), re.split(r" / |, ", hans)[i].strip()]
            if name.lower() in by_english:
                assert list(by_english[name.lower()].names[1:]) == zh, name
                checked += 1
            elif name in COLOUR_NAMES["en"]:
                c = COLOUR_NAMES["en"].index(name)
                assert [COLOUR_NAMES["zh-Hant"][c], COLOUR_NAMES["zh-Hans"][c]] == zh, name
                checked += 1
    assert checked >= 26   # 16 cards and the 10 colours


def test_no_catalogue_uses_a_word_the_glossary_avoids() -> None:
    avoided = [word for *_, avoid in glossary() for word in avoid]
    assert "套牌" in avoided
    page_words = (ROOT / "src/monopoly_deal/server/static/tournament-words.js").read_text(encoding="utf-8")
    for lang in CHINESE:
        for msgid, text in get_translator(lang).catalogue().items():
            assert not [w for w in avoided if w in text], (lang, msgid, text)
    assert not [w for w in avoided if w in page_words]


def played_lines(lang: str, seed: int) -> list[str]:
    """Every line a player reads in a whole game: the narration and every action offered, in ``lang``."""
    game = Game(players=3, edition="enhanced", seed=seed)
    narrator = Narrator(game)
    messages = narrator.start()
    words = get_translator(lang)
    bots = [RandomBot(seed=seed * 3 + p) for p in range(3)]
    offered: list[str] = []
    while not game.over:
        offered += [words.action(a, game.names, game.amount_of(a)) for a in game.legal_actions()]
        messages += narrator.play(bots[game.decider].choose(Seat(game, game.decider)))
    return words.lines(messages, game.names) + offered


@pytest.mark.parametrize("lang", CHINESE)
@pytest.mark.parametrize("seed", [3, 8])
def test_a_whole_game_reads_as_chinese(lang: str, seed: int) -> None:
    problems = set()
    for line in played_lines(lang, seed):
        bare = re.sub(r"P\d+|\d+M|ISMCTS|OpenSpiel", "", line)   # names and amounts are what they are
        if re.search(r"[A-Za-z]", bare):
            problems.add(f"English: {line}")
        if re.search(r"[:;,()]", bare):
            problems.add(f"ASCII punctuation: {line}")
        if re.search(f"{HAN} +{HAN}|{HAN} +[「」（），。：、]|[「」（），。：、] +", line):
            problems.add(f"a space in Chinese: {line}")
        if re.search(r"(\d+M)（\1）", line):
            problems.add(f"an amount twice: {line}")
    assert sorted(problems) == []
