"""Information Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse 2012).

Each iteration deals the cards the bot cannot see again at random
(``seat.determinize``) and searches that sample: it plays a first action, walks
down the tree of the bot's further choices in the same decision sequence (its
plays this turn, the cards of one payment; ``depth`` decisions in all, by UCB
with availability counts over the actions legal in that sample), then lets an
opponent model play on: every seat, the bot's included, makes the heuristic
bot's choice on the sampled world, through the other players' turns to the
start of the bot's next turn, or of a later one (``rounds``: by default its
second turn from now in 2-player games, so that two of the opponent's turns are
played, and its next in bigger games, where one round already holds two or
more). The reward is 1 for a win, 0 for a loss, else the bot's chance to win
from there as a logistic model fitted on heuristic self-play judges it
(``value.win_chance``); with ``fitted=0``, a logistic of its lead in the
heuristic's position value, which predicts the winner less well and made a
weaker search.

Three choices make the search sharp for this game. Playing on through the
replies shows what a one-step look-ahead misses: the Sly Deal a property laid
down invites, the rent the bank cannot cover, the set a Just Say No should be
kept for. Every sample is searched under each first action still in the
running (common random numbers), so first actions are compared on the same
hidden cards and luck cancels out of the comparison. And the budget is spent
by sequential halving (Karnin, Koren & Somekh 2013): after each phase the
worse half of the first actions drops out, so the last contenders get most of
the playouts; the bot plays the best of the last two by mean reward.

>>> from monopoly_deal import Game
>>> from monopoly_deal.bots import Seat
>>> from monopoly_deal.bots.ismcts import IsmctsBot
>>> game = Game(players=2, seed=7)
>>> bot = IsmctsBot(seed=1, iters=50)
>>> bot.choose(Seat(game, game.decider)) in game.legal_actions()
True

Budget: ``iters`` iterations (playouts) per decision (by default
:func:`default_budget`'s), or ``time`` seconds per decision (then the result
depends on the machine's speed: use ``iters`` to reproduce); ``max_seconds``
caps a decision whatever the budget (the server's per-decision limit).
"""

from __future__ import annotations

import math
import random
import time

from ..engine import Action, Game
from .base import Alternative, Seat
from .heuristic import REARRANGING, action_score, best_action, plain_answer, standing
from .value import win_chance

#: The default budget in games of 3 players or more, shared out by the players: 200 iterations a decision in
#: 4-player games (each playout runs through every other player's turn).
ITERATIONS_PER_TABLE = 800

#: The default in 2-player games: this many iterations, each played on to the bot's second turn from now.
TWO_PLAYER_BUDGET = (300, 2)


