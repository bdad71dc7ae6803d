"""Reinforcement-learning adapters: encodings, PettingZoo and Gymnasium environments (docs/rl.md).

The engine knows nothing of these: they drive it through ``legal_actions()``/``apply()`` and show a
learner one seat's public information. Importing this package registers ``MonopolyDeal-v0`` with
Gymnasium when Gymnasium is installed::

    >>> import gymnasium, monopoly_deal.rl
    >>> "MonopolyDeal-v0" in gymnasium.registry
    True
"""

from __future__ import annotations

ENV_ID = "MonopolyDeal-v0"

try:
    import gymnasium as _gymnasium
except ImportError:  # the encodings alone need only numpy
    pass
else:
    if ENV_ID not in _gymnasium.registry:
        _gymnasium.register(id=ENV_ID, entry_point="monopoly_deal.rl.gymnasium:MonopolyDealEnv")
