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


def test_setup_sets_one_fortification_aside_and_hides_an_asset_behind_each_other():
    from pnp.rules.verdun.components import ASSETS, FORTIFICATIONS, FORTIFICATIONS_IN_PLAY
    from pnp.rules.verdun.game import _new_round

    rng, aside = Random(8), Counter()
    for _ in range(300):
        _, _, targets, _, _ = _new_round("2v2", "standard", rng, False)
        for pairs in targets.values():
            assert len(pairs) == FORTIFICATIONS_IN_PLAY
            assert sorted(t.asset for t in pairs) == sorted(ASSETS)
            tiles = Counter(t.fortification for t in pairs)
            assert not tiles - Counter(FORTIFICATIONS)
            aside.update(Counter(FORTIFICATIONS) - tiles)
            assert not any(t.revealed or t.overrun for t in pairs)
    assert set(aside) == set(FORTIFICATIONS)                       # any tile may be the one set aside


def test_teams_alternate_round_the_table_and_the_lead_passes_left():
    from pnp.rules.verdun.legal import Attack

    for mode in ("2v2", "1v1"):
        leads, seats = [], []

        def on_move(table, name, move, view):
            if isinstance(move, Attack):
                leads.append(name)
                seats[:] = [(s.name, s.team) for s in table.seats]
        play_round(mode, "standard", {"French": "random", "German": "random"}, Random(3), on_move=on_move)
        names = [name for name, _ in seats]
        assert [team for _, team in seats] == ["French", "German"] * (len(seats) // 2)
        assert leads == [names[k % len(names)] for k in range(len(leads))]


def test_the_tactical_deck_is_reshuffled_from_its_discards():
    from pnp.rules.verdun.game import draw_tactical

    card, deck, discard = draw_tactical(["decoy", "artillery"], ["stratagem"], Random(1))
    assert (card, deck, discard) == ("artillery", ["decoy"], ["stratagem"])
    card, deck, discard = draw_tactical([], ["stratagem", "decoy", "air_strike"], Random(1))
    assert card in {"stratagem", "decoy", "air_strike"} and len(deck) == 2 and discard == []
    assert draw_tactical([], [], Random(1))[0] is None


def test_in_1v1_each_player_draws_a_troop_after_each_trick_until_the_deck_runs_out():
    from pnp.rules.verdun.deck import HAND

    for game in ("short", "standard"):
        sizes, draws = [], []

        def watch(state):
            sizes.append([len(seat.hand) for seat in state["seats"]])
            draws.append(len(state["draw"]))
        play_round("1v1", game, {"French": "random", "German": "random"}, Random(6), False, watch)
        hand = HAND[("1v1", game)]
        deck = len(standard_deck() if game == "standard" else short_deck())
        before_hand = [hand] + [s[0] for s in sizes[:-1]]
        before_draw = [deck - 2 * hand] + draws[:-1]
        for (now, other), earlier, pile in zip(sizes, before_hand, before_draw):
            assert now == other == earlier - 2 + (1 if pile else 0)
        assert draws[-1] == 0 and all(a >= b for a, b in zip(draws, draws[1:]))


def test_the_most_points_win_and_equal_points_tie():
    from pnp.rules.verdun.score import winner

    assert winner({"French": -4, "German": -9}) == "French"
    assert winner({"French": 3, "German": 8}) == "German"
    assert winner({"French": -2, "German": -2}) is None
