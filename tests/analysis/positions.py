"""Positions and games the analysis tests share: a move that throws the game away, and real games."""

from __future__ import annotations

import random

from monopoly_deal.bots import HeuristicBot, Seat
from monopoly_deal.bots.heuristic import colours_progress
from monopoly_deal.engine import Action, Game


def win_or_wait() -> Game:
    """P1 to play, holding the green that completes its third set; P2 is one orange card from its own third set,
    and the hidden cards (P2's hand and a short draw pile, the rest boxed) hold three that complete it. Ending
    the turn hands P2 the game; playing the green wins it."""
    return Game.from_position(
        2, rest="box",
        groups={0: [("brown", ["brown", "brown"], None, None), ("dark-blue", ["dark-blue", "dark-blue"], None, None),
                    ("green", ["green", "green"], None, None)],
                1: [("red", ["red"] * 3, None, None), ("yellow", ["yellow"] * 3, None, None),
                    ("orange", ["orange", "orange"], None, None)]},
        hands={0: ["green"], 1: ["orange", "1M", "2M", "3M", "pass-go"]},
        draw=["pink/orange", "pink/orange", "rainbow", "1M", "2M", "4M"])


def pay_or_lose() -> Game:
    """P2 charges P1 5M with a Debt Collector. P1 can pay its 5M, and win next turn with the three light blues in
    its hand, or pay its lone dark blue, which completes P2's third set: P2 wins at once."""
    return Game.from_position(
        2, active=1,
        groups={0: [("brown", ["brown", "brown"], None, None), ("green", ["green"] * 3, None, None),
                    ("dark-blue", ["dark-blue"], None, None)],
                1: [("red", ["red"] * 3, None, None), ("yellow", ["yellow"] * 3, None, None),
                    ("dark-blue", ["dark-blue"], None, None)]},
        banks={0: ["5M"]}, hands={0: ["light-blue"] * 3, 1: ["debt-collector"]})


PAY_OR_LOSE = ["debt-collector P1", "accept", "pay dark-blue:dark-blue"]


def heuristic_game(seed: int, players: int = 2, actions: int | None = None) -> Game:
    """A game of heuristic bots, played to its end (or to ``actions`` actions)."""
    game = Game(players, seed=seed, log=False)
    bots = [HeuristicBot(seed=seed * 10 + p) for p in range(players)]
    while not game.over and (actions is None or len(game.history) < actions):
        game.apply(bots[game.decider].choose(Seat(game, game.decider)))
    return game


def midgame(seed: int, players: int = 2) -> Game:
    """A position late in a heuristic game (someone has two complete sets, so playouts are short), at a
    decision with a real choice."""
    game = Game(players, seed=seed, log=False)
    bots = [HeuristicBot(seed=seed * 10 + p) for p in range(players)]
    while not game.over and (len(game.legal_actions()) < 3
                             or max(colours_progress(game, p)[0] for p in range(players)) < 2):
        game.apply(bots[game.decider].choose(Seat(game, game.decider)))
    assert not game.over, f"seed {seed}: the game ended before a late position with a choice"
    return game


def played_on(game: Game, actions: int) -> tuple[Game, list[Action]]:
    """``game`` as a start, and the next ``actions`` actions heuristic bots play from it (fewer if it ends)."""
    start, game = game.clone(), game.clone()
    bots = [HeuristicBot(seed=p) for p in range(game.players)]
    while not game.over and len(game.history) - len(start.history) < actions:
        game.apply(bots[game.decider].choose(Seat(game, game.decider)))
    return start, game.history[len(start.history):]


def reshuffled(game: Game, seat: int, seed: int) -> Game:
    """The same game but for the cards ``seat`` cannot see: the others' hands and the draw pile dealt anew."""
    other = game.clone()
    hidden = list(other.draw) + [c for p in range(other.players) if p != seat for c in other.hands[p]]
    random.Random(seed).shuffle(hidden)
    for p in range(other.players):
        if p != seat:
            n = len(other.hands[p])
            other.hands[p], hidden = hidden[:n], hidden[n:]
    other.draw = hidden
    return other
