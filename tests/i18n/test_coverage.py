"""Every game is complete in each of its languages (issue 30): what `pnp translate` would say, read
without writing the catalogues."""

import pytest

from pnp.games import get_game, game_keys
from pnp.i18n.checks import catalogue_problems
from pnp.i18n.coverage import game_coverage
from pnp.i18n.terms import term_misses
from pnp.project import Project
from tests.conftest import ROOT

PROJECT = Project.at(ROOT)
EDITIONS = [(key, language) for key in game_keys(PROJECT) for language in get_game(PROJECT, key).languages]


def test_every_game_prints_in_french_and_english():
    for key in game_keys(PROJECT):
        assert set(get_game(PROJECT, key).languages) == {"en", "fr"}, key


@pytest.mark.parametrize("key,language", EDITIONS)
def test_each_language_is_translated_whole(key, language):
    game = get_game(PROJECT, key)
    if language == game.source_language:
        return
    coverage = game_coverage(PROJECT, game, language)
    assert coverage.complete, "\n".join(coverage.problems_in_words(60))
    assert all(line.endswith("100 %") for line in coverage.lines()), coverage.lines()
    assert catalogue_problems(PROJECT, game, language) == []


def test_a_glossary_term_translated_otherwise_is_pointed_out():
    from babel.messages.catalog import Message

    pairs = [(("Verse", "Verses"), ("Verset", "versets")), (("Gall",), ("Fiel",))]
    faithful = [Message("Draw a Verse", "Piochez un Verset"), Message("Two Verses", "Deux versets"),
                Message("Gain {gall}", "Gagnez {gall}")]
    assert term_misses(pairs, faithful) == []
    missed = term_misses(pairs, [Message("Beat the Verse", "Battez le Vers", lineno=9)])
    assert [(miss.term, miss.words, miss.line) for miss in missed] == [("Verse", "Verset", 9)]
