"""The rules engine: pure Python, no I/O, no dependencies outside the standard library."""

from .actions import Action, IllegalActionError, format_action, parse_action
from .cards import COLOUR_KEYS, SET_SIZE, TYPES, Colour, Kind, build_deck
from .game import DECISIONS, Game, Group
from .rules import Rules

__all__ = [
    "Action", "COLOUR_KEYS", "Colour", "DECISIONS", "Game", "Group", "IllegalActionError", "Kind",
    "Rules", "SET_SIZE", "TYPES", "build_deck", "format_action", "parse_action",
]
