"""Refusals are messages (issue 40): each has a stable code, an English text for programs and words in the
player's language. Errors provoked on purpose with ``Accept-Language: zh-Hant`` (REST) or a zh-Hant socket —
a full room, an illegal move, a bad rule option, a tournament link misused, a room that does not exist —
answer Chinese a page can show, with no English sentence in it."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from monopoly_deal.i18n import LANGUAGES, get_translator, language_of
from monopoly_deal.server import LobbyLimits, create_app
from monopoly_deal.server.errors import ENGLISH, RoomError

ZH = {"Accept-Language": "zh-Hant"}


def test_every_code_has_words_in_every_language_and_english_is_the_table() -> None:
    for lang in LANGUAGES:
        catalogue = get_translator(lang).catalogue()
        assert sorted(code for code in ENGLISH if f"error.{code}" not in catalogue) == [], lang
    english = get_translator("en").catalogue()
    assert {code: english[f"error.{code}"] for code in ENGLISH} == ENGLISH
    for lang in ("zh-Hant", "zh-Hans"):
        for code in ENGLISH:
            words = re.sub(r"\{\w+\}|P\{\w+\}", "", get_translator(lang).catalogue()[f"error.{code}"])
            assert not re.search(r"[A-Za-z]", words), (lang, code, words)


def test_the_language_asked_for() -> None:
    assert language_of("zh-HK,zh;q=0.9,en;q=0.8") == "zh-Hant"
    assert language_of("zh-CN") == "zh-Hans"
    assert language_of("fr-FR, en-GB") == "en"
    assert language_of(None) == "en"
    assert RoomError("seat-taken", seat=2).body("zh-Hans") == {
        "error": "seat P2 is taken", "code": "seat-taken", "params": {"seat": 2}, "message": "座位 P2 已经有人。"}


def chinese(body: dict[str, Any]) -> str:
    """The words a page shows for a refusal: Chinese, its parameters (names, ids) and seats aside."""
    assert body["code"] in ENGLISH and body["error"]
    message = bare = body["message"]
    for value in body["params"].values():
        bare = bare.replace(str(value), "")
    assert not re.search(r"[A-Za-z]{2,}", re.sub(r"P\d+", "", bare)), message
    return message


def test_errors_provoked_on_purpose_answer_in_the_player_s_language() -> None:
    with TestClient(create_app("sqlite+aiosqlite://", LobbyLimits(bot_delay=0))) as client:
        room = client.post("/api/rooms", json={"players": 2}).json()["id"]
        for name in ("Ann", "Bo"):
            assert client.post(f"/api/rooms/{room}/join", json={"name": name}).status_code == 200
        full = client.post(f"/api/rooms/{room}/join", json={"name": "Cy"}, headers=ZH)
        assert full.status_code == 409 and chinese(full.json()) == "房間已滿。"
        bad_rules = client.post("/api/rooms", json={"players": 3, "rules": {"decks": 5}}, headers=ZH)
        assert bad_rules.status_code == 400 and bad_rules.json()["code"] == "bad-rule"
        assert chinese(bad_rules.json()) == "規則選項「牌組數目」：3 位玩家只可以用 0（自動）或 1 至 2 副牌，不可以是 5。"
        assert "decks" in bad_rules.json()["error"]                     # programs still read what is wrong
        assert bad_rules.json()["params"]["name"] == "decks"
        long_name = client.post("/api/rooms", json={"players": 2, "name": "x" * 41}, headers=ZH)
        assert long_name.json()["code"] == "bad-name" and chinese(long_name.json()) == "名字最多 40 個字，現在有 41 個。"
        missing = client.get("/api/rooms/nope", headers=ZH)
        assert missing.status_code == 404 and chinese(missing.json()) == "找不到房間「nope」。"
        cup = client.post("/api/tournaments", json={"name": "Cup", "teams": [{"name": "A"}, {"name": "B"}]}).json()
        misused = client.post(f"/api/tournaments/{cup['id']}/representative",
                              json={"key": "not-a-key", "team": 0, "name": "Eve"}, headers=ZH)
        assert misused.status_code in (400, 403) and chinese(misused.json())

        lesson = client.post("/api/lessons/first-game", json={"name": "Ann", "lang": "zh-Hant"}).json()
        with client.websocket_connect(f"/ws/{lesson['room']['id']}?token={lesson['token']}&lang=zh-Hant") as ws:
            ws.send_json({"type": "act", "action": "end"})              # legal, but not the lesson's move
            while (answer := ws.receive_json())["type"] != "error":
                pass
            assert answer["code"] == "lesson-move" and chinese(answer) == "這是教學局：請走標示出來的一步。"
            ws.send_json({"type": "act", "action": "pay 9M"})           # no such move now
            while (answer := ws.receive_json())["type"] != "error":
                pass
            assert chinese(answer)


def test_docs_list_every_code() -> None:
    from pathlib import Path

    docs = (Path(__file__).resolve().parents[2] / "docs" / "web.md").read_text(encoding="utf-8")
    assert [code for code in ENGLISH if f"| `{code}` |" not in docs] == []
