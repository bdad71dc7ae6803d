"""Attacks and payment (R5, R8): targets, Just Say No chains, effects, paying."""

from __future__ import annotations

from .actions import Action
from .cards import BIRTHDAY_CHARGE, DEBT_CHARGE, NO_COLOUR
from .pending import Attack, Chain, Payment
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
        self.attack, self.chain, self.payment = Attack(), Chain(), Payment()

    def _attack(self, targets: list[int], amount: int = 0) -> None:
        """The pending action card (:attr:`attack`, made by the play) asks ``targets``, charging each ``amount``."""
        attack = self.attack
        attack.queue, attack.amount = targets, amount
        self._next_target()

    def _next_target(self) -> None:
        """R5.8: targets answer in turn order, each finishing before the next. R7.1: a win
        (say, by a payment received) ends the game at once, before the next target is asked."""
        if self._dirty:
            dirty, self._dirty = self._dirty, 0
            self._check_winner(dirty)
            if self.decision == OVER:
                return
        attack = self.attack
        if not attack.queue:
            verb, attack.verb = attack.verb, ""
            attack.cards = []
            attack.colour = -1
            self.decision, self.decider = PLAYING, self.active
            self._log("done", verb)
            return
        target = attack.queue.pop(0)
        self.chain = Chain(attack.actor, target)  # a new one: clones may share the last (engine/pending.py)
        self._ask_answer()

    def _can_transfer(self, p: int) -> bool:
        chain = self.chain
        return (self.attack.verb in _RENT_VERBS and chain.transferred_from < 0 and chain.noes == 0
                and p == chain.defender and self.players > 2 and self._has_in_hand(p, _TRANSFER))

    def _ask_answer(self) -> None:
        """The next answer in the chain. Everyone is asked, also with ``accept`` as the only answer:
        skipping them would tell the table that they hold no Just Say No. With ``quick_accept`` (and in
        ``Version1Game``) such a player accepts at once."""
        chain = self.chain
        who = chain.defender if chain.noes % 2 == 0 else chain.aggressor
        if not self.quick or self._has_in_hand(who, _JSN) or self._can_transfer(who):
            self.decision, self.decider = RESPONDING, who
            return
        self._chain_ends()

    def _chain_ends(self) -> None:
        """R5.7: the last Just Say No standing decides; Rent Transfer (R1.3) may move the bill."""
        chain = self.chain
        cancelled = chain.noes % 2 == 1
        if chain.transferred_from >= 0:
            if cancelled:
                self._log("transfer-cancelled", chain.transferred_from, chain.defender)
            self._effect(chain.transferred_from if cancelled else chain.defender)
        elif cancelled:
            self._log("cancelled", self.attack.verb, chain.defender)
            self._next_target()
        else:
            self._effect(chain.defender)

    def _effect(self, target: int) -> None:
        attack = self.attack
        verb, actor = attack.verb, attack.actor
        if verb in _PAYMENT_VERBS:
            self._begin_payment(target, actor, attack.amount)
            return
        if verb in ("sly-deal", "double-sly-deal"):
            for p, colour, card in attack.cards:
                self._move_property(p, colour, card, actor, colour)
        elif verb == "forced-deal":
            (tp, tcol, take), (_, gcol, give) = attack.cards
            self._move_property(tp, tcol, take, actor, tcol)
            self._move_property(actor, gcol, give, tp, attack.colour)
        elif verb == "deal-breaker":
            (p, colour, ordinal), = attack.cards
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
            if hand and self.rules.speeding_discard == "chooser" and self._asks_speeding_target(hand):
                self.decision, self.decider = SPEEDING, target
                return
            if hand:
                card = hand.pop(self._rand(len(hand)))
                self.discard.append(card)
                self._log("discarded", target, self._ct[card])
        self._next_target()

    def _asks_speeding_target(self, hand: list[int]) -> bool:
        """Whether a Speeding Deal target who picks its discard from ``hand`` is asked to. R1.3: whenever
        there is a card to pick, even a forced one: asking only hands of several card types would tell the
        table which hands are all one type (as versions 1 and 2 did: ``Version2Game``)."""
        return True

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
        self.payment = Payment(payer, receiver, amount)  # a new one: clones may share the last (engine/pending.py)
        self._continue_payment()

    def _continue_payment(self) -> None:
        payment = self.payment
        if payment.owed > 0:
            total = self.table_value(payment.payer)
            if total > payment.owed:
                self.decision, self.decider = PAYING, payment.payer
                return
            if total > 0:  # R8.3: not enough, so everything of value
                self._pay_everything()
        if self.events is not None:  # the words only: no need to build them otherwise
            self._log("paid", payment.payer, payment.receiver, tuple(self._ct[c] for c in payment.paid))
        self._place_buildings()

    def _pay_everything(self) -> None:
        payment = self.payment
        payer, receiver = payment.payer, payment.receiver
        bank = self.banks[payer]
        payment.paid += bank
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
                        payment.buildings.append(b)
                        payment.paid.append(b)
                        self._touch(payer, colour)
                owed += [(colour, c) for c in g.cards if ct[c] != _RAINBOW]  # R8.4
        for colour, c in owed:  # R8.3: each wherever it lies now, however paying changed the groups
            self._remove(payer, colour, self._group_of(payer, colour, c), c)
            self._place(receiver, c, colour)
            payment.paid.append(c)
        payment.owed = 0

    def _place_buildings(self) -> None:
        """R8.6: the receiver puts each received building on a set, or in the bank."""
        # Houses first: a hotel paid with its house (R8.5 pays the hotel first) may go on that house.
        payment = self.payment
        buildings = payment.buildings
        buildings.sort(key=lambda b: _KIND[self._ct[b]] == _K_HOTEL)
        while buildings:
            b = buildings[0]
            if not self.rules.received_buildings_to_bank and self._building_spots(payment.receiver, b):
                self.decision, self.decider = PLACING, payment.receiver
                return
            self.banks[payment.receiver].append(buildings.pop(0))
        payment.payer = payment.receiver = -1
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

