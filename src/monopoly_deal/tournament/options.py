"""A tournament's options: the teams (a name, and a bot spec or people), matches, edition, rules, limit, seed.

>>> options = TournamentOptions((Team("A", "heuristic"), Team("B", "random")), matches=4, seed=1)
>>> options.limit.describe(), options.match_seed(0) != options.match_seed(1)
('30 turns', True)
>>> TournamentOptions.from_dict(options.to_dict()) == options
True
>>> Team("A=B", "random")
Traceback (most recent call last):
...
ValueError: team name 'A=B': 1 to 24 printable characters, no '=' or ',' and no spaces at either end

Every match gets its seed from the tournament's seed and its index, so a match
plays the same whichever machine or process plays it, and in whatever order.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field, replace
from typing import Any

from ..engine import Rules
from ..engine.cards import EDITIONS
from ..record import rules_for
from ..sim import game_seed
from .limit import BOT_LIMIT, Limit

__all__ = ["MAX_MATCHES", "STALLING", "Team", "TournamentOptions"]

#: The most matches one tournament may have.
MAX_MATCHES = 100_000
#: The most teams: one seat each, and a game seats at most 10 (S1 plays with 4).
MAX_TEAMS = 10
MAX_NAME = 24
#: What a second time-out costs (R10.5): the rest of the tournament (S1-14's 喪失比賽資格, the default), or
#: only the match (the lighter reading, and how tournament files from before the option were played).
STALLING = ("tournament", "match")
#: The longest a bot may think over one decision before it is timed out (R10.5), in seconds.
MAX_MOVE_TIME = 3600.0


@dataclass(frozen=True)
class Team:
    """A team: its name, and the bot spec that represents it, or ``None`` when people play for it."""

    name: str
    bot: str | None = None

    def __post_init__(self) -> None:
        name = self.name
        if (not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME or not name.isprintable()
                or name != name.strip() or "=" in name or "," in name):
            raise ValueError(f"team name {name!r}: 1 to {MAX_NAME} printable characters, no '=' or ',' "
                             "and no spaces at either end")
        if self.bot is not None:
            from ..bots import make_bot

            if not isinstance(self.bot, str):
                raise ValueError(f"team {name}: a bot is a spec such as 'heuristic', not {self.bot!r}")
            make_bot(self.bot, seed=0)  # a bad spec raises BotSpecError (a ValueError) naming it

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "bot": self.bot}


@dataclass(frozen=True)
class TournamentOptions:
    """Everything that fixes a tournament (R10.1): ``teams`` (one seat each per match),
    ``matches``, ``edition``, ``rules``, ``limit`` per match (R10.3), ``seed``, and
    ``move_time``: seconds a bot may think over one decision before it is timed out (R10.5;
    ``None``: no clock); ``deal_key``: where set (a server's tournaments), each match's seed is a keyed hash
    of it and the match's number, so that a match's deal, once seen, says nothing of the others' (without
    it, as the command line's tournaments: ``seed`` and the number, :func:`~monopoly_deal.sim.game_seed`);
    ``stalling``: what a second time-out costs, the rest of the tournament (``"tournament"``, S1-14: the player
    is disqualified; a bot team's seat is then played by the stand-in, and forfeited, in every later match) or
    only the match (``"match"``)."""

    teams: tuple[Team, ...]
    matches: int = 10
    edition: str = "base"
    rules: Rules = field(default_factory=Rules)
    limit: Limit = BOT_LIMIT
    seed: int = 0
    move_time: float | None = None
    deal_key: str | None = None
    stalling: str = "tournament"

    def __post_init__(self) -> None:
        teams = self.teams
        if not isinstance(teams, tuple) or not 2 <= len(teams) <= MAX_TEAMS:
            raise ValueError(f"a tournament has 2 to {MAX_TEAMS} teams, not {len(teams)}")
        names = [t.name for t in teams]
        if len(set(names)) != len(names):
            raise ValueError(f"two teams are named {next(n for n in names if names.count(n) > 1)!r}")
        if not _is_int(self.matches) or not 1 <= self.matches <= MAX_MATCHES:
            raise ValueError(f"matches must be 1 to {MAX_MATCHES:,}, not {self.matches!r}")
        if self.edition not in EDITIONS:
            raise ValueError(f"unknown edition {self.edition!r}; choose one of {', '.join(EDITIONS)}")
        if not _is_int(self.seed) or not 0 <= self.seed < 2**64:
            raise ValueError(f"seed must be 0 to 2**64 - 1, not {self.seed!r}")
        if self.move_time is not None and not (isinstance(self.move_time, int | float)
                                               and not isinstance(self.move_time, bool)
                                               and 0 < self.move_time <= MAX_MOVE_TIME):
            raise ValueError(f"move_time must be more than 0 and at most {MAX_MOVE_TIME:g} seconds, "
                             f"not {self.move_time!r}")
        if self.deal_key is not None and not (isinstance(self.deal_key, str)
                                              and re.fullmatch(r"[0-9a-f]{32,64}", self.deal_key)):
            raise ValueError("deal_key must be 32 to 64 hexadecimal digits")
        if self.stalling not in STALLING:
            raise ValueError(f"stalling must be one of {', '.join(STALLING)}, not {self.stalling!r}")

    @property
    def names(self) -> list[str]:
        return [t.name for t in self.teams]

    def match_seed(self, index: int) -> int:
        """The seed of match ``index``: its deal, its dice and its bots follow from it."""
        if self.deal_key is None:
            return game_seed(self.seed, index)
        digest = hashlib.blake2b(index.to_bytes(8, "big"), key=bytes.fromhex(self.deal_key), digest_size=8).digest()
        return int.from_bytes(digest, "big") >> 1     # 63 bits: a seed any database stores

    def match_rules(self) -> Rules:
        """The rules a match is played under: the tournament's, with seat 0 (the dice's first,
        R10.2) starting, and a turn limit as the engine's ``max_turns``."""
        return replace(self.rules, start=0, max_turns=self.limit.turns or self.rules.max_turns)

    def to_dict(self) -> dict[str, Any]:
        return {"teams": [t.to_dict() for t in self.teams], "matches": self.matches, "edition": self.edition,
                "rules": self.rules.to_dict(), "limit": self.limit.to_dict(), "seed": self.seed,
                "move_time": self.move_time, "stalling": self.stalling, **({"deal_key": self.deal_key} if self.deal_key is not None else {})}

    @classmethod
    def from_dict(cls, data: Any) -> TournamentOptions:
        """Options from their JSON form; ``ValueError`` names the first thing wrong."""
        fields = ("teams", "matches", "edition", "rules", "limit", "seed", "move_time")
        if not isinstance(data, dict) or not set(fields) <= set(data) <= {*fields, "stalling", "deal_key"}:
            raise ValueError(f"options are an object with {', '.join(fields)}, stalling (and a server's, deal_key)")
        teams = data["teams"]
        if not isinstance(teams, list) or not all(isinstance(t, dict) and set(t) == {"name", "bot"} for t in teams):
            raise ValueError("teams are a list of objects with a name and a bot (a spec, or null for people)")
        # Every option is written since record version 4 changed defaults; a file that leaves one out is older,
        # and keeps the value that release played it with (a second time-out cost only the match then).
        return cls(tuple(Team(t["name"], t["bot"]) for t in teams), data["matches"], data["edition"],
                   rules_for(3, data["rules"]), Limit.from_dict(data["limit"]), data["seed"], data["move_time"],
                   data.get("deal_key"), data.get("stalling", "match"))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
