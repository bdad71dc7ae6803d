"""What the routes are given (FastAPI dependencies): the lobby, the tournaments and the client asking, all read
from the request or the WebSocket. The application's lifespan (:func:`~.app.create_app`) puts the lobby and the
tournaments in ``app.state``."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection

from .connections import client_key
from .lobby import Lobby
from .tournaments import Tournaments


async def lobby_of(connection: HTTPConnection) -> Lobby:
    return connection.app.state.lobby  # type: ignore[no-any-return]


async def tournaments_of(connection: HTTPConnection) -> Tournaments:
    return connection.app.state.tournaments  # type: ignore[no-any-return]


async def client_of(connection: HTTPConnection) -> str | None:
    """Who asks, for the quotas (:func:`~.connections.client_key`)."""
    return client_key(connection.client.host if connection.client else None)


LobbyOf = Annotated[Lobby, Depends(lobby_of)]
TournamentsOf = Annotated[Tournaments, Depends(tournaments_of)]
ClientOf = Annotated[str | None, Depends(client_of)]
