"""The reference's search, as `pnp rules --lookup` runs it (the browser's MiniSearch is tested
in tests/browser): each word of the query begins a word of the entry, case and accents aside."""

import pytest

from pnp.reference.search import Document, documents, folded, lookup
from tests.reference.test_entries import reference

# (game, language, what a player types, a rule, a card, a ruling it must find), from the glossaries'
# authors: each word is in the rule's text, on the card and in the ruling.
SEARCHES = [
    ("verset", None, "stake", "playing-a-duel--step-3-the-stake", "card-abilities--cold-feet", "ruling-r7"),
    ("verset", None, "eagle", "cards-and-hands--the-eagle-eye", "card-abilities--eagle-gaze", "ruling-r26"),
    ("verset", None, "bust", "playing-a-duel--step-6-your-turn", "card-verses--the-burned-homestead", "ruling-r5"),
    ("wizard", None, "goblin", "what-a-hand-is-worth--powers", "card-blue-deck--goblin-king", "ruling-w5"),
    ("wizard", None, "caster", "what-a-hand-is-worth", "card-blue-deck--storm", "ruling-w2"),
    ("wizard", None, "fortify", "what-a-hand-is-worth--powers", "card-blue-deck--fortify", "ruling-w5"),
    ("olf", None, "insight", "the-nemesis--insight", "card-approach--haunted-well", "ruling-o4"),
    ("olf", None, "heart", "your-character--resources", "card-approach--crossing", "ruling-o5"),
    ("olf", None, "legerd", "your-character--special-abilities", "card-characters--illusionist", "ruling-o8"),
    ("verdun", None, "stratag", "a-trick--play", "card-tactical--stratagem", "ruling-d14"),
    ("verdun", None, "casualt", "a-trick--casualties", "card-troops--german-g", "ruling-d8"),
    ("verdun", None, "sniper", "the-mud-and-blood-module", "card-mud-and-blood-weather--sniper", "ruling-d18"),
    ("verso", None, "joker", "votre-tour--marquer-une-serie", "card-cards--v58", "ruling-v5"),
    ("verso", None, "points", "votre-tour--le-carre", "card-cards--v04", "ruling-v8"),
    ("verso", None, "série", "votre-tour--marquer-une-serie", None, "ruling-v3"),
    ("verso", "en", "joker", "your-turn--scoring-a-series", "card-cards--v28", "ruling-v1"),
    ("verso", "en", "points", "your-turn--the-square", "card-cards--v02", "ruling-v8"),
]


@pytest.mark.parametrize("key, language, query, rule, card, ruling", SEARCHES)
def test_a_search_finds_the_rule_the_card_and_the_ruling(key, language, query, rule, card, ruling):
    found = {d.href.split("#")[1] for d in lookup(documents(reference(key, language)), query)}
    assert rule in found and ruling in found
    assert card is None or card in found


def test_every_word_must_begin_a_word_and_the_best_match_comes_first():
    entries = [Document("1", "rule", "Scoring", "count the stars", "index.html#scoring"),
               Document("2", "term", "Star", "what a card is worth", "glossary.html#term-star"),
               Document("3", "card", "Lantern", "a mostar", "cards.html#card-x")]
    assert [d.id for d in lookup(entries, "sta")] == ["2", "1"]
    assert [d.id for d in lookup(entries, "sta count")] == ["1"]
    assert lookup(entries, "   ") == []


def test_case_accents_and_apostrophes_are_aside():
    assert folded("Série d’Été") == "serie d'ete"
    entries = [Document("1", "rule", "Série", "", "index.html#serie")]
    assert lookup(entries, "SERIE") == lookup(entries, "séri") == entries


def test_an_example_shows_the_engine_s_words_not_its_diagram():
    found = [d for d in documents(reference("verdun")) if d.kind == "example"]
    assert found and all(d.excerpt and not d.excerpt.startswith("Example ·") for d in found)
