"""Every game is complete in each of its languages (issue 30): what `pnp translate` would say, read
without writing the catalogues."""

import pytest

from pnp.games import get_game, game_keys
from pnp.i18n.checks import catalogue_problems
from pnp.i18n.coverage import game_coverage
from pnp.i18n.terms import glossary_pairs, term_misses
from pnp.i18n.coverage import updated_catalogue
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


@pytest.mark.parametrize("key,language", EDITIONS)
def test_each_glossary_term_reads_the_same_in_every_entry(key, language):
    game = get_game(PROJECT, key)
    if language == game.source_language:
        return
    misses = term_misses(glossary_pairs(PROJECT, game, language), updated_catalogue(PROJECT, game, language))
    assert [(miss.line, miss.term, miss.words, miss.message) for miss in misses] == []
