"""One match: seating by dice (R10.2), the game, and how it ended (sets, or R10.3 at the limit).

A :class:`MatchRecord` holds everything a match decided: the seating and its
dice, the game's record, how it ended, each seat's asset value, any roll-off,
the winner and any time-outs (R10.5). Bots play a match with :func:`play_match`;
a program that seats people (the server) builds the same record with
:func:`new_match_game` and :func:`conclude`:

>>> from monopoly_deal.tournament.options import Team, TournamentOptions
>>> options = TournamentOptions(tuple(Team(n, "random") for n in "ABCD"), seed=1)
>>> match = play_match(options, 0)
>>> match.seating.order, [options.names[t] for t in match.seating.order]
([1, 0, 2, 3], ['B', 'A', 'C', 'D'])
>>> match.seating.rounds           # A and C tied on 6 and rolled again
[((0, 1, 2, 3), (6, 8, 6, 4)), ((0, 2), (11, 6))]
>>> match.end, match.turns, match.assets, match.winner, match.points(4)   # random bots: to the limit
('turn-limit', 30, [57, 21, 34, 21], 0, [0, 1, 0, 0])
>>> replay_match(options, 0, match.to_dict()) == match     # a stored match checks against its seed
True

``points`` follow R10.4 and R10.5: the winner's team scores 1, every other team
0, and a team that forfeited scores 0 whoever wins the seat it left.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from ..bots import Bot, Seat, make_bot
from ..engine import Game
from ..record import PLAYED_UNDER, VERSIONS, RecordError, from_dict, replay
from .clock import STAND_IN, TimeOut, forfeited, safe_move, time_out
from .dice import MatchDice, Round, Seating, seat_by_dice
from .limit import LimitFinish, asset_values, decide_at_limit
from .options import TournamentOptions

__all__ = ["ENDS", "MatchError", "MatchRecord", "conclude", "new_match_game", "play_match", "replay_match"]

#: How a match can end: a player completed their sets (R7), or the limit came first (R10.3).
ENDS = ("sets", "turn-limit", "time-limit")


class MatchError(ValueError):
    """A stored match that does not replay as stored; the message names the field."""


@dataclass(frozen=True)
class MatchRecord:
    """What match ``index`` decided. Seats are 0-based and in turn order; ``seating.order[seat]``
    is the team in that seat. ``assets[seat]`` is the seat's asset value at the end (R10.3),
    ``roll_off`` the dice among seats tied at the limit, ``winner`` the winning seat."""

    index: int
    seating: Seating
    game: dict[str, Any]
    end: str
    turns: int
    assets: list[int]
    winner: int
    roll_off: list[Round] = field(default_factory=list)
    timeouts: list[TimeOut] = field(default_factory=list)
    # Seats whose person left the match (a stand-in played on): each forfeits, as after a second time-out
    # (R10.5), and the action before which it left.
    left: list[TimeOut] = field(default_factory=list)
    # Seats of teams disqualified in an earlier match (R10.5, ``stalling="tournament"``): the stand-in plays them
    # from the start, and each forfeits.
    absent: list[int] = field(default_factory=list)

    @property
    def winner_team(self) -> int:
        return self.seating.order[self.winner]

    @property
    def forfeits(self) -> set[int]:
        """The teams that forfeited this match (R10.5): timed out twice, left it, or were disqualified before it."""
        seats = forfeited(self.timeouts) | {t.seat for t in self.left} | set(self.absent)
        return {self.seating.order[seat] for seat in seats}

    @property
    def stalled(self) -> set[int]:
        """The teams whose representative timed out twice in this match (R10.5): a stall, not a leave."""
        return {self.seating.order[seat] for seat in forfeited(self.timeouts)}

    @property
    def how(self) -> str:
        """``"sets"``, ``"assets"`` (the highest asset value at the limit) or ``"roll-off"`` (a tie, rolled off)."""
        return "sets" if self.end == "sets" else "roll-off" if self.roll_off else "assets"

    def points(self, teams: int) -> list[int]:
        """Each team's points for this match (R10.4, R10.5)."""
        return [int(team == self.winner_team and team not in self.forfeits) for team in range(teams)]

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seating": {"order": self.seating.order, "dice": [_round(r) for r in self.seating.rounds]},
            "end": self.end, "turns": self.turns, "assets": self.assets, "winner": self.winner,
            "roll_off": [_round(r) for r in self.roll_off],
            "timeouts": [{"seat": t.seat, "action": t.action} for t in self.timeouts],
            **({"left": [{"seat": t.seat, "action": t.action} for t in self.left]} if self.left else {}),
            **({"absent": self.absent} if self.absent else {}),
            "game": self.game,
        }


