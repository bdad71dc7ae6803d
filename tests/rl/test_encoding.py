"""Encodings: fixed-size observations that never show hidden cards, and action masks that are the legal actions."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest

from monopoly_deal.engine import Game, Rules
from monopoly_deal.rl.core import Table, render_text
from monopoly_deal.rl.encoding import ObservationEncoder, action_mask, action_space, legal_ids

from ..engine.helpers import EDITIONS, random_step
from ..engine.test_hidden_information import (
    ANSWER_CASES,
    answer_deal,
    exchange_with_draw,
    permute_other_hands,
    private_choice_worlds,
)


def whole_game(players: int, edition: str, seed: int, rules: Rules | None = None) -> Iterator[Game]:
    """One random game at every position, the last one over (the same object, moved on each time)."""
    game = Game(players, edition, rules, seed=seed, log=False)
    rng = random.Random(seed)
    yield game
    while not game.over:
        random_step(game, rng)
        yield game


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", [2, 4, 10])
def test_mask_is_the_legal_actions_at_every_step(players: int, edition: str) -> None:
    space = action_space(players, edition)
    encoder = ObservationEncoder(players, edition)
    steps = 0
    for game in whole_game(players, edition, seed=players):
        mask = action_mask(game, space)
        assert mask.dtype == np.int8 and mask.shape == (len(space),)
        if game.over:
            assert not mask.any()
            break
        assert [space.action(i) for i in np.flatnonzero(mask)] == sorted(
            game.legal_actions(), key=space.id)
        assert sorted(legal_ids(game, space)) == list(np.flatnonzero(mask))
        obs = encoder.encode(game, game.decider)
        assert obs.shape == (encoder.size,) and obs.dtype == np.float32
        assert (obs >= 0).all() and (obs <= encoder.high).all()
        steps += 1
    assert steps > 50


def test_mask_with_more_decks() -> None:
    """Rules.decks changes the action space (more groups of a colour): masks still cover every legal action."""
    rules = Rules(decks=2)
    space = action_space(3, "enhanced", rules)
    assert len(space) > len(action_space(3, "enhanced"))
    for game in whole_game(3, "enhanced", seed=5, rules=rules):
        assert int(action_mask(game, space).sum()) == (0 if game.over else len(game.legal_actions()))


@pytest.mark.parametrize("edit", [permute_other_hands, exchange_with_draw])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_hidden_cards_never_change_an_observation(edit, players: int) -> None:
    """At every step of whole games, for every seat: the same game with the cards that seat cannot
    see dealt differently (other hands, the draw pile) gives that seat the same observation."""
    rng = random.Random(players)
    checked = changed = 0
    for edition in EDITIONS:
        encoder, other = ObservationEncoder(players, edition), ObservationEncoder(players, edition)
        for game in whole_game(players, edition, seed=11 * players):
            for p in range(players):
                hidden = game.clone()
                edit(hidden, p, rng)
                changed += hidden.hands != game.hands or hidden.draw != game.draw
                assert np.array_equal(encoder.encode(game, p), other.encode(hidden, p))
                checked += 1
    assert checked > 500 and changed > checked // 2, "the edits must move hidden cards"


def test_own_hand_and_hand_sizes_do_change_it() -> None:
    """The counter-test: p's own hand, and another seat's hand size, are in p's observation."""
    encoder = ObservationEncoder(3)
    for step, game in enumerate(whole_game(3, "base", seed=4)):
        if game.over or step % 9:
            continue
        p = game.decider
        own = game.clone()
        j = next((j for j, c in enumerate(own.draw) if own.card_key(c) != own.card_key(own.hands[p][0])), None) \
            if own.hands[p] else None
        if j is not None:
            own.hands[p][0], own.draw[j] = own.draw[j], own.hands[p][0]
            assert not np.array_equal(encoder.encode(own, p), encoder.encode(game, p))
        q = (p + 1) % 3
        if game.hands[q]:
            fewer = game.clone()
            fewer.draw.append(fewer.hands[q].pop())
            assert not np.array_equal(encoder.encode(fewer, p), encoder.encode(game, p))


