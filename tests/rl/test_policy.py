"""The policy bot: a trained masked policy plays as ``policy:path=FILE``; bad files are one clear line."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import numpy as np
import pytest

from monopoly_deal.bots import BOTS, BotSpecError, Seat, make_bot
from monopoly_deal.bots.registry import OPTIONAL, check_remote
from monopoly_deal.engine import Game

INSTALLED = importlib.util.find_spec("torch") is not None
needs_rl = pytest.mark.skipif(not INSTALLED, reason="torch (the rl extra) is not installed")


def test_policy_is_registered_exactly_when_torch_is_installed() -> None:
    """torch alone reads TorchScript modules and state_dicts; a MaskablePPO .zip also needs sb3-contrib."""
    assert ("policy" in BOTS) == INSTALLED
    if not INSTALLED:
        with pytest.raises(BotSpecError, match=r"needs the rl extra: pip install 'monopoly-deal\[rl\]'"):
            make_bot("policy:path=x.zip")
        assert "\n" not in OPTIONAL["policy"]


@pytest.fixture(scope="module")
def policy_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A policy trained for a few steps on 2-player base games (it need not be good, only a policy)."""
    sb3_contrib = pytest.importorskip("sb3_contrib")
    from monopoly_deal.rl.gymnasium import MonopolyDealEnv

    model = sb3_contrib.MaskablePPO("MlpPolicy", MonopolyDealEnv(players=2, opponents="random"), n_steps=32,
                                    batch_size=32, n_epochs=1, seed=0, device="cpu",
                                    policy_kwargs={"net_arch": [16]})
    model.learn(total_timesteps=32)
    path = tmp_path_factory.mktemp("policy") / "policy.zip"
    model.save(path)
    return path


def test_a_policy_plays_whole_games_with_legal_actions(policy_file: Path) -> None:
    for seed in range(2):
        game = Game(2, seed=seed, log=False)
        bots = [make_bot(f"policy:path={policy_file}"), make_bot("random", seed=seed)]
        while not game.over:
            seat = Seat(game, game.decider)
            action = bots[game.decider].choose(seat)
            assert action in game.legal_actions()
            game.apply(action)


def test_a_policy_plays_in_the_arena(policy_file: Path) -> None:
    from monopoly_deal.arena import run_arena

    spec = f"policy:path={policy_file}"
    result = run_arena([spec, "random"], players=2, games=4, seed=1)
    assert result.bots[spec]["games"] == 4


def test_a_policy_that_would_re_arrange_for_ever_stops_at_the_environments_bound(policy_file: Path) -> None:
    """docs/rl.md: the engine sets no limit on re-arranging (S1 FAQ), so the policy bot keeps the bound it
    learnt under: a policy that prefers a move whenever one is offered still ends its turn."""
    from monopoly_deal.rl.core import REARRANGEMENTS
    from monopoly_deal.rl.encoding import action_space

    bot = make_bot(f"policy:path={policy_file}")
    space = action_space(2)

    class Restless:
        """The trained model's spaces; it picks a re-arrangement whenever the mask has one, else the first id."""

        observation_space, action_space = bot.model.observation_space, bot.model.action_space

        def predict(self, observation: object, action_masks: np.ndarray, deterministic: bool) -> tuple[int, None]:
            ids = [int(i) for i in action_masks.nonzero()[0]]
            moves = [i for i in ids if space.action(i).verb in ("move", "swap")]
            return (moves or ids)[0], None

    bot.model = Restless()
    game = Game.from_position(2, hands={0: ["1M"]}, groups={0: [("red", ["red/yellow"], None, None)]})
    assert game.rules.max_rearrangements == 0
    taken = []
    while game.active == 0 and len(taken) < 100:
        taken.append(bot.choose(Seat(game, 0)))
        game.apply(taken[-1])
    assert [a.verb for a in taken] == ["move"] * REARRANGEMENTS + ["end"]


def test_a_policy_for_another_game_size_is_refused(policy_file: Path) -> None:
    game = Game(3, seed=1)
    with pytest.raises(BotSpecError, match="trained for another game size"):
        make_bot(f"policy:path={policy_file}").choose(Seat(game, game.decider))


@needs_rl
@pytest.mark.parametrize("spec, says", [
    ("policy", "bot 'policy' needs path=FILE"),
    ("policy:path=/no/such/policy.zip", "path must be a readable file"),
    ("policy:path=", "path must be a readable file"),
    ("policy:path=/", "there is no file '/'"),
    ("policy:iters=3", "bot 'policy' has no option(s) iters"),
])
def test_a_bad_policy_spec_is_one_line(spec: str, says: str) -> None:
    with pytest.raises(BotSpecError) as error:
        make_bot(spec)
    assert says in str(error.value) and "\n" not in str(error.value)


@needs_rl
def test_a_file_that_is_no_policy_is_one_line(tmp_path: Path) -> None:
    junk = tmp_path / "junk.zip"
    junk.write_bytes(b"not a zip at all")
    with pytest.raises(BotSpecError, match="is not a MaskablePPO model") as error:
        make_bot(f"policy:path={junk}")
    assert "\n" not in str(error.value)


@needs_rl
@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_file_is_one_line(tmp_path: Path) -> None:
    locked = tmp_path / "locked.zip"
    locked.write_bytes(b"x")
    locked.chmod(0)
    with pytest.raises(BotSpecError, match="cannot be read"):
        make_bot(f"policy:path={locked}")


def test_the_server_never_offers_a_bot_that_reads_files(policy_file: Path) -> None:
    with pytest.raises(BotSpecError, match="plays only from the command line"):
        check_remote(f"policy:path={policy_file}")
    check_remote("heuristic")
