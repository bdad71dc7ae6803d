"""Whether the server is alive and ready, for a service manager or a load balancer (not in the API's schema)."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.responses import JSONResponse

from .dependencies import LobbyOf


def add_health_routes(app: FastAPI) -> None:
    """Register ``/healthz`` and ``/readyz`` on ``app``."""

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> dict[str, str]:
        """The process answers (for a service manager's or a load balancer's liveness check)."""
        return {"status": "ok"}

    @app.get("/readyz", include_in_schema=False)
    async def readyz(lobby: LobbyOf) -> JSONResponse:
        """Ready to serve: the database answers, this server holds it, its schema is this release's."""
        problem = await lobby.store.readiness()
        return JSONResponse({"status": "ready"} if problem is None else {"status": "not ready", "problem": problem},
                            status_code=200 if problem is None else 503)
