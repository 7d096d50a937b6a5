"""The Last Wizard's data: both decks carry the rulebook's named cards, hands equal brute force
on every 4-card set of each deck, the source's scoring example, and `pnp check`'s exit codes."""

from itertools import combinations

import pytest

from pnp.data.decks import load_game
from pnp.data.plain import as_plain
from pnp.games import get_game
from pnp.project import Project
from pnp.rules.wizard import components
from pnp.rules.wizard.cards import card_from
from pnp.rules.wizard.hands import best_combination
from pnp.rules.wizard.kinds import KINDS
from tests.conftest import ROOT, run_pnp
from tests.rules.wizard.test_hands import brute_best


def decks():
    project = Project.at(ROOT)
    return {d.deck.key: d.cards for d in load_game(project, get_game(project, "wizard"))}


def engine_deck(key):
    return [card_from(card.id, as_plain(card)) for card in decks()[key]]


def test_both_decks_hold_the_named_cards():
    red, blue = decks()["red-deck"], decks()["blue-deck"]
    assert (len(red), len(blue)) == (components.RED_CARDS, components.BLUE_CARDS)
    for cards, powers in ((red, components.RED_POWERS), (blue, components.BLUE_POWERS)):
        assert {p: sum(c.power == p for c in cards) for p in powers} == powers
    assert sum("goblin" in c.tags for c in blue) >= 1 and sum("flame" in c.tags for c in blue) >= 1


def test_the_box_holds_the_sources_components():
    """18 red and 18 blue cards, 6 pawns, 6 player aids, 6 round and 6 square tokens, the First
    Player token, and one score board."""
    project = Project.at(ROOT)
    counts = {key: len(cards) for key, cards in decks().items()}
    assert counts == {"red-deck": 18, "blue-deck": 18, "mage-pawns": 6, "player-aids": 6,
                      "round-tokens": 6, "square-tokens": 6, "first-player": 1}
    assert [board.key for board in get_game(project, "wizard").boards] == ["score-board"]


@pytest.mark.parametrize("key", ["red-deck", "blue-deck"])
def test_the_best_hand_equals_brute_force_on_every_four_cards_of_the_deck(key):
    deck = engine_deck(key)
    sets = 0
    for four in combinations(deck, 4):
        assert best_combination(four[:2], four[2:]).value == brute_best(list(four)), [c.id for c in four]
        sets += 1
    assert sets == 3060


def test_the_source_scoring_example_moves_twelve_minus_one_minus_five():
    context = {"cards": {c.id: as_plain(c) for key in ("red-deck", "blue-deck") for c in decks()[key]}}
    result = KINDS["round"].compute({"common": ["ember-sage", "spectre"], "players": [
        {"name": "Lana", "hand": ["harpy", "barrow-king"], "tokens": [2, 4], "position": 6},
        {"name": "Élodie", "hand": ["wave", "dire-wolf"], "tokens": [4, -1], "position": 15},
        {"name": "Takako", "hand": ["frost-lance", "hex"], "tokens": [3, 2], "position": 15},
        {"name": "Sabrina", "tokens": [], "position": 15, "out": True},
        {"name": "Billie", "tokens": [], "position": 15, "out": True}]}, context)
    assert result["values"] == {"Lana": 19, "Élodie": 15, "Takako": 14}
    assert [result["moves"][n] for n in ("Lana", "Élodie", "Takako")] == [12, -1, -5]


def test_check_exits_1_on_a_wrong_example_and_2_on_a_broken_card_file(project_copy):
    assert run_pnp("check", "wizard", "--project", str(project_copy)).exit_code == 0
    examples = project_copy / "card_data" / "wizard" / "examples" / "hands.yaml"
    examples.write_text(examples.read_text().replace("value: 15}", "value: 16}", 1))
    wrong = run_pnp("check", "wizard", "--project", str(project_copy))
    assert wrong.exit_code == 1 and "the engine computes 15" in wrong.output
    red = project_copy / "card_data" / "wizard" / "red.yaml"
    red.write_text(red.read_text().replace("type: creature", "type: monster", 1))
    broken = run_pnp("check", "wizard", "--project", str(project_copy))
    assert broken.exit_code == 2 and "red.yaml:" in broken.output and "'monster'" in broken.output


def test_a_token_file_off_the_rulebooks_table_is_refused(project_copy):
    tokens = project_copy / "card_data" / "wizard" / "square-tokens.csv"
    tokens.write_text(tokens.read_text().replace("square-5,5,6", "square-5,5,5"))
    result = run_pnp("check", "wizard", "--project", str(project_copy))
    assert result.exit_code == 2 and "the square tokens for 5 players" in result.output


def test_a_missing_named_power_is_refused(project_copy):
    blue = project_copy / "card_data" / "wizard" / "blue.yaml"
    blue.write_text(blue.read_text().replace("  power: storm\n", ""))
    result = run_pnp("check", "wizard", "--project", str(project_copy))
    assert result.exit_code == 2 and "storm" in result.output


def test_the_dragon_is_worth_what_the_sources_fortify_example_says():
    """"The Dragon card targeted by Fortify will see its value go to 12, then its bonus of 2
    applies afterwards, for a total value of 14": its printed value is 4."""
    context = {"cards": {c.id: as_plain(c) for c in decks()["blue-deck"]}}
    result = KINDS["hand"].compute({"hand": ["fortify", "dragon"], "common": ["seer", "goblin-thief"]}, context)
    assert result["fortified"] == "dragon" and result["values"]["dragon"] == 14


def test_every_card_id_reads_as_the_cards_name():
    """The rulebook's examples name a card by its id in words: the id must say the card's name."""
    for key in ("red-deck", "blue-deck"):
        for card in decks()[key]:
            assert card.id.replace("-", " ").title() == card.name.removeprefix("The "), card.id


def test_a_round_example_dealing_a_card_twice_is_refused_with_its_line(project_copy):
    examples = project_copy / "card_data" / "wizard" / "examples" / "rounds.yaml"
    text = examples.read_text()
    examples.write_text(text.replace("- {name: B, hand: [wave, dire-wolf], tokens: [3, 2], position: 15}",
                                     "- {name: B, hand: [harpy, dire-wolf], tokens: [3, 2], position: 15}", 1))
    line = 1 + text[:text.index("      - {name: B", text.index("id: the-best-hand-gains-both-tokens"))].count("\n")
    result = run_pnp("check", "wizard", "--project", str(project_copy))
    assert result.exit_code == 2
    assert f"rounds.yaml:{line}: example the-best-hand-gains-both-tokens, setup.players" in result.output
    assert "'harpy' is dealt twice, to A and to B" in result.output
