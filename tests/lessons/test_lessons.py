"""Lessons (lessons/, "Learn to play"): each plays through the engine to the learner's win, every word the
coach says is in every catalogue, and a lesson's room plays the bot's script, takes only the step's move
from the learner, and stores nothing."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from monopoly_deal.i18n import LANGUAGES, get_translator
from monopoly_deal.lessons import NAMES, load, loads
from monopoly_deal.scenario import ScenarioError
from monopoly_deal.server import LobbyLimits, create_app

#: What the first game must walk through: the verbs of the learner's own steps.
TOPICS = {"bank", "play", "rent", "end", "no", "accept", "pay", "house", "sly-deal"}


@pytest.mark.parametrize("name", NAMES)
def test_a_lesson_ends_in_the_learner_s_win_and_teaches_every_topic(name: str) -> None:
    lesson = load(name)   # load plays it: each step legal and decided by its seat, the last one wins
    game = lesson.start()
    for step in lesson.steps:
        game.apply(next(a for a in game.legal_actions() if str(a) == step.action))
    assert game.over and game.winner == 0
    verbs = {step.action.split()[0].split(":")[0] for step in lesson.steps if step.seat == 0}
    assert TOPICS <= verbs


@pytest.mark.parametrize("name", NAMES)
def test_every_word_of_the_coach_is_in_every_language(name: str) -> None:
    lesson = load(name)
    keys = {s.say for s in lesson.steps if s.say} | {"done"}
    for lang in LANGUAGES:
        catalogue = get_translator(lang).catalogue()
        missing = [k for k in sorted(keys) if f"web.lesson.{name}.{k}" not in catalogue]
        assert missing == [], f"{lang}: {missing}"
    # and no word of the catalogues goes unsaid
    said = {k for k in get_translator("en").catalogue() if k.startswith(f"web.lesson.{name}.")}
    assert said == {f"web.lesson.{name}.{k}" for k in keys}


@pytest.mark.parametrize(("text", "problem"), [
    ("players: 3\nposition: {}\nsteps: [{you: end, say: x}]", "players: a lesson has 2 players"),
    ("players: 2\nposition: {hands: {P1: [5M]}}\nsteps: [{you: bank 1M, say: x}]", "steps[0]: bank 1M is not legal"),
    ("players: 2\nposition: {hands: {P1: [5M]}}\nsteps: [{bot: end, say: x}]", "steps[0]: P1 decides here, not P2"),
    ("players: 2\nposition: {hands: {P1: [5M]}}\nsteps: [{you: end, say: x}]", "must end with the learner's win"),
    ("players: 2\nposition: {hands: {P1: [5M]}}\nsteps: [{you: end}]", "steps[0].say"),
    ("players: 2\nposition: {hands: {P1: [nope]}}\nsteps: [{you: end, say: x}]", "unknown card 'nope'"),
])
def test_a_broken_lesson_is_refused_naming_the_field(text: str, problem: str) -> None:
    with pytest.raises(ScenarioError, match=re.escape(problem)):
        loads(text, "broken")


def _state(ws: Any) -> dict[str, Any]:
    while True:
        message = ws.receive_json()
        if message["type"] == "state" and "game" in message:
            return message


def test_a_lesson_room_plays_the_script_and_refuses_other_moves() -> None:
    lesson = load("first-game")
    with TestClient(create_app("sqlite+aiosqlite://", LobbyLimits(bot_delay=0, bot_answer=0))) as client:
        assert client.post("/api/lessons/nope", json={}).status_code == 404
        response = client.post("/api/lessons/first-game", json={"name": "Ann", "lang": "zh-Hant"})
        assert response.status_code == 201, response.text
        body = response.json()
        room, token = body["room"]["id"], body["token"]
        assert body["room"]["private"] and not body["room"]["hints"] and body["room"]["status"] == "playing"
        assert client.get("/api/rooms").json() == []    # never listed
        with client.websocket_connect(f"/ws/{room}?token={token}") as ws:
            message = _state(ws)
            assert message["lesson"] == {"name": "first-game", "step": 0, "steps": sum(s.seat == 0 for s in lesson.steps),
                                         "say": "bank", "expect": "bank 5M"}
            ws.send_json({"type": "act", "action": "play dark-blue"})   # legal, but not the lesson's move
            refused = ws.receive_json()
            assert refused["type"] == "error" and "bank 5M" in refused["error"]
            for step in lesson.steps:
                if step.seat != 0:
                    continue
                while message["lesson"]["expect"] != step.action:   # the bot's scripted moves come by themselves
                    message = _state(ws)
                assert [a["notation"] for a in message["legal"]].count(step.action) == 1
                ws.send_json({"type": "act", "action": step.action})
                message = _state(ws)
            while message["game"]["decision"]["type"] != "over":
                message = _state(ws)
            assert message["game"]["winner"] == 0
            assert message["lesson"]["say"] == "done" and message["lesson"]["expect"] is None
        again = client.post(f"/api/rooms/{room}/again", json={"token": token})
        assert again.status_code == 409 and "lesson" in again.json()["error"]
        assert client.get(f"/api/rooms/{room}/games").json() == []   # nothing stored
