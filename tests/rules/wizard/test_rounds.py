"""Rounds: the token table, leaving, a player alone, the resolution and its moves, the end."""

import pytest

from pnp.rules.kinds import SetupError
from pnp.rules.wizard.kinds import KINDS
from pnp.rules.wizard.tokens import tokens_for

# Real cards for the rulebook's scoring example, whose letters alone do not add up (rulebook §5):
# Lana's Dragon gains 2 beside her caster, Élodie's Goblin King 6 beside her goblin, and the
# common B is a spell, so only players with a caster count it.
SCORING_CARDS = {
    "A": {"type": "creature", "value": 2}, "B": {"type": "spell", "value": 8},
    "C": {"type": "caster", "value": 2}, "D": {"type": "creature", "value": 7, "power": "dragon"},
    "E": {"type": "creature", "value": 2, "tags": ["goblin"]}, "F": {"type": "creature", "value": 5, "power": "goblin_king"},
    "G": {"type": "caster", "value": 4}, "H": {"type": "spell", "value": 6},
}


def play(players, common=("A", "B"), cards=SCORING_CARDS):
    return KINDS["round"].compute({"players": players, "common": list(common), "cards": cards}, {})


def player(name, position=15, tokens=(), hand=None, out=False):
    data = {"name": name, "position": position, "tokens": list(tokens), "out": out}
    if hand:
        data["hand"] = list(hand)
    return data


def test_the_token_table():
    assert tokens_for(3) == {"round": [2, 3, 4], "square": [-1, 2, 4]}
    assert tokens_for(4) == {"round": [2, 3, 3, 4], "square": [-1, 2, 3, 4]}
    assert tokens_for(5) == {"round": [2, 2, 3, 3, 4], "square": [-1, 2, 3, 3, 4]}
    assert tokens_for(6) == {"round": [2, 2, 3, 3, 4, 4], "square": [-1, 2, 3, 3, 4, 5]}


def test_the_rulebooks_scoring_example():
    result = play([player("Lana", 6, (2, 4), "CD"), player("Élodie", 15, (4, -1), "EF"),
                   player("Takako", 15, (3, 2), "GH"), player("Sabrina", out=True), player("Billie", out=True)])
    assert result["values"] == {"Lana": 19, "Élodie": 15, "Takako": 14}
    assert (result["best"], result["second"]) == (["Lana"], ["Élodie"])
    assert [result["moves"][n] for n in ("Lana", "Élodie", "Takako")] == [12, -1, -5]


def test_no_second_best_below_five_players_or_after_a_tie():
    four = play([player("A1", 15, (2, -1), "CD"), player("A2", 15, (3, 2), "EF"),
                 player("A3", 15, (4, 4), "GH"), player("A4", out=True)])
    assert four["second"] == [] and four["moves"]["A2"] == -5
    tie = play([player("P1", 15, (2, 4), "CD"), player("P2", 15, (3, 3), ["C2", "D2"]),
                player("P3", 15, (4, -1), "EF"), player("P4", out=True), player("P5", out=True)],
               cards={**SCORING_CARDS, "C2": SCORING_CARDS["C"], "D2": SCORING_CARDS["D"]})
    assert tie["best"] == ["P1", "P2"] and tie["second"] == [] and tie["moves"]["P3"] == -3


def test_leaving_first_gains_one_unless_alone_in_the_lead_and_leaving_second_costs_the_round_token():
    result = play([player("Lead", 20, (), out=True), player("Tied", 15, (), out=True),
                   player("Late", 9, (3,), out=True), player("Stay", 15, (4, 2), "CD"),
                   player("Also", 15, (2, 3), "EF")])
    assert result["moves"]["Lead"] == 0 and result["moves"]["Tied"] == 1 and result["moves"]["Late"] == -3


def test_leaves_are_settled_in_order_every_first_bet_leave_before_any_second_bet_leave():
    """Ruling W4: C left the first bet on 19 while A, seated before her, still stood on 20; A
    left only in the second bet. C was not alone in the lead when she left: +1."""
    result = play([player("A", 20, (4,), out=True), player("B", 15, (2, 4), "CD"),
                   player("C", 19, (), out=True), player("D", 15, (3, 2), "EF")])
    assert result["moves"] == {"A": -4, "B": 6, "C": 1, "D": -5}
    assert result["positions"] == {"A": 16, "B": 21, "C": 20, "D": 10}


def test_a_first_bet_leave_is_judged_after_the_earlier_first_bet_leaves():
    """C on 16 would be alone in the lead on the board the round began with, but A and B left
    before her and moved up to 16: when C leaves she is level with them, so she scores too."""
    result = play([player("A", 15, (), out=True), player("B", 15, (), out=True),
                   player("C", 16, (), out=True), player("D", 15, (3, 2), "CD"), player("E", 12, (2, 3), "EF")])
    assert [result["moves"][n] for n in "ABC"] == [1, 1, 1]


