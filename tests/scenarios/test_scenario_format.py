"""The scenario loader and runner: what a file may say, and how mistakes are reported.

Every error names the file and the field or step; a file is checked in full
before anything runs. The files are written to ``tmp_path``.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path
from typing import Any

import pytest

from monopoly_deal import cli
from monopoly_deal.engine import Game, IllegalActionError
from monopoly_deal.scenario import Result, ScenarioError, Step, load, main, run_file, run_paths
from monopoly_deal.scenario.steps import _run_do, _run_illegal

ROOT = Path(__file__).resolve().parents[2]

GOOD = """\
title: Debt Collector
rules: [R5.3]
players: 2
position:
  hands:
    P1: [debt-collector]
  banks:
    P2: [5M]
steps:
  - do: debt-collector P2
  - do: accept
  - expect: {banks: {P1: [5M], P2: []}}
"""


def write(tmp_path: Path, text: str, name: str = "x.yaml") -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def scenario(position: str = "", steps: str = "  - expect: {turn: 1}\n", head: str = "") -> str:
    """A minimal file around a position and steps (both indented as in a file)."""
    return f"title: t\nrules: [R3.2]\nplayers: 2\n{head}position:\n{position}steps:\n{steps}"


def load_error(tmp_path: Path, text: str) -> str:
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError) as caught:
        load(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: "), message
    return message[len(f"{path}: "):]


# --- files that load and run -------------------------------------------------

def test_a_good_file_passes(tmp_path: Path) -> None:
    assert run_file(write(tmp_path, GOOD)) == Result(str(tmp_path / "x.yaml"), True)


def test_the_documented_example_passes(tmp_path: Path) -> None:
    """docs/scenarios.md's complete example is a working scenario (R5.7)."""
    doc = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    example = re.search(r"```yaml\n(.*?)```", doc, re.DOTALL)
    assert example is not None
    result = run_file(write(tmp_path, example.group(1)))
    assert result.passed, result.reason


def test_no_is_the_just_say_no_answer_not_a_boolean(tmp_path: Path) -> None:
    """YAML 1.1 reads ``no`` as false; scenario files read it as the action ``no`` (R5.7)."""
    text = scenario("  hands: {P1: [debt-collector], P2: [just-say-no]}\n  banks: {P2: [5M]}\n",
                    "  - do: debt-collector P2\n  - legal: [accept, no]\n  - do: no\n"
                    "  - expect: {banks: {P2: [5M]}, discard: [debt-collector, just-say-no]}\n")
    result = run_file(write(tmp_path, text))
    assert result.passed, result.reason


def test_without_a_position_the_game_is_dealt_from_the_seed(tmp_path: Path) -> None:
    """R2.1: 5 cards each, then the first player draws 2."""
    text = "title: t\nrules: [R2.1]\nplayers: 3\noptions: {start: 1}\nsteps:\n" \
           "  - expect: {active: P2, hand_sizes: {P1: 5, P2: 7, P3: 5}, draw_size: 89}\n"
    result = run_file(write(tmp_path, text))
    assert result.passed, result.reason


def test_tables_several_groups_and_lone_rainbows(tmp_path: Path) -> None:
    """R6.1: several groups of one colour; R6.3: rainbow wilds alone lie under ``none``."""
    table = "{green: [[green, green, green], [dark-blue/green]], red: [red, red, red, house], none: [rainbow]}"
    text = scenario(f"  tables:\n    P1: {table}\n", f"  - expect: {{tables: {{P1: {table}}}, complete_sets: {{P1: 2}}}}\n")
    result = run_file(write(tmp_path, text))
    assert result.passed, result.reason


def test_an_illegal_step_passes_when_the_action_is_refused(tmp_path: Path) -> None:
    """R4.2: property is never banked; the refused actions change nothing."""
    text = scenario("  hands: {P1: [red, 5M]}\n", "  - illegal: [bank red, sly-deal P2 red:red]\n"
                    "  - expect: {hands: {P1: [red, 5M]}, plays_left: 3}\n")
    result = run_file(write(tmp_path, text))
    assert result.passed, result.reason


