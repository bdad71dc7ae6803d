"""What an action card leaves pending while it plays out (R5, R8): the attack, the Just Say No chain about
it, and the payment it asks for.

A game holds one of each, as ``game.attack``, ``game.chain`` and ``game.payment``. A Debt Collector played
by P1 at P2 is an attack; P2 is asked to answer it (a chain); once P2 accepts, P2 pays (a payment):

>>> from monopoly_deal import Game
>>> game = Game.from_position(2, hands={0: ["debt-collector"], 1: ["just-say-no"]}, banks={1: ["2M", "5M"]})
>>> game.apply("debt-collector P2")
>>> game.attack.verb, game.attack.actor, game.attack.amount
('debt-collector', 0, 5)
>>> game.chain.aggressor, game.chain.defender, game.chain.noes
(0, 1, 0)
>>> game.apply("accept")
>>> game.payment.payer, game.payment.receiver, game.payment.owed
(1, 0, 5)
>>> game.apply("pay 2M")
>>> game.payment.owed, [game.card_key(c) for c in game.payment.paid]
(3, ['2M'])

Each action card starts a new :class:`Attack`, each target a new :class:`Chain`, each payment a new
:class:`Payment`, and they change only while their action card is pending (``attack.verb`` set). So
:meth:`Game.clone() <monopoly_deal.engine.Game.clone>` copies them only then, and otherwise shares the
finished ones, which nothing changes again: a clone between action cards (most of a search's) copies none.
"""

from __future__ import annotations


class Attack:
    """The action card being played out (R5): what it is and whom it still asks.

    - ``verb``: the card's notation verb (``"sly-deal"``, ``"rent:any"``), ``""`` when none is pending;
    - ``actor``: the seat who played it;
    - ``queue``: the targets still to be asked, in turn order (R5.8), the one answering now left out;
    - ``amount``: what it charges each payer (R5.3, R5.4), 0 for a card that charges nothing;
    - ``cards``: the properties at stake, as ``(seat, colour, card)``: a Sly Deal's one, a Double Sly
      Deal's two, a Forced Deal's taken and given ones; a Deal Breaker's ``(seat, colour, group)``;
    - ``colour``: a Forced Deal's given card, the colour it takes on the target's table (R5.5).
    """

    __slots__ = ("actor", "amount", "cards", "colour", "queue", "verb")

    def __init__(self, verb: str = "", actor: int = -1, queue: list[int] | None = None, amount: int = 0,
                 cards: list[tuple[int, int, int]] | None = None, colour: int = -1) -> None:
        self.verb = verb
        self.actor = actor
        self.queue: list[int] = queue if queue is not None else []
        self.amount = amount
        self.cards: list[tuple[int, int, int]] = cards if cards is not None else []
        self.colour = colour

    def copy(self) -> Attack:
        return Attack(self.verb, self.actor, self.queue[:], self.amount, self.cards[:], self.colour)

    def __repr__(self) -> str:
        return (f"Attack({self.verb!r}, actor={self.actor}, queue={self.queue}, amount={self.amount}, "
                f"cards={self.cards}, colour={self.colour})")


class Chain:
    """The Just Say No chain about the attack on one target (R5.7), and a Rent Transfer's (R1.3).

    - ``aggressor``: who plays the card being answered: the attack's actor, or the seat who passed
      the rent on with a Rent Transfer;
    - ``defender``: the seat the card is aimed at, who answers first;
    - ``noes``: the Just Say Nos played so far: an odd number leaves the card cancelled;
    - ``transferred_from``: the seat who passed the rent on to ``defender``, who pays it if the
      transfer is cancelled; -1 for none.
    """

    __slots__ = ("aggressor", "defender", "noes", "transferred_from")

    def __init__(self, aggressor: int = -1, defender: int = -1, noes: int = 0, transferred_from: int = -1) -> None:
        self.aggressor = aggressor
        self.defender = defender
        self.noes = noes
        self.transferred_from = transferred_from

    def copy(self) -> Chain:
        return Chain(self.aggressor, self.defender, self.noes, self.transferred_from)

    def __repr__(self) -> str:
        return (f"Chain(aggressor={self.aggressor}, defender={self.defender}, noes={self.noes}, "
                f"transferred_from={self.transferred_from})")


class Payment:
    """A payment under way (R8): who pays whom, what is still owed, what has changed hands.

    - ``payer``, ``receiver``: the seats; both -1 once it is over;
    - ``owed``: what is still to be paid (R8.2: no change is given, so it may go below 0);
    - ``buildings``: houses and hotels received, waiting for the receiver to place them (R8.6);
    - ``paid``: every card handed over so far, in order.
    """

    __slots__ = ("buildings", "owed", "paid", "payer", "receiver")

    def __init__(self, payer: int = -1, receiver: int = -1, owed: int = 0, buildings: list[int] | None = None,
                 paid: list[int] | None = None) -> None:
        self.payer = payer
        self.receiver = receiver
        self.owed = owed
        self.buildings: list[int] = buildings if buildings is not None else []
        self.paid: list[int] = paid if paid is not None else []

    def copy(self) -> Payment:
        return Payment(self.payer, self.receiver, self.owed, self.buildings[:], self.paid[:])

    def __repr__(self) -> str:
        return (f"Payment(payer={self.payer}, receiver={self.receiver}, owed={self.owed}, "
                f"buildings={self.buildings}, paid={self.paid})")
