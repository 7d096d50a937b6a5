"""The box: each deck holds as many cards as the source's contents list, with and without Mud and
Blood (the composition of each deck is held to the engine in tests/games/test_verdun.py)."""

from pnp.games import get_game
from pnp.project import Project
from pnp.rules.verdun import components
from tests.conftest import ROOT

SOURCE_CONTENTS = {"troops": 64, "tactical": 16, "assets": 10, "fortifications": 12, "tactical-references": 4,
                   "references": 4, "assault-token": 1, "mud-and-blood-weather": 18,
                   "mud-and-blood-weather-changes": 2, "mud-and-blood-references": 4}


def test_the_box_holds_the_source_s_contents():
    game = get_game(Project.at(ROOT), "verdun")
    counts = {deck.key: deck.count for deck in game.declared_decks}
    assert {key: counts[key] for key in SOURCE_CONTENTS} == SOURCE_CONTENTS
    assert components.TACTICAL_CARDS == 16 and dict(components.TACTICAL_DECK) == {
        "decoy": 3, "mustard_gas": 3, "air_strike": 3, "artillery": 3, "stratagem": 4}
    assert dict(components.WEATHER_DECK) == {"fog": 3, "clear_skies": 2, "flare": 2, "good_weather": 6,
                                             "rain": 3, "sniper": 2}
    assert components.FORTIFICATIONS == (0, 2, 3, 4, 5, 7) and components.ASSETS == (7, 5, 3, 1, 1)
    assert components.WEATHER_CHANGES == 2 and components.TACTICAL_HAND_LIMIT == 2


def test_weather_changes_join_the_tactical_deck_only_with_the_module():
    from random import Random

    from pnp.rules.verdun.game import _new_round

    plain = _new_round("2v2", "standard", Random(1), False)
    module = _new_round("2v2", "standard", Random(1), True)
    assert "weather_changes" not in plain[3] and plain[4] == []
    assert module[3].count("weather_changes") == 2 and len(module[4]) == 18
