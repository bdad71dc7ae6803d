"""A game's state and the moves of its cards (R2, R3, R6): the base of :class:`~monopoly_deal.engine.Game`."""

from __future__ import annotations

from typing import Any

from .actions import Action
from .cards import NO_COLOUR, RENT, Deck
from .dice import roll_off
from .pending import Attack, Chain, Payment
from .rules import RuleOptionError, Rules
from .tables import (
    _COLOURS,
    _K_PROPERTY,
    _KEY,
    _KIND,
    _M64,
    _RAINBOW,
    _RENT_BONUS,
    _SIZE,
    _SLOTS,
    OVER,
    PLAYING,
    Group,
    _SlotMoves,
)


class GameState:
    """The state of a game and the moves of cards: what every part of :class:`~monopoly_deal.engine.Game`
    reads and changes (seats, piles, tables, the pending decision, randomness, the turn's structure).
    The rules are split by idea over its subclasses: attacks and payment, legal actions, the handlers of
    each decision, the views; :class:`~monopoly_deal.engine.Game` is the one object users hold."""

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
        "active",
        "attack",
        "banks",
        "box",
        "chain",
        "decider",
        "decision",
        "deck",
        "discard",
        "draw",
        "edition",
        "events",
        "groups",
        "hands",
        "history",
        "jailed",
        "moves",
        "names",
        "order",
        "payment",
        "players",
        "plays",
        "private",
        "quick",
        "result",
        "rules",
        "seed",
        "swap",
        "turn",
        "winner",
    )
    # The pending action card, the Just Say No chain about it, and the payment (engine/pending.py).
    attack: Attack
    chain: Chain
    payment: Payment
    _slot_moves: list[_SlotMoves | None]
    _slot_ver: list[int]

    # Set in Game.__init__ (or copied by Game.clone): declared here for the parts that read them.
    rules: Rules
    edition: str
    players: int
    names: list[str]
    seed: int
    quick: bool
    moves: int
    deck: Deck
    _ct: tuple[int, ...]
    _value: tuple[int, ...]
    _rng: int
    _single: bool
    _house_to_win: bool
    _move_cap: int
    _rearrange_when_empty: bool
    _sets_needed: int
    draw: list[int]
    discard: list[int]
    box: list[int]
    hands: list[list[int]]
    banks: list[list[int]]
    groups: list[list[list[Group]]]
    jailed: list[bool]
    events: list[tuple] | None
    order: list[int]
    _pos: int
    turn: int
    active: int
    plays: int
    decision: int
    decider: int
    winner: int
    result: str
    swap: tuple[int, int, int, int] | None
    history: list[Action]
    private: tuple[tuple[int, int], ...]
    _legal: tuple[Action, ...] | None
    _others: list[list[int]]
    _static: list[list[tuple[Action, ...]]]
    _dirty: int
    _ver: list[int]
    _memo: list[tuple[int, Any] | None]
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
        elif colour != NO_COLOUR and all(self._ct[c] == _RAINBOW for c in g.cards):
            col.remove(g)
            for c in g.cards:
                self._place(p, c, NO_COLOUR)
        self._touch(p, colour)

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

