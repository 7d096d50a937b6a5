"""Rounds played from shuffled decks keep the rulebook's invariants."""

import random

from hypothesis import given
from hypothesis import strategies as st

from pnp.rules.verset.cards import full_deck, parse_cards
from pnp.rules.verset.hands import hand_total, is_blackjack
from pnp.rules.verset.payout import STAKE_BONUS
from pnp.rules.verset.rounds import ScriptedPolicy, play_round
from pnp.rules.verset.table import table_rules


@given(seed=st.integers(0, 10**6), stake=st.integers(1, 3), stand_on=st.integers(12, 21),
       adjust=st.booleans())
def test_round_invariants(seed, stake, stand_on, adjust):
    deck = list(full_deck())
    random.Random(seed).shuffle(deck)
    order = list(deck)
    result = play_round(deck, stake, table_rules(), ScriptedPolicy(adjust, stand_on=stand_on))
    dealt = len(order) - len(deck)
    assert sorted(result.player + result.opponent) == sorted(order[:dealt])
    assert result.player[:2] == (order[0], order[2]) and result.opponent[:2] == (order[1], order[3])
    natural = is_blackjack(list(result.player))
    if result.adjusted:
        assert not natural and result.stake == stake + 1 and len(result.player) <= 3
    if result.how == "bust":
        assert result.opponent_total is None and len(result.opponent) == 2
        assert result.souls == -result.stake
    elif not natural and not is_blackjack(list(result.opponent)):
        theirs = hand_total(list(result.opponent))
        assert theirs.bust or theirs.total >= result.player_total
        assert hand_total(list(result.opponent[:-1])).total < result.player_total or len(result.opponent) == 2
    if result.outcome == "win":
        assert result.returned >= result.stake + STAKE_BONUS[result.stake]
    if result.outcome == "tie":
        assert (result.returned, result.souls) == (result.stake, 0)
    if result.outcome == "lose":
        assert result.returned == 0 and result.souls <= -result.stake
    assert result.souls == result.returned - result.stake or result.outcome == "lose"


def test_a_verse_effect_comes_from_its_data():
    deck = parse_cards(["10", "10", "9", "9"])
    plain = play_round(list(deck), 1, table_rules(), ScriptedPolicy(stand_on=17))
    chair = play_round(list(deck), 1, table_rules([{"op": "ties_go_to", "side": "opponent"}]),
                       ScriptedPolicy(stand_on=17))
    assert (plain.outcome, chair.outcome) == ("tie", "lose")
