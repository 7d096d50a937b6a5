"""The sizes text fitting settled on are remembered: a deck whose one card shrinks is laid out
once when another card changes, and writes the bytes a cold render writes."""

import pytest

from pnp.data.decks import load_game
from pnp.games import get_game
from pnp.render.cache import layouts_done
from pnp.render.cards import render_deck

LONG_NAME = "The Lantern of the Lighthouse"          # two lines at the layout's 11 pt: it shrinks


def _render(project):
    game = get_game(project, "tiny")
    deck = load_game(project, game)[0]
    before = layouts_done()
    pdf = render_deck(project, game, deck.deck, deck.cards)
    return pdf, layouts_done() - before


def _edit(project, old: str, new: str) -> None:
    cards = project.card_data / "tiny" / "cards.yaml"
    cards.write_text(cards.read_text().replace(old, new, 1))


@pytest.mark.quick
def test_a_shrunk_card_is_laid_out_once_after_another_card_changes(tiny, cache_on, monkeypatch):
    _edit(tiny, "name: The Lantern\n", f"name: {LONG_NAME}\n")
    first, passes = _render(tiny)
    assert passes >= 2                                  # the long name shrank: more layouts

    _edit(tiny, "name: The Raven", "name: The Black Raven")
    seeded, passes = _render(tiny)
    assert passes == 1

    monkeypatch.setenv("PNP_CACHE", "off")             # nothing kept: the cold passes
    cold, passes = _render(tiny)
    assert passes >= 2
    assert seeded == cold and seeded != first


@pytest.mark.quick
def test_a_deck_reads_the_same_in_every_process():
    """A deck's repr keys its cached sheets (pnp.workers.deck_files): no memory address in it."""
    from pnp.project import Project
    from tests.conftest import ROOT

    project = Project.at(ROOT)
    for key in ("verset", "wizard", "verso", "olf", "verdun"):
        for deck in get_game(project, key).with_all_modules().decks:
            assert " at 0x" not in repr(deck), repr(deck)
