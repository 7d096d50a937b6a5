"""A game is a folder: a new game needs no Python, and a card is added without touching any."""

import json

from pnp.games import get_game
from pnp.project import Project
from tests.conftest import run_pnp


def test_pnp_new_makes_a_game_that_checks_and_builds_with_no_python(project_copy, tmp_path):
    made = run_pnp("new", "lanterns", "--title", "Lanterns", "--project", str(project_copy))
    assert made.exit_code == 0, made.output
    assert not list((project_copy / "card_data" / "lanterns").rglob("*.py"))
    assert run_pnp("check", "lanterns", "--project", str(project_copy)).exit_code == 0
    built = run_pnp("build", "lanterns", "--paper", "letter", "--project", str(project_copy),
                    "--out", str(tmp_path / "out"))
    assert built.exit_code == 0, built.output
    assert sorted(p.name for p in (tmp_path / "out").glob("*.pdf")) == ["cards.pdf", "rulebook.pdf"]
    listed = run_pnp("list", "--project", str(project_copy))
    assert "lanterns: Lanterns" in listed.output and "verset: Le Dernier Verset" in listed.output


def test_pnp_new_refuses_an_existing_game_and_a_bad_name(project_copy):
    assert run_pnp("new", "verset", "--project", str(project_copy)).exit_code == 2
    assert run_pnp("new", "My Game", "--project", str(project_copy)).exit_code == 2


def test_a_copy_of_verset_is_a_new_game_with_the_same_engine(project_copy):
    made = run_pnp("new", "verset-two", "--from", "verset", "--title", "Verset Two", "--project", str(project_copy))
    assert made.exit_code == 0, made.output
    game = get_game(Project.at(project_copy), "verset-two")
    assert game.title == "Verset Two" and game.deck("verses").face == "verset-two/verse.html"
    assert run_pnp("check", "verset-two", "--project", str(project_copy)).exit_code == 0


def add_card(project, name="The Drowned Choir"):
    path = project / "card_data" / "verset" / "verses.yaml"
    path.write_text(path.read_text() + f"""
- id: the-drowned-choir
  name: {name}
  problem: A church he let flood rather than pay the ferryman.
  difficulty: 2
  ability: The Verse wins ties.
  effect:
    - {{op: ties_go_to, side: opponent}}
  icon: church
""")


def test_a_new_card_fails_with_the_count_rule_quoted(project_copy):
    add_card(project_copy)
    result = run_pnp("check", "verset", "--project", str(project_copy))
    assert result.exit_code == 2
    assert "card_data/verset/verses.yaml" in result.output
    assert "expected 20 cards (the 20 Verse cards), found 21 cards" in result.output


def test_raising_a_count_the_rules_set_names_the_engine_constant(project_copy):
    add_card(project_copy)
    declaration = project_copy / "card_data" / "verset" / "game.yaml"
    declaration.write_text(declaration.read_text().replace("count: 20\n", "count: 21\n"))
    result = run_pnp("check", "verset", "--project", str(project_copy))
    assert result.exit_code == 2
    assert "game.yaml" in result.output and "VERSES" in result.output


def test_a_new_card_in_a_deck_whose_count_is_ours_builds(project_copy, tmp_path):
    """Soul tokens: the count is the project's choice, so data alone changes it."""
    tokens = project_copy / "card_data" / "verset" / "tokens.csv"
    tokens.write_text(tokens.read_text().replace("one-soul,1,One soul,10", "one-soul,1,One soul,11"))
    declaration = project_copy / "card_data" / "verset" / "game.yaml"
    text = declaration.read_text().replace("    count: 17\n", "    count: 18\n").replace("{1: 10, 5: 7}", "{1: 11, 5: 7}")
    declaration.write_text(text)
    assert run_pnp("check", "verset", "--project", str(project_copy)).exit_code == 0
    from pnp.data.decks import load_game
    decks = {d.deck.key: d for d in load_game(Project.at(project_copy), get_game(Project.at(project_copy), "verset"))}
    assert len(decks["soul-tokens"].cards) == 18


def test_a_declaration_mistake_names_its_line(project_copy):
    declaration = project_copy / "card_data" / "verset" / "game.yaml"
    declaration.write_text(declaration.read_text().replace("difficulty: {type: int, min: 1, max: 3",
                                                           "difficulty: {type: integer, min: 1, max: 3"))
    result = run_pnp("check", "verset", "--project", str(project_copy))
    assert result.exit_code == 2
    assert "card_data/verset/game.yaml:" in result.output and "Did you mean 'int'?" in result.output


def test_a_field_declared_in_data_is_checked_and_reaches_the_layout(project_copy):
    declaration = project_copy / "card_data" / "verset" / "game.yaml"
    declaration.write_text(declaration.read_text().replace(
        "      flavour: {type: text, required: false}",
        "      flavour: {type: text, required: false}\n      strength: {type: int, min: 1, max: 3, required: false}"))
    glass = project_copy / "card_data" / "verset" / "glass.yaml"
    glass.write_text(glass.read_text() + "  strength: 5\n")
    result = run_pnp("check", "verset", "--project", str(project_copy))
    assert result.exit_code == 2 and "strength: expected a number at most 3, found 5" in result.output
    glass.write_text(glass.read_text().replace("strength: 5", "strength: 2"))
    assert run_pnp("check", "verset", "--project", str(project_copy)).exit_code == 0
    report = run_pnp("rules", "verset", "--kinds", "--json", "--project", str(project_copy))
    assert "round" in json.loads(report.output)
