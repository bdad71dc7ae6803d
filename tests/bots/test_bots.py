"""The bots: legal play in every edition, options by name, sensible heuristic choices, and no peeking."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from monopoly_deal import Game
from monopoly_deal.bots import BOTS, BotSpecError, HeuristicBot, IsmctsBot, RandomBot, Seat, make_bot
from monopoly_deal.bots.registry import FileOption
from monopoly_deal.bots.value import win_chance

SPECS = ["random", "heuristic", "ismcts:iters=30", "ismcts:iters=20,depth=3,c=0.3,rounds=2", "ismcts:iters=20,fitted=1"]


def play(game: Game, bots: list) -> Game:
    seats = [Seat(game, p) for p in range(game.players)]
    for _ in range(20_000):
        if game.over:
            return game
        p = game.decider
        action = bots[p].choose(seats[p])
        assert action in game.legal_actions()
        game.apply(action)
    raise AssertionError(f"game seed {game.seed} did not end in 20,000 decisions")


@pytest.mark.parametrize("edition", ["base", "enhanced"])
@pytest.mark.parametrize("players", [2, 3])
def test_every_bot_plays_legal_actions_to_the_end(edition: str, players: int) -> None:
    for seed in range(2):
        specs = [SPECS[(seed + p) % len(SPECS)] for p in range(players)]
        game = play(Game(players, edition, seed=seed, log=False), [make_bot(s, seed=p) for p, s in enumerate(specs)])
        assert game.over


def test_the_registry_has_the_three_bots_with_their_options() -> None:
    assert {"random", "heuristic", "ismcts"} <= set(BOTS)
    assert {"iters", "time"} <= set(BOTS["ismcts"].options)
    assert isinstance(make_bot("heuristic"), HeuristicBot)
    bot = make_bot("ismcts:iters=2000", seed=1)
    assert isinstance(bot, IsmctsBot) and bot.iters == 2000 and bot.seconds is None
    assert make_bot("ismcts:time=0.5").seconds == 0.5
    bot = make_bot("ismcts:depth=3,rounds=2,c=0.3")
    assert (bot.depth, bot.rounds, bot.c) == (3, 2, 0.3)


@pytest.mark.parametrize("spec, says", [
    ("alphazero", "unknown bot 'alphazero'; the bots are random, heuristic, ismcts"),
    ("ismcts:breadth=3",
     "bot 'ismcts' has no option(s) breadth; its options are iters, time, depth, c, rounds, width, fitted, seed"),
    ("ismcts:iters=many", "bot 'ismcts': iters must be a whole number from 1 to 20000"),
    ("ismcts:iters=0", "bot 'ismcts': iters must be a whole number from 1 to 20000"),
    ("ismcts:iters=1000000000000", "bot 'ismcts': iters must be a whole number from 1 to 20000"),
    ("ismcts:iters=1e3", "bot 'ismcts': iters must be a whole number from 1 to 20000"),
    ("ismcts:time=inf", "bot 'ismcts': time must be a number from 0.01 to 10"),
    ("ismcts:time=nan", "bot 'ismcts': time must be a number from 0.01 to 10"),
    ("ismcts:time=0", "bot 'ismcts': time must be a number from 0.01 to 10"),
    ("ismcts:depth=0", "bot 'ismcts': depth must be a whole number from 1 to 10"),
    ("ismcts:rounds=-1", "bot 'ismcts': rounds must be a whole number from 1 to 5"),
    ("ismcts:c=1e400", "bot 'ismcts': c must be a number from 0 to 10"),
    ("ismcts:width=101", "bot 'ismcts': width must be a whole number from 0 to 100"),
    ("random:seed=x", "bot 'random': seed must be a whole number from 0 to 9223372036854775807"),
    ("heuristic:seed=-1", "bot 'heuristic': seed must be a whole number from 0"),
    ("ismcts:iters", "is not key=value"),
])
def test_a_bad_bot_spec_is_one_line_naming_the_bot_the_option_and_its_bounds(spec: str, says: str) -> None:
    with pytest.raises(BotSpecError) as error:
        make_bot(spec)
    message = str(error.value)
    assert says in message and "\n" not in message
    assert "invalid literal" not in message and "could not convert" not in message


def test_every_option_of_every_bot_is_bounded_and_its_bounds_are_documented() -> None:
    docs = (Path(__file__).parents[2] / "docs" / "bots.md").read_text()
    for info in BOTS.values():
        for name, option in info.options.items():
            assert f"`{name}` ({option.limits()}" in docs, (info.name, name)
            if isinstance(option, FileOption):  # bounded by what is on the disk: tests/rl/test_policy.py
                continue
            assert option.low <= option.high < 10**6, (info.name, name)
            with pytest.raises(BotSpecError):
                make_bot(f"{info.name}:{name}={option.high * 10 + 1}")


def test_a_server_budget_caps_a_searching_bots_decision_whatever_its_options() -> None:
    game = _midgame(seed=4)
    bot = make_bot("ismcts:iters=20000", seed=1, max_seconds=0.05)
    began = time.perf_counter()
    assert bot.choose(Seat(game, game.decider)) in game.legal_actions()
    assert time.perf_counter() - began < 2.0 and bot.last_iterations < 20000


def test_ismcts_time_budget_runs_iterations_until_the_time_is_up() -> None:
    game = _midgame(seed=4)
    least = IsmctsBot(seed=1, iters=1)  # one sample per phase, the least any budget runs
    least.choose(Seat(game, game.decider))
    bot = IsmctsBot(seed=1, time=0.5)
    assert bot.choose(Seat(game, game.decider)) in game.legal_actions()
    assert bot.last_iterations > least.last_iterations


def test_ismcts_spends_its_iteration_budget_and_no_more_than_one_sample_over() -> None:
    game = _midgame(seed=6)
    bot = IsmctsBot(seed=1, iters=300)
    bot.choose(Seat(game, game.decider))
    assert 300 <= bot.last_iterations < 300 + len(game.legal_actions())


def test_ismcts_is_reproducible_for_a_seed() -> None:
    game = _midgame(seed=5)
    picks = {IsmctsBot(seed=9, iters=150).choose(Seat(game, game.decider)) for _ in range(3)}
    assert len(picks) == 1


def test_ismcts_takes_a_set_with_a_deal_breaker() -> None:
    game = Game.from_position(2, hands={0: ["deal-breaker", "1M", "red"]},
                              groups={1: [("dark-blue", ["dark-blue", "dark-blue"], None, None)]})
    assert str(IsmctsBot(seed=1, iters=40).choose(Seat(game, 0))) == "deal-breaker P2 dark-blue"


@pytest.mark.parametrize("players, rounds", [(2, 1), (3, 1), (2, 2)])
def test_the_opponent_model_plays_to_the_start_of_the_bots_next_turn(players: int, rounds: int) -> None:
    game = _midgame(seed=3, players=players)
    me, turn = game.decider, game.turn
    world = game.determinize(me, 1)
    IsmctsBot._play_on(world, me, turn, rounds)
    assert world.over or (world.active == me and world.decision == 0 and world.turn == turn + rounds * players)


@pytest.mark.parametrize("players, spec, budget", [
    (2, "ismcts", (300, 2)), (4, "ismcts", (200, 1)), (3, "ismcts", (266, 1)),
    (2, "ismcts:iters=50", (50, 2)), (2, "ismcts:rounds=1", (300, 1)), (4, "ismcts:time=0.5", (None, 1)),
])
def test_the_default_budget_plays_two_rounds_in_two_player_games_and_one_in_bigger_ones(
        players: int, spec: str, budget: tuple[int | None, int]) -> None:
    assert make_bot(spec)._budget(players) == budget


# --- no peeking -----------------------------------------------------------------------------

def _midgame(seed: int, players: int = 2) -> Game:
    """A game some turns in, at a play decision with several options."""
    game = Game(players, seed=seed, log=False)
    bots = [HeuristicBot(seed=p) for p in range(players)]
    while game.turn < 6 or game.decision != 0 or len(game.legal_actions()) < 4:
        game.apply(bots[game.decider].choose(Seat(game, game.decider)))
        assert not game.over
    return game


def _reshuffle_hidden(game: Game, seat: int, seed: int) -> Game:
    """The same game but for the cards ``seat`` cannot see: the others' hands and the draw pile dealt anew."""
    other = game.clone()
    hidden = list(other.draw) + [c for p in range(other.players) if p != seat for c in other.hands[p]]
    random.Random(seed).shuffle(hidden)
    for p in range(other.players):
        if p != seat:
            n = len(other.hands[p])
            other.hands[p], hidden = hidden[:n], hidden[n:]
    other.draw = hidden
    return other


