"""Verdun's tricks: the worked examples (the source's four choices among them), illegal tactical
plays refused, and invariants over random tricks."""

import re
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from pnp.examples import load_example_file, run_examples
from pnp.rules.verdun.cards import CardError, troop
from pnp.rules.verdun.kinds import KINDS
from pnp.rules.verdun.trick import Play, TrickError, resolve
from tests.conftest import ROOT

TARGET = {"fortification": 3, "revealed": False, "asset": 7}


def test_every_example_agrees_with_the_engine():
    examples = [e for path in sorted((ROOT / "card_data" / "verdun" / "examples").glob("*.yaml"))
                for e in load_example_file(path, Path(path).name)]
    assert {"isabel-plays-the-general", "isabel-plays-german-5", "isabel-plays-french-13",
            "isabel-plays-the-french-spy"} <= {e.id for e in examples}
    outcomes = run_examples(examples, KINDS, {})
    assert [str(m) for o in outcomes for m in o.mismatches] == []


def _play(player, team, card, tactical=None):
    return Play(player, team, troop(card), tactical)


def test_reconnaissance_bars_the_other_side_s_tactical_cards():
    plays = [_play("A", "French", "XR"), _play("B", "German", "G7", "air_strike"),
             _play("C", "French", "F4"), _play("D", "German", "G10")]
    with pytest.raises(TrickError, match="Reconnaissance"):
        resolve("French", TARGET, plays)
    plays[1] = _play("B", "German", "G7")
    plays[2] = _play("C", "French", "F4", "air_strike")          # its own side may still play them
    assert resolve("French", TARGET, plays).totals["French"] == 15


def test_a_stratagem_answers_only_the_card_just_played():
    """Ruling D14: "as it is played". Answering Anne's Air Strike after Bruno's troop card is too
    late, with the troop card or on its own; right after it, it cancels the Air Strike."""
    late = [_play("A", "French", "F9", "air_strike"), _play("B", "German", "G7"),
            _play("C", "French", "F4"), _play("D", "German", "G10", "stratagem")]
    with pytest.raises(TrickError, match="no Tactical card to cancel"):
        resolve("French", TARGET, late)
    with pytest.raises(TrickError, match="no Tactical card to cancel"):
        resolve("French", TARGET, late[:2] + [Play("D", "German", None, "stratagem")])
    at_once = [late[0], Play("D", "German", None, "stratagem"), *late[1:3], _play("D", "German", "G10")]
    assert resolve("French", TARGET, at_once).totals == {"French": 13, "German": 17}
    with pytest.raises(TrickError, match="without a troop card"):
        resolve("French", TARGET, [late[0], Play("D", "German", None, "air_strike")])


def test_a_stratagem_written_with_its_troop_card_cannot_be_answered():
    """Ruling D14: a Stratagem written with a troop card is made just before that card; once the
    card is down it is too late to cancel the Stratagem. Two answers, each a play of its own, chain."""
    air = _play("B", "German", "G7", "air_strike")
    late = [_play("A", "French", "F9"), air, _play("C", "French", "F4", "stratagem"),
            _play("D", "German", "G10", "stratagem")]
    with pytest.raises(TrickError, match="too late"):
        resolve("French", TARGET, late)
    with pytest.raises(TrickError, match="too late"):
        resolve("French", TARGET, late[:3] + [Play("D", "German", None, "stratagem"), _play("D", "German", "G10")])
    chained = [late[0], air, Play("C", "French", None, "stratagem"), Play("D", "German", None, "stratagem"),
               _play("C", "French", "F4"), _play("D", "German", "G10")]
    assert resolve("French", TARGET, chained).totals == {"French": 13, "German": 20}


def test_a_trick_holds_four_troop_cards_at_most():
    """Four troop cards make a trick, in 1v1 too; Stratagem answers are not troop cards."""
    four = [_play("A", "French", "F9", "air_strike"), Play("B", "German", None, "stratagem"),
            _play("B", "German", "G7"), _play("C", "French", "F4"), _play("D", "German", "G10")]
    assert resolve("French", TARGET, four).totals == {"French": 13, "German": 17}
    with pytest.raises(TrickError, match="4 troop cards"):
        resolve("French", TARGET, four + [_play("A", "French", "F5")])


def test_a_stratagem_needs_a_card_to_cancel_and_cards_are_read_strictly():
    with pytest.raises(TrickError, match="Stratagem"):
        resolve("French", TARGET, [_play("A", "French", "F9", "stratagem")])
    with pytest.raises(TrickError, match="Stratagem"):
        resolve("French", TARGET, [Play("A", "French", None, "stratagem")])
    for bad in ("F1", "F14", "XG:14", "XS", "FG:7", "FC", "X5", "Z3"):
        with pytest.raises(CardError):
            troop(bad)


