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

from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from ..i18n import LANGUAGES

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


ClientMessage = Annotated[Act | SetLanguage | Ping, Field(discriminator="type")]
_CLIENT: TypeAdapter[Act | SetLanguage | Ping] = TypeAdapter(ClientMessage)


def parse_client_message(text: str | bytes) -> Act | SetLanguage | Ping:
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


# --- REST bodies ------------------------------------------------------------

class RoomOptions(_Strict):
    """A new room: seats, edition, rule options, turn clock (seconds per decision, none if absent), language."""

    name: str = Field(default="", max_length=40)
    players: int = Field(default=2, ge=2, le=10)
    edition: Literal["base", "enhanced"] = "base"
    rules: dict[str, Any] = Field(default_factory=dict, max_length=20)
    clock: float | None = Field(default=None, ge=5, le=3600)
    lang: Lang = "en"
    seed: int | None = Field(default=None, ge=0, lt=2**63)  # honoured only by a server started to allow it (tests)


class Join(_Strict):
    name: str = Field(min_length=1, max_length=24)
    seat: int | None = Field(default=None, ge=0, le=9)


class SeatToken(_Strict):
    token: str = Field(min_length=1, max_length=100)


class AddBot(_Strict):
    token: str = Field(min_length=1, max_length=100)
    bot: str = Field(default="random", min_length=1, max_length=100)
    seat: int | None = Field(default=None, ge=0, le=9)
