"""Fixtures of the server tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .helpers import Server


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """``mdeal serve`` on a free port of 127.0.0.1, with a SQLite file of its own (bots act at once)."""
    server = Server(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    server.start()
    yield server
    server.stop()
