"""Games in a database: every accepted action is stored before anyone hears of it.

A game is stored as its record (seed, edition, rules, players) plus one row per
action, so resuming a game is replaying its actions (:mod:`monopoly_deal.record`).
A room (its options and seats, with seat tokens stored only as hashes) is one
JSON row, rewritten when its seats change.

>>> import asyncio
>>> async def demo():
...     store = await Store.open("sqlite+aiosqlite://")          # in memory
...     game_id = await store.new_game("r1", seed=5, edition="base", rules={}, players=["Ann", "Bob"])
...     await store.append(game_id, 0, "end")
...     return (await store.game(game_id)).actions
>>> asyncio.run(demo())
['end']

SQLite (a file in the user's data folder) needs no set-up; PostgreSQL is the
same code with ``--db postgresql://user:password@host/database``.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import os
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    delete,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine

from ..engine.game import RECORD_FORMAT, RECORD_VERSION
from .metrics import ACTIONS_STORED, DATABASE_ERRORS, WRITE_SECONDS
from .models import ActionRow, GameRow, RoomRow, TournamentRow
from .schema import HEAD, prepare

log = logging.getLogger("monopoly_deal.server")


@dataclass(frozen=True)
class StoredGame:
    id: int
    room_id: str
    seed: int
    edition: str
    rules: dict[str, Any]
    players: list[str]
    actions: list[str]
    finished: bool
    result: dict[str, Any] | None
    version: int = RECORD_VERSION

    def record(self) -> dict[str, Any]:
        """The game record (``monopoly_deal.record`` reads it); only for a finished game."""
        return {"format": RECORD_FORMAT, "version": self.version, "edition": self.edition, "rules": self.rules,
                "seed": self.seed, "players": self.players, "actions": self.actions, "result": self.result}


def default_url() -> str:
    """A SQLite file in the user's data folder (``$XDG_DATA_HOME/monopoly-deal``, ``~/.local/share/...``)."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "monopoly-deal"
    base.mkdir(parents=True, exist_ok=True)
    return f"sqlite+aiosqlite:///{base / 'games.sqlite3'}"


def async_url(url: str) -> str:
    """Accept the plain forms users type: ``postgresql://`` and ``sqlite:///`` get their async drivers."""
    for plain, driver in (("postgresql://", "postgresql+psycopg://"), ("postgres://", "postgresql+psycopg://"),
                          ("sqlite://", "sqlite+aiosqlite://")):
        if url.startswith(plain):
            return driver + url[len(plain):]
    return url


def shown_url(url: str) -> str:
    """A database URL as people are shown it: no password, no driver name."""
    shown = make_url(url).render_as_string(hide_password=True)
    return shown.replace("+aiosqlite", "").replace("+psycopg", "")


class WriteInterrupted(RuntimeError):
    """A group commit stopped by something other than the database's own error; nothing of it is stored."""


class LockLost(RuntimeError):
    """This server no longer holds its database (another server took it): it writes nothing more."""


#: What a write that could not be made raises: the database's errors, the system's, an interrupted commit.
STORE_ERRORS = (SQLAlchemyError, OSError, WriteInterrupted, LockLost)


def sqlite_file(database: str | None) -> Path | None:
    """The file a SQLite URL's database names, however it is spelled (a relative path, a symlink, a
    ``file:`` URI), as one real path; ``None`` for a database in memory.

    >>> sqlite_file(":memory:"), sqlite_file("file:x.db?mode=memory&cache=shared")
    (None, None)
    >>> sqlite_file("file:/tmp/../tmp/games.db?mode=rwc") == Path("/tmp/games.db").resolve()
    True
    """
    if not database or database == ":memory:":
        return None
    if database.startswith("file:"):
        path, _, query = database[len("file:"):].partition("?")
        if "mode=memory" in query.split("&") or not path:
            return None
        database = path
    return Path(os.path.realpath(database))


class DatabaseInUse(RuntimeError):
    """Another server holds this database: two servers on one database would corrupt each other's games."""


