"""How a refused or failed request is answered: a :class:`~.errors.RoomError` as its JSON body, a request that
is not valid as a ``bad-request`` naming its field (or passing on a rule's, a bot's or a name's own words), and a
database failure as a clear 503, never a bare 500."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import SQLAlchemyError

from ..engine.refusal import Refusal
from ..i18n import language_of
from .dependencies import lobby_of
from .errors import RoomError
from .persistence import WriteInterrupted


async def room_error(request: Request, error: RoomError) -> JSONResponse:
    return JSONResponse(error.body(language_of(request.headers.get("accept-language"))),
                        status_code=error.status)


async def cannot_save(request: Request, error: Exception) -> JSONResponse:
    """The database failed under a request: a clear 503 (never a bare 500), and the games wait for it."""
    (await lobby_of(request)).cannot_save()
    refusal = RoomError("cannot-save", 503)
    return JSONResponse(refusal.body(language_of(request.headers.get("accept-language"))), status_code=503)


async def bad_request(request: Request, error: RequestValidationError) -> JSONResponse:
    problems = error.errors()
    passed = next((e["ctx"]["error"] for e in problems if isinstance(e.get("ctx", {}).get("error"), Refusal)), None)
    english = "; ".join(map(_problem, problems))
    refusal = RoomError.passing_on(passed, problem=english) if passed is not None \
        else RoomError("bad-request", 400, problem=english)
    return JSONResponse(refusal.body(language_of(request.headers.get("accept-language"))), status_code=400)


def _problem(error: Any) -> str:
    """One problem of a request body, naming its field: ``clock: Input should be less than or equal to 3600``
    (a message that names its field already, ``rules.decks: …``, stands as it is)."""
    where = ".".join(str(p) for p in error["loc"][1:]) or "body"
    message = str(error["msg"]).removeprefix("Value error, ")
    return message if message.startswith(f"{where}.") else f"{where}: {message}"


#: The application's exception handlers (``FastAPI(exception_handlers=...)``).
HANDLERS: dict[Any, Any] = {RoomError: room_error, SQLAlchemyError: cannot_save, WriteInterrupted: cannot_save,
                            RequestValidationError: bad_request}
