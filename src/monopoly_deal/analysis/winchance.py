"""How likely each player is to win after an action, as one seat could know it: Monte Carlo playouts.

An estimate deals the cards its seat cannot see again at random (a *world*, ``Seat.determinize``, the same
sampling the searching bots use: docs/bots.md), plays the action on it, and lets the heuristic bot play
every seat to the end of the game (a *playout*). Repeated ``playouts`` times, the share of playouts a seat
wins is its win chance:

>>> from monopoly_deal import Game
>>> from monopoly_deal.bots import Seat
>>> from monopoly_deal.engine import parse_action
>>> game = Game.from_position(2, rest="box",    # P1 holds the green that wins; P2 needs one orange card
...     groups={0: [("brown", ["brown", "brown"], None, None), ("dark-blue", ["dark-blue", "dark-blue"], None, None),
...                 ("green", ["green", "green"], None, None)],
...             1: [("red", ["red"] * 3, None, None), ("yellow", ["yellow"] * 3, None, None),
...                 ("orange", ["orange", "orange"], None, None)]},
...     hands={0: ["green"], 1: ["orange", "1M", "2M", "3M", "pass-go"]},
...     draw=["pink/orange", "pink/orange", "rainbow", "1M", "2M", "4M"])
>>> outcomes = evaluate(SeatSampler(Seat(game, 0)), [parse_action("end"), parse_action("play green")],
...                     playouts=8, seed=1)
>>> [o.chance(0) for o in outcomes]       # ending the turn lets P2 complete its set; the green wins at once
[0.0, 1.0]
>>> later, now = outcomes
>>> now.against(later, 0)                 # every world agrees: no error at all
Difference(value=1.0, error=0.0)

Every action is played on the *same* worlds with the same randomness to come (common random numbers), so
the luck of the deal is shared, and the *difference* between two actions (:meth:`Outcomes.against`) is about
half as noisy as on worlds of their own (docs/analysis.md measures it). Its standard error is worked out from
the paired differences, world by world.

A :class:`SeatSampler` holds a :class:`~monopoly_deal.bots.Seat` and nothing else, so an estimate for a seat
can use only what that seat could see (the no-peek rule of the bots). An :class:`OpenSampler` is the
other, labelled mode: every hand as it really is (only the draw pile's order is still unknown).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..bots import Seat
from ..bots.heuristic import best_action
from ..engine import Action, Game

__all__ = [
    "PLAYOUT_TURNS", "Difference", "OpenSampler", "Outcomes", "Policy", "Sampler", "SeatSampler", "evaluate",
    "heuristic_policy", "playout",
]

#: A playout that has not ended this many turns after it began is given up as won by nobody: the heuristic
#: in every seat ends a game in about 15 (2 players) to 23 (4 players) turns, so this only ever stops a
#: game that would otherwise run on to the turn limit, the same "nobody wins" at a fraction of the cost.
PLAYOUT_TURNS = 100

#: How a playout chooses for whoever decides: a function of the (sampled) game to one of its legal actions.
Policy = Callable[[Game], Action]


def heuristic_policy(game: Game) -> Action:
    """The heuristic bot's choice on the sampled world (as ISMCTS's playouts make it): fast, deterministic, and
    close enough to sensible play that a position it wins is a good one."""
    actions = game.legal_actions()
    return actions[0] if len(actions) == 1 else best_action(game, game.decider, actions)


def playout(world: Game, policy: Policy = heuristic_policy, turns: int = PLAYOUT_TURNS) -> int:
    """Play ``world`` to its end with ``policy`` in every seat; the winner's seat, or -1 (no winner, also when
    the game has not ended ``turns`` turns on)."""
    last = world.turn + turns
    while not world.over:
        if world.turn > last:
            return -1
        world.apply(policy(world))
    return world.winner


class Sampler(Protocol):
    """Worlds to play out for ``seat``: full games consistent with what the estimate may know."""

    seat: int
    open: bool

    def world(self, seed: int) -> Game: ...


class SeatSampler:
    """Worlds as ``seat`` may imagine them: the cards it cannot see (the others' hands, the draw pile) dealt
    again at random from its view alone. It holds the :class:`~monopoly_deal.bots.Seat`, never the game, so
    it cannot read a hidden card."""

    open = False

    def __init__(self, seat: Seat) -> None:
        self._seat = seat
        self.seat = seat.seat

    def world(self, seed: int) -> Game:
        return self._seat.determinize(seed)


class OpenSampler:
    """All cards open: every hand as it really is, and the draw pile's cards as they are but in a random order
    (what will be drawn is unknown to anyone). For studying a game afterwards; a player at the table could not
    have known this much, so every output made with it says so."""

    open = True

    def __init__(self, game: Game, seat: int) -> None:
        self._game = game
        self.seat = seat

    def world(self, seed: int) -> Game:
        real = self._game
        world = real.determinize(self.seat, seed)  # fresh randomness for what is to come, and a random order
        others = [q for q in range(real.players) if q != self.seat]
        shuffled = world.draw + [card for q in others for card in world.hands[q]]
        for q in others:
            world.hands[q] = list(real.hands[q])
        in_draw = set(real.draw)
        world.draw = [card for card in shuffled if card in in_draw]
        return world


@dataclass(frozen=True)
class Difference:
    """How much more often a seat wins after one action than after another (``value``, from -1 to 1) on the
    same worlds, and the standard error of that mean over the paired playouts (``error``)."""

    value: float
    error: float


@dataclass(frozen=True)
class Outcomes:
    """The playouts after one action: ``winners[i]`` is who won the ``i``-th world (-1: nobody)."""

    action: Action
    winners: tuple[int, ...]

    def chance(self, seat: int) -> float:
        """The share of playouts ``seat`` won."""
        return sum(w == seat for w in self.winners) / len(self.winners)

    def error(self, seat: int) -> float:
        """The standard error of :meth:`chance` (from the playouts' own spread)."""
        return _mean_and_error([float(w == seat) for w in self.winners])[1]

    def against(self, other: Outcomes, seat: int) -> Difference:
        """``seat``'s win chance after this action less after ``other``'s, world by world (both must have been
        played on the same worlds: one :func:`evaluate`)."""
        if len(other.winners) != len(self.winners):
            raise ValueError("outcomes of different evaluations cannot be paired")
        mean, error = _mean_and_error([float(a == seat) - float(b == seat)
                                       for a, b in zip(self.winners, other.winners)])
        return Difference(mean, error)


def evaluate(sampler: Sampler, actions: Sequence[Action], playouts: int, seed: int,
             policy: Policy = heuristic_policy) -> list[Outcomes]:
    """Each of ``actions`` (legal for ``sampler.seat``, who must owe the decision) played on the same
    ``playouts`` worlds, each world drawn from ``seed``, then played out by ``policy``."""
    if playouts < 1:
        raise ValueError("playouts must be at least 1")
    rng = random.Random(seed)
    winners: list[list[int]] = [[] for _ in actions]
    for _ in range(playouts):
        world = sampler.world(rng.getrandbits(48))
        for i, action in enumerate(actions):
            game = world.clone()
            game.apply(action)
            winners[i].append(playout(game, policy))
    return [Outcomes(action, tuple(w)) for action, w in zip(actions, winners)]


def _mean_and_error(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (0 for a single value: nothing to measure a spread by)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(variance / n)