class _FileLock:
    """An exclusive lock on a file beside the SQLite database, held while the store is open.

    ``flock`` locks belong to an open file, so a second store fails even in the same process, and the
    system releases the lock when the process ends, however it ends."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file = open(path, "a+b")  # noqa: SIM115 -- held open for the lock's whole life
        try:
            _lock_exclusively(self._file.fileno())
        except OSError:
            self._file.close()
            raise DatabaseInUse(f"another server is using the database {path.with_suffix('')} "
                                f"(it holds {path.name}); stop it first, or give this one another --db") from None

    def release(self) -> None:
        self._file.close()


def _lock_exclusively(fd: int) -> None:
    """Lock ``fd``'s file for this open file alone, or raise ``OSError`` at once if someone holds it."""
    if sys.platform == "win32":
        import msvcrt
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    else:
        import fcntl
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


class _AdvisoryLock:
    """PostgreSQL's session advisory lock on this project's key, held on its own connection."""

    KEY = int.from_bytes(hashlib.sha256(b"monopoly-deal server").digest()[:8], "big", signed=True)

    #: How often the lock is checked (and taken again on a new connection if its session ended).
    CHECK_EVERY = 5.0

    def __init__(self, engine: AsyncEngine, connection: Any) -> None:
        self._engine, self._connection = engine, connection
        self._asking = asyncio.Lock()     # one question at a time on its one connection

    @classmethod
    async def take(cls, engine: AsyncEngine) -> _AdvisoryLock:
        connection = await engine.connect()
        if not await connection.scalar(text("SELECT pg_try_advisory_lock(:key)"), {"key": cls.KEY}):
            await connection.close()
            raise DatabaseInUse(f"another server is using the database {engine.url.render_as_string()}; "
                                "stop it first, or give this one another --db")
        await connection.commit()
        return cls(engine, connection)

    async def keep(self, lost: Callable[[str], None]) -> None:
        """Check the lock every :data:`CHECK_EVERY` seconds. A session that ended (PostgreSQL restarted, the
        connection dropped) took the lock with it: take it again on a new connection. If another server has
        it by then, ``lost(why)`` and stop; while the database does not answer, nobody can take it: try again."""
        while True:
            await asyncio.sleep(self.CHECK_EVERY)
            try:
                if await self.held():
                    continue
                lost("another server took the database")
                return
            except (SQLAlchemyError, OSError):
                pass
            try:
                await self._retake()
            except DatabaseInUse:
                lost("the database's lock was dropped and another server took it")
                return
            except (SQLAlchemyError, OSError):
                continue      # the database does not answer yet
            log.warning("the database's lock was dropped (its session ended) and is taken again")

    async def _retake(self) -> None:
        async with self._asking:
            with contextlib.suppress(SQLAlchemyError, OSError):     # the old connection may be gone already
                await self._connection.close()
            self._connection = (await _AdvisoryLock.take(self._engine))._connection

    async def held(self) -> bool:
        """Whether this session still holds the lock (a restarted database server ends the session). Taking
        it again succeeds only for its holder; the extra hold is given back at once."""
        async with self._asking:
            if not await self._connection.scalar(text("SELECT pg_try_advisory_lock(:key)"), {"key": self.KEY}):
                return False
            await self._connection.scalar(text("SELECT pg_advisory_unlock(:key)"), {"key": self.KEY})
            await self._connection.commit()
            return True

    async def held_now(self) -> bool:
        """:meth:`held`, and a session that cannot answer holds nothing."""
        try:
            return await self.held()
        except (SQLAlchemyError, OSError):
            return False

    async def release(self) -> None:
        await self._connection.close()     # the session ends, and its lock with it


@dataclass
class _Append:
    """An action on its way to the database, and the future its room awaits."""

    row: dict[str, Any]
    result: dict[str, Any] | None
    done: asyncio.Future[None]
    rows: list[Row]


#: A room's or a tournament's row, rewritten with an action in the same transaction: (table, id, data).
Row = tuple[str, str, dict[str, Any]]


