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
bots' sampled worlds): a target who cannot answer accepts without being asked.
It plays the same games once the forced ``accept`` actions are left out, and its
records say so (version 1, the one version that left them out).

A Speeding Deal target picks its discard even from a hand of one card type,
so whether it is asked says nothing about its hand (R1.3).

A Pass Go goes to the discard pile once its two cards are drawn (R5.1, S1-6.3), so a reshuffle
(R9.1) never deals it back to its player:

>>> game = Game.from_position(2, hands={0: ["pass-go"]}, discard=["birthday"], draw=[], rest="box")
>>> game.apply("pass-go")
>>> [game.card_key(c) for c in game.hands[0]], [game.card_key(c) for c in game.discard]
(['birthday'], ['pass-go'])

Records of older versions replay with a class of their own, as python-chess plays its variants
(:mod:`monopoly_deal.engine.versions`): each states its :attr:`Game.record_version`.

A card put back under the draw pile (R3.6) is a private choice: the history
holds it, but :meth:`Game.seen_action` shows it to the other seats without
its card, as the game's words do ("puts a card at the bottom of the draw pile").

Free re-arranging (``move``, ``swap``, R6.2) has no limit unless ``Rules.max_rearrangements``
sets one, and ends for the turn once the player has played the last card of their hand (S1-19;
``Rules.rearrange_after_empty_hand`` allows it, and replays records of versions 1 to 3).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from .actions import Action, IllegalActionError, parse_action
from .cards import NO_COLOUR, TYPE_BY_KEY, TYPES, decks_for
from .position import PositionError, Where
from .rules import Rules
from .tables import (
    _BUILDABLE,
    _DEFAULT_RULES,
    _GROUP_KEYS,
    _K_HOTEL,
    _K_HOUSE,
    _KIND,
    _M64,
    _MEMO_TAGS,
    _RAINBOW,
    _SIZE,
    _SLOTS,
    DECISIONS,
    GIVING,
    HAND_LIMIT,
    MAX_PLAYERS,
    OVER,
    PAYING,
    PLACING,
    PLAYING,
    PLAYS_PER_TURN,
    PUTTING_BACK,
    RECORD_FORMAT,
    RECORD_VERSION,
    RESPONDING,
    SPEEDING,
    SWAPPING,
    TAKING,
    Group,
    _deck,
    _ordinal,
    _static_actions,
    record_dict,
)
from .views import Views

# Where the decisions, the record version and Group have always been imported from.
__all__ = [
    "DECISIONS", "GIVING", "HAND_LIMIT", "MAX_PLAYERS", "OVER", "PAYING", "PLACING", "PLAYING", "PLAYS_PER_TURN",
    "PUTTING_BACK", "RECORD_FORMAT", "RECORD_VERSION", "RESPONDING", "SPEEDING", "SWAPPING", "TAKING", "Game", "Group",
    "record_dict",
]


class Game(Views):
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
            no Just Say No: only for games nobody watches (as version-1 records were made).

    At every moment one seat, :attr:`decider`, owes one decision of kind
    :attr:`decision`. :meth:`legal_actions` lists its options and
    :meth:`apply` takes one.

    ``Game`` plays the current record version; its subclasses ``Version3Game``, ``Version2Game`` and
    ``Version1Game`` replay older records (the module's docstring shows how they differ).
    """

    __slots__ = ()

    #: The record version this class plays: the one its records are written with, and the one
    #: :func:`monopoly_deal.record.start_game` picks the class by.
    record_version: ClassVar[int] = RECORD_VERSION
    #: Whether every target of an action card is asked to answer, also with ``accept`` as its only answer
    #: (so that nothing public tells whether it holds a Just Say No); False: as ``quick_accept``, always.
    asks_every_target: ClassVar[bool] = True

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
        self.quick = quick_accept or not self.asks_every_target
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
                _position_group(game, seat(p, "groups"), colour_key, keys, house, hotel, take)
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
        mark(self.payment.buildings, "received buildings awaiting a place")
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
        """An independent copy (cheap: for tree search), of the same class (record version)."""
        cls = type(self)
        return Game(_copy=self) if cls is Game else cls(_copy=self)  # compiled, the first is a native call

    def _copy_from(self, s: Game) -> None:
        self.rules, self.edition, self.players, self.names, self.seed = s.rules, s.edition, s.players, s.names, s.seed
        self.quick, self.moves = s.quick, s.moves
        self.deck, self._ct, self._value, self._rng = s.deck, s._ct, s._value, s._rng
        self.order, self._pos, self.turn, self.active, self.plays = s.order, s._pos, s.turn, s.active, s.plays
        self.decision, self.decider, self.winner, self.result = s.decision, s.decider, s.winner, s.result
        attack = s.attack
        if attack.verb:  # an action card pending: its attack, chain and payment change as it plays out
            self.attack, self.chain, self.payment = attack.copy(), s.chain.copy(), s.payment.copy()
        else:  # none: the last ones are never changed again (engine/pending.py), so the copies share them
            self.attack, self.chain, self.payment = attack, s.chain, s.payment
        self.swap = s.swap
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
        self.history = s.history[:]
        self.private = s.private
        self.events = None if s.events is None else s.events[:]

    def restart(self, log: bool = True, names: Iterable[str] | None = None) -> Game:
        """This game at its start again: the same seed, rules, record version (class) and names (or
        ``names``), to replay its history."""
        return type(self)(self.players, self.edition, self.rules, self.seed, self.names if names is None else names,
                          log, quick_accept=self.quick)

    def record(self) -> dict[str, Any]:
        """The game record: replaying its actions from its seed gives this exact game. Its version is the
        class's (:attr:`record_version`), or 1 for a game that does not ask every target (``quick_accept``):
        its history leaves out the forced ``accept`` actions, as only version 1 did."""
        return record_dict(self.edition, self.rules, self.seed, self.names, [str(a) for a in self.history],
                           self.winner if self.winner >= 0 else None, self.result or None, self.turn,
                           1 if self.quick else self.record_version)

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



def _position_group(game: Game, p: int, colour_key: str, keys: list[str], house: str | None, hotel: str | None,
                    take: Callable[[str, Where], int]) -> None:
    """Lay one group of :meth:`Game.from_position` on ``p``'s table, checking it as R6.1, R6.3 and R6.5 say;
    ``take(key, where)`` takes a card of the key out of the deck."""
    colour = _GROUP_KEYS.index(colour_key) if colour_key in _GROUP_KEYS else -1
    at: Where = ("groups", p, colour_key, 0)
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
