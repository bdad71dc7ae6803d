"""A trained masked policy as a bot: ``policy:path=FILE`` in the arena and on the command line.

The file is a MaskablePPO model (sb3-contrib) saved by ``examples/train_maskable_ppo.py``, trained on
:class:`~monopoly_deal.rl.gymnasium.MonopolyDealEnv` for one game size (players, edition, decks). The
bot encodes what its seat may see exactly as the environment did and takes the policy's most likely
legal action. Load only files you trust: reading a saved model runs code stored in it (pickle),
which is also why the server never offers this bot::

    mdeal arena --bots policy:path=runs/ppo/policy.zip,random --players 2 --games 200

It reads its observation from ``seat.determinize()``: the encoder reads only what the seat may see,
so any world consistent with the view encodes the same (tests/rl/test_encoding.py), and the bot
never touches the real game.

It re-arranges at most :data:`~monopoly_deal.rl.core.REARRANGEMENTS` times a turn, the environments'
bound it learnt under, also where the game sets none (the engine's default): a deterministic policy
that moves a wild back and forth would otherwise never end its turn.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from ..bots.base import Seat
from ..bots.registry import BotSpecError
from ..engine import Action, Game
from ..engine.actions import MOVE, SWAP
from .core import REARRANGEMENTS
from .encoding import ObservationEncoder, action_space


@lru_cache(maxsize=8)
def _load(path: str, mtime: float) -> Any:
    """The model in ``path`` (read once per file version: the arena makes a bot per game)."""
    from sb3_contrib import MaskablePPO

    try:
        return MaskablePPO.load(path, device="cpu")
    except Exception as error:  # noqa: BLE001 (a zip that is no model, one of another version: many kinds)
        raise BotSpecError("not-a-policy", f"bot 'policy': {path!r} is not a MaskablePPO model "
                           f"({type(error).__name__})", path=path) from None


def load_policy(path: str) -> Any:
    """The MaskablePPO model saved in ``path``; ``BotSpecError`` in one line if it cannot be."""
    file = Path(path)
    return _load(str(file.resolve()), file.stat().st_mtime)


class PolicyBot:
    """Plays the most likely legal action of a trained masked policy (deterministic: ``seed`` is unused)."""

    name = "policy"

    def __init__(self, path: str, seed: int | None = None) -> None:
        self.model = load_policy(path)
        self.path = path
        self._encoders: dict[tuple, ObservationEncoder] = {}

    def choose(self, seat: Seat) -> Action:
        world = seat.determinize(0)
        encoder = self._encoder(world)
        space = action_space(world.players, world.edition, world.rules)
        legal = seat.legal_actions
        if world.moves >= REARRANGEMENTS:   # ``end`` stays: a turn always has it
            legal = tuple(a for a in legal if a.verb not in (MOVE, SWAP))
        mask = np.zeros(len(space), dtype=bool)
        mask[[space.id(a) for a in legal]] = True
        action, _ = self.model.predict(encoder.encode(world, seat.seat), action_masks=mask, deterministic=True)
        return space.action(int(action))

    def _encoder(self, game: Game) -> ObservationEncoder:
        key = (game.players, game.edition, game.rules)
        encoder = self._encoders.get(key)
        if encoder is None:
            encoder = ObservationEncoder(game.players, game.edition, game.rules)
            trained = (self.model.observation_space.shape[0], self.model.action_space.n)
            needed = (encoder.size, len(action_space(game.players, game.edition, game.rules)))
            if trained != needed:
                raise BotSpecError("policy-size", f"bot 'policy': {self.path!r} was trained for another game size "
                                   f"(observations of {trained[0]}, {trained[1]} actions; a {game.players}-player "
                                   f"{game.edition} game has {needed[0]} and {needed[1]})", path=self.path,
                                   players=game.players)
            self._encoders[key] = encoder
        return encoder
