"""Upgrades keep every game: a database the release before migrations wrote (``tests/data/server-2026-12.*``,
made by ``tests/data/make_server_db.py``) is upgraded and every seat, record, replay and tournament is as it
was, on SQLite and on PostgreSQL (``MDEAL_TEST_POSTGRES_URL``); the models and the migrations agree; a newer
database is refused; ``mdeal db`` works and says what is wrong in one line."""

from __future__ import annotations

import asyncio
import json
import shutil
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.ext.asyncio import create_async_engine

from monopoly_deal.cli import main
from monopoly_deal.server.app import create_app
from monopoly_deal.server.lobby import LobbyLimits
from monopoly_deal.server.models import Base
from monopoly_deal.server.persistence import Store, async_url
from monopoly_deal.server.schema import HEAD, SchemaError, check, config, read_state
from monopoly_deal.tournament import Tournament

from .test_restart import POSTGRES, clean_postgres

DATA = Path(__file__).parents[1] / "data"
EXPECTED = json.loads((DATA / "server-2026-12.json").read_text(encoding="utf-8"))
#: Wall-clock times in what is stored and shown: moved on by the time since the data was made, as if the
#: server had stopped a moment ago (an idle room is swept, a tournament's time limit ends its match).
CLOCKS = ("active_at", "started", "ends")


def shifted(value: Any, by: float, digits: int | None = None) -> Any:
    """``value`` with its clocks moved on ``by`` seconds (and rounded to ``digits``, to compare)."""
    if isinstance(value, dict):
        return {k: _moved(v, by, digits) if k in CLOCKS and isinstance(v, int | float) else shifted(v, by, digits)
                for k, v in value.items()}
    if isinstance(value, list):
        return [shifted(v, by, digits) for v in value]
    return value


def _moved(clock: float, by: float, digits: int | None) -> float:
    return clock + by if digits is None else round(clock + by, digits)


def made_at(rows: list[dict[str, Any]]) -> float:
    return max(row["active_at"] for row in rows)


def moved_on(rows: list[tuple[str, str]]) -> tuple[list[tuple[str, str]], float]:
    """The rows' JSON with every clock moved to now, and by how much."""
    loaded = [(key, json.loads(data)) for key, data in rows]
    by = time.time() - made_at([data for _, data in loaded])
    return [(key, json.dumps(shifted(data, by))) for key, data in loaded], by


def sqlite_copy(tmp_path: Path) -> tuple[str, float]:
    """A copy of the release's database, its clocks moved on; its URL and how far they moved."""
    path = tmp_path / "games.sqlite3"
    shutil.copy(DATA / "server-2026-12.sqlite3", path)
    with sqlite3.connect(path) as db:
        for table in ("rooms", "tournaments"):
            rows, by = moved_on(db.execute(f"SELECT id, data FROM {table}").fetchall())
            db.executemany(f"UPDATE {table} SET data = ? WHERE id = ?", [(data, key) for key, data in rows])
    return f"sqlite:///{path}", by


