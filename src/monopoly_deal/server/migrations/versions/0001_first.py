"""Rooms, games (with their record version), actions and tournaments, as the first release with migrations.

Run on a database made before migrations, it makes what is missing: every table on an empty one; on one
from before games had a ``version`` column (record version 1), that column, its games version 1. A
database of the release before this one has it all and is only stamped.

Revision ID: 0001
Revises:
Created: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    tables = set(sa.inspect(op.get_bind()).get_table_names())
    if "rooms" not in tables:
        op.create_table("rooms",
                        sa.Column("id", sa.String(32), primary_key=True),
                        sa.Column("data", sa.Text(), nullable=False),
                        sa.Column("status", sa.String(16), nullable=False))
        op.create_index("ix_rooms_status", "rooms", ["status"])
    if "games" not in tables:
        op.create_table("games",
                        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
                        sa.Column("room_id", sa.String(32), nullable=False),
                        sa.Column("seed", sa.BigInteger(), nullable=False),
                        sa.Column("edition", sa.String(16), nullable=False),
                        sa.Column("rules", sa.Text(), nullable=False),
                        sa.Column("players", sa.Text(), nullable=False),
                        sa.Column("finished", sa.Boolean(), nullable=False),
                        sa.Column("result", sa.Text(), nullable=True),
                        sa.Column("version", sa.Integer(), nullable=False, server_default="1"))
        op.create_index("ix_games_room_id", "games", ["room_id"])
    elif "version" not in {c["name"] for c in sa.inspect(op.get_bind()).get_columns("games")}:
        op.add_column("games", sa.Column("version", sa.Integer(), nullable=False, server_default="1"))
    if "tournaments" not in tables:
        op.create_table("tournaments",
                        sa.Column("id", sa.String(32), primary_key=True),
                        sa.Column("data", sa.Text(), nullable=False))
    if "actions" not in tables:
        op.create_table("actions",
                        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id"), primary_key=True),
                        sa.Column("index", sa.Integer(), primary_key=True),
                        sa.Column("action", sa.String(200), nullable=False))


def downgrade() -> None:
    """Before the first revision there was no schema: every table goes, and every game with it (the copy
    ``mdeal serve`` or ``mdeal db upgrade`` took before upgrading is the way back to a release's data)."""
    for table in ("actions", "games", "tournaments", "rooms"):
        op.drop_table(table)
