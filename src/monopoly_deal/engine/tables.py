"""The engine's tables: decisions, record versions, card kinds as plain ints, the deck and the
static actions, and :class:`Group`, a property group. Constants are ``Final``: compiled, each is
read as a constant."""

from __future__ import annotations

from typing import Any, Final

from .actions import ACCEPT, BANK, END, NO, PLACE, PLAY, Action
from .cards import (
    BUILDABLE,
    COLOUR_KEYS,
    NO_COLOUR,
    NO_COLOUR_KEY,
    SET_SIZE,
    TYPE_BY_KEY,
    TYPES,
    Deck,
    Kind,
    build_deck,
)
from .rules import Rules

# Decisions (``Game.decision``). Final: compiled, each is a constant, not a look-up in the module's names.
PLAYING: Final = 0
GIVING: Final = 1
TAKING: Final = 2
SWAPPING: Final = 3
RESPONDING: Final = 4
PAYING: Final = 5
PLACING: Final = 6
PUTTING_BACK: Final = 7
SPEEDING: Final = 8
OVER: Final = 9
DECISIONS: Final = ("play", "give", "take", "swap", "respond", "pay", "place", "put-back", "speeding-discard", "over")

RECORD_FORMAT: Final = "monopoly-deal-record"
# Version 2: every target is asked (``accept`` actions in the record), free re-arranging has a
# per-turn cap and groups never merge by themselves (R6.2); version 1 records replay with
# Version1Game and without the cap. Version 3: a Speeding Deal target is asked for its discard
# also when its hand holds one card type (R1.3); version 2 records replay with Version2Game.
# Version 4: a Pass Go is discarded after its draw (R5.1), and a player who has played the last
# card of their hand re-arranges no more that turn (R6.2, S1-19); version 3 records replay with
# Version3Game and the rule option rearrange_after_empty_hand. Each class states its version
# (Game.record_version); record.start_game picks the class by it.
RECORD_VERSION: Final = 4
MAX_PLAYERS: Final = 10
HAND_LIMIT: Final = 7
PLAYS_PER_TURN: Final = 3

_M64: Final = (1 << 64) - 1
# Card kinds as plain ints: compiled, an int compare beats an enum attribute lookup.
_K_BIRTHDAY: Final = int(Kind.BIRTHDAY)
_K_DEAL_BREAKER: Final = int(Kind.DEAL_BREAKER)
_K_DEBT_COLLECTOR: Final = int(Kind.DEBT_COLLECTOR)
_K_DOUBLE_SLY_DEAL: Final = int(Kind.DOUBLE_SLY_DEAL)
_K_FORCED_DEAL: Final = int(Kind.FORCED_DEAL)
_K_GO_TO_JAIL: Final = int(Kind.GO_TO_JAIL)
_K_HOTEL: Final = int(Kind.HOTEL)
_K_HOUSE: Final = int(Kind.HOUSE)
_K_INHERITOR: Final = int(Kind.INHERITOR)
_K_PASS_GO: Final = int(Kind.PASS_GO)
_K_PROPERTY: Final = int(Kind.PROPERTY)
_K_RAINBOW: Final = int(Kind.RAINBOW)
_K_RENT: Final = int(Kind.RENT)
_K_RENT_ANY: Final = int(Kind.RENT_ANY)
_K_SLY_DEAL: Final = int(Kind.SLY_DEAL)
_K_SPEEDING_DEAL: Final = int(Kind.SPEEDING_DEAL)
_K_WILD: Final = int(Kind.WILD)
_KIND: Final = tuple(int(t.kind) for t in TYPES)
_COLOURS: Final = tuple(tuple(int(c) for c in t.colours) for t in TYPES)
_IS_WILD: Final = tuple(t.kind in (_K_WILD, _K_RAINBOW) for t in TYPES)
# Group slots: the ten colours, then NO_COLOUR, where rainbow wilds lie alone (R6.3): one
# group of any size that is never complete and charges no rent.
_SLOTS: Final = 11
_SIZE: Final[tuple[int, ...]] = SET_SIZE + (1 << 30,)
_BUILDABLE: Final[tuple[bool, ...]] = BUILDABLE + (False,)
_GROUP_KEYS: Final[tuple[str, ...]] = COLOUR_KEYS + (NO_COLOUR_KEY,)
_JSN: Final = TYPE_BY_KEY["just-say-no"].index
_DOUBLE: Final = TYPE_BY_KEY["double-rent"].index
_TRANSFER: Final = TYPE_BY_KEY["rent-transfer"].index
_RAINBOW: Final = TYPE_BY_KEY["rainbow"].index
_PAYMENT_VERBS: Final = frozenset(("birthday", "debt-collector")) | {t.key for t in TYPES if t.kind in (_K_RENT, _K_RENT_ANY)}
_RENT_VERBS: Final = frozenset(t.key for t in TYPES if t.kind in (_K_RENT, _K_RENT_ANY))
_KEY: Final = tuple(t.key for t in TYPES)
_INDEX: Final = {t.key: t.index for t in TYPES}
_RENT_BONUS: Final = tuple(t.rent_bonus for t in TYPES)


