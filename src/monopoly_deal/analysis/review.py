"""A whole game reviewed, decision by decision: the win chance each choice kept or gave away.

For every decision of the chosen seats that had more than one legal action, the review weighs the action
taken against the best alternatives a bot proposes (its ``explain``: by default ISMCTS at a modest budget),
each by :func:`~monopoly_deal.analysis.winchance.evaluate` on the same worlds, from that seat's view. The
best of them is what the position was worth (*before*); the action taken is what was kept (*after*); the
difference is the win chance *lost*, flagged as an inaccuracy, a mistake or a blunder at
:data:`THRESHOLDS`:

>>> from monopoly_deal import Game
>>> start = Game.from_position(2, rest="box",    # P1 holds the green that wins; P2 needs one orange card
...     groups={0: [("brown", ["brown", "brown"], None, None), ("dark-blue", ["dark-blue", "dark-blue"], None, None),
...                 ("green", ["green", "green"], None, None)],
...             1: [("red", ["red"] * 3, None, None), ("yellow", ["yellow"] * 3, None, None),
...                 ("orange", ["orange", "orange"], None, None)]},
...     hands={0: ["green"], 1: ["orange", "1M", "2M", "3M", "pass-go"]},
...     draw=["pink/orange", "pink/orange", "rainbow", "1M", "2M", "4M"])
>>> game_review = review(start, ["end"], budget=16, seed=1, bot="heuristic")   # P1 ends its turn instead
>>> decision, = game_review.decisions
>>> str(decision.taken.action), str(decision.best.action), decision.flag
('end', 'play green', 'blunder')
>>> decision.before, decision.after, decision.lost
(1.0, 0.0, 1.0)
>>> game_review.accuracy(0)
0.0

Decisions with one legal action are skipped: there was nothing to choose. A review of one game with one
seed is the same every time (each decision's worlds and bot are seeded from the seed and the decision's
place in the game).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots import Seat, make_bot
from ..bots.explain import explain
from ..engine import Action, Game, parse_action
from .winchance import OpenSampler, Outcomes, Sampler, SeatSampler, evaluate

__all__ = [
    "ALTERNATIVES", "BOT", "DEFAULT_BUDGET", "FLAGS", "SIGNIFICANCE", "THRESHOLDS", "Candidate", "Decision",
    "Review", "accuracy", "begin", "choices", "decisions", "flag_for", "review", "weigh",
]

#: Playouts per candidate action by default: about 3 CPU minutes for a 2-player game (compiled engine), and the
#: win chance lost is then known to about 0.03 (one standard error; docs/analysis.md measures both). A
#: quarter of it doubles the error.
DEFAULT_BUDGET = 200
#: The bot whose best alternatives are weighed against the action taken, and how many of them.
BOT = "ismcts:iters=100"
ALTERNATIVES = 3

#: The flags, from the least: the win chance (0 to 1) an action must give away to earn each (lichess's). At the
#: default budget a paired difference has a standard error of 0.026 at the median and 0.038 at the 90th
#: percentile (docs/analysis.md), so even an inaccuracy stands 2.6 to 4 of them clear of no loss at all.
THRESHOLDS = (("inaccuracy", 0.10), ("mistake", 0.20), ("blunder", 0.30))
FLAGS = tuple(name for name, _ in THRESHOLDS)
#: And a flag needs the loss to stand out from its own noise by this many standard errors: a decision weighed
#: on fewer playouts (a smaller ``--budget``), or a noisier one than most, is flagged only when the loss is clear.
SIGNIFICANCE = 2.0


def flag_for(lost: float, error: float = 0.0) -> str | None:
    """The flag for giving away ``lost`` of the win chance, known to ``error`` (a standard error), or ``None``.

    >>> flag_for(0.05), flag_for(0.1), flag_for(0.29), flag_for(0.6)
    (None, 'inaccuracy', 'mistake', 'blunder')
    >>> flag_for(0.25, error=0.15)         # a loss that might be noise earns no flag
    """
    if lost < SIGNIFICANCE * error:
        return None
    named = None
    for name, least in THRESHOLDS:
        if lost >= least - 1e-9:   # 0.1 lost is an inaccuracy, whatever the floating point says
            named = name
    return named


def accuracy(lost: float) -> float:
    """One decision's accuracy, 0 to 100, from the win chance it gave away (lichess's curve for win chances:
    100 for nothing lost, 64 for a tenth, 40 for a fifth, 25 for three tenths).

    >>> accuracy(0.0), round(accuracy(0.1), 1), round(accuracy(0.3), 1), accuracy(1.0)
    (100.0, 63.6, 24.8, 0.0)
    """
    return min(100.0, max(0.0, 103.1668 * math.exp(-4.354 * lost) - 3.1668))


@dataclass(frozen=True)
class Candidate:
    """One action weighed at a decision: every seat's win chance after it (``chances``) with its standard
    error for the deciding seat (``error``), how much more the deciding seat wins after it than after the
    action taken, world by world (``gain``, with its standard error ``gain_error``), its place in the bot's
    list (``rank``, 1 its pick; ``None``: the action taken, which the bot did not propose) and the money its
    words name (``amount``, for :meth:`Translator.action <monopoly_deal.i18n.Translator.action>`)."""

    action: Action
    chances: tuple[float, ...]
    error: float
    gain: float
    gain_error: float
    rank: int | None
    amount: int | None = None


@dataclass(frozen=True)
class Decision:
    """One decision reviewed: the ``index`` of the action taken in the game's actions, the ``turn``, the
    deciding ``seat``, how many actions were ``legal``, and the candidates weighed, the action taken first."""

    index: int
    turn: int
    seat: int
    legal: int
    candidates: tuple[Candidate, ...]

    @property
    def taken(self) -> Candidate:
        return self.candidates[0]

    @property
    def best(self) -> Candidate:
        """The candidate the deciding seat wins most after (the action taken on a tie: nothing was lost)."""
        return max(self.candidates, key=lambda c: c.gain)

    @property
    def before(self) -> float:
        """The deciding seat's win chance with the best action found: what the position was worth."""
        return self.best.chances[self.seat]

    @property
    def after(self) -> float:
        """The deciding seat's win chance after the action taken."""
        return self.taken.chances[self.seat]

    @property
    def lost(self) -> float:
        """The win chance the action taken gave away (0 when it was the best found)."""
        return self.best.gain

    @property
    def lost_error(self) -> float:
        """The standard error of :attr:`lost`: of the paired difference between the best and the action taken."""
        return self.best.gain_error

    @property
    def flag(self) -> str | None:
        return flag_for(self.lost, self.lost_error)

    @property
    def alternatives(self) -> list[Candidate]:
        """The other candidates, best first."""
        return sorted(self.candidates[1:], key=lambda c: -c.gain)