def _round(r: Round) -> dict[str, list[int]]:
    return {"players": list(r[0]), "totals": list(r[1])}


def new_match_game(options: TournamentOptions, index: int, seating: Seating) -> Game:
    """Match ``index``'s game: the teams seated as the dice said, named by team, under the
    match rules (seat 0 starts; the turn limit as ``max_turns``)."""
    return Game(len(options.teams), options.edition, options.match_rules(), options.match_seed(index),
                [options.names[team] for team in seating.order])


def conclude(index: int, seating: Seating, game: Game, dice: MatchDice, timeouts: list[TimeOut],
             left: list[TimeOut] | None = None, absent: list[int] | None = None) -> MatchRecord:
    """The record of a match that is over, or stopped at its limit: a game still running was
    stopped by the clock, and R10.3 decides it with the match's ``dice``; ``left``: seats whose
    person left, ``absent``: seats of disqualified teams (each forfeits)."""
    if game.winner >= 0:
        end, finish = "sets", LimitFinish(asset_values(game), [], game.winner)
    else:
        end, finish = ("turn-limit" if game.over else "time-limit"), decide_at_limit(game, dice)
    return MatchRecord(index, seating, game.record(), end, min(game.turn, game.rules.max_turns), finish.assets,
                       finish.winner, finish.roll_off, list(timeouts), list(left or []), sorted(absent or []))


def play_match(options: TournamentOptions, index: int, disqualified: frozenset[int] = frozenset()) -> MatchRecord:
    """Bots play match ``index``: seating by dice, then the game until a win or the limit.
    Each team's bot is seeded from the match's seed and its seat. With ``options.move_time``,
    a bot that thinks longer over a decision is timed out (R10.5): the safe move is made
    for it the first time, and a stand-in takes its seat the second. The teams in
    ``disqualified`` (:meth:`Tournament.disqualified_before`) are played by the stand-in
    from the start, and forfeit."""
    seed = options.match_seed(index)
    dice = MatchDice(seed)
    seating = seat_by_dice(len(options.teams), dice)
    game = new_match_game(options, index, seating)
    absent = [seat for seat, team in enumerate(seating.order) if team in disqualified]
    bots = [_bot(STAND_IN if team in disqualified else options.teams[team].bot or STAND_IN, seed, seat, game)
            for seat, team in enumerate(seating.order)]
    timeouts: list[TimeOut] = []
    deadline = None if options.limit.seconds is None else time.monotonic() + options.limit.seconds
    while not game.over and (deadline is None or time.monotonic() < deadline):
        seat = game.decider
        started = time.perf_counter()
        action = bots[seat].choose(Seat(game, seat))
        if options.move_time is not None and time.perf_counter() - started > options.move_time \
                and seat not in forfeited(timeouts) and seat not in absent:
            if time_out(timeouts, seat, len(game.history)) == "forfeit":
                bots[seat] = _bot(STAND_IN, seed, seat, game)
                continue
            action = safe_move(game)
        game.apply(action)
    return conclude(index, seating, game, dice, timeouts, absent=absent)


def _bot(spec: str, seed: int, seat: int, game: Game) -> Bot:
    bot = make_bot(spec, seed=seed * 16 + seat)
    setup = getattr(bot, "new_game", None)
    if setup is not None:
        setup(Seat(game, seat))
    return bot


