"""R10.1–R10.6, each named by a test: teams and matches, dice seating, the limit and the asset-value
finish with its roll-off, points and shared ranks, forfeits, and what a match's onlookers see."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from monopoly_deal.engine import Game, Rules
from monopoly_deal.engine.dice import roll_off
from monopoly_deal.tournament import (
    Limit,
    MatchDice,
    Team,
    Tournament,
    TournamentError,
    TournamentOptions,
    asset_values,
    decide_at_limit,
    play_match,
    replay_match,
    run_tournament,
    seat_by_dice,
    shared_ranks,
    standings,
)


def teams(*specs: str) -> tuple[Team, ...]:
    return tuple(Team("ABCDEFGHIJ"[i], spec) for i, spec in enumerate(specs))


class ScriptedDice(MatchDice):
    """Dice that roll the totals given, in order (to set up ties)."""

    def __init__(self, totals: list[int]) -> None:
        self.totals = iter(totals)

    def roll(self) -> int:
        return next(self.totals)


# --- R10.1 teams and matches -------------------------------------------------------------

def test_R10_1_each_team_fields_one_seat_in_every_match() -> None:
    options = TournamentOptions(teams("random", "random", "random", "heuristic"), seed=5)
    assert options.matches == 10  # S1 plays 10
    tournament = run_tournament(options)
    assert len(tournament.matches) == 10
    for match in tournament.matches:
        assert sorted(match.seating.order) == [0, 1, 2, 3]
        assert match.game["players"] == [options.names[t] for t in match.seating.order]
    assert len({m.game["seed"] for m in tournament.matches}) == 10  # every match its own deal
    assert sum(s.points for s in tournament.standings()) == 10  # one point a match


def test_R10_1_options_refuse_what_is_no_tournament() -> None:
    with pytest.raises(ValueError, match="two teams are named 'A'"):
        TournamentOptions((Team("A", "random"), Team("A", "random")))
    with pytest.raises(ValueError, match="2 to 10 teams"):
        TournamentOptions((Team("A", "random"),))
    with pytest.raises(ValueError, match="unknown bot"):
        Team("A", "nobody")


# --- R10.2 seating by dice -----------------------------------------------------------------

def test_R10_2_dice_seating_with_tied_rolls_rolls_again_and_keeps_every_roll() -> None:
    # A 8, B 5, C 8, D 5: A and C roll again (C 10, A 4), B and D roll again, tie again (6, 6), then B 3, D 9
    seating = seat_by_dice(4, ScriptedDice([8, 5, 8, 5, 4, 10, 6, 6, 3, 9]))
    assert seating.order == [2, 0, 3, 1]
    assert seating.rounds == [((0, 1, 2, 3), (8, 5, 8, 5)), ((0, 2), (4, 10)), ((1, 3), (6, 6)), ((1, 3), (3, 9))]


def test_R10_2_seating_follows_the_match_seed_and_seat_0_starts() -> None:
    options = TournamentOptions(teams("random", "random", "random"), seed=9)
    match = play_match(options, 4)
    assert seat_by_dice(3, MatchDice(options.match_seed(4))) == match.seating
    assert match.game["rules"]["start"] == 0
    first_round = match.seating.rounds[0]
    assert first_round[0] == (0, 1, 2) and all(2 <= t <= 12 for t in first_round[1])


@given(st.lists(st.integers(2, 12), max_size=40), st.integers(2, 10))
def test_R10_2_dice_order_is_by_total_and_only_tied_players_roll_again(totals: list[int], players: int) -> None:
    rolls = iter(totals)
    spare = iter(range(13, 10_000))  # once the drawn totals run out, totals that cannot tie
    order, rounds = roll_off(range(players), lambda: next(rolls, None) or next(spare))
    assert sorted(order) == list(range(players))
    assert rounds[0][0] == tuple(range(players))
    for k, (rolled, _) in enumerate(rounds[1:], 1):  # each later round: exactly the players of one tie before it
        assert any(set(rolled) <= set(earlier[0])   # first: only then does rolled[0] have a total there
                   and set(rolled) == {p for p, t in zip(*earlier) if t == dict(zip(*earlier))[rolled[0]]}
                   for earlier in rounds[:k])
    for a, b in itertools.pairwise(order):  # a before b: a's total beat b's in the last round both rolled in
        both = [dict(zip(*r)) for r in rounds if a in r[0] and b in r[0]]
        assert both[-1][a] > both[-1][b]


def test_R2_2_engine_dice_start_is_unchanged() -> None:
    game = Game(4, rules=Rules(start="dice"), seed=11)
    dice = [e for e in game.events if e[0] == "dice"]
    totals = {seat: total for total, tied in dice[-1][2] for seat in tied}
    assert game.order[0] == max(totals, key=lambda s: (totals[s], -game.order.index(s)))


# --- R10.3 the limit and the asset-value finish ----------------------------------------------

def test_R10_3_asset_value_is_bank_properties_and_buildings_rainbow_wilds_zero() -> None:
    game = Game.from_position(2, banks={0: ["10M", "1M"]},
                              groups={0: [("none", ["rainbow"], None, None)],
                                      1: [("dark-blue", ["dark-blue", "dark-blue"], "house", "hotel")]})
    assert asset_values(game) == [11, 4 + 4 + 3 + 4]


def test_R10_3_the_highest_asset_value_wins_at_the_limit_without_dice() -> None:
    game = Game.from_position(3, banks={0: ["2M"], 1: ["5M"], 2: ["3M"]})
    finish = decide_at_limit(game, ScriptedDice([]))
    assert (finish.assets, finish.roll_off, finish.winner) == ([2, 5, 3], [], 1)


def test_R10_3_a_tie_at_the_limit_is_rolled_off_with_two_dice_again_while_tied() -> None:
    game = Game.from_position(3, banks={0: ["5M"], 1: ["1M"], 2: ["3M", "2M"]})
    finish = decide_at_limit(game, ScriptedDice([7, 7, 4, 11]))
    assert finish.assets == [5, 1, 5]
    assert finish.roll_off == [((0, 2), (7, 7)), ((0, 2), (4, 11))]
    assert finish.winner == 2


def test_R10_3_a_turn_limit_ends_the_match_by_asset_value() -> None:
    options = TournamentOptions(teams("random", "random"), limit=Limit(turns=6), seed=2)
    match = play_match(options, 0)
    assert (match.end, match.turns, match.how in ("assets", "roll-off")) == ("turn-limit", 6, True)
    game = Game(2, options.edition, options.match_rules(), options.match_seed(0), match.game["players"])
    for action in match.game["actions"]:
        game.apply(action)
    assert match.assets == asset_values(game)
    best = max(match.assets)
    assert match.assets[match.winner] == best
    assert bool(match.roll_off) == (match.assets.count(best) > 1)


def test_R10_3_a_tie_found_in_play_is_recorded_with_its_roll_off() -> None:
    options = TournamentOptions(teams("random", "random", "random"), limit=Limit(turns=3), seed=0)
    tied = next(m for m in (play_match(options, i) for i in range(60)) if m.roll_off)
    best = max(tied.assets)
    rolled = tied.roll_off[0][0]
    assert list(rolled) == [seat for seat, value in enumerate(tied.assets) if value == best]
    assert tied.how == "roll-off" and tied.winner in rolled
    assert replay_match(options, tied.index, tied.to_dict()) == tied


def test_R10_3_a_time_limit_stops_the_match_and_the_asset_value_decides() -> None:
    options = TournamentOptions(teams("ismcts:iters=300", "ismcts:iters=300"), limit=Limit(seconds=1), seed=3)
    match = play_match(options, 0)
    assert match.end == "time-limit" and match.turns < 20
    assert replay_match(options, 0, match.to_dict()) == match


def test_R10_3_limits_parse_and_describe() -> None:
    assert Limit.parse_time("45m") == Limit(seconds=2700)
    assert Limit.parse_time("1h30m").describe() == "90 minutes"
    assert Limit(turns=30).to_dict() == {"turns": 30}
    for bad in ("", "45", "m", "-3m", "100h"):
        with pytest.raises(ValueError):
            Limit.parse_time(bad)


# --- R10.4 points and shared ranks --------------------------------------------------------------

@pytest.mark.parametrize(("points", "ranks"), [
    ([10, 7, 7, 3], [1, 2, 2, 4]),      # S1's example
    ([5, 5, 5, 5], [1, 1, 1, 1]),       # all equal
    ([4, 4, 1, 1], [1, 1, 3, 3]),       # two pairs
    ([0, 9, 1], [3, 1, 2]),             # any order
    ([2, 6, 6, 6], [4, 1, 1, 1]),
])
def test_R10_4_ranks_are_shared_and_the_next_rank_left_out(points: list[int], ranks: list[int]) -> None:
    assert shared_ranks(points) == ranks


@given(st.lists(st.integers(0, 20), min_size=2, max_size=10))
def test_R10_4_a_rank_is_one_more_than_the_teams_ahead(points: list[int]) -> None:
    ranks = shared_ranks(points)
    for mine, rank in zip(points, ranks):
        assert rank == 1 + sum(p > mine for p in points)
    assert min(ranks) == 1


def test_R10_4_one_point_a_win_and_standings_count_how_matches_ended() -> None:
    options = TournamentOptions(teams("heuristic", "random", "random"), matches=6, limit=Limit(turns=12), seed=1)
    tournament = run_tournament(options)
    table = tournament.standings()
    assert [s.rank for s in table] == sorted(s.rank for s in table)
    assert shared_ranks([s.points for s in table]) == [s.rank for s in table]
    for s in table:
        won = [m for m in tournament.matches if options.names[m.winner_team] == s.name]
        assert s.points == s.wins == len(won)
        assert (s.sets, s.limit) == (sum(m.end == "sets" for m in won), sum(m.end != "sets" for m in won))
        assert s.roll_offs == sum(bool(m.roll_off) for m in won)
    assert tournament.points_by_match()[0][-1] == next(s.points for s in table if s.name == "A")


# --- R10.5 forfeits --------------------------------------------------------------------------

def test_R10_5_a_second_time_out_forfeits_and_a_stand_in_plays_the_seat() -> None:
    # the ismcts team thinks 0.3 s a decision, three times what the clock allows; random bots take microseconds
    options = TournamentOptions(teams("ismcts:time=0.3", "random", "random"), matches=1, move_time=0.1, seed=4)
    match = play_match(options, 0)
    slow = match.seating.order.index(0)
    first, second = [t for t in match.timeouts if t.seat == slow][:2]
    assert match.forfeits == {0}
    assert len([t for t in match.timeouts if t.seat == slow]) == 2  # the stand-in has no clock
    assert match.points(3)[0] == 0
    assert next(s for s in standings(options, [match]) if s.name == "A").forfeits == 1
    assert replay_match(options, 0, match.to_dict()) == match
    assert second.action > first.action


def test_R10_5_a_team_that_forfeited_scores_nothing_even_if_its_seat_wins() -> None:
    options = TournamentOptions(teams("ismcts:time=0.3", "random"), matches=1, move_time=0.1, seed=4)
    match = play_match(options, 0)
    slow = match.seating.order.index(0)
    won_by_stand_in = replace(match, winner=slow)
    assert won_by_stand_in.winner_team == 0 and won_by_stand_in.points(2) == [0, 0]


def test_R10_5_a_second_time_out_disqualifies_from_the_rest_of_the_tournament() -> None:
    # S1-14: 再犯即喪失比賽資格. The ismcts team's bot, its only representative, stalls twice in match 0: in every
    # later match the stand-in plays its seat from the start, and it forfeits.
    options = TournamentOptions(teams("ismcts:time=0.3", "random", "random"), matches=3, move_time=0.1, seed=4)
    assert options.stalling == "tournament"
    tournament = run_tournament(options)
    first, *later = tournament.matches
    assert first.stalled == {0} and not first.absent
    for match in later:
        assert [match.seating.order[seat] for seat in match.absent] == [0]
        assert match.forfeits == {0} and not match.timeouts     # the stand-in has no clock
    assert tournament.disqualified() == {0: 0}          # team A, in match 0
    a = next(s for s in tournament.standings() if s.name == "A")
    assert (a.points, a.forfeits, a.disqualified) == (0, 3, 0)
    assert Tournament.from_dict(tournament.to_dict()).matches == tournament.matches
    edited = tournament.to_dict()
    del edited["matches"][2]["absent"]              # as if A's bot had played on
    with pytest.raises(TournamentError, match=r"matches\[2\]: field 'absent'"):
        Tournament.from_dict(edited)
    # over processes: matches played alongside the one that disqualified A are played again without it
    assert run_tournament(options, jobs=2).matches[1:] == later


def test_R10_5_stalling_match_costs_only_the_match() -> None:
    options = TournamentOptions(teams("ismcts:time=0.3", "random"), matches=2, move_time=0.1, seed=4,
                                stalling="match")
    tournament = run_tournament(options)
    assert all(m.stalled == {0} and not m.absent for m in tournament.matches)    # its bot plays, and stalls, again
    assert tournament.disqualified() == {}


def test_R10_5_files_from_before_the_option_cost_only_the_match() -> None:
    data = TournamentOptions(teams("random", "random")).to_dict()
    assert data.pop("stalling") == "tournament"
    assert TournamentOptions.from_dict(data).stalling == "match"


# --- R10.6 no help from outside ----------------------------------------------------------------

def test_R10_6_onlookers_of_a_match_see_no_hidden_card() -> None:
    options = TournamentOptions(teams("random", "random", "random", "random"), seed=6)
    match = play_match(options, 0)
    game = Game(4, options.edition, options.match_rules(), options.match_seed(0), match.game["players"])
    for action in match.game["actions"][:40]:
        game.apply(action)
    view = game.view(None)
    assert "hand" not in view and view["seat"] is None
    others = [game.determinize(0, seed) for seed in range(5)]  # the hidden cards dealt again
    assert any([sorted(map(o.card_key, h)) for h in o.hands[1:]] != [sorted(map(game.card_key, h)) for h in game.hands[1:]]
               for o in others)
    assert all(o.view(None) == view for o in others)  # an onlooker sees exactly the same
