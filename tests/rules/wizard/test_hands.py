"""Hand values: the rulebook's examples, every power by hand, and the engine against an
independently written brute force over random 4-card sets."""

from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from pnp.rules.wizard.cards import POWER_TYPES, POWERS, TYPES, card_from
from pnp.rules.wizard.hands import best_combination


def cards(**defs):
    return {name: card_from(name, d) for name, d in defs.items()}


def best(hand, common, pool):
    found = best_combination([pool[i] for i in hand], [pool[i] for i in common])
    return [c.id for c in found.cards], found.value


def test_the_rulebooks_two_examples():
    lana = cards(A={"type": "creature", "value": 4}, B={"type": "spell", "value": 8},
                 C={"type": "caster", "value": 4}, D={"type": "caster", "value": 3})
    assert best("CD", "AB", lana) == (["C", "A", "B"], 16)
    elodie = cards(A={"type": "creature", "value": 4}, B={"type": "spell", "value": 8},
                   C={"type": "creature", "value": 5}, D={"type": "spell", "value": 7})
    assert best("CD", "AB", elodie) == (["C", "A"], 9)


def test_each_power_by_hand():
    pool = cards(
        S1={"type": "creature", "value": 2, "power": "skeleton"}, S2={"type": "creature", "value": 3, "power": "skeleton"},
        HA={"type": "creature", "value": 3, "power": "harpy"}, CR={"type": "creature", "value": 1},
        WI={"type": "caster", "value": 2, "power": "witch"}, WA={"type": "spell", "value": 2, "power": "wave"},
        DU={"type": "creature", "value": 4, "power": "dullahan"}, SP={"type": "spell", "value": 1},
        GK={"type": "creature", "value": 2, "power": "goblin_king"}, GO={"type": "creature", "value": 1, "tags": ["goblin"]},
        DR={"type": "creature", "value": 4, "power": "dragon"}, CA={"type": "caster", "value": 1},
        PY={"type": "caster", "value": 3, "power": "pyromancer"}, FL={"type": "spell", "value": 2, "tags": ["flame"]},
        FO={"type": "spell", "value": 1, "power": "fortify"}, ST={"type": "spell", "value": 2, "power": "storm"},
        DE={"type": "caster", "value": 2, "power": "demonist"}, LI={"type": "caster", "value": 2, "power": "lich"},
    )
    assert best(["S1", "S2"], ["CR", "SP"], pool)[1] == 2 + 3 + 3 + 3 + 1         # the pair, +3 each
    assert best(["HA", "CR"], ["GO", "SP"], pool)[1] == 3 + 5 + 1 + 1              # two other creatures
    assert best(["WI", "WA"], ["CR", "SP"], pool)[1] == 2 + 3 + 2 + 2 + 1          # witch and wave with a creature
    assert best(["DU", "CA"], ["SP", "CR"], pool)[1] == 4 + 2 + 1 + 1              # dullahan with a spell
    assert best(["GK", "GO"], ["CR", "SP"], pool)[1] == 2 + 6 + 1 + 1              # one goblin: +6
    assert best(["DR", "CA"], ["CR", "SP"], pool)[1] == 4 + 2 + 1 + 1              # dragon with a caster: +2 (spell 1)
    assert best(["PY", "FL"], ["CR", "CA"], pool)[1] == 3 + 4 + 2 + 1              # pyromancer with a flame
    fortified = best_combination([pool["FO"], pool["DR"]], [pool["CA"], pool["SP"]])
    assert (fortified.value, fortified.fortified) == (1 + 4 * 3 + 2 + 1, "DR")     # base tripled, then +2
    assert best(["ST", "CA"], ["PY", "CR"], pool)[1] == 2 + 5 + 1 + 3              # storm with two casters
    assert best(["DE", "SP"], ["FL", "CR"], pool)[1] == 2 + 1 + 2                  # two spells with the Demonist
    assert best(["LI", "SP"], ["FL", "CR"], pool)[1] == 2 + 1 + 2
    assert best(["CA", "SP"], ["FL", "CR"], pool)[1] == 1 + 2 + 1                  # one spell otherwise


# --- brute force, written independently: every subset, every Fortify target, rules as a table ---

def brute_value(chosen):
    casters = [c for c in chosen if c.type == "caster"]
    spells = [c for c in chosen if c.type == "spell"]
    limit = 0 if not casters else (2 if any(c.power in ("demonist", "lich") for c in casters) else 1)
    if len(spells) > limit:
        return None
    outcomes = []
    creatures_in = [c for c in chosen if c.type == "creature"]
    for target in [None] + (creatures_in if any(c.power == "fortify" for c in chosen) else []):
        total = 0
        for card in chosen:
            rest = [c for c in chosen if c is not card]
            n_creatures = len([c for c in rest if c.type == "creature"])
            bonus = {
                "skeleton": 3 if len([c for c in chosen if c.power == "skeleton"]) >= 2 else 0,
                "harpy": 5 if n_creatures >= 2 else 0,
                "witch": 3 if n_creatures >= 1 else 0,
                "wave": 2 if n_creatures >= 1 else 0,
                "dullahan": 2 if any(c.type == "spell" for c in rest) else 0,
                "goblin_king": 6 * len([c for c in rest if "goblin" in c.tags]),
                "dragon": 2 if any(c.type == "caster" for c in rest) else 0,
                "pyromancer": 4 if any("flame" in c.tags for c in rest) else 0,
                "storm": 5 if len([c for c in rest if c.type == "caster"]) >= 2 else 0,
            }.get(card.power, 0)
            total += card.value * (3 if card is target else 1) + bonus
        outcomes.append(total)
    return max(outcomes)


def brute_best(four):
    values = [brute_value(list(chosen)) for size in range(4) for chosen in combinations(four, size)]
    return max(v for v in values if v is not None)


card_data = st.sampled_from(TYPES).flatmap(lambda kind: st.fixed_dictionaries({
    "type": st.just(kind), "value": st.integers(0, 12),
    "power": st.one_of(st.none(), st.sampled_from([p for p in POWERS if POWER_TYPES[p] == kind])),
    "tags": st.lists(st.sampled_from(["goblin", "flame"]), max_size=2, unique=True)}))


@given(st.lists(card_data, min_size=4, max_size=4))
def test_the_best_combination_equals_brute_force(defs):
    four = [card_from(f"c{i}", d) for i, d in enumerate(defs)]
    found = best_combination(four[:2], four[2:])
    assert found.value == brute_best(four)
    assert brute_value(list(found.cards)) == found.value