@pytest.mark.parametrize("players", [2, 3])
def test_ismcts_does_not_peek_at_hidden_cards(players: int) -> None:
    for seed in range(3):
        game = _midgame(seed, players)
        me = game.decider
        other = _reshuffle_hidden(game, me, seed)
        assert other.view(me) == game.view(me)
        assert [other.hands[p] for p in range(players) if p != me] != [game.hands[p] for p in range(players) if p != me]
        assert other.draw != game.draw
        for sample in range(3):   # its playouts start from samples, and score with a value that reads their hands
            one, two = game.determinize(me, sample), other.determinize(me, sample)
            assert (one.hands, one.draw) == (two.hands, two.draw) and win_chance(one, me) == win_chance(two, me)
        for bot_seed in range(2):
            a = IsmctsBot(seed=bot_seed, iters=120).choose(Seat(game, me))
            b = IsmctsBot(seed=bot_seed, iters=120).choose(Seat(other, me))
            assert a == b, f"game {seed}, bot seed {bot_seed}: {a} on one deal, {b} on the other"


def test_heuristic_does_not_peek_at_hidden_cards() -> None:
    for seed in range(4):
        game = _midgame(seed)
        other = _reshuffle_hidden(game, game.decider, seed)
        assert HeuristicBot(seed=1).choose(Seat(game, game.decider)) == \
            HeuristicBot(seed=1).choose(Seat(other, game.decider))


