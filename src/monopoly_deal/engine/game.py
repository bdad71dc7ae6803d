"""The rules engine: one :class:`Game` object, one pending decision at a time.

>>> from monopoly_deal import Game
>>> game = Game(players=2, seed=7)
>>> game.decider                     # the seat that owes the decision (P2)
1
>>> "end" in map(str, game.legal_actions())
True
>>> game.apply("end")                # actions are objects or their notation
>>> game.turn
2

Everything follows ``docs/rules.md``; comments cite rule ids. The engine
does no I/O and imports nothing outside the standard library.

Hidden information: every target of an action card owes a ``respond`` decision,
even when ``accept`` is its only legal action, so nothing public (views, records,
words, who is asked) tells whether a player holds a Just Say No:

>>> game = Game.from_position(2, hands={0: ["debt-collector"]}, banks={1: ["5M"]})
>>> game.apply("debt-collector P2")
>>> game.decision_info()["type"], [str(a) for a in game.legal_actions()]
('respond', ['accept'])

``quick_accept=True`` is the fast path for games nobody else watches (search
bots' sampled worlds, and version-1 records, made when the engine still worked
so): a target who cannot answer accepts without being asked. It plays the same
games once the forced ``accept`` actions are left out, and its records say so
(version 1). ``merge_groups=True`` replays version-1 records too: the engine
then merged a colour's unfilled groups whenever a card left one, which R6.2
does not allow (cards never change group by themselves).

A Speeding Deal target picks its discard even from a hand of one card type,
so whether it is asked says nothing about its hand (R1.3).
``skip_forced_discard=True`` replays records of versions 1 and 2, made when
such a target was not asked and lost a card at random.

A Pass Go goes to the discard pile once its two cards are drawn (R5.1, S1-6.3), so a reshuffle
(R9.1) never deals it back to its player; ``discard_pass_go_first=True`` replays records of
versions 1 to 3, made when it was discarded before the draw.

A card put back under the draw pile (R3.6) is a private choice: the history
holds it, but :meth:`Game.seen_action` shows it to the other seats without
its card, as the game's words do ("puts a card at the bottom of the draw pile").

Free re-arranging (``move``, ``swap``, R6.2) has no limit unless ``Rules.max_rearrangements``
sets one, and ends for the turn once the player has played the last card of their hand (S1-19;
``Rules.rearrange_after_empty_hand`` allows it, and replays records of versions 1 to 3).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any, Final

from .actions import (
    ACCEPT,
    BANK,
    DISCARD,
    END,
    GIVE,
    MOVE,
    NO,
    PAY,
    PLACE,
    PLAY,
    SWAP,
    TAKE,
    TRANSFER,
    WITH,
    Action,
    IllegalActionError,
    parse_action,
)
from .cards import (
    BIRTHDAY_CHARGE,
    BUILDABLE,
    COLOUR_KEYS,
    DEBT_CHARGE,
    NO_COLOUR,
    NO_COLOUR_KEY,
    RENT,
    SET_SIZE,
    TYPE_BY_KEY,
    TYPES,
    Deck,
    Kind,
    build_deck,
    decks_for,
)
from .dice import roll_off
from .position import PositionError, Where
from .rules import RuleOptionError, Rules

# Decisions (``Game.decision``). Final: compiled, each is a constant, not a look-up in the module's names.
PLAYING: Final = 0
GIVING: Final = 1
TAKING: Final = 2
SWAPPING: Final = 3
RESPONDING: Final = 4
PAYING: Final = 5
PLACING: Final = 6
PUTTING_BACK: Final = 7
SPEEDING: Final = 8
OVER: Final = 9
DECISIONS: Final = ("play", "give", "take", "swap", "respond", "pay", "place", "put-back", "speeding-discard", "over")

RECORD_FORMAT: Final = "monopoly-deal-record"
# Version 2: every target is asked (``accept`` actions in the record), free re-arranging has a
# per-turn cap and groups never merge by themselves (R6.2); version 1 records replay with
# quick_accept, merge_groups and without the cap. Version 3: a Speeding Deal target is asked for
# its discard also when its hand holds one card type (R1.3); versions 1 and 2 replay with
# skip_forced_discard. Version 4: a Pass Go is discarded after its draw (R5.1), and a player who
# has played the last card of their hand re-arranges no more that turn (R6.2, S1-19); versions 1
# to 3 replay with discard_pass_go_first and the rule option rearrange_after_empty_hand.
RECORD_VERSION: Final = 4
MAX_PLAYERS: Final = 10
HAND_LIMIT: Final = 7
PLAYS_PER_TURN: Final = 3

_M64: Final = (1 << 64) - 1
# Card kinds as plain ints: compiled, an int compare beats an enum attribute lookup.
_K_BIRTHDAY: Final = int(Kind.BIRTHDAY)
_K_DEAL_BREAKER: Final = int(Kind.DEAL_BREAKER)
_K_DEBT_COLLECTOR: Final = int(Kind.DEBT_COLLECTOR)
_K_DOUBLE_SLY_DEAL: Final = int(Kind.DOUBLE_SLY_DEAL)
_K_FORCED_DEAL: Final = int(Kind.FORCED_DEAL)
_K_GO_TO_JAIL: Final = int(Kind.GO_TO_JAIL)
_K_HOTEL: Final = int(Kind.HOTEL)
_K_HOUSE: Final = int(Kind.HOUSE)
_K_INHERITOR: Final = int(Kind.INHERITOR)
_K_PASS_GO: Final = int(Kind.PASS_GO)
_K_PROPERTY: Final = int(Kind.PROPERTY)
_K_RAINBOW: Final = int(Kind.RAINBOW)
_K_RENT: Final = int(Kind.RENT)
_K_RENT_ANY: Final = int(Kind.RENT_ANY)
_K_SLY_DEAL: Final = int(Kind.SLY_DEAL)
_K_SPEEDING_DEAL: Final = int(Kind.SPEEDING_DEAL)
_K_WILD: Final = int(Kind.WILD)
_KIND: Final = tuple(int(t.kind) for t in TYPES)
_COLOURS: Final = tuple(tuple(int(c) for c in t.colours) for t in TYPES)
_IS_WILD: Final = tuple(t.kind in (_K_WILD, _K_RAINBOW) for t in TYPES)
# Group slots: the ten colours, then NO_COLOUR, where rainbow wilds lie alone (R6.3): one
# group of any size that is never complete and charges no rent.
_SLOTS: Final = 11
_SIZE: Final[tuple[int, ...]] = SET_SIZE + (1 << 30,)
_BUILDABLE: Final[tuple[bool, ...]] = BUILDABLE + (False,)
_GROUP_KEYS: Final[tuple[str, ...]] = COLOUR_KEYS + (NO_COLOUR_KEY,)
_JSN: Final = TYPE_BY_KEY["just-say-no"].index
_DOUBLE: Final = TYPE_BY_KEY["double-rent"].index
_TRANSFER: Final = TYPE_BY_KEY["rent-transfer"].index
_RAINBOW: Final = TYPE_BY_KEY["rainbow"].index
_PAYMENT_VERBS: Final = frozenset(("birthday", "debt-collector")) | {t.key for t in TYPES if t.kind in (_K_RENT, _K_RENT_ANY)}
_RENT_VERBS: Final = frozenset(t.key for t in TYPES if t.kind in (_K_RENT, _K_RENT_ANY))
_KEY: Final = tuple(t.key for t in TYPES)
_INDEX: Final = {t.key: t.index for t in TYPES}
_RENT_BONUS: Final = tuple(t.rent_bonus for t in TYPES)


def record_dict(edition: str, rules: Rules, seed: int, players: list[str], actions: list[str],
                winner: int | None, reason: str | None, turns: int, version: int = RECORD_VERSION) -> dict[str, Any]:
    """A game record's JSON form (format ``monopoly-deal-record``): the one place it is laid out."""
    return {
        "format": RECORD_FORMAT,
        "version": version,
        "edition": edition,
        "rules": rules.to_dict(),
        "seed": seed,
        "players": list(players),
        "actions": list(actions),
        "result": {"winner": winner, "reason": reason, "turns": turns},
    }


def _new(verb: str, card: int = -1, colour: int = -1, group: int = -1, player: int = -1,
         colour2: int = -1, extra: int = -1, _make: Any = tuple.__new__) -> Action:
    """An Action without NamedTuple's keyword handling: the legal-action generators' hot path."""
    return _make(Action, (verb, card, colour, group, player, colour2, extra))


_END: Final = Action(END)
_ACCEPT: Final = Action(ACCEPT)
_NO: Final = Action(NO)
_PLACE_BANK: Final = Action(PLACE)
_LOOKS_AT_TABLES: Final = frozenset((_K_RAINBOW, _K_RENT, _K_RENT_ANY, _K_SLY_DEAL, _K_DOUBLE_SLY_DEAL, _K_FORCED_DEAL,
                                     _K_DEAL_BREAKER, _K_HOUSE, _K_HOTEL, _K_INHERITOR))
# What Game._memo_for remembers per seat.
_STEALABLE: Final = 0
_SETS: Final = 1
_JOINABLE: Final = 2
_REARRANGEMENTS: Final = 3
_MEMO_TAGS: Final = 4
_DEFAULT_RULES: Final = Rules()
_DECKS: Final[dict[tuple[str, int, str], Deck]] = {}
_STATIC_CACHE: Final[dict[tuple[int, ...], list[list[tuple[Action, ...]]]]] = {}


def _static_actions(players: int, others: list[list[int]]) -> list[list[tuple[Action, ...]]]:
    """Per seat and card type, the plays that never depend on the tables: bank (R4.1), put a
    property down, Pass Go, Birthday, and the cards that only name players."""
    key = tuple(q for row in others for q in row)
    cached = _STATIC_CACHE.get(key)
    if cached is not None:
        return cached
    table = []
    for p in range(players):
        row: list[tuple[Action, ...]] = []
        for t in TYPES:
            i, kind = t.index, t.kind
            if t.is_property:
                colours = (NO_COLOUR,) if kind == _K_RAINBOW else tuple(int(c) for c in t.colours)
                row.append(tuple(Action(PLAY, i, c) for c in colours))
                continue
            acts = [Action(BANK, i)]
            if kind in (_K_PASS_GO, _K_BIRTHDAY):
                acts.append(Action(t.key))
            elif kind in (_K_DEBT_COLLECTOR, _K_GO_TO_JAIL):
                acts += [Action(t.key, player=q) for q in others[p]]
            elif kind == _K_SPEEDING_DEAL:  # two other players; with one opponent, that one
                seats = sorted(others[p])
                acts += ([Action(t.key, player=seats[0])] if len(seats) == 1 else
                         [Action(t.key, player=a, extra=b) for n, a in enumerate(seats) for b in seats[n + 1:]])
            row.append(tuple(acts))
        table.append(row)
    _STATIC_CACHE[key] = table
    return table


