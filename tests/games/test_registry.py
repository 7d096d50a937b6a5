import pytest

from pnp.errors import UsageError
from pnp.games import GAMES, get_game


def test_lookup_error_names_the_bad_key_and_the_known_games():
    with pytest.raises(UsageError, match="unknown game 'verst'.*verset"):
        get_game("verst")


def test_every_deck_names_layouts_that_exist():
    from tests.conftest import ROOT
    for game in GAMES.values():
        for deck in game.decks:
            assert (ROOT / "card_data" / game.key / deck.source).is_file()
            assert (ROOT / "layouts" / deck.face).is_file()
            assert (ROOT / "layouts" / deck.back).is_file()
