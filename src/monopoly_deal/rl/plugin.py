"""The bots this package adds to the bot registry, registered when ``monopoly_deal.rl`` is imported
(:mod:`monopoly_deal.bots.plugins` imports it when the registry wants every bot):

* ``policy``: a trained masked policy (:mod:`monopoly_deal.rl.policy`), registered where torch is installed;
  elsewhere asking for it says in one line how to install the rl extra;
* ``openspiel-ismcts``: OpenSpiel's own ISMCTS (:mod:`monopoly_deal.rl.openspiel_bot`); without OpenSpiel,
  making one says in one line how to install it.

Neither torch nor OpenSpiel is imported here: each loads when its bot is made.

>>> from monopoly_deal.bots import make_bot
>>> make_bot("policy")
Traceback (most recent call last):
...
monopoly_deal.bots.registry.BotSpecError: bot 'policy' needs path=FILE (a policy saved by examples/train_maskable_ppo.py)
"""

from __future__ import annotations

import importlib.util
from typing import Any

from ..bots.base import Bot
from ..bots.registry import BotInfo, BotOption, BotSpecError, FileOption, register, register_missing


def make_policy(seed: int | None = None, path: str | None = None) -> Bot:
    """The ``policy`` bot: the policy saved in ``path`` (:class:`~monopoly_deal.rl.policy.PolicyBot`)."""
    if path is None:
        raise BotSpecError("policy-path", "bot 'policy' needs path=FILE (a policy saved by examples/train_maskable_ppo.py)")
    from .policy import PolicyBot  # torch loads only when a policy bot is made

    return PolicyBot(path, seed=seed)


def make_openspiel_ismcts(**options: Any) -> Bot:
    """The ``openspiel-ismcts`` bot, imported only when asked for: OpenSpiel is optional."""
    try:
        from .openspiel_bot import OpenSpielIsmctsBot
    except ModuleNotFoundError as error:
        if error.name not in ("pyspiel", "open_spiel"):
            raise
        raise BotSpecError("needs-openspiel", "bot 'openspiel-ismcts' needs OpenSpiel: pip install open_spiel") from None
    return OpenSpielIsmctsBot(**options)


if importlib.util.find_spec("torch") is not None:   # a MaskablePPO .zip also needs sb3-contrib, said when one is read
    register(BotInfo("policy", "a trained masked policy: a MaskablePPO .zip, a TorchScript module or a PolicyNetwork "
                     "state_dict, docs/rl.md", make_policy,
                     {"path": FileOption("a saved policy: a MaskablePPO .zip, a TorchScript .pt or a state_dict .pth")},
                     local=True))
else:
    register_missing("policy", "bot 'policy' needs the rl extra: pip install 'monopoly-deal[rl]' (sb3-contrib, torch)")

register(BotInfo("openspiel-ismcts", "OpenSpiel's own ISMCTS bot with random rollouts (needs pip install open_spiel)",
                 make_openspiel_ismcts, {
    "sims": BotOption("simulations per decision, default 100", int, 1, 5000),
    "rollouts": BotOption("random playouts valuing each new node, default 1", int, 1, 100),
    "c": BotOption("UCT exploration constant, default 2", float, 0, 10),
}, searches=True))