CARDS = st.sampled_from([f"{side}{rank}" for side in "FG" for rank in range(2, 14)] + ["FS", "GS", "FG:14", "GG:1"])


@given(st.lists(CARDS, min_size=4, max_size=4), st.integers(0, 7), st.booleans())
def test_a_plain_trick_loses_one_card_each_side_or_ties(cards, fortification, attackers_french):
    teams = ["French", "German", "French", "German"]
    plays = [_play(f"P{i}", team, card) for i, (team, card) in enumerate(zip(teams, cards))]
    attackers = "French" if attackers_french else "German"
    outcome = resolve(attackers, {"fortification": fortification, "revealed": False, "asset": 5}, plays)
    sides = {play.card.side for play in plays}
    lost = sum(len(cards) for cards in outcome.casualties.values())
    if len(sides) == 1:
        assert lost == 0                                  # one colour: no battle, no casualties
    else:
        assert all(outcome.casualties[side] for side in ("French", "German"))
    assert outcome.overrun == (outcome.winner == attackers)
    assert (outcome.captured is not None) == outcome.overrun
    assert outcome.tactical_award or lost == 4
    assert {side: sum(values) for side, values in outcome.parts.items()} == outcome.totals   # the sums printed


def test_every_trick_rule_has_an_example():
    """Each tactical card, each weather, each special troop, a reveal, an overrun, a tie and a
    battle-free trick appear among the worked examples (files and rulebook)."""
    import yaml

    from pnp.rules.verdun.trick import TACTICAL, WEATHER

    tricks = []
    for path in sorted((ROOT / "card_data" / "verdun" / "examples").glob("*.yaml")):
        tricks += [e for e in yaml.safe_load(path.read_text()) if e["kind"] == "trick"]
    tacticals = {p.get("tactical") for e in tricks for p in e["setup"]["plays"]} - {None}
    weathers = {e["setup"].get("weather") for e in tricks} - {None}
    cards = {str(p["card"]) for e in tricks for p in e["setup"]["plays"] if "card" in p}
    assert tacticals == set(TACTICAL)
    assert weathers == set(WEATHER)
    assert {"XC", "XR"} <= cards and any(c.endswith("S") for c in cards) and any(":1" in c[-2:] for c in cards)
    assert any(":14" in c for c in cards)
    expects = [e["expect"] for e in tricks]
    assert any(x.get("overrun") for x in expects) and any(x.get("fortification_revealed") for x in expects)
    assert any(e["setup"]["target"].get("revealed") for e in tricks)


@pytest.mark.parametrize("plays, attackers, said", [
    # a player plays two troop cards in a row, 2v2: the turn passes clockwise, once each
    ([("A", "French", "F9"), ("B", "German", "G9"), ("B", "German", "G8"), ("C", "French", "F5")], "French",
     "play 3 (B): a second troop card from B"),
    # a trick is resolved once four troop cards are down, of cards the deck holds
    ([("A", "French", "F9"), ("B", "German", "G9")], "French", "2 troop cards"),
    ([("A", "French", "F13"), ("B", "German", "F13"), ("C", "French", "F13"), ("D", "German", "G8")], "French",
     "F13 played 3 times"),
    # 1v1: the two players alternate, each fielding two troop cards (ruling D10)
    ([("A", "French", "F9"), ("A", "French", "F8"), ("B", "German", "G9"), ("B", "German", "G8")], "French",
     "play 2 (A): it is B's turn"),
    # teammates sit diagonally opposite: two of one side never play one after the other
    ([("A", "French", "F9"), ("C", "French", "F8"), ("B", "German", "G9"), ("D", "German", "G8")], "French",
     "both French"),
    # the Lead, on the attacking side, plays first
    ([("B", "German", "G9"), ("A", "French", "F9"), ("D", "German", "G8"), ("C", "French", "F8")], "French",
     "attacking side"),
])
def test_a_trick_no_table_could_play_is_refused_at_its_plays(plays, attackers, said):
    from pnp.rules.kinds import SetupError

    setup = {"attackers": attackers, "target": TARGET,
             "plays": [{"player": p, "team": t, "card": c} for p, t, c in plays]}
    with pytest.raises(SetupError, match=re.escape(said)) as error:
        KINDS["trick"].compute(setup, {})
    assert error.value.field == "plays"