def default_budget(players: int) -> tuple[int, int]:
    """The iterations a decision and the rounds the search uses when not told: 300 iterations of two rounds in
    2-player games, 800 / players of one round in bigger ones (about 0.2 CPU s a decision either way, compiled).

    >>> default_budget(2), default_budget(4)
    ((300, 2), (200, 1))
    """
    return TWO_PLAYER_BUDGET if players == 2 else (ITERATIONS_PER_TABLE // players, 1)

#: How sharply the lead in position value maps to a reward in [0, 1] (a logistic curve).
REWARD_SCALE = 4.0


class _Node:
    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


def reward(game: Game, player: int) -> float:
    """``player``'s reward in [0, 1]: 1 for a win, 0 for a loss, else a logistic of its lead."""
    if game.over:
        return 1.0 if game.winner == player else (0.5 if game.winner < 0 else 0.0)
    return 1.0 / (1.0 + math.exp(-standing(game, player) / REWARD_SCALE))


def searched(actions: tuple[Action, ...]) -> tuple[Action, ...]:
    """The actions the tree weighs: re-arranging is left to the heuristic (free moves could cycle for ever)."""
    return tuple(a for a in actions if a.verb not in REARRANGING) or actions


class IsmctsBot:
    """ISMCTS over the bot's own choices, with the heuristic as the model of play after them."""

    name = "ismcts"

    def __init__(self, seed: int | None = None, iters: int | str | None = None, time: float | str | None = None,
                 c: float | str = 0.4, depth: int | str = 1, rounds: int | str | None = None, width: int | str = 0,
                 fitted: int | str = 1, max_seconds: float | None = None) -> None:
        self._rng = random.Random(seed)
        self.iters = int(iters) if iters is not None else None
        self.seconds = float(time) if time is not None else None
        if (self.iters is not None and self.iters < 1) or (self.seconds is not None and self.seconds <= 0):
            raise ValueError("iters must be at least 1 and time above 0")
        self.c = float(c)
        self.depth = int(depth)
        self.rounds = int(rounds) if rounds is not None else None
        self.width = int(width)
        self.fitted = bool(int(fitted))
        if self.c < 0 or self.depth < 1 or (self.rounds is not None and self.rounds < 1):
            raise ValueError("c must not be negative, depth and rounds at least 1")
        self.max_seconds = max_seconds   # a hard cap on one decision, whatever the budget (a server's)
        self.last_iterations = 0

    def choose(self, seat: Seat) -> Action:
        return self._search(seat)[0].action

    def explain(self, seat: Seat, top: int = 3) -> list[Alternative]:
        """The pick and the runners-up, with their mean reward and playouts: the last contenders first,
        then those that dropped out later before those that dropped out sooner.

        >>> from monopoly_deal import Game
        >>> game = Game(players=2, seed=7)
        >>> best, *others = IsmctsBot(seed=1, iters=200).explain(Seat(game, game.decider))
        >>> best.playouts >= max(alt.playouts for alt in others)
        True
        """
        return self._search(seat)[:top]

    def _search(self, seat: Seat) -> list[Alternative]:
        """Every first action searched, best first (the pick alone when there is nothing to search)."""
        rng = self._rng
        actions = seat.legal_actions
        self.last_iterations = 0
        if len(actions) == 1:
            return [Alternative(actions[0])]
        rearrange = self._rearrangement(seat, actions, rng)
        if rearrange is not None:
            return [Alternative(rearrange)]
        candidates = self._widest(seat, searched(actions), rng)
        if len(candidates) == 1:
            return [Alternative(candidates[0])]
        iters, rounds = self._budget(len(seat.view()["hand_sizes"]))
        root = {a: _Node() for a in candidates}
        dropped: list[Action] = []  # the worst first
        phases = math.ceil(math.log2(len(candidates)))
        seconds = min(self.seconds or math.inf, self.max_seconds or math.inf)
        end = time.perf_counter() + seconds
        done = 0
        for phase in range(phases):
            share = 1 / (phases - phase)  # of what is left of the budget
            stop = done + (iters - done) * share if iters is not None else math.inf
            now = time.perf_counter()
            deadline = now + (end - now) * share
            while True:  # at least one sample per phase
                world = seat.determinize(rng.getrandbits(48))
                for a in candidates:
                    game = world.clone()
                    game.apply(a)
                    self._iterate(root[a], game, seat.seat, world.turn, rounds, rng)
                done += len(candidates)
                if done >= stop or time.perf_counter() >= deadline:
                    break
            candidates.sort(key=lambda a: root[a].total / root[a].visits, reverse=True)
            keep = max(1, (len(candidates) + 1) // 2)
            dropped += reversed(candidates[keep:])
            del candidates[keep:]
        self.last_iterations = done
        return [Alternative(a, root[a].total / root[a].visits, root[a].visits)
                for a in candidates + dropped[::-1]]

    def _budget(self, players: int) -> tuple[int | None, int]:
        """Iterations a decision (None: only ``time`` bounds it) and rounds, the defaults filled in."""
        default_iters, rounds = default_budget(players)
        iters = self.iters if self.iters is not None or self.seconds is not None else default_iters
        return iters, self.rounds or rounds

    def _widest(self, seat: Seat, actions: tuple[Action, ...], rng: random.Random) -> list[Action]:
        """The ``width`` actions the heuristic scores best on one sample, and the plain answer (ending the turn,
        accepting, the plain payment: the heuristic's one-step scores undervalue these); all when ``width`` is 0."""
        if not self.width or len(actions) <= self.width:
            return list(actions)
        world = seat.determinize(rng.getrandbits(48))
        now = standing(world, seat.seat)
        ranked = sorted(range(len(actions)), key=lambda i: action_score(world, seat.seat, actions[i], now),
                        reverse=True)
        keep = set(ranked[:self.width]) | {actions.index(plain_answer(world, actions))}
        return [actions[i] for i in sorted(keep)]

    @staticmethod
    def _rearrangement(seat: Seat, actions: tuple[Action, ...], rng: random.Random) -> Action | None:
        """The best free re-arrangement that improves the position, as the heuristic judges it, if any."""
        moves = [a for a in actions if a.verb in REARRANGING]
        if not moves:
            return None
        world = seat.determinize(rng.getrandbits(48))
        now = standing(world, seat.seat)
        score, action = max((action_score(world, seat.seat, a, now), i) for i, a in enumerate(moves))
        return moves[action] if score > -math.inf else None

    def _iterate(self, node: _Node, game: Game, me: int, turn: int, rounds: int, rng: random.Random) -> None:
        """One iteration below a first action: down the tree of ``me``'s choices, then the model, then the reward."""
        path = [node]
        while len(path) < self.depth and not game.over and game.decider == me and game.turn == turn:
            actions = game.legal_actions()
            if len(actions) > 1:
                actions = searched(actions)
            children = node.children
            untried = []
            for a in actions:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                a = untried[int(rng.random() * len(untried))]
                node = children[a] = _Node()
            else:
                a = self._select(node, actions)
                node = children[a]
            game.apply(a)
            path.append(node)
            if untried:
                break
        self._play_on(game, me, turn, rounds)
        value = win_chance(game, me) if self.fitted else reward(game, me)
        for n in path:
            n.visits += 1
            n.total += value

    @staticmethod
    def _play_on(game: Game, me: int, turn: int, rounds: int) -> None:
        """The opponent model: heuristic play by every seat until ``rounds`` more of ``me``'s turns begin."""
        left = rounds
        while not game.over:
            if game.turn != turn:
                turn = game.turn
                if game.active == me:
                    left -= 1
                    if left == 0:
                        return
            actions = game.legal_actions()
            game.apply(actions[0] if len(actions) == 1 else best_action(game, game.decider, actions))

    def _select(self, node: _Node, actions: tuple[Action, ...]) -> Action:
        """UCB with availability counts: the action legal in this sample with the best bound."""
        best, best_score = actions[0], -math.inf
        c = self.c
        for a in actions:
            child = node.children[a]
            score = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best, best_score = a, score
        return best
