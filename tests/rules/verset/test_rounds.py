"""Rounds played from shuffled decks keep the rulebook's invariants."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.rules.kinds import SetupError
from pnp.rules.verset.cards import full_deck, parse_cards
from pnp.rules.verset.hands import hand_total, is_blackjack
from pnp.rules.verset.kinds import KINDS
from pnp.rules.verset.payout import STAKE_BONUS
from pnp.rules.verset.rounds import ScriptedPolicy, play_round
from pnp.rules.verset.stakes import RuleViolation
from pnp.rules.verset.strategy import Baseline
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


class Recording(ScriptedPolicy):
    """A policy that remembers whether it was asked to raise."""

    asked: list = []

    def adjust(self, state):
        Recording.asked.append(state.stake)
        return True


def test_no_raise_is_offered_past_the_reserve():
    deck = parse_cards(["6", "5", "4", "10", "10", "10"])     # 10 against a 5: the baseline raises
    Recording.asked = []
    kept = play_round(list(deck), 1, table_rules(), Baseline(), souls_left=2)
    raised = play_round(list(deck), 1, table_rules(), Baseline(), souls_left=3)
    assert (kept.stake, kept.adjusted) == (1, False)
    assert (raised.stake, raised.adjusted) == (2, True)
    play_round(list(deck), 1, table_rules(), Recording(hits=0), souls_left=2)
    assert Recording.asked == []


def test_a_stake_past_the_reserve_is_refused():
    with pytest.raises(RuleViolation, match="R7"):
        play_round(list(parse_cards(["10", "9", "8", "7"])), 2, table_rules(), ScriptedPolicy(hits=0), souls_left=1)


WOLF = [{"op": "player_deal_cards", "count": 3, "face_down": 1}]


@given(hidden=st.sampled_from(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]),
       seen=st.sampled_from([("10", "2"), ("9", "4"), ("6", "5"), ("A", "5"), ("8", "8")]),
       up=st.sampled_from(["4", "7", "10", "A"]))
def test_decisions_under_the_wolf_never_look_at_the_face_down_card(hidden, seen, up):
    """The cards the player asks for depend on the face-up cards only (ruling R31)."""
    rest = ["2", "3", "2", "4", "3", "2", "5", "9", "9", "9", "9"]
    deck = [seen[0], up, seen[1], "9", hidden] + rest
    for policy in (Baseline(), ScriptedPolicy(stand_on=17), ScriptedPolicy(wants_adjust=True, stand_on=21)):
        hits = set()
        for face_down in (hidden, "2"):
            cards = parse_cards(deck[:4] + [face_down] + rest)
            result = play_round(list(cards), 1, table_rules(WOLF), policy)
            hits.add(len(result.player))
        assert len(hits) == 1, (policy, hits)


def test_the_face_down_card_busts_only_when_turned_up():
    result = play_round(list(parse_cards(["10", "10", "2", "9", "K", "5", "9"])), 1, table_rules(WOLF),
                        ScriptedPolicy(stand_on=17))
    assert [str(c) for c in result.player] == ["10", "2", "K", "5"]
    assert (result.how, result.player_total, result.opponent_total) == ("bust", 27, None)


def test_a_round_example_deals_what_one_deck_holds():
    """Five cards of a rank, or one suited card twice, are refused at the setup."""
    for deck, found in (([10, 10, 10, 10, 10, 2], "5 cards of rank 10"), (["Kh", "Kh", 9, 7, 5, 4], "Kh is dealt twice")):
        with pytest.raises(SetupError, match=found):
            KINDS["round"].compute({"deck": deck, "stake": 1, "stand_on": 17}, {})
