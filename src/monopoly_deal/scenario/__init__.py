"""Scenario files: a position, actions in notation, and what must happen.

The format is specified in ``docs/scenarios.md``. A file is read in full and
checked before anything runs (:func:`load`), so a mistake in it is reported as
``FILE: FIELD: what is wrong`` and never half-applied. Running it
(:meth:`Scenario.run`) sets up the position with :meth:`Game.from_position`,
takes its steps in order and stops at the first one that fails::

    >>> scenario = loads('''
    ... title: banking a money card is a play
    ... rules: [R4.1]
    ... players: 2
    ... position:
    ...   hands: {P1: [5M]}
    ... steps:
    ...   - do: bank 5M
    ...   - expect: {banks: {P1: [5M]}, plays_left: 2}
    ... ''', "inline.yaml")
    >>> scenario.run()
    Result(path='inline.yaml', passed=True, reason='')

``mdeal scenario PATH...`` runs files and folders (:func:`main`).

The parts: :mod:`.values` reads the YAML and its values, :mod:`.position` the
``position:``, :mod:`.expect` the ``expect:`` checks, :mod:`.steps` the steps
and how each runs, and :mod:`.files` a whole file, and files and folders.
"""

from .files import FAQ_IDS, RULE_IDS, Result, Scenario, collect, load, loads, main, run_file, run_paths
from .position import GroupSpec, Position, position_field, read_position
from .steps import Step
from .values import ScenarioError

__all__ = ["FAQ_IDS", "RULE_IDS", "GroupSpec", "Position", "Result", "Scenario", "ScenarioError", "Step", "collect",
           "load", "loads", "main", "position_field", "read_position", "run_file", "run_paths"]