@dataclass
class Review:
    """A game's review: the ``decisions`` of the ``seats`` reviewed, in the order played, and how it was made
    (``budget`` playouts per candidate, ``seed``, ``open``: all cards open, ``bot``: whose alternatives); the
    game's ``actions`` (how many), ``winner``, ``turns`` and whether it is ``over``.
    ``stopped``: interrupted (Ctrl+C) before the end, so the decisions are those reviewed until then."""

    names: list[str]
    seats: tuple[int, ...]
    budget: int
    seed: int
    open: bool
    bot: str
    actions: int
    winner: int | None
    turns: int
    over: bool
    decisions: list[Decision] = field(default_factory=list)
    stopped: bool = False

    def of(self, seat: int) -> list[Decision]:
        """``seat``'s decisions reviewed."""
        return [d for d in self.decisions if d.seat == seat]

    def accuracy(self, seat: int) -> float | None:
        """``seat``'s accuracy, 0 to 100: the mean of :func:`accuracy` over its decisions reviewed (``None``:
        none were), to one decimal."""
        mine = self.of(seat)
        return round(sum(accuracy(d.lost) for d in mine) / len(mine), 1) if mine else None

    def flags(self, seat: int) -> dict[str, int]:
        """How many of ``seat``'s decisions earned each flag."""
        counts = dict.fromkeys(FLAGS, 0)
        for d in self.of(seat):
            if d.flag is not None:
                counts[d.flag] += 1
        return counts

    def to_json(self) -> dict[str, Any]:
        """The review as JSON-able data (docs/analysis.md lists the fields)."""
        return {
            "format": "monopoly-deal-analysis",
            "version": 1,
            "settings": {"seats": [f"P{p + 1}" for p in self.seats], "budget": self.budget, "seed": self.seed,
                         "open": self.open, "view": "all cards open" if self.open else "each seat's own view",
                         "bot": self.bot, "alternatives": ALTERNATIVES, "policy": "heuristic",
                         "thresholds": {name: least for name, least in THRESHOLDS},
                         "significance": SIGNIFICANCE},
            "game": {"players": self.names, "actions": self.actions, "turns": self.turns, "over": self.over,
                     "winner": None if self.winner is None else f"P{self.winner + 1}"},
            "players": [self._player(p) for p in self.seats],
            "decisions": [_decision_json(d) for d in self.decisions],
            **({"stopped_after": f"{len(self.decisions)} decisions"} if self.stopped else {}),
        }

    def _player(self, seat: int) -> dict[str, Any]:
        mine = self.of(seat)
        return {"seat": f"P{seat + 1}", "name": self.names[seat], "decisions": len(mine),
                "accuracy": self.accuracy(seat), **self.flags(seat),
                "lost": round(sum(d.lost for d in mine), 4),
                "lost_mean": round(sum(d.lost for d in mine) / len(mine), 4) if mine else None}


