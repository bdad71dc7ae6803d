"""The peer for ``bench_engine.py --peer``: `monodeal <https://github.com/shuckc/monodeal>`_, the
fastest other Python Monopoly Deal engine we know, playing with its own players, which take the
first legal action.

By default it is the package on the index (``pip install monodeal``, done here if missing). Its
repository moves faster than the index (its head is about twice as fast as 0.0.2), so ``path``
(``bench_engine.py --peer-path DIR``) imports it instead from a checkout of that repository: a
folder holding the ``monodeal`` package. Its code is never copied into this project. The driver
uses only what 0.0.2 and the head (``fc38bd4``, 2025-06-10) share: ``Game(players=, random=,
variations=)._play()``, ``Player``, ``actions.generate_actions`` and ``SkipAction``.

Its game loop prints every step; here its modules' ``print`` does nothing (the messages are still
formatted: that is its code). Some of its games never end, or end in an error of its own (a payment
it cannot make); a game that raises or runs past ``limit`` CPU seconds is left out of the figures
and counted, which can only flatter the peer. Times are CPU seconds (``time.process_time``), as
``bench_engine.py --peer`` times ours: on a shared machine they vary far less than the clock.

>>> stats = play(2, seeds=range(3))          # doctest: +SKIP
>>> stats.games + stats.errors + stats.too_long
3
"""

from __future__ import annotations

import importlib
import importlib.metadata
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from types import ModuleType
from typing import Any

#: The version installed from the index when none is (the newest there).
VERSION = "0.0.2"


def load(path: str | None = None) -> tuple[ModuleType, ModuleType, Any]:
    """``monodeal``'s game and actions modules and its ``Variations``: from the checkout ``path``
    if given, else the installed package, installed with pip if missing."""
    if path is not None:
        root = os.path.abspath(path)
        if not os.path.isfile(os.path.join(root, "monodeal", "__init__.py")):
            raise SystemExit(f"--peer-path {path}: no monodeal/__init__.py there "
                             "(give the root of a checkout of github.com/shuckc/monodeal)")
        if root not in sys.path:
            sys.path.insert(0, root)
        package = importlib.import_module("monodeal")
        if not os.path.abspath(package.__file__ or "").startswith(root + os.sep):
            raise SystemExit(f"--peer-path {path}: monodeal was already imported from {package.__file__}")
    else:
        try:
            package = importlib.import_module("monodeal")
        except ImportError:
            subprocess.run([sys.executable, "-m", "pip", "install", "-q", f"monodeal=={VERSION}"], check=True)
            package = importlib.import_module("monodeal")
    game = importlib.import_module("monodeal.game")
    actions = importlib.import_module("monodeal.actions")
    for name, module in list(sys.modules.items()):  # the head has a module (propertyset) 0.0.2 lacks
        if module is not None and (name == "monodeal" or name.startswith("monodeal.")):
            module.print = _silent  # type: ignore[attr-defined]
    return game, actions, package.Variations


def version(path: str | None = None) -> str:
    """The peer measured, in words: a checkout's commit (short hash and commit date, and whether
    its package has local changes), else the installed package's version."""
    if path is not None:
        root = os.path.abspath(path)

        def git(*args: str) -> str:
            return subprocess.run(["git", "-C", root, *args], capture_output=True, text=True, check=True).stdout.strip()

        try:
            if os.path.realpath(git("rev-parse", "--show-toplevel")) != os.path.realpath(root):
                raise ValueError(root)  # inside some other repository: its commit is not the peer's
            commit, date = git("log", "-1", "--format=%h %cs").split()
            changed = ", with local changes" if git("status", "--porcelain", "--", "monodeal") else ""
            return f"monodeal at commit {commit} ({date}{changed}), from {path}"
        except (OSError, subprocess.CalledProcessError, ValueError):
            return f"monodeal from {path} (not a git work tree: version unknown)"
    try:
        return f"monodeal {importlib.metadata.version('monodeal')}"
    except importlib.metadata.PackageNotFoundError:
        return f"monodeal {VERSION} (to be installed)"


def _silent(*args: object, **kwargs: object) -> None:
    """Stands in for ``print`` in the peer's modules."""


class _TooLong(Exception):
    """A peer game ran past its time limit."""


@dataclass
class PeerStats:
    """Finished games, their decisions (``get_action`` calls), turns and seconds; the games left
    out: ended by an error of the peer's, or past the time limit."""

    players: int
    games: int = 0
    decisions: int = 0
    turns: int = 0
    seconds: float = 0.0
    errors: int = 0
    too_long: int = 0


def play(players: int, seeds: range, limit: float = 1.0, path: str | None = None) -> PeerStats:
    """Play one peer game per seed with ``players`` first-legal-action players (CPU seconds);
    ``path``: a checkout of the peer's repository to import it from (see ``load``)."""
    game_mod, actions_mod, variations = load(path)
    generate, skip = actions_mod.generate_actions, actions_mod.SkipAction
    counts = [0, 0]  # decisions, turns in the game being played

    class FirstAction(game_mod.Player):  # type: ignore[name-defined,misc]
        """The peer's own ``Player.get_action`` less its print, counting decisions and turns."""

        def get_action(self, game: Any, actions_left: int) -> Any:
            counts[0] += 1
            counts[1] += actions_left == 3  # a turn's first decision: every action uses at least one play
            actions = generate(game, self, actions_left)
            actions.append(skip(self))
            return actions[0]

    def too_long(signum: int, frame: Any) -> None:
        raise _TooLong

    stats = PeerStats(players)
    previous = signal.signal(signal.SIGPROF, too_long)
    try:
        for seed in seeds:
            counts[0] = counts[1] = 0
            start = time.process_time()
            signal.setitimer(signal.ITIMER_PROF, limit)
            try:
                seats = [FirstAction(chr(ord("A") + i)) for i in range(players)]
                game_mod.Game(players=seats, random=random.Random(seed),
                              variations=variations.FORCE_UNPLACED_PROPERTY_AS_CASH)._play()
            except _TooLong:
                stats.too_long += 1
                continue
            except Exception:  # noqa: BLE001 (any error of the peer's own: the game is left out)
                stats.errors += 1
                continue
            finally:
                signal.setitimer(signal.ITIMER_PROF, 0)
            stats.seconds += time.process_time() - start
            stats.games += 1
            stats.decisions += counts[0]
            stats.turns += counts[1]
    finally:
        signal.signal(signal.SIGPROF, previous)
    return stats
