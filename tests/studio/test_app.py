"""The studio's previews in another language: what `pnp build --lang` refuses is said, not printed."""

from pnp.project import Project
from pnp.studio.app import Studio
from tests.conftest import copy_project


def test_a_name_with_no_translation_is_said_in_the_language_not_printed_in_the_source(tmp_path):
    root = copy_project(tmp_path / "project", games=("verset",))
    deck = root / "card_data" / "verset" / "abilities.yaml"
    deck.write_text(deck.read_text().replace("name: Marked Deck\n", "name: Marked Cards\n"))
    answer = Studio(Project.at(root), ["verset"], "fr", follow=False).preview("verset", "abilities", 1)
    assert not answer["rendered"] and answer["sides"] == []
    [problem] = answer["problems"]
    assert problem["message"] == ("its fr words: 'Marked Cards' is not translated in "
                                  "card_data/verset/locale/fr/messages.po")
    assert problem["fix"] == "Run `pnp translate verset --lang fr` and translate it there"
