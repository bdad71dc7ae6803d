"""What happened in a game, in words, turn by turn.

>>> from monopoly_deal import Game, Rules
>>> game = Game(players=2, rules=Rules(start=0), seed=7)
>>> game.apply("end")
>>> lines = narrate(game, viewer=1)     # as P2 sees it
>>> lines[0]
'Turn 1 — P1 draws 2 cards.'
>>> lines[1].startswith("Turn 2 — P2 draws 2 cards: ")
True

Narration has three layers, so that a translation is a new catalogue and no
new code:

1. :class:`Narrator` reads the engine's events (``game.events``) and turns
   each into a :class:`Message`: an id and typed parameters (a
   :class:`Player`, a :class:`Card`, an amount of :class:`Money`, ...).
2. :class:`Words` renders a parameter in a language: a seat by the player's
   name, a card by its name in ``cards.TYPES``, a colour from ``COLOUR_NAMES``.
3. A catalogue (:data:`ENGLISH`) maps each message id to a template such as
   ``"{player} banks {card}."``; keys starting with ``_`` hold the small
   patterns parameters are built from (lists, "(as red)", "6M").

The events do not say how much a rent charges, so the narrator applies the
actions itself (:meth:`Narrator.play`) and reads the rent from the table just
before each rent card is played. :func:`narrate` does this for a finished game
by playing it again from its seed.

Some cards are seen only by some players: drawn cards and cards put back under
the draw pile by the player who holds them, a card taken with Inheritor by the
two players concerned. With a ``viewer`` seat, the narration shows those cards
only when that seat may see them; without one, it shows everything.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .engine import Action, Game
from .engine.cards import COLOUR_NAMES, LANGS, NO_COLOUR, NO_COLOUR_NAMES, TYPE_BY_KEY, TYPES, Kind
from .engine.refusal import Refusal

# --- names as they may be shown ------------------------------------------------

#: Characters that reorder the text around them (bidirectional controls): a name must not turn a line around.
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def printable(name: str) -> str:
    r"""``name`` safe to write to a terminal: control characters (ESC, newline, NUL, ...) and
    bidirectional controls are written as escapes, so that a name from a record made elsewhere
    cannot move the cursor, colour the screen, break a line or turn the text around.

    >>> printable("Ann")
    'Ann'
    >>> printable("\x1b[31mred\nline\u202eevil")
    '\\x1b[31mred\\nline\\u202eevil'
    """
    if name.isprintable():
        return name
    return "".join(_escaped(ch) for ch in name)


#: Control characters, line and paragraph separators, lone surrogates.
_CONTROL_CATEGORIES = frozenset(("Cc", "Zl", "Zp", "Cs"))


def _escaped(ch: str) -> str:
    if ch in _BIDI_CONTROLS or unicodedata.category(ch) in _CONTROL_CATEGORIES:
        return ch.encode("unicode_escape", "backslashreplace").decode("ascii")
    return ch


#: Unicode categories a name may not hold: controls (newline, NUL, ESC), formatting characters (the bidi
#: overrides and isolates, zero-width joiners), line and paragraph separators, surrogates, private use, unassigned.
_UNPRINTABLE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def clean_name(value: str, longest: int = 24) -> str:
    """A name as every screen may show it: Unicode NFC, nothing unprintable, spaces trimmed and runs of them
    made one, at most ``longest`` characters; ``ValueError`` says what is wrong.

    >>> clean_name("  Ann   Lee ")
    'Ann Lee'
    >>> clean_name("Ann\u202eevil")
    Traceback (most recent call last):
    ...
    monopoly_deal.engine.refusal.Refusal: a name may not hold U+202E RIGHT-TO-LEFT OVERRIDE (a control or formatting character)
    """
    text = unicodedata.normalize("NFC", value)
    for char in text:
        if unicodedata.category(char) in _UNPRINTABLE:
            label = unicodedata.name(char, "")
            raise Refusal("name-error.unprintable", f"a name may not hold U+{ord(char):04X}"
                          f"{' ' + label if label else ''} (a control or formatting character)",
                          char=f"U+{ord(char):04X}")
    text = " ".join(text.split())
    if len(text) > longest:
        raise Refusal("name-error.long", f"at most {longest} characters, not {len(text)}", most=longest,
                      length=len(text))
    return text


# --- message parameters: what a sentence is about, before it is put in words --

class Player(NamedTuple):
    seat: int


class Players(NamedTuple):
    seats: tuple[int, ...]


class Colour(NamedTuple):
    """A colour (0-9), or ``NO_COLOUR``, where a rainbow wild lies alone (R6.3)."""

    colour: int


class Card(NamedTuple):
    """A card type; ``colour`` (0-9) is the colour a wild property stands as."""

    type: int
    colour: int = -1


class Cards(NamedTuple):
    cards: tuple[Card, ...]


class Copies(NamedTuple):
    """``count`` copies of one card, e.g. two Double the Rents."""

    card: Card
    number: int


class Group(NamedTuple):
    """A player's property group: its colour and 0-based ordinal among groups of that colour."""

    colour: int
    ordinal: int


