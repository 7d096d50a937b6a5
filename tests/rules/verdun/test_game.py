"""Whole rounds of Verdun by simple players: legal to the end, reproducible, and the greedy
baseline beats random play."""

from collections import Counter
from random import Random

import pytest

from pnp.rules.verdun.deck import short_deck, standard_deck
from pnp.rules.verdun.game import play_round, simulate, where_cards_are


def test_rounds_finish_for_every_mode_and_game():
    rng = Random(5)
    for mode in ("2v2", "1v1"):
        for game in ("short", "standard"):
            for _ in range(30):
                result = play_round(mode, game, {"French": "random", "German": "greedy"}, rng)
                assert set(result["scores"]) == {"French", "German"}


def test_simulation_is_reproducible_and_greedy_beats_random():
    first = simulate("2v2", "standard", 200, 3)
    assert first == simulate("2v2", "standard", 200, 3)
    greedy = first["matches"]["greedy v random"]["french_wins"]
    fair = first["matches"]["random v random"]["french_wins"]
    assert greedy > fair + 0.1
    assert first["matches"]["greedy v random"]["tactical_changed_per_round"]["air_strike"] > 0


@pytest.mark.parametrize("mode", ["2v2", "1v1"])
@pytest.mark.parametrize("game", ["short", "standard"])
@pytest.mark.parametrize("weather", [False, True])
def test_the_engine_never_loses_a_card(mode, game, weather):
    """After every trick of random whole rounds, every troop card is in exactly one place: a hand,
    the casualties, the discard or the draw deck."""
    deck = Counter(standard_deck() if game == "standard" else short_deck())
    tricks = []

    def watch(state):
        assert where_cards_are(state) == deck
        tricks.append(1)
    rng = Random(11)
    for _ in range(25):
        play_round(mode, game, {"French": "random", "German": "greedy"}, rng, weather, watch)
        play_round(mode, game, {"French": "random", "German": "random"}, rng, weather, watch)
    assert len(tricks) > 50 * 5


def test_a_round_lasts_its_hands_or_ends_at_a_side_s_fifth_asset():
    rng = Random(4)
    for mode, game, tricks in (("2v2", "standard", 16), ("2v2", "short", 12), ("1v1", "standard", 16), ("1v1", "short", 12)):
        for _ in range(20):
            seen = []
            result = play_round(mode, game, {"French": "greedy", "German": "random"}, rng, False,
                                lambda state: seen.append(1))
            assert len(seen) == tricks or max(result["captured"].values()) == 5