class Store:
    """The database: rooms, games and their actions. One server at a time: opening a database another
    store holds raises :class:`DatabaseInUse`.

    >>> import asyncio, tempfile
    >>> async def twice(url):
    ...     first = await Store.open(url)
    ...     try:
    ...         await Store.open(url)
    ...     finally:
    ...         await first.close()
    >>> asyncio.run(twice(f"sqlite:///{tempfile.mkdtemp()}/games.sqlite3"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    monopoly_deal.server.persistence.DatabaseInUse: another server is using the database .../games.sqlite3 ...
    """

    def __init__(self, engine: AsyncEngine, lock: _FileLock | _AdvisoryLock | None = None) -> None:
        self.engine = engine
        self._lock = lock
        self._sessions = async_sessionmaker(engine, expire_on_commit=False)
        # SQLite allows one writer: transactions take turns here instead of failing with "database is locked".
        self._turns = asyncio.Lock() if engine.dialect.name == "sqlite" else None
        self._appends: list[_Append] = []               # actions waiting for the next group commit
        self._committer: asyncio.Task[None] | None = None
        self._keeper: asyncio.Task[None] | None = None   # checks the PostgreSQL lock, takes it again if dropped
        self.lost: str | None = None                       # why this server no longer holds the database
        self.on_lost: Callable[[str], Any] | None = None   # what the server does then (mdeal serve: stops)

    @classmethod
    async def open(cls, url: str | None = None, migrate: bool = False,
                   announce: Callable[[str], Any] = lambda line: None) -> Store:
        """The store of the database at ``url``, brought to the newest schema as :func:`.schema.prepare`
        says (``migrate``: also a PostgreSQL database that needs it; ``announce`` hears what was done);
        :class:`DatabaseInUse` if another server holds it, :class:`.schema.SchemaError` if it will not do."""
        url = async_url(url or default_url())
        lock: _FileLock | _AdvisoryLock | None = None
        if url.startswith("sqlite"):
            database = sqlite_file(make_url(url).database)
            if database is not None:      # one lock file whatever the path's spelling: one server a database
                lock = _FileLock(Path(f"{database}.lock"))
            engine = create_async_engine(url, connect_args={"timeout": 30})
            event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        else:
            engine = create_async_engine(url, pool_size=10, max_overflow=10)
            lock = await _AdvisoryLock.take(engine)
        store = cls(engine, lock)
        try:
            await prepare(engine, shown_url(url), migrate, announce)
        except BaseException:
            await store.close()
            raise
        if isinstance(lock, _AdvisoryLock):
            store._keeper = asyncio.create_task(lock.keep(store._lock_lost))
        return store

    def _lock_lost(self, reason: str) -> None:
        """Another server has the database: write nothing more, say so loudly, and stop (``on_lost``)."""
        self.lost = reason
        log.critical("stopping: %s; nothing more is written by this server", reason)
        if self.on_lost is not None:
            self.on_lost(reason)

    async def readiness(self) -> str | None:
        """Why this store cannot serve now (``None``: it can): the database answers within 2 s, this server
        still holds it (its lock), and its schema is this release's (:data:`.schema.HEAD`)."""
        if self.lost is not None:
            return self.lost
        try:
            async with asyncio.timeout(2):
                async with self.engine.connect() as conn:
                    revision = await conn.scalar(text("SELECT version_num FROM alembic_version"))
                if isinstance(self._lock, _AdvisoryLock) and not await self._lock.held():
                    return "this server no longer holds the database's lock"
        except (TimeoutError, SQLAlchemyError, OSError) as error:
            DATABASE_ERRORS.labels("readiness").inc()
            return f"the database does not answer ({type(error).__name__})"
        if revision != HEAD:
            return f"the database is at revision {revision}, this release needs {HEAD}"
        return None

    async def close(self) -> None:
        if self._keeper is not None:
            self._keeper.cancel()
            await asyncio.gather(self._keeper, return_exceptions=True)
        if self._committer is not None:          # the actions accepted so far are written first
            await asyncio.gather(self._committer, return_exceptions=True)
        if isinstance(self._lock, _AdvisoryLock):
            await self._lock.release()
        await self.engine.dispose()
        if isinstance(self._lock, _FileLock):
            self._lock.release()

    def _check_held(self) -> None:
        if self.lost is not None:
            raise LockLost(self.lost)

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[AsyncSession]:
        self._check_held()
        try:
            async with self._turns or nullcontext(), self._sessions.begin() as session:
                yield session
        except SQLAlchemyError:
            DATABASE_ERRORS.labels("transaction").inc()
            raise

    async def save_rows(self, rows: list[Row]) -> None:
        """Rewrite rooms' and tournaments' rows together, in one transaction."""
        self._check_held()
        async with self._turns or nullcontext(), self.engine.begin() as conn:
            for row in rows:
                await _rewrite(conn, row)

    async def save_room(self, room_id: str, data: dict[str, Any]) -> None:
        async with self._transaction() as s:
            await s.merge(RoomRow(id=room_id, data=json.dumps(data), status=data["status"]))

    async def new_game(self, room_id: str, seed: int, edition: str, rules: dict[str, Any], players: list[str]) -> int:
        async with self._transaction() as s:
            row = GameRow(room_id=room_id, seed=seed, edition=edition, rules=json.dumps(rules),
                          players=json.dumps(players), finished=False)
            s.add(row)
            await s.flush()
            return row.id

    async def append(self, game_id: int, index: int, action: str, result: dict[str, Any] | None = None,
                     rows: list[Row] | None = None) -> None:
        """Store action number ``index``; with ``result``, the game ended with it; with ``rows``, the rooms'
        and tournaments' rows that change with it (a time-out's count and record) — all in one transaction.
        Returns once it is committed. The hot path: the actions of every room that arrive while a commit
        is under way are written together in the next one (a group commit: plain SQL, no ORM session);
        with one transaction an action, each waiting its turn for SQLite's single writer, actions queued
        for up to 1.5 s at 500 games (``docs/web.md``, Speed)."""
        done = asyncio.get_running_loop().create_future()
        self._appends.append(_Append({"game_id": game_id, "index": index, "action": action}, result, done,
                                     rows or []))
        if self._committer is None or self._committer.done():
            self._committer = asyncio.create_task(self._commit_appends())
        await asyncio.shield(done)    # a caller that stops waiting does not take the others' commit with it

    async def _commit_appends(self) -> None:
        group: list[_Append] = []
        try:
            while self._appends:
                group, self._appends = self._appends, []
                try:
                    await self._write(group)
                except SQLAlchemyError:     # one bad row must not fail the others: each alone, to find it
                    for one in group:
                        try:
                            await self._write([one])
                        except SQLAlchemyError as error:
                            one.done.set_exception(error)
                        else:
                            one.done.set_result(None)
                else:
                    for one in group:
                        one.done.set_result(None)
        finally:                      # stopped by anything else: nobody waits for ever
            stopped, self._appends = [*group, *self._appends], []
            for one in stopped:
                if not one.done.done():
                    one.done.set_exception(WriteInterrupted("the database write was interrupted"))

    async def _write(self, group: list[_Append]) -> None:
        database = self.engine.dialect.name
        self._check_held()
        try:
            async with self._turns or nullcontext(), self.engine.begin() as conn:
                with WRITE_SECONDS.labels(database).time():
                    await conn.execute(insert(ActionRow), [one.row for one in group])
                    for one in group:
                        if one.result is not None:
                            await conn.execute(update(GameRow).where(GameRow.id == one.row["game_id"])
                                               .values(finished=True, result=json.dumps(one.result)))
                        for row in one.rows:
                            await _rewrite(conn, row)
        except SQLAlchemyError:
            DATABASE_ERRORS.labels("append").inc()
            raise
        ACTIONS_STORED.labels(database).inc(len(group))

    async def game(self, game_id: int) -> StoredGame | None:
        async with self._transaction() as s:
            row = await s.get(GameRow, game_id)
            if row is None:
                return None
            actions = (await s.scalars(select(ActionRow.action).where(ActionRow.game_id == game_id)
                                       .order_by(ActionRow.index))).all()
            return StoredGame(row.id, row.room_id, row.seed, row.edition, json.loads(row.rules),
                              json.loads(row.players), list(actions), row.finished,
                              json.loads(row.result) if row.result else None, row.version)

    async def rooms(self, closed: bool = False) -> list[tuple[str, dict[str, Any]]]:
        """The rooms that are not closed (to resume them), or with ``closed`` only the closed ones (to
        remove their data in time): the indexed status picks them, so neither reads the other's rows."""
        async with self._transaction() as s:
            query = select(RoomRow).where(RoomRow.status == "closed" if closed else RoomRow.status != "closed")
            return [(row.id, json.loads(row.data)) for row in (await s.scalars(query)).all()]

    async def save_tournament(self, tournament_id: str, data: dict[str, Any]) -> None:
        async with self._transaction() as s:
            await s.merge(TournamentRow(id=tournament_id, data=json.dumps(data)))

    async def drop_tournament(self, tournament_id: str) -> None:
        async with self._transaction() as s:
            await s.execute(delete(TournamentRow).where(TournamentRow.id == tournament_id))

    async def tournaments(self) -> list[tuple[str, dict[str, Any]]]:
        async with self._transaction() as s:
            return [(row.id, json.loads(row.data)) for row in (await s.scalars(select(TournamentRow))).all()]

    async def drop_room(self, room_id: str, keep_finished: bool = False) -> bool:
        """Delete a room's unfinished games; with ``keep_finished``, keep its finished ones (and the room's
        row) if it has any, and say so; otherwise delete every game of it and its row too. Only while this
        server is sure it holds the database: never a game another server may be running."""
        self._check_held()
        if isinstance(self._lock, _AdvisoryLock) and not await self._lock.held_now():
            raise LockLost("this server is not sure it holds the database's lock: nothing is deleted")
        async with self._transaction() as s:
            games = select(GameRow.id).where(GameRow.room_id == room_id)
            if keep_finished:
                kept = (await s.scalars(games.where(GameRow.finished.is_(True)).limit(1))).first() is not None
                if kept:
                    games = games.where(GameRow.finished.is_(False))
            else:
                kept = False
            ids = list((await s.scalars(games)).all())
            if ids:
                await s.execute(delete(ActionRow).where(ActionRow.game_id.in_(ids)))
                await s.execute(delete(GameRow).where(GameRow.id.in_(ids)))
            if not kept:
                await s.execute(delete(RoomRow).where(RoomRow.id == room_id))
            return kept

    async def finished_games(self, room_id: str) -> list[int]:
        async with self._transaction() as s:
            query = select(GameRow.id).where(GameRow.room_id == room_id, GameRow.finished.is_(True))
            return list((await s.scalars(query.order_by(GameRow.id))).all())


