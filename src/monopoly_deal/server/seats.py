"""Who sits in a seat, and how a secret (a seat token, a client's address) is kept: as its hash."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any


@dataclass
class SeatInfo:
    """Who sits in a seat: a person (with a token, stored as its hash) or a bot (a bot spec)."""

    name: str
    kind: str                     # "human" or "bot"
    bot: str | None = None
    token_hash: str | None = None
    timeouts: int = 0
    client: str | None = None     # who took it (a hash of the address), for the per-client quota

    def public(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "bot": self.bot}


def digest(token: str) -> str:
    """A secret as it is kept: its SHA-256, so the database holds no seat token and no address."""
    return hashlib.sha256(token.encode()).hexdigest()