def test_the_leave_point_is_one_space_even_in_the_double_zone():
    """Rulebook §5: the leave rule names its move, one space; the double zone doubles token gains."""
    result = play([player("Low", 5, (), out=True), player("B", 15, (2, 4), "CD"), player("C", 15, (3, 2), "EF")])
    assert result["moves"]["Low"] == 1 and result["positions"]["Low"] == 6


@pytest.mark.parametrize("players, common, field", [
    ([player("A", 15, (2, 4), "CD"), player("B", 15, (3, 2), "CF"), player("C", out=True)], "AB", "players"),
    ([player("A", 15, (2, 4), "CD"), player("B", 15, (3, 2), "EF"), player("C", out=True)], "AD", "players"),
    ([player("A", 15, (2, 4), "CD"), player("B", 15, (3, 2), "EF"), player("C", out=True)], "AA", "common"),
])
def test_a_deal_giving_one_card_twice_is_refused(players, common, field):
    with pytest.raises(SetupError, match="dealt twice") as error:
        play(players, common)
    assert error.value.field == field


def test_a_player_alone_in_play_gains_her_tokens_without_resolution():
    result = play([player("Last", 5, (4,), "CD"), player("B", out=True), player("C", out=True)])
    assert result["alone"] == "Last" and result["moves"]["Last"] == 8        # double zone: 4 x 2
    assert result["values"] == {"Last": 19} and result["best"] == []


def test_gains_double_in_spaces_one_to_seven_and_pawns_stop_at_zero():
    result = play([player("Low", 3, (4, 4), "GH"), player("High", 7, (2, 2), "CD"), player("X", out=True)])
    assert result["moves"] == {"Low": -3, "High": 8, "X": 0}          # X was alone in the lead
    assert result["positions"]["Low"] == 0
    assert result["winners"] == ["High", "X"] and result["winner"] is None      # 15 each: shared


def test_the_game_ends_at_thirty_or_at_zero_with_the_most_points():
    result = play([player("Near", 26, (4, 4), "CD"), player("Far", 15, (3, 2), "EF"), player("Z", 15, (2, -1), "GH")])
    assert result["positions"]["Near"] == 34 and result["winner"] == "Near"
    nobody = play([player("A", 15, (4, 4), "CD"), player("B", 15, (3, 2), "EF"), player("C", 15, (2, -1), "GH")])
    assert nobody["winner"] is None and nobody["winners"] == []


@pytest.mark.parametrize("players", [
    [player("A", 15, (9, 2), "CD"), player("B", 15, (3, 2), "EF"), player("C", 15, (2, -1), "GH")],   # no 9 token
    [player("A", 15, (2,), "CD"), player("B", 15, (3, 2), "EF"), player("C", 15, (4, -1), "GH")],    # one token at the end
    [player("A", out=True), player("B", out=True), player("C", out=True)],                            # nobody in play
    [player("A", 15, (2, 4), out=True), player("B", 15, (3, 2), "EF"), player("C", 15, (4, -1), "GH")],
])
def test_impossible_rounds_are_refused(players):
    with pytest.raises(SetupError):
        play(players)


def test_a_player_alone_holds_only_the_tokens_she_took_before_the_others_left():
    """The bets stop the moment one player alone is in play (ruling W4): she can hold no square
    token when the others all left in the first bet, and none taken after the last leave."""
    with pytest.raises(SetupError, match="every other player had left when she had taken 0"):
        play([player("A", out=True), player("B", out=True), player("C", tokens=(3, 2), hand="CD")])
    with pytest.raises(SetupError, match="every other player had left when she had taken 1"):
        play([player("A", out=True), player("B", out=True), player("C", tokens=(3,), out=True),
              player("D", tokens=(2, 4), hand="GH")])
    fine = play([player("A", out=True), player("B", out=True), player("D", tokens=(2, 4), hand="GH"),
                 player("C", tokens=(3,), out=True)])
    assert fine["alone"] == "D" and fine["moves"]["D"] == 6


@pytest.mark.parametrize("space", [0, 30, 41])
def test_a_round_starts_with_every_pawn_between_one_and_twenty_nine(space):
    """On 0 or from 30 the game ended with the round before (ruling W1)."""
    with pytest.raises(SetupError, match="a round starts with every pawn on a space from 1 to 29"):
        play([player("A", space, (2, 4), "CD"), player("B", 15, (3, 2), "GH"), player("C", out=True)])
