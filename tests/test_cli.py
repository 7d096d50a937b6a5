"""The command line: bad input fails with exit 2, names file and line, and writes nothing."""

import re

import pytest

from tests.conftest import ROOT, run_pnp


def build_into(project, tmp_path):
    out = tmp_path / "out"
    result = run_pnp("build", "verset", "--paper", "a4", "--out", str(out), "--project", str(project))
    return result, out


def replace_once(path, old, new):
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def line_of(path, needle):
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


BREAKAGES = {
    "missing field": ("verses.yaml", "  problem: Forty dollars owed to a widow in Tucson, never paid back.\n", "",
                      "problem", "- id: the-unpaid-debt"),
    "wrong type": ("verses.yaml", "difficulty: 2\n  ability: Each round, you must", "difficulty: two\n  ability: Each round, you must",
                   "difficulty", "difficulty: two"),
    "difficulty 4": ("verses.yaml", "difficulty: 3\n  ability: You start each round", "difficulty: 4\n  ability: You start each round",
                     "at most 3", "difficulty: 4"),
    "unknown key": ("abilities.yaml", "  type: unique\n", "  typ: unique\n", "Did you mean 'type'?", "typ: unique"),
    "unknown effect parameter": ("bar.yaml", "{op: peek_deck, count: 3}", "{op: peek_deck, cuont: 3}", "cuont", "cuont"),
    "unknown inline icon": ("verses.yaml", "You cannot spend gall", "You cannot spend {gal}", "{gal}. Did you mean {gall}? Or declare {gal} in game.yaml under inline_icons:", "{gal}"),
}


@pytest.mark.parametrize("case", sorted(BREAKAGES))
def test_broken_data_exits_2_naming_file_and_line_and_writes_nothing(project_copy, tmp_path, case):
    name, old, new, words, line_text = BREAKAGES[case]
    path = project_copy / "card_data" / "verset" / name
    replace_once(path, old, new)
    result, out = build_into(project_copy, tmp_path)
    assert result.exit_code == 2, result.output
    expected_line = line_of(path, line_text)
    assert f"card_data/verset/{name}:{expected_line}:" in result.output
    assert words in result.output
    assert not out.exists() or not list(out.glob("*.pdf"))


def test_a_wrong_count_is_an_error_naming_the_deck_file(project_copy, tmp_path):
    path = project_copy / "card_data" / "verset" / "organ.yaml"
    text = path.read_text()
    path.write_text(text[:text.rindex("\n- id:")] + "\n")
    result, out = build_into(project_copy, tmp_path)
    assert result.exit_code == 2
    assert re.search(r"card_data/verset/organ\.yaml:\d+: \(deck\): expected 6 cards", result.output)
    assert "found 5 cards" in result.output
    assert not out.exists()


def test_a_csv_row_with_a_bad_rank_names_its_line(project_copy, tmp_path):
    path = project_copy / "card_data" / "verset" / "playing_cards.csv"
    replace_once(path, "7,spades,Seven of Spades", "11,spades,Seven of Spades")
    result, _ = build_into(project_copy, tmp_path)
    assert result.exit_code == 2
    assert f"card_data/verset/playing_cards.csv:{line_of(path, '11,spades')}:" in result.output
    assert "rank" in result.output


def test_all_problems_are_reported_together(project_copy, tmp_path):
    replace_once(project_copy / "card_data" / "verset" / "verses.yaml", "difficulty: 1\n  ability: Before", "difficulty: 0\n  ability: Before")
    replace_once(project_copy / "card_data" / "verset" / "bar.yaml", "icon: martini", "icon: martini\n  colour: red")
    result, _ = build_into(project_copy, tmp_path)
    assert result.exit_code == 2
    assert "verses.yaml" in result.output and "bar.yaml" in result.output


def test_text_too_long_to_fit_fails_naming_the_card(project_copy, tmp_path):
    path = project_copy / "card_data" / "verset" / "abilities.yaml"
    replace_once(path, "text: Gain 3 souls.", "text: " + "Gain three souls and then some more. " * 12)
    result, out = build_into(project_copy, tmp_path)
    assert result.exit_code == 2
    assert "borrowed-time" in result.output and "text that fits its 'text' box" in result.output
    assert not out.exists()


def test_unknown_game_names_the_bad_key_and_the_known_ones():
    result = run_pnp("build", "chess", "--project", str(ROOT))
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output and "verset" in result.output