def record_dict(edition: str, rules: Rules, seed: int, players: list[str], actions: list[str],
                winner: int | None, reason: str | None, turns: int, version: int = RECORD_VERSION) -> dict[str, Any]:
    """A game record's JSON form (format ``monopoly-deal-record``): the one place it is laid out."""
    return {
        "format": RECORD_FORMAT,
        "version": version,
        "edition": edition,
        "rules": rules.to_dict(),
        "seed": seed,
        "players": list(players),
        "actions": list(actions),
        "result": {"winner": winner, "reason": reason, "turns": turns},
    }


def _new(verb: str, card: int = -1, colour: int = -1, group: int = -1, player: int = -1,
         colour2: int = -1, extra: int = -1, _make: Any = tuple.__new__) -> Action:
    """An Action without NamedTuple's keyword handling: the legal-action generators' hot path."""
    return _make(Action, (verb, card, colour, group, player, colour2, extra))


_END: Final = Action(END)
_ACCEPT: Final = Action(ACCEPT)
_NO: Final = Action(NO)
_PLACE_BANK: Final = Action(PLACE)
_LOOKS_AT_TABLES: Final = frozenset((_K_RAINBOW, _K_RENT, _K_RENT_ANY, _K_SLY_DEAL, _K_DOUBLE_SLY_DEAL, _K_FORCED_DEAL,
                                     _K_DEAL_BREAKER, _K_HOUSE, _K_HOTEL, _K_INHERITOR))
# What Game._memo_for remembers per seat.
_STEALABLE: Final = 0
_SETS: Final = 1
_JOINABLE: Final = 2
_REARRANGEMENTS: Final = 3
_MEMO_TAGS: Final = 4
_DEFAULT_RULES: Final = Rules()
_DECKS: Final[dict[tuple[str, int, str], Deck]] = {}
_STATIC_CACHE: Final[dict[tuple[int, ...], list[list[tuple[Action, ...]]]]] = {}


def _static_actions(players: int, others: list[list[int]]) -> list[list[tuple[Action, ...]]]:
    """Per seat and card type, the plays that never depend on the tables: bank (R4.1), put a
    property down, Pass Go, Birthday, and the cards that only name players."""
    key = tuple(q for row in others for q in row)
    cached = _STATIC_CACHE.get(key)
    if cached is not None:
        return cached
    table = []
    for p in range(players):
        row: list[tuple[Action, ...]] = []
        for t in TYPES:
            i, kind = t.index, t.kind
            if t.is_property:
                colours = (NO_COLOUR,) if kind == _K_RAINBOW else tuple(int(c) for c in t.colours)
                row.append(tuple(Action(PLAY, i, c) for c in colours))
                continue
            acts = [Action(BANK, i)]
            if kind in (_K_PASS_GO, _K_BIRTHDAY):
                acts.append(Action(t.key))
            elif kind in (_K_DEBT_COLLECTOR, _K_GO_TO_JAIL):
                acts += [Action(t.key, player=q) for q in others[p]]
            elif kind == _K_SPEEDING_DEAL:  # two other players; with one opponent, that one
                seats = sorted(others[p])
                acts += ([Action(t.key, player=seats[0])] if len(seats) == 1 else
                         [Action(t.key, player=a, extra=b) for n, a in enumerate(seats) for b in seats[n + 1:]])
            row.append(tuple(acts))
        table.append(row)
    _STATIC_CACHE[key] = table
    return table


#: A colour's re-arrangements and what they were computed from: the colour's version, the table's
#: version (-1: not used), the colours a rainbow could join (None: not used), the actions.
_SlotMoves = tuple[int, int, "list[int] | None", list[Action]]


def _deck(edition: str, copies: int, values: str) -> Deck:
    """``build_deck``, built once per kind of deck (a deck is immutable)."""
    key = (edition, copies, values)
    deck = _DECKS.get(key)
    if deck is None:
        deck = _DECKS[key] = build_deck(edition, copies, values)
    return deck


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _values_of(deck: Deck) -> dict[str, int]:
    """What each card type in ``deck`` is worth, by key: made once per kind of deck."""
    key = (deck.edition, deck.values)
    values = _DECK_VALUES.get(key)
    if values is None:
        values = _DECK_VALUES[key] = {_KEY[t]: deck.values[t] for t in sorted(set(deck.cards))}
    return values


_DECK_VALUES: dict[tuple[str, tuple[int, ...]], dict[str, int]] = {}


class Group:
    """A player's property group of one colour: its cards and buildings (card ids, -1 for none)."""

    __slots__ = ("cards", "hotel", "house")

    def __init__(self, cards: list[int], house: int = -1, hotel: int = -1) -> None:
        self.cards = cards
        self.house = house
        self.hotel = hotel

    def copy(self) -> Group:
        return Group(self.cards[:], self.house, self.hotel)

    def __reduce__(self) -> tuple[type[Group], tuple[list[int], int, int]]:
        # pickle and copy.deepcopy make a bare object and then fill it in; compiled (mypyc), making
        # one runs __init__, which needs the cards: rebuild a group by calling it with them instead.
        return Group, (self.cards, self.house, self.hotel)

    def __repr__(self) -> str:
        return f"Group({self.cards}, house={self.house}, hotel={self.hotel})"


