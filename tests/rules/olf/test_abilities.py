"""The Special Abilities and the Nemesis abilities: the engine's functions, the exact odds with an
ability against every roll enumerated, and the simulator playing every ability."""

from collections import Counter
from fractions import Fraction
from itertools import product
from random import Random

import pytest

from pnp.data.decks import load_game
from pnp.games import get_game
from pnp.games.olf import game_data
from pnp.project import Project
from pnp.rules.olf import abilities, nemesis
from pnp.rules.olf.dice import RulesError, match
from pnp.rules.olf.odds import ability_chance, success_chance
from pnp.rules.olf.simulate import Baseline, Game, Hero, Table, play
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def data():
    project = Project.at(ROOT)
    return game_data(load_game(project, get_game(project, "olf")))


def _brute(dice, targets, mend) -> Fraction:
    """Every roll enumerated; `mend(roll)` is the chance a failed roll is saved."""
    total = Fraction(0)
    for roll in product(range(1, 7), repeat=dice):
        total += 1 if match(list(roll), targets) is not None else mend(list(roll))
    return total / 6 ** dice


def _hex_saves(roll, targets, uses):
    if uses == 0:
        return match(roll, targets) is not None
    return any(_hex_saves(roll[:i] + [min(6, roll[i] + 1)] + roll[i + 1:], targets, uses - 1) for i in range(len(roll)))


@pytest.mark.parametrize("dice, targets", [(1, [4]), (2, [5, 3]), (3, [6, 4]), (3, [5, 5, 2]), (4, [6, 6])])
def test_ability_odds_equal_every_roll_enumerated(dice, targets):
    p = success_chance(dice, targets)
    assert ability_chance(dice, targets, abilities.LEGERDEMAIN) == _brute(dice, targets, lambda roll: p)
    assert ability_chance(dice, targets, abilities.LEGERDEMAIN, 2) == 1 - (1 - p) ** 3
    for uses in (1, 2):
        assert ability_chance(dice, targets, abilities.HEX, uses) == _brute(
            dice, targets, lambda roll: _hex_saves(roll, targets, uses))

    def one_again(roll):
        return max(Fraction(sum(match(roll[:i] + [face] + roll[i + 1:], targets) is not None for face in range(1, 7)), 6)
                   for i in range(len(roll)))
    assert ability_chance(dice, targets, abilities.OATHBOUND) == _brute(dice, targets, one_again)


def test_a_reroll_at_three_quarters_gives_fifteen_sixteenths():
    assert success_chance(2, [4]) == Fraction(3, 4)
    assert ability_chance(2, [4], abilities.LEGERDEMAIN) == Fraction(15, 16)


def test_uses_run_out_and_dice_are_checked():
    assert abilities.spend_use(2) == 1 and abilities.spend_use(None) is None
    with pytest.raises(RulesError):
        abilities.spend_use(0)
    with pytest.raises(RulesError):
        abilities.legerdemain([1, 2], [6])
    with pytest.raises(RulesError):
        abilities.hex_die([1, 2], 5)
    assert abilities.hex_die([6, 2], 6) == [6, 2]


def test_known_roads_shows_the_next_card_and_leaves_it():
    deck = ["a", "b", "c"]
    assert abilities.known_roads(deck, 0) == "b" and deck == ["a", "b", "c"]
    assert abilities.known_roads(deck, 2) is None


def _game(names_abilities, ability="Bound", heart=3):
    heroes = [Hero(name, ["sword"], heart, heart, 0, 0, ability=power) for name, power in names_abilities]
    game = Game(Table(heroes, ability), Random(1), Baseline())
    game.loot_pile, game.deck, game.position = [], [], 0
    return game, heroes


def test_bulwark_takes_a_killing_blow_in_a_party_challenge():
    game, (heavy, ally) = _game([("Heavy", abilities.BULWARK), ("Tom", abilities.HEX)], heart=3)
    heavy.heart, ally.heart = 3, 1
    game.table.card, game.table.roller = {"mode": "party"}, "Tom"
    game.lose_heart(ally, 1)
    assert ally.alive and ally.heart == 1 and heavy.heart == 2
    game.table.card = {"mode": "solo"}
    game.lose_heart(ally, 1)
    assert not ally.alive and heavy.heart == 2