def test_not_a_project_folder_is_a_clear_error(tmp_path):
    result = run_pnp("build", "verset", "--project", str(tmp_path))
    assert result.exit_code == 2
    assert "is not a pnp project" in result.output


def test_list_names_games_and_components():
    result = run_pnp("list", "--project", str(ROOT))
    assert result.exit_code == 0
    for word in ("verset", "Verse cards", "Glass of Forgiveness", "52", "20", "16"):
        assert word in result.output


def new_game(project, key="lanterns"):
    assert run_pnp("new", key, "--project", str(project)).exit_code == 0
    return key


def test_every_option_has_help_text():
    import click

    from pnp.cli import all_commands
    for name, command in all_commands().items():
        for param in command.params:
            if isinstance(param, click.Option):
                assert param.help, f"pnp {name} {param.opts[0]}"


def test_paper_names_in_any_case_and_the_duplex_mode_in_the_folder(project_copy):
    key = new_game(project_copy)
    for args in (("--paper", "A4"), ("--paper", "Letter", "--duplex", "none")):
        result = run_pnp("build", key, *args, "--project", str(project_copy))
        assert result.exit_code == 0, result.output
    assert (project_copy / "output" / key / "a4" / "cards.pdf").is_file()
    assert (project_copy / "output" / key / "letter-fronts-only" / "cards.pdf").is_file()


def test_a_build_replaces_the_previous_build_and_never_a_folder_of_other_files(project_copy, tmp_path):
    key = new_game(project_copy)
    out = tmp_path / "out"
    assert run_pnp("build", key, "--booklet", "--out", str(out), "--project", str(project_copy)).exit_code == 0
    assert (out / "rulebook-booklet.pdf").is_file()
    assert run_pnp("build", key, "--out", str(out), "--project", str(project_copy)).exit_code == 0
    assert not (out / "rulebook-booklet.pdf").exists() and (out / "rulebook.pdf").is_file()
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    (theirs / "notes.pdf").write_bytes(b"the user's own file")
    refused = run_pnp("build", key, "--out", str(theirs), "--project", str(project_copy))
    assert refused.exit_code == 2 and "holds files pnp did not write" in refused.output
    assert (theirs / "notes.pdf").read_bytes() == b"the user's own file"


def test_an_out_folder_that_cannot_be_written_is_a_clean_error(project_copy, tmp_path):
    key = new_game(project_copy)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    result = run_pnp("build", key, "--out", str(blocker / "sub"), "--project", str(project_copy))
    assert result.exit_code == 2 and "cannot write the build to" in result.output


def test_list_outside_a_project_is_the_same_clean_error(tmp_path):
    result = run_pnp("list", "--project", str(tmp_path))
    assert result.exit_code == 2 and "is not a pnp project" in result.output


def test_rules_on_a_card_file_says_so_in_one_line():
    result = run_pnp("rules", "verset", str(ROOT / "card_data" / "verset" / "verses.yaml"), "--project", str(ROOT))
    assert result.exit_code == 2
    assert "is a card data file" in result.output and len(result.output.strip().splitlines()) == 1


def test_simulate_names_the_verses_and_checks_its_choices():
    result = run_pnp("simulate", "verset", "--campaigns", "30", "--project", str(ROOT))
    assert result.exit_code == 0 and "The Three-Headed Wolf" in result.output
    assert "30 campaigns" in result.output
    bad = run_pnp("simulate", "verset", "--difficulty", "easy", "--project", str(ROOT))
    assert bad.exit_code == 2 and "tenderfoot, pistolero, legend" in bad.output


# --- options that say nothing, or not a number (issue 26) ---------------------------------------

LONG = "9" * 5000
REFUSED_OPTIONS = {
    "an empty --out": (("build", "verset", "--out", ""), "empty path"),
    "a blank --out": (("build", "verset", "--out", "   "), "empty path"),
    "an empty --project": (("check", "verset", "--project", ""), "empty path"),
    "an empty --lang": (("build", "verset", "--lang", ""), "empty value"),
    "an empty --module": (("build", "verset", "--module", ""), "empty value"),
    "an empty --changed-since": (("build", "verset", "--changed-since", ""), "empty value"),
    "an empty --cards name": (("build", "verset", "--cards", "verses:1,,verses:2"), "a name is empty"),
    "empty --games": (("site", "--games", ","), "a name is empty"),
    "--jobs 0": (("build", "verset", "--jobs", "0"), "--jobs"),
    "--jobs -1": (("build", "verset", "--jobs", "-1"), "--jobs"),
    "--jobs of 5,000 digits": (("build", "verset", "--jobs", LONG), "is not a whole number from 1 to 64"),
    "--seed of 5,000 digits": (("simulate", "verset", "--seed", LONG), "is not a whole number"),
    "--campaigns of 5,000 digits": (("simulate", "verset", "--campaigns", LONG), "is not a whole number"),
    "--duplex-offset nan": (("build", "verset", "--duplex-offset", "nan,0"), "expected two numbers"),
    "--duplex-offset inf": (("build", "verset", "--duplex-offset", "1,inf"), "expected two numbers"),
    "--paper of 5,000 characters": (("build", "verset", "--paper", LONG + "mm"), "is not a paper"),
    "--duplex of 5,000 characters": (("build", "verset", "--duplex", LONG), "is not one of long, short"),
    "--port of 5,000 digits": (("serve", "--port", LONG), "is not a whole number from 0 to 65535"),
}


