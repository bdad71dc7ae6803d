"""Fixed-size encodings for learning: one seat's observation as a float array, actions as ids with a mask.

An :class:`ObservationEncoder` is made for an edition, a player count and rule options; every
observation it makes has the same length, and :meth:`ObservationEncoder.describe` lists every
feature (docs/rl.md prints that table). Actions are the engine's stable
:class:`~monopoly_deal.engine.actions.ActionSpace` ids; :func:`action_mask` marks the legal ones::

    >>> from monopoly_deal import Game
    >>> from monopoly_deal.rl.encoding import ObservationEncoder, action_mask, action_space
    >>> game = Game(players=2, seed=7)
    >>> encoder = ObservationEncoder(players=2)
    >>> obs = encoder.encode(game, seat=game.decider)
    >>> obs.shape == (encoder.size,), obs.dtype.name
    (True, 'float32')
    >>> space = action_space(players=2)
    >>> mask = action_mask(game, space)
    >>> {space.action(i) for i in mask.nonzero()[0]} == set(game.legal_actions())
    True

Hidden information: the encoder reads only what :meth:`Game.view` shows the seat (its own hand,
every hand's size, the tables, the piles' public parts, the pending decision in
:meth:`Game.decision_info`'s terms) and the action history as the seat may know it
(:meth:`Game.seen_action`: another seat's card put back under the draw pile is not named). It reads
the engine's fields directly rather than building the view dict, which costs more than a whole
environment step; tests/rl/test_encoding.py checks that games differing only in cards the seat
cannot see, or in another seat's private choice, encode the same at every step.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from ..engine import Game, Rules
from ..engine.actions import (
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
    ActionSpace,
)
from ..engine.cards import EDITIONS, SET_SIZE, TYPE_BY_KEY, TYPES, Kind, build_deck, decks_for, types_in
from ..engine.game import DECISIONS, GIVING, PAYING, PLACING, PLAYS_PER_TURN, RESPONDING, SPEEDING, SWAPPING, TAKING

#: Colour slots on a table: the ten colours, then rainbow wilds lying alone without a colour (R6.3).
SLOTS = 11
#: History verbs that are words; every other verb is the key of the action card played.
WORDS = (END, ACCEPT, NO, TRANSFER, BANK, DISCARD, PAY, PLAY, GIVE, TAKE, MOVE, SWAP, WITH, PLACE)
#: Per colour slot of a seat's table: the fields of the ``colours`` feature.
COLOUR_FIELDS = ("cards", "groups", "complete sets", "best progress", "two-colour wilds", "rainbows",
                 "houses", "hotels", "best rent")
#: Bound on money amounts (rent, debts); a rent is at most 16M doubled twice.
MONEY_HIGH = 1000.0
#: How many groups of each colour the ``tables`` feature details (action ids name up to ``ActionSpace.groups``).
GROUPS_SHOWN = 4
_PAYMENT_VERBS = frozenset(t for t in TYPE_BY_KEY if t.startswith("rent:")) | {"birthday", "debt-collector"}
_WILD, _RAINBOW = int(Kind.WILD), int(Kind.RAINBOW)
#: A ``float32`` memoryview; typeshed types memoryview items as ints, so it is Any to mypy.
Floats = Any


@dataclass(frozen=True)
class Feature:
    """One block of the observation: ``size`` numbers from ``offset``, each in ``[0, high]``."""

    name: str
    shape: tuple[int, ...]
    offset: int
    high: float
    meaning: str

    @property
    def size(self) -> int:
        return int(np.prod(self.shape))


@lru_cache(maxsize=64)
def _space(edition: str, players: int, decks: int) -> ActionSpace:
    return ActionSpace(edition, players, decks)


def action_space(players: int = 2, edition: str = "base", rules: Rules | None = None) -> ActionSpace:
    """The (shared, immutable) action space for a game of this size: ids are stable for these settings."""
    decks = (rules or Rules()).decks or decks_for(players)
    return _space(edition, players, decks)


def legal_ids(game: Game, space: ActionSpace) -> list[int]:
    """The ids of ``game``'s legal actions, in the engine's order."""
    return space.ids(game.legal_actions())


def action_mask(game: Game, space: ActionSpace, out: np.ndarray | None = None) -> np.ndarray:
    """A 0/1 ``int8`` array over ``space``: 1 where the action is legal now (all 0 once the game is over)."""
    if out is None:
        out = np.zeros(len(space), dtype=np.int8)
    else:
        out.fill(0)
    if not game.over:
        mark(out, space.ids(game.legal_actions()))
    return out


def mark(mask: np.ndarray, ids: list[int]) -> None:
    """Set ``mask`` (a contiguous ``int8`` array) to 1 at ``ids``: item by item through a memoryview, which
    costs less than numpy's indexing with a list for the few dozen ids of a decision."""
    mv: Floats = mask.data
    for i in ids:
        mv[i] = 1