#: A colour's re-arrangements and what they were computed from: the colour's version, the table's
#: version (-1: not used), the colours a rainbow could join (None: not used), the actions.
_SlotMoves = tuple[int, int, "list[int] | None", list[Action]]


def _deck(edition: str, copies: int, values: str) -> Deck:
    """``build_deck``, built once per kind of deck (a deck is immutable)."""
    key = (edition, copies, values)
    deck = _DECKS.get(key)
    if deck is None:
        deck = _DECKS[key] = build_deck(edition, copies, values)
    return deck


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _values_of(deck: Deck) -> dict[str, int]:
    """What each card type in ``deck`` is worth, by key: made once per kind of deck."""
    key = (deck.edition, deck.values)
    values = _DECK_VALUES.get(key)
    if values is None:
        values = _DECK_VALUES[key] = {_KEY[t]: deck.values[t] for t in sorted(set(deck.cards))}
    return values


_DECK_VALUES: dict[tuple[str, tuple[int, ...]], dict[str, int]] = {}


class Group:
    """A player's property group of one colour: its cards and buildings (card ids, -1 for none)."""

    __slots__ = ("cards", "hotel", "house")

    def __init__(self, cards: list[int], house: int = -1, hotel: int = -1) -> None:
        self.cards = cards
        self.house = house
        self.hotel = hotel

    def copy(self) -> Group:
        return Group(self.cards[:], self.house, self.hotel)

    def __reduce__(self) -> tuple[type[Group], tuple[list[int], int, int]]:
        # pickle and copy.deepcopy make a bare object and then fill it in; compiled (mypyc), making
        # one runs __init__, which needs the cards: rebuild a group by calling it with them instead.
        return Group, (self.cards, self.house, self.hotel)

    def __repr__(self) -> str:
        return f"Group({self.cards}, house={self.house}, hotel={self.hotel})"


