"""A match's limit, and deciding a match at the limit by asset value (R10.3).

People play against the clock (:data:`PEOPLE_LIMIT`, 45 minutes, as S1 does).
Bot tournaments must give the same results on any machine, so their limit is a
number of turns (:data:`BOT_LIMIT`); a wall-clock limit works for bots too.

>>> Limit.parse_time("45m"), Limit.parse_time("1h30m").describe(), BOT_LIMIT.describe()
(Limit(turns=None, seconds=2700.0), '90 minutes', '30 turns')

At the limit the player whose table is worth most wins: bank, property values
and buildings added up, rainbow wilds counting 0 (their printed value). Tied
players roll two dice, the highest total wins, and they roll again while they tie:

>>> from monopoly_deal import Game
>>> from monopoly_deal.tournament.dice import MatchDice
>>> game = Game.from_position(3, banks={0: ["5M"], 1: ["3M", "2M"], 2: ["1M"]}, groups={2: [("red", ["red"], None, None)]})
>>> finish = decide_at_limit(game, MatchDice(1))
>>> finish.assets, finish.winner      # P1 and P2 tie on 5M; P3's red is worth 3M, and 1M in the bank
([5, 5, 4], 1)
>>> finish.roll_off                    # both roll 7, roll again: P2's 9 beats P1's 6
[((0, 1), (7, 7)), ((0, 1), (6, 9))]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..engine import Game
from ..engine.refusal import Refusal
from ..engine.rules import MAX_TURNS
from .dice import MatchDice, Round, roll_off

__all__ = ["BOT_LIMIT", "PEOPLE_LIMIT", "Limit", "LimitFinish", "asset_values", "decide_at_limit"]

#: The longest time limit a match may have (seconds): a day.
MAX_SECONDS = 24 * 3600.0


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Limit:
    """When a match stops if nobody has won: after ``turns`` turns (every seat's turns
    counted, as the engine's ``max_turns``), or after ``seconds`` of play. Exactly one is set."""

    turns: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if (self.turns is None) == (self.seconds is None):
            raise ValueError("a limit is a number of turns or a time, exactly one of them")
        if self.turns is not None and not (_is_int(self.turns) and 1 <= self.turns <= MAX_TURNS):
            raise Refusal("limit-error.turns", f"a turn limit must be 1 to {MAX_TURNS:,} turns, not {self.turns!r}",
                          most=f"{MAX_TURNS:,}", value=self.turns)
        if self.seconds is not None and not (isinstance(self.seconds, int | float) and not isinstance(self.seconds, bool)
                                             and 1 <= self.seconds <= MAX_SECONDS):
            raise Refusal("limit-error.seconds", f"a time limit must be 1 second to 24 hours, not {self.seconds!r}",
                          value=self.seconds)

    @classmethod
    def parse_time(cls, text: str) -> Limit:
        """A time limit written like ``45m``, ``90s``, ``1h30m`` or ``2.5m``."""
        parts = re.fullmatch(r"\s*(?:(\d+(?:\.\d+)?)h)?\s*(?:(\d+(?:\.\d+)?)m)?\s*(?:(\d+(?:\.\d+)?)s)?\s*", text)
        if not text.strip() or parts is None:
            raise Refusal("limit-error.time", f"a time is written like 45m, 90s or 1h30m, not {text!r}", value=text)
        hours, minutes, seconds = (float(p or 0) for p in parts.groups())
        return cls(seconds=hours * 3600 + minutes * 60 + seconds)

    def describe(self) -> str:
        if self.turns is not None:
            return f"{self.turns} turns"
        assert self.seconds is not None
        return f"{self.seconds / 60:g} minutes" if self.seconds % 60 == 0 else f"{self.seconds:g} seconds"

    def to_dict(self) -> dict[str, Any]:
        return {"turns": self.turns} if self.turns is not None else {"seconds": self.seconds}

    @classmethod
    def from_dict(cls, data: Any) -> Limit:
        if not isinstance(data, dict) or len(data) != 1 or not set(data) <= {"turns", "seconds"}:
            raise ValueError(f"a limit is {{\"turns\": N}} or {{\"seconds\": S}}, not {data!r}")
        return cls(**data)


#: The bots' default: 30 turns in all (7½ rounds of a 4-team match). People take about 1½ minutes
#: a turn (draw, up to three plays, everyone's payments), so 45 minutes is about 30 turns; four
#: heuristic bots finish about 80% of their matches by sets within it (docs/tournament.md).
BOT_LIMIT = Limit(turns=30)
#: People's default, as S1 plays: 45 minutes a match.
PEOPLE_LIMIT = Limit(seconds=45 * 60.0)


@dataclass(frozen=True)
class LimitFinish:
    """How R10.3 decided a match: each seat's asset value, the roll-off rounds among the
    seats tied on the highest value (empty when one seat led alone), and the winning seat."""

    assets: list[int]
    roll_off: list[Round] = field(default_factory=list)
    winner: int = -1


def asset_values(game: Game) -> list[int]:
    """Each seat's asset value (R10.3): bank + property values + buildings; rainbow wilds count 0."""
    return [game.table_value(seat) for seat in range(game.players)]


def decide_at_limit(game: Game, dice: MatchDice) -> LimitFinish:
    """R10.3: the seat with the highest asset value wins; tied seats roll two dice, highest
    total wins, rolling again while they tie (the project's choice for a tie)."""
    assets = asset_values(game)
    best = max(assets)
    tied = [seat for seat, value in enumerate(assets) if value == best]
    order, rounds = roll_off(tied, dice.roll)
    return LimitFinish(assets, rounds, order[0])
