"""A fitted chance to win: what the search's playouts end in.

A logistic model of who goes on to win, fitted by ``benchmarks/fit_value.py`` on the positions at the start
of every turn of heuristic self-play, from the side of the player whose turn it is. It weighs the player's
table (complete colours, how many cards each unfinished colour lacks, bank, buildings, the rent it can
charge), the cards in its hand by what they can do there (a rent card for a colour it holds, a property that
completes a set, a Deal Breaker when the opponent has a set to break), and the same of its strongest
opponent, that opponent's threats in hand included.

It reads every hand, so only a search's sampled worlds (``Seat.determinize``) may be given to it by a bot:
there the other hands are guesses.

>>> from monopoly_deal import Game
>>> two = Game.from_position(2, groups={0: [("red", ["red", "red"], None, None)]})
>>> three = Game.from_position(2, groups={0: [("red", ["red", "red", "red"], None, None)]})
>>> 0.5 < win_chance(two, 0) < win_chance(three, 0) < 1
True
"""

from __future__ import annotations

import math

from ..engine import SET_SIZE, TYPES, Game, Kind
from .heuristic import position_value

_COLOURS = len(SET_SIZE)
_KINDS = tuple(t.kind for t in TYPES)
_TYPE_COLOURS = tuple(t.colours for t in TYPES)
_NO_COLOUR_LACKS = 5  # what an empty colour slot counts as lacking, for players with fewer than three colours

#: Weights of :func:`win_chance`, one set fitted on 2-player games and one on 4-player games (used from 3
#: players up), by ``benchmarks/fit_value.py``: the features of :func:`value_features` in order.
WIN_WEIGHTS_2P = (
    0.725, 0.709, 0.208, 0.124, 0.085, 0.123, 0.033, 0.078, 0.000, 0.346, 1.000, 0.471, 0.103, 0.598, 1.345, 0.401,
    0.239, 0.154, 0.168, 0.086, 0.302, 0.035, 0.315, 0.333, -0.048, 0.731, 0.291, 0.084, 0.602, -0.118, 0.026,
    -0.668, -0.605, -0.119, -0.102, -0.144, -0.137, -0.118, -0.089, -0.000, -0.258, -0.944, -0.512, 0.001, -0.300,
    -0.602, -1.310, -0.048, -0.179, -0.096, -0.260)
WIN_WEIGHTS_MANY = (
    0.542, 0.584, -0.134, 0.074, 0.081, 0.148, 0.055, -0.049, 0.025, 0.340, 1.150, 0.567, 0.208, 0.297, 0.913, 0.276,
    0.057, 0.358, 0.565, 0.318, 0.277, 0.045, 0.288, 0.366, -0.017, 0.589, 0.275, 0.082, 0.459, -0.149, -0.024,
    -0.320, -0.413, -0.156, -0.164, -0.133, -0.014, -0.220, 0.089, -0.113, -0.106, -0.605, -0.304, -0.067, -0.369,
    -0.225, -0.421, -0.099, -0.044, -0.091, -1.348)

_TABLE_FEATURES = (
    "one complete", "two complete", "1/lacking, best colour", "1/lacking, second", "1/lacking, third",
    "colours one card short", "bank to 20M /10", "bank above 20M /10", "buildings", "highest rent /10",
    "properties /10", "two complete / lacking", "two complete x one short")
_HAND_FEATURES = (
    "Just Say No", "Deal Breaker", "Deal Breaker x a set to break", "steals", "steals x properties to steal",
    "rent for a colour held", "rent for no colour held", "any-colour rent", "Double the Rent", "Pass Go",
    "Debt Collector, Birthday", "house, hotel", "properties completing a set (to 2)",
    "properties for a colour held", "other properties", "rainbow wilds", "money to 20M /10", "hand size /7")
_THREATS = 5  # the first hand features, the opponent's threats
_HAS_A_SET, _PROPERTIES = _TABLE_FEATURES.index("one complete"), _TABLE_FEATURES.index("properties /10")

#: The names of :func:`value_features`, in order (what ``fit_value.py`` prints beside each weight).
FEATURES = (_TABLE_FEATURES + _HAND_FEATURES
            + tuple(f"opponent's {name}" for name in _TABLE_FEATURES + ("hand size /7",) + _HAND_FEATURES[:_THREATS])
            + ("constant",))


def _table(game: Game, p: int) -> tuple[list[float], list[int]]:
    """``p``'s table features, and the cards of each colour's largest group (-1 for a complete colour)."""
    complete = buildings = short = properties = highest_rent = 0
    lacking: list[int] = []
    held = [0] * _COLOURS
    for colour in range(_COLOURS):
        largest = 0
        done = False
        for g in game.groups[p][colour]:
            properties += len(g.cards)
            if game.is_complete(g, colour):
                done = True
                buildings += (g.house >= 0) + (g.hotel >= 0)
            largest = max(largest, len(g.cards))
            highest_rent = max(highest_rent, game.rent_of(g, colour))
        if done:
            complete += 1
            held[colour] = -1
        elif largest:
            held[colour] = largest
            lacking.append(SET_SIZE[colour] - largest)
            short += SET_SIZE[colour] - largest == 1
    lacking.sort()
    lacking += [_NO_COLOUR_LACKS] * 3
    values, types = game.deck.values, game.deck.cards
    bank = sum(values[types[c]] for c in game.banks[p])
    two = float(complete >= 2)
    return [float(complete >= 1), two, 1 / lacking[0], 1 / lacking[1], 1 / lacking[2], float(short),
            min(bank, 20) / 10, max(bank - 20, 0) / 10, float(buildings), highest_rent / 10, properties / 10,
            two / lacking[0], two * short], held