@pytest.mark.parametrize("case", sorted(REFUSED_OPTIONS))
def test_options_that_say_nothing_or_are_not_numbers_are_refused_in_one_line(project_copy, case):
    args, words = REFUSED_OPTIONS[case]
    if "--project" not in args:
        args = (*args, "--project", str(project_copy))
    result = run_pnp(*args)
    assert result.exit_code == 2, result.output
    assert words in result.output and LONG not in result.output
    assert len([line for line in result.output.splitlines() if line.lower().startswith("error")]) == 1
    assert max(len(line) for line in result.output.splitlines()) < 400
    assert not (project_copy / "output").exists()


@pytest.mark.parametrize("args", [("--bleed", "nan"), ("--bleed", "inf"), ("--size", "x" * 5000),
                                  ("--out", ""), ("--back", ""), ("--backs", " "), ("--title", "")])
def test_impose_refuses_non_numbers_empty_paths_and_long_values(tmp_path, args):
    from PIL import Image

    faces = tmp_path / "faces"
    faces.mkdir()
    Image.new("RGB", (100, 140), "white").save(faces / "card1.png")
    result = run_pnp("impose", str(faces), *args)
    assert result.exit_code == 2 and args[0] in result.output, result.output
    assert "x" * 100 not in result.output
    assert sorted(path.name for path in tmp_path.iterdir()) == ["faces"]


def test_a_proof_goes_to_the_project_output_folder_never_through_a_link(project_copy, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (project_copy / "output").mkdir()
    (project_copy / "output" / "verset").symlink_to(elsewhere)
    result = run_pnp("proof", "verset", "--project", str(project_copy))
    assert result.exit_code == 2 and "is a link" in result.output
    assert not list(elsewhere.iterdir())


def test_a_build_leaves_no_lock_or_staging_beside_its_folder(project_copy, tmp_path):
    key = new_game(project_copy)
    out = tmp_path / "deep" / "out"
    assert run_pnp("build", key, "--out", str(out), "--project", str(project_copy)).exit_code == 0
    assert sorted(path.name for path in out.parent.iterdir()) == ["out"]
    assert run_pnp("build", key, "--out", str(out), "--project", str(project_copy)).exit_code == 0
    assert sorted(path.name for path in out.parent.iterdir()) == ["out"]
    shipped = project_copy / "output" / key
    assert run_pnp("build", key, "--project", str(project_copy)).exit_code == 0
    assert sorted(path.name for path in shipped.iterdir()) == ["a4"]


def test_a_failed_build_makes_no_folder_for_its_out(project_copy, tmp_path):
    replace_once(project_copy / "card_data" / "verset" / "verses.yaml", "difficulty: 2\n", "difficulty: two\n")
    result = run_pnp("build", "verset", "--out", str(tmp_path / "new" / "deeper" / "out"),
                     "--project", str(project_copy))
    assert result.exit_code == 2
    assert sorted(path.name for path in tmp_path.iterdir()) == ["project"]


def test_a_lost_worker_is_its_own_exit_status_and_any_other_fault_is_not_swallowed(monkeypatch):
    from concurrent.futures.process import BrokenProcessPool

    import pnp.cli
    from pnp.contained import EXIT_WORKER_LOST

    def failing(error):
        def main():
            raise error
        return main

    monkeypatch.setattr(pnp.cli, "main", failing(BrokenProcessPool("a worker was killed")))
    assert pnp.cli.run_command() == EXIT_WORKER_LOST
    monkeypatch.setattr(pnp.cli, "main", failing(ValueError("a bug")))
    with pytest.raises(ValueError):
        pnp.cli.run_command()
