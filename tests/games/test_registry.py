import pytest

from pnp.errors import UsageError
from pnp.games import game_keys, get_game
from pnp.project import Project
from tests.conftest import ROOT


def test_lookup_error_names_the_bad_key_and_the_known_games():
    with pytest.raises(UsageError, match="unknown game 'verst'.*verset.*Did you mean 'verset'"):
        get_game(Project.at(ROOT), "verst")


def test_every_deck_names_layouts_that_exist():
    project = Project.at(ROOT)
    for key in game_keys(project):
        game = get_game(project, key)
        for deck in game.decks:
            assert (ROOT / "card_data" / game.key / deck.source).is_file()
            assert (ROOT / "layouts" / deck.face).is_file()
            assert deck.back is None or (ROOT / "layouts" / deck.back).is_file()