# --- load errors: the file and the field ---------------------------------------

def test_bad_yaml_names_the_line(tmp_path: Path) -> None:
    message = load_error(tmp_path, "title: t\nrules: [R3.2\nplayers: 2\n")
    assert message.startswith("line "), message
    assert "not valid YAML" in message


def test_unknown_card_names_the_field(tmp_path: Path) -> None:
    message = load_error(tmp_path, scenario("  hands:\n    P2: [1M, foo]\n"))
    assert message == "position.hands.P2[1]: unknown card 'foo'"


def test_a_misspelt_card_gets_a_suggestion(tmp_path: Path) -> None:
    message = load_error(tmp_path, scenario("  banks:\n    P1: [deal-braker]\n"))
    assert message == "position.banks.P1[0]: unknown card 'deal-braker'; did you mean 'deal-breaker'?"


def test_an_enhanced_card_in_a_base_game(tmp_path: Path) -> None:
    message = load_error(tmp_path, scenario("  hands:\n    P1: [go-to-jail]\n"))
    assert message == "position.hands.P1[0]: 'go-to-jail' is not in the base deck"


def test_unknown_seat(tmp_path: Path) -> None:
    message = load_error(tmp_path, scenario("  hands:\n    P3: [1M]\n"))
    assert message == "position.hands.P3: no seat P3: this scenario has 2 players (P1 to P2)"


def test_unknown_expect_key(tmp_path: Path) -> None:
    message = load_error(tmp_path, scenario(steps="  - expect: {turn: 1}\n  - expect: {hand: {P1: []}}\n"))
    assert message.startswith("step 2 (expect.hand): unknown key 'hand'; did you mean 'hands'?")


def test_bad_value_inside_an_expectation(tmp_path: Path) -> None:
    message = load_error(tmp_path, scenario(steps="  - expect: {hands: {P2: [1M, fooo]}}\n"))
    assert message == "step 1 (expect.hands.P2[1]): unknown card 'fooo'"


def test_unknown_top_level_and_position_keys(tmp_path: Path) -> None:
    assert load_error(tmp_path, scenario(head="option: {}\n")).startswith("option: unknown key 'option'")
    assert load_error(tmp_path, scenario("  hand: {P1: []}\n")).startswith("position.hand: unknown key 'hand'")


def test_unknown_rule_id(tmp_path: Path) -> None:
    text = GOOD.replace("rules: [R5.3]", "rules: [R5.3, R5.10]")
    assert load_error(tmp_path, text).startswith("rules[1]: 'R5.10' is not a rule id of docs/rules.md")


def test_a_step_with_two_keys(tmp_path: Path) -> None:
    message = load_error(tmp_path, scenario(steps="  - do: end\n    expect: {turn: 2}\n"))
    assert message.startswith("step 1: a step is a mapping with one key"), message


def test_malformed_action_notation_is_an_error_not_a_refusal(tmp_path: Path) -> None:
    """A typo in an ``illegal:`` action would otherwise pass for the wrong reason."""
    message = load_error(tmp_path, scenario(steps="  - illegal: [bank 5M, sly-deal P2 red:rd]\n"))
    assert message.startswith("step 1 (illegal[1]): cannot read action 'sly-deal P2 red:rd'"), message


def test_a_key_given_twice(tmp_path: Path) -> None:
    message = load_error(tmp_path, scenario("  hands:\n    P1: [1M]\n    P1: [2M]\n"))
    assert "the key 'P1' is given twice" in message


