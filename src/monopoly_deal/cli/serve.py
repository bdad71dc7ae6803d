"""The commands of the web server: ``serve`` (checked before it starts: the port, the metrics port, the
database) and ``db`` (its database's revision, upgrades, backups)."""

from __future__ import annotations

import argparse
from typing import Any

from ..engine import COMPILED
from ..record import os_refusal
from .errors import Failure, UsageError
from .installed import PURE_ENGINE_NOTE
from .language import _say
from .options import Commands, _address_list, _delay, _host_list, _metrics_address, _path, _port, _positive


def add_serve(sub: Commands) -> None:
    serve = sub.add_parser("serve", help="play in the browser: rooms, friends online, bots, spectators")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    serve.add_argument("--port", type=_port, default=8000, help="1 to 65535 (default 8000)")
    serve.add_argument("--db", metavar="URL", type=_path, default=None,
                       help="database: a SQLite file in your data folder by default, sqlite:///PATH, "
                            "or postgresql://user:pw@host/db")
    serve.add_argument("--bot-delay", type=_delay, default=0.6, metavar="SECONDS",
                       help="how long a bot waits before each move, so people can follow (default 0.6)")
    serve.add_argument("--max-rooms", type=_positive, default=200, help="refuse new rooms beyond this many (default 200)")
    serve.add_argument("--max-connections", type=_positive, default=1000,
                       help="refuse spectators' WebSockets beyond this many; seated players always get in (default 1000)")
    serve.add_argument("--limit", action="append", default=[], metavar="NAME=VALUE",
                       help="change one of the server's limits, e.g. rooms_per_client=50 (docs/web.md lists them)")
    serve.add_argument("--fixed-seeds", action="store_true",
                       help="let a new room choose its seed (tests, lessons): whoever knows it knows every card")
    serve.add_argument("--allowed-hosts", metavar="HOST,HOST", type=_host_list, default=None,
                       help="host names the server answers to, e.g. deal.example.org (default: the --host address, "
                            "and localhost on 127.0.0.1; .example.org: the domain and its subdomains; * any)")
    serve.add_argument("--forwarded-allow-ips", metavar="IP,IP", type=_address_list, default="127.0.0.1,::1",
                       help="reverse proxies whose X-Forwarded-For names the client (default 127.0.0.1,::1)")
    serve.add_argument("--log-format", choices=("text", "json"), default="text",
                       help="the log on stderr: text lines, or one JSON object a line (time, level, event, room, "
                            "game, version)")
    serve.add_argument("--metrics", metavar="HOST:PORT", type=_metrics_address, default=None,
                       help="serve Prometheus metrics at http://HOST:PORT/metrics, e.g. 127.0.0.1:9108 "
                            "(off by default; never on the game's own port)")
    serve.add_argument("--migrate", action="store_true",
                       help="upgrade a PostgreSQL database that an older release wrote (SQLite files are upgraded "
                            "at start anyway, after a copy of them is made)")
    serve.set_defaults(run=_run_serve)


def add_db(sub: Commands) -> None:
    db = sub.add_parser("db", help="the server's database: its revision, upgrades, backups (docs/deploy.md)")
    db_commands = db.add_subparsers(dest="db_command", required=True, metavar="ACTION")
    for name, what in (("current", "the database's revision, and whether this release needs it upgraded"),
                       ("upgrade", ("upgrade it to this release's schema (the server stopped; a SQLite file is "
                                    "copied beside itself first)")),
                       ("history", "the revisions this release knows, oldest first"),
                       ("backup", ("copy a SQLite database to FILE, also while the server runs (PostgreSQL: "
                                   "pg_dump)")),
                       ("restore", "put the backup FILE back as the database of a stopped server")):
        action = db_commands.add_parser(name, help=what, description=what)
        if name in ("backup", "restore"):
            action.add_argument("file", metavar="FILE", type=_path)
        if name != "history":
            action.add_argument("--db", metavar="URL", type=_path, default=None, help="the database, as 'mdeal serve --db' "
                                "names it (default: the SQLite file in your data folder)")
    db.set_defaults(run=_run_db)