class Money(NamedTuple):
    amount: int


@dataclass(frozen=True)
class Message:
    """One sentence, not yet in words: ``id`` names its template in a catalogue."""

    id: str
    params: dict[str, Any] = field(default_factory=dict)


# --- the English catalogue ---------------------------------------------------

ENGLISH: dict[str, str] = {
    "_and": "{first} and {last}",        # joins the last two of a list of players
    "_comma": ", ",                      # joins the others, and lists of cards
    "_card": "{name}",                   # a card by name (Chinese quotes it: 「盜取」)
    "_as": "{card} (as {colour})",       # a wild property standing as a colour
    "_group": "{colour} #{number}",      # a second (third, ...) group of one colour
    "_money": "{amount}M",
    "_copies": "{number} × {card}",
    "turn": "Turn {turn} —",             # a heading: joined to the turn's first sentence
    "dice": "{player} rolls {total}.",
    "dice-again": "{players} tie and roll again.",
    "skip": "{player} is in jail and misses this turn.",
    "draw": "{player} draws {count} cards.",
    "draw-one": "{player} draws a card.",
    "draw-seen": "{player} draws {count} cards: {cards}.",
    "draw-one-seen": "{player} draws {card}.",
    "draw-none": "{player} draws nothing: the draw pile and the discard pile are empty.",
    "reshuffle": "The discard pile is shuffled into a new draw pile of {count} cards.",
    "bank": "{player} banks {card}.",
    "bank-action": "{player} banks {card} as {value}.",
    "property": "{player} puts down {card}.",
    "recoloured": "{player} turns {card} from {old} to {new}.",
    "regrouped": "{player} moves {card} into another {colour} group.",
    "swapped": "{player} moves {card} out of the built {old} set to {new}, putting {partner} in its place.",
    "built": "{player} puts {card} on the {colour} set.",
    "play-card": "{player} plays {card}.",
    "birthday": "{player} asks {targets} for {amount} each with {card}.",
    "debt": "{player} asks {target} for {amount} with {card}.",
    "rent": "{player} charges {targets} {amount} rent for {group} with {card}.",
    "rent-each": "{player} charges {targets} {amount} rent each for {group} with {card}.",
    "rent-doubled": "{player} charges {targets} rent for {group} ×{times} = {amount} with {card} and {doubles}.",
    "rent-doubled-each": "{player} charges {targets} rent for {group} ×{times} = {amount} each with {card} and {doubles}.",
    "speeding": "{player} makes {targets} discard a card with {card}.",
    "speeding-each": "{player} makes {targets} discard a card each with {card}.",
    "aim-card": "{player} plays {card} on {victim}'s {target}.",
    "aim-set": "{player} plays {card} on {victim}'s {group} set.",
    "aim-player": "{player} plays {card} on {victim}.",
    "no": "{player} says no (Just Say No).",
    "no-back": "{player} says no back.",
    "no-again": "{player} says no again.",
    "transfer": "{player} passes the rent on to {target} with {card}.",
    "transfer-cancelled": "The Rent Transfer to {target} is cancelled: {player} pays after all.",
    "cancelled": "The {card} against {target} is cancelled.",
    "took": "{player} takes {victim}'s {target} with {card}.",
    "took-two": "{player} takes {victim}'s {first} and {second} with {card}.",
    "forced": "{player} takes {victim}'s {taken} and gives {victim} {given} with {card}.",
    "took-set": "{player} takes {victim}'s complete {colour} set ({cards}) with {card}.",
    "jailed": "{player} sends {victim} to jail with {card}: {victim} misses the next turn.",
    "inherited": "{player} takes a card from {victim}'s hand with {card}.",
    "inherited-seen": "{player} takes {taken} from {victim}'s hand with {card}.",
    "paid": "{payer} pays {receiver} {cards} ({amount}).",
    "paid-money": "{payer} pays {receiver} {amount}.",   # one money card: its amount, said once
    "paid-nothing": "{payer} has nothing to pay {receiver} with.",
    "placed": "{player} puts the {card} received on the {colour} set.",
    "placed-bank": "{player} banks the {card} received.",
    "discarded": "{player} discards {card}.",
    "put-back": "{player} puts a card at the bottom of the draw pile.",
    "put-back-seen": "{player} puts {card} at the bottom of the draw pile.",
    "won": "{player} wins with {count} complete sets.",
    "turn-limit": "The game stops at the turn limit of {turns} turns, with no winner.",
}


