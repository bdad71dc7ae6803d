"""The heuristic bot: tries each legal action on a sampled world and keeps the best.

It values a position by the sets on the table (complete ones most, then how
close each colour is), the money in the bank, and the cards in its own hand
(a Just Say No or a Deal Breaker is worth keeping). For each legal action it
plays the action on one determinization of its view, lets the others answer
in the plainest way (accept, pay with the cheapest card), and picks the action
that leaves it furthest ahead of the strongest opponent.

>>> from monopoly_deal import Game
>>> from monopoly_deal.bots import Seat
>>> from monopoly_deal.bots.heuristic import HeuristicBot
>>> game = Game(players=2, seed=7)
>>> bot = HeuristicBot(seed=1)
>>> action = bot.choose(Seat(game, game.decider))
>>> action in game.legal_actions()
True

Everything it reads comes from ``seat.determinize()``: the other hands and
the draw pile there are a random sample, so it never sees hidden cards.
"""

from __future__ import annotations

import random

from ..engine import SET_SIZE, TYPES, Action, Game, Kind
from ..engine.game import PAYING, PLAYING, RESPONDING
from .base import Alternative, Seat

_NO_COLOUR = len(SET_SIZE)

#: What a card in one's own hand is worth, by kind (money is worth less in hand than banked).
_HAND_WORTH_BY_KIND = {
    Kind.PROPERTY: 0.1, Kind.WILD: 0.1, Kind.RAINBOW: 0.1,
    Kind.RENT: 0.7, Kind.RENT_ANY: 1.1, Kind.DEAL_BREAKER: 2.6, Kind.FORCED_DEAL: 1.0,
    Kind.SLY_DEAL: 1.2, Kind.JUST_SAY_NO: 2.6, Kind.DEBT_COLLECTOR: 1.0, Kind.BIRTHDAY: 0.8,
    Kind.DOUBLE_RENT: 0.5, Kind.HOUSE: 0.6, Kind.HOTEL: 0.6, Kind.PASS_GO: 0.7,
    Kind.GO_TO_JAIL: 1.0, Kind.DOUBLE_SLY_DEAL: 1.8, Kind.SPEEDING_DEAL: 1.0,
    Kind.RENT_TRANSFER: 1.5, Kind.INHERITOR: 1.0,
}
HAND_WORTH = tuple(t.value * 0.15 if t.kind == Kind.MONEY else _HAND_WORTH_BY_KIND[t.kind] for t in TYPES)

COMPLETE_SET = 9.0       # a complete set, towards the win
PARTIAL_SET = 7.0        # times (cards / set size) squared, for an unfinished colour
PARTIAL_WEIGHTS = (1.0, 1.0, 0.7, 0.5, 0.3, 0.2, 0.1, 0.1, 0.1, 0.1)
BUILDING = 1.0           # a house or hotel: more rent, more to lose
BANK_RATE, BANK_CAP, BANK_RATE_ABOVE = 0.3, 12, 0.1  # money protects, up to a point
WIN = 100.0


def colours_progress(game: Game, player: int) -> tuple[int, int, list[float]]:
    """``player``'s complete colours, the houses and hotels on them, and each unfinished colour's best
    group as a fraction of its set, largest first."""
    complete = buildings = 0
    partial: list[float] = []
    for colour in range(_NO_COLOUR):
        best = 0.0
        done = False
        for g in game.groups[player][colour]:
            if game.is_complete(g, colour):
                done = True
                buildings += (g.house >= 0) + (g.hotel >= 0)
            else:
                best = max(best, len(g.cards) / SET_SIZE[colour])
        if done:
            complete += 1
        elif best:
            partial.append(best)
    partial.sort(reverse=True)
    return complete, buildings, partial


