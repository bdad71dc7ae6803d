"""The arena: duplicate-deal schedule, statistics, outputs, reproducibility across processes, bad input."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from monopoly_deal.arena import lineups, run_arena, schedule
from monopoly_deal.arena.stats import ratings, wilson
from monopoly_deal.cli import main
from monopoly_deal.record import from_dict, replay

BOTS = ["heuristic", "ismcts:iters=15", "random"]


def test_duplicate_deals_put_every_bot_in_every_seat_on_the_same_cards() -> None:
    matches = schedule(["a", "b", "c"], players=3, games=9, seed=5)
    by_deal: dict[int, list[tuple[str, ...]]] = {}
    for m in matches:
        by_deal.setdefault(m.seed, []).append(m.seats)
    assert len(by_deal) == 3
    for seatings in by_deal.values():
        assert len(seatings) == 3
        for seat in range(3):
            assert sorted(s[seat] for s in seatings) == ["a", "b", "c"]


def test_lineups_pair_every_bot_or_fill_the_seats_as_listed() -> None:
    assert lineups(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert lineups(["x", "h", "h", "h"], 4) == [("x", "h", "h", "h")]
    with pytest.raises(ValueError, match="at least 4 bots"):
        lineups(["a", "b"], 4)


def test_games_round_up_to_whole_rotations() -> None:
    assert len(schedule(["a", "b"], 2, games=5, seed=0)) == 6
    assert len(schedule(["a", "b", "c"], 2, games=1, seed=0)) == 6


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_ratings_order_bots_by_results_and_average_1500() -> None:
    r = ratings({("a", "b"): 30, ("b", "a"): 10, ("b", "c"): 30, ("c", "b"): 10}, ["a", "b", "c"])
    assert r["a"] > r["b"] > r["c"]
    assert abs(sum(r.values()) / 3 - 1500) < 0.5
    even = ratings({("a", "b"): 10, ("b", "a"): 10}, ["a", "b"])
    assert even["a"] == even["b"] == 1500


def _comparable(result: dict) -> dict:
    """Results without the timings (which depend on the machine)."""
    result = json.loads(json.dumps(result))
    result.pop("seconds")
    for bot in result["bots"].values():
        bot.pop("seconds_per_decision")
    return result


def test_results_are_the_same_whatever_the_jobs() -> None:
    one = run_arena(BOTS, players=2, games=12, seed=7, jobs=1)
    two = run_arena(BOTS, players=2, games=12, seed=7, jobs=2)
    assert _comparable(one.to_json()) == _comparable(two.to_json())
    assert [r["winner"] for r in one.results] == [r["winner"] for r in two.results]
    other_seed = run_arena(BOTS, players=2, games=12, seed=8, jobs=1)
    assert [r["seed"] for r in other_seed.results] != [r["seed"] for r in one.results]


def test_crosstable_and_counts_add_up() -> None:
    result = run_arena(["heuristic", "random", "random:seed=5"], players=2, games=12, seed=3)
    assert result.games == 12
    assert sum(b["wins"] for b in result.bots.values()) + result.turn_limit == 12
    cross = result.crosstable
    for a in cross:
        for b, cell in cross[a].items():
            assert cell["games"] == cross[b][a]["games"] == 4
            assert cell["ci"][0] <= cell["rate"] <= cell["ci"][1]
    assert result.mean_turns > 0


def test_cli_writes_csv_json_plot_and_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    code = main(["arena", "--bots", "heuristic,random", "--games", "4", "--seed", "2", "--out", str(out), "--records"])
    assert code == 0
    printed = capsys.readouterr()
    assert "| heuristic |" in printed.out and "4/4 games" in printed.err
    data = json.loads((out / "results.json").read_text())
    assert data["games"] == 4 and set(data["bots"]) == {"heuristic", "random"} and "Elo" in data["rating"]
    rows = list(csv.DictReader((out / "bots.csv").open()))
    assert {r["bot"] for r in rows} == {"heuristic", "random"}
    assert len(list(csv.DictReader((out / "crosstable.csv").open()))) == 2
    assert (out / "winrates.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    games = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    assert len(games) == 4
    for g in games:
        replayed = replay(from_dict(g["record"]))
        assert replayed.winner == g["winner_seat"] and replayed.turn == g["turns"]


@pytest.mark.parametrize("bots, says", [
    ("heuristic,minimax", "unknown bot 'minimax'; the bots are random, heuristic, ismcts"),
    ("heuristic,ismcts:budget=3", "bot 'ismcts' has no option(s) budget; its options are iters"),
    ("heuristic,random:seed=x", "bot 'random': seed must be a whole number"),
    ("heuristic", "need at least 2 bots"),
])
def test_cli_bad_bots_list_the_available_ones_and_exit_2(bots: str, says: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", bots, "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert says in err
    assert len(err.strip().splitlines()) == 1


def test_cli_records_need_an_out_folder(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "heuristic,random", "--records"]) == 2
    assert "--records needs --out" in capsys.readouterr().err


def test_cli_bot_options_may_hold_commas(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "ismcts:iters=5,c=0.3,random", "--games", "2", "--seed", "1"]) == 0
    assert "| ismcts:iters=5,c=0.3 |" in capsys.readouterr().out


def test_cli_explain_keeps_each_choices_alternatives_in_the_records(tmp_path: Path) -> None:
    out = tmp_path / "run"
    code = main(["arena", "--bots", "ismcts:iters=20,heuristic", "--games", "2", "--seed", "3", "--out", str(out),
                 "--records", "--explain", "2"])
    assert code == 0
    for line in (out / "games.jsonl").read_text().splitlines():
        game = json.loads(line)
        actions = game["record"]["actions"]
        assert game["explanations"]
        for entry in game["explanations"]:
            alternatives = entry["alternatives"]
            assert 1 <= len(alternatives) <= 2 and alternatives[0]["value"] is not None
            assert actions[entry["decision"]] == alternatives[0]["action"]


def test_cli_explain_needs_records(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "heuristic,random", "--explain", "3"]) == 2
    assert "--explain needs --records" in capsys.readouterr().err


def test_an_arena_s_records_replay_game_by_game_or_one_at_a_time(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "random,heuristic", "--games", "4", "--out", str(tmp_path), "--records"]) == 0
    capsys.readouterr()
    games = tmp_path / "games.jsonl"
    assert main(["replay", str(games)]) == 0
    told = capsys.readouterr().out
    assert [line for line in told.splitlines() if line.startswith("Game ")] == [f"Game {n} of 4:" for n in range(1, 5)]
    assert main(["replay", str(games), "--match", "3"]) == 0
    third = capsys.readouterr().out
    assert third.startswith("Turn 1") and third.strip() in told
    assert main(["replay", str(games), "--match", "5"]) == 2
    assert capsys.readouterr().err == f"mdeal replay: --match 5: {games} holds 4 games\n"
