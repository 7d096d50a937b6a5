"""The deal distribution counts every deal once."""

from math import comb

from pnp.rules.wizard.balance import summary, value_distribution
from pnp.rules.wizard.cards import card_from


def test_every_deal_is_counted_once_and_the_summary_is_exact():
    deck = [card_from(f"c{i}", {"type": "creature", "value": i}) for i in range(1, 8)]
    counts = value_distribution(deck)
    assert sum(counts.values()) == comb(7, 2) * comb(5, 2)
    result = summary(counts)
    assert result["lowest"] == 2 + 3 + 4 and result["highest"] == 5 + 6 + 7     # the best 3 of the 4
    assert result["deals"] == 210


def test_each_deal_has_the_value_of_its_own_best_combination():
    """Brute force over every deal of the shipped red deck: sharing a value among the 6 deals of
    the same 4 cards changes nothing."""
    from itertools import combinations

    from pnp.data.decks import load_game
    from pnp.data.plain import as_plain
    from pnp.games import get_game
    from pnp.project import Project
    from pnp.rules.wizard.balance import deal_values
    from pnp.rules.wizard.hands import best_combination
    from tests.conftest import ROOT

    project = Project.at(ROOT)
    loaded = load_game(project, get_game(project, "wizard"))
    cards = [as_plain(c) for d in loaded if d.deck.key == "red-deck" for c in d.cards]
    deck = [card_from(c["id"], {"type": c["type"], "value": c["value"], "power": c.get("power"),
                                "tags": list(c.get("tags") or ())}) for c in cards]
    values = deal_values(deck)
    for personal in combinations(deck, 2):
        for common in combinations([card for card in deck if card not in personal], 2):
            key = (frozenset(c.id for c in personal), frozenset(c.id for c in common))
            assert values[key] == best_combination(personal, common).value
