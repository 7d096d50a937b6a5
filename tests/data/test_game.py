"""A game's declaration as plain values."""

import pytest

from pnp.games import get_game
from pnp.project import Project
from tests.conftest import ROOT


@pytest.mark.quick
def test_a_deck_reads_the_same_in_every_process():
    """A deck's repr keys its cached sheets (pnp.workers.deck_files): no memory address in it,
    or every build imposes the deck again (five of Verset's decks did, their checks printed)."""
    project = Project.at(ROOT)
    for key in ("verset", "wizard", "verso", "olf", "verdun"):
        for deck in get_game(project, key).with_all_modules().decks:
            assert " at 0x" not in repr(deck), repr(deck)