def _decision_json(d: Decision) -> dict[str, Any]:
    return {
        "index": d.index, "turn": d.turn, "seat": f"P{d.seat + 1}", "legal": d.legal,
        "taken": str(d.taken.action), "best": str(d.best.action),
        "before": round(d.before, 4), "after": round(d.after, 4), "lost": round(d.lost, 4),
        "lost_error": round(d.lost_error, 4), "flag": d.flag,
        "chances": [round(c, 4) for c in d.taken.chances],
        "candidates": [{"action": str(c.action), "rank": c.rank, "chance": round(c.chances[d.seat], 4),
                        "error": round(c.error, 4), "gain": round(c.gain, 4), "gain_error": round(c.gain_error, 4),
                        "chances": [round(x, 4) for x in c.chances]}
                       for c in d.candidates],
    }


def choices(start: Game, actions: Sequence[Action | str], seats: Iterable[int] | None = None) -> list[int]:
    """The places in ``actions`` (played from ``start``) of the decisions a review weighs: those of ``seats``
    (all by default) with more than one legal action."""
    wanted = set(range(start.players) if seats is None else seats)
    game = start.clone()
    out = []
    for i, action in enumerate(actions):
        if game.decider in wanted and len(game.legal_actions()) > 1:
            out.append(i)
        game.apply(action)
    return out


def decisions(start: Game, actions: Sequence[Action | str], seats: Iterable[int] | None = None,
              budget: int = DEFAULT_BUDGET, seed: int = 0, open: bool = False, bot: str = BOT) -> Iterator[Decision]:
    """Each decision :func:`choices` names, reviewed, as the game is played from ``start`` (which is not
    changed): the action taken and ``bot``'s best :data:`ALTERNATIVES`, each played out on ``budget`` worlds
    from the deciding seat's view (``open``: from every hand as it is)."""
    wanted = set(range(start.players) if seats is None else seats)
    game = start.clone()
    for index, action in enumerate(actions):
        taken = parse_action(action) if isinstance(action, str) else action
        legal = game.legal_actions()
        if game.decider in wanted and len(legal) > 1:
            yield weigh(game, index, taken, budget, _seed_for(seed, index), open, bot)
        game.apply(taken)


def weigh(game: Game, index: int, taken: Action, budget: int, seed: int, open: bool = False,
          bot: str = BOT) -> Decision:
    """The decision ``game`` is at, where ``taken`` was played, weighed against ``bot``'s alternatives."""
    p = game.decider
    seat = Seat(game, p)
    proposer = make_bot(bot, seed=seed)
    proposed = [alt.action for alt in explain(proposer, seat, ALTERNATIVES)]
    actions = [taken, *(a for a in dict.fromkeys(proposed) if a != taken)]
    sampler: Sampler = OpenSampler(game, p) if open else SeatSampler(seat)
    outcomes = evaluate(sampler, actions, budget, seed)
    return Decision(index, game.turn, p, len(game.legal_actions()),
                    tuple(_candidate(o, outcomes[0], p, game.players, proposed, game.amount_of(o.action))
                          for o in outcomes))


def _candidate(outcome: Outcomes, taken: Outcomes, p: int, players: int, proposed: list[Action],
               amount: int | None) -> Candidate:
    gain = outcome.against(taken, p)
    rank = proposed.index(outcome.action) + 1 if outcome.action in proposed else None
    return Candidate(outcome.action, tuple(outcome.chance(q) for q in range(players)), outcome.error(p),
                     gain.value, gain.error, rank, amount)


def review(start: Game, actions: Sequence[Action | str], seats: Iterable[int] | None = None,
           budget: int = DEFAULT_BUDGET, seed: int = 0, open: bool = False, bot: str = BOT) -> Review:
    """The whole review of the game played by ``actions`` from ``start`` (see :func:`decisions`)."""
    result = begin(start, actions, seats, budget, seed, open, bot)
    result.decisions.extend(decisions(start, actions, result.seats, budget, seed, open, bot))
    return result


def begin(start: Game, actions: Sequence[Action | str], seats: Iterable[int] | None = None,
          budget: int = DEFAULT_BUDGET, seed: int = 0, open: bool = False, bot: str = BOT) -> Review:
    """A review with no decision weighed yet: the game's facts and the review's settings. A caller that shows
    progress, or may be stopped, adds the :func:`decisions` one by one."""
    chosen = tuple(sorted(set(range(start.players) if seats is None else seats)))
    end = start.clone()
    for action in actions:
        end.apply(action)
    return Review(list(start.names), chosen, budget, seed, open, bot, len(actions),
                  end.winner if end.winner >= 0 else None, end.turn, end.over)


def _seed_for(seed: int, index: int) -> int:
    """The seed of one decision's worlds and bot: from the review's seed and the decision's place, so that a
    decision is weighed the same whichever seats are reviewed with it."""
    return random.Random(f"analysis:{seed}:{index}").getrandbits(48)
