"""Information Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse 2012).

Single-observer ISMCTS: one tree over the bot's information set. Each
iteration deals the cards the bot cannot see again at random
(``seat.determinize``), walks down the tree choosing among the actions legal
in that sample by UCB with availability counts, adds one node, plays a
truncated rollout (by default none: the pending answers settle plainly; with
``rollout=N`` a greedy policy plays to the end of this turn and N more) and scores every seat with the heuristic bot's position value.
The bot plays the most visited action.

>>> from monopoly_deal import Game
>>> from monopoly_deal.bots import Seat
>>> from monopoly_deal.bots.ismcts import IsmctsBot
>>> game = Game(players=2, seed=7)
>>> bot = IsmctsBot(seed=1, iters=50)
>>> bot.choose(Seat(game, game.decider)) in game.legal_actions()
True

Budget: ``iters`` iterations per decision, or ``time`` seconds per decision
(then the result depends on the machine's speed: use ``iters`` to reproduce).
"""

from __future__ import annotations

import math
import random
import time

from ..engine import TYPES, Action, Game, Kind
from ..engine.game import PLAYING, RESPONDING
from .base import Seat
from .heuristic import REARRANGING, action_score, plain_answer, position_value, settle, standing

#: Money card types come first in the card list (1M ... 10M).
MONEY_TYPES = sum(1 for t in TYPES if t.kind == Kind.MONEY)
#: How sharply the standing difference maps to a reward in [0, 1] (a logistic curve).
REWARD_SCALE = 2.5


class _Node:
    __slots__ = ("avail", "children", "player", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player  # who chose the action leading here: the rewards are theirs
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


def rewards(game: Game) -> list[float]:
    """Each seat's reward in [0, 1]: 1 for the winner, else a logistic of its lead over the best other."""
    n = game.players
    if game.over:
        return [1.0 if game.winner == p else (0.5 if game.winner < 0 else 0.0) for p in range(n)]
    values = [position_value(game, p) for p in range(n)]
    out = []
    for p in range(n):
        lead = values[p] - max(values[q] for q in range(n) if q != p)
        out.append(1.0 / (1.0 + math.exp(-lead / REWARD_SCALE)))
    return out


#: The rollout policy's liking for each verb at its own turn (rent cards: ``rent``); ties are broken at random.
PRIORITY = {"deal-breaker": 9, "pass-go": 8, "play": 7, "house": 6, "hotel": 6, "house+": 6, "hotel+": 6,
            "rent": 5, "sly-deal": 5, "debt-collector": 4, "birthday": 3, "forced-deal": 2, "bank": 1.5, "end": 1}
#: Attacks worth a Just Say No in a rollout.
BIG_ATTACKS = frozenset(("deal-breaker", "sly-deal", "forced-deal"))


def greedy(game: Game, actions: tuple[Action, ...], rng: random.Random) -> Action:
    """A cheap policy for rollouts: take sets, play property, charge rent, steal, bank money, then end;
    answer plainly, but say no to a theft."""
    if game.decision == PLAYING:
        types = game.deck.cards
        best: list[Action] = []
        top = -1.0
        for a in actions:
            verb = a.verb
            if verb == "bank":
                p = 1.5 if types[a.card] < MONEY_TYPES else 0.0
            else:
                p = PRIORITY.get("rent" if verb.startswith("rent:") else verb, 0.0)
            if p > top:
                best, top = [a], p
            elif p == top:
                best.append(a)
        return best[int(rng.random() * len(best))]
    if game.decision == RESPONDING and game.a_verb in BIG_ATTACKS:
        for a in actions:
            if a.verb == "no":
                return a
    return plain_answer(game, actions)


def rollout(game: Game, rng: random.Random, turns: int, limit: int = 200) -> None:
    """Play the greedy policy to the end of the current turn and ``turns`` more."""
    stop = game.turn + turns + 1
    for _ in range(limit):
        if game.over or game.turn >= stop:
            return
        actions = game.legal_actions()
        game.apply(actions[0] if len(actions) == 1 else greedy(game, actions, rng))


def searched(actions: tuple[Action, ...]) -> tuple[Action, ...]:
    """The actions the search weighs: re-arranging is left to the heuristic (free moves could cycle for ever)."""
    return tuple(a for a in actions if a.verb not in REARRANGING) or actions


class IsmctsBot:
    """SO-ISMCTS with a truncated rollout and a heuristic evaluation (see the module docstring)."""

    name = "ismcts"

    def __init__(self, seed: int | None = None, iters: int | str | None = None, time: float | str | None = None,
                 rollout: int | str = 0, c: float | str = 0.5, prior: int | str = 0) -> None:
        self._rng = random.Random(seed)
        self.iters = int(iters) if iters is not None else None
        self.seconds = float(time) if time is not None else None
        if self.iters is None and self.seconds is None:
            self.iters = 500
        if (self.iters is not None and self.iters < 1) or (self.seconds is not None and self.seconds <= 0):
            raise ValueError("iters must be at least 1 and time above 0")
        self.rollout = int(rollout)
        self.c = float(c)
        self.prior = int(prior)
        if self.rollout < 0 or self.c < 0 or self.prior < 0:
            raise ValueError("rollout, c and prior must not be negative")
        self.last_iterations = 0

    def choose(self, seat: Seat) -> Action:
        rng = self._rng
        actions = seat.legal_actions
        if len(actions) == 1:
            return actions[0]
        rearrange = self._rearrangement(seat, actions, rng)
        if rearrange is not None:
            return rearrange
        actions = searched(actions)
        root = self._root(seat, actions, rng)
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else math.inf
        limit = self.iters if self.iters is not None else 1 << 62
        done = 0
        while done < limit and (done & 15 or time.perf_counter() < deadline):
            self._iterate(root, seat.determinize(rng.getrandbits(48)), rng)
            done += 1
        self.last_iterations = done
        return max(actions, key=lambda a: root.children[a].visits if a in root.children else -1)

    def _root(self, seat: Seat, actions: tuple[Action, ...], rng: random.Random) -> _Node:
        """The root, its children primed with the heuristic's opinion as ``prior`` virtual visits
        (so a short search plays like the heuristic, and a long one overrules it)."""
        root = _Node(-1)
        if self.prior:
            world = seat.determinize(rng.getrandbits(48))
            now = standing(world, seat.seat)
            for a in actions:
                child = root.children[a] = _Node(seat.seat)
                child.visits = self.prior
                lead = action_score(world, seat.seat, a, now)
                child.total = self.prior / (1.0 + math.exp(-lead / REWARD_SCALE))
        return root

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

    def _iterate(self, root: _Node, game: Game, rng: random.Random) -> None:
        node, path = root, [root]
        while not game.over:
            actions = searched(game.legal_actions())
            children = node.children
            untried = [a for a in actions if a not in children]
            for a in actions:
                if a in children:
                    children[a].avail += 1
            if untried:
                a = untried[int(rng.random() * len(untried))]
                node = children[a] = _Node(game.decider)
                game.apply(a)
                path.append(node)
                break
            a = self._select(node, actions)
            node = children[a]
            game.apply(a)
            path.append(node)
        if self.rollout:
            rollout(game, rng, self.rollout)
        elif not game.over:
            settle(game, game.decider)  # let pending answers land before judging the position
        reward = rewards(game)
        for n in path[1:]:
            n.visits += 1
            n.total += reward[n.player]

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
