"""A game's glossary (card_data/GAME/glossary.yaml): each term's rule is an anchor of its
rulebook, checked by `pnp check` at the term's line, in every language the game prints in."""

import pytest

from pnp.games import game_keys, get_game
from pnp.project import Project
from pnp.reference.glossary import load_glossary
from tests.conftest import ROOT, run_pnp

GLOSSARY = """\
- term: Card
  also: [cards]
  rule: how-to-play--a-card
  definition: One of the six.
- term: Turn
  rule: how-to-play
  definition: Yours, then the next player’s.
"""


def _check(tiny, text: str):
    (tiny.card_data / "tiny" / "glossary.yaml").write_text(text)
    return run_pnp("check", "tiny", "--project", str(tiny.root))


def test_a_glossary_whose_rules_are_anchors_checks_out_and_reads_a_to_z(tiny):
    result = _check(tiny, GLOSSARY.replace("- term: Card", "- term: Zebra").replace("- term: Turn", "- term: Apple"))
    assert result.exit_code == 0, result.output
    terms = load_glossary(tiny, get_game(tiny, "tiny"))
    assert [t.term for t in terms] == ["Apple", "Zebra"]
    assert terms[1].forms == ("Zebra", "cards")


@pytest.mark.parametrize("change, found", [
    (("rule: how-to-play\n", "rule: how-to-pley\n"), ["glossary.yaml:5", "Turn, rule", "'how-to-pley'",
                                                      "Did you mean 'how-to-play'?"]),
    (("  definition: One of the six.\n", ""), ["glossary.yaml:1", "term 1 (Card), definition",
                                               "Add `definition:`"]),
    (("  also: [cards]\n", "  aslo: [cards]\n"), ["glossary.yaml:1", "'aslo'", "Did you mean 'also'?"]),
    (("  also: [cards]\n", "  also: cards\n"), ["also", "a list of other forms"]),
    (("- term: Turn", "- term: card"), ["a second 'card'", "line 1", "Merge"]),
])
def test_a_broken_glossary_is_refused_at_its_line(tiny, change, found):
    result = _check(tiny, GLOSSARY.replace(*change))
    assert result.exit_code == 2, result.output
    for words in found:
        assert words in result.output, (words, result.output)
    assert "Traceback" not in result.output


def test_a_glossary_that_is_not_a_list_is_refused(tiny):
    result = _check(tiny, "term: Card\n")
    assert result.exit_code == 2 and "glossary.yaml:1" in result.output and "a list of terms" in result.output


@pytest.mark.parametrize("key", game_keys(Project.at(ROOT)))
def test_every_game_has_a_glossary_in_each_of_its_languages(key):
    project = Project.at(ROOT)
    game = get_game(project, key)
    for language in game.languages or (game.language,):
        terms = load_glossary(project, game, language)
        assert len(terms) >= 12, (key, language)
        assert len({t.term for t in terms}) == len(terms)
    if len(game.languages) > 1:             # each language its own words (Verso: French and English)
        french, english = (load_glossary(project, game, code) for code in ("fr", "en"))
        assert {t.term for t in french} != {t.term for t in english}
