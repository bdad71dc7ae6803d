"""The policy bot reads any torch policy: a TorchScript module, an exported program and a PolicyNetwork
state_dict (docs/rl.md, "Policies as bots"), each made here as a tiny model; bad files are one clear line."""

from __future__ import annotations

import doctest
import random
import re
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="torch (the rl extra) is not installed: the policy bot needs it")

from monopoly_deal.bots import BotSpecError, Seat, make_bot
from monopoly_deal.engine import Game
from monopoly_deal.rl.encoding import ObservationEncoder, action_space
from monopoly_deal.rl.policy import (
    EXPORTED,
    MASKABLE_PPO,
    STATE_DICT,
    TORCHSCRIPT,
    PolicyBot,
    PolicyNetwork,
    TorchPolicy,
    policy_kind,
)

# torch 2.13 calls TorchScript deprecated (torch.export is tested too); the bot still reads it.
pytestmark = pytest.mark.filterwarnings("ignore:`torch.jit.*` is deprecated:DeprecationWarning")

OBS, ACTIONS = ObservationEncoder(2).size, len(action_space(2))   # 2-player base games


class Ranked(torch.nn.Module):
    """Logits that rank the action ids (a higher id, a higher logit), plus a term of the observation so that
    the observation's size matters: the bot plays the highest legal id."""

    def __init__(self, observation_size: int, action_count: int) -> None:
        super().__init__()
        self.look = torch.nn.Linear(observation_size, 1)
        self.register_buffer("rank", torch.arange(action_count, dtype=torch.float32))

    def forward(self, observation: torch.Tensor) -> torch.Tensor:
        return self.rank + 1e-6 * torch.tanh(self.look(observation))