@pytest.mark.parametrize("case", list(ANSWER_CASES))
def test_r5_7_two_deals_differing_in_a_just_say_no_look_the_same(case: str) -> None:
    """R5.7: two deals that differ only in whether one player holds a Just Say No (or a Rent Transfer)
    give every other seat identical observations at every step of the same script."""
    edition, holder, script = ANSWER_CASES[case][0], ANSWER_CASES[case][3], ANSWER_CASES[case][4]
    encoder = ObservationEncoder(3, edition)
    traces = []
    for can_answer in (True, False):
        game = answer_deal(case, can_answer)
        trace = []
        for action in script:
            game.apply(action)
            trace += [encoder.encode(game, p) for p in range(3) if p != holder]
        traces.append(trace)
    assert all(np.array_equal(a, b) for a, b in zip(*traces, strict=True))


@pytest.mark.parametrize("edition", EDITIONS)
def test_r3_6_another_seats_put_back_never_changes_an_observation(edition: str) -> None:
    """R3.6: two worlds that differ only in which card one seat put back under the draw pile, playing on
    by the same actions, give every other seat the same observation and action mask (as PettingZoo and
    Gymnasium hand them out) and the same ``render()`` text, at every step."""
    checked = 0
    for players in (2, 3, 5):
        for seed in range(3):
            tables = Table(players, edition), Table(players, edition)
            for a, b, owner in private_choice_worlds(players, edition, seed, log=False):
                for p in range(players):
                    if p == owner:
                        continue
                    seen = [table.observe(game, p) for table, game in zip(tables, (a, b), strict=True)]
                    assert np.array_equal(seen[0]["observation"], seen[1]["observation"])
                    assert np.array_equal(seen[0]["action_mask"], seen[1]["action_mask"])
                    assert render_text(a, p) == render_text(b, p)
                    checked += 1
    assert checked > 300


@pytest.mark.parametrize("putback", ["bottom", "discard"])
def test_r3_6_a_seat_sees_its_own_put_back_the_others_that_one_was_made(putback: str) -> None:
    """The counter-test: the card P1 puts back under the draw pile is in P1's latest action, in its
    observation and its ``render()`` text; P2's name a discard without its card, whichever seat the
    encoder saw first. Put on the discard pile instead (``putback=discard``), the card is public."""
    game = Game.from_position(2, rules=Rules(putback=putback),
                              hands={0: ["1M", "2M", "3M", "4M", "5M", "pass-go", "birthday", "house"]})
    game.apply("end")
    game.apply("discard 5M")
    encoder = ObservationEncoder(2)
    history = encoder.feature("history")

    def latest(seat: int) -> float:
        """What the newest history entry of ``seat``'s observation holds: 1 each for present, verb, card."""
        return float(encoder.encode(game, seat)[history.offset:history.offset + history.size].reshape(history.shape)[0].sum())

    private = putback == "bottom"
    assert [latest(1), latest(0), latest(1)] == ([2.0, 3.0, 2.0] if private else [3.0, 3.0, 3.0])
    assert "last action: discard 5M\n" in render_text(game, 0)
    assert f"last action: {'discard' if private else 'discard 5M'}\n" in render_text(game, 1)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players, every", [(2, 1), (4, 1), (4, 3), (10, 1), (3, 11)])
