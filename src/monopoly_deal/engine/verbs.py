"""The verbs of the action notation, as one table: :data:`VERBS`, a :class:`Verb` a row.

A row says everything about one verb: the arguments its notation carries and in
what order, where its ids lie in the action space, and the message ids (with
their parameters) it is said with in menus and told with in narration. The
notation (:func:`~monopoly_deal.engine.actions.format_action`,
:func:`~monopoly_deal.engine.actions.parse_action`), the action space
(:class:`~monopoly_deal.engine.actions.ActionSpace`), the menus
(:meth:`monopoly_deal.i18n.Translator.action`) and the narration of action
cards (:class:`monopoly_deal.narrate.Narrator`) all read this table, so a new
verb is a new row::

    >>> from monopoly_deal.engine.actions import Action
    >>> row = verb_of("sly-deal")
    >>> row.key, [arg.name for arg in row.args], row.least, row.most
    ('sly-deal', ['seat', 'on-table'], 2, 2)
    >>> a = Action.parse("sly-deal P2 red:red")
    >>> choose(row.menu, a).id, choose(row.told, a).id, choose(verb_of("pay").menu, Action.parse("pay 5M")).id
    ('sly-deal', 'aim-card', 'pay-bank-money')

A verb is a word (``end``, ``bank``, ``pay``, ...) or the key of the action card
played: every card of the row's ``kinds`` is a verb of that row (the five
two-colour rents share one). A word verb may play a card too (``no`` plays Just
Say No, ``transfer`` Rent Transfer): its ``card``.

Each argument (:class:`~monopoly_deal.engine.notation.Arg`, in
:mod:`~monopoly_deal.engine.notation`) is written from an action's fields and
read back into them; an argument left out (``None``) is an optional one.
Reading takes the arguments from the last to the first, as the notation was
always read (so of two bad arguments the last is named).

The action space is laid out section by section, in the order of the numbers
in the rows' ``ids``; a section lays out one row's actions (a layout of
:mod:`~monopoly_deal.engine.layouts`), for each of its verbs the edition has.
A new verb takes a new, higher number, so that no id laid out before moves. The words of an action are message ids with parameters
named ``param=source`` (a bare ``param`` is its own source); the sources are
read by :mod:`monopoly_deal.narrate` (``narrate.params.SOURCES``), which puts
them in words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final, NamedTuple, TypeVar

from .cards import BIRTHDAY_CHARGE, DEBT_CHARGE, NO_COLOUR, TYPE_BY_KEY, TYPES, Kind
from .layouts import (
    Layout,
    SpaceParts,
    bank_or_built,
    build_then_pay,
    each_seat,
    every_card,
    given,
    hand_cards,
    on_table,
    on_table_but_rainbows,
    once,
    one_or_two_seats,
    put_down,
    recoloured,
    regrouped,
    rent_to_all,
    rent_to_one,
    seat_and_card,
    seat_and_group,
    swapped,
)
from .notation import (
    ACCEPT,
    BANK,
    BANK_OR_GROUP,
    DISCARD,
    END,
    GIVE,
    GIVEN,
    GROUP_ARG,
    HAND,
    HAND_OR_TABLE,
    MOVE,
    MOVED,
    NO,
    ON_TABLE,
    PAY,
    PLACE,
    PLAY,
    PUT_DOWN,
    RENT_TO_ALL,
    RENT_TO_ONE,
    SEAT,
    SECOND_SEAT,
    SWAP,
    SWAPPED,
    TAKE,
    TRANSFER,
    WITH,
    Arg,
    Fields,
)

A = TypeVar("A")


# --- when a message is chosen: facts of the action --------------------------------

def _unseen(a: Fields) -> bool:
    return a.card < 0


def _money(a: Fields) -> bool:
    return a.card >= 0 and TYPES[a.card].kind == Kind.MONEY   # a money card's name is its amount


def _property(a: Fields) -> bool:
    return TYPES[a.card].kind == Kind.PROPERTY


def _alone(a: Fields) -> bool:
    return a.colour == NO_COLOUR


def _no_group(a: Fields) -> bool:
    return a.colour < 0


def _into_group(a: Fields) -> bool:
    return a.extra >= 0


def _as_colour(a: Fields) -> bool:
    return a.colour2 >= 0 and TYPES[a.card].kind != Kind.PROPERTY


def _one_seat(a: Fields) -> bool:
    return a.player >= 0


def _doubled(a: Fields) -> bool:
    return a.extra > 0


class Say(NamedTuple):
    """A message: its ``id``, its parameters (``(name, source)`` pairs) and ``when`` it is the one said (all
    of these hold; none: always). In narration, ``each`` adds ``-each`` when it names several ``targets``,
    and ``aim`` holds it back until the card is answered or takes effect."""

    id: str
    params: tuple[tuple[str, str], ...] = ()
    when: tuple[Callable[[Fields], bool], ...] = ()
    each: bool = False
    aim: bool = False


def say(id: str, params: str = "", *when: Callable[[Fields], bool], each: bool = False, aim: bool = False) -> Say:
    """A :class:`Say`, its parameters written ``"card=played group"`` (a bare name is its own source)."""
    pairs = tuple((name, source or name) for name, _, source in (p.partition("=") for p in params.split()))
    return Say(id, pairs, when, each, aim)


def choose(says: tuple[Say, ...], a: Fields) -> Say:
    """The first of ``says`` whose conditions all hold for ``a``."""
    for s in says:
        if all(holds(a) for holds in s.when):
            return s
    raise ValueError(f"no words for action {a}")


# --- the table ------------------------------------------------------------------

@dataclass(frozen=True)
class Verb:
    """One verb: ``key`` is the word written (for a card verb, a name: its verbs are the keys of the cards of
    ``kinds``); ``card`` a card a word verb plays; ``family`` the prefix its cards' keys share (a verb with
    it that is no card is an unknown card); ``args`` its notation; ``ids`` its sections of the action space
    (number, layout); ``menu`` its words in a menu (``action.ID``); ``told`` the narration of the card played
    (its ``use`` event); ``charge`` what it charges when the game does not say."""

    key: str
    args: tuple[Arg, ...] = ()
    ids: tuple[tuple[int, Layout], ...] = ()
    menu: tuple[Say, ...] = ()
    told: tuple[Say, ...] = ()
    kinds: tuple[Kind, ...] = ()
    card: str = ""
    family: str = ""
    charge: int | None = None
    least: int = field(init=False)      # words the notation takes after the verb
    most: int = field(init=False)

    def __post_init__(self) -> None:
        if any(arg.least != 1 or arg.most != 1 for arg in self.args[:-1]):
            raise ValueError(f"{self.key}: every argument but the last takes one word")
        object.__setattr__(self, "least", sum(arg.least for arg in self.args))
        object.__setattr__(self, "most", sum(arg.most for arg in self.args))


_RENT_MENU = (
    say("rent-one-doubled", "card=played group amount target=seat doubles", _one_seat, _doubled),
    say("rent-one", "card=played group amount target=seat", _one_seat),
    say("rent-doubled", "card=played group amount doubles", _doubled),
    say("rent", "card=played group amount"),
)


def _rent_told(targets: str) -> tuple[Say, ...]:
    told = f"player=actor card=played targets={targets} group amount"
    return (say("rent-doubled", f"{told} times doubles", _doubled, each=True), say("rent", told, each=True))


_AIM_CARD = "card=played victim=seat target=on-table"
_TOLD_AIM_CARD = (say("aim-card", f"player=actor {_AIM_CARD}", aim=True),)
_TOLD_AIM_PLAYER = (say("aim-player", "player=actor card=played victim=seat", aim=True),)

#: Every verb, one a row: ``Verb(key, args, ids, menu, told, kinds=, card=, family=, charge=)``. The numbers in
#: ``ids`` order the action space (see the module's docstring).
VERBS: tuple[Verb, ...] = (
    Verb(END, (), ((1, once),), (say("end"),)),
    Verb(ACCEPT, (), ((2, once),), (say("accept"),)),
    Verb(NO, (), ((3, once),), (say("no", "card=played"),), card="just-say-no"),
    Verb("pass-go", (), ((4, once),), (say("pass-go", "card=played amount=drawn"),),
         (say("play-card", "player=actor card=played"),), kinds=(Kind.PASS_GO,)),   # its draw follows
    Verb("birthday", (), ((5, once),), (say("birthday", "card=played amount"),),
         (say("birthday", "player=actor card=played targets=others amount"),), kinds=(Kind.BIRTHDAY,),
         charge=BIRTHDAY_CHARGE),
    Verb(BANK, (HAND,), ((6, hand_cards),), (say("bank-money", "card", _money), say("bank", "card value"))),
    Verb(DISCARD, (HAND,), ((7, every_card),), (say("put-back-unseen", "", _unseen), say("discard", "card value"))),
    Verb(PAY, (HAND_OR_TABLE,), ((8, hand_cards), (23, on_table_but_rainbows)),   # and 21: with the buildings
         (say("pay-bank-money", "card", _no_group, _money), say("pay-bank", "card value", _no_group),
          say("pay-table", "card=on-table group value"))),
    Verb(PLAY, (PUT_DOWN,), ((9, put_down),),
         (say("play", "card", _property), say("play-alone", "card", _alone), say("play-as", "card colour"))),
    Verb("debt-collector", (SEAT,), ((10, each_seat),), (say("debt-collector", "card=played target=seat amount"),),
         (say("debt", "player=actor card=played target=seat amount"),), kinds=(Kind.DEBT_COLLECTOR,),
         charge=DEBT_CHARGE),
    Verb("go-to-jail", (SEAT,), ((11, each_seat),), (say("go-to-jail", "card=played target=seat"),),
         _TOLD_AIM_PLAYER, kinds=(Kind.GO_TO_JAIL,)),
    Verb("inheritor", (SEAT,), ((12, each_seat),), (say("inheritor", "card=played target=seat"),),
         _TOLD_AIM_PLAYER, kinds=(Kind.INHERITOR,)),
    Verb(TRANSFER, (SEAT,), ((13, each_seat),), (say("transfer", "card=played target=seat"),), card="rent-transfer"),
    Verb("speeding-deal", (SEAT, SECOND_SEAT), ((14, one_or_two_seats),),
         (say("speeding-deal", "card=played targets=seats"),),
         (say("speeding", "player=actor card=played targets=named", each=True),), kinds=(Kind.SPEEDING_DEAL,)),
    Verb("rent", (RENT_TO_ALL,), ((15, rent_to_all),), _RENT_MENU, _rent_told("others"), kinds=(Kind.RENT,),
         family="rent:"),
    Verb("rent-any", (RENT_TO_ONE,), ((16, rent_to_one),), _RENT_MENU, _rent_told("one"), kinds=(Kind.RENT_ANY,),
         family="rent:"),
    Verb("sly-deal", (SEAT, ON_TABLE), ((17, seat_and_card),), (say("sly-deal", _AIM_CARD),), _TOLD_AIM_CARD,
         kinds=(Kind.SLY_DEAL,)),
    Verb("forced-deal", (SEAT, ON_TABLE), ((18, seat_and_card),), (say("forced-deal", _AIM_CARD),), _TOLD_AIM_CARD,
         kinds=(Kind.FORCED_DEAL,)),
    Verb("double-sly-deal", (SEAT, ON_TABLE), ((19, seat_and_card),), (say("double-sly-deal", _AIM_CARD),),
         _TOLD_AIM_CARD, kinds=(Kind.DOUBLE_SLY_DEAL,)),
    Verb("deal-breaker", (SEAT, GROUP_ARG), ((20, seat_and_group),),
         (say("deal-breaker", "card=played victim=seat group"),),
         (say("aim-set", "player=actor card=played victim=seat group", aim=True),), kinds=(Kind.DEAL_BREAKER,)),
    Verb("build", (GROUP_ARG,), ((21, build_then_pay),), (say("build", "card=played group"),),
         kinds=(Kind.HOUSE, Kind.HOTEL)),   # house, hotel, house+, hotel+; "built" is told by its own event
    Verb(PLACE, (BANK_OR_GROUP,), ((22, bank_or_built),), (say("place-bank", "", _no_group), say("place", "group"))),
    Verb(TAKE, (ON_TABLE,), ((24, on_table),), (say("take", "card=on-table group"),)),
    Verb(WITH, (ON_TABLE,), ((25, on_table),), (say("with", "card group"),)),
    Verb(GIVE, (GIVEN,), ((26, given),), (say("give-as", "card colour=colour2", _as_colour), say("give", "card"))),
    Verb(MOVE, (MOVED,), ((27, recoloured), (28, regrouped)),
         (say("regroup", "card group into", _into_group), say("move", "card group colour=colour2"))),
    Verb(SWAP, (SWAPPED,), ((29, swapped),), (say("swap", "card group colour=colour2"),)),
)


def _verbs_by_key() -> dict[str, Verb]:
    rows = {row.key: row for row in VERBS if not row.kinds}
    rows.update({t.key: row for t in TYPES for row in VERBS if t.kind in row.kinds})
    return rows


#: Every verb as written (each card verb's key too) and its row.
VERB_OF: Final[dict[str, Verb]] = _verbs_by_key()
#: The prefixes of card verbs' families (``rent:``): a verb with one that is no card is an unknown card.
FAMILIES: Final[tuple[str, ...]] = tuple(sorted({row.family for row in VERBS if row.family}))
#: The card each verb plays, by type index: its own, or a word verb's ``card``.
PLAYED: Final[dict[str, int]] = {
    key: TYPE_BY_KEY[row.card or key].index for key, row in VERB_OF.items() if row.card or key in TYPE_BY_KEY}


def verb_of(verb: str) -> Verb:
    """The row of ``verb``; ``KeyError`` if it is none."""
    return VERB_OF[verb]


def lay_out(act: Callable[..., A], edition: str, players: int, decks: int = 0) -> tuple[list[A], int]:
    """Every action of the action space in id order, each made by ``act`` (``Action``), and the most groups
    of one colour a player may hold."""
    parts = SpaceParts.of(act, edition, players, decks)
    sections = sorted(((number, layout, row) for row in VERBS for number, layout in row.ids), key=lambda s: s[0])
    acts: list[A] = []
    for _, layout, row in sections:
        for verb in _verbs_in(parts, row):
            acts += layout(parts, verb)
    return acts, parts.groups


def _verbs_in(parts: SpaceParts[A], row: Verb) -> list[str]:
    """The verbs of ``row`` an edition has: its cards', or its word where it plays no card or one dealt."""
    if row.kinds:
        return [t.key for t in parts.types if t.kind in row.kinds]
    return [row.key] if not row.card or row.card in parts.keys else []