class Unstored:
    """Where a lesson's room keeps its game: nowhere. A lesson is practice on a fixed deal, started again
    in one click; it is never listed, replayed or resumed after a restart, so nothing of it is written."""

    async def save_room(self, room_id: str, data: dict[str, Any]) -> None:
        pass

    async def new_game(self, room_id: str, seed: int, edition: str, rules: dict[str, Any], players: list[str]) -> int:
        return 0    # no stored game has id 0: its record and replay are not found

    async def append(self, game_id: int, index: int, action: str, result: dict[str, Any] | None = None,
                     rows: list[Row] | None = None) -> None:
        pass

    async def save_rows(self, rows: list[Row]) -> None:
        pass

    async def drop_room(self, room_id: str, keep_finished: bool = False) -> bool:
        return False


async def _rewrite(conn: Any, row: Row) -> None:
    """Rewrite a room's or a tournament's row (it exists: each is written when made)."""
    table, key, data = row
    if table == "rooms":
        await conn.execute(update(RoomRow).where(RoomRow.id == key).values(data=json.dumps(data),
                                                                           status=data["status"]))
    else:
        await conn.execute(update(TournamentRow).where(TournamentRow.id == key).values(data=json.dumps(data)))


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")     # readers do not wait for the writer
    # A commit survives a killed server (the WAL is written before commit returns); only a power cut
    # may lose the last commits, and skipping the fsync per commit keeps many games fast.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()
