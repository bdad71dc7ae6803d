"""Events -> messages: :class:`Narrator` tells what happened as :class:`~monopoly_deal.narrate.params.Message` s."""

from __future__ import annotations

from ..engine import Action, Game
from ..engine.cards import TYPE_BY_KEY, TYPES, Kind
from ..engine.verbs import choose, verb_of
from .params import Card, Cards, Colour, Message, Money, Player, Players, params_of

#: Events that carry out a card aimed at one player; they take the place of its announcement.
_EFFECTS = frozenset(("moved", "took-set", "jailed", "inherited"))
#: Events that need no words: the turn's end shows in the next heading, an attack's end in its effects.
_SILENT = frozenset(("end", "done"))
#: The method that tells each kind of event, by name: a table of the narrator's own bound methods would make
#: every narrator a reference cycle, freed only by a full collection (the server runs few: server/tuning.py).
_HANDLERS = {kind: f"_{kind.replace('-', '_')}" for kind in (
    "dice", "turn", "skip", "draw", "reshuffle", "bank", "property", "recoloured", "regrouped", "swapped", "built",
    "use", "no", "transfer", "transfer-cancelled", "cancelled", "took-set", "jailed", "inherited", "paid", "placed",
    "discarded", "put-back", "over")}


class Narrator:
    """Narrates a game as it is played: create it before the first action, then
    apply every action through :meth:`play`, which returns what happened.

    >>> from monopoly_deal import Game, Rules
    >>> narrator = Narrator(Game(players=2, rules=Rules(start=0), seed=7), viewer=0)
    >>> [m.id for m in narrator.start()]
    ['turn', 'draw-seen']
    >>> [m.id for m in narrator.play("end")]
    ['turn', 'draw']
    """

    def __init__(self, game: Game, viewer: int | None = None) -> None:
        if game.events is None:
            raise ValueError("narration needs the game's events: create the game with log=True")
        if game.history:
            raise ValueError("create the Narrator before the first action, so it sees every rent charged")
        if viewer is not None and not 0 <= viewer < game.players:
            raise ValueError(f"viewer must be a seat from 0 to {game.players - 1}, not {viewer}")
        self.game = game
        self.viewer = viewer
        self._seen = 0             # events narrated so far
        self._verb = ""            # the action card in play, and who played it
        self._actor = -1
        self._pending: Message | None = None  # a card aimed at a player, until its effect or an answer
        self._noes = 0             # Just Say Nos in the current chain
        self._diced = False

    def start(self) -> list[Message]:
        """What happened before the first decision: dice for the first seat, the first draw."""
        return self._catch_up()

    def play(self, action: Action | str) -> list[Message]:
        """Apply ``action`` to the game (an illegal one raises and changes nothing) and say what happened."""
        self.game.apply(Action.parse(action) if isinstance(action, str) else action)
        return self._catch_up()

    def _catch_up(self) -> list[Message]:
        events = self.game.events or []
        batch, self._seen = events[self._seen:], len(events)
        out: list[Message] = []
        i = 0
        while i < len(batch):
            kind, j = batch[i][0], i + 1
            if kind == "moved":  # one card, or two (Double Sly Deal, Forced Deal): told together
                while j < len(batch) and batch[j][0] == "moved":
                    j += 1
                self._moved(batch[i:j], out)
            else:
                if kind not in _EFFECTS:
                    self._flush(out)
                if kind not in _SILENT:
                    getattr(self, _HANDLERS[kind])(batch[i], out)
            if kind != "no":
                self._noes = 0
            i = j
        self._flush(out)  # the game now waits for someone: say what they answer
        return out

    def _flush(self, out: list[Message]) -> None:
        if self._pending is not None:
            out.append(self._pending)
            self._pending = None

    def _sees(self, *seats: int) -> bool:
        return self.viewer is None or self.viewer in seats

    def _card(self) -> Card:
        return Card(TYPE_BY_KEY[self._verb].index)

    # --- the turn ---------------------------------------------------------

    def _dice(self, ev: tuple, out: list[Message]) -> None:
        _, seats, rolls = ev
        if self._diced:
            out.append(Message("dice-again", {"players": Players(tuple(seats))}))
        self._diced = True
        totals = {seat: total for total, tied in rolls for seat in tied}
        out += [Message("dice", {"player": Player(s), "total": totals[s]}) for s in sorted(totals)]

    def _turn(self, ev: tuple, out: list[Message]) -> None:
        out.append(Message("turn", {"turn": ev[1], "player": Player(ev[2])}))

    def _skip(self, ev: tuple, out: list[Message]) -> None:
        out.append(Message("skip", {"player": Player(ev[1])}))

    def _draw(self, ev: tuple, out: list[Message]) -> None:
        _, seat, types = ev
        player = Player(seat)
        if not types:
            out.append(Message("draw-none", {"player": player}))
        elif not self._sees(seat):
            out.append(Message("draw-one", {"player": player}) if len(types) == 1
                       else Message("draw", {"player": player, "count": len(types)}))
        elif len(types) == 1:
            out.append(Message("draw-one-seen", {"player": player, "card": Card(types[0])}))
        else:
            out.append(Message("draw-seen", {"player": player, "count": len(types),
                                             "cards": Cards(tuple(Card(t) for t in types))}))

    def _reshuffle(self, ev: tuple, out: list[Message]) -> None:
        out.append(Message("reshuffle", {"count": ev[1]}))

    def _bank(self, ev: tuple, out: list[Message]) -> None:
        _, seat, t = ev
        if TYPES[t].kind == Kind.MONEY:
            out.append(Message("bank", {"player": Player(seat), "card": Card(t)}))
        else:
            value = Money(self.game.deck.values[t])
            out.append(Message("bank-action", {"player": Player(seat), "card": Card(t), "value": value}))

    def _property(self, ev: tuple, out: list[Message]) -> None:
        _, seat, t, colour = ev
        out.append(Message("property", {"player": Player(seat), "card": Card(t, colour)}))

    def _recoloured(self, ev: tuple, out: list[Message]) -> None:
        _, seat, t, old, new = ev
        out.append(Message("recoloured", {"player": Player(seat), "card": Card(t),
                                          "old": Colour(old), "new": Colour(new)}))

    def _regrouped(self, ev: tuple, out: list[Message]) -> None:
        _, seat, t, colour = ev
        out.append(Message("regrouped", {"player": Player(seat), "card": Card(t, colour), "colour": Colour(colour)}))

    def _swapped(self, ev: tuple, out: list[Message]) -> None:
        _, seat, t, old, new, partner = ev
        out.append(Message("swapped", {"player": Player(seat), "card": Card(t), "old": Colour(old),
                                       "new": Colour(new), "partner": Card(partner, old)}))

    def _built(self, ev: tuple, out: list[Message]) -> None:
        _, seat, t, colour = ev
        out.append(Message("built", {"player": Player(seat), "card": Card(t), "colour": Colour(colour)}))

    def _discarded(self, ev: tuple, out: list[Message]) -> None:
        out.append(Message("discarded", {"player": Player(ev[1]), "card": Card(ev[2])}))

    def _put_back(self, ev: tuple, out: list[Message]) -> None:
        _, seat, t = ev
        if self._sees(seat):
            out.append(Message("put-back-seen", {"player": Player(seat), "card": Card(t)}))
        else:
            out.append(Message("put-back", {"player": Player(seat)}))

    def _over(self, ev: tuple, out: list[Message]) -> None:
        _, winner, reason = ev
        if reason == "sets":
            out.append(Message("won", {"player": Player(winner), "count": self.game.complete_colours(winner)}))
        else:
            out.append(Message("turn-limit", {"turns": self.game.rules.max_turns}))

    # --- action cards, answers and their effects ------------------------------

    def _use(self, ev: tuple, out: list[Message]) -> None:
        """An action card played, told as its row of the table of verbs says (``told``)."""
        _, seat, notation, amount = ev      # what the card charges each payer, as the engine charged it
        a = Action.parse(notation)
        self._verb, self._actor = a.verb, seat
        said = choose(verb_of(a.verb).told, a)
        params = params_of(a, said, amount, actor=seat, others=tuple(self.game.others(seat)))
        each = said.each and len(params["targets"].seats) > 1   # several pay the amount each
        message = Message(f"{said.id}-each" if each else said.id, params)
        if said.aim:    # a card aimed at a player: told when answered, or by its effect
            self._pending = message
        else:
            out.append(message)

    def _no(self, ev: tuple, out: list[Message]) -> None:
        kind = "no" if self._noes == 0 else "no-back" if self._noes % 2 else "no-again"
        self._noes += 1
        out.append(Message(kind, {"player": Player(ev[1])}))

    def _transfer(self, ev: tuple, out: list[Message]) -> None:
        _, seat, target = ev
        card = Card(TYPE_BY_KEY["rent-transfer"].index)
        out.append(Message("transfer", {"player": Player(seat), "target": Player(target), "card": card}))

    def _transfer_cancelled(self, ev: tuple, out: list[Message]) -> None:
        _, seat, target = ev
        out.append(Message("transfer-cancelled", {"player": Player(seat), "target": Player(target)}))

    def _cancelled(self, ev: tuple, out: list[Message]) -> None:
        _, verb, seat = ev
        out.append(Message("cancelled", {"card": Card(TYPE_BY_KEY[verb].index), "target": Player(seat)}))

    def _moved(self, events: list[tuple], out: list[Message]) -> None:
        """Sly Deal moves one card, Double Sly Deal two, Forced Deal one each way."""
        self._pending = None
        base = {"player": Player(self._actor), "card": self._card()}
        if self._verb == "forced-deal":
            (_, victim, _, taken, colour), (_, _, _, given, colour2) = events
            out.append(Message("forced", {**base, "victim": Player(victim), "taken": Card(taken, colour),
                                          "given": Card(given, colour2)}))
        elif len(events) == 2:
            (_, victim, _, first, colour), (_, _, _, second, colour2) = events
            out.append(Message("took-two", {**base, "victim": Player(victim), "first": Card(first, colour),
                                            "second": Card(second, colour2)}))
        else:
            (_, victim, _, t, colour), = events
            out.append(Message("took", {**base, "victim": Player(victim), "target": Card(t, colour)}))

    def _took_set(self, ev: tuple, out: list[Message]) -> None:
        self._pending = None
        _, actor, victim, colour, types = ev
        out.append(Message("took-set", {"player": Player(actor), "card": self._card(), "victim": Player(victim),
                                        "colour": Colour(colour), "cards": Cards(tuple(Card(t, colour) for t in types))}))

    def _jailed(self, ev: tuple, out: list[Message]) -> None:
        self._pending = None
        out.append(Message("jailed", {"player": Player(self._actor), "card": self._card(), "victim": Player(ev[1])}))

    def _inherited(self, ev: tuple, out: list[Message]) -> None:
        self._pending = None
        _, actor, victim, t = ev
        params = {"player": Player(actor), "card": self._card(), "victim": Player(victim)}
        if self._sees(actor, victim):
            out.append(Message("inherited-seen", {**params, "taken": Card(t)}))
        else:
            out.append(Message("inherited", params))

    def _paid(self, ev: tuple, out: list[Message]) -> None:
        _, payer, receiver, types = ev
        params = {"payer": Player(payer), "receiver": Player(receiver)}
        if not types:
            out.append(Message("paid-nothing", params))
            return
        total = Money(sum(self.game.deck.values[t] for t in types))
        if len(types) == 1 and TYPES[types[0]].kind == Kind.MONEY:
            out.append(Message("paid-money", {**params, "amount": total}))
        else:
            out.append(Message("paid", {**params, "cards": Cards(tuple(Card(t) for t in types)), "amount": total}))

    def _placed(self, ev: tuple, out: list[Message]) -> None:
        _, seat, t, colour = ev
        if colour < 0:
            out.append(Message("placed-bank", {"player": Player(seat), "card": Card(t)}))
        else:
            out.append(Message("placed", {"player": Player(seat), "card": Card(t), "colour": Colour(colour)}))