def test_last_rites_when_an_ally_faces_death_under_tithe():
    game, (penitent, ally) = _game([("Penitent", abilities.LAST_RITES), ("Tom", abilities.HEX)], ability="Tithe")
    ally.loot = [["key"]]
    game.lose_heart(ally, 3)
    assert not ally.alive and penitent.loot == [["key"]]
    assert penitent.soul == abilities.LAST_RITES_SOUL - nemesis.TITHE_SOUL and game.table.insight == 1


def test_searing_breath_burns_at_the_start_of_lair_and_end_only():
    assert [nemesis.phase_start_heart("Searing Breath", p) for p in ("approach", "lair", "end", "slay")] == [0, 1, 1, 0]
    assert nemesis.phase_start_heart("Bound", "lair") == 0


def test_bound_leaves_all_you_ve_got_as_printed_even_on_slay_them():
    """Ruling O7, by the source's words: a Challenge with no Attribute symbol includes no Key."""
    assert nemesis.challenge_targets("Bound", "end", ["all"], [5, 5, 4]) == [5, 5, 4]
    assert nemesis.challenge_targets("Bound", "slay", ["all"], [6, 5, 4]) == [6, 5, 4]
    assert nemesis.challenge_targets("Bound", "slay", ["key"], [6, 5, 4]) == [6, 5, 4, 4]   # still End (III)
    assert nemesis.challenge_targets("Bound", "lair", ["key"], [5]) == [5]


def test_every_ability_name_on_the_cards_is_one_the_engine_plays(data):
    assert {c["ability_name"] for c in data["characters"]} == set(abilities.CHARACTER_ABILITIES)
    assert {n["ability_name"] for n in data["nemeses"]} == set(nemesis.NEMESIS_ABILITIES)


def test_the_simulator_plays_every_special_ability(data):
    moves = Counter()
    rng = Random(5)
    for game in range(60):
        play(data["characters"], data["equipment"], data["loot"], data["decks"], data["moments"],
             data["nemeses"][game % 6], 6, rng, watch=lambda view, move: moves.update([move.kind]))
    assert {"legerdemain", "hex", "oathbound", "bulwark", "peek"} <= set(moves), moves


def test_on_slay_them_each_hero_rolls_the_insight_as_it_stands():
    """Insight adds dice when a hero attempts Slay Them!: an ally who Faces Death on it gives the
    Penitent's Last Rites Insight to the heroes who follow on the same card."""
    seen = []

    class Recording(Baseline):
        def power(self, view, insight, penalty):
            seen.append((view.roller, insight))
            return super().power(view, insight, penalty)

    ally = Hero("Tom", ["sword"], 1, 3, 0, 0)
    penitent = Hero("Penitent", ["shield"], 3, 3, 0, 0, ability=abilities.LAST_RITES)
    game = Game(Table([ally, penitent], "Tithe"), Random(1), Recording())
    game.loot_pile, game.deck, game.position = [], [], 0
    game.table.phase = game.table.card_kind = "slay"
    card = {"mode": "party", "symbols": ["all"], "targets": [6] * 6, "success": "The Nemesis falls.",
            "defeat": "Lose 2 Heart."}
    game.challenge(card, ally, game.table.insight)
    assert not ally.alive and seen == [("Tom", 0), ("Penitent", abilities.LAST_RITES_INSIGHT)]