# --- events -> messages --------------------------------------------------------

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
        _, seat, notation, amount = ev      # what the card charges each payer, as the engine charged it
        a = Action.parse(notation)
        self._verb, self._actor = a.verb, seat
        kind = TYPE_BY_KEY[a.verb].kind
        base = {"player": Player(seat), "card": self._card()}
        if kind in (Kind.RENT, Kind.RENT_ANY):
            charged = tuple(self.game.others(seat)) if kind == Kind.RENT else (a.player,)
            params = {**base, "targets": Players(charged), "group": Group(a.colour, a.group),
                      "amount": Money(amount)}
            each = len(charged) > 1   # several pay the amount each
            if a.extra:
                doubles = Copies(Card(TYPE_BY_KEY["double-rent"].index), a.extra)
                out.append(Message("rent-doubled-each" if each else "rent-doubled",
                                   {**params, "times": 2 ** a.extra, "doubles": doubles}))
            else:
                out.append(Message("rent-each" if each else "rent", params))
        elif kind == Kind.BIRTHDAY:
            everyone = Players(tuple(self.game.others(seat)))
            out.append(Message("birthday", {**base, "targets": everyone, "amount": Money(amount)}))
        elif kind == Kind.DEBT_COLLECTOR:
            out.append(Message("debt", {**base, "target": Player(a.player), "amount": Money(amount)}))
        elif kind == Kind.SPEEDING_DEAL:
            named = tuple(q for q in self.game.others(seat) if q in (a.player, a.extra))
            out.append(Message("speeding-each" if len(named) > 1 else "speeding", {**base, "targets": Players(named)}))
        elif kind in (Kind.SLY_DEAL, Kind.DOUBLE_SLY_DEAL, Kind.FORCED_DEAL):
            self._pending = Message("aim-card", {**base, "victim": Player(a.player), "target": Card(a.card, a.colour)})
        elif kind == Kind.DEAL_BREAKER:
            self._pending = Message("aim-set", {**base, "victim": Player(a.player), "group": Group(a.colour, a.group)})
        elif kind in (Kind.GO_TO_JAIL, Kind.INHERITOR):
            self._pending = Message("aim-player", {**base, "victim": Player(a.player)})
        else:  # Pass Go: its draw follows
            out.append(Message("play-card", base))

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



# --- messages -> words ----------------------------------------------------------

# Chinese typesetting: no space beside Chinese punctuation nor between two Chinese characters (templates and
# the names put into them may bring some), one space between a Chinese character and a Latin letter or digit
# ("Ann 把「盜取」當作 3M 存入銀行。"), as Hong Kong and Taiwan text on screens is set.
_HAN = "[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"
_CJK_PUNCTUATION = "[\u3000-\u303f\uff00-\uffef]"
_SPACES_AT_PUNCTUATION = re.compile(f"[ \\t]+(?={_CJK_PUNCTUATION})|(?<={_CJK_PUNCTUATION})[ \\t]+")   # not line breaks
_SPACES_BETWEEN_HAN = re.compile(f"(?<={_HAN})[ \\t]+(?={_HAN})")
_HAN_BESIDE_LATIN = re.compile(f"(?<={_HAN})(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])(?={_HAN})")


