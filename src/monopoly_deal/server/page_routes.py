"""The page: its files (``static/``, no build step), and what it reads to draw itself — the bots to seat, the rule
options for the create form, and its words in each language."""

from __future__ import annotations

from importlib.resources import files
from typing import Any

from fastapi import FastAPI
from fastapi.responses import FileResponse, JSONResponse

from ..bots import BOTS
from ..engine.cards import decks_for
from ..i18n import LANGUAGES
from .protocol import MAX_TURNS
from .views import page_words, rule_options

STATIC = files("monopoly_deal.server") / "static"


def add_page_routes(app: FastAPI) -> None:
    """Register the page and what it reads on ``app``."""

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(str(STATIC / "index.html"))

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:   # browsers ask for it whatever the page links
        return FileResponse(str(STATIC / "favicon.svg"), media_type="image/svg+xml")

    @app.get("/api/bots")
    async def bots() -> list[dict[str, Any]]:
        return [{"name": b.name, "summary": b.summary,
                 "options": {k: o.to_dict() for k, o in b.options.items()}}
                for b in BOTS.values() if not b.local]

    @app.get("/api/rules")
    async def rules(lang: str = "en") -> JSONResponse:
        """The rule options for the create form, each with a label and a one-line explanation in ``lang``."""
        if lang not in LANGUAGES:
            return JSONResponse({"error": f"no language {lang[:20]!r}; there are {', '.join(LANGUAGES)}"}, 404)
        return JSONResponse(rule_options(lang, MAX_TURNS, decks_for(10) + 1))

    @app.get("/api/i18n/{lang}")
    async def words(lang: str) -> JSONResponse:
        try:
            return JSONResponse(page_words(lang))
        except ValueError as error:   # the message names the languages there are
            return JSONResponse({"error": str(error)}, status_code=404)
