from collections import Counter

from pnp.data.decks import load_game
from pnp.games import get_game

from pnp.project import Project
from tests.conftest import ROOT


def decks():
    return {d.deck.key: d.cards for d in load_game(Project.at(ROOT), get_game(Project.at(ROOT), "verset"))}


def test_the_deck_is_a_full_52_card_deck_in_four_suits():
    cards = decks()["playing-cards"]
    assert Counter(card.suit for card in cards) == {s: 13 for s in ("hearts", "spades", "clubs", "diamonds")}
    assert len({card.id for card in cards}) == 52


def test_verses_have_distinct_abilities_and_difficulties_one_to_three():
    verses = decks()["verses"]
    assert {v.difficulty for v in verses} == {1, 2, 3}
    assert len({v.ability for v in verses}) == 20
    assert len({tuple(str(step) for step in v.effect) for v in verses}) == 20
    assert any(v.id == "three-headed-wolf" for v in verses)


def test_ability_types_split_as_declared():
    assert Counter(a.type for a in decks()["abilities"]) == {"activatable": 8, "unique": 4, "permanent": 4}


def test_the_bar_sells_the_forgiveness_liqueur():
    assert "forgiveness-liqueur" in {d.id for d in decks()["bar-drinks"]}


def test_shadow_spectators_last_the_duel_as_ruled():
    """Ruling R22: a Spectator holds until the duel ends, so no card may say "this round"."""
    for card in decks()["shadow-spectators"]:
        assert "this round" not in card.text.lower(), card.id


def test_each_variant_brings_its_set_of_six_and_the_glass_is_one_card():
    """"Three sets of 6 cards": the Bar, the Cursed Organ, the Shadow Spectators; one Glass."""
    d = decks()
    assert [len(d[key]) for key in ("bar-drinks", "organ-tunes", "shadow-spectators")] == [6, 6, 6]
    assert [card.id for card in d["glass-of-forgiveness"]] == ["glass-of-forgiveness"]


def test_soul_tokens_count_the_souls_of_any_start():
    """Soul tokens count the reserve: the chips cover the richest start (Tenderfoot, 15)."""
    from pnp.rules.verset.campaign import DIFFICULTIES
    tokens = decks()["soul-tokens"]
    assert {int(t.value) for t in tokens} == {1, 5}
    assert sum(int(t.value) for t in tokens) >= max(level.initial_souls for level in DIFFICULTIES.values())
