"""What a refusal offers for a name that is not allowed (issue 28, items 5 and 8)."""

from pnp.suggest import MAX_LISTED, closest, did_you_mean, listed
from tests.conftest import run_pnp


def test_a_name_wrong_only_in_case_is_matched_first():
    assert closest("Blue", ["red", "blue", "gold"]) == ["blue"]
    assert did_you_mean("Blue", ["red", "blue", "gold"], "Use one of them") == "Did you mean 'blue'?"
    assert did_you_mean("purple", ["red", "blue", "gold"], "Use one of them") == "Use one of them"


def test_a_long_list_is_cut_to_the_closest_few():
    icons = [f"icon-{n}" for n in range(131)] + ["wolf-head", "wolf-howl"]
    shown = listed("wolf-hed", icons)
    assert shown.startswith("'wolf-head', 'wolf-howl'") and shown.endswith("(133 in all)")
    assert listed("x", ["a", "b"]) == "'a', 'b'" and len(icons) > MAX_LISTED


def test_a_choice_wrong_in_case_is_refused_with_the_right_one(tiny):
    declaration = tiny.card_data / "tiny" / "game.yaml"
    declaration.write_text(declaration.read_text().replace(
        "      icon: {type: icon}", "      icon: {type: icon}\n"
        "      colour: {type: choice, choices: [red, blue, gold], required: false}"))
    cards = tiny.card_data / "tiny" / "cards.yaml"
    cards.write_text(cards.read_text().replace("  value: ", "  colour: Blue\n  value: ", 1))
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    assert result.exit_code == 2
    assert "colour: expected one of 'red', 'blue' or 'gold', found 'Blue'. Did you mean 'blue'?" in result.output


def test_a_title_ending_in_s_takes_the_apostrophe_alone():
    from pnp.errors import possessive
    assert possessive("Lanterns") == "Lanterns'"
    assert possessive("Verdun") == "Verdun's"