def typeset(text: str, lang: str) -> str:
    """``text`` spaced as its language sets it (Chinese: see above; English is left as it is).

    >>> typeset("P3 把 「盜取」 當作3M存入銀行 。", "zh-Hant")
    'P3 把「盜取」當作 3M 存入銀行。'
    """
    if not lang.startswith("zh"):
        return text
    text = _SPACES_AT_PUNCTUATION.sub("", text)
    text = _SPACES_BETWEEN_HAN.sub("", text)
    return _HAN_BESIDE_LATIN.sub(" ", text)


class Words:
    """Puts messages in words: ``names`` are the players' names; ``catalogue``
    holds the templates and ``lang`` (one of ``cards.LANGS``) picks card and colour names."""

    def __init__(self, names: list[str], catalogue: dict[str, str] = ENGLISH, lang: str = "en") -> None:
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
        self.names = [printable(name) for name in names]
        self.catalogue = catalogue
        self.lang = lang

    def text(self, message: Message) -> str:
        """One message as a sentence."""
        text = self.catalogue[message.id].format(**{k: self.value(v) for k, v in message.params.items()})
        return typeset(text, self.lang)

    def lines(self, messages: list[Message]) -> list[str]:
        """Messages as lines of text: a turn's heading starts the line of its first sentence."""
        out: list[str] = []
        heading = ""
        for m in messages:
            text = self.text(m)
            if m.id == "turn":
                if heading:
                    out.append(heading)
                heading = text
                continue
            out.append(typeset(f"{heading} {text}", self.lang) if heading else text)
            heading = ""
        if heading:
            out.append(heading)
        return out

    def value(self, v: Any) -> str:
        """One parameter in words."""
        c = self.catalogue
        if isinstance(v, Player):
            return self.names[v.seat]
        if isinstance(v, Players):
            return self._and([self.names[s] for s in v.seats])
        if isinstance(v, Card):
            t = TYPES[v.type]
            if t.kind == Kind.MONEY:  # "5M", not "5M money": it reads as the amount it is
                return c["_money"].format(amount=t.value)
            name = c["_card"].format(name=t.name(self.lang))
            if 0 <= v.colour < NO_COLOUR and t.kind in (Kind.WILD, Kind.RAINBOW):
                return c["_as"].format(card=name, colour=self._colour(v.colour))
            return name
        if isinstance(v, Cards):
            return c["_comma"].join(self.value(card) for card in v.cards)
        if isinstance(v, Copies):
            name = self.value(v.card)
            return name if v.number == 1 else c["_copies"].format(number=v.number, card=name)
        if isinstance(v, Colour):
            return self._colour(v.colour)
        if isinstance(v, Group):
            colour = self._colour(v.colour)
            return colour if v.ordinal == 0 else c["_group"].format(colour=colour, number=v.ordinal + 1)
        if isinstance(v, Money):
            return c["_money"].format(amount=v.amount)
        return str(v)

    def _colour(self, colour: int) -> str:
        return NO_COLOUR_NAMES[self.lang] if colour == NO_COLOUR else COLOUR_NAMES[self.lang][colour]

    def _and(self, items: list[str]) -> str:
        if len(items) <= 1:
            return "".join(items)
        return self.catalogue["_and"].format(first=self.catalogue["_comma"].join(items[:-1]), last=items[-1])


# --- a whole game ------------------------------------------------------------

def messages(game: Game, viewer: int | None = None) -> list[Message]:
    """Every message of ``game`` so far, from ``viewer``'s seat (``None``: all cards shown).

    The game is played again from its seed to learn each rent's amount; a game
    set up with :meth:`Game.from_position` cannot be, so narrate such a game
    with a :class:`Narrator` as it is played.
    """
    fresh = game.restart()
    narrator = Narrator(fresh, viewer)
    out = narrator.start()
    try:
        for action in game.history:
            out += narrator.play(action)
        same = game.events is None or fresh.events == game.events
    except ValueError:  # an action the seed's game does not allow
        same = False
    if not same:
        raise ValueError("this game cannot be played again from its seed (was it set up with from_position?); "
                         "narrate it with a Narrator as it is played")
    return out


def narrate(game: Game, viewer: int | None = None, catalogue: dict[str, str] = ENGLISH,
            lang: str = "en") -> list[str]:
    """``game`` so far in words, one line per sentence, each turn's first line headed by its number."""
    return Words(game.names, catalogue, lang).lines(messages(game, viewer))
