"""Whole simulated games: reproducible by seed, always ending, and a card that is too strong is flagged."""

from dataclasses import replace

from pnp.rules.wizard import strategy
from pnp.rules.wizard.betting import FIRST, LEAVE, SECOND, View
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


def test_a_game_lasts_until_thirty_or_zero_not_three_rounds():
    """Ruling W1: rounds go on until, at a round's end, a pawn has 30 or more or stands on 0."""
    report = simulate(deck(), 300, seed=7, players=4)
    assert set(report["ends"]) <= {"30", "0", "30+0"}
    assert report["rounds"]["longest"] > 3 and report["rounds"]["shortest"] >= 2


def test_a_card_far_stronger_than_the_rest_is_flagged():
    report = simulate(deck(strong=True), 400, seed=2, players=4)
    flagged = {flag["card"]: flag for flag in report["flags"]}
    assert "giant" in flagged and flagged["giant"]["win_rate"] > flagged["giant"]["average"]


def _view(hand, common, deck, tokens, phase):
    return View("me", phase, tuple(hand), tuple(common), tuple(deck), tuple(tokens), (), ("me", "you"), (),
                tuple(sorted(set(tokens))) + (LEAVE,))


def test_the_bets_follow_the_documented_thresholds():
    cards = [card_from(c["id"], c) for c in deck()]
    known = strategy.knowledge(cards)
    hand, unseen = cards[:2], cards[2:]
    strength = strategy.expected_value(hand, unseen, known.values)
    assert known.expected[frozenset(c.id for c in hand)] == strength

    def first(quartiles):
        return strategy.first_bet(_view(hand, (), cards, [2, 3, 4], FIRST), replace(known, quartiles=quartiles))
    assert first((strength + 1, 99, 99)) is LEAVE                 # below the first quartile: leave
    assert first((0, strength, 99)) == 4                          # from the median up: the highest
    assert first((0, strength + 1, 99)) == 2                      # otherwise the lowest

    def second(tokens, quartiles):
        return strategy.second_bet(_view(hand, cards[2:4], cards, tokens, SECOND), replace(known, quartiles=quartiles))
    assert second([-1, 2, 4], (99, 99, 99)) is LEAVE              # too weak: leave
    assert second([-1, 2, 4], (0, 0, 0)) == 4                     # strong: the highest
    assert second([-1, 2, 4], (0, 0, 99)) == 4                    # good: highest but -1
    assert second([-1, 2, 4], (0, 99, 99)) == 2                   # fair: lowest but -1
    assert second([-1], (0, 99, 99)) == -1                        # nothing else left
