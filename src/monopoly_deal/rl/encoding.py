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
:meth:`Game.decision_info`'s terms) and the public action history. It reads the engine's fields
directly rather than building the view dict, which costs more than a whole environment step;
tests/rl/test_encoding.py checks that games differing only in cards the seat cannot see encode
the same at every step.
"""

from __future__ import annotations

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
    return list(map(space.id, game.legal_actions()))


def action_mask(game: Game, space: ActionSpace, out: np.ndarray | None = None) -> np.ndarray:
    """A 0/1 ``int8`` array over ``space``: 1 where the action is legal now (all 0 once the game is over)."""
    if out is None:
        out = np.zeros(len(space), dtype=np.int8)
    else:
        out.fill(0)
    if not game.over:
        out[legal_ids(game, space)] = 1
    return out


class ObservationEncoder:
    """One seat's view of a game as a fixed-size ``float32`` array.

    Args:
        players: 2 to 10 seats.
        edition: ``"base"`` or ``"enhanced"``.
        rules: rule options; they fix the deck size and the turn limit the features are scaled by.
        history: how many of the latest actions are encoded (0 to 64).

    Seats are absolute (seat 0 is P1), as in action ids; the ``seat`` feature marks which one is
    looking. Card-type features cover the edition's card types in the engine's type order.

    An encoder remembers the tables of the last game it encoded (they change on few steps), so one
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
        self._type_array = np.array(self._type_of, dtype=np.intp)
        self._bank_of = [self._bank_pos.get(t, -1) for t in deck.cards]
        self._prop_of = [self._prop_pos.get(t, -1) for t in deck.cards]
        self._value_of = [deck.values[t] for t in deck.cards]
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
        self._tables_at = (self._at["tables"], self._at["tables"] + n * width)
        # The tables of the last game encoded, one row per seat, and the engine's table version of each row.
        self._game: Game | None = None
        self._versions = [-1] * n
        self._tables = np.zeros((n, width), dtype=np.float32)
        self._entries: dict[Action, list[tuple[int, float]]] = {}

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
        if game.players != self.players or game.edition != self.edition or game.deck.cards != self._deck:
            raise ValueError(f"this encoder is for {self.players} players, {self.edition}, {self._copies} deck(s); "
                             f"the game has {game.players} players, {game.edition}, {game.deck.copies} deck(s)")
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be one of 0 to {self.players - 1}, not {seat!r}")
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out.fill(0)
        self._refresh_tables(game)
        start, end = self._tables_at
        out[start:end] = self._tables.reshape(-1)
        discard, types = self._at["discard"], len(self._pos)
        if game.discard:
            out[discard:discard + types] = np.bincount(self._type_array[game.discard], minlength=types)
        mv: Floats = out.data  # a memoryview: item writes through it cost a third of numpy's
        self._hands_and_banks(game, seat, mv)
        self._turn(game, mv)
        self._decision(game, seat, mv)
        self._history(game, mv)
        return out

    # --- the parts of an observation ----------------------------------------------------------

    def _refresh_tables(self, game: Game) -> None:
        """Re-encode the rows of the seats whose tables changed since this game was last encoded. The
        engine bumps a seat's table version on every change (its legal-action memo relies on it)."""
        if game is not self._game:
            self._game = game
            self._versions = [-1] * self.players
        versions = game._ver
        for p in range(self.players):
            if versions[p] != self._versions[p]:
                self._tables[p] = self._table_row(game, p)
                self._versions[p] = versions[p]

    def _table_row(self, game: Game, p: int) -> list[float]:
        """One seat's ``tables`` row (see the feature's meaning)."""
        ct, prop_pos, shown = game.deck.cards, self._prop_pos, self._shown
        fields_at, groups_at, last = self._row
        row = [0.0] * (last + 1)
        nf = len(COLOUR_FIELDS)
        for colour, col in enumerate(game.groups[p]):
            if not col:
                continue
            size = SET_SIZE[colour] if colour < 10 else 0
            cards = wilds = rainbows = houses = hotels = complete = 0
            progress = 0.0
            best_rent = 0
            for ordinal, g in enumerate(col):
                done = colour < 10 and game.is_complete(g, colour)
                for c in g.cards:
                    t = ct[c]
                    row[prop_pos[t]] += 1
                    wilds += _KIND[t] == _WILD
                    rainbows += _KIND[t] == _RAINBOW
                cards += len(g.cards)
                complete += done
                houses += g.house >= 0
                hotels += g.hotel >= 0
                if colour < 10:
                    progress = max(progress, min(1.0, len(g.cards) / size))
                    best_rent = max(best_rent, game.rent_of(g, colour))
                    if ordinal < shown:
                        at = groups_at + (colour * shown + ordinal) * 2
                        row[at], row[at + 1] = len(g.cards), float(done)
            at = fields_at + colour * nf
            row[at:at + nf] = [cards, len(col), complete, progress, wilds, rainbows, houses, hotels, best_rent]
            row[last] += complete > 0
        return row

    def _hands_and_banks(self, game: Game, seat: int, mv: Floats) -> None:
        at, type_of, bank_of, values = self._at, self._type_of, self._bank_of, self._value_of
        nb = len(self._bank_pos)
        mv[at["seat"] + seat] = 1.0
        hand = at["hand"]
        for c in game.hands[seat]:
            mv[hand + type_of[c]] += 1.0
        sizes, banks, bank_values, jailed = at["hand_sizes"], at["banks"], at["bank_values"], at["jailed"]
        for p in range(self.players):
            mv[sizes + p] = len(game.hands[p])
            bank = banks + p * nb
            total = 0
            for c in game.banks[p]:
                mv[bank + bank_of[c]] += 1.0
                total += values[c]
            mv[bank_values + p] = total
            mv[jailed + p] = game.jailed[p]

    def _turn(self, game: Game, mv: Floats) -> None:
        at, n = self._at, self.players
        order = at["turn_order"]
        for place, p in enumerate(game.order):
            mv[order + p * n + place] = 1.0
        mv[at["active"] + game.active] = 1.0
        mv[at["plays_left"] + PLAYS_PER_TURN - game.plays] = 1.0
        mv[at["turn"]] = min(1.0, game.turn / self.rules.max_turns)
        mv[at["draw_size"]] = len(game.draw)

    def _decision(self, game: Game, seat: int, mv: Floats) -> None:
        """The pending decision, with exactly the context :meth:`Game.decision_info` makes public."""
        at, d = self._at, game.decision

        def one(name: str, i: int, value: float = 1.0) -> None:
            if i >= 0:
                mv[at[name] + i] += value

        one("decision", d)
        if game.over:
            return
        one("decider", game.decider)
        one("to_act", 0, float(game.decider == seat))
        if d in (GIVING, TAKING, RESPONDING, PAYING, PLACING, SPEEDING):
            one("pending_card", self._card_pos.get(game.a_verb, -1))
            one("actor", game.a_actor)
        if d == RESPONDING:
            one("target", game.c_def)
            one("against", game.c_agg)
            one("noes", 0, game.c_noes)
            one("transferred_from", game.c_from)
            if game.a_verb in _PAYMENT_VERBS:
                one("amount", 0, game.a_amount)
        if d == PAYING:
            one("payer", game.p_from)
            one("receiver", game.p_to)
            one("owed", 0, game.p_owed)
        if d == PLACING:
            one("building", self._type_of[game.p_buildings[0]])
        if d in (GIVING, TAKING, RESPONDING):
            for p, colour, card in game.a_cards:
                one("deal_seats", p)
                one("deal_colours", colour)
                if game.a_verb != "deal-breaker":  # a Deal Breaker names a group, not a card
                    one("deal_cards", self._prop_of[card])
        if d == SWAPPING and game.swap is not None:
            colour, ordinal, card, colour2 = game.swap
            npr = len(self._prop_pos)
            one("swap", self._prop_of[card])
            one("swap", npr + colour)
            one("swap", npr + SLOTS + colour2)
            one("swap", npr + 2 * SLOTS, ordinal + 1)

    def _history(self, game: Game, mv: Floats) -> None:
        if not self.history:
            return
        start, entry, entries = self._at["history"], self._entry, self._entries
        for k, a in enumerate(reversed(game.history[-self.history:])):
            cached = entries.get(a)
            if cached is None:
                cached = entries[a] = self._action_entry(a)
            base = start + k * entry
            for i, v in cached:  # an entry names each place once
                mv[base + i] = v

    def _action_entry(self, a: Action) -> list[tuple[int, float]]:
        """One action of the history: (index in its entry, value) pairs."""
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
        return list(zip(idx, val))


_WORD_INDEX = {w: i for i, w in enumerate(WORDS)}
_KIND = tuple(int(t.kind) for t in TYPES)