@pytest.mark.parametrize(("position", "expected"), [
    ("  banks:\n    P1: [1M, 1M, 1M, 1M, 1M, 1M]\n  hands:\n    P2: [1M]\n",
     "position.banks.P1[5]: a 7th '1M', but the base deck holds 6"),
    ("  banks:\n    P1: [red]\n",
     "position.banks.P1[0]: red is a property, and property is never banked (R4.2)"),
    ("  tables:\n    P1: {red: [red, red, red, hotel]}\n",
     "position.tables.P1.red[3]: a hotel needs a house on the set first (R6.5)"),
    ("  tables:\n    P1: {red: [red, red, house]}\n",
     "position.tables.P1.red[2]: a house or hotel needs a complete set (R6.5)"),
    ("  tables:\n    P1: {railroad: [railroad, railroad, railroad, railroad, house]}\n",
     "position.tables.P1.railroad[4]: no house or hotel on railroad (R6.5)"),
    ("  tables:\n    P1: {red: [red, red, red, red]}\n",
     "position.tables.P1.red: 4 properties, but a red set holds 3: several groups of one colour are listed apart (R6.1)"),
    ("  tables:\n    P1: {red: [rainbow]}\n",
     "position.tables.P1.red: rainbow wilds alone have no colour: list them under none (R6.3)"),
    ("  tables:\n    P1: {red: [green]}\n",
     "position.tables.P1.red[0]: green cannot be red"),
    ("  tables:\n    P1: {purple: [red]}\n",
     "position.tables.P1.purple: unknown colour 'purple'"),
    ("  start_turn: true\n  plays: 1\n",
     "position.plays: a position before the draw (start_turn) has used no plays"),
], ids=["7th-1M", "property-in-bank", "hotel-without-house", "house-on-incomplete-set", "house-on-railroad",
        "group-too-big", "lone-rainbow-under-a-colour", "wrong-colour", "unknown-colour",
        "plays-before-the-draw"])
def test_impossible_positions(tmp_path: Path, position: str, expected: str) -> None:
    assert load_error(tmp_path, scenario(position)).startswith(expected)


def test_the_position_counts_copies_across_hands_tables_and_piles(tmp_path: Path) -> None:
    position = "  hands:\n    P1: [house]\n  tables:\n    P2: {red: [red, red, red, house]}\n  discard: [house, house]\n"
    assert load_error(tmp_path, scenario(position)) == "position.discard[1]: a 4th 'house', but the base deck holds 3"


def test_nothing_runs_when_a_later_step_is_broken(tmp_path: Path) -> None:
    """The whole file is checked first: the bad step 2 is reported, not step 1's refusal."""
    result = run_file(write(tmp_path, scenario(steps="  - do: bank red\n  - expect: {turn: one}\n")))
    assert not result.passed
    assert result.reason == "step 2 (expect.turn): expected a whole number, got str 'one'"


# --- run failures: the step and why ------------------------------------------------

def test_an_illegal_do_names_the_step_and_the_action(tmp_path: Path) -> None:
    result = run_file(write(tmp_path, scenario("  hands: {P1: [red]}\n", "  - expect: {turn: 1}\n  - do: [play red, bank red]\n")))
    assert not result.passed
    assert result.reason.startswith("step 2 (do[1] 'bank red'): refused: bank red is not legal now"), result.reason


def test_a_wrong_expectation_says_what_was_expected_and_what_happened(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("banks: {P1: [5M], P2: []}", "banks: {P1: [5M], P2: [1M]}"))
    result = run_file(path)
    assert result == Result(str(path), False, "step 3 (expect.banks.P2): expected [1M], got [] (missing [1M])")
    assert result.line() == f"FAIL {path}: step 3 (expect.banks.P2): expected [1M], got [] (missing [1M])"


def test_every_mismatch_of_a_step_is_reported(tmp_path: Path) -> None:
    result = run_file(write(tmp_path, scenario(steps="  - expect: {turn: 2, active: P2}\n")))
    assert result.reason == "step 1 (expect.turn): expected 2, got 1; step 1 (expect.active): expected P2, got P1"


def test_a_table_mismatch_names_the_colour(tmp_path: Path) -> None:
    text = scenario("  tables:\n    P1: {red: [red, red]}\n", "  - expect: {tables: {P1: {red: [red], green: [green]}}}\n")
    result = run_file(write(tmp_path, text))
    assert result.reason == ("step 1 (expect.tables.P1.red): expected [red], got [red, red]; "
                             "step 1 (expect.tables.P1.green): expected [green], got no green group")


