"""The database's schema, kept by Alembic migrations shipped in the package (``migrations/versions``).

A store opens a database only at the newest revision (:data:`HEAD`). What :func:`prepare` does with one
that is not:

- empty: made at :data:`HEAD` (a new server's first start; nothing to lose);
- behind, SQLite: copied beside itself first (``games.sqlite3.before-0002``, by SQLite's online backup),
  then upgraded, each said in one line;
- behind, PostgreSQL: upgraded only when asked (``mdeal serve --migrate``, ``mdeal db upgrade``), otherwise
  refused in one line naming the command (an operator backs it up with ``pg_dump`` first);
- at a revision this release does not know (a newer release wrote it): refused, nothing changed.

A database made before migrations has no revision: the first one brings it to today's schema (adding the
``version`` column of games stored before record version 2).

    >>> [(r.revision, r.doc.splitlines()[0]) for r in revisions()][:1]
    [('0001', 'Rooms, games (with their record version), actions and tournaments, as the first release with migrations.')]
"""

from __future__ import annotations

import errno
import io
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import Script, ScriptDirectory
from sqlalchemy import Connection, inspect
from sqlalchemy.ext.asyncio import AsyncEngine


def config(connection: Connection | None = None) -> Config:
    """Alembic's configuration for the package's migrations (on ``connection``, to run them)."""
    cfg = Config(stdout=io.StringIO())   # Alembic's own prints (``check``) stay out of the server's output
    cfg.set_main_option("script_location", str(files("monopoly_deal.server") / "migrations"))
    cfg.attributes["connection"] = connection
    return cfg


def revisions() -> list[Script]:
    """Every revision, oldest first."""
    return list(reversed(list(ScriptDirectory.from_config(config()).walk_revisions())))


#: The newest revision: the schema the models describe.
HEAD = ScriptDirectory.from_config(config()).get_current_head() or ""


class SchemaError(RuntimeError):
    """A database this server will not open as it is: one line saying what to do."""


@dataclass(frozen=True)
class State:
    """Where a database stands: its revision (``None``: none recorded) and whether it holds any table."""

    revision: str | None
    empty: bool

    @property
    def known(self) -> bool:
        return self.revision is None or any(r.revision == self.revision for r in revisions())

    def describe(self) -> str:
        if self.empty:
            return f"empty: 'mdeal db upgrade' (or 'mdeal serve') makes it at {HEAD}"
        if self.revision == HEAD:
            return f"{HEAD} (head): up to date"
        if not self.known:
            return f"{self.revision}: written by a newer release of monopoly-deal; this one knows up to {HEAD}"
        return f"{self.revision or 'before migrations'}: behind; 'mdeal db upgrade' brings it to {HEAD}"


def read_state(connection: Connection) -> State:
    tables = set(inspect(connection).get_table_names())
    return State(MigrationContext.configure(connection).get_current_revision(), not tables - {"alembic_version"})


def upgrade(connection: Connection) -> None:
    """Run every revision after the database's own (all of them where its tables are gone: an empty database
    whose revision table was left behind starts again from the first)."""
    cfg = config(connection)
    if read_state(connection).empty:
        command.stamp(cfg, "base")
    command.upgrade(cfg, "head")


def check(connection: Connection) -> None:
    """Alembic's ``check``: raises unless the models and the migrations at :data:`HEAD` agree."""
    command.check(config(connection))


async def prepare(engine: AsyncEngine, shown: str, migrate: bool, announce: Callable[[str], Any]) -> None:
    """Bring the database of ``engine`` to :data:`HEAD` as the module says, or raise :class:`SchemaError`.
    ``shown``: the database as the lines name it (no password); ``announce`` says what was done."""
    async with engine.connect() as connection:
        state = await connection.run_sync(read_state)
    if state.revision == HEAD and not state.empty:
        return
    if not state.known:
        raise SchemaError(f"the database {shown} was written by a newer release of monopoly-deal (revision "
                          f"{state.revision}; this one knows up to {HEAD}): upgrade monopoly-deal, or use another "
                          "--db; nothing was changed")
    if not state.empty:
        database = engine.url.database
        if engine.dialect.name == "sqlite" and database and database != ":memory:":
            copy = Path(f"{database}.before-{HEAD}")
            backup_sqlite(Path(database), copy)
            announce(f"monopoly-deal: upgrading the database {shown} from {state.revision or 'before migrations'} "
                     f"to {HEAD}; a copy of it as it was is in {copy}")
        elif not migrate:
            raise SchemaError(f"the database {shown} is at {state.revision or 'a revision before migrations'}, "
                              f"this release needs {HEAD}: back it up (pg_dump), then run 'mdeal db upgrade --db "
                              "URL' or start with 'mdeal serve --migrate'")
        else:
            announce(f"monopoly-deal: upgrading the database {shown} from {state.revision or 'before migrations'} "
                     f"to {HEAD}")
    async with engine.begin() as connection:
        await connection.run_sync(upgrade)


def backup_sqlite(database: Path, copy: Path) -> None:
    """A consistent copy of a SQLite database that may be in use (SQLite's online backup API, which
    includes what is still in its write-ahead log), written to ``copy`` (replaced if it exists) as one
    self-contained file (no write-ahead log of its own)."""
    if not database.is_file():
        raise FileNotFoundError(errno.ENOENT, "No such file or directory", str(database))
    source = sqlite3.connect(database)
    try:
        target = sqlite3.connect(copy)
        try:
            source.backup(target)
            target.execute("PRAGMA journal_mode=DELETE")
        finally:
            target.close()
    finally:
        source.close()