class ObservationEncoder:
    """One seat's view of a game as a fixed-size ``float32`` array.

    Args:
        players: 2 to 10 seats.
        edition: ``"base"`` or ``"enhanced"``.
        rules: rule options; they fix the deck size and the turn limit the features are scaled by.
        history: how many of the latest actions are encoded (0 to 64).

    Seats are absolute (seat 0 is P1), as in action ids; the ``seat`` feature marks which one is
    looking. Card-type features cover the edition's card types in the engine's type order.

    An encoder keeps the parts of the last game it encoded that change on few steps (banks, tables,
    turn order, discard pile, latest actions) and brings them up to date by what changed, so one
    encoder per game stream (environment) is fastest; any game of its size may be encoded.
    """

    def __init__(self, players: int = 2, edition: str = "base", rules: Rules | None = None,
                 history: int = 8) -> None:
        if not isinstance(players, int) or not 2 <= players <= 10:
            raise ValueError(f"players must be 2 to 10, not {players!r}")
        if edition not in EDITIONS:
            raise ValueError(f"unknown edition {edition!r}; choose one of {', '.join(EDITIONS)}")
        if not isinstance(history, int) or not 0 <= history <= 64:
            raise ValueError(f"history must be 0 to 64 actions, not {history!r}")
        self.players, self.edition, self.rules, self.history = players, edition, rules or Rules(), history
        types = types_in(edition)
        cards = sum(EDITIONS[edition].values()) * (self.rules.decks or decks_for(players))
        bank_types = [t for t in types if not t.is_property]
        prop_types = [t for t in types if t.is_property]
        self._pos = {t.index: i for i, t in enumerate(types)}            # card type -> place in a type feature
        self._bank_pos = {t.index: i for i, t in enumerate(bank_types)}
        self._prop_pos = {t.index: i for i, t in enumerate(prop_types)}
        self._card_pos = {t.key: i for i, t in enumerate(bank_types)}    # an action card named by its verb
        # Per physical card of this game size's deck: its place in the type features, and its value.
        self._copies = self.rules.decks or decks_for(players)
        deck = build_deck(edition, self._copies, self.rules.values)
        self._deck = deck.cards
        self._type_of = [self._pos[t] for t in deck.cards]
        self._bank_of = [self._bank_pos.get(t, -1) for t in deck.cards]
        self._prop_of = [self._prop_pos.get(t, -1) for t in deck.cards]
        self._value_of = [deck.values[t] for t in deck.cards]
        self._kind_of = [_KIND[t] for t in deck.cards]
        shown = min(action_space(players, edition, self.rules).groups, GROUPS_SHOWN)
        n, nt, nb, npr, nf = players, len(types), len(bank_types), len(prop_types), len(COLOUR_FIELDS)
        # A table row: property cards by type, then each colour slot's fields, then each colour's
        # first groups (cards, complete), then the number of complete colours.
        self._row = (npr, npr + SLOTS * nf, npr + SLOTS * nf + 10 * shown * 2)
        self._shown = shown
        width = self._row[2] + 1
        self._entry = 1 + len(WORDS) + nb + nt + SLOTS + 1 + n + SLOTS + 1
        blocks: list[tuple[str, tuple[int, ...], float, str]] = [
            ("seat", (n,), 1, "one-hot: the seat looking"),
            ("hand", (nt,), cards, "own hand: cards of each type"),
            ("hand_sizes", (n,), cards, "cards in each seat's hand"),
            ("banks", (n, nb), cards, "each seat's bank: cards of each money or action type"),
            ("bank_values", (n,), MONEY_HIGH, "each seat's bank total (M)"),
            ("tables", (n, width), max(cards, MONEY_HIGH),
             (f"each seat's properties: {npr} cards of each property type; then for each of the {SLOTS} colour "
              f"slots (the ten colours, then 'none', R6.3) its {nf} fields: {', '.join(COLOUR_FIELDS)}; then for "
              f"each colour its first {shown} groups: cards, complete (0/1); then how many colours are complete")),
            ("jailed", (n,), 1, "1 if the seat is in jail (Go To Jail)"),
            ("turn_order", (n, n), 1, "each seat's place in the turn order, one-hot"),
            ("active", (n,), 1, "one-hot: whose turn it is"),
            ("plays_left", (PLAYS_PER_TURN + 1,), 1, "one-hot: plays left this turn (0 to 3)"),
            ("turn", (1,), 1, "turn number / the turn limit"),
            ("draw_size", (1,), cards, "cards in the draw pile"),
            ("discard", (nt,), cards, "discard pile: cards of each type"),
            ("decision", (len(DECISIONS),), 1, "one-hot: the pending decision (" + ", ".join(DECISIONS) + ")"),
            ("decider", (n,), 1, "one-hot: the seat that owes it"),
            ("to_act", (1,), 1, "1 if the looking seat owes it"),
            ("pending_card", (nb,), 1, "one-hot: the action card being answered, given, taken, paid for"),
            ("actor", (n,), 1, "one-hot: who played it"),
            ("target", (n,), 1, "one-hot: who answers now (respond)"),
            ("against", (n,), 1, "one-hot: whom the answer is against (respond)"),
            ("noes", (1,), cards, "Just Say No cards played in this chain (respond)"),
            ("transferred_from", (n,), 1, "one-hot: who passed the bill on with Rent Transfer (respond)"),
            ("amount", (1,), MONEY_HIGH, "what the card charges (respond to a payment card)"),
            ("payer", (n,), 1, "one-hot: who pays (pay)"),
            ("receiver", (n,), 1, "one-hot: who is paid (pay)"),
            ("owed", (1,), MONEY_HIGH, "what is still owed (pay)"),
            ("building", (nt,), 1, "one-hot: the house or hotel to place (place)"),
            ("deal_cards", (npr,), cards, "the cards a deal is about, by type (give, take, respond)"),
            ("deal_seats", (n,), cards, "whose cards a deal is about (give, take, respond)"),
            ("deal_colours", (SLOTS,), cards, "the colours those cards lie in (give, take, respond)"),
            ("swap", (npr + 2 * SLOTS + 1,), cards,
             "the card being swapped out of a set: type one-hot, colour, new colour, group + 1 (swap)"),
            ("history", (history, self._entry), max(cards, 10),
             (f"the latest actions, newest first, each: present; verb, one-hot ({', '.join(WORDS)}, or the "
              f"action card played: {nb} money/action types); card named ({nt} types); colour ({SLOTS}); "
              f"group + 1; seat(s) named ({n}); second colour ({SLOTS}); extra + 1 (rent doubles, target group)")),
        ]
        features: list[Feature] = []
        offset = 0
        for name, shape, high, meaning in blocks:
            feature = Feature(name, shape, offset, float(high), meaning)
            features.append(feature)
            offset += feature.size
        self.features: tuple[Feature, ...] = tuple(features)
        self.size = offset
        self.high = np.concatenate([np.full(f.size, f.high, dtype=np.float32) for f in features])
        self._at = {f.name: f.offset for f in features}
        # The offsets written on every encoding, as attributes (a compiled attribute read beats a dict lookup).
        self._o_seat, self._o_hand, self._o_hand_sizes = self._at["seat"], self._at["hand"], self._at["hand_sizes"]
        self._o_jailed, self._o_active, self._o_plays_left = self._at["jailed"], self._at["active"], self._at["plays_left"]
        self._o_turn, self._o_draw_size = self._at["turn"], self._at["draw_size"]
        self._o_decision, self._o_decider, self._o_to_act = self._at["decision"], self._at["decider"], self._at["to_act"]
        self._width = width
        self._deck_seen: object = None     # the deck of a game found to be of this size (decks are shared)
        # The observation's parts that change on few steps, as the last game encoded has them, kept up to
        # date as it changes (see _follow): every seat's bank and table, the turn order, the discard pile and
        # the latest actions. An observation starts as a copy of it; every other place of it is 0.
        self._kept = np.zeros(offset, dtype=np.float32)
        self._kept_mv: Floats = self._kept.data
        self._game: Game | None = None
        self._forget()
        self._entries: dict[Action, array[float]] = {}   # an action's history entry, whole
        # Zeros to clear a group's places or the history with (a memoryview takes a buffer of its format).
        self._zero_groups = array("f", bytes(4 * shown * 2))
        self._zero_history = array("f", bytes(4 * self._entry * history))

    def feature(self, name: str) -> Feature:
        """The feature called ``name`` (``KeyError`` if there is none)."""
        for f in self.features:
            if f.name == name:
                return f
        raise KeyError(name)

    def describe(self) -> str:
        """Every feature as a markdown table: name, shape, offset, range and meaning."""
        rows = ["| feature | shape | offset | range | meaning |", "|---|---|---|---|---|"]
        for f in self.features:
            shape = " × ".join(map(str, f.shape))
            rows.append(f"| `{f.name}` | {shape} | {f.offset} | 0 to {f.high:g} | {f.meaning} |")
        return "\n".join(rows)

    def encode(self, game: Game, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """``seat``'s observation of ``game``: written into ``out`` (a contiguous ``float32`` array of
        :attr:`size`) when given, else into a new array."""
        if game.players != self.players or (game.deck is not self._deck_seen and not self._fits(game)):
            raise ValueError(f"this encoder is for {self.players} players, {self.edition}, {self._copies} deck(s); "
                             f"the game has {game.players} players, {game.edition}, {game.deck.copies} deck(s)")
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be one of 0 to {self.players - 1}, not {seat!r}")
        self._follow(game)
        if out is None:
            out = self._kept.copy()
        else:
            out[:] = self._kept
        mv: Floats = out.data  # a memoryview: item writes through it cost a third of numpy's
        self._seat_and_hands(game, seat, mv)
        self._turn(game, mv)
        self._decision(game, seat, mv)
        if game.private:
            self._own_private_actions(game, seat, mv)
        return out

    def _fits(self, game: Game) -> bool:
        """Whether ``game``'s edition and deck are this encoder's; the deck (one object for every game with
        these cards) is remembered, so that the next game's is checked at once."""
        if game.edition != self.edition or game.deck.cards != self._deck:
            return False
        self._deck_seen = game.deck
        return True

    # --- the parts of an observation ----------------------------------------------------------

    def _follow(self, game: Game) -> None:
        """Bring the kept parts up to ``game``: for the game encoded last, only what changed since; for
        another game, all of it. What changed is read from the engine: it bumps a seat's and a colour
        slot's version on every change to them (its legal-action memo relies on it), its history only
        grows, and its discard pile only grows until a reshuffle makes a new one."""
        n = self.players
        if game is not self._game:
            self._game = game
            self._forget()
        for p in range(n):
            if game.banks[p] != self._banks_seen[p]:
                self._bank(game, p)
        if game.order != self._order_seen:
            self._turn_order(game)
        versions, slots = game.table_versions()     # the engine's live lists: read, never changed
        seen = self._slot_versions
        for p in range(n):
            if versions[p] != self._versions[p]:
                self._versions[p] = versions[p]
                for slot in range(p * SLOTS, (p + 1) * SLOTS):
                    if slots[slot] != seen[slot]:
                        seen[slot] = slots[slot]
                        self._colour(game, p, slot - p * SLOTS)
        if self.history and len(game.history) != self._recent_count:
            self._follow_history(game)
        self._follow_discard(game)

    def _forget(self) -> None:
        """Clear the kept parts and what they were made from: the next game is encoded from scratch."""
        n = self.players
        self._kept.fill(0)
        self._banks_seen: list[list[int]] = [[-1] for _ in range(n)]   # no bank is [-1]: each is encoded
        self._order_seen: list[int] = []
        self._versions = [-1] * n
        self._slot_versions = [-1] * (n * SLOTS)
        self._slot_props: list[list[int]] = [[] for _ in range(n * SLOTS)]  # property-type places per slot
        self._slot_complete = [0] * (n * SLOTS)
        self._recent_count = -1                 # len(game.history) when the history part was made
        self._discard_pile: list[int] = []      # the engine's list (a reshuffle replaces it) and its length
        self._discarded = 0

    def _bank(self, game: Game, p: int) -> None:
        """Seat ``p``'s part of the ``banks`` and ``bank_values`` features."""
        mv, nb, bank_of, values = self._kept_mv, len(self._bank_pos), self._bank_of, self._value_of
        bank = self._at["banks"] + p * nb
        mv[bank:bank + nb] = array("f", bytes(4 * nb))
        total = 0
        for c in game.banks[p]:
            mv[bank + bank_of[c]] += 1.0
            total += values[c]
        mv[self._at["bank_values"] + p] = total
        self._banks_seen[p] = game.banks[p][:]

    def _turn_order(self, game: Game) -> None:
        mv, n, order = self._kept_mv, self.players, self._at["turn_order"]
        mv[order:order + n * n] = array("f", bytes(4 * n * n))
        for place, p in enumerate(game.order):
            mv[order + p * n + place] = 1.0
        self._order_seen = game.order[:]

    def _follow_discard(self, game: Game) -> None:
        """The ``discard`` feature: the cards discarded since the last encoding are counted in."""
        discard, types = game.discard, self._at["discard"]
        if discard is not self._discard_pile or len(discard) < self._discarded:
            self._discard_pile, self._discarded = discard, 0
            self._kept_mv[types:types + len(self._pos)] = array("f", bytes(4 * len(self._pos)))
        if len(discard) > self._discarded:
            mv, type_of = self._kept_mv, self._type_of
            for c in discard[self._discarded:]:
                mv[types + type_of[c]] += 1.0
            self._discarded = len(discard)

    def _colour(self, game: Game, p: int, colour: int) -> None:
        """Re-encode one colour slot of seat ``p``'s ``tables`` row (see the feature's meaning)."""
        prop_of, kind_of, shown, nf = self._prop_of, self._kind_of, self._shown, len(COLOUR_FIELDS)
        fields_at, groups_at, last = self._row
        row, base = self._kept_mv, self._at["tables"] + p * self._width
        slot = p * SLOTS + colour
        props: list[int] = []
        cards = wilds = rainbows = houses = hotels = complete = best_rent = 0
        progress = 0.0
        col = game.groups[p][colour]
        if colour < 10:
            size = SET_SIZE[colour]
            groups = base + groups_at + colour * shown * 2
            row[groups:groups + shown * 2] = self._zero_groups
        for ordinal, g in enumerate(col):
            for c in g.cards:
                props.append(prop_of[c])
                kind = kind_of[c]
                wilds += kind == _WILD
                rainbows += kind == _RAINBOW
            cards += len(g.cards)
            houses += g.house >= 0
            hotels += g.hotel >= 0
            if colour < 10:
                done = game.is_complete(g, colour)
                complete += done
                progress = max(progress, min(1.0, len(g.cards) / size))
                best_rent = max(best_rent, game.rent_of(g, colour))
                if ordinal < shown:
                    row[groups + ordinal * 2] = len(g.cards)
                    row[groups + ordinal * 2 + 1] = float(done)
        if props != self._slot_props[slot]:   # the same cards (a building came or went): no change
            for at in self._slot_props[slot]:
                row[base + at] -= 1.0
            for at in props:
                row[base + at] += 1.0
            self._slot_props[slot] = props
        at = base + fields_at + colour * nf   # the fields in COLOUR_FIELDS order
        row[at], row[at + 1], row[at + 2], row[at + 3] = cards, len(col), complete, progress
        row[at + 4], row[at + 5], row[at + 6], row[at + 7], row[at + 8] = wilds, rainbows, houses, hotels, best_rent
        row[base + last] += (complete > 0) - self._slot_complete[slot]
        self._slot_complete[slot] = int(complete > 0)

    def _follow_history(self, game: Game) -> None:
        """The ``history`` feature: the actions since the last encoding shift the older ones down. It is
        kept as every seat may know it (:meth:`Game.public_action`); :meth:`encode` shows a seat its own
        private actions in full."""
        entry, keep, mv, start = self._entry, self.history, self._kept_mv, self._at["history"]
        end = start + keep * entry
        new = len(game.history) - self._recent_count
        if self._recent_count < 0 or not 0 < new < keep:
            new = min(keep, len(game.history))
            mv[start:end] = self._zero_history
        else:
            mv[start + new * entry:end] = mv[start:end - new * entry]  # a memmove
        history = game.history
        self._recent_count = count = len(history)
        private = game.private
        # The places of the new actions that are private: game.private is in order, so they are its last.
        hidden = [place for place, _ in private[-new:] if place >= count - new] if private else []
        for k in range(new):
            index = count - 1 - k
            a = game.public_action(index) if index in hidden else history[index]
            mv[start + k * entry:start + (k + 1) * entry] = self._entry_of(a)

    def _own_private_actions(self, game: Game, seat: int, mv: Floats) -> None:
        """``seat``'s own private actions among the latest (a card it put back under the draw pile), in full
        over the kept history's public form of them."""
        entry, start, count = self._entry, self._at["history"], len(game.history)
        for place, owner in reversed(game.private):
            k = count - 1 - place
            if k >= self.history:
                break
            if owner == seat:
                mv[start + k * entry:start + (k + 1) * entry] = self._entry_of(game.history[place])

    def _entry_of(self, a: Action) -> array[float]:
        """``a``'s history entry, made once per action."""
        cached = self._entries.get(a)
        if cached is None:
            cached = self._entries[a] = self._action_entry(a)
        return cached

    def _seat_and_hands(self, game: Game, seat: int, mv: Floats) -> None:
        type_of, hand, sizes, jailed = self._type_of, self._o_hand, self._o_hand_sizes, self._o_jailed
        mv[self._o_seat + seat] = 1.0
        for c in game.hands[seat]:
            mv[hand + type_of[c]] += 1.0
        for p in range(self.players):
            mv[sizes + p] = len(game.hands[p])
            mv[jailed + p] = game.jailed[p]

    def _turn(self, game: Game, mv: Floats) -> None:
        mv[self._o_active + game.active] = 1.0
        mv[self._o_plays_left + PLAYS_PER_TURN - game.plays] = 1.0
        mv[self._o_turn] = min(1.0, game.turn / self.rules.max_turns)
        mv[self._o_draw_size] = len(game.draw)

    def _decision(self, game: Game, seat: int, mv: Floats) -> None:
        """The pending decision, with exactly the context :meth:`Game.decision_info` makes public. A seat
        or card of ``-1`` (none) is not written."""
        at, d = self._at, game.decision
        mv[self._o_decision + d] = 1.0
        if game.over:
            return
        mv[self._o_decider + game.decider] = 1.0
        mv[self._o_to_act] = float(game.decider == seat)
        attack, chain, payment = game.attack, game.chain, game.payment
        if d in (GIVING, TAKING, RESPONDING, PAYING, PLACING, SPEEDING):
            card = self._card_pos.get(attack.verb, -1)
            if card >= 0:
                mv[at["pending_card"] + card] = 1.0
            if attack.actor >= 0:
                mv[at["actor"] + attack.actor] = 1.0
        if d == RESPONDING:
            for name, p in (("target", chain.defender), ("against", chain.aggressor),
                            ("transferred_from", chain.transferred_from)):
                if p >= 0:
                    mv[at[name] + p] = 1.0
            mv[at["noes"]] = chain.noes
            if attack.verb in _PAYMENT_VERBS:
                mv[at["amount"]] = attack.amount
        elif d == PAYING:
            mv[at["payer"] + payment.payer] = 1.0
            mv[at["receiver"] + payment.receiver] = 1.0
            mv[at["owed"]] = payment.owed
        elif d == PLACING:
            mv[at["building"] + self._type_of[payment.buildings[0]]] = 1.0
        elif d == SWAPPING and game.swap is not None:
            colour, ordinal, card, colour2 = game.swap
            swap, npr = at["swap"], len(self._prop_pos)
            mv[swap + self._prop_of[card]] = 1.0
            mv[swap + npr + colour] = 1.0
            mv[swap + npr + SLOTS + colour2] = 1.0
            mv[swap + npr + 2 * SLOTS] = ordinal + 1
        if d in (GIVING, TAKING, RESPONDING):
            seats, colours, cards = at["deal_seats"], at["deal_colours"], at["deal_cards"]
            names_cards = attack.verb != "deal-breaker"  # a Deal Breaker names a group, not a card
            for p, colour, card in attack.cards:
                mv[seats + p] += 1.0
                mv[colours + colour] += 1.0
                if names_cards and self._prop_of[card] >= 0:
                    mv[cards + self._prop_of[card]] += 1.0

    def _action_entry(self, a: Action) -> array[float]:
        """One action's entry of the ``history`` feature, every place of it."""
        verb = 1
        cards = verb + len(WORDS)
        card = cards + len(self._bank_pos)
        colour = card + len(self._pos)
        group = colour + SLOTS
        seats = group + 1
        colour2 = seats + self.players
        extra = colour2 + SLOTS
        idx = [0, verb + _WORD_INDEX[a.verb] if a.verb in _WORD_INDEX else cards + self._card_pos[a.verb]]
        val = [1.0, 1.0]
        if a.card >= 0:
            idx.append(card + self._pos[a.card])
            val.append(1.0)
        if a.colour >= 0:
            idx += [colour + a.colour, group]
            val += [1.0, a.group + 1]
        if a.player >= 0:
            idx.append(seats + a.player)
            val.append(1.0)
        if a.colour2 >= 0:
            idx.append(colour2 + a.colour2)
            val.append(1.0)
        if a.extra >= 0:
            idx.append(seats + a.extra if a.verb == "speeding-deal" else extra)  # its extra is a second seat
            val.append(1.0 if a.verb == "speeding-deal" else a.extra + 1)
        entry = array("f", bytes(4 * self._entry))
        for i, v in zip(idx, val, strict=True):  # an entry names each place once
            entry[i] = v
        return entry


_WORD_INDEX = {w: i for i, w in enumerate(WORDS)}
_KIND = tuple(int(t.kind) for t in TYPES)