class RankedWithMask(torch.nn.Module):
    """The same ranking reversed (the lowest id first), taking the mask as its second input and masking itself."""

    def __init__(self, observation_size: int, action_count: int) -> None:
        super().__init__()
        self.look = torch.nn.Linear(observation_size, 1)
        self.register_buffer("rank", -torch.arange(action_count, dtype=torch.float32))

    def forward(self, observation: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        logits = self.rank + 1e-6 * torch.tanh(self.look(observation))
        return logits.masked_fill(~mask, -1e9)


class Sized(Ranked):
    """:class:`Ranked` that says the sizes it was trained for."""

    def __init__(self, observation_size: int, action_count: int) -> None:
        super().__init__(observation_size, action_count)
        self.observation_size, self.action_count = observation_size, action_count


class ThreeInputs(torch.nn.Module):
    def forward(self, a: torch.Tensor, b: torch.Tensor, c: torch.Tensor) -> torch.Tensor:
        return a + b + c


def scripted(module: torch.nn.Module, path: Path) -> Path:
    torch.jit.save(torch.jit.script(module), str(path))
    return path


def play(specs: list[str], seed: int, decisions: int = 400) -> list[tuple[int, object, tuple]]:
    """A game of the bots of ``specs``, up to ``decisions`` decisions: (seat, action, legal actions) each."""
    game = Game(2, seed=seed, log=False)
    bots = [make_bot(spec, seed=seed) for spec in specs]
    taken = []
    while not game.over and len(taken) < decisions:
        seat = Seat(game, game.decider)
        action = bots[game.decider].choose(seat)
        assert action in game.legal_actions()
        taken.append((game.decider, action, seat.legal_actions))
        game.apply(action)
    return taken


@pytest.mark.parametrize("module, pick", [(Ranked(OBS, ACTIONS), max), (RankedWithMask(OBS, ACTIONS), min)])
def test_a_torchscript_module_plays_its_most_likely_legal_action(module: torch.nn.Module, pick: object,
                                                                 tmp_path: Path) -> None:
    """A TorchScript module taking the observation (or the observation and the mask) plays as
    ``policy:path=FILE.pt``: the legal action of the highest logit, every decision."""
    path = scripted(module, tmp_path / "policy.pt")
    assert policy_kind(str(path)) == TORCHSCRIPT
    space = action_space(2)
    taken = play([f"policy:path={path}", "random"], seed=1)
    mine = [(action, legal) for seat, action, legal in taken if seat == 0]
    assert len(mine) > 5
    for action, legal in mine:
        if not any(a.verb in ("move", "swap") for a in legal):   # the bot may cut re-arrangements (the bound)
            assert space.id(action) == pick(space.id(a) for a in legal)  # type: ignore[operator]


def test_a_traced_module_plays_too(tmp_path: Path) -> None:
    """``torch.jit.trace`` makes a TorchScript module of any policy whose forward is plain tensor work."""
    path = tmp_path / "traced.pt"
    torch.jit.save(torch.jit.trace(Ranked(OBS, ACTIONS), torch.zeros(1, OBS)), str(path))
    taken = play([f"policy:path={path}", "random"], seed=2, decisions=60)
    assert any(seat == 0 for seat, _, _ in taken)


@pytest.mark.parametrize("module, inputs, pick", [
    (Ranked(OBS, ACTIONS), 1, max), (RankedWithMask(OBS, ACTIONS), 2, min)])
def test_an_exported_program_plays_its_most_likely_legal_action(module: torch.nn.Module, inputs: int, pick: object,
                                                                 tmp_path: Path) -> None:
    """``torch.export`` (what torch now recommends over TorchScript): exported with one example input, saved
    as ``.pt2``, it plays as a TorchScript module does."""
    example = (torch.zeros(1, OBS), torch.ones(1, ACTIONS, dtype=torch.bool))[:inputs]
    path = tmp_path / "policy.pt2"
    torch.export.save(torch.export.export(module, example), str(path))
    assert policy_kind(str(path)) == EXPORTED
    space = action_space(2)
    mine = [(a, legal) for seat, a, legal in play([f"policy:path={path}", "random"], seed=6) if seat == 0]
    assert len(mine) > 5
    for action, legal in mine:
        if not any(a.verb in ("move", "swap") for a in legal):
            assert space.id(action) == pick(space.id(a) for a in legal)  # type: ignore[operator]
    game = Game(3, seed=1)
    with pytest.raises(BotSpecError, match="was trained for another game size"):
        make_bot(f"policy:path={path}").choose(Seat(game, game.decider))


def test_a_policy_network_state_dict_plays_whole_games(tmp_path: Path) -> None:
    """``torch.save(PolicyNetwork(...).state_dict(), "policy.pth")`` plays as ``policy:path=policy.pth``; the
    network's sizes come from the weights, and the bot takes what the network would take."""
    torch.manual_seed(0)
    network = PolicyNetwork(OBS, ACTIONS, hidden=(8, 4))
    path = tmp_path / "policy.pth"
    torch.save(network.state_dict(), path)
    assert policy_kind(str(path)) == STATE_DICT
    bot = make_bot(f"policy:path={path}")
    assert isinstance(bot, PolicyBot) and isinstance(bot.model, TorchPolicy)
    assert bot.model.module.sizes == (OBS, 8, 4, ACTIONS)
    for seed in range(2):
        taken = play([f"policy:path={path}", "random"], seed=seed, decisions=10_000)
        assert taken
    game = Game(2, seed=5, log=False)
    while game.decider != 0:
        game.apply(game.legal_actions()[0])
    seat = Seat(game, 0)
    encoder, space = ObservationEncoder(2), action_space(2)
    with torch.no_grad():
        logits = network(torch.as_tensor(encoder.encode(seat.determinize(0), 0))[None])[0]
    ids = [space.id(a) for a in seat.legal_actions]
    assert space.id(bot.choose(seat)) == ids[int(torch.argmax(logits[ids]))]


def test_a_policy_network_scripted_is_a_torchscript_policy(tmp_path: Path) -> None:
    path = scripted(PolicyNetwork(OBS, ACTIONS, hidden=(4,)), tmp_path / "network.pt")
    assert play([f"policy:path={path}", "random"], seed=3, decisions=50)


def test_a_maskable_ppo_policy_exported_to_torchscript_plays_as_the_model(tmp_path: Path) -> None:
    """docs/rl.md's export of a MaskablePPO policy to TorchScript: the module plays the model's own choices."""
    sb3_contrib = pytest.importorskip("sb3_contrib")
    from monopoly_deal.rl.gymnasium import MonopolyDealEnv

    model = sb3_contrib.MaskablePPO("MlpPolicy", MonopolyDealEnv(players=2, opponents="random"), seed=0, device="cpu",
                                    policy_kwargs={"net_arch": [8]})
    zip_path = tmp_path / "policy.zip"
    model.save(zip_path)
    assert policy_kind(str(zip_path)) == MASKABLE_PPO
    text = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    match = re.search(r"```python\n(# export.*?)```", text, re.DOTALL)
    assert match is not None
    namespace = {"model": model}
    exec(compile(match.group(1).replace("policy.pt", str(tmp_path / "policy.pt")), "docs/rl.md", "exec"),  # noqa: S102
         namespace)
    by_zip, by_script = make_bot(f"policy:path={zip_path}"), make_bot(f"policy:path={tmp_path / 'policy.pt'}")
    game, rng = Game(2, seed=4, log=False), random.Random(4)
    compared = 0
    while not game.over and compared < 40:
        seat = Seat(game, game.decider)
        if game.decider == 0:
            assert by_script.choose(seat) == by_zip.choose(seat)
            compared += 1
        game.apply(rng.choice(game.legal_actions()))
    assert compared > 10


def test_a_torch_policy_for_another_game_size_is_refused(tmp_path: Path) -> None:
    """A state_dict and a module that says its sizes are refused before they play; a module that does not say
    them, when the observation does not fit it. Each is one line naming the file."""
    pth = tmp_path / "policy.pth"
    torch.save(PolicyNetwork(OBS, ACTIONS, hidden=(4,)).state_dict(), pth)
    paths = [pth, scripted(Sized(OBS, ACTIONS), tmp_path / "sized.pt"),
             scripted(Ranked(OBS, ACTIONS), tmp_path / "ranked.pt")]
    game = Game(3, seed=1, log=False)
    for path in paths:
        with pytest.raises(BotSpecError, match="was trained for another game size") as error:
            make_bot(f"policy:path={path}").choose(Seat(game, game.decider))
        assert "\n" not in str(error.value) and error.value.params["players"] == 3
    short = scripted(Ranked(OBS, 10), tmp_path / "short.pt")
    with pytest.raises(BotSpecError, match="the module gave 10 logits"):
        make_bot(f"policy:path={short}").choose(Seat(Game(2, seed=1), 0))


@pytest.mark.parametrize("make, says", [
    (lambda path: path.write_bytes(b"not an archive"), "it is not a torch or sb3 archive"),
    (lambda path: torch.save([1, 2, 3], path), "it holds a list, not a state_dict"),
    (lambda path: torch.save({"weight": torch.zeros(2, 2)}, path), "not a PolicyNetwork state_dict"),
    (lambda path: torch.save(torch.nn.Linear(3, 2), path), "it cannot be read as a state_dict"),
    (lambda path: torch.save({k.replace("layers.2", "layers.4"): v for k, v in
                              PolicyNetwork(4, 3, hidden=(2,)).state_dict().items()}, path), "not a PolicyNetwork"),
    (lambda path: scripted(ThreeInputs(), path), "its forward takes 3 inputs"),
])
def test_a_file_that_is_no_torch_policy_is_one_line(make: object, says: str, tmp_path: Path) -> None:
    path = tmp_path / "policy.pt"
    make(path)  # type: ignore[operator]
    with pytest.raises(BotSpecError, match="is no policy it reads") as error:
        make_bot(f"policy:path={path}")
    assert says in str(error.value) and "\n" not in str(error.value)
    assert error.value.message_id == "bot-error.policy-format"


def test_policy_network_sizes_round_trip() -> None:
    network = PolicyNetwork(5, 3, hidden=(4, 6))
    again = PolicyNetwork.from_state_dict(network.state_dict())
    assert again.sizes == (5, 4, 6, 3)
    observation = torch.as_tensor(np.arange(5, dtype=np.float32))[None]
    assert torch.equal(again(observation), network(observation))


def test_module_docstring_examples_run() -> None:
    from monopoly_deal.rl import policy

    result = doctest.testmod(policy, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
