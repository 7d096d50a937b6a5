"""The challenge deck: 29 cards, phase by phase, for any seed; the party's resources."""

from random import Random

import pytest
from hypothesis import given, strategies as st

from pnp.rules.olf.components import PHASES
from pnp.rules.olf.deck import build_deck, phase_sizes
from pnp.rules.olf.dice import RulesError
from pnp.rules.olf.party import buy_power, change, new_character, starting

CHALLENGES = {"approach": [f"a{i}" for i in range(16)], "lair": [f"l{i}" for i in range(15)],
              "end": [f"e{i}" for i in range(10)]}
MOMENTS = [f"m{i}" for i in range(12)]


@given(st.integers(0, 2**31))
def test_any_seed_builds_29_cards_in_phase_order(seed):
    deck = build_deck(CHALLENGES, MOMENTS, Random(seed))
    assert len(deck) == 29
    assert [card.phase for card in deck] == ["approach"] * 10 + ["lair"] * 12 + ["end"] * 6 + ["slay"]
    for phase, count, nemesis, moments in PHASES:
        cards = [c for c in deck if c.phase == phase]
        assert sum(c.kind == "challenge" for c in cards) == count
        assert sum(c.kind == "nemesis" for c in cards) == nemesis
        assert sum(c.kind == "moment" for c in cards) == moments
        assert all(c.id in CHALLENGES[phase] for c in cards if c.kind == "challenge")
    ids = [c.id for c in deck if c.kind in ("challenge", "moment")]
    assert len(ids) == len(set(ids))
    assert deck[-1].kind == "slay"
    assert phase_sizes() == [10, 12, 6, 1]


def test_starting_resources_by_party_size():
    assert [starting(n)["heart"] for n in (1, 2, 3, 4, 5, 6)] == [5, 4, 4, 3, 3, 3]
    assert [starting(n)["equipment"] for n in (1, 2, 3, 4, 5, 6)] == [2, 1, 1, 1, 1, 1]
    assert all(starting(n)["power"] == 3 and starting(n)["soul"] == 0 for n in (1, 2, 3, 4, 5, 6))


def test_caps_soul_and_facing_death():
    hero = new_character("Freya", 3)
    assert change(hero, heart=5).heart == 4                 # never above the start
    assert change(hero, power=9).power == 5                 # never above five
    rich = change(hero, soul=7)
    assert buy_power(rich, 1).soul == 4 and buy_power(rich, 1).power == 4
    with pytest.raises(RulesError):
        buy_power(rich, 3)                                  # 9 Soul needed
    dead = change(rich, heart=-4)
    assert not dead.alive and dead.power == 0 and dead.soul == 0
    with pytest.raises(RulesError):
        change(dead, heart=1)


def test_nemesis_challenges_are_harder_than_their_phase_and_skulls_rank_them():
    """The source: Nemesis Challenges are "slightly more difficult" than their phase's; and a
    Nemesis with more skulls is harder. Measured with the engine's exact odds, under each Nemesis's
    ability."""
    import yaml

    from pnp.rules.olf.difficulty import mean_chance, nemesis_chance, phase_table
    from tests.conftest import ROOT

    folder = ROOT / "card_data" / "olf"
    load = lambda name: yaml.safe_load((folder / name).read_text())       # noqa: E731
    heroes = [c["symbols"] for c in load("characters.yaml")]
    items = [c["symbols"] for c in load("equipment.yaml")]
    averages = {phase: mean_chance(phase_table(load(f"{phase}.yaml"), heroes, items)) for phase in ("approach", "lair", "end")}
    by_skulls: dict = {}
    for nemesis in load("nemeses.yaml"):
        chances = [float(nemesis_chance(nemesis["ability_name"], p, nemesis[f"{p}_symbols"], nemesis[f"{p}_targets"],
                                        heroes, items)) for p in averages]
        assert all(chance < averages[p] for chance, p in zip(chances, averages)), nemesis["id"]
        by_skulls.setdefault(nemesis["skulls"], []).append(sum(chances) / 3)
    easiest = {skulls: min(values) for skulls, values in by_skulls.items()}
    hardest = {skulls: max(values) for skulls, values in by_skulls.items()}
    assert hardest[2] < easiest[1] and hardest[3] < easiest[2]