def postgres_copy(url: str) -> float:
    """The release's database on PostgreSQL: its tables made as that release made them (``create_all``, no
    revision), every row of the SQLite file copied in, clocks moved on."""
    clean_postgres(url)
    engine = create_engine(async_url(url))
    with engine.begin() as db:
        Base.metadata.create_all(db)
    source = sqlite3.connect(DATA / "server-2026-12.sqlite3")
    by = 0.0
    with engine.begin() as db:
        for table in ("rooms", "tournaments", "games", "actions"):
            cursor = source.execute(f"SELECT * FROM {table}")
            names = [c[0] for c in cursor.description]
            rows = [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
            if table in ("rooms", "tournaments"):
                moved, by = moved_on([(r["id"], r["data"]) for r in rows])
                rows = [{**r, "data": data} for r, (_, data) in zip(rows, moved, strict=True)]
            if table == "games":
                rows = [{**r, "finished": bool(r["finished"])} for r in rows]
            if rows:
                columns = ", ".join(f'"{n}"' for n in names)
                db.execute(text(f"INSERT INTO {table} ({columns}) VALUES ({', '.join(':' + n for n in names)})"), rows)
        db.execute(text("SELECT setval('games_id_seq', (SELECT max(id) FROM games))"))
    engine.dispose()
    return by


def databases() -> list[Any]:
    postgres = pytest.param("postgres", marks=pytest.mark.skipif(
        POSTGRES is None, reason="set MDEAL_TEST_POSTGRES_URL to a PostgreSQL database (.ci/run starts one)"))
    return ["sqlite", postgres]


@pytest.fixture(params=databases())
def upgraded(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, float]]:
    """The release's database, upgraded as ``mdeal serve`` upgrades it: its URL and how far its clocks moved."""
    if request.param == "sqlite":
        url, by = sqlite_copy(tmp_path)
        said: list[str] = []
        asyncio.run(_open_and_close(url, migrate=False, announce=said.append))
        copy = f"{tmp_path / 'games.sqlite3'}.before-{HEAD}"
        assert said == [(f"monopoly-deal: upgrading the database {url} from before migrations to {HEAD}; a copy of "
                         f"it as it was is in {copy}")]
        assert (tmp_path / f"games.sqlite3.before-{HEAD}").is_file()
    else:
        url, by = str(POSTGRES), postgres_copy(str(POSTGRES))
        with pytest.raises(SchemaError, match=f"this release needs {HEAD}: back it up .*'mdeal db upgrade"):
            asyncio.run(_open_and_close(url, migrate=False))
        asyncio.run(_open_and_close(url, migrate=True))
    yield url, by


async def _open_and_close(url: str, migrate: bool, announce: Any = print) -> None:
    store = await Store.open(url, migrate, announce)
    await store.close()


#: What views carry since that release (record version 4): rule options and the sets a game needs; the deck's
#: card values (issue 31: the page reads them from the engine); and a tournament's rule on stalling (R10.5).
NEWER = ("rearrange_after_empty_hand", "sets_to_win", "values", "stalling", "disqualified")


def without_newer(value: Any) -> Any:
    if isinstance(value, dict):
        # "values" is also a rule option (a string): only the card values (a mapping) are newer
        return {k: without_newer(v) for k, v in value.items()
                if k not in NEWER or (k == "values" and not isinstance(v, dict))}
    if isinstance(value, list):
        return [without_newer(v) for v in value]
    return value


def first_state(ws: Any) -> dict[str, Any]:
    while (message := ws.receive_json())["type"] != "state":
        pass
    return message


def test_every_stored_game_and_tournament_is_as_it_was_and_plays_on(upgraded: tuple[str, float]) -> None:
    url, by = upgraded
    with TestClient(create_app(url, LobbyLimits(bot_delay=0))) as client:
        for name, room in EXPECTED["rooms"].items():
            for seat in room["seats"]:
                with client.websocket_connect(f"/ws/{room['id']}?token={seat['token']}") as ws:
                    state = first_state(ws)
                    assert (state["you"], state["version"], state["game_id"], state["game"]["hand"],
                            [a["notation"] for a in state["legal"]]) == \
                        (seat["seat"], seat["version"], seat["game_id"], seat["hand"], seat["legal"]), name
            deciding = next(seat for seat in room["seats"] if seat["legal"])
            with client.websocket_connect(f"/ws/{room['id']}?token={deciding['token']}") as ws:
                first_state(ws)
                ws.send_json({"type": "act", "action": deciding["legal"][0]})   # whoever decides plays on
                while (after := first_state(ws))["version"] == deciding["version"]:
                    pass
                assert after["version"] > deciding["version"]
        for game_id, stored in EXPECTED["games"].items():
            assert client.get(f"/api/games/{game_id}/record").json() == stored["record"]
            # the views of a replay have gained the rules' newer options and the sets a game needs: the rest as was
            assert without_newer(client.get(f"/api/games/{game_id}/replay?viewer=0").json()) == stored["replay"]
        for cup in EXPECTED["tournaments"].values():
            public = client.get(f"/api/tournaments/{cup['id']}").json()
            expected = shifted(cup["public"], by)
            # the options shown are those that differ from today's defaults: the release's own, as it played them
            assert public.pop("rules") == {"max_rearrangements": 50, "rearrange_after_empty_hand": True}
            expected.pop("rules")
            assert public.pop("stalling") == "match"      # a tournament from before the option played so
            assert shifted({**without_newer(public), "now": None}, 0.0, digits=2) == \
                shifted({**expected, "now": None}, 0.0, digits=2)
            for key, access in zip(cup["teams"], cup["access"], strict=True):
                assert client.post(f"/api/tournaments/{cup['id']}/access", json={"key": key}).json() == access
            if "file" in cup:
                # the same tournament and matches: today's file names every rule option, the release's fewer
                file = client.get(f"/api/tournaments/{cup['id']}/file").json()
                assert Tournament.from_dict(file).to_dict() == Tournament.from_dict(json.loads(cup["file"])).to_dict()
            else:
                seat = cup["seat"]
                with client.websocket_connect(f"/ws/{seat['room']}?token={seat['token']}") as ws:
                    state = first_state(ws)
                    assert (state["version"], state["game"]["hand"], [a["notation"] for a in state["legal"]]) == \
                        (seat["version"], seat["hand"], seat["legal"])


