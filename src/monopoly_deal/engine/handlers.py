"""The handlers, one per decision: what an action does."""

from __future__ import annotations

from .actions import ACCEPT, BANK, END, MOVE, NO, PLAY, SWAP, Action
from .legal import LegalActions
from .pending import Attack
from .tables import (
    _DOUBLE,
    _INDEX,
    _JSN,
    _K_BIRTHDAY,
    _K_DEAL_BREAKER,
    _K_DEBT_COLLECTOR,
    _K_DOUBLE_SLY_DEAL,
    _K_FORCED_DEAL,
    _K_GO_TO_JAIL,
    _K_HOTEL,
    _K_HOUSE,
    _K_INHERITOR,
    _K_PASS_GO,
    _K_RENT,
    _K_RENT_ANY,
    _K_SLY_DEAL,
    _K_SPEEDING_DEAL,
    _KIND,
    _TRANSFER,
    GIVING,
    HAND_LIMIT,
    PLAYING,
    PUTTING_BACK,
    SWAPPING,
    TAKING,
)


class Handlers(LegalActions):
    """What each decision's action does."""

    __slots__ = ()

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
        if kind == _K_PASS_GO:
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
        # Every other action card is an attack: a new one (clones may share the last, engine/pending.py).
        attack = self.attack = Attack(verb, p)
        if kind == _K_BIRTHDAY:
            self._attack(others, amount)
        elif kind == _K_DEBT_COLLECTOR:
            self._attack([a.player], amount)
        elif kind == _K_RENT or kind == _K_RENT_ANY:
            for _ in range(a.extra):
                self._discard_from_hand(p, _DOUBLE)
            self.plays += a.extra
            self._attack(others if kind == _K_RENT else [a.player], amount)
        elif kind in (_K_SLY_DEAL, _K_FORCED_DEAL, _K_DOUBLE_SLY_DEAL):
            card = self._card_in_group(self.groups[a.player][a.colour][a.group], a.card)
            attack.cards = [(a.player, a.colour, card)]
            if kind == _K_FORCED_DEAL:
                self.decision = GIVING
            elif kind == _K_DOUBLE_SLY_DEAL and self._legal_take():
                self.decision = TAKING
            else:
                self._attack([a.player])
        elif kind == _K_DEAL_BREAKER:
            attack.cards = [(a.player, a.colour, a.group)]
            self._attack([a.player])
        elif kind == _K_GO_TO_JAIL or kind == _K_INHERITOR:
            self._attack([a.player])
        elif kind == _K_SPEEDING_DEAL:
            self._attack([q for q in others if q in (a.player, a.extra)])

    def _pass_go(self, p: int, t: int, a: Action) -> None:
        """R5.2: draw 2. R5.1 (S1-6.3): the card goes to the discard pile once used, after the draw, so
        a reshuffle of the discard pile (R9.1) in that draw does not hold it (versions 1 to 3 discarded it
        first: ``Version3Game``)."""
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
        attack = self.attack
        attack.cards.append((self.active, a.colour, card))
        attack.colour = a.colour2 if a.colour2 >= 0 else a.colour
        self._attack([attack.cards[0][0]])

    def _do_take(self, a: Action) -> None:
        (p, _, first), = self.attack.cards
        card = self._card_in_group(self.groups[p][a.colour][a.group], a.card, skip=first)
        self.attack.cards.append((p, a.colour, card))
        self._attack([p])

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
            self.chain.noes += 1
            self._log("no", who)
            self._ask_answer()
        else:  # Rent Transfer: a reaction; the named player pays unless they say no
            self._discard_from_hand(who, _TRANSFER)
            self._log("transfer", who, a.player)
            chain = self.chain
            chain.transferred_from, chain.aggressor, chain.defender, chain.noes = who, who, a.player, 0
            self._ask_answer()

    def _do_pay(self, a: Action) -> None:
        payment = self.payment
        payer, receiver = payment.payer, payment.receiver
        if a.colour < 0:
            bank = self.banks[payer]
            card = self._first(bank, a.card)
            bank.remove(card)
            self.banks[receiver].append(card)
        else:
            g = self.groups[payer][a.colour][a.group]
            if g.hotel >= 0 and self._ct[g.hotel] == a.card:
                card, g.hotel = g.hotel, -1
                payment.buildings.append(card)
            elif g.house >= 0 and self._ct[g.house] == a.card:
                card, g.house = g.house, -1
                payment.buildings.append(card)
            else:
                card = self._card_in_group(g, a.card)
                self._remove(payer, a.colour, g, card)
                self._place(receiver, card, a.colour)  # R8.6: to the receiver's properties
            self._touch(payer, a.colour)
        payment.paid.append(card)
        payment.owed -= self._value[a.card]
        self._continue_payment()

    def _do_place(self, a: Action) -> None:
        payment = self.payment
        b = payment.buildings.pop(0)
        p = payment.receiver
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

