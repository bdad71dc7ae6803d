"""Reinforcement-learning adapters: encodings, PettingZoo and Gymnasium environments (docs/rl.md).

The engine knows nothing of these: they drive it through ``legal_actions()``/``apply()`` and show a
learner one seat's public information. Importing this package registers ``MonopolyDeal-v0`` with
Gymnasium when Gymnasium is installed (at once if Gymnasium is loaded, else as soon as it is, so that
importing this package alone loads neither Gymnasium nor numpy)::

    >>> import gymnasium, monopoly_deal.rl
    >>> "MonopolyDeal-v0" in gymnasium.registry
    True

and its bots, ``policy`` and ``openspiel-ismcts``, with the bot registry (:mod:`monopoly_deal.rl.plugin`;
the registry imports this package when it wants every bot, :mod:`monopoly_deal.bots.plugins`).
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

from . import plugin as _plugin  # noqa: F401 (registers the policy and openspiel-ismcts bots)

ENV_ID = "MonopolyDeal-v0"


def _register_env() -> None:
    import gymnasium

    if ENV_ID not in gymnasium.registry:
        gymnasium.register(id=ENV_ID, entry_point="monopoly_deal.rl.gymnasium:MonopolyDealEnv")


class _AfterGymnasium(importlib.abc.MetaPathFinder):
    """Registers ``MonopolyDeal-v0`` right after Gymnasium's first import, wherever that happens: importing
    this package (as the bot registry does to list every bot) imports neither Gymnasium nor numpy."""

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if name != "gymnasium":
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)      # once: the other finders find it
        spec = importlib.util.find_spec(name)
        loader = spec.loader if spec is not None else None
        if loader is not None:
            run = loader.exec_module

            def exec_module(module: ModuleType) -> None:
                run(module)
                _register_env()

            setattr(loader, "exec_module", exec_module)  # noqa: B010 (this spec's own loader)
        return spec


if "gymnasium" in sys.modules:
    _register_env()
elif not any(type(finder).__name__ == "_AfterGymnasium" for finder in sys.meta_path):
    sys.meta_path.insert(0, _AfterGymnasium())
