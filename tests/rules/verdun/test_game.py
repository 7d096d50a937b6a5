"""Whole rounds of Verdun by simple players: legal to the end, reproducible, and the greedy
baseline beats random play."""

from random import Random

from pnp.rules.verdun.game import play_round, simulate


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
