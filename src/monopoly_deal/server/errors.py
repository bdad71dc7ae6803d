"""What the server refuses, as messages: each refusal has a stable code and parameters, an English text for
programs and logs, and words in each language of the catalogues (``error.<code>``) for the people who meet it.

    >>> error = RoomError("seat-taken", seat=2)
    >>> str(error), error.status
    ('seat P2 is taken', 409)
    >>> error.said("zh-Hant")
    '座位 P2 已經有人。'
    >>> error.body("zh-Hant")["code"]
    'seat-taken'

A REST refusal answers ``{"error": English, "code": ..., "params": {...}, "message": words}`` with
``message`` in the language the request asks for (``Accept-Language``, one of en, zh-Hant, zh-Hans); a
WebSocket one ``{"type": "error", ...}`` with the same fields, in the connection's language. The codes are
listed in docs/web.md.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from ..engine.refusal import Refusal
from ..i18n import LANGUAGES, get_translator
from .metrics import REFUSALS

#: Every code and its English text (``error.<code>`` in en.po says the same: tests/server/test_errors.py).
ENGLISH: dict[str, str] = {
    # seats and rooms
    "bad-token": "this seat token is not valid in this room",
    "seats-closed": "the game has started: seats are taken",
    "room-full": "the room is full",
    "no-such-seat": "seat must be 0 to {last}",
    "seat-taken": "seat P{seat} is taken",
    "private-room": "this room is private: joining needs its invite link",
    "host-only": "only the host (the first person seated) may remove a player",
    "no-removing": "the game has started: nobody can be removed now",
    "seat-empty": "seat P{seat} is empty",
    "host-leaves": "the host leaves with 'leave', not 'remove'",
    "no-room": "no room '{room}'",
    # games
    "started": "the game has already started",
    "seats-empty": "every seat needs a player or a bot first; empty: {seats}",
    "not-over": "the game is not over yet",
    "match-once": "a tournament match is played once",
    "lesson-once": "a lesson is played once: start it again from the lobby",
    "cannot-start": "cannot start: {problem}",
    "no-game": "no game is being played in this room",
    "bot-seat": "a bot plays seat P{seat} now",
    "not-your-decision": "not your decision: {player} must decide ({decision})",
    "illegal": "{action} is not legal now",
    "lesson-move": "in this lesson, the move now is {action}",
    "no-lesson": "no lesson '{lesson}'; there are {lessons}",
    # hints
    "hints-off": "this room has hints off",
    "hint-not-yours": "a hint is for your own decision, when you have one",
    "hint-thinking": "a hint is already being thought for you",
    "hints-rationed": "hints are rationed: one every {seconds} seconds after the first few; try again soon",
    "spectator-hint": "spectators have no decisions to hint",
    "spectator-act": "spectators cannot act; join a seat to play",
    "slow-down": "too many messages: slow down",
    "cannot-save": "the server cannot save right now; the game goes on when it can",
    # quotas
    "too-many-rooms": "you have {held} rooms open or playing, the most one client may have; finish or leave one first",
    "server-full": "this server holds at most {most} rooms; try again later",
    "too-many-seats": "you hold {held} seats, the most one client may hold; leave one first",
    "room-watched": "this room has {most} spectators, the most it takes; try again later",
    "watching-enough": "you are watching with {most} connections, the most one client may open",
    "server-watched": "this server takes at most {most} spectators' connections; try again later",
    # records and replays
    "no-game-id": "no game {game}",
    "record-later": "the game is not over: its record is available when it ends",
    "replay-later": "the game is not over: its replay is available when it ends",
    "tournament-records-later": "a tournament's records are available when it ends",
    "bad-viewer": "viewer must be a seat from 0 to {last}",
    # tournaments
    "bad-key": "this key is not one of this tournament's links",
    "no-such-team": "team: 0 to {last}, not {team}",
    "own-team-only": "a team's link names that team's representative only",
    "organiser-bot": "only the organiser names a bot to stand in for a team",
    "bot-team": "team {team} is a bot team: its bot plays every match",
    "no-match-waiting": "no match is waiting for representatives now",
    "disqualified": "{name} was disqualified from this tournament for stalling twice (R10.5): name another representative",
    "too-many-tournaments": "you have {held} rooms and tournaments going, the most one client may have; finish one first",
    "tournaments-full": "this server holds at most {most} tournaments",
    "no-tournament": "no tournament '{tournament}'",
    "no-match": "no match {match}",
    # what the request itself gets wrong (its English names the field: programs read it, people never send it)
    "bad-request": "{problem}",
    # a value of the request refused by the part that reads it, in that part's words
    "bad-rule": "{problem}",
    "bad-bot": "{problem}",
    "bad-name": "{problem}",
}

#: The refusals that pass on another part's words (:class:`Refusal`): a rule option, a bot spec, a name.
PASSED_ON = {"rules-error": "bad-rule", "bot-error": "bad-bot", "name-error": "bad-name"}


class RefusalBody(BaseModel):
    """A refusal as the API answers it (:meth:`RoomError.body`)."""

    error: str = Field(description="English, for programs and logs")
    code: str = Field(description="stable: the codes are listed in docs/web.md")
    params: dict[str, Any] = Field(description="what the words are filled with")
    message: str = Field(description="in the language the request asked for (Accept-Language)")


#: The refusals every route may answer with, for the OpenAPI schema.
REFUSALS_DOCUMENTED: dict[int | str, dict[str, Any]] = {
    status: {"model": RefusalBody, "description": what} for status, what in (
        (400, "the request is not valid (a field, a rule option, a bot, a name)"),
        (403, "not allowed: a seat token, a tournament link or a record that waits for the end"),
        (404, "no such room, game, tournament or lesson"),
        (409, "not now: the room's or the game's state does not allow it"),
        (413, "the request body is too large"),
        (429, "too many: a quota, or this address's request budget"),
        (503, "the server is full, or cannot save right now"))}


class RoomError(ValueError):
    """A request the server refuses: ``code`` (a key of :data:`ENGLISH`) and its ``params``; ``status`` is
    the HTTP status that fits (409 by default); ``str()`` is the English text.

    A refusal of the engine, the bots or the names (:class:`Refusal`) is passed on with its own words:

    >>> from monopoly_deal.engine import Rules
    >>> try:
    ...     Rules.parse("putback=floor")
    ... except ValueError as error:
    ...     refusal = RoomError.passing_on(error)
    >>> refusal.code, refusal.said("zh-Hans")
    ('bad-rule', '规则选项「超过 7 张的牌放到」只可以是 bottom、discard，不能是 floor。')
    """

    def __init__(self, code: str, status: int = 409, cause: Refusal | None = None, **params: Any) -> None:
        self.code, self.status, self.params, self.cause = code, status, params, cause
        super().__init__(ENGLISH[code].format(**params))

    @classmethod
    def passing_on(cls, error: Exception, status: int = 400, problem: str | None = None) -> RoomError:
        """``error`` as a refusal of the request: in its own words where it is a :class:`Refusal` of a rule
        option, a bot spec or a name, else as ``bad-request``; the English is ``problem`` (default: the error's
        first line)."""
        code = PASSED_ON.get(error.message_id.split(".")[0]) if isinstance(error, Refusal) else None
        problem = problem or (str(error).splitlines() or [type(error).__name__])[0]
        if code is None:
            return cls("bad-request", status, problem=problem)
        return cls(code, status, cause=error if isinstance(error, Refusal) else None, problem=problem)

    def said(self, lang: str) -> str:
        """The refusal in words of ``lang`` (English where the language is unknown)."""
        words = get_translator(lang if lang in LANGUAGES else "en")
        params = self.params if self.cause is None else {"problem": words.explain(self.cause)}
        return words.gettext(f"error.{self.code}", **params)

    def body(self, lang: str, sent: bool = True) -> dict[str, Any]:
        """The JSON a client is answered with (a refusal passed on gives its own parameters); counted among
        the refusals sent (:mod:`.metrics`) unless made ahead, ``sent=False``, to be sent many times."""
        if sent:
            REFUSALS.labels(self.code).inc()
        params = self.params if self.cause is None else \
            {k: v if isinstance(v, str | int | float | bool | list | None) else str(v) for k, v in self.cause.params.items()}
        return {"error": str(self), "code": self.code, "params": params, "message": self.said(lang)}
