"""A trained masked policy as a bot: ``policy:path=FILE`` in the arena and on the command line.

The policy was trained on :class:`~monopoly_deal.rl.gymnasium.MonopolyDealEnv`'s observations and action
ids for one game size (players, edition, decks). The bot encodes what its seat may see exactly as the
environment did and takes the policy's most likely legal action. It reads three kinds of file, told
apart by what is in them, not by their names (docs/rl.md, "Policies as bots", says each exactly):

* a MaskablePPO model (sb3-contrib, ``.zip``), as ``examples/train_maskable_ppo.py`` saves it;
* a TorchScript module (``torch.jit.save``, ``.pt``) or an exported program (``torch.export.save``,
  ``.pt2``) whose ``forward(observation)`` or ``forward(observation, mask)`` gives the actions' logits:
  any torch policy, once scripted, traced or exported;
* a ``state_dict`` of :class:`PolicyNetwork`, the project's own policy network (``torch.save``, ``.pth``).

Load only files you trust: reading a MaskablePPO model or a TorchScript module runs code stored in it,
and a module or program runs its own graph, which is also why the server never offers this bot (a
``state_dict`` is read with ``weights_only=True``, which runs none)::

    mdeal arena --bots policy:path=runs/ppo/policy.zip,random --players 2 --games 200

It reads its observation from ``seat.determinize()``: the encoder reads only what the seat may see,
so any world consistent with the view encodes the same (tests/rl/test_encoding.py), and the bot
never touches the real game.

It re-arranges at most :data:`~monopoly_deal.rl.core.REARRANGEMENTS` times a turn, the environments'
bound it learnt under, also where the game sets none (the engine's default): a deterministic policy
that moves a wild back and forth would otherwise never end its turn.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np
import torch

from ..bots.base import Seat
from ..bots.registry import BotSpecError
from ..engine import Action, Game
from ..engine.actions import MOVE, SWAP
from .core import REARRANGEMENTS
from .encoding import ObservationEncoder, action_space

#: The kinds of policy file, as :func:`policy_kind` tells them.
MASKABLE_PPO, TORCHSCRIPT, EXPORTED, STATE_DICT = "maskable-ppo", "torchscript", "exported", "state-dict"
#: What the bot reads, for its refusals.
FORMATS = "a MaskablePPO .zip, a TorchScript module, an exported program or a PolicyNetwork state_dict"


class PolicyNetwork(torch.nn.Module):
    """The project's policy network: observation -> one logit per action id, a multilayer perceptron
    (``Linear`` layers with ``ReLU`` between them). Its ``state_dict`` (``torch.save(network.state_dict(),
    "policy.pth")``) plays as ``policy:path=policy.pth``; the layer sizes are read from the weights.

    >>> network = PolicyNetwork(1526, 7098, hidden=(32,))
    >>> network(torch.zeros(1, 1526)).shape
    torch.Size([1, 7098])
    >>> PolicyNetwork.from_state_dict(network.state_dict()).sizes
    (1526, 32, 7098)
    """

    def __init__(self, observation_size: int, action_count: int, hidden: Sequence[int] = (128, 128)) -> None:
        super().__init__()
        self.sizes = (observation_size, *hidden, action_count)
        layers: list[torch.nn.Module] = []
        for a, b in pairwise(self.sizes):
            if layers:
                layers.append(torch.nn.ReLU())
            layers.append(torch.nn.Linear(a, b))
        self.layers = torch.nn.Sequential(*layers)

    def forward(self, observation: torch.Tensor) -> torch.Tensor:
        """Logits of shape ``(batch, action_count)`` for observations of shape ``(batch, observation_size)``."""
        return self.layers(observation)

    @classmethod
    def from_state_dict(cls, state: Mapping[str, Any]) -> PolicyNetwork:
        """The network whose ``state_dict()`` is ``state``, its sizes read from the weights; ``ValueError``
        if ``state`` is no such ``state_dict``."""
        weights = sorted((int(m.group(1)), value) for key, value in state.items()
                         if (m := re.fullmatch(r"layers\.(\d+)\.weight", key)) and isinstance(value, torch.Tensor))
        if not weights or any(w.dim() != 2 for _, w in weights):
            raise ValueError("no PolicyNetwork weights (layers.N.weight)")
        sizes = [int(weights[0][1].shape[1])] + [int(w.shape[0]) for _, w in weights]
        network = cls(sizes[0], sizes[-1], sizes[1:-1])
        try:
            network.load_state_dict(dict(state))
        except RuntimeError as error:
            raise ValueError(" ".join(str(error).split())) from None
        return network.eval()


class TorchPolicy:
    """A torch module that gives logits, with MaskablePPO's ``predict``: the most likely legal action.

    Args:
        module: maps an observation of shape ``(1, observation_size)`` (float32), and the mask of shape
            ``(1, action_count)`` (bool) if ``takes_mask``, to logits of shape ``(1, action_count)``.
        path: the file it came from (for refusals).
        observation_size, action_count: the sizes it was trained for, if known.
    """

    def __init__(self, module: Any, path: str, takes_mask: bool = False, observation_size: int | None = None,
                 action_count: int | None = None) -> None:
        self.module, self.path, self.takes_mask = module, path, takes_mask
        self.observation_size, self.action_count = observation_size, action_count

    def predict(self, observation: np.ndarray, action_masks: np.ndarray,
                deterministic: bool = True) -> tuple[int, None]:
        """The legal action (``action_masks`` true) with the highest logit; ``deterministic`` is always so."""
        obs = torch.as_tensor(observation, dtype=torch.float32).reshape(1, -1)
        mask = torch.as_tensor(np.asarray(action_masks, dtype=bool)).reshape(1, -1)
        with torch.inference_mode():
            try:
                logits = self.module(obs, mask) if self.takes_mask else self.module(obs)
            except (RuntimeError, AssertionError, ValueError) as error:  # another size (an exported program's
                # guard is an AssertionError), most likely: one line, the last of torch's
                reason = (str(error).strip().splitlines() or [type(error).__name__])[-1][:200]
                raise PolicySizeError(f"the module refused the observation: {reason}") from None
        logits = torch.as_tensor(logits).reshape(-1)
        if logits.numel() != mask.shape[1]:
            raise PolicySizeError(f"the module gave {logits.numel()} logits")
        legal = mask[0].nonzero().reshape(-1)
        return int(legal[int(logits[legal].argmax())]), None


class PolicySizeError(ValueError):
    """A policy that does not fit the game's observation or action count (what :class:`PolicyBot` says as
    ``bot-error.policy-size``)."""


def policy_kind(path: str) -> str | None:
    """Which kind of policy file ``path`` is (:data:`MASKABLE_PPO`, :data:`TORCHSCRIPT`, :data:`EXPORTED`,
    :data:`STATE_DICT`), read from the names in it (all are zip archives); ``None`` if none.

    >>> policy_kind(__file__) is None
    True
    """
    try:
        with zipfile.ZipFile(path) as archive:
            names = archive.namelist()
    except (zipfile.BadZipFile, OSError):
        return None
    if "policy.pth" in names and "data" in names:
        return MASKABLE_PPO
    if any(name.split("/")[1:2] == ["code"] for name in names):
        return TORCHSCRIPT
    if any(name.count("/") == 1 and name.endswith("/archive_format") for name in names):
        return EXPORTED
    if any(name.count("/") == 1 and name.endswith("/data.pkl") for name in names):
        return STATE_DICT
    return None


def _not_a_policy(path: str, reason: str) -> BotSpecError:
    return BotSpecError("policy-format", f"bot 'policy': {path!r} is no policy it reads ({FORMATS}; docs/rl.md): "
                        f"{reason}", path=path, reason=reason)


def _load_maskable_ppo(path: str) -> Any:
    try:
        from sb3_contrib import MaskablePPO
    except ImportError:
        raise BotSpecError("needs-rl-extra", "bot 'policy' needs the rl extra: pip install 'monopoly-deal[rl]' "
                           "(sb3-contrib, torch)", bot="policy") from None
    try:
        return MaskablePPO.load(path, device="cpu")
    except Exception as error:  # noqa: BLE001 (a zip that is no model, one of another version: many kinds)
        raise BotSpecError("not-a-policy", f"bot 'policy': {path!r} is not a MaskablePPO model "
                           f"({type(error).__name__})", path=path) from None


def _load_torchscript(path: str) -> TorchPolicy:
    try:
        module = torch.jit.load(path, map_location="cpu")
    except Exception as error:  # noqa: BLE001 (torch raises many kinds for a damaged archive)
        raise _not_a_policy(path, f"the TorchScript module cannot be loaded ({type(error).__name__})") from None
    module.eval()
    inputs = len(module.forward.schema.arguments) - 1    # less ``self``
    if inputs not in (1, 2):
        raise _not_a_policy(path, f"its forward takes {inputs} inputs, not (observation) or (observation, mask)")
    sizes = [getattr(module, name, None) for name in ("observation_size", "action_count")]
    return TorchPolicy(module, path, inputs == 2, *(s if isinstance(s, int) else None for s in sizes))


def _load_exported(path: str) -> TorchPolicy:
    try:
        program = torch.export.load(path)
    except Exception as error:  # noqa: BLE001 (torch raises many kinds for a damaged archive)
        raise _not_a_policy(path, f"the exported program cannot be loaded ({type(error).__name__})") from None
    inputs = len(program.graph_signature.user_inputs)
    if inputs not in (1, 2):
        raise _not_a_policy(path, f"its forward takes {inputs} inputs, not (observation) or (observation, mask)")
    return TorchPolicy(program.module(), path, inputs == 2)


def _load_state_dict(path: str) -> TorchPolicy:
    try:
        state = torch.load(path, map_location="cpu", weights_only=True)
    except Exception as error:  # noqa: BLE001 (a pickle of other things, a damaged archive: many kinds)
        raise _not_a_policy(path, f"it cannot be read as a state_dict ({type(error).__name__})") from None
    if not isinstance(state, Mapping):
        raise _not_a_policy(path, f"it holds a {type(state).__name__}, not a state_dict")
    try:
        network = PolicyNetwork.from_state_dict(state)
    except ValueError as error:
        raise _not_a_policy(path, f"not a PolicyNetwork state_dict: {str(error)[:200]}") from None
    return TorchPolicy(network, path, False, network.sizes[0], network.sizes[-1])


@lru_cache(maxsize=8)
def _load(path: str, mtime: float) -> Any:
    """The policy in ``path`` (read once per file version: the arena makes a bot per game)."""
    kind = policy_kind(path)
    if kind == MASKABLE_PPO or (kind is None and path.endswith(".zip")):
        return _load_maskable_ppo(path)
    if kind == TORCHSCRIPT:
        return _load_torchscript(path)
    if kind == EXPORTED:
        return _load_exported(path)
    if kind == STATE_DICT:
        return _load_state_dict(path)
    raise _not_a_policy(path, "it is not a torch or sb3 archive")


def load_policy(path: str) -> Any:
    """The policy saved in ``path``: a MaskablePPO model, or a :class:`TorchPolicy` for a TorchScript module,
    an exported program or a :class:`PolicyNetwork` ``state_dict``; ``BotSpecError`` in one line if it cannot be."""
    file = Path(path)
    return _load(str(file.resolve()), file.stat().st_mtime)


def trained_sizes(model: Any) -> tuple[int | None, int | None]:
    """The observation size and action count ``model`` was trained for; ``None`` for what is not known
    (a TorchScript module without ``observation_size``/``action_count`` attributes)."""
    space = getattr(model, "observation_space", None)
    if space is not None:
        return int(space.shape[0]), int(model.action_space.n)
    return model.observation_size, model.action_count


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
        try:
            action, _ = self.model.predict(encoder.encode(world, seat.seat), action_masks=mask, deterministic=True)
        except PolicySizeError as error:
            raise self._wrong_size(world, str(error)) from None
        return space.action(int(action))

    def _wrong_size(self, game: Game, what: str) -> BotSpecError:
        size = ObservationEncoder(game.players, game.edition, game.rules).size
        actions = len(action_space(game.players, game.edition, game.rules))
        return BotSpecError("policy-size", f"bot 'policy': {self.path!r} was trained for another game size ({what}; "
                            f"a {game.players}-player {game.edition} game has {size} and {actions})", path=self.path,
                            players=game.players)

    def _encoder(self, game: Game) -> ObservationEncoder:
        key = (game.players, game.edition, game.rules)
        encoder = self._encoders.get(key)
        if encoder is None:
            encoder = ObservationEncoder(game.players, game.edition, game.rules)
            trained = trained_sizes(self.model)
            needed = (encoder.size, len(action_space(game.players, game.edition, game.rules)))
            if any(t is not None and t != n for t, n in zip(trained, needed)):
                said = [str(t) if t is not None else "?" for t in trained]
                raise self._wrong_size(game, f"observations of {said[0]}, {said[1]} actions")
            self._encoders[key] = encoder
        return encoder
