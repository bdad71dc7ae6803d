"""Rule options: docs/rules.md's defaults and every named variant, on one object.

>>> from monopoly_deal.engine.rules import Rules
>>> Rules().putback
'bottom'
>>> Rules.from_dict({"putback": "discard"}).changed()
{'putback': 'discard'}
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .refusal import Refusal, Term

_CHOICES: dict[str, tuple[Any, ...]] = {
    "values": ("printed", "s2"),
    "putback": ("bottom", "discard"),
    "speeding_discard": ("chooser", "random"),
    "start": ("random", "dice"),
}


#: The most decks a game may shuffle together (two serve ten players, R1.4) and the longest turn limit.
MAX_DECKS = 4
MAX_TURNS = 100_000
#: The most sets a win may ask for: one of each of the ten colours (R7).
MAX_SETS_TO_WIN = 10
#: A bound on free re-arrangements a turn for programs that must end every turn whoever plays (a server's
#: rooms): over four times the farthest arrangement measured (tests/engine/test_quick_accept.py), so a player
#: may re-arrange the whole table before each of the three plays and again at the end.
BOUNDED_REARRANGEMENTS = 50


class RuleOptionError(Refusal):
    """A rule option that does not exist or a value it cannot take (its words: ``rules-error.<code>``; a
    ``name`` given is also said by its label, ``option``)."""

    def __init__(self, code: str, english: str, **params: Any) -> None:
        if "name" in params:
            params["option"] = Term(f"web.rule.{params['name']}")
        super().__init__(f"rules-error.{code}", english, **params)


@dataclass(frozen=True, slots=True)
class Rules:
    """How a game is played. Every field defaults to docs/rules.md's default.

    Attributes:
        values: ``"printed"`` card values, or ``"s2"`` for the ``s2-values`` deck (R1.5).
        single_double_rent: at most one Double the Rent per rent card (R3.4 variant).
        putback: where cards over 7 go at the end of a turn: ``"bottom"`` of the
            draw pile, or the ``"discard"`` pile (R3.6 variant).
        complete_needs_single: a complete set needs a single-colour card (R6.4 variant, S0-Q14).
        received_buildings_to_bank: received houses and hotels always go to the bank (R8.6 variant).
        bank_first: property may pay only what the bank cannot (R8.8 variant).
        house_to_win: Enhanced edition: one of the winning sets needs a house (R7.2 variant).
        speeding_discard: who picks a Speeding Deal discard: the ``"chooser"`` (the
            discarding player) or ``"random"`` (R1.3 variant).
        start: who plays first: a seat number (0-based), ``"random"``, or
            ``"dice"`` (two dice each, highest first, ties re-roll; R2.2, R10.2).
        decks: decks shuffled together; 0 means one for 2–5 players, two from 6 (R1.4);
            at most ``MAX_DECKS``.
        max_turns: the game ends without a winner after this many turns (R7); at most
            ``MAX_TURNS``. Both bounds keep one game's cost bounded whoever sets the options.
        max_rearrangements: free re-arrangements (``move``, ``swap``) a player may make in one
            turn (R6.2); 0, the default, means no limit, as the sources say (S1 FAQ: a wild's
            colour may be changed any number of times on one's own turn). Programs that must
            end every turn whoever plays set a bound (the learning environments, a server's
            rooms): ``BOUNDED_REARRANGEMENTS`` takes no real choice, since every arrangement in
            reach is a handful of moves away (tests/engine/test_quick_accept.py measures it).
        rearrange_after_empty_hand: a player who has played the last card of their hand may
            still re-arrange that turn (R6.2 variant, a house rule; S1-19 forbids it).
        sets_to_win: complete sets of different colours that win (R7.1, R7.2); 0 means the
            edition's: 3, or 4 in the Enhanced edition. S2 lets the Enhanced edition ask for
            "four or more"; any number from 3 to ``MAX_SETS_TO_WIN`` may be asked.
    """

    values: str = "printed"
    single_double_rent: bool = False
    putback: str = "bottom"
    complete_needs_single: bool = False
    received_buildings_to_bank: bool = False
    bank_first: bool = False
    house_to_win: bool = False
    speeding_discard: str = "chooser"
    start: int | str = "random"
    decks: int = 0
    max_turns: int = 1000
    max_rearrangements: int = 0
    rearrange_after_empty_hand: bool = False
    sets_to_win: int = 0

    def __post_init__(self) -> None:
        for name, choices in _CHOICES.items():
            value = getattr(self, name)
            if name == "start" and isinstance(value, int) and not isinstance(value, bool):
                if value < 0:
                    raise RuleOptionError("start", "rule option 'start' must be a seat number >= 0, 'random' or 'dice'",
                                          name="start")
                continue
            if value not in choices:
                raise RuleOptionError("choice", f"rule option {name!r} must be one of {', '.join(map(repr, choices))}, "
                                      f"not {value!r}", name=name, choices=choices, value=str(value))
        for f in fields(self):
            if f.type == "bool" and not isinstance(getattr(self, f.name), bool):
                raise RuleOptionError("flag", f"rule option {f.name!r} must be true or false", name=f.name)
        if not isinstance(self.decks, int) or not 0 <= self.decks <= MAX_DECKS:
            raise RuleOptionError("decks", f"rule option 'decks' must be 0 (automatic) or 1 to {MAX_DECKS} decks",
                                  name="decks", most=MAX_DECKS)
        if not isinstance(self.max_turns, int) or not 1 <= self.max_turns <= MAX_TURNS:
            raise RuleOptionError("max-turns", f"rule option 'max_turns' must be 1 to {MAX_TURNS:,} turns",
                                  name="max_turns", most=f"{MAX_TURNS:,}")
        if not isinstance(self.max_rearrangements, int) or self.max_rearrangements < 0:
            raise RuleOptionError("max-rearrangements",
                                  "rule option 'max_rearrangements' must be 0 (no limit) or a number of re-arrangements",
                                  name="max_rearrangements")
        if not isinstance(self.sets_to_win, int) or not (self.sets_to_win == 0 or 3 <= self.sets_to_win <= MAX_SETS_TO_WIN):
            raise RuleOptionError("sets-to-win", f"rule option 'sets_to_win' must be 0 (the edition's: 3, Enhanced 4) "
                                  f"or 3 to {MAX_SETS_TO_WIN} sets", name="sets_to_win", most=MAX_SETS_TO_WIN)

    def to_dict(self) -> dict[str, Any]:
        # Every option is a plain value: no deep copy (``dataclasses.asdict``) needed, and every view has one.
        return {name: getattr(self, name) for name in _NAMES}

    def changed(self) -> dict[str, Any]:
        """Only the options that differ from the defaults."""
        return {k: v for k, v in self.to_dict().items() if _DEFAULTS[k] != v}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rules from a (partial) dict; unknown names are an error naming them."""
        if not isinstance(data, dict):
            raise RuleOptionError("mapping", "rule options must be a mapping of option names to values")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RuleOptionError("unknown", f"unknown rule option(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}",
                                  names=unknown, known=sorted(known))
        return cls(**data)

    @classmethod
    def options(cls) -> list[dict[str, Any]]:
        """Every option as a form needs it: its name, kind (``flag``, ``choice`` or ``number``), default,
        choices or bounds (``max`` ``None``: no upper bound). ``start`` also takes a seat number; ``decks`` 0
        means automatic, ``sets_to_win`` 0 the edition's count (1 and 2 are refused: no source plays to fewer than 3).

        >>> [o for o in Rules.options() if o["name"] == "putback"]
        [{'name': 'putback', 'kind': 'choice', 'default': 'bottom', 'choices': ['bottom', 'discard']}]
        """
        bounds: dict[str, tuple[int, int | None]] = {
            "decks": (0, MAX_DECKS), "max_turns": (1, MAX_TURNS), "max_rearrangements": (0, None),
            "sets_to_win": (0, MAX_SETS_TO_WIN)}
        out: list[dict[str, Any]] = []
        for f in fields(cls):
            default = getattr(cls(), f.name)
            if f.name in _CHOICES:
                out.append({"name": f.name, "kind": "choice", "default": default, "choices": list(_CHOICES[f.name])})
            elif f.type == "bool":
                out.append({"name": f.name, "kind": "flag", "default": default})
            else:
                low, high = bounds[f.name]
                out.append({"name": f.name, "kind": "number", "default": default, "min": low, "max": high})
        return out

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Rules from ``name=value,name=value`` (the command-line form). A yes/no option takes
        true/false, yes/no, on/off or 1/0; every option needs its value.

        >>> Rules.parse("bank_first=1,putback=discard").changed()
        {'putback': 'discard', 'bank_first': True}
        """
        return cls.from_dict(cls.named_in(text))

    @classmethod
    def named_in(cls, text: str) -> dict[str, Any]:
        """The options that ``text`` (the command-line form of :meth:`parse`) names, with their values read
        but not yet checked (:meth:`from_dict` checks them): what a program that fills in its own
        defaults needs to tell an option named from one left out.

        >>> Rules.named_in("max_rearrangements=0")
        {'max_rearrangements': 0}
        """
        flags = {f.name for f in fields(cls) if f.type == "bool"}
        data: dict[str, Any] = {}
        for item in filter(None, (part.strip() for part in text.split(","))):
            name, sep, raw = item.partition("=")
            name = name.strip().replace("-", "_")
            if not sep or not raw.strip():
                raise RuleOptionError("needs-value", f"rule option {name!r} needs a value: {name}=VALUE", name=name)
            value: Any = raw.strip()
            if value.lower() in ("true", "yes", "on") or (name in flags and value == "1"):
                value = True
            elif value.lower() in ("false", "no", "off") or (name in flags and value == "0"):
                value = False
            elif value.lstrip("-").isdigit():
                value = int(value)
            data[name] = value
        return data


_NAMES = tuple(f.name for f in fields(Rules))
_DEFAULTS = {name: getattr(Rules(), name) for name in _NAMES}
