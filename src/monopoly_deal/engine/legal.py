"""Legal actions, one generator per decision."""

from __future__ import annotations

from typing import Any

from .actions import DISCARD, GIVE, MOVE, PAY, PLACE, PLAY, SWAP, TAKE, TRANSFER, WITH, Action
from .attacks import Attacks
from .cards import NO_COLOUR
from .tables import (
    _ACCEPT,
    _COLOURS,
    _DOUBLE,
    _END,
    _IS_WILD,
    _JOINABLE,
    _JSN,
    _K_DEAL_BREAKER,
    _K_DOUBLE_SLY_DEAL,
    _K_FORCED_DEAL,
    _K_HOTEL,
    _K_HOUSE,
    _K_PROPERTY,
    _K_RAINBOW,
    _K_RENT,
    _K_RENT_ANY,
    _K_SLY_DEAL,
    _KEY,
    _KIND,
    _LOOKS_AT_TABLES,
    _NO,
    _PLACE_BANK,
    _RAINBOW,
    _REARRANGEMENTS,
    _SETS,
    _SIZE,
    _SLOTS,
    _STEALABLE,
    PLAYS_PER_TURN,
    Group,
    _new,
    _SlotMoves,
)


class LegalActions(Attacks):
    """The legal actions of each decision (R3–R8), memoised per seat's table."""

    __slots__ = ()

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
                acts += [_new(GIVE, t, colour, ordinal, -1, c2) for c2 in self._wild_targets(self.attack.cards[0][0], t)]
        return acts

    def _legal_take(self) -> list[Action]:
        (p, _, first), = self.attack.cards
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
            acts += [_new(TRANSFER, -1, -1, -1, q) for q in self._others[who] if q != self.attack.actor]
        return acts

    def _legal_pay(self) -> list[Action]:
        p = self.payment.payer
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
        payment = self.payment
        spots = self._building_spots(payment.receiver, payment.buildings[0])
        return [_new(PLACE, -1, c, o) for c, o in spots] + [_PLACE_BANK]

    def _legal_discard(self) -> list[Action]:
        return [_new(DISCARD, t) for t in self._distinct(self.hands[self.decider])]

