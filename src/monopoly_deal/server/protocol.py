"""The messages between a page and the server, checked with pydantic.

A client sends small JSON messages over its WebSocket; anything else is
refused with an ``error`` message and changes nothing.

>>> parse_client_message('{"type": "act", "action": "end"}')
Act(type='act', action='end')
>>> parse_client_message('{"type": "act"}')
Traceback (most recent call last):
...
monopoly_deal.server.protocol.ProtocolError: bad message: act.action: Field required
"""

from __future__ import annotations

from dataclasses import fields
from typing import Annotated, Any, Literal, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    ValidationInfo,
    field_validator,
)

from ..engine import RuleOptionError, Rules
from ..engine.cards import decks_for
from ..engine.rules import BOUNDED_REARRANGEMENTS
from ..i18n import LANGUAGES
from ..narrate import clean_name

#: The longest WebSocket message a client may send (bytes); the longest action is far shorter.
MAX_MESSAGE_BYTES = 1024

Lang = Literal["en", "zh-Hant", "zh-Hans"]
assert set(get_args(Lang)) == set(LANGUAGES), "the protocol names every language of monopoly_deal.i18n"


class ProtocolError(ValueError):
    """A message that is not one the protocol knows; the text says what is wrong."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# --- WebSocket, client -> server ---------------------------------------------

class Act(_Strict):
    """Take an action for your seat, in notation (one of the ``legal`` list you were sent)."""

    type: Literal["act"]
    action: str = Field(min_length=1, max_length=200)


class SetLanguage(_Strict):
    type: Literal["lang"]
    lang: Lang


class Ping(_Strict):
    type: Literal["ping"]


class AskHint(_Strict):
    """Ask the strongest bot what it would do in your seat's decision now (where the room allows hints)."""

    type: Literal["hint"]


ClientMessage = Annotated[Act | SetLanguage | Ping | AskHint, Field(discriminator="type")]
_CLIENT: TypeAdapter[Act | SetLanguage | Ping | AskHint] = TypeAdapter(ClientMessage)


def parse_client_message(text: str | bytes) -> Act | SetLanguage | Ping | AskHint:
    if len(text) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"message too long: {len(text)} bytes, at most {MAX_MESSAGE_BYTES}")
    try:
        return _CLIENT.validate_json(text)
    except ValidationError as error:
        raise ProtocolError(f"bad message: {_first_problem(error)}") from None


def _first_problem(error: ValidationError) -> str:
    problem = error.errors()[0]
    where = ".".join(str(p) for p in problem["loc"] if not str(p).startswith("function"))
    return f"{where}: {problem['msg']}" if where else problem["msg"]


# --- names (cleaned as everywhere: narrate.clean_name) ----------------------------

def _player_name(value: str) -> str:
    text = clean_name(value, 24)
    if not text:
        raise ValueError("a name needs at least one visible character")
    return text


#: A player's name: 1–24 characters once cleaned; a room's: up to 40, or none.
PlayerName = Annotated[str, Field(max_length=200), AfterValidator(_player_name)]
RoomName = Annotated[str, Field(max_length=200), AfterValidator(lambda value: clean_name(value, 40))]


# --- REST bodies ------------------------------------------------------------

#: The longest game a room may set (``max_turns``): the engine's default, far past any real game.
MAX_TURNS = Rules().max_turns
_NUMBERS = [f.name for f in fields(Rules) if f.type == "int"]

class RoomOptions(_Strict):
    """A new room: seats, edition, rule options, turn clock (seconds per turn, none if absent), language,
    whether it is private (not listed; joining needs the invite link's secret) and whether its players
    may ask for hints (off for tournament matches).

    Every rule option is checked here, against the player count where it depends on it:

    >>> RoomOptions(players=3, rules={"decks": 3})
    Traceback (most recent call last):
    ...
    pydantic_core._pydantic_core.ValidationError: 1 validation error for RoomOptions
    rules
      Value error, rules.decks: 0 (automatic) or 1 to 2 decks for 3 players, not 3 ...
    """

    name: RoomName = ""
    players: int = Field(default=2, ge=2, le=10)
    edition: Literal["base", "enhanced"] = "base"
    rules: dict[str, Any] = Field(default_factory=dict, max_length=20)
    clock: float | None = Field(default=None, ge=5, le=3600)
    lang: Lang = "en"
    private: bool = False
    hints: bool = True
    seed: int | None = Field(default=None, ge=0, lt=2**63)  # honoured only by a server started to allow it (tests)

    @field_validator("rules")
    @classmethod
    def _bounded_rules(cls, rules: dict[str, Any], info: ValidationInfo) -> dict[str, Any]:
        check_rules(rules, info.data.get("players", 2))
        return rules


