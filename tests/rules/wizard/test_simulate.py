"""Whole simulated games: reproducible by seed, always ending, and a card that is too strong is flagged."""

from pnp.rules.wizard import strategy
from pnp.rules.wizard.balance import deal_values
from pnp.rules.wizard.cards import card_from
from pnp.rules.wizard.simulate import simulate

TYPES = ("creature", "caster", "spell")


def deck(strong: bool = False) -> list[dict]:
    cards = [{"id": f"c{i}", "type": TYPES[i % 3], "value": 3 + i % 4} for i in range(18)]
    if strong:
        cards[0] = {"id": "giant", "type": "creature", "value": 40}
    return cards


def test_a_seed_reproduces_its_numbers_and_every_game_ends():
    first, again = simulate(deck(), 200, seed=5, players=5), simulate(deck(), 200, seed=5, players=5)
    assert first == again
    assert simulate(deck(), 200, seed=6, players=5) != first
    assert sum(first["ends"].values()) == 200 and "none" not in first["ends"]
    assert abs(sum(first["seats"].values()) - 1) < 1e-9


def test_a_card_far_stronger_than_the_rest_is_flagged():
    report = simulate(deck(strong=True), 400, seed=2, players=4)
    flagged = {flag["card"]: flag for flag in report["flags"]}
    assert "giant" in flagged and flagged["giant"]["win_rate"] > flagged["giant"]["average"]


def test_the_bets_follow_the_documented_thresholds():
    cards = [card_from(c["id"], c) for c in deck()]
    values = deal_values(cards)
    quartiles = (10, 12, 14)
    hand, unseen = cards[:2], cards[2:]
    strength = strategy.expected_value(hand, unseen, values)
    expected = None if strength < 10 else (4 if strength >= 12 else 2)
    assert strategy.first_bet(hand, unseen, [2, 3, 4], quartiles, values) == expected
    assert strategy.second_bet(hand, cards[2:4], [-1, 2, 4], (99, 99, 99)) is None          # too weak: leave
    assert strategy.second_bet(hand, cards[2:4], [-1, 2, 4], (0, 0, 0)) == 4                 # strong: the highest
    assert strategy.second_bet(hand, cards[2:4], [-1, 2, 4], (0, 0, 99)) == 4                # good: highest but -1
    assert strategy.second_bet(hand, cards[2:4], [-1, 2, 4], (0, 99, 99)) == 2               # fair: lowest but -1
    assert strategy.second_bet(hand, cards[2:4], [-1], (0, 99, 99)) == -1                    # nothing else left