# --- heuristic choices ----------------------------------------------------------------------

def _choice(game: Game, bot: object = None) -> str:
    bot = bot or HeuristicBot(seed=0)
    return str(bot.choose(Seat(game, game.decider)))  # type: ignore[attr-defined]


def test_heuristic_completes_a_set_when_it_can() -> None:  # R6.4
    game = Game.from_position(2, hands={0: ["red", "1M", "birthday"]}, groups={0: [("red", ["red", "red"], None, None)]})
    assert _choice(game) == "play red"


def test_heuristic_recolours_a_wild_to_complete_a_set() -> None:  # R6.2
    game = Game.from_position(2, hands={0: ["1M"]}, plays=3, groups={0: [
        ("red", ["red", "red"], None, None), ("yellow", ["yellow", "red/yellow"], None, None)]})
    assert _choice(game) == "move yellow:red/yellow>red"


def test_heuristic_steals_a_complete_set_with_deal_breaker() -> None:  # R5.6
    game = Game.from_position(2, hands={0: ["deal-breaker", "1M"]},
                              groups={1: [("dark-blue", ["dark-blue", "dark-blue"], None, None)]})
    assert _choice(game) == "deal-breaker P2 dark-blue"


def test_heuristic_says_no_to_a_deal_breaker_but_not_to_a_small_birthday() -> None:  # R5.7
    game = Game.from_position(2, hands={0: ["deal-breaker"], 1: ["just-say-no"]},
                              groups={1: [("green", ["green", "green", "green"], None, None)]})
    game.apply("deal-breaker P2 green")
    assert game.decider == 1 and _choice(game) == "no"
    game = Game.from_position(2, hands={0: ["birthday"], 1: ["just-say-no"]}, banks={1: ["2M", "1M"]})
    game.apply("birthday")
    assert game.decider == 1 and _choice(game) == "accept"


def test_heuristic_pays_with_what_it_values_least() -> None:  # R8
    game = Game.from_position(2, hands={0: ["debt-collector"]}, banks={1: ["3M", "1M", "4M"]},
                              groups={1: [("green", ["green", "green"], None, None)]})
    game.apply("debt-collector P2")
    assert _choice(game) == "accept"  # asked (R5.7), with nothing else to answer
    game.apply("accept")
    paid = []
    while game.decision == 5:
        action = _choice(game)
        paid.append(action)
        game.apply(action)
    assert sorted(paid) == ["pay 1M", "pay 4M"]  # exactly 5M, and the nearly complete set kept


def test_heuristic_banks_money_rather_than_ending_the_turn() -> None:  # R4
    game = Game.from_position(2, hands={0: ["5M", "just-say-no"]})
    assert _choice(game) == "bank 5M"


def test_heuristic_beats_random() -> None:
    wins = 0
    for seed in range(20):
        h = seed % 2
        bots: list = [RandomBot(seed), RandomBot(seed)]
        bots[h] = HeuristicBot(seed)
        wins += play(Game(2, seed=seed, log=False), bots).winner == h
    assert wins >= 17


@pytest.mark.parametrize("spec", ["heuristic", "ismcts:iters=60"])
def test_bots_cannot_tell_whether_a_target_held_a_just_say_no(spec: str) -> None:
    """R5.7: P2 is asked either way; after P2 accepts, P1's bot chooses alike in two deals that differ
    only in whether P2 held a Just Say No (its Seat shows nothing of it, nor do its samples)."""
    choices = []
    for p2_card in ("just-say-no", "pass-go"):
        game = Game.from_position(3, hands={0: ["debt-collector", "sly-deal", "1M", "red"], 1: [p2_card, "2M"]},
                                  banks={1: ["5M"]}, groups={1: [("green", ["green"], None, None)]})
        game.apply("debt-collector P2")
        game.apply("accept")
        game.apply("pay 5M")
        assert game.decider == 0
        choices.append([str(make_bot(spec, seed).choose(Seat(game, 0))) for seed in range(3)])
    assert choices[0] == choices[1]
