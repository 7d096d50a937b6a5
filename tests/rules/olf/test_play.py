"""A game's course: turns and the order of a Party Challenge, results as the cards word them
(kept cards, Moments for the whole party), the game's two endings, the components in the box, and
the roleplay questions every card carries."""

import copy
from random import Random

import pytest

from pnp.data.decks import load_game
from pnp.games import get_game
from pnp.games.olf import COMPONENT_COUNTS, game_data
from pnp.project import Project
from pnp.rules.olf.dice import RulesError
from pnp.rules.olf.effects import Effect, parse
from pnp.rules.olf.party import next_active, party_order, solo_taker
from pnp.rules.olf.simulate import Baseline, Game, Hero, Table, play
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def loaded():
    project = Project.at(ROOT)
    return load_game(project, get_game(project, "olf"))


@pytest.fixture(scope="module")
def data(loaded):
    return game_data(loaded)


def test_the_token_passes_clockwise_past_the_dead():
    assert next_active([True, True, True], 4) == 1
    assert next_active([True, False, True], 1) == 2
    with pytest.raises(RulesError):
        next_active([False, False], 0)


def test_a_party_challenge_goes_round_from_the_drawer():
    assert party_order([True, True, True, True], 2) == [2, 3, 0, 1]
    assert party_order([True, False, True, True], 3) == [3, 0, 2]


def test_a_solo_challenge_is_passed_clockwise_and_comes_back_to_the_drawer():
    alive = [True, True, False, True]
    assert solo_taker(alive, 1, [True, True, True, True]) == 1          # the drawer takes it on
    assert solo_taker(alive, 1, [True, False, True, False]) == 0        # 1 passes, 2 is dead, 3 passes
    assert solo_taker(alive, 3, [False, True, False, False]) == 1       # 3 and 0 pass
    assert solo_taker(alive, 1, [False, False, True, False]) == 1       # all pass: back to the drawer


def test_a_kept_card_s_symbols_join_its_holder_s():
    hero = Hero("Tom", ["magic"], 4, 4, 0)
    game = Game(Table([hero], "Bound"), Random(1), Baseline())
    game.loot_pile = []
    assert parse("Keep this card.") == [Effect("self", "keep", 1)]
    game.apply(hero, "Keep this card.", {"symbols": ["key", "crown"]})
    assert hero.loot == [["key", "crown"]]                  # every corner symbol, as the rulebook says


def test_a_moment_can_reach_every_living_character():
    heroes = [Hero("A", [], 4, 4, 1), Hero("B", [], 4, 4, 1, alive=False), Hero("C", [], 4, 4, 5)]
    game = Game(Table(heroes, "Bound"), Random(1), Baseline())
    game.loot_pile = []
    game.apply(heroes[0], "Every living character gains 1 Power.", {})
    assert [h.power for h in heroes] == [2, 1, 5]            # the dead gain nothing; five is the most


def _deck_of(data, target, defeat):
    decks = copy.deepcopy(data["decks"])
    for cards in decks.values():
        for card in cards:
            card["targets"], card["defeat"], card["success"] = [target], defeat, "You pass."
    nemeses = copy.deepcopy(data["nemeses"])
    for phase in ("approach", "lair", "end"):
        nemeses[0][f"{phase}_targets"], nemeses[0][f"{phase}_defeat"] = [target], defeat
    return decks, nemeses[0]


def test_the_game_ends_won_after_slay_them_or_lost_when_all_face_death(data):
    easy, nemesis = _deck_of(data, 1, "Lose 1 Heart.")
    assert play(data["characters"], data["equipment"], data["loot"], easy, data["moments"], nemesis, 3, Random(1))
    deadly, nemesis = _deck_of(data, 6, "Lose 9 Heart.")
    for card in deadly["approach"] + deadly["lair"] + deadly["end"] + deadly["slay-them"]:
        card["targets"] = [6, 6, 6, 6, 6, 6, 6, 6]
    assert not play(data["characters"], data["equipment"], data["loot"], deadly, data["moments"], nemesis, 3, Random(1))


def test_the_box_holds_the_source_s_components(loaded):
    counts = {d.deck.key: len(d.cards) for d in loaded}
    for key, (count, _) in COMPONENT_COUNTS.items():
        assert counts[key] == count, key
    assert counts["dice"] == 8 + 4 * 5


def test_every_card_carries_its_roleplay_questions(data, loaded):
    cards = {d.deck.key: d.cards for d in loaded}
    assert all(len(c["questions"]) >= 2 for c in data["characters"] + data["nemeses"])
    assert all(c.question for key in ("approach", "lair", "end", "slay-them", "equipment") for c in cards[key])
    assert all(c.question and len(c.prompts) >= 3 and c.outcome for c in cards["moments"])