def test_one_encoder_following_a_game_encodes_as_a_fresh_one(players: int, edition: str, every: int) -> None:
    """The encoder keeps the last game's tables, latest actions and discard pile up to date as they change
    (several actions apart when ``every`` > 1, more than the history holds at 11); that never changes
    what it returns, through reshuffles of the discard pile and in another game met in between."""
    follower = ObservationEncoder(players, edition)
    other = Game(players, edition, seed=99, log=False)
    draw, reshuffles = None, 0
    for step, game in enumerate(whole_game(players, edition, seed=4 + players)):
        reshuffles += draw is not None and len(game.draw) > draw
        draw = len(game.draw)
        if step % every and not game.over:
            continue
        for p in range(players):
            assert np.array_equal(follower.encode(game, p), ObservationEncoder(players, edition).encode(game, p))
        if step % 7 == 0:
            assert np.array_equal(follower.encode(other, 0), ObservationEncoder(players, edition).encode(other, 0))
    assert game.over
    assert reshuffles or players != 4, "these 4-player games reshuffle the discard pile into the draw pile"


def test_describe_lists_every_feature_once_in_order() -> None:
    encoder = ObservationEncoder(4, "enhanced", history=5)
    offset = 0
    for feature in encoder.features:
        assert feature.offset == offset
        offset += feature.size
    assert offset == encoder.size == encoder.high.shape[0]
    table = encoder.describe().splitlines()
    assert len(table) == 2 + len(encoder.features)
    assert all(f"`{f.name}`" in row for f, row in zip(encoder.features, table[2:], strict=True))
    assert encoder.feature("history").shape[0] == 5


def test_features_say_what_they_show() -> None:
    """A few features by name: the observing seat, its hand, the decision and the last action."""
    game = Game.from_position(2, hands={0: ["debt-collector", "5M"]}, banks={1: ["2M"]})
    game.apply("debt-collector P2")
    encoder = ObservationEncoder(2)
    obs = encoder.encode(game, 0)

    def part(name: str) -> np.ndarray:
        f = encoder.feature(name)
        return obs[f.offset:f.offset + f.size].reshape(f.shape)

    assert list(part("seat")) == [1, 0] and part("hand").sum() == 1
    assert part("hand_sizes")[0] == 1 and part("to_act")[0] == 0
    assert part("decision")[4] == 1 and list(part("target")) == [0, 1] and part("amount")[0] == 5
    assert part("history")[0][0] == 1 and part("history")[1].sum() == 0


@pytest.mark.parametrize("bad, message", [
    ({"players": 1}, "players must be 2 to 10"),
    ({"edition": "deluxe"}, "unknown edition"),
    ({"history": -1}, "history must be"),
])
def test_bad_settings_are_one_clear_error(bad: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ObservationEncoder(**bad)


def test_a_game_of_another_size_or_a_bad_seat_is_refused() -> None:
    encoder = ObservationEncoder(2)
    with pytest.raises(ValueError, match="this encoder is for 2 players"):
        encoder.encode(Game(3, seed=1), 0)
    with pytest.raises(ValueError, match="seat must be one of 0 to 1"):
        encoder.encode(Game(2, seed=1), 2)


def test_a_table_plays_an_action_by_its_place_or_by_the_engine() -> None:
    """Table.take after Table.mask plays by place among the legal actions; on a game the mask was not
    made for it asks the engine; an id that is not legal is refused either way, and nothing changes."""
    from monopoly_deal.engine import IllegalActionError
    from monopoly_deal.rl.core import Table

    table = Table(players=3)
    masked, other = Game(3, seed=8, log=False), Game(3, seed=8, log=False)
    rng = random.Random(8)
    for _ in range(60):
        mask = table.mask(masked, masked.decider)
        legal = np.flatnonzero(mask)
        illegal = int(np.flatnonzero(mask == 0)[rng.randrange(len(mask) - len(legal))])
        for game in (masked, other):
            with pytest.raises(IllegalActionError):
                table.take(game, illegal)
        assert masked.history == other.history
        chosen = int(legal[rng.randrange(len(legal))])
        table.take(masked, chosen)     # by its place: the mask was made for this game now
        table.take(other, chosen)      # by the engine
        assert masked.history == other.history and masked.history[-1] == table.space.action(chosen)
        if masked.over:
            break
