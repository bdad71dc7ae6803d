"""Views and hidden information: a seat's view, an onlooker's, what an action charges."""

from __future__ import annotations

from typing import Any

from .actions import BANK, DISCARD, PAY, Action
from .cards import TYPE_BY_KEY
from .handlers import Handlers
from .tables import (
    _GROUP_KEYS,
    _INDEX,
    _K_BIRTHDAY,
    _K_DEBT_COLLECTOR,
    _K_RENT,
    _K_RENT_ANY,
    _KIND,
    _PAYMENT_VERBS,
    DECISIONS,
    GIVING,
    OVER,
    PAYING,
    PLACING,
    PLAYS_PER_TURN,
    RESPONDING,
    SPEEDING,
    SWAPPING,
    TAKING,
    _values_of,
)


class Views(Handlers):
    """What each seat may see (hidden cards leave only here), what actions charge."""

    __slots__ = ()

    # --- views and hidden information (hidden cards never leave except here)

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see: own hand, others' hand sizes, every table,
        the discard pile, the draw-pile size, the pending decision and what each card
        of this deck is worth (``values``, R1.5). ``None``: what an onlooker sees, no hand.

        >>> from monopoly_deal import Game, Rules
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
        attack, chain, payment = self.attack, self.chain, self.payment
        if d in (GIVING, TAKING, RESPONDING, PAYING, PLACING, SPEEDING):
            info.update(action=attack.verb, actor=attack.actor)
        if d == RESPONDING:
            info.update(target=chain.defender, against=chain.aggressor, noes=chain.noes,
                        transferred_from=chain.transferred_from if chain.transferred_from >= 0 else None)
            if attack.verb in _PAYMENT_VERBS:
                info["amount"] = attack.amount
        if d == PAYING:
            # paid: what the cards handed over so far are worth (R8.2: no change, so it may pass the debt)
            info.update(payer=payment.payer, receiver=payment.receiver, owed=payment.owed,
                        paid=sum(self._value[self._ct[c]] for c in payment.paid))
        if d == PLACING:
            info.update(building=self.card_key(payment.buildings[0]))
        if d in (GIVING, TAKING, RESPONDING) and attack.cards:
            staked = attack.cards
            if attack.verb == "deal-breaker":   # it holds the group's ordinal: the stake is each of its cards
                (p, colour, ordinal), = staked
                staked = [(p, colour, c) for c in self.groups[p][colour][ordinal].cards]
            info["cards"] = [[self.names[p], _GROUP_KEYS[colour], self.card_key(c)] for p, colour, c in staked]
        if d == SWAPPING and self.swap is not None:
            colour, ordinal, card, colour2 = self.swap
            info.update(card=self.card_key(card), colour=_GROUP_KEYS[colour], group=ordinal, to=_GROUP_KEYS[colour2])
        return info

    def seen_action(self, index: int, seat: int) -> Action:
        """``history[index]`` as ``seat`` may know it: the action itself, unless another seat took it
        in private (:attr:`private`); then :meth:`public_action`.

        >>> from monopoly_deal import Game
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

