"""Attacks and payment (R5, R8): targets, Just Say No chains, effects, paying."""

from __future__ import annotations

from .actions import Action
from .cards import BIRTHDAY_CHARGE, DEBT_CHARGE, NO_COLOUR
from .state import GameState
from .tables import (
    _BUILDABLE,
    _INDEX,
    _JSN,
    _K_BIRTHDAY,
    _K_DEBT_COLLECTOR,
    _K_HOTEL,
    _K_RENT,
    _K_RENT_ANY,
    _KIND,
    _PAYMENT_VERBS,
    _RAINBOW,
    _RENT_VERBS,
    _TRANSFER,
    OVER,
    PAYING,
    PLACING,
    PLAYING,
    RESPONDING,
    SPEEDING,
)


class Attacks(GameState):
    """Action cards aimed at players, Just Say No chains, their effects (R5) and payment (R8)."""

    __slots__ = ()

    def charge(self, action: Action) -> int:
        """What ``action``, played now, charges each player it asks to pay (R5.3, R5.4): a rent's amount
        (doubled for each Double the Rent), It's My Birthday's 2M, Debt Collector's 5M; 0 for any other.

        >>> from monopoly_deal import Action, Game
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

