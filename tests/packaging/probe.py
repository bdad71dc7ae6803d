"""Use the installed package as a player's first minutes would; print, as JSON, what it loaded.

Run as a script by ``test_package.py`` against a wheel installed in a folder of its own (or the source
tree): it imports every module, loads every catalogue, starts the web application and fetches the
lobby, the tournament page, every file those pages and their modules ask for and every catalogue the
page reads, and plays a short game. The answer lists the package's files that were opened (an audit
hook sees every ``open``), the pages fetched with their status, and where the package was found.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import os
import pkgutil
import re
import sys
import tempfile
from pathlib import Path

import monopoly_deal

PACKAGE = Path(monopoly_deal.__file__).resolve().parent
opened: set[str] = set()


def _note_open(event: str, args: tuple[object, ...]) -> None:
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        path = Path(os.fsdecode(args[0])).resolve()
        if path.is_relative_to(PACKAGE):
            opened.add(path.relative_to(PACKAGE.parent).as_posix())


def import_everything() -> list[str]:
    """Every module of the package; the names of those whose optional dependency is missing."""
    missing = []
    for module in pkgutil.walk_packages(monopoly_deal.__path__, "monopoly_deal."):
        if module.name.endswith(".__main__"):  # runs the command line
            continue
        try:
            importlib.import_module(module.name)
        except ImportError as error:
            if error.name and error.name.startswith("monopoly_deal"):
                raise
            missing.append(module.name)
    return missing


ASSET = re.compile(r"""(?:src|href)="(/static/[^"]+)"|from\s+"\./([^"]+)"|import\s+"\./([^"]+)"|import\("\./([^"]+)"\)""")


def crawl(client, pages: list[str]) -> dict[str, int]:
    """GET the pages and, breadth first, every static file they or the modules they load name."""
    status: dict[str, int] = {}
    queue = list(pages)
    while queue:
        url = queue.pop(0)
        if url in status:
            continue
        answer = client.get(url)
        status[url] = answer.status_code
        if answer.status_code == 200 and url.rsplit(".", 1)[-1] in ("html", "js") or url in pages:
            for match in ASSET.finditer(answer.text):
                absolute, *relative = match.groups()
                queue.append(absolute or "/static/" + next(r for r in relative if r))
    return status


def main() -> None:
    sys.addaudithook(_note_open)
    missing = import_everything()
    from fastapi.testclient import TestClient

    from monopoly_deal.cli import main as mdeal
    from monopoly_deal.i18n import LANGUAGES, get_translator
    from monopoly_deal.lessons import NAMES as LESSONS
    from monopoly_deal.server.app import create_app

    for lang in LANGUAGES:
        get_translator(lang).gettext("ui.title")
    with tempfile.TemporaryDirectory() as folder, \
            TestClient(create_app(f"sqlite:///{folder}/games.sqlite3")) as client:
        status = crawl(client, ["/", "/tournaments", "/favicon.ico"])
        for lang in LANGUAGES:
            status[f"/api/i18n/{lang}"] = client.get(f"/api/i18n/{lang}").status_code
        status["/api/rules"] = client.get("/api/rules").status_code
        for lesson in LESSONS:   # a lesson reads its file when it starts
            status[f"/api/lessons/{lesson}"] = client.post(f"/api/lessons/{lesson}", json={}).status_code
    with contextlib.redirect_stdout(io.StringIO()) as said:
        sim = mdeal(["sim", "--games", "3", "--seed", "1"])
    print(json.dumps({"package": str(PACKAGE), "opened": sorted(opened), "status": status,
                      "missing_optional": missing, "sim": [sim, said.getvalue()]}))


if __name__ == "__main__":
    main()
