"""What the server stores, as SQLAlchemy models: rooms, games, their actions, tournaments.

The tables are made and changed only by the migrations (:mod:`.schema`, ``migrations/versions``): a change
here is a new revision there, with an upgrade test (docs/architecture.md, "What is stored").
"""

from __future__ import annotations

from sqlalchemy import BigInteger, Boolean, ForeignKey, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from ..engine.game import RECORD_VERSION


class Base(DeclarativeBase):
    pass


class RoomRow(Base):
    __tablename__ = "rooms"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    data: Mapped[str] = mapped_column(Text)          # options, seats, status, current game (JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)


class GameRow(Base):
    __tablename__ = "games"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_id: Mapped[str] = mapped_column(String(32), index=True)
    seed: Mapped[int] = mapped_column(BigInteger)
    edition: Mapped[str] = mapped_column(String(16))
    rules: Mapped[str] = mapped_column(Text)         # JSON
    players: Mapped[str] = mapped_column(Text)       # JSON list of names
    finished: Mapped[bool] = mapped_column(Boolean, default=False)
    result: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON, once finished
    # The record version the game is played under (monopoly_deal.record); games stored before
    # the column existed are version 1.
    version: Mapped[int] = mapped_column(Integer, default=RECORD_VERSION, server_default="1")


class TournamentRow(Base):
    """A browser tournament (server/tournaments.py): its options, matches played and the next match (JSON)."""

    __tablename__ = "tournaments"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    data: Mapped[str] = mapped_column(Text)


class ActionRow(Base):
    __tablename__ = "actions"
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[str] = mapped_column(String(200))
