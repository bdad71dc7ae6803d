"""A review shown: the table in words, analysis.json's fields, and winchance.png."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from monopoly_deal.analysis.report import heading, render, tables, write
from monopoly_deal.analysis.review import Review, review
from monopoly_deal.i18n import get_translator
from tests.analysis.positions import PAY_OR_LOSE, pay_or_lose, win_or_wait


@pytest.fixture(scope="module")
def blunder() -> Review:
    return review(pay_or_lose(), PAY_OR_LOSE, budget=6, seed=1, bot="heuristic")


def test_the_table_says_the_moves_in_words_and_flags_the_blunder(blunder: Review) -> None:
    text = render(tables(blunder), width=160)
    assert "Pay dark blue property (4M) from your dark blue set" in text      # the move, as the menus say it
    assert "Pay 5M from your bank" in text and "blunder" in text and "100% → 0%" in text
    assert "0.0" in text.split("accuracy")[1]                                  # P1's accuracy
    assert "Flags: 10, 20, 30 points lost or more" in text


def test_the_table_speaks_the_language_asked_for(blunder: Review) -> None:
    text = render(tables(blunder, get_translator("zh-Hant")), width=160)
    assert "嚴重錯誤" in text and "從銀行付 5M" in text and "準確度" in text


def test_the_heading_says_whose_view_and_all_cards_open_first() -> None:
    seat_view = review(win_or_wait(), ["play green"], budget=2, seed=0, bot="heuristic")
    open_view = review(win_or_wait(), ["play green"], budget=2, seed=0, open=True, bot="heuristic")
    assert "as the deciding player could know them" in heading(seat_view, "g.json")
    said = heading(open_view, "g.json")
    assert said.splitlines()[1].startswith("ALL CARDS OPEN") and "P1 won on turn 1" in said


def test_analysis_json_holds_every_field(blunder: Review, tmp_path: Path) -> None:
    written = write(blunder, tmp_path / "out", "game.json")
    assert [p.name for p in written] == ["analysis.json", "winchance.png"]
    data = json.loads(written[0].read_text(encoding="utf-8"))
    assert set(data) == {"format", "version", "settings", "game", "players", "decisions"}
    assert data["format"] == "monopoly-deal-analysis" and data["game"]["source"] == "game.json"
    p1 = data["players"][0]
    assert p1 == {"seat": "P1", "name": "P1", "decisions": 1, "accuracy": 0.0, "inaccuracy": 0, "mistake": 0,
                  "blunder": 1, "lost": 1.0, "lost_mean": 1.0}
    paid = data["decisions"][-1]
    assert set(paid) == {"index", "turn", "seat", "legal", "taken", "taken_words", "best", "before", "after", "lost",
                         "lost_error", "flag", "chances", "candidates"}
    assert (paid["taken"], paid["best"], paid["flag"], paid["chances"]) == \
        ("pay dark-blue:dark-blue", "pay 5M", "blunder", [0.0, 1.0])
    assert paid["taken_words"] == "Pay dark blue property (4M) from your dark blue set"
    assert set(paid["candidates"][0]) == {"action", "words", "rank", "chance", "error", "gain", "gain_error", "chances"}


def test_winchance_png_is_a_png(blunder: Review, tmp_path: Path) -> None:
    _, png = write(blunder, tmp_path, "game.json")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000


def test_a_stopped_review_says_so(blunder: Review) -> None:
    blunder.stopped = True
    try:
        assert blunder.to_json()["stopped_after"] == "2 decisions"
    finally:
        blunder.stopped = False