def position_value(game: Game, player: int, hand: bool = True) -> float:
    """How well ``player`` stands: sets, progress towards sets, bank, and (``hand``) the cards in hand."""
    if game.winner >= 0:
        return WIN if game.winner == player else 0.0
    values = game.deck.values
    types = game.deck.cards
    complete, buildings, progress = colours_progress(game, player)
    score = BUILDING * buildings
    score += COMPLETE_SET * complete + PARTIAL_SET * sum(w * (p * p) for w, p in zip(PARTIAL_WEIGHTS, progress))
    bank = sum(values[types[c]] for c in game.banks[player])
    score += BANK_RATE * min(bank, BANK_CAP) + BANK_RATE_ABOVE * max(bank - BANK_CAP, 0)
    if hand:
        score += sum(HAND_WORTH[types[c]] for c in game.hands[player])
    return score


def standing(game: Game, player: int) -> float:
    """``player``'s position value less the best of the others' (without their hands: those are guesses)."""
    mine = position_value(game, player)
    return mine - max(position_value(game, q, hand=False) for q in range(game.players) if q != player)


def plain_answer(game: Game, actions: tuple[Action, ...]) -> Action:
    """The plainest answer to a decision that is not the heuristic's own: accept, pay the cheapest card."""
    if game.decision == RESPONDING:
        for a in actions:
            if a.verb == "accept":
                return a
    if game.decision == PAYING:  # the smallest card that covers the debt, else the largest; bank before table
        values, owed = game.deck.values, game.payment.owed
        return min(actions, key=lambda a: (a.colour >= 0, values[a.card] < owed,
                                           values[a.card] if values[a.card] >= owed else -values[a.card]))
    if game.decision == PLAYING or len(actions) == 1:
        return actions[0]
    return min(actions, key=lambda a: HAND_WORTH[a.card] if a.card >= 0 else 0.0)  # put back the least useful


def settle(game: Game, player: int, limit: int = 40) -> None:
    """Play plain answers until ``player`` is to play again, or another turn starts, or the game ends."""
    for _ in range(limit):
        if game.over or game.decision == PLAYING:
            return
        game.apply(plain_answer(game, game.legal_actions()))


REARRANGING = frozenset(("move", "swap"))


def action_score(world: Game, player: int, action: Action, now: float) -> float:
    """The standing after ``action`` and the plain answers to it, on one sampled world.

    Re-arranging is free, so it counts only when it makes the position better than ``now``
    (else a bot could shuffle a wild back and forth for ever)."""
    g = world.clone()
    g.apply(action)
    settle(g, player)
    score = standing(g, player)
    if action.verb in REARRANGING and score <= now + 0.01:
        return float("-inf")
    return score


def best_action(world: Game, player: int, actions: tuple[Action, ...], tiebreak: random.Random | None = None) -> Action:
    """The action with the best ``action_score`` on ``world``; ties go at random by ``tiebreak``, else to the first."""
    now = standing(world, player)
    if tiebreak is None:
        return max(actions, key=lambda a: action_score(world, player, a, now))
    return max((action_score(world, player, a, now), tiebreak.random(), a) for a in actions)[2]


class HeuristicBot:
    """Sensible play by one-step look-ahead on a sampled world (see the module docstring)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, seat: Seat) -> Action:
        actions = seat.legal_actions
        if len(actions) == 1:
            return actions[0]
        world = seat.determinize(self._rng.getrandbits(48))
        return best_action(world, seat.seat, actions, self._rng)

    def explain(self, seat: Seat, top: int = 3) -> list[Alternative]:
        """The ``top`` best actions by their score on one sample (what ``choose`` picks comes first);
        the value is the lead in position value after the action and the plain answers to it.

        >>> from monopoly_deal import Game
        >>> game = Game(players=2, seed=7)
        >>> seat = Seat(game, game.decider)
        >>> HeuristicBot(seed=1).explain(seat)[0].action == HeuristicBot(seed=1).choose(seat)
        True
        """
        actions = seat.legal_actions
        if len(actions) == 1:
            return [Alternative(actions[0])]
        world = seat.determinize(self._rng.getrandbits(48))
        now = standing(world, seat.seat)
        scored = [(action_score(world, seat.seat, a, now), self._rng.random(), a) for a in actions]
        scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
        return [Alternative(a, score) for score, _, a in scored[:top]]