@pytest.mark.parametrize("kind, setup, field", [
    ("nemesis", {"nemesis": "bound", "phase": "end", "challenge": ["keys"], "targets": [4], "dice": 2}, "challenge"),
    ("odds", {"dice": 1, "targets": [4], "ability": "oathbound", "uses": 3}, "uses"),
    ("ability", {"ability": "hex", "dice": [3, 1], "targets": [4], "uses": 1}, "die"),
    ("ability", {"ability": "legerdemain", "dice": [3, 1], "targets": [4], "die": 3, "rolled": [6, 6]}, "die"),
    ("ability", {"ability": "oathbound", "dice": [1, 3], "targets": [4], "die": 1, "rolled": [5], "uses": 2}, "uses"),
])
def test_an_example_the_rules_cannot_play_names_its_field(kind, setup, field):
    """A misspelt symbol would silently escape Bound; Oathbound has no uses; Hex needs the die it raises."""
    from pnp.rules.kinds import SetupError
    from pnp.rules.olf.kinds import KINDS

    with pytest.raises(SetupError) as error:
        KINDS[kind].compute(setup, {})
    assert error.value.field == field


@pytest.mark.parametrize("kind, setup, field", [
    ("pool", {"challenge": "all", "symbols": ["sword"], "insight": 2}, "insight"),
    ("pool", {"challenge": ["key"], "symbols": ["key"], "insight": 1, "phase": "end"}, "insight"),
    ("nemesis", {"nemesis": "contagion", "phase": "lair", "challenge": ["key"], "targets": [4], "dice": 2,
                 "follows": "failure"}, "follows"),
    ("nemesis", {"nemesis": "undertow", "phase": "end", "challenge": ["key"], "targets": [4], "dice": 2,
                 "mode": "solo", "follows": "heart-loss"}, "follows"),
    ("nemesis", {"nemesis": "undertow", "phase": "slay", "challenge": "all", "targets": [6], "dice": 2,
                 "mode": "solo"}, "mode"),
    # Slay Them! asks for All You've Got: no game deals a Slay Them! with a Key, or a Sword
    ("nemesis", {"nemesis": "bound", "phase": "slay", "challenge": ["key"], "targets": [6, 5, 4], "dice": 5}, "challenge"),
    ("pool", {"challenge": ["sword"], "symbols": ["sword"], "phase": "slay", "insight": 1}, "challenge"),
    # a Nemesis Challenge named by its card takes its targets from the card, not from the setup
    ("nemesis", {"nemesis": "bound", "card": "demon-lord", "phase": "end", "targets": [4], "dice": 3}, "targets"),
])
def test_a_setup_no_game_could_play_is_refused(kind, setup, field):
    """Insight on a card other than Slay Them!, and a hero following another outside a Party
    Challenge, by the same conditions the simulator plays (moves.insight_dice, follows_error)."""
    from pnp.rules.kinds import SetupError
    from pnp.rules.olf.kinds import KINDS

    with pytest.raises(SetupError) as error:
        KINDS[kind].compute(setup, {})
    assert error.value.field == field
    assert KINDS["pool"].compute({"challenge": "all", "symbols": ["sword"], "insight": 2, "phase": "slay"}, {}) == {"dice": 4}


def test_a_nemesis_challenge_named_by_its_card_follows_the_card_data():
    """`card:` reads the Nemesis Challenge from the data, so a retuned card changes the example's
    answer (and `pnp check` then says the example disagrees) instead of leaving it stale."""
    from pnp.games.olf import rules_context
    from pnp.rules.kinds import SetupError
    from pnp.rules.olf.kinds import KINDS

    project = Project.at(ROOT)
    context = rules_context(load_game(project, get_game(project, "olf")))
    lord = context["nemeses"]["demon-lord"]["end"]
    setup = {"nemesis": "bound", "card": "demon-lord", "phase": "end", "dice": 3}
    found = KINDS["nemesis"].compute(setup, context)
    assert found["printed"] == lord["targets"] and found["targets"] == sorted(lord["targets"] + [4], reverse=True)
    retuned = {**context, "nemeses": {**context["nemeses"], "demon-lord": {**context["nemeses"]["demon-lord"],
                                                                         "end": {**lord, "targets": [6]}}}}
    assert KINDS["nemesis"].compute(setup, retuned)["targets"] == [6, 4]
    with pytest.raises(SetupError) as error:
        KINDS["nemesis"].compute({**setup, "nemesis": "precision"}, context)
    assert error.value.field == "nemesis"