def server_rules(rules: dict[str, Any]) -> Rules:
    """The rules a room or a tournament of this server plays (options checked by :func:`check_rules`): as
    asked, with free re-arranging bounded (:data:`BOUNDED_REARRANGEMENTS` a turn unless the options say
    fewer): a room's turn must end whatever its players do, and no real choice needs more."""
    return Rules.from_dict({"max_rearrangements": BOUNDED_REARRANGEMENTS, **rules})


def check_rules(rules: dict[str, Any], players: int) -> None:
    """Rule options a room or a tournament of ``players`` may take: the server's bounds (:func:`check_rule_bounds`),
    then the engine's own check of names and values; a :class:`RuleOptionError` says which (in words of every
    language), any other error is made a ``ValueError``, the one pydantic answers with a 400."""
    check_rule_bounds(rules, players)
    try:
        Rules.from_dict(rules)
    except RuleOptionError:
        raise
    except (ValueError, TypeError) as error:
        raise ValueError(str(error)) from None


def check_rule_bounds(rules: dict[str, Any], players: int) -> None:
    """What a server allows beyond the engine's own checks: no more decks than ``players`` can use (one more
    than R1.4's count: 2 for 2–5 players, 3 for 6–10), at most :data:`MAX_TURNS` turns, a first seat that exists.
    Values that are not whole numbers are left to the engine's check, which names them.

    >>> check_rule_bounds({"decks": 2, "max_turns": 50, "start": 1}, players=2)
    >>> check_rule_bounds({"max_turns": 10**9}, players=2)
    Traceback (most recent call last):
    ...
    monopoly_deal.engine.rules.RuleOptionError: rules.max_turns: 1 to 1000 turns, not 1000000000
    """
    for name in _NUMBERS:
        if isinstance(rules.get(name), bool):       # the engine reads True as 1
            # a ValueError, not a TypeError: pydantic turns only the former into a 400
            raise RuleOptionError("whole-number", f"rules.{name}: a whole number, not {rules[name]}", name=name,
                                  value=str(rules[name]))
    decks, most = rules.get("decks", 0), decks_for(players) + 1
    if isinstance(decks, int) and not 0 <= decks <= most:
        raise RuleOptionError("decks-for-players", f"rules.decks: 0 (automatic) or 1 to {most} decks for {players} "
                              f"players, not {decks}", name="decks", most=most, players=players,
                              value=decks)
    turns = rules.get("max_turns", MAX_TURNS)
    if isinstance(turns, int) and not 1 <= turns <= MAX_TURNS:
        raise RuleOptionError("turns", f"rules.max_turns: 1 to {MAX_TURNS} turns, not {turns}", name="max_turns",
                              most=MAX_TURNS, value=turns)
    if rules.get("max_rearrangements") == 0:
        raise RuleOptionError("rearrangements-bounded", "rules.max_rearrangements: 1 or more on a server (0, no "
                              "limit, would let one player's turn go on for ever)", name="max_rearrangements")
    start = rules.get("start")
    if isinstance(start, int) and start >= players:
        raise RuleOptionError("start-seat", f"rules.start: a seat from 0 to {players - 1}, not {start}", name="start",
                              seat=start, players=players)


class Join(_Strict):
    name: PlayerName
    seat: int | None = Field(default=None, ge=0, le=9)
    invite: str | None = Field(default=None, max_length=100)   # a private room's secret, from its invite link


class StartLesson(_Strict):
    """A lesson for one learner: the name to sit under and the room's language."""

    name: PlayerName = "Player"
    lang: Lang = "en"


class SeatToken(_Strict):
    token: str = Field(min_length=1, max_length=100)


class RemovePlayer(_Strict):
    """The host's token and the seat to free (before the game starts)."""

    token: str = Field(min_length=1, max_length=100)
    seat: int = Field(ge=0, le=9)


class AddBot(_Strict):
    token: str = Field(min_length=1, max_length=100)
    bot: str = Field(default="random", min_length=1, max_length=100)
    seat: int | None = Field(default=None, ge=0, le=9)