def _run_serve(args: argparse.Namespace) -> int:
    try:
        from ..server import LobbyLimits, serve
    except ImportError as error:
        raise Failure("server-needs", problem=str(error)) from None
    try:
        limits = LobbyLimits(max_rooms=args.max_rooms, max_connections=args.max_connections,
                             bot_delay=args.bot_delay, allow_seed=args.fixed_seeds).changed(args.limit)
    except ValueError as error:
        raise UsageError("limit", problem=error) from None
    _check_port(args.host, args.port)
    if args.metrics is not None:
        if args.metrics[1] == args.port:
            raise UsageError("metrics-port", port=args.port)
        _check_port(*args.metrics)
    _check_database(args.db)
    if not COMPILED:
        print(PURE_ENGINE_NOTE, flush=True)
    serve(args.host, args.port, args.db, limits, args.allowed_hosts, args.forwarded_allow_ips, migrate=args.migrate,
          log_format=args.log_format, metrics_address=args.metrics)
    return 0


def _run_db(args: argparse.Namespace) -> int:
    from ..server import admin

    try:
        if args.db_command == "history":
            print("\n".join(admin.history()))
            return 0
        if args.db_command in ("current", "upgrade"):
            _check_database(args.db)
        else:
            _database_url(args.db)
        if args.db_command == "current":
            print(admin.current(args.db))
        elif args.db_command == "upgrade":
            admin.upgrade(args.db, announce=print)
            print(admin.current(args.db))
        elif args.db_command == "backup":
            print(_say("wrote", path=admin.backup(args.db, args.file)))
        else:
            admin.restore(args.db, args.file, announce=print)
    except admin.AdminError as error:
        raise Failure("as-is", problem=error) from None
    except OSError as error:
        raise Failure("as-is", problem=os_refusal(error)) from None
    return 0


#: How long ``mdeal serve`` waits for the database to answer before giving up.
DATABASE_TIMEOUT = 10.0


def _database_url(url: str | None) -> Any:
    """The database URL (``--db``) parsed; it must name SQLite or PostgreSQL."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    from ..server.persistence import async_url, default_url

    try:
        parsed = make_url(async_url(url or default_url()))
    except ArgumentError:
        raise UsageError("db-url", url=url) from None
    except OSError as error:      # the data folder cannot be made
        raise Failure("data-folder", reason=os_refusal(error)) from None
    if parsed.get_backend_name() not in ("sqlite", "postgresql"):
        raise UsageError("db-kind", kind=parsed.get_backend_name())
    return parsed


def _check_database(url: str | None) -> None:
    """The database URL names SQLite or PostgreSQL, and the database opens (within a few seconds)."""
    import sqlite3

    from sqlalchemy.exc import SQLAlchemyError

    from ..server.persistence import shown_url

    parsed = _database_url(url)
    shown = shown_url(parsed.render_as_string(hide_password=False))
    try:
        if parsed.get_backend_name() == "sqlite":
            _open_sqlite(parsed.database)
        else:
            _open_server_database(parsed)
    except TimeoutError:
        raise Failure("db-timeout", db=shown, seconds=f"{DATABASE_TIMEOUT:g}") from None
    except (SQLAlchemyError, sqlite3.Error, OSError, ImportError, ValueError) as error:  # its message is what helps
        reason = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
        raise Failure("db-cannot-open", db=shown, reason=reason) from None


def _open_sqlite(database: str | None) -> None:
    """Open the SQLite file as the server will (made if missing; its folder must exist)."""
    import sqlite3

    if database and database != ":memory:":
        connection = sqlite3.connect(database, timeout=DATABASE_TIMEOUT)
        try:   # reads the file's header: a file that is no SQLite database says so here, not in the server
            connection.execute("SELECT count(*) FROM sqlite_master")
        except sqlite3.DatabaseError as error:
            if "not a database" in str(error) or "malformed" in str(error):
                raise Failure("db-not-sqlite", path=database, reason=str(error)) from None
            raise
        finally:
            connection.close()


def _open_server_database(url: Any) -> None:
    """Connect to a database server once, giving up after ``DATABASE_TIMEOUT``."""
    import asyncio

    from sqlalchemy.ext.asyncio import create_async_engine

    async def probe() -> None:
        engine = create_async_engine(url)
        try:
            async with asyncio.timeout(DATABASE_TIMEOUT), engine.connect():
                pass
        finally:
            await engine.dispose()

    asyncio.run(probe())


def _check_port(host: str, port: int) -> None:
    """``host:port`` can be listened on now (uvicorn would otherwise fail after announcing the address)."""
    import socket

    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
            probe.bind(address)
    except OSError as error:
        raise Failure("cannot-listen", host=host, port=port, reason=os_refusal(error)) from None
