"""The rules engine: pure Python, no I/O, no dependencies outside the standard library."""

from . import game as _game_module
from .actions import Action, IllegalActionError, format_action, parse_action
from .cards import COLOUR_KEYS, SET_SIZE, TYPES, Colour, Kind, build_deck
from .game import DECISIONS, Game, Group
from .refusal import Refusal
from .rules import RuleOptionError, Rules

#: True when the engine runs as the mypyc-compiled extension (a normal install), False for pure Python.
COMPILED = not _game_module.__file__.endswith(".py")

__all__ = [
    "COLOUR_KEYS",
    "COMPILED",
    "DECISIONS",
    "SET_SIZE",
    "TYPES",
    "Action",
    "Colour",
    "Game",
    "Group",
    "IllegalActionError",
    "Kind",
    "Refusal",
    "RuleOptionError",
    "Rules",
    "build_deck",
    "format_action",
    "parse_action",
]
