"""Lessons: guided games on a fixed deal, for "Learn to play" (docs/web.md).

A lesson is a YAML file beside this module: a position written as in a scenario file
(docs/scenarios.md), and every decision of the game to its end, each the learner's (``you``, seat 0) or
the bot's (``bot``, seat 1), with the coach's words for it (``say``: a key of the catalogues,
``web.lesson.<name>.<say>``). The room that plays a lesson takes only the step's action from the learner
and plays the bot's steps itself, so the game always reaches every topic and ends in the learner's win::

    >>> from monopoly_deal.engine.actions import Action
    >>> lesson = load("first-game")
    >>> game = lesson.start(["Ann", "Bot"])
    >>> step = lesson.step(game)
    >>> step.action, step.seat, step.say
    ('bank 5M', 0, 'bank')
    >>> game.apply(Action.parse("bank 5M"))
    >>> lesson.step(game).say
    'lay'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import yaml

from ..engine import Game, Rules
from ..scenario import Position, ScenarioError, read_position

#: The lessons there are, by name (a file ``<name>.yaml`` each); the order the lobby offers them in.
NAMES = ("first-game",)
#: Who decides a step: the learner sits in P1, the bot in P2.
SEATS = {"you": 0, "bot": 1}


@dataclass(frozen=True)
class LessonStep:
    """One decision of the lesson: the seat that makes it, the action in notation, the coach's words."""

    seat: int
    action: str
    say: str | None


@dataclass(frozen=True)
class Lesson:
    """A lesson read and checked (:func:`load`)."""

    name: str
    players: int
    position: Position
    steps: tuple[LessonStep, ...]
    rules: Rules
    edition: str = "base"

    def start(self, names: Iterable[str] | None = None, log: bool = False) -> Game:
        """The game at the lesson's first step (``log``: with the events a narrator reads)."""
        return self.position.game(self.players, self.edition, self.rules, names=names, log=log)

    def step(self, game: Game) -> LessonStep | None:
        """The step ``game`` is at (``None`` once the script has run out: the game is over)."""
        index = len(game.history)
        return self.steps[index] if index < len(self.steps) else None

    def words(self, game: Game) -> str | None:
        """The coach's words at ``game``'s step: its own, or the last said before it (a bot's quiet move)."""
        index = min(len(game.history), len(self.steps) - 1)
        return next((s.say for s in reversed(self.steps[:index + 1]) if s.say), None)

    def view(self, game: Game) -> dict[str, Any]:
        """What the page is told: the learner's moves made (``step``) of all (``steps``), the coach's words,
        and the move asked for now (``expect``, ``None`` while the bot decides or once it is over). Nothing
        of the bot's script."""
        step = self.step(game)
        yours = [s.seat == SEATS["you"] for s in self.steps]
        return {"name": self.name, "step": sum(yours[:len(game.history)]), "steps": sum(yours),
                "say": "done" if game.over else self.words(game),
                "expect": step.action if step is not None and step.seat == SEATS["you"] else None}


def _read_steps(data: Any, path: str) -> tuple[LessonStep, ...]:
    if not isinstance(data, list) or not data:
        raise ScenarioError(path, "steps", "a list of steps, each {you: ACTION} or {bot: ACTION}, with an optional say")
    steps = []
    for i, item in enumerate(data):
        where = f"steps[{i}]"
        if not isinstance(item, dict) or len([k for k in item if k in SEATS]) != 1 \
                or set(item) - {*SEATS, "say"}:
            raise ScenarioError(path, where, "expected {you: ACTION} or {bot: ACTION}, with an optional say: KEY")
        who = next(k for k in item if k in SEATS)
        say = item.get("say")
        if say is not None and not isinstance(say, str):
            raise ScenarioError(path, f"{where}.say", "a key of the coach's words, such as bank")
        steps.append(LessonStep(SEATS[who], str(item[who]), say))
    if steps[0].say is None:
        raise ScenarioError(path, "steps[0].say", "the first step says what to do")
    return tuple(steps)


def _check(lesson: Lesson, path: str) -> None:
    """Play the lesson: each step legal and decided by its seat, the learner the winner at the last."""
    game = lesson.start()
    for i, step in enumerate(lesson.steps):
        where = f"steps[{i}]"
        if game.over:
            raise ScenarioError(path, where, "the game is already over")
        if game.decider != step.seat:
            raise ScenarioError(path, where, f"P{game.decider + 1} decides here, not P{step.seat + 1}")
        legal = {str(a): a for a in game.legal_actions()}
        if step.action not in legal:
            raise ScenarioError(path, where, f"{step.action} is not legal; legal: {', '.join(legal)}")
        game.apply(legal[step.action])
    if not game.over or game.winner != SEATS["you"]:
        raise ScenarioError(path, "steps", "the lesson must end with the learner's win at its last step")


def loads(text: str, name: str, path: str = "<lesson>") -> Lesson:
    """A lesson from YAML text, checked by playing it; :class:`ScenarioError` names the field."""
    data = yaml.safe_load(text)
    if not isinstance(data, dict) or set(data) - {"players", "position", "steps"}:
        raise ScenarioError(path, "", "a lesson is a mapping with players, position and steps")
    if data.get("players") != len(SEATS):
        raise ScenarioError(path, "players", f"a lesson has {len(SEATS)} players: you and a bot")
    rules = Rules()
    lesson = Lesson(name, len(SEATS), read_position(data.get("position"), len(SEATS), "base", rules, path),
                    _read_steps(data.get("steps"), path), rules)
    _check(lesson, path)
    return lesson


@cache
def load(name: str) -> Lesson:
    """The lesson ``name`` (one of :data:`NAMES`; ``KeyError`` otherwise), read once."""
    if name not in NAMES:
        raise KeyError(f"no lesson {name!r}; there are {', '.join(NAMES)}")
    text = (resources.files(__package__) / f"{name}.yaml").read_text(encoding="utf-8")
    return loads(text, name, f"{name}.yaml")


__all__ = ["NAMES", "Lesson", "LessonStep", "load", "loads"]
