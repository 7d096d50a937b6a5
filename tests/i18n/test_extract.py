"""What `pnp translate` finds to translate in a game."""

from pnp.games import get_game
from pnp.i18n.extract import game_strings, worth_translating
from tests.conftest import run_pnp


def test_numbers_and_ranges_are_not_words():
    assert not worth_translating("3–6") and not worth_translating("1") and worth_translating("60 minutes")
    assert not worth_translating("#8e1b1f") and worth_translating("#1 fan")


def test_the_starter_s_cards_titles_and_marked_layout_words_are_found_where_they_are(tiny):
    card = tiny.layouts / "tiny" / "card.html"
    card.write_text(card.read_text().replace("{{ card.value }}", '{{ card.value }} {{ _("points") }} {{ _(card.name) }}'))
    found = {item.message: f"{item.file}:{item.line}" for item in game_strings(tiny, get_game(tiny, "tiny"))}
    assert found["The Raven"].startswith("card_data/tiny/cards.yaml:")
    assert found["Cards"].startswith("card_data/tiny/game.yaml:")
    assert found["points"].startswith("layouts/tiny/card.html:")
    assert "the-raven" not in found and "raven" not in found          # ids and icons are not words
    assert None not in found


def test_a_card_id_made_of_its_fields_keeps_them_as_written(project_copy):
    from pnp.project import Project

    project = Project.at(project_copy)
    found = [item for item in game_strings(project, get_game(project, "verset"))]
    from_cards = {item.message for item in found if item.file.endswith("playing_cards.csv")}
    assert "Two of Hearts" in from_cards and not {"hearts", "Q", "Q-hearts"} & from_cards


def test_a_layout_that_jinja_cannot_read_is_named_at_its_line(tiny):
    card = tiny.layouts / "tiny" / "card.html"
    card.write_text(card.read_text() + "\n{% trans %}unclosed\n")
    result = run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root))
    assert result.exit_code == 2 and "layouts/tiny/card.html:" in result.output and "Traceback" not in result.output