# The counts of ``_hand``, by what a card can do: each kind of action card adds to one, a rent card to the first
# or second rent count, a property to one of the three property counts (money is summed apart).
_COUNTS = 14
(_JSN, _BREAKER, _STEAL, _RENT, _IDLE_RENT, _ANY_RENT, _DOUBLE, _PASS_GO, _COLLECT, _BUILDING,
 _COMPLETING, _FITTING, _OTHER_PROPERTY, _RAINBOW) = range(_COUNTS)
_COUNT_BY_KIND = {
    Kind.JUST_SAY_NO: _JSN, Kind.DEAL_BREAKER: _BREAKER, Kind.SLY_DEAL: _STEAL, Kind.FORCED_DEAL: _STEAL,
    Kind.DOUBLE_SLY_DEAL: _STEAL, Kind.RENT_ANY: _ANY_RENT, Kind.DOUBLE_RENT: _DOUBLE, Kind.PASS_GO: _PASS_GO,
    Kind.DEBT_COLLECTOR: _COLLECT, Kind.BIRTHDAY: _COLLECT, Kind.HOUSE: _BUILDING, Kind.HOTEL: _BUILDING,
    Kind.RAINBOW: _RAINBOW,
}


def _hand(game: Game, p: int, held: list[int], to_break: float, to_steal: float) -> list[float]:
    """``p``'s hand by what each card can do for ``p`` (``held``: its table by colour), given whether the
    opponent has a complete set (``to_break``) and how many properties, a tenth of them up to 1 (``to_steal``)."""
    values, types = game.deck.values, game.deck.cards
    n = [0] * _COUNTS
    money = 0
    for c in game.hands[p]:
        t = types[c]
        kind = _KINDS[t]
        colours = _TYPE_COLOURS[t]
        if kind == Kind.MONEY:
            money += values[t]
        elif kind == Kind.RENT:
            n[_RENT if any(held[colour] for colour in colours) else _IDLE_RENT] += 1
        elif kind == Kind.PROPERTY or kind == Kind.WILD:
            if any(held[colour] == SET_SIZE[colour] - 1 for colour in colours):
                n[_COMPLETING] += 1
            else:
                n[_FITTING if any(held[colour] > 0 for colour in colours) else _OTHER_PROPERTY] += 1
        elif kind in _COUNT_BY_KIND:
            n[_COUNT_BY_KIND[kind]] += 1
    return [float(n[_JSN]), float(n[_BREAKER]), n[_BREAKER] * to_break, float(n[_STEAL]), n[_STEAL] * to_steal,
            float(n[_RENT]), float(n[_IDLE_RENT]), float(n[_ANY_RENT]), float(n[_DOUBLE]), float(n[_PASS_GO]),
            float(n[_COLLECT]), float(n[_BUILDING]), float(min(n[_COMPLETING], 2)), float(n[_FITTING]),
            float(n[_OTHER_PROPERTY]), float(n[_RAINBOW]), min(money, 20) / 10, len(game.hands[p]) / 7]


def value_features(game: Game, player: int) -> list[float]:
    """What :func:`win_chance` weighs (named in ``FEATURES``): ``player``'s table and hand, then the table,
    hand size and threats in hand (Just Say No, Deal Breaker, steals) of the opponent with the best
    position (without hands), and a constant."""
    opponent = max((q for q in range(game.players) if q != player), key=lambda q: position_value(game, q, hand=False))
    mine, my_colours = _table(game, player)
    theirs, their_colours = _table(game, opponent)
    hand = _hand(game, player, my_colours, theirs[_HAS_A_SET], min(theirs[_PROPERTIES], 1.0))
    threats = _hand(game, opponent, their_colours, mine[_HAS_A_SET], min(mine[_PROPERTIES], 1.0))[:_THREATS]
    return mine + hand + theirs + [len(game.hands[opponent]) / 7] + threats + [1.0]


def win_chance(game: Game, player: int) -> float:
    """``player``'s chance to win from here (1 or 0 once the game is over; 0.5 for everyone after a draw)."""
    if game.over:
        return 1.0 if game.winner == player else (0.5 if game.winner < 0 else 0.0)
    weights = WIN_WEIGHTS_2P if game.players == 2 else WIN_WEIGHTS_MANY
    z = sum(w * x for w, x in zip(weights, value_features(game, player), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
