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
