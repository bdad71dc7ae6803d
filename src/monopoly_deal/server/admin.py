"""``mdeal db``: an operator's commands on the server's database (the one ``mdeal serve --db`` names).

- ``current``: the database's revision, and whether it is up to date;
- ``upgrade``: bring it to this release's schema (a SQLite file copied beside itself first);
- ``history``: the revisions this release knows, oldest first;
- ``backup FILE``: a consistent copy of a SQLite database, also while the server runs (PostgreSQL: pg_dump);
- ``restore FILE``: a backup put back as the database of a stopped server (the database it replaces is
  copied beside itself first); the next start upgrades it if it is older.

Each raises :class:`AdminError` (one line) when it cannot do what it is asked, having changed nothing.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, inspect
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import create_async_engine

from . import schema
from .persistence import DatabaseInUse, Store, _FileLock, async_url, default_url, shown_url

#: What a PostgreSQL operator runs instead of ``backup`` and ``restore`` (docs/deploy.md has the rest).
PG_DUMP = "pg_dump --format=custom --file FILE DATABASE"
PG_RESTORE = "pg_restore --clean --if-exists --dbname DATABASE FILE (with the server stopped)"


class AdminError(RuntimeError):
    """What an operator's command cannot do, in one line; nothing was changed."""


def _url(db: str | None) -> str:
    return async_url(db or default_url())


def _sqlite_file(url: str, command: str) -> Path:
    """The file of a SQLite database URL; any other database is refused, naming PostgreSQL's own tool."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        tool = PG_DUMP if command == "backup" else PG_RESTORE
        raise AdminError(f"'mdeal db {command}' copies a SQLite database; for PostgreSQL use: {tool}")
    if not parsed.database or parsed.database == ":memory:":
        raise AdminError(f"'mdeal db {command}' needs a database file, not {shown_url(url)}")
    return Path(parsed.database)


def current(db: str | None) -> str:
    """The database's revision in words (it is not changed, nor locked: the server may be running)."""
    url = _url(db)

    async def read() -> schema.State:
        engine = create_async_engine(url)
        try:
            async with engine.connect() as connection:
                return await connection.run_sync(schema.read_state)
        finally:
            await engine.dispose()

    return f"{shown_url(url)}: {asyncio.run(read()).describe()}"


def upgrade(db: str | None, announce: Callable[[str], Any]) -> None:
    """Upgrade the database to :data:`schema.HEAD` (the server must be stopped: it holds the database)."""
    async def run() -> None:
        store = await Store.open(_url(db), migrate=True, announce=announce)
        await store.close()

    try:
        asyncio.run(run())
    except (DatabaseInUse, schema.SchemaError) as error:
        raise AdminError(str(error)) from None


def history() -> list[str]:
    """One line a revision, oldest first: its id and what it changes."""
    return [f"{r.revision}{' (head)' if r.revision == schema.HEAD else ''}: {r.doc.splitlines()[0]}"
            for r in schema.revisions()]


def backup(db: str | None, target: str) -> Path:
    """Copy the SQLite database to ``target`` (a new file) as it is now, without stopping the server."""
    database, copy = _sqlite_file(_url(db), "backup"), Path(target)
    if not database.is_file():
        raise AdminError(f"there is no database {database}")
    if copy.exists():
        raise AdminError(f"{copy} exists: name a new file, so that no backup is overwritten")
    if not copy.parent.is_dir():
        raise AdminError(f"the folder {copy.parent} does not exist")
    try:
        schema.backup_sqlite(database, copy)
    except (OSError, sqlite3.Error) as error:
        copy.unlink(missing_ok=True)
        raise AdminError(f"cannot back up {database} to {copy}: {error}") from None
    return copy


def restore(db: str | None, source: str, announce: Callable[[str], Any]) -> None:
    """Put the backup ``source`` back as the database (refused while a server holds it)."""
    database, backup_file = _sqlite_file(_url(db), "restore"), Path(source)
    state = _backup_state(backup_file)
    if not database.parent.is_dir():
        raise AdminError(f"the folder {database.parent} does not exist")
    try:
        lock = _FileLock(Path(f"{database}.lock"))
    except DatabaseInUse as error:
        raise AdminError(f"{error}; a database is restored while its server is stopped") from None
    try:
        if database.exists():
            aside = Path(f"{database}.before-restore")
            schema.backup_sqlite(database, aside)
            announce(f"monopoly-deal: the database it replaces is in {aside}")
        schema.backup_sqlite(backup_file, database)
    finally:
        lock.release()
    announce(f"monopoly-deal: restored {database} from {backup_file} ({state.describe()})")


def _backup_state(path: Path) -> schema.State:
    """The state of a backup file, which must be a database of this server that this release can open."""
    if not path.is_file():
        raise AdminError(f"there is no file {path}")
    engine = create_engine(f"sqlite:///file:{path}?mode=ro&uri=true")
    try:
        with engine.connect() as connection:
            state = schema.read_state(connection)
            tables = set(inspect(connection).get_table_names())
    except SQLAlchemyError:
        raise AdminError(f"{path} is not a SQLite database") from None
    finally:
        engine.dispose()
    if state.empty or not {"rooms", "games", "actions"} <= tables:
        raise AdminError(f"{path} is not a backup of a monopoly-deal server's database")
    if not state.known:
        raise AdminError(f"{path} was written by a newer release of monopoly-deal (revision {state.revision}); "
                         "upgrade monopoly-deal first")
    return state
