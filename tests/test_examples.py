"""Worked examples: the project's own pass, and a wrong claim or a bad file is caught."""

import json

import pytest
import yaml

from pnp.games import get_game
from pnp.project import Project
from tests.conftest import ROOT, run_pnp

EXAMPLES = ROOT / "card_data" / "verset" / "examples"


def all_examples():
    return [e for path in sorted(EXAMPLES.glob("*.yaml")) for e in yaml.safe_load(path.read_text())]


def test_every_example_file_passes():
    for path in sorted(EXAMPLES.glob("*.yaml")):
        result = run_pnp("rules", "verset", str(path), "--project", str(ROOT))
        assert result.exit_code == 0, result.output


def test_there_are_at_least_40_examples_using_every_kind():
    examples = all_examples()
    assert len(examples) >= 40
    assert {e["kind"] for e in examples} == set(get_game(Project.at(ROOT), "verset").kinds)


def test_the_rulebooks_own_examples_are_there():
    by_id = {e["id"]: e for e in all_examples()}
    assert by_id["ace-counts-low"]["setup"]["cards"] == [2, "A", 4, 6]
    assert by_id["blackjack-at-two-souls-yields-six"]["expect"]["returned"] == 6
    assert by_id["blackjack-at-three-souls-yields-ten"]["expect"]["returned"] == 10
    endings = {e["expect"]["ending"] for e in all_examples() if e["kind"] == "score"}
    assert endings == {"Eternal Wandering", "Silent Song", "New Verse", "Forgotten Psalm", "Redemption"}


def write(tmp_path, text):
    path = tmp_path / "examples.yaml"
    path.write_text(text)
    return path


def test_a_wrong_expect_exits_1_with_file_line_and_both_values(tmp_path):
    path = write(tmp_path, "- id: wrong-total\n  kind: hand\n  setup: {cards: [2, A, 4, 6]}\n"
                           "  expect:\n    soft: false\n    total: 16\n")
    result = run_pnp("rules", "verset", str(path), "--project", str(ROOT))
    assert result.exit_code == 1
    assert f"{path}:6: example wrong-total: expect.total is 16, the engine computes 13" in result.output


@pytest.mark.parametrize("text, line, words", [
    ("- id: x\n  kind: hnad\n  setup: {cards: [A]}\n  expect: {}\n", 2, "kind"),
    ("- id: x\n  kind: hand\n  setup:\n    cards: [A, Z]\n  expect: {}\n", 4, "'Z' is not a card"),
    ("- id: x\n  kind: hand\n  setup: {cards: [A]}\n  expect:\n    totl: 11\n", 5, "totl"),
    ("- id: x\n  kind: round\n  setup:\n    deck: [A]\n  expect: {}\n", 3, "stake"),
    ("- id: x\n  kind: round\n  setup: {deck: [10, 9, 8, 7], stake: 1, hits: 0, verse: nobody}\n  expect: {}\n",
     3, "no Verse has the id 'nobody'"),
])
def test_a_bad_example_exits_2_naming_the_line(tmp_path, text, line, words):
    path = write(tmp_path, text)
    result = run_pnp("rules", "verset", str(path), "--project", str(ROOT))
    assert result.exit_code == 2, result.output
    assert f"{path}:{line}:" in result.output and words in result.output


@pytest.mark.parametrize("setup, field", [
    ("{deck: [10, 9, 8, 7], stake: 2, souls_left: 1, hits: 0}", "stake"),
    ("{deck: [10, 9, 8, 7], stake: 3, souls_left: 2, hits: 0}", "stake"),
    ("{deck: [10, 9, 8, 7], stake: 2, souls_left: 2, hits: 0}", "stake"),
    ("{deck: [6, 5, 4, 10, 10, 10], stake: 1, souls_left: 1, adjust: true, hits: 1}", "adjust"),
    ("{deck: [6, 5, 4, 10, 10, 10], stake: 1, souls_left: 2, adjust: true, hits: 1}", "adjust"),
])
def test_a_stake_or_raise_past_the_reserve_exits_2_naming_the_rule(tmp_path, setup, field):
    path = write(tmp_path, f"- id: too-much\n  kind: round\n  setup: {setup}\n  expect: {{}}\n")
    result = run_pnp("rules", "verset", str(path), "--project", str(ROOT))
    assert result.exit_code == 2, result.output
    assert f"{path}:3: example too-much, setup.{field}" in result.output and "ruling R7" in result.output


def test_json_output_holds_every_result_key(tmp_path):
    path = write(tmp_path, "- id: odds\n  kind: odds\n  setup: {hand: [10, 6]}\n  expect: {}\n")
    result = run_pnp("rules", "verset", str(path), "--json", "--project", str(ROOT))
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data[0]["result"] == {"bust_if_hit": "3/5", "twenty_one_if_hit": "2/25", "total": 16,
                                 "cards_left": 50, "busting": 30, "making_21": 4}


def test_kinds_lists_setup_fields_and_result_keys():
    result = run_pnp("rules", "verset", "--kinds", "--json")
    kinds = json.loads(result.output)
    assert kinds["round"]["results"][:4] == ["player", "opponent", "player_total", "opponent_total"]
    assert "stand_on" in kinds["round"]["setup"]


def test_check_passes_and_fails_on_a_wrong_claim(project_copy):
    assert run_pnp("check", "verset", "--project", str(project_copy)).exit_code == 0
    path = project_copy / "card_data" / "verset" / "examples" / "payouts.yaml"
    path.write_text(path.read_text().replace("expect: {returned: 6, souls: 4}", "expect: {returned: 5, souls: 4}"))
    result = run_pnp("check", "verset", "--project", str(project_copy))
    assert result.exit_code == 1
    assert "payouts.yaml" in result.output and "expect.returned is 5, the engine computes 6" in result.output


def test_check_reports_every_data_problem_at_once_with_exit_2(project_copy):
    verses = project_copy / "card_data" / "verset" / "verses.yaml"
    verses.write_text(verses.read_text().replace("difficulty: 2", "difficulty: 5", 1))
    bar = project_copy / "card_data" / "verset" / "bar.yaml"
    bar.write_text(bar.read_text().replace("id: widows-gin", "id: widows-gin-x"))
    result = run_pnp("check", "verset", "--project", str(project_copy))
    assert result.exit_code == 2
    assert "verses.yaml" in result.output and "difficulty" in result.output


def test_simulate_reports_and_reproduces():
    args = ("simulate", "verset", "--campaigns", "200", "--seed", "5", "--json", "--project", str(ROOT))
    first, again = run_pnp(*args), run_pnp(*args)
    assert first.exit_code == 0 and first.output == again.output
    report = json.loads(first.output)
    assert set(report["endings"]) <= {"Eternal Wandering", "Silent Song", "New Verse", "Forgotten Psalm",
                                      "Redemption"}
    assert set(report["difficulty_marks"]) == {"1", "2", "3"}
