"""The rules reference's entries, from the sources the rulebook prints from: every card of every
deck (modules included) once with its count, every ruling linked from the cards it names, every
printed example, anchors that survive a rebuild and a moved chapter."""

import functools
import re

import pytest

from pnp.check import collect_examples, example_results
from pnp.data.decks import load_game
from pnp.games import game_keys, get_game
from pnp.project import Project
from pnp.reference.entries import build_reference
from tests.conftest import ROOT

PROJECT = Project.at(ROOT)


@functools.cache
def _loaded(key: str):
    game = get_game(PROJECT, key).with_all_modules()
    loaded = load_game(PROJECT, game)
    examples, _ = collect_examples(PROJECT, game)
    return game, loaded, example_results(PROJECT, game, loaded), examples


@functools.cache
def reference(key: str, language: str | None = None):
    game, loaded, results, examples = _loaded(key)
    return build_reference(PROJECT, game.in_language(language), loaded, results, examples)


GAMES = game_keys(PROJECT)


@pytest.mark.parametrize("key", GAMES)
def test_every_card_of_every_deck_has_one_entry_with_its_count(key):
    game, loaded, *_ = _loaded(key)
    found = reference(key)
    for deck in loaded:
        entries = [c for c in found.cards if c.deck == deck.deck.key]
        assert {c.id for c in entries} == {str(card.id) for card in deck.cards}, deck.deck.key
        assert sum(c.count for c in entries) == len(deck.cards), deck.deck.key
    assert len({c.anchor for c in found.cards}) == len(found.cards)
    assert {d.deck.module for d in loaded if d.deck.module} <= {m.key for m in game.modules}


@pytest.mark.parametrize("key", GAMES)
def test_every_ruling_is_reachable_from_every_card_it_names(key):
    found = reference(key)
    assert found.rulings
    for ruling in found.rulings:
        for card in found.cards:
            named = len(card.name) >= 4 and re.search(rf"(?<!\w){re.escape(card.name.replace('’', chr(39)).casefold())}(?!\w)",
                                                      ruling.text.replace("’", "'").casefold())
            assert bool(named) == (ruling.anchor in card.rulings) == (card.anchor in ruling.cards), (ruling.id, card.name)


@pytest.mark.parametrize("key", GAMES)
def test_every_term_links_to_a_rule_and_every_example_prints_with_its_section(key):
    found = reference(key)
    anchors = {s.anchor for s in found.sections}
    assert found.terms and all(t.term.rule in anchors for t in found.terms)
    assert len(found.examples) == len(re.findall(r'<figure\b[^>]*class="example"', found.body))
    assert all(e.under in anchors and e.text for e in found.examples)


def test_a_term_finds_the_cards_that_print_it_and_the_rulings_that_use_it():
    found = reference("verdun")
    stratagem = next(t for t in found.terms if t.term.term == "Stratagem")
    assert "card-tactical--stratagem" in stratagem.cards
    assert {"ruling-d3", "ruling-d14"} <= set(stratagem.rulings)
    card = found.card("card-tactical--stratagem")
    assert card.count == 4 and "term-stratagem" in card.terms and "ruling-d14" in card.rulings


def test_an_example_links_the_cards_it_draws():
    found = reference("verset")
    example = next(e for e in found.examples if e.id == "a-natural-blackjack")
    assert set(example.cards) == {"card-playing-cards--a-spades", "card-playing-cards--q-spades"}
    assert example.anchor in found.card("card-playing-cards--a-spades").examples


def test_a_french_game_s_reference_is_in_french_and_in_english_on_request():
    french, english = reference("verso"), reference("verso", "en")
    assert french.language == "fr" and english.language == "en"
    assert any(s.anchor == "votre-tour--marquer-une-serie" for s in french.sections)
    assert any(s.anchor == "your-turn--scoring-a-series" for s in english.sections)
    assert {t.term.term for t in french.terms} >= {"Série", "Carré"}
    assert {r.topic for r in french.rulings} != {r.topic for r in english.rulings}


def test_anchors_are_the_same_after_a_rebuild_and_after_a_chapter_is_moved(tiny):
    def anchors():
        game = get_game(tiny, "tiny")
        found = build_reference(tiny, game, load_game(tiny, game), {})
        return [s.anchor for s in found.sections] + [c.anchor for c in found.cards] + [t.anchor for t in found.terms]

    before = anchors()
    assert before == anchors()
    chapters = tiny.card_data / "tiny" / "rulebook"
    (chapters / "09-credits.md").rename(chapters / "00-credits.md")
    after = anchors()
    assert after != before and sorted(after) == sorted(before)


def test_a_nameless_card_alone_in_its_deck_is_called_by_the_deck_s_title():
    found = reference("verdun")
    token = found.card("card-assault-token--assault")
    assert token.name == "Assault token" and token.described.startswith("Assault token. ")
    assert token.anchor in next(t for t in found.terms if t.term.term == "Assault token").cards


def test_a_range_held_whole_on_the_page_is_searched_as_plain_words():
    """The chapters hold "11–13" whole with word joiners (pnp.typography.ranges_held); the search
    reads the words without them, so "11" still begins a word."""
    from pnp.reference.entries import plain_words
    assert plain_words("<p>ranks 11\u2060–\u206013 carry 3</p>") == "ranks 11–13 carry 3"