class Game:
    """A game of Monopoly Deal.

    Args:
        players: 2 to 10 seats.
        edition: ``"base"`` (106 cards) or ``"enhanced"`` (126).
        rules: rule options (:class:`Rules`); docs/rules.md's defaults if omitted.
        seed: fixes the whole game; a random one is chosen (and kept) if omitted.
        names: the players' names, for records and words.
        log: keep :attr:`events` (what happened, for words); off for fast simulation.
        quick_accept: a target who cannot answer (no Just Say No, no usable Rent Transfer)
            accepts without being asked. Faster, but it shows everyone that the target holds
            no Just Say No: only for games nobody watches, and for version-1 records.
        merge_groups: version-1 group rules, only to replay version-1 records: when a card
            leaves a group, the unfilled groups of its colour merge (R6.2 forbids it).
        skip_forced_discard: version-1 and version-2 Speeding Deal, only to replay their records:
            a target whose hand holds one card type is not asked, and loses a card of it at random.
            Not asking tells everyone that the hand is all one type (R1.3 asks every target).
        discard_pass_go_first: the Pass Go of versions 1 to 3, only to replay their records: the card
            went to the discard pile before its draw, so a reshuffle could deal it back (R5.1 discards
            it once used).

    At every moment one seat, :attr:`decider`, owes one decision of kind
    :attr:`decision`. :meth:`legal_actions` lists its options and
    :meth:`apply` takes one.
    """

    __slots__ = (
        "_ct",
        "_dirty",
        "_house_to_win",
        "_legal",
        "_memo",
        "_move_cap",
        "_others",
        "_pos",
        "_rearrange_when_empty",
        "_rng",
        "_sets_needed",
        "_single",
        "_slot_moves",
        "_slot_ver",
        "_static",
        "_value",
        "_ver",
        "a_actor",
        "a_amount",
        "a_cards",
        "a_colour",
        "a_queue",
        "a_verb",
        "active",
        "banks",
        "box",
        "c_agg",
        "c_def",
        "c_from",
        "c_noes",
        "decider",
        "decision",
        "deck",
        "discard",
        "discard_pass_go_first",
        "draw",
        "edition",
        "events",
        "groups",
        "hands",
        "history",
        "jailed",
        "merging",
        "moves",
        "names",
        "order",
        "p_buildings",
        "p_from",
        "p_owed",
        "p_paid",
        "p_to",
        "players",
        "plays",
        "private",
        "quick",
        "result",
        "rules",
        "seed",
        "skip_forced_discard",
        "swap",
        "turn",
        "winner",
    )
    # The pending action card (a_*), the Just Say No chain about it (c_*), and the payment (p_*).
    a_verb: str
    a_actor: int
    a_queue: list[int]
    a_amount: int
    a_cards: list[tuple[int, int, int]]
    a_colour: int
    c_agg: int
    c_def: int
    c_noes: int
    c_from: int
    p_from: int
    p_to: int
    p_owed: int
    p_buildings: list[int]
    p_paid: list[int]
    _slot_moves: list[_SlotMoves | None]
    _slot_ver: list[int]

    def __init__(
        self,
        players: Any = 2,  # Any, not int: bad input gets our ValueError, compiled or not
        edition: str = "base",
        rules: Rules | None = None,
        seed: Any = None,
        names: Iterable[str] | None = None,
        log: bool = True,
        *,
        quick_accept: bool = False,
        merge_groups: bool = False,
        skip_forced_discard: bool = False,
        discard_pass_go_first: bool = False,
        _copy: Game | None = None,
    ) -> None:
        if _copy is not None:  # clone(): compiled classes have no cheap bare __new__
            self._copy_from(_copy)
            return
        if not isinstance(players, int) or not 2 <= players <= MAX_PLAYERS:
            raise ValueError(f"players must be 2 to {MAX_PLAYERS}, not {players!r}")
        self.rules = rules if rules is not None else _DEFAULT_RULES  # immutable: one serves every game
        # The options read on the hot path, as plain attributes: compiled, they are read natively.
        self._single = self.rules.complete_needs_single
        self._house_to_win = self.rules.house_to_win
        self._move_cap = self.rules.max_rearrangements
        self._rearrange_when_empty = self.rules.rearrange_after_empty_hand
        self._sets_needed = self.rules.sets_to_win or (4 if edition == "enhanced" else 3)   # R7.1, R7.2
        self.edition = edition
        self.players = players
        self.names = list(names) if names is not None else [f"P{i + 1}" for i in range(players)]
        if len(self.names) != players:
            raise ValueError(f"{len(self.names)} names given for {players} players")
        if seed is None:
            seed = int.from_bytes(os.urandom(6), "big")
        if not isinstance(seed, int) or seed < 0:
            raise ValueError(f"seed must be a non-negative integer, not {seed!r}")
        self.seed = seed
        self.quick = quick_accept
        self.merging = merge_groups
        self.skip_forced_discard = skip_forced_discard
        self.discard_pass_go_first = discard_pass_go_first
        self.moves = 0  # free re-arrangements this turn
        self.deck = _deck(edition, self.rules.decks or decks_for(players), self.rules.values)
        self._ct = self.deck.cards
        self._value = self.deck.values
        self._rng = seed & _M64
        self.draw = list(range(len(self._ct)))
        self._shuffle(self.draw)
        self.discard: list[int] = []
        self.box: list[int] = []  # cards a scenario leaves out of play
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.banks: list[list[int]] = [[] for _ in range(players)]
        self.groups: list[list[list[Group]]] = [[[] for _ in range(_SLOTS)] for _ in range(players)]
        self.jailed = [False] * players
        self.events: list[tuple] | None = [] if log else None  # before the seat order: dice rolls are logged
        self.order = self._seat_order()
        self._pos = 0
        self.turn = 1
        self.active = self.order[0]
        self.plays = 0
        self.decision = PLAYING
        self.decider = self.active
        self.winner = -1
        self.result = ""
        self._clear_attack()
        self.swap: tuple[int, int, int, int] | None = None
        self.history: list[Action] = []
        # The actions of the history that only the seat who took them may see in full, in order, as
        # (place in the history, seat): a card put back under the draw pile (R3.6). Only ever replaced,
        # never changed, so clones share it.
        self.private: tuple[tuple[int, int], ...] = ()
        self._legal: tuple[Action, ...] | None = None
        self._others = [self._rotation(p) for p in range(players)]
        self._static = _static_actions(players, self._others)
        self._dirty = 0  # bit per seat whose table changed: the seats to check for a win
        self._ver = [0] * players  # per seat, bumped on every table change: keys the memo
        self._memo: list[tuple[int, Any] | None] = [None] * (_MEMO_TAGS * players)  # see _memo_for
        self._reset_slot_moves()
        for _ in range(5):  # R2.1
            for p in self.order:
                self.hands[p].append(self.draw.pop())
        self._start_turn()

    @classmethod
    def from_position(
        cls,
        players: int,
        edition: str = "base",
        rules: Rules | None = None,
        *,
        hands: dict[int, list[str]] | None = None,
        banks: dict[int, list[str]] | None = None,
        groups: dict[int, list[tuple[str, list[str], str | None, str | None]]] | None = None,
        draw: list[str] | None = None,
        discard: list[str] | None = None,
        rest: str = "bottom",
        active: int = 0,
        plays: int = 0,
        turn: int = 1,
        jailed: Iterable[int] = (),
        start_turn: bool = False,
        seed: int = 0,
        names: Iterable[str] | None = None,
        log: bool = True,
        quick_accept: bool = False,
    ) -> Game:
        """A game set up at any position, for scenarios and tests.

        Cards are named by key; seats are 0-based. ``groups[p]`` lists
        ``(colour, cards, house, hotel)``. ``draw`` lists the draw pile from
        the top, ``discard`` the discard pile from the bottom. The deck's other
        cards go under the draw pile in shuffled order (``rest="bottom"``) or
        out of play (``rest="box"``). Play starts at ``active``'s play decision
        with ``plays`` used, or before its draw with ``start_turn``. Raises
        :class:`~monopoly_deal.engine.position.PositionError` (a ``ValueError``)
        naming the first impossible thing and where it is: this is the one
        place a position is checked (scenario files and lessons ask it).
        """
        game = cls(players, edition, rules, seed, names, log, quick_accept=quick_accept)
        if rest not in ("bottom", "box"):
            raise PositionError(("rest",), f"must be bottom or box, not {rest!r}")
        if not 0 <= active < players:
            raise PositionError(("active",), f"seat {active} is not one of the {players} players")
        if not 0 <= plays <= PLAYS_PER_TURN:
            raise PositionError(("plays",), f"plays used must be 0 to {PLAYS_PER_TURN}, not {plays}")
        if start_turn and plays:
            raise PositionError(("plays",), "a position before the draw (start_turn) has used no plays")
        free: dict[int, list[int]] = {}
        for card in range(len(game._ct)):
            free.setdefault(game._ct[card], []).append(card)
        named: dict[int, int] = {}
        copies = game.deck.copies

        def take(key: str, where: Where) -> int:
            t = TYPE_BY_KEY.get(key)
            if t is None:
                raise PositionError(where, f"unknown card {key!r}")
            named[t.index] = named.get(t.index, 0) + 1
            if not free.get(t.index):
                held = game.deck.count(key)
                deck = f"the {edition} deck holds {held}" if copies == 1 else \
                    f"the {copies} {edition} decks in play hold {held}"
                raise PositionError(where, f"a {_ordinal(named[t.index])} {key!r}, but {deck}")
            return free[t.index].pop(0)

        def seat(p: Any, part: str) -> int:
            if not isinstance(p, int) or not 0 <= p < players:
                raise PositionError((part,), f"no seat {p!r} among {players} players")
            return p

        game.hands = [[] for _ in range(players)]
        game.banks = [[] for _ in range(players)]
        game.groups = [[[] for _ in range(_SLOTS)] for _ in range(players)]
        for p, keys in (hands or {}).items():
            game.hands[seat(p, "hands")] = [take(k, ("hands", p, i)) for i, k in enumerate(keys)]
        for p, keys in (banks or {}).items():
            for i, k in enumerate(keys):
                card = take(k, ("banks", seat(p, "banks"), i))
                if TYPES[game._ct[card]].is_property:
                    raise PositionError(("banks", p, i), f"{k} is a property, and property is never banked (R4.2)")
                game.banks[p].append(card)
        for p, rows in (groups or {}).items():
            for colour_key, keys, house, hotel in rows:
                colour = _GROUP_KEYS.index(colour_key) if colour_key in _GROUP_KEYS else -1
                at: Where = ("groups", seat(p, "groups"), colour_key, 0)
                if colour < 0:
                    raise PositionError(at, f"unknown colour {colour_key!r}")
                at = ("groups", p, colour_key, len(game.groups[p][colour]))
                if colour == NO_COLOUR and game.groups[p][colour]:
                    raise PositionError(at, "rainbow wilds alone lie in one group (R6.3)")
                if not keys:
                    raise PositionError(at, "a group needs at least one property card")
                if len(keys) > _SIZE[colour] and colour != NO_COLOUR:
                    raise PositionError(at, f"{len(keys)} properties, but a {colour_key} set holds {_SIZE[colour]}: "
                                            "several groups of one colour are listed apart (R6.1)")
                cards = [take(k, (*at, i)) for i, k in enumerate(keys)]
                for i, c in enumerate(cards):
                    if not game._may_lie(game._ct[c], colour):
                        raise PositionError((*at, i), f"{game.card_key(c)} cannot be {colour_key}" if colour != NO_COLOUR
                                            else f"only rainbow wilds lie alone; {game.card_key(c)} has a colour (R6.3)")
                if colour != NO_COLOUR and all(game._ct[c] == _RAINBOW for c in cards):
                    raise PositionError(at, "rainbow wilds alone have no colour: list them under none (R6.3)")
                g = Group(cards)
                for slot, key, kind in (("house", house, _K_HOUSE), ("hotel", hotel, _K_HOTEL)):
                    if key:
                        b = take(key, (*at, slot))
                        if _KIND[game._ct[b]] != kind:
                            raise PositionError((*at, slot), f"{key} is not a {slot}")
                        setattr(g, slot, b)
                        if not _BUILDABLE[colour]:
                            raise PositionError((*at, slot), f"no house or hotel on {colour_key} (R6.5)")
                        if not game.is_complete(g, colour):
                            raise PositionError((*at, slot), "a house or hotel needs a complete set (R6.5)")
                if g.hotel >= 0 and g.house < 0:
                    raise PositionError((*at, "hotel"), "a hotel needs a house on the set first (R6.5)")
                game.groups[p][colour].append(g)
        game.discard = [take(k, ("discard", i)) for i, k in enumerate(discard or [])]
        top = [take(k, ("draw", i)) for i, k in enumerate(draw or [])]
        leftover = [c for cards in free.values() for c in cards]
        leftover.sort()
        game._shuffle(leftover)
        if rest == "box":
            game.box, leftover = leftover, []
        game.draw = leftover + top[::-1]
        game.order = list(range(players))
        game._others = [game._rotation(p) for p in range(players)]
        game._static = _static_actions(players, game._others)
        game._memo = [None] * (_MEMO_TAGS * players)
        game._reset_slot_moves()
        game._dirty = 0
        game._pos = active
        game.active = active
        game.turn = turn
        game.jailed = [p in set(jailed) for p in range(players)]
        game._legal = None
        if game.events is not None:
            game.events.clear()
        if start_turn:
            game._start_turn()
        else:
            game.plays = plays
            game.decision, game.decider = PLAYING, active
        game._check_winner()
        return game

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` naming the first broken invariant: every card
        exactly once (hand, bank, group, building, draw, discard), groups within
        their set size, buildings only on complete sets (several unfilled groups of one
        colour are fine: cards never change group by themselves, R6.2)."""
        seen: dict[int, str] = {}

        def mark(cards: Iterable[int], where: str) -> None:
            for c in cards:
                if c in seen:
                    raise AssertionError(f"card {c} ({self.card_key(c)}) is both in {seen[c]} and in {where}")
                seen[c] = where

        mark(self.draw, "the draw pile")
        mark(self.discard, "the discard pile")
        mark(self.box, "the box")
        mark(self.p_buildings, "received buildings awaiting a place")
        for p in range(self.players):
            mark(self.hands[p], f"P{p + 1}'s hand")
            mark(self.banks[p], f"P{p + 1}'s bank")
            for c in self.banks[p]:
                if TYPES[self._ct[c]].is_property:
                    raise AssertionError(f"P{p + 1}'s bank holds property {self.card_key(c)} (R4.2)")
            for colour, col in enumerate(self.groups[p]):
                where = f"P{p + 1}'s {_GROUP_KEYS[colour]} group"
                for g in col:
                    mark(g.cards, where)
                    mark([b for b in (g.house, g.hotel) if b >= 0], where + " buildings")
                    if not 1 <= len(g.cards) <= _SIZE[colour]:
                        raise AssertionError(f"{where} holds {len(g.cards)} cards (R6.1)")
                    for c in g.cards:
                        if not self._may_lie(self._ct[c], colour):
                            raise AssertionError(f"{where} holds {self.card_key(c)}, which cannot be that colour")
                    if colour != NO_COLOUR and all(self._ct[c] == _RAINBOW for c in g.cards):
                        raise AssertionError(f"{where} holds only rainbow wilds, which alone have no colour (R6.3)")
                    if (g.house >= 0 or g.hotel >= 0) and not (_BUILDABLE[colour] and self.is_complete(g, colour)):
                        raise AssertionError(f"{where} carries a building but is not a complete buildable set (R6.5)")
                    if g.hotel >= 0 and g.house < 0:
                        raise AssertionError(f"{where} has a hotel without a house (R6.5)")
        if len(seen) != len(self._ct):
            missing = sorted(set(range(len(self._ct))) - set(seen))
            raise AssertionError(f"{len(missing)} card(s) are nowhere, e.g. card {missing[0]} ({self.card_key(missing[0])})")

    # --- randomness: splitmix64, so a seed means the same game on every Python

    def _rand(self, n: int) -> int:
        s = (self._rng + 0x9E3779B97F4A7C15) & _M64
        self._rng = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
        return ((z ^ (z >> 31)) * n) >> 64

    def _shuffle(self, cards: list[int]) -> None:
        for i in range(len(cards) - 1, 0, -1):
            j = self._rand(i + 1)
            cards[i], cards[j] = cards[j], cards[i]

    def _seat_order(self) -> list[int]:
        n, start = self.players, self.rules.start
        if start == "dice":  # R2.2, R10.2: two dice each, highest first, ties roll again
            return self._dice_order(list(range(n)))
        first = self._rand(n) if start == "random" else int(start)
        if first >= n:
            raise RuleOptionError("start-seat", f"rule option start={first} names a seat beyond the {n} players",
                                  name="start", seat=first, players=n)
        return [(first + i) % n for i in range(n)]

    def _dice_order(self, seats: list[int]) -> list[int]:
        order, rounds = roll_off(seats, self._roll_two_dice)
        if self.events is not None:
            for rolled, totals in rounds:
                rolls: dict[int, list[int]] = {}
                for seat, total in zip(rolled, totals):
                    rolls.setdefault(total, []).append(seat)
                self.events.append(("dice", rolled, tuple(sorted(rolls.items()))))
        return order

    def _roll_two_dice(self) -> int:
        return self._rand(6) + self._rand(6) + 2

    # --- public API -------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.decision == OVER

    @property
    def out_of_cards(self) -> bool:
        """Both piles and every hand are empty: only re-arranging is left, so the game
        cannot progress and will end at the turn limit (R7)."""
        return not self.draw and not self.discard and not any(self.hands)

    @property
    def sets_to_win(self) -> int:
        """Complete sets of different colours that win (R7.1, R7.2, ``Rules.sets_to_win``)."""
        return self._sets_needed

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action for :attr:`decider`, in a fixed order."""
        if self._legal is None:
            self._legal = tuple(self._generate())
        return self._legal

    def apply(self, action: Any) -> None:
        """Take one decision for :attr:`decider`.

        ``action`` is an :class:`Action` or its notation. An illegal or
        malformed action raises :class:`IllegalActionError` and changes nothing.
        """
        if isinstance(action, str):
            action = parse_action(action)
        elif not isinstance(action, Action):
            raise IllegalActionError(f"expected an Action or its notation, not {type(action).__name__}")
        if action not in self.legal_actions():
            raise IllegalActionError(f"{self._describe_illegal(action)}")
        self._take(action)

    def apply_index(self, index: int) -> None:
        """Take the action at ``index`` of :meth:`legal_actions`: what a bot that picks by position
        (a random playout, a policy over the list) does, without reading or finding the action.

        >>> game = Game(players=2, seed=7)
        >>> game.apply_index(0)              # the first legal action: ``end``
        >>> game.turn
        2
        """
        actions = self.legal_actions()
        if not 0 <= index < len(actions):
            raise IllegalActionError(f"no legal action {index!r}: there are {len(actions)}")
        self._take(actions[index])

    def _take(self, action: Action) -> None:
        """Carry out ``action``, a legal action."""
        self._legal = None
        self.history.append(action)
        self._handle(action)
        if self._dirty:
            dirty, self._dirty = self._dirty, 0
            if self.decision != OVER:
                self._check_winner(dirty)

    def clone(self) -> Game:
        """An independent copy (cheap: for tree search)."""
        return Game(_copy=self)

    def _copy_from(self, s: Game) -> None:
        self.rules, self.edition, self.players, self.names, self.seed = s.rules, s.edition, s.players, s.names, s.seed
        self.quick, self.merging, self.skip_forced_discard = s.quick, s.merging, s.skip_forced_discard
        self.discard_pass_go_first = s.discard_pass_go_first
        self.moves = s.moves
        self.deck, self._ct, self._value, self._rng = s.deck, s._ct, s._value, s._rng
        self.order, self._pos, self.turn, self.active, self.plays = s.order, s._pos, s.turn, s.active, s.plays
        self.decision, self.decider, self.winner, self.result = s.decision, s.decider, s.winner, s.result
        self.a_verb, self.a_actor, self.a_amount, self.a_colour = s.a_verb, s.a_actor, s.a_amount, s.a_colour
        self.c_agg, self.c_def, self.c_noes, self.c_from = s.c_agg, s.c_def, s.c_noes, s.c_from
        self.p_from, self.p_to, self.p_owed, self.swap = s.p_from, s.p_to, s.p_owed, s.swap
        self._legal, self._dirty, self._others, self._static = s._legal, s._dirty, s._others, s._static
        self.draw = s.draw[:]
        self.discard = s.discard[:]
        self.box = s.box
        self.hands = [h[:] for h in s.hands]
        self.banks = [b[:] for b in s.banks]
        self.groups = [[[grp.copy() for grp in col] for col in pg] for pg in s.groups]
        self.jailed = s.jailed[:]
        self._ver = s._ver[:]
        self._memo = s._memo[:]
        self._single, self._house_to_win, self._move_cap = s._single, s._house_to_win, s._move_cap
        self._rearrange_when_empty, self._sets_needed = s._rearrange_when_empty, s._sets_needed
        self._slot_ver = s._slot_ver[:]
        self._slot_moves = s._slot_moves[:]  # entries are never changed, only replaced: sharing them is safe
        self.a_queue = s.a_queue[:]
        self.a_cards = s.a_cards[:]
        self.p_buildings = s.p_buildings[:]
        self.p_paid = s.p_paid[:]
        self.history = s.history[:]
        self.private = s.private
        self.events = None if s.events is None else s.events[:]

    def restart(self, log: bool = True, names: Iterable[str] | None = None) -> Game:
        """This game at its start again: the same seed, rules, record version and names (or ``names``), to
        replay its history."""
        return Game(self.players, self.edition, self.rules, self.seed, self.names if names is None else names, log,
                    quick_accept=self.quick, merge_groups=self.merging, skip_forced_discard=self.skip_forced_discard,
                    discard_pass_go_first=self.discard_pass_go_first)

    def card_key(self, card: int) -> str:
        """The notation key of physical card ``card``."""
        return _KEY[self._ct[card]]

    def value(self, card: int) -> int:
        """The money value of physical card ``card`` under this game's deck."""
        return self._value[self._ct[card]]

    def is_complete(self, group: Group, colour: int) -> bool:
        """R6.4: the set size, and a card that is not a rainbow wild (variant: a single-colour card).

        A colour group always holds a card that is not a rainbow wild (rainbows alone lie
        without colour, R6.3), so the size decides unless the variant is on.
        """
        if len(group.cards) != _SIZE[colour]:
            return False
        return not self._single or self._has_single(group.cards)

    def _has_single(self, cards: list[int]) -> bool:
        ct = self._ct
        return any(_KIND[ct[c]] == _K_PROPERTY for c in cards)

    def rent_of(self, group: Group, colour: int) -> int:
        """R6.7: the rent a group charges (0 if it holds only rainbow wilds)."""
        if colour == NO_COLOUR:
            return 0
        ct = self._ct
        table = RENT[colour]
        rent = table[min(len(group.cards), len(table)) - 1]
        if group.house >= 0:
            rent += _RENT_BONUS[ct[group.house]]
        if group.hotel >= 0:
            rent += _RENT_BONUS[ct[group.hotel]]
        return rent

    def complete_colours(self, player: int) -> int:
        """How many different colours ``player`` holds a complete set of (R7.1)."""
        return sum(1 for colour, col in enumerate(self.groups[player]) if any(self.is_complete(g, colour) for g in col))

    def table_value(self, player: int) -> int:
        """Bank + properties + buildings: what ``player`` could pay (R8), also the asset value (R10.3)."""
        v, ct = self._value, self._ct
        total = sum(v[ct[c]] for c in self.banks[player])
        for col in self.groups[player]:
            for g in col:
                total += sum(v[ct[c]] for c in g.cards)
                if g.house >= 0:
                    total += v[ct[g.house]]
                if g.hotel >= 0:
                    total += v[ct[g.hotel]]
        return total

    def others(self, player: int) -> list[int]:
        """The other seats in turn order from ``player``'s left (R5.8)."""
        return self._others[player][:]

    def _rotation(self, player: int) -> list[int]:
        i = self.order.index(player)
        return self.order[i + 1:] + self.order[:i]

    # --- views and hidden information (hidden cards never leave except here)

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see: own hand, others' hand sizes, every table,
        the discard pile, the draw-pile size, the pending decision and what each card
        of this deck is worth (``values``, R1.5). ``None``: what an onlooker sees, no hand.

        >>> game = Game(players=2, seed=1, rules=Rules(values="s2"))
        >>> "hand" in game.view(None), len(game.view(0)["hand"]), game.view(None)["values"]["rent:any"]
        (False, 5, 1)
        """
        key = self.card_key
        view = {
            "seat": player,
            "players": self.players,
            "names": list(self.names),
            "edition": self.edition,
            "rules": self.rules.to_dict(),
            "turn": self.turn,
            "active": self.active,
            "order": list(self.order),
            "plays_left": PLAYS_PER_TURN - self.plays,
            "hand_sizes": [len(h) for h in self.hands],
            "banks": [[key(c) for c in b] for b in self.banks],
            "groups": [self._groups_view(p) for p in range(self.players)],
            "discard": [key(c) for c in self.discard],
            "draw_size": len(self.draw),
            "jailed": list(self.jailed),
            "decision": self.decision_info(),
            "winner": self.winner,
            "result": self.result,
            "sets_to_win": self._sets_needed,
            "values": self.values(),
        }
        if player is not None:
            view["hand"] = sorted((key(c) for c in self.hands[player]), key=lambda k: TYPE_BY_KEY[k].index)
        return view

    def table_versions(self) -> tuple[list[int], list[int]]:
        """Change counters of the tables: per seat, and per colour slot (``seat * 11 + colour``, the
        eleventh slot for rainbow wilds alone), each bumped on every change to it. A cache of something
        computed from a table stays valid while its counters hold (the legal-action memo and the learning
        encoder rely on it). The lists are the engine's own: read them, never change them."""
        return self._ver, self._slot_ver

    def values(self) -> dict[str, int]:
        """What each card type of this game's deck is worth, by notation key (R1.5: the printed values,
        or another value set): the one place front ends read a card's value from."""
        return dict(_values_of(self.deck))

    def charge(self, action: Action) -> int:
        """What ``action``, played now, charges each player it asks to pay (R5.3, R5.4): a rent's amount
        (doubled for each Double the Rent), It's My Birthday's 2M, Debt Collector's 5M; 0 for any other.

        >>> game = Game.from_position(2, hands={0: ["debt-collector"]})
        >>> game.charge(Action.parse("debt-collector P2"))
        5
        """
        t = _INDEX.get(action.verb, -1)     # an action card is played by its own verb
        if t < 0:
            return 0
        kind = _KIND[t]
        if kind == _K_BIRTHDAY:
            return BIRTHDAY_CHARGE
        if kind == _K_DEBT_COLLECTOR:
            return DEBT_CHARGE
        if kind == _K_RENT or kind == _K_RENT_ANY:
            return self.rent_of(self.groups[self.active][action.colour][action.group], action.colour) << max(action.extra, 0)
        return 0

    def amount_of(self, action: Action) -> int | None:
        """The money the words of ``action`` name that its notation does not say: what it charges each payer
        (:meth:`charge`), or what the card banked, paid or discarded is worth in this deck; else ``None``."""
        if action.verb in (BANK, PAY, DISCARD):
            return self._value[action.card] if action.card >= 0 else None
        t = _INDEX.get(action.verb, -1)
        return self.charge(action) if t >= 0 and _KIND[t] in (_K_RENT, _K_RENT_ANY, _K_BIRTHDAY, _K_DEBT_COLLECTOR) else None

    def _groups_view(self, player: int) -> list[dict[str, Any]]:
        key = self.card_key
        out = []
        for colour, col in enumerate(self.groups[player]):
            for ordinal, g in enumerate(col):
                out.append({
                    "colour": _GROUP_KEYS[colour],
                    "group": ordinal,
                    "cards": [key(c) for c in g.cards],
                    "house": key(g.house) if g.house >= 0 else None,
                    "hotel": key(g.hotel) if g.hotel >= 0 else None,
                    "complete": self.is_complete(g, colour),
                    "rent": self.rent_of(g, colour),
                })
        return out

    def decision_info(self) -> dict[str, Any]:
        """The pending decision in public terms: its kind, its owner and what it is about."""
        d = self.decision
        info: dict[str, Any] = {"type": DECISIONS[d], "player": self.decider}
        if d == OVER:
            info.update(winner=self.winner, result=self.result)
        if d in (GIVING, TAKING, RESPONDING, PAYING, PLACING, SPEEDING):
            info.update(action=self.a_verb, actor=self.a_actor)
        if d == RESPONDING:
            info.update(target=self.c_def, against=self.c_agg, noes=self.c_noes,
                        transferred_from=self.c_from if self.c_from >= 0 else None)
            if self.a_verb in _PAYMENT_VERBS:
                info["amount"] = self.a_amount
        if d == PAYING:
            # paid: what the cards handed over so far are worth (R8.2: no change, so it may pass the debt)
            info.update(payer=self.p_from, receiver=self.p_to, owed=self.p_owed,
                        paid=sum(self._value[self._ct[c]] for c in self.p_paid))
        if d == PLACING:
            info.update(building=self.card_key(self.p_buildings[0]))
        if d in (GIVING, TAKING, RESPONDING) and self.a_cards:
            staked = self.a_cards
            if self.a_verb == "deal-breaker":   # it holds the group's ordinal: the stake is each of its cards
                (p, colour, ordinal), = staked
                staked = [(p, colour, c) for c in self.groups[p][colour][ordinal].cards]
            info["cards"] = [[self.names[p], _GROUP_KEYS[colour], self.card_key(c)] for p, colour, c in staked]
        if d == SWAPPING and self.swap is not None:
            colour, ordinal, card, colour2 = self.swap
            info.update(card=self.card_key(card), colour=_GROUP_KEYS[colour], group=ordinal, to=_GROUP_KEYS[colour2])
        return info

    def determinize(self, player: int, seed: int) -> Game:
        """A full game consistent with ``player``'s view: the cards ``player``
        cannot see (others' hands, the draw pile) dealt again at random, and
        fresh randomness for what is still to come. For search bots.

        It samples from the view alone, so what a player merely remembers (the
        cards they put back under the draw pile) is not kept. The sample answers
        with ``quick_accept`` (nobody watches it, and its hands are guesses): a
        search plays on without stopping at every forced ``accept``."""
        g = self.clone()
        g.quick = True
        g._rng = seed & _M64
        pool = list(g.draw)
        for p in range(g.players):
            if p != player:
                pool += g.hands[p]
        pool.sort()  # the sample must not depend on how the hidden cards happen to lie
        g._shuffle(pool)
        at = 0
        for p in range(g.players):
            if p != player:
                n = len(g.hands[p])
                g.hands[p] = pool[at:at + n]
                at += n
        g.draw = pool[at:]
        g._legal = None
        g._rng = (seed * 0x2545F4914F6CDD1D + 1) & _M64
        return g

    def record(self) -> dict[str, Any]:
        """The game record: replaying its actions from its seed gives this exact game."""
        return record_dict(self.edition, self.rules, self.seed, self.names, [str(a) for a in self.history],
                           self.winner if self.winner >= 0 else None, self.result or None, self.turn,
                           1 if self.quick or self.merging else 2 if self.skip_forced_discard
                           else 3 if self.discard_pass_go_first else RECORD_VERSION)

    def seen_action(self, index: int, seat: int) -> Action:
        """``history[index]`` as ``seat`` may know it: the action itself, unless another seat took it
        in private (:attr:`private`); then :meth:`public_action`.

        >>> game = Game.from_position(2, hands={0: ["1M", "2M", "3M", "4M", "5M", "pass-go", "birthday", "house"]})
        >>> game.apply("end"); game.apply("discard 5M")
        >>> str(game.seen_action(1, 0)), str(game.seen_action(1, 1))
        ('discard 5M', 'discard')
        """
        for place, owner in reversed(self.private):  # newest first: most look-ups are of late actions
            if place <= index:
                if place == index and owner != seat:
                    return self.public_action(index)
                break
        return self.history[index]

    def public_action(self, index: int) -> Action:
        """``history[index]`` as every seat may know it: a private action (a card put back under the
        draw pile, R3.6) keeps its verb and names no card, as the game's words say it."""
        action = self.history[index]
        return Action(action.verb) if any(place == index for place, _ in self.private) else action

    # --- turn structure (R2, R3) ------------------------------------------

    def _start_turn(self) -> None:
        while True:
            if self.turn > self.rules.max_turns:  # R7: a game that cannot progress ends here
                self._end_game(-1, "turn-limit")
                return
            p = self.active
            self._log("turn", self.turn, p)
            if self.jailed[p]:  # Go To Jail: no draw, no plays
                self.jailed[p] = False
                self._log("skip", p)
                self._advance_seat()
                continue
            self._draw(p, 5 if not self.hands[p] else 2)  # R3.1, R3.7
            self.plays = 0
            self.moves = 0
            self.decision, self.decider = PLAYING, p
            return

    def _advance_seat(self) -> None:
        self._pos = (self._pos + 1) % self.players
        self.active = self.order[self._pos]
        self.turn += 1

    def _draw(self, p: int, n: int) -> None:
        """R9.1: use up the draw pile, then shuffle the discard pile into a new one."""
        drawn = []
        hand, draw = self.hands[p], self.draw
        for _ in range(n):
            if not draw:
                if not self.discard:
                    break
                draw, self.discard = self.discard, []
                self._shuffle(draw)
                self.draw = draw
                self._log("reshuffle", len(draw))
            c = draw.pop()
            hand.append(c)
            drawn.append(c)
        if self.events is not None:
            self.events.append(("draw", p, tuple(self._ct[c] for c in drawn)))

    def _end_game(self, winner: int, reason: str) -> None:
        self.winner, self.result = winner, reason
        self.decision, self.decider = OVER, -1
        self._log("over", winner, reason)

    def _check_winner(self, seats: int = -1) -> None:
        """R7.1, R7.2: checked after every action, for the seats (a bit mask) whose tables
        changed; the active player first."""
        need = self._sets_needed
        for p in [self.active] + self._others[self.active]:
            if seats >> p & 1 and self._has_won(p, need):
                self._end_game(p, "sets")
                return

    def _touch(self, p: int, colour: int) -> None:
        """Note that ``colour``'s groups on ``p``'s table changed: the caches keyed on them lapse."""
        self._ver[p] += 1
        self._slot_ver[p * _SLOTS + colour] += 1
        self._dirty |= 1 << p

    def _has_won(self, p: int, need: int) -> bool:
        colours = 0
        housed = not self._house_to_win
        groups = self.groups[p]
        for colour in range(10):
            size = _SIZE[colour]
            done = False
            for g in groups[colour]:
                if len(g.cards) == size and (not self._single or self._has_single(g.cards)):
                    done = True
                    if g.house >= 0:
                        housed = True
            if done:
                colours += 1
        return colours >= need and housed

    def _log(self, *event: Any) -> None:
        if self.events is not None:
            self.events.append(event)

    # --- card movement helpers --------------------------------------------

    def _from_hand(self, p: int, t: int) -> int:
        hand, ct = self.hands[p], self._ct
        for i, c in enumerate(hand):
            if ct[c] == t:
                return hand.pop(i)
        raise AssertionError("card type not in hand")  # legality was checked

    def _has_in_hand(self, p: int, t: int) -> bool:
        ct = self._ct
        return any(ct[c] == t for c in self.hands[p])

    def _may_lie(self, t: int, colour: int) -> bool:
        return colour in _COLOURS[t] or (colour == NO_COLOUR and t == _RAINBOW)

    def _joinable(self, p: int) -> list[int]:
        """The colours in which ``p`` has an unfilled group: where a rainbow wild can go (R6.3)."""
        groups = self.groups[p]
        joinable = []
        for colour in range(10):
            size = _SIZE[colour]
            for g in groups[colour]:
                if len(g.cards) < size:
                    joinable.append(colour)
                    break
        return joinable

    def _place(self, p: int, card: int, colour: int) -> None:
        """R6.1: a property joins the colour's fullest unfilled group (the first of equals),
        or starts a new one; the owner may regroup it on their own turn (R6.2).
        R6.3: a rainbow wild with no group of that colour to join lies alone, without colour.

        With red groups ``[red]`` and ``[red, red/yellow]``, a red played or received joins
        the second and completes it."""
        if self._ct[card] == _RAINBOW and colour != NO_COLOUR and colour not in self._joinable(p):
            colour = NO_COLOUR
        col = self.groups[p][colour]
        size = _SIZE[colour]
        best: Group | None = None
        for g in col:
            if len(g.cards) < size and (best is None or len(g.cards) > len(best.cards)):
                best = g
        if best is None:
            col.append(Group([card]))
        else:
            best.cards.append(card)
        self._touch(p, colour)

    def _card_in_group(self, g: Group, t: int, skip: int = -1) -> int:
        ct = self._ct
        for c in g.cards:
            if ct[c] == t and c != skip:
                return c
        raise AssertionError("card type not in group")

    def _remove(self, p: int, colour: int, g: Group, card: int) -> None:
        """Take a property out of group ``g``. The owner's other groups stay as they lie
        (R6.2: cards never change group by themselves), so a broken set stays broken, beside
        any other unfilled group of its colour, until its owner regroups it on their own turn.
        Only rainbow wilds left without a coloured card go to lie alone (R6.3)."""
        g.cards.remove(card)
        col = self.groups[p][colour]
        if not g.cards:
            col.remove(g)
        if self.merging:
            self._merge_unfilled(p, colour)
        elif g.cards and colour != NO_COLOUR and all(self._ct[c] == _RAINBOW for c in g.cards):
            col.remove(g)
            for c in g.cards:
                self._place(p, c, NO_COLOUR)
        self._touch(p, colour)

    def _merge_unfilled(self, p: int, colour: int) -> None:
        """Version-1 group rules (``merge_groups``, to replay old records): the unfilled groups of
        ``colour`` merge into the first, and groups left with rainbow wilds alone lose their colour."""
        col = self.groups[p][colour]
        size = _SIZE[colour]
        partial = [x for x in col if len(x.cards) < size]
        while len(partial) > 1:
            first, last = partial[0], partial[-1]
            while last.cards and len(first.cards) < size:
                first.cards.append(last.cards.pop(0))
            if not last.cards:
                col.remove(last)
                partial.pop()
            if len(first.cards) == size:
                partial.pop(0)
        if colour != NO_COLOUR:
            for x in [x for x in col if all(self._ct[c] == _RAINBOW for c in x.cards)]:
                col.remove(x)
                for c in x.cards:
                    self._place(p, c, NO_COLOUR)

    def _group_of(self, p: int, colour: int, card: int) -> Group:
        """The group of ``colour`` on ``p``'s table that holds ``card``."""
        for g in self.groups[p][colour]:
            if card in g.cards:
                return g
        raise AssertionError("card not in that colour")

    def _discard_from_hand(self, p: int, t: int) -> int:
        c = self._from_hand(p, t)
        self.discard.append(c)
        return c

    # --- attacks: targets, Just Say No chains, effects (R5) ---------------

    def _clear_attack(self) -> None:
        self.a_verb, self.a_actor, self.a_amount = "", -1, 0
        self.a_queue = []
        self.a_cards = []
        self.a_colour = -1
        self.c_agg = self.c_def = self.c_from = -1
        self.c_noes = 0
        self.p_from = self.p_to = -1
        self.p_owed = 0
        self.p_buildings = []
        self.p_paid = []

    def _attack(self, verb: str, targets: list[int], amount: int = 0) -> None:
        self.a_verb, self.a_actor, self.a_queue, self.a_amount = verb, self.active, targets, amount
        self._next_target()

    def _next_target(self) -> None:
        """R5.8: targets answer in turn order, each finishing before the next. R7.1: a win
        (say, by a payment received) ends the game at once, before the next target is asked."""
        if self._dirty:
            dirty, self._dirty = self._dirty, 0
            self._check_winner(dirty)
            if self.decision == OVER:
                return
        if not self.a_queue:
            verb, self.a_verb = self.a_verb, ""
            self.a_cards = []
            self.a_colour = -1
            self.decision, self.decider = PLAYING, self.active
            self._log("done", verb)
            return
        target = self.a_queue.pop(0)
        self.c_agg, self.c_def, self.c_noes, self.c_from = self.a_actor, target, 0, -1
        self._ask_answer()

    def _can_transfer(self, p: int) -> bool:
        return (self.a_verb in _RENT_VERBS and self.c_from < 0 and self.c_noes == 0 and p == self.c_def
                and self.players > 2 and self._has_in_hand(p, _TRANSFER))

    def _ask_answer(self) -> None:
        """The next answer in the chain. Everyone is asked, also with ``accept`` as the only answer:
        skipping them would tell the table that they hold no Just Say No. With ``quick_accept``
        such a player accepts at once."""
        who = self.c_def if self.c_noes % 2 == 0 else self.c_agg
        if not self.quick or self._has_in_hand(who, _JSN) or self._can_transfer(who):
            self.decision, self.decider = RESPONDING, who
            return
        self._chain_ends()

    def _chain_ends(self) -> None:
        """R5.7: the last Just Say No standing decides; Rent Transfer (R1.3) may move the bill."""
        cancelled = self.c_noes % 2 == 1
        if self.c_from >= 0:
            if cancelled:
                self._log("transfer-cancelled", self.c_from, self.c_def)
            self._effect(self.c_from if cancelled else self.c_def)
        elif cancelled:
            self._log("cancelled", self.a_verb, self.c_def)
            self._next_target()
        else:
            self._effect(self.c_def)

    def _effect(self, target: int) -> None:
        verb, actor = self.a_verb, self.a_actor
        if verb in _PAYMENT_VERBS:
            self._begin_payment(target, actor, self.a_amount)
            return
        if verb in ("sly-deal", "double-sly-deal"):
            for p, colour, card in self.a_cards:
                self._move_property(p, colour, card, actor, colour)
        elif verb == "forced-deal":
            (tp, tcol, take), (_, gcol, give) = self.a_cards
            self._move_property(tp, tcol, take, actor, tcol)
            self._move_property(actor, gcol, give, tp, self.a_colour)
        elif verb == "deal-breaker":
            (p, colour, ordinal), = self.a_cards
            g = self.groups[p][colour].pop(ordinal)
            self.groups[actor][colour].append(g)
            self._touch(p, colour)
            self._touch(actor, colour)
            self._log("took-set", actor, p, colour, tuple(self._ct[c] for c in g.cards))
        elif verb == "go-to-jail":
            self.jailed[target] = True
            self._log("jailed", target)
        elif verb == "inheritor":
            hand = self.hands[target]
            if hand:
                card = hand.pop(self._rand(len(hand)))
                self.hands[actor].append(card)
                self._log("inherited", actor, target, self._ct[card])
        elif verb == "speeding-deal":
            hand = self.hands[target]
            # R1.3: asked whenever there is a card to pick, even a forced one: asking only hands of
            # several card types told the table which hands were all one type (skip_forced_discard).
            if (hand and self.rules.speeding_discard == "chooser"
                    and not (self.skip_forced_discard and len({self._ct[c] for c in hand}) == 1)):
                self.decision, self.decider = SPEEDING, target
                return
            if hand:
                card = hand.pop(self._rand(len(hand)))
                self.discard.append(card)
                self._log("discarded", target, self._ct[card])
        self._next_target()

    def _move_property(self, src: int, colour: int, card: int, dst: int, new_colour: int) -> None:
        """Move ``card`` from ``src``'s table (where it now lies: a first card taken may
        have sent rainbows alone) to ``dst``'s, as ``new_colour`` (a rainbow that lay alone keeps lying alone)."""
        for slot, col in enumerate(self.groups[src]):
            for g in col:
                if card in g.cards:
                    if slot == NO_COLOUR and colour != NO_COLOUR:
                        new_colour = NO_COLOUR
                    self._remove(src, slot, g, card)
                    self._place(dst, card, new_colour)
                    self._log("moved", src, dst, self._ct[card], new_colour)
                    return
        raise AssertionError("card not on the table")

    # --- payment (R8) -----------------------------------------------------

    def _begin_payment(self, payer: int, receiver: int, amount: int) -> None:
        self.p_from, self.p_to, self.p_owed = payer, receiver, amount
        self.p_buildings, self.p_paid = [], []
        self._continue_payment()

    def _continue_payment(self) -> None:
        if self.p_owed > 0:
            total = self.table_value(self.p_from)
            if total > self.p_owed:
                self.decision, self.decider = PAYING, self.p_from
                return
            if total > 0:  # R8.3: not enough, so everything of value
                self._pay_everything()
        if self.events is not None:  # the words only: no need to build them otherwise
            self._log("paid", self.p_from, self.p_to, tuple(self._ct[c] for c in self.p_paid))
        self._place_buildings()

    def _pay_everything(self) -> None:
        payer, receiver = self.p_from, self.p_to
        bank = self.banks[payer]
        self.p_paid += bank
        self.banks[receiver] += bank
        self.banks[payer] = []
        ct = self._ct
        owed: list[tuple[int, int]] = []  # (colour, card): every property of value, listed before any moves
        for colour, col in enumerate(self.groups[payer]):
            for g in col:
                for slot in ("hotel", "house"):
                    b = getattr(g, slot)
                    if b >= 0:
                        setattr(g, slot, -1)
                        self.p_buildings.append(b)
                        self.p_paid.append(b)
                        self._touch(payer, colour)
                owed += [(colour, c) for c in g.cards if ct[c] != _RAINBOW]  # R8.4
        for colour, c in owed:  # R8.3: each wherever it lies now, however paying changed the groups
            self._remove(payer, colour, self._group_of(payer, colour, c), c)
            self._place(receiver, c, colour)
            self.p_paid.append(c)
        self.p_owed = 0

    def _place_buildings(self) -> None:
        """R8.6: the receiver puts each received building on a set, or in the bank."""
        # Houses first: a hotel paid with its house (R8.5 pays the hotel first) may go on that house.
        self.p_buildings.sort(key=lambda b: _KIND[self._ct[b]] == _K_HOTEL)
        while self.p_buildings:
            b = self.p_buildings[0]
            if not self.rules.received_buildings_to_bank and self._building_spots(self.p_to, b):
                self.decision, self.decider = PLACING, self.p_to
                return
            self.banks[self.p_to].append(self.p_buildings.pop(0))
        self.p_from = self.p_to = -1
        self._next_target()

    def _building_spots(self, p: int, building: int) -> list[tuple[int, int]]:
        """R6.5: a house on a complete set without one; a hotel on one with a house and no hotel."""
        hotel = _KIND[self._ct[building]] == _K_HOTEL
        spots = []
        for colour, col in enumerate(self.groups[p]):
            if not _BUILDABLE[colour]:
                continue
            for ordinal, g in enumerate(col):
                if self.is_complete(g, colour) and ((g.house >= 0 and g.hotel < 0) if hotel else g.house < 0):
                    spots.append((colour, ordinal))
        return spots

    # --- legal actions, one generator per decision --------------------------

    def _distinct(self, cards: list[int]) -> list[int]:
        ct = self._ct
        seen: list[int] = []
        for c in cards:
            t = ct[c]
            if t not in seen:
                seen.append(t)
        return seen

    def _stealable(self, p: int) -> list[tuple[int, int, int]]:
        """(colour, ordinal, type) of ``p``'s properties outside complete sets (R5.4)."""
        return [(colour, ordinal, t) for colour, col in enumerate(self.groups[p])
                for ordinal, g in enumerate(col) if not self.is_complete(g, colour)
                for t in self._distinct(g.cards)]

    def _legal_play(self) -> list[Action]:
        p = self.active
        acts = [_END]
        left = PLAYS_PER_TURN - self.plays
        hand = self.hands[p]
        if left > 0:
            static = self._static[p]
            for t in self._distinct(hand):
                acts += static[t]  # bank, put down, and the actions that need no look at the tables
                kind = _KIND[t]
                if kind in _LOOKS_AT_TABLES:
                    acts += self._table_actions(p, t, kind, hand, left)
        cap = self._move_cap
        # S1-19: once the last card of the hand is played and its action done, the table stays as it is
        # (a hand empty before any play, when both piles ran dry, played no last card).
        if (cap == 0 or self.moves < cap) and (hand or not self.plays or self._rearrange_when_empty):
            acts += self._memo_for(_REARRANGEMENTS, p)
        return acts

    def _memo_for(self, tag: int, p: int) -> Any:
        """What ``tag`` names (``_STEALABLE`` …) about ``p``'s table, remembered until it changes.
        Compiled, a tag and an if-chain beat passing a bound method."""
        key = tag * self.players + p
        hit = self._memo[key]
        if hit is not None and hit[0] == self._ver[p]:
            return hit[1]
        value: Any
        if tag == _STEALABLE:
            value = self._stealable(p)
        elif tag == _SETS:
            value = self._complete_sets(p)
        elif tag == _JOINABLE:
            value = self._joinable(p)
        else:
            value = self._rearrangements(p)
        self._memo[key] = (self._ver[p], value)
        return value

    def _table_actions(self, p: int, t: int, kind: int, hand: list[int], left: int) -> list[Action]:
        """R5.9: the uses of an action card that depend on what lies on the tables."""
        key = _KEY[t]
        others = self._others[p]
        if kind == _K_RENT or kind == _K_RENT_ANY:
            return self._rent_actions(p, t, key, kind, hand, left, others)
        if kind == _K_SLY_DEAL or kind == _K_DOUBLE_SLY_DEAL or kind == _K_FORCED_DEAL:
            if kind == _K_FORCED_DEAL and not self._memo_for(_STEALABLE, p):
                return []
            return [_new(key, t2, colour, ordinal, q) for q in others
                    for colour, ordinal, t2 in self._memo_for(_STEALABLE, q)]
        if kind == _K_DEAL_BREAKER:
            return [_new(key, -1, colour, ordinal, q) for q in others
                    for colour, ordinal in self._memo_for(_SETS, q)]
        if kind == _K_HOUSE or kind == _K_HOTEL:
            return [_new(key, -1, colour, ordinal) for colour, ordinal in self._building_spots(p, self._first(hand, t))]
        if kind == _K_RAINBOW:  # R6.3: into a colour group it can join (alone is a static play)
            return [_new(PLAY, t, colour) for colour in self._memo_for(_JOINABLE, p)]
        return [_new(key, -1, -1, -1, q) for q in others if self.hands[q]]  # Inheritor

    def _complete_sets(self, p: int) -> list[tuple[int, int]]:
        return [(colour, ordinal) for colour, col in enumerate(self.groups[p])
                for ordinal, g in enumerate(col) if self.is_complete(g, colour)]

    def _first(self, cards: list[int], t: int) -> int:
        ct = self._ct
        return next(c for c in cards if ct[c] == t)

    def _rent_actions(self, p: int, t: int, key: str, kind: int, hand: list[int], left: int,
                      others: list[int]) -> list[Action]:
        """R6.7–R6.9, R3.4: a group of the colour that charges rent, and Double the Rents."""
        ct = self._ct
        doubles = min(sum(1 for c in hand if ct[c] == _DOUBLE), left - 1)
        if self.rules.single_double_rent:
            doubles = min(doubles, 1)
        acts = []
        for colour in _COLOURS[t]:
            for ordinal, g in enumerate(self.groups[p][colour]):
                if self.rent_of(g, colour) == 0:
                    continue
                for d in range(doubles + 1):
                    if kind == _K_RENT:
                        acts.append(_new(key, -1, colour, ordinal, -1, -1, d))
                    else:
                        acts += [_new(key, -1, colour, ordinal, q, -1, d) for q in others]
        return acts

    def _rearrangements(self, p: int) -> list[Action]:
        """R6.2: free, on the owner's turn: re-colour a wild (``move``), move a card of an
        unfilled group into another unfilled group of its colour (``move red#2:red>red#1``),
        or take any card out of a complete set while another takes its place (``swap``, then
        ``with``), which is also the only way out of a set with buildings (R6.6).

        Colour by colour, each colour's moves kept until they may have changed (see
        :meth:`_slot_rearrangements`): a move touches one or two colours, so most are reused."""
        acts: list[Action] = []
        ver, version = self._slot_ver, self._ver[p]
        joinable = self._memo_for(_JOINABLE, p)
        base = p * _SLOTS
        for colour in range(_SLOTS):
            entry = self._slot_moves[base + colour]
            if (entry is None or entry[0] != ver[base + colour] or (entry[1] >= 0 and entry[1] != version)
                    or (entry[2] is not None and entry[2] != joinable)):
                entry = self._slot_rearrangements(p, colour, joinable)
                self._slot_moves[base + colour] = entry
            if entry[3]:
                acts += entry[3]
        return acts

    def _slot_rearrangements(self, p: int, colour: int, joinable: list[int]) -> _SlotMoves:
        """The re-arrangements of ``p``'s groups of ``colour`` (slot NO_COLOUR: the rainbows lying
        alone), with what they depend on besides these groups: a rainbow's targets on where rainbows
        can go (``joinable``), a complete set's swaps on every other group of the table."""
        acts: list[Action] = []
        ct = self._ct
        col = self.groups[p][colour]
        uses_join = uses_table = False
        if len(col) > 1 and colour != NO_COLOUR:
            acts += self._regroupings(colour, col)
        for ordinal, g in enumerate(col):
            complete = colour != NO_COLOUR and self.is_complete(g, colour)
            if complete:
                uses_table = True
            elif not any(_IS_WILD[ct[c]] for c in g.cards):
                continue
            built = g.house >= 0
            stand_ins = self._stand_ins(p, colour, g) if complete else []
            for t in self._distinct(g.cards):
                if t == _RAINBOW:
                    uses_join = True
                targets = [c2 for c2 in self._wild_targets(p, t) if c2 != colour] if _IS_WILD[t] else []
                if not built:
                    acts += [_new(MOVE, t, colour, ordinal, -1, c2) for c2 in targets]
                if stand_ins and any(self._may_stand_in(g, self._card_in_group(g, t), c) for _, _, c in stand_ins):
                    acts += [_new(SWAP, t, colour, ordinal, -1, c2) for c2 in ([colour] + targets if built else [colour])]
        return (self._slot_ver[p * _SLOTS + colour], self._ver[p] if uses_table else -1,
                joinable if uses_join else None, acts)

    def _reset_slot_moves(self) -> None:
        """Empty the per-colour cache of :meth:`_rearrangements` (a new table)."""
        self._slot_ver = [0] * (self.players * _SLOTS)
        self._slot_moves = [None] * (self.players * _SLOTS)

    def _regroupings(self, colour: int, col: list[Group]) -> list[Action]:
        """Each card kind of a group of ``colour`` that is not a complete set into each other
        unfilled group of ``colour``: how the owner joins groups that a payment or a theft
        left apart (R6.2)."""
        size = _SIZE[colour]
        into = [o for o, g in enumerate(col) if len(g.cards) < size]
        acts: list[Action] = []
        if not into:
            return acts
        for ordinal, g in enumerate(col):
            if not self.is_complete(g, colour):
                acts += [_new(MOVE, t, colour, ordinal, -1, colour, o) for t in self._distinct(g.cards)
                         for o in into if o != ordinal]
        return acts

    def _stand_ins(self, p: int, colour: int, g: Group) -> list[tuple[int, int, int]]:
        """(colour, ordinal, card) of one card of each kind in ``p``'s other groups without
        buildings that could take a place in ``g``, a complete set of ``colour``."""
        found = []
        for colour2, col in enumerate(self.groups[p]):
            for ordinal2, g2 in enumerate(col):
                if g2 is not g and g2.house < 0:
                    found += [(colour2, ordinal2, self._card_in_group(g2, t))
                              for t in self._distinct(g2.cards) if colour in _COLOURS[t]]
        return found

    def _may_stand_in(self, g: Group, card: int, partner: int) -> bool:
        """``partner`` can take ``card``'s place in the complete set ``g`` and keep it complete
        (a card of another kind: trading like for like changes nothing)."""
        ct = self._ct
        if ct[partner] == ct[card]:
            return False
        if self._single:
            return _KIND[ct[partner]] == _K_PROPERTY or any(_KIND[ct[c]] == _K_PROPERTY for c in g.cards if c != card)
        return ct[partner] != _RAINBOW or any(ct[c] != _RAINBOW for c in g.cards if c != card)

    def _wild_targets(self, p: int, t: int) -> list[int]:
        """Where a wild can go on ``p``'s table: a two-colour wild to either colour; a
        rainbow to a colour group it can join, or alone without colour (R6.3)."""
        if t == _RAINBOW:
            return self._memo_for(_JOINABLE, p) + [NO_COLOUR]
        return list(_COLOURS[t])

    def _legal_give(self) -> list[Action]:
        acts = []
        for colour, ordinal, t in self._stealable(self.active):
            if _KIND[t] == _K_PROPERTY:
                acts.append(_new(GIVE, t, colour, ordinal))
            else:  # R5.5: the giver chooses the wild's colour
                acts += [_new(GIVE, t, colour, ordinal, -1, c2) for c2 in self._wild_targets(self.a_cards[0][0], t)]
        return acts

    def _legal_take(self) -> list[Action]:
        (p, _, first), = self.a_cards
        acts = []
        for colour, ordinal, t in self._stealable(p):
            g = self.groups[p][colour][ordinal]
            if any(self._ct[c] == t and c != first for c in g.cards):
                acts.append(_new(TAKE, t, colour, ordinal))
        return acts

    def _legal_swap(self) -> list[Action]:
        assert self.swap is not None
        colour, ordinal, card, _ = self.swap
        g = self.groups[self.active][colour][ordinal]
        return [_new(WITH, self._ct[partner], c2, o2) for c2, o2, partner in self._stand_ins(self.active, colour, g)
                if self._may_stand_in(g, card, partner)]

    def _legal_respond(self) -> list[Action]:
        who = self.decider
        acts = [_ACCEPT]
        if self._has_in_hand(who, _JSN):
            acts.append(_NO)
        if self._can_transfer(who):
            acts += [_new(TRANSFER, -1, -1, -1, q) for q in self._others[who] if q != self.a_actor]
        return acts

    def _legal_pay(self) -> list[Action]:
        p = self.p_from
        acts = [_new(PAY, t) for t in self._distinct(self.banks[p])]
        if acts and self.rules.bank_first:  # R8.8 variant
            return acts
        ct, value = self._ct, self._value
        for colour, col in enumerate(self.groups[p]):
            for ordinal, g in enumerate(col):
                if g.hotel >= 0:  # R8.5: hotel, then house, then the properties
                    acts.append(_new(PAY, ct[g.hotel], colour, ordinal))
                elif g.house >= 0:
                    acts.append(_new(PAY, ct[g.house], colour, ordinal))
                else:
                    acts += [_new(PAY, t, colour, ordinal) for t in self._distinct(g.cards) if value[t] > 0]
        return acts

    def _legal_place(self) -> list[Action]:
        spots = self._building_spots(self.p_to, self.p_buildings[0])
        return [_new(PLACE, -1, c, o) for c, o in spots] + [_PLACE_BANK]

    def _legal_discard(self) -> list[Action]:
        return [_new(DISCARD, t) for t in self._distinct(self.hands[self.decider])]

    # --- handlers, one per decision ------------------------------------------

    def _do_play(self, a: Action) -> None:
        p, verb = self.active, a.verb
        if verb == END:
            self._log("end", p)
            if len(self.hands[p]) > HAND_LIMIT:  # R3.6
                self.decision = PUTTING_BACK
            else:
                self._next_turn()
            return
        if verb == MOVE:
            self.moves += 1
            g = self.groups[p][a.colour][a.group]
            card = self._card_in_group(g, a.card)
            if a.extra >= 0:  # into another group of its colour: fetched before removing shifts the ordinals
                into = self.groups[p][a.colour][a.extra]
                self._remove(p, a.colour, g, card)
                into.cards.append(card)
                self._log("regrouped", p, a.card, a.colour)
                return
            self._remove(p, a.colour, g, card)
            self._place(p, card, a.colour2)
            self._log("recoloured", p, a.card, a.colour, a.colour2)
            return
        if verb == SWAP:
            self.moves += 1
            g = self.groups[p][a.colour][a.group]
            self.swap = (a.colour, a.group, self._card_in_group(g, a.card), a.colour2)
            self.decision = SWAPPING
            return
        self.plays += 1
        if verb == BANK:
            self.banks[p].append(self._from_hand(p, a.card))
            self._log("bank", p, a.card)
            return
        if verb == PLAY:
            self._place(p, self._from_hand(p, a.card), a.colour)
            self._log("property", p, a.card, a.colour)
            return
        t = _INDEX[verb]
        kind = _KIND[t]
        if kind == _K_PASS_GO and not self.discard_pass_go_first:
            self._pass_go(p, t, a)
            return
        self._discard_from_hand(p, t)  # R5.1, R5.7: used up even if cancelled
        if kind == _K_HOUSE or kind == _K_HOTEL:
            g = self.groups[p][a.colour][a.group]
            card = self.discard.pop()
            if kind == _K_HOUSE:
                g.house = card
            else:
                g.hotel = card
            self._touch(p, a.colour)
            self._log("built", p, t, a.colour)
            return
        amount = self.charge(a)
        if self.events is not None:
            self._log("use", p, str(a), amount)
        others = self.others(p)
        if kind == _K_PASS_GO:  # versions 1 to 3 (discard_pass_go_first): discarded before the draw
            self._draw(p, 2)
        elif kind == _K_BIRTHDAY:
            self._attack(verb, others, amount)
        elif kind == _K_DEBT_COLLECTOR:
            self._attack(verb, [a.player], amount)
        elif kind == _K_RENT or kind == _K_RENT_ANY:
            for _ in range(a.extra):
                self._discard_from_hand(p, _DOUBLE)
            self.plays += a.extra
            self._attack(verb, others if kind == _K_RENT else [a.player], amount)
        elif kind in (_K_SLY_DEAL, _K_FORCED_DEAL, _K_DOUBLE_SLY_DEAL):
            card = self._card_in_group(self.groups[a.player][a.colour][a.group], a.card)
            self.a_cards = [(a.player, a.colour, card)]
            self.a_verb, self.a_actor, self.a_queue = verb, p, []
            if kind == _K_FORCED_DEAL:
                self.decision = GIVING
            elif kind == _K_DOUBLE_SLY_DEAL and self._legal_take():
                self.decision = TAKING
            else:
                self._attack(verb, [a.player])
        elif kind == _K_DEAL_BREAKER:
            self.a_cards = [(a.player, a.colour, a.group)]
            self._attack(verb, [a.player])
        elif kind == _K_GO_TO_JAIL or kind == _K_INHERITOR:
            self._attack(verb, [a.player])
        elif kind == _K_SPEEDING_DEAL:
            self._attack(verb, [q for q in others if q in (a.player, a.extra)])

    def _pass_go(self, p: int, t: int, a: Action) -> None:
        """R5.2: draw 2. R5.1 (S1-6.3): the card goes to the discard pile once used, after the draw, so
        a reshuffle of the discard pile (R9.1) in that draw does not hold it."""
        card = self._from_hand(p, t)
        if self.events is not None:
            self._log("use", p, str(a), 0)
        self._draw(p, 2)
        self.discard.append(card)

    def _next_turn(self) -> None:
        self._advance_seat()
        self._start_turn()

    def _do_give(self, a: Action) -> None:
        card = self._card_in_group(self.groups[self.active][a.colour][a.group], a.card)
        self.a_cards.append((self.active, a.colour, card))
        self.a_colour = a.colour2 if a.colour2 >= 0 else a.colour
        self._attack(self.a_verb, [self.a_cards[0][0]])

    def _do_take(self, a: Action) -> None:
        (p, _, first), = self.a_cards
        card = self._card_in_group(self.groups[p][a.colour][a.group], a.card, skip=first)
        self.a_cards.append((p, a.colour, card))
        self._attack(self.a_verb, [p])

    def _do_swap(self, a: Action) -> None:
        assert self.swap is not None
        colour, ordinal, card, colour2 = self.swap
        p = self.active
        g = self.groups[p][colour][ordinal]
        g2 = self.groups[p][a.colour][a.group]
        partner = self._card_in_group(g2, a.card)
        g.cards[g.cards.index(card)] = partner
        self._touch(p, colour)
        self._remove(p, a.colour, g2, partner)
        self._place(p, card, colour2)
        self.swap = None
        self.decision = PLAYING
        self._log("swapped", p, self._ct[card], colour, colour2, self._ct[partner])

    def _do_respond(self, a: Action) -> None:
        who = self.decider
        if a.verb == ACCEPT:
            self._chain_ends()
        elif a.verb == NO:  # R5.7: not a play (R3.3)
            self._discard_from_hand(who, _JSN)
            self.c_noes += 1
            self._log("no", who)
            self._ask_answer()
        else:  # Rent Transfer: a reaction; the named player pays unless they say no
            self._discard_from_hand(who, _TRANSFER)
            self._log("transfer", who, a.player)
            self.c_from, self.c_agg, self.c_def, self.c_noes = who, who, a.player, 0
            self._ask_answer()

    def _do_pay(self, a: Action) -> None:
        payer, receiver = self.p_from, self.p_to
        if a.colour < 0:
            bank = self.banks[payer]
            card = self._first(bank, a.card)
            bank.remove(card)
            self.banks[receiver].append(card)
        else:
            g = self.groups[payer][a.colour][a.group]
            if g.hotel >= 0 and self._ct[g.hotel] == a.card:
                card, g.hotel = g.hotel, -1
                self.p_buildings.append(card)
            elif g.house >= 0 and self._ct[g.house] == a.card:
                card, g.house = g.house, -1
                self.p_buildings.append(card)
            else:
                card = self._card_in_group(g, a.card)
                self._remove(payer, a.colour, g, card)
                self._place(receiver, card, a.colour)  # R8.6: to the receiver's properties
            self._touch(payer, a.colour)
        self.p_paid.append(card)
        self.p_owed -= self._value[a.card]
        self._continue_payment()

    def _do_place(self, a: Action) -> None:
        b = self.p_buildings.pop(0)
        p = self.p_to
        if a.colour < 0:
            self.banks[p].append(b)
        else:
            g = self.groups[p][a.colour][a.group]
            if _KIND[self._ct[b]] == _K_HOTEL:
                g.hotel = b
            else:
                g.house = b
            self._touch(p, a.colour)
        self._log("placed", p, self._ct[b], a.colour)
        self._place_buildings()

    def _do_put_back(self, a: Action) -> None:
        p = self.active
        card = self._from_hand(p, a.card)
        if self.rules.putback == "bottom":  # R3.6: nobody else sees which card
            self.draw.insert(0, card)
            self.private += ((len(self.history) - 1, p),)
            self._log("put-back", p, a.card)
        else:
            self.discard.append(card)
            self._log("discarded", p, a.card)
        if len(self.hands[p]) <= HAND_LIMIT:
            self._next_turn()

    def _do_speeding(self, a: Action) -> None:
        self._discard_from_hand(self.decider, a.card)
        self._log("discarded", self.decider, a.card)
        self._next_target()

    # --- dispatch on the decision (if-chains: compiled, native calls beat a table of methods)

    def _generate(self) -> list[Action]:
        d = self.decision
        if d == PLAYING:
            return self._legal_play()
        if d == PAYING:
            return self._legal_pay()
        if d == RESPONDING:
            return self._legal_respond()
        if d == PUTTING_BACK or d == SPEEDING:
            return self._legal_discard()
        if d == GIVING:
            return self._legal_give()
        if d == TAKING:
            return self._legal_take()
        if d == SWAPPING:
            return self._legal_swap()
        if d == PLACING:
            return self._legal_place()
        return []

    def _handle(self, a: Action) -> None:
        d = self.decision
        if d == PLAYING:
            self._do_play(a)
        elif d == PAYING:
            self._do_pay(a)
        elif d == RESPONDING:
            self._do_respond(a)
        elif d == PUTTING_BACK:
            self._do_put_back(a)
        elif d == SPEEDING:
            self._do_speeding(a)
        elif d == GIVING:
            self._do_give(a)
        elif d == TAKING:
            self._do_take(a)
        elif d == SWAPPING:
            self._do_swap(a)
        elif d == PLACING:
            self._do_place(a)

    # --- error messages -------------------------------------------------------

    def _describe_illegal(self, a: Action) -> str:
        if self.decision == OVER:
            return f"{a} is not legal: the game is over"
        who = self.names[self.decider]
        options = ", ".join(str(x) for x in self.legal_actions()[:12])
        more = "" if len(self.legal_actions()) <= 12 else ", …"
        return f"{a} is not legal now: {who} must decide ({DECISIONS[self.decision]}); legal: {options}{more}"