def test_an_illegal_step_fails_when_the_action_is_accepted(tmp_path: Path) -> None:
    result = run_file(write(tmp_path, scenario("  hands: {P1: [5M]}\n", "  - illegal: [bank 5M]\n")))
    assert result.reason == "step 1 (illegal 'bank 5M'): was accepted, but must be refused"


def test_an_illegal_step_fails_when_a_refusal_changes_the_game() -> None:
    """The runner compares every seat's view and both piles before and after a refused action."""
    game = Game.from_position(2, hands={0: ["5M"]})

    class Leaky:
        """A game whose refusals wrongly discard a card first."""

        def __getattr__(self, name: str) -> Any:
            return getattr(game, name)

        def apply(self, action: str) -> None:
            game.discard.append(game.hands[0].pop())
            raise IllegalActionError("refused")

    reason = _run_illegal(Step(4, "illegal", ("bank red",)), Leaky())  # type: ignore[arg-type]
    assert reason.startswith("step 4 (illegal 'bank red'): refused, but it changed what P1 sees, what P2 sees")
    assert reason.endswith("the discard pile")


def test_legal_lists_what_is_missing_and_what_is_extra(tmp_path: Path) -> None:
    result = run_file(write(tmp_path, scenario("  hands: {P1: [5M]}\n", "  - legal: [end, bank 1M]\n")))
    assert result.reason == ("step 1 (legal): expected exactly [bank 1M, end], got [bank 5M, end] "
                             "(missing [bank 1M]; unexpected [bank 5M])")


# --- files and folders, and the command ------------------------------------------------

def test_run_paths_takes_files_and_folders_recursively_sorted(tmp_path: Path) -> None:
    write(tmp_path, GOOD, "b/2.yaml")
    write(tmp_path, GOOD, "b/deeper/1.yml")
    write(tmp_path, GOOD, "a.yaml")
    write(tmp_path, "not a scenario", "b/notes.txt")
    results = run_paths([tmp_path / "b", tmp_path / "a.yaml"])
    assert [Path(r.path).relative_to(tmp_path).as_posix() for r in results] == ["b/2.yaml", "b/deeper/1.yml", "a.yaml"]
    assert all(r.passed for r in results)
    with pytest.raises(FileNotFoundError):
        run_paths([tmp_path / "missing"])


def test_main_prints_each_file_and_the_totals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = write(tmp_path, GOOD, "s/good.yaml")
    bad = write(tmp_path, GOOD.replace("P2: []", "P2: [5M]"), "s/bad.yaml")
    assert main([str(tmp_path / "s")]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"FAIL {bad}: step 3 (expect.banks.P2): expected [5M], got [] (missing [5M])",
        f"PASS {good}",
        "1 passed, 1 failed",
    ]
    assert main([str(good)]) == 0


def test_the_mdeal_scenario_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = write(tmp_path, GOOD)
    assert cli.main(["scenario", str(good)]) == 0
    assert capsys.readouterr().out.splitlines() == [f"PASS {good}", "1 passed, 0 failed"]


@pytest.mark.parametrize("argv", [["scenario"], ["scenario", "no/such/file.yaml"]])
def test_bad_arguments_exit_2_with_usage(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        cli.main(argv)
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("mdeal scenario: ") and err.count("\n") == 1  # one line, not the usage


def test_a_folder_without_scenarios_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path)]) == 2
    assert "no *.yaml scenario files" in capsys.readouterr().err


def test_an_engine_crash_fails_the_step_not_the_run() -> None:
    game = Game.from_position(2, hands={0: ["5M"]})

    class Broken:
        """A game whose apply crashes."""

        def __getattr__(self, name: str) -> Any:
            return getattr(game, name)

        def apply(self, action: str) -> None:
            raise KeyError(action)

    reason = _run_do(Step(2, "do", ("bank 5M",)), Broken())  # type: ignore[arg-type]
    assert reason == "step 2 (do 'bank 5M'): the engine raised KeyError: 'bank 5M'"