def replay_match(options: TournamentOptions, index: int, data: Any,
                 disqualified: frozenset[int] = frozenset()) -> MatchRecord:
    """Check a stored match (its JSON form) against the tournament's options: the dice are
    rolled again from the match's seed, the game is replayed from its actions, the time-outs
    are checked where they happened, and the end is decided again; ``disqualified``: the teams
    the earlier matches disqualified, whose seats the stand-in played. Returns the match only if
    everything is as stored; else raises :class:`MatchError` naming the first field that differs."""
    if not isinstance(data, dict):
        raise MatchError("a match is a JSON object")
    dice = MatchDice(options.match_seed(index))
    seating = seat_by_dice(len(options.teams), dice)
    expected = new_match_game(options, index, seating).record()
    stored = data.get("game")
    if not isinstance(stored, dict):
        raise MatchError("field 'game': missing, or not a game record")
    version = stored.get("version")
    if isinstance(stored.get("rules"), dict) and version in VERSIONS:   # options added since, as its version played
        stored = {**stored, "rules": {**PLAYED_UNDER[version], **stored["rules"]}}
    for name in ("edition", "rules", "seed", "players"):
        if stored.get(name) != expected[name]:
            raise MatchError(f"field 'game.{name}': the file says {_short(stored.get(name))}; the tournament's "
                             f"options and dice give {_short(expected[name])}")
    try:
        game = replay(from_dict(stored, "game"))
    except RecordError as error:
        raise MatchError(f"field {error}") from None
    absent = [seat for seat, team in enumerate(seating.order) if team in disqualified]
    if data.get("absent", []) != absent:
        raise MatchError(f"field 'absent': the file says {_short(data.get('absent', []))}; the earlier matches' "
                         f"disqualifications give {absent}")
    timeouts = _timeouts(data.get("timeouts"), game, absent)
    left = _left(data.get("left", []), game)
    if not game.over and options.limit.seconds is None:
        raise MatchError(f"field 'game': it stops on turn {game.turn}, before the match is over "
                         f"and before its limit of {options.limit.describe()}")
    match = conclude(index, seating, game, dice, timeouts, left, absent)
    again = match.to_dict()
    for name, value in again.items():
        if (stored if name == "game" else data.get(name)) != value:
            raise MatchError(f"field {name!r}: the file says {_short(data.get(name))}, the replay gives {_short(value)}")
    unknown = sorted(set(data) - set(again))
    if unknown:
        raise MatchError(f"field {unknown[0]!r}: unknown; a match has {', '.join(again)}")
    return match


def _short(value: Any, limit: int = 160) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _left(data: Any, game: Game) -> list[TimeOut]:
    """The seats whose person left, each once, at an action of the game."""
    if not isinstance(data, list) or not all(isinstance(t, dict) and set(t) == {"seat", "action"} for t in data):
        raise MatchError("field 'left': a list of {\"seat\": S, \"action\": N}")
    left = [TimeOut(t["seat"], t["action"]) for t in data]
    for i, t in enumerate(left):
        if not (isinstance(t.seat, int) and 0 <= t.seat < game.players) or t.seat in [u.seat for u in left[:i]]:
            raise MatchError(f"field 'left[{i}]': seat {t.seat!r} is not a seat of the match that left once")
        if not (isinstance(t.action, int) and 0 <= t.action <= len(game.history)):
            raise MatchError(f"field 'left[{i}]': action {t.action!r} is not in the game")
    return left


def _timeouts(data: Any, game: Game, absent: list[int]) -> list[TimeOut]:
    """The stored time-outs, each checked against the replayed game: the seat owed the decision
    then, was not a stand-in's, and after a warning the safe move was made (R10.5)."""
    if not isinstance(data, list) or not all(isinstance(t, dict) and set(t) == {"seat", "action"} for t in data):
        raise MatchError("field 'timeouts': a list of {\"seat\": S, \"action\": N}")
    timeouts = [TimeOut(t["seat"], t["action"]) for t in data]
    steps = game.history
    walk = game.restart() if timeouts else game       # as the game's record version plays
    done: list[TimeOut] = []
    for i, t in enumerate(timeouts):
        if not isinstance(t.action, int) or not len(walk.history) <= t.action <= len(steps):
            raise MatchError(f"field 'timeouts[{i}]': action {t.action!r} is not in the game, in order")
        while len(walk.history) < t.action:
            walk.apply(steps[len(walk.history)])
        if walk.over or t.seat != walk.decider:
            raise MatchError(f"field 'timeouts[{i}]': seat {t.seat!r} did not owe a decision before action {t.action}")
        if t.seat in forfeited(done) or t.seat in absent:
            raise MatchError(f"field 'timeouts[{i}]': seat {t.seat} had forfeited; its stand-in has no clock")
        if time_out(done, t.seat, t.action) == "warning" and (t.action == len(steps)
                                                              or steps[t.action] != safe_move(walk)):
            raise MatchError(f"field 'timeouts[{i}]': after a warning the safe move "
                             f"'{safe_move(walk)}' is made, not the action stored")
    return timeouts