@pytest.mark.parametrize("database", databases())
def test_the_models_and_the_migrations_agree(database: str, tmp_path: Path) -> None:
    """Alembic's ``check`` on a database made by the migrations alone: no difference from the models."""
    url = async_url(f"sqlite:///{tmp_path / 'new.sqlite3'}" if database == "sqlite" else str(POSTGRES))
    if database == "postgres":
        clean_postgres(url)
    asyncio.run(_open_and_close(url, migrate=False))

    async def checked() -> None:
        engine = create_async_engine(url)
        async with engine.connect() as connection:
            await connection.run_sync(check)
            assert (await connection.run_sync(read_state)).revision == HEAD
        await engine.dispose()

    asyncio.run(checked())


def test_a_database_from_a_newer_release_is_refused_and_left_alone(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    url, _ = sqlite_copy(tmp_path)
    asyncio.run(_open_and_close(url, migrate=False, announce=lambda line: None))
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        db.execute("UPDATE alembic_version SET version_num = '9999'")
    before = (tmp_path / "games.sqlite3").read_bytes()
    with pytest.raises(SchemaError, match="written by a newer release of monopoly-deal .*nothing was changed"):
        asyncio.run(_open_and_close(url, migrate=True))
    assert (tmp_path / "games.sqlite3").read_bytes() == before
    assert main(["db", "current", "--db", url]) == 0
    assert capsys.readouterr().out == f"{url}: 9999: written by a newer release of monopoly-deal; this one " \
                                      f"knows up to {HEAD}\n"
    assert main(["db", "upgrade", "--db", url]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("mdeal db: the database") and "newer release" in err


def test_mdeal_db_history_current_upgrade(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["db", "history"]) == 0
    assert capsys.readouterr().out.startswith(f"0001{' (head)' if HEAD == '0001' else ''}: Rooms, games")
    url, _ = sqlite_copy(tmp_path)
    assert main(["db", "current", "--db", url]) == 0
    assert "before migrations: behind; 'mdeal db upgrade' brings it to" in capsys.readouterr().out
    assert main(["db", "upgrade", "--db", url]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("monopoly-deal: upgrading the database") and out[1] == f"{url}: {HEAD} (head): up to date"
    assert main(["db", "current", "--db", f"sqlite:///{tmp_path / 'none.sqlite3'}"]) == 0
    assert "empty" in capsys.readouterr().out


def test_a_server_holding_the_database_keeps_others_off_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url, _ = sqlite_copy(tmp_path)

    async def held() -> None:
        store = await Store.open(url, announce=lambda line: None)
        try:
            assert await asyncio.to_thread(main, ["db", "upgrade", "--db", url]) == 1
            assert await asyncio.to_thread(main, ["db", "restore", str(tmp_path / "x"), "--db", url]) == 1
        finally:
            await store.close()

    asyncio.run(held())
    err = capsys.readouterr().err.splitlines()
    assert "another server is using the database" in err[0] and "there is no file" in err[1]


def test_the_first_revision_undone_leaves_no_table(tmp_path: Path) -> None:
    url = async_url(f"sqlite:///{tmp_path / 'new.sqlite3'}")
    asyncio.run(_open_and_close(url, migrate=False))
    engine = create_engine(url.replace("+aiosqlite", ""))
    with engine.begin() as connection:
        command.downgrade(config(connection), "base")
        assert set(inspect(connection).get_table_names()) <= {"alembic_version"}
    engine.dispose()
