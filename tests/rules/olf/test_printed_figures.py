"""What the rulebook prints from the engine counts every rule that changes it: the Nemesis table
under each Nemesis's ability, the starting table's last row, and plurals written out."""

import pytest

from pnp.data.decks import load_game
from pnp.games import get_game
from pnp.games.olf.rulebook import describe, rulebook_context
from pnp.project import Project
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def context():
    project = Project.at(ROOT)
    return rulebook_context(load_game(project, get_game(project, "olf")))


def test_the_nemesis_table_counts_each_nemesis_s_ability(context):
    rows = {row["name"]: row["chances"] for row in context["nemesis_difficulty"]}
    assert rows["The Demon Lord"][2] == "29 %"                             # Bound: 70 % without it
    assert rows["The Clockwork Tyrant"] == ["26 %", "17 %", "11 %"]       # Precision: 40/30/22 % without it
    assert rows["The Plague Saint"][0] == "45 % (28 %)"    # Contagion, in a Party Challenge
    assert rows["The Drowned Queen"][0] == "59 % (44 %)"
    assert rows["The Drowned Queen"][2] == "27 %"                          # a Solo Challenge: no one before


def test_the_nemesis_table_is_ordered_by_skulls_with_each_ability_counted(context):
    """In every phase, each Nemesis Challenge is harder than any of a Nemesis with fewer skulls."""
    for phase in range(3):
        by_skulls: dict = {}
        for row in context["nemesis_difficulty"]:
            by_skulls.setdefault(row["skulls"], []).append(int(row["chances"][phase].split(" %")[0]))
        for fewer, more in zip(sorted(by_skulls), sorted(by_skulls)[1:]):
            assert max(by_skulls[more]) < min(by_skulls[fewer]), (phase, by_skulls)


def test_the_starting_table_runs_to_the_last_character(context):
    assert [row["characters"] for row in context["starts"]] == ["1", "2 or 3", "4 to 6"]
    assert context["starts"][-1]["heart"] == 3


def test_plurals_are_written_out():
    one = describe("start", {"characters": 1}, {"heart": 5, "power": 3, "soul": 0, "equipment": 2})
    three = describe("start", {"characters": 3}, {"heart": 4, "power": 3, "soul": 0, "equipment": 1})
    assert one.startswith("1 character: the character starts with 5 Heart, 3 Power, 0 Soul and 2 Starting Equipment cards.")
    assert three.startswith("3 characters: each starts with 4 Heart, 3 Power, 0 Soul and 1 Starting Equipment card.")
    assert "(s)" not in one + three


def test_the_odds_aid_has_a_row_for_every_target_list_a_nemesis_makes(context):
    rows = [tuple(row["targets"]) for row in context["odds"]["rows"]]
    assert (5, 4, 4) in rows                  # Bound on the Broken Seal
    assert (6, 5, 4, 4) not in rows           # Bound spares Slay Them!, All You've Got (ruling O7)
    assert (6, 5, 5) in rows                  # Precision on Slay Them!
    assert (6, 5) in rows                     # Precision on two 5s


def test_the_phase_table_counts_the_abilities_that_change_every_card(context):
    approach, lair, end = context["phase_difficulty"]
    for phase in (approach, lair):
        assert phase["under"]["Bound"] == phase["mean"]                 # Bound starts with End (III)
    assert end["under"]["Bound"] < end["mean"]
    assert all(p["under"]["Precision"] < p["mean"] for p in (approach, lair, end))
