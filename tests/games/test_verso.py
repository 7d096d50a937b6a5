"""Verso: the generated deck keeps every pair rule and the stated balance; the engine's series
agree with the rule written longhand over every set of faces; the solo game is reproducible."""

from itertools import combinations, product
from random import Random

from pnp.rules.verso.components import COLOURS, SERIES_MAX, SERIES_MIN, VALUES
from pnp.rules.verso.deck import backs, balance, generate_deck, pair_problems
from pnp.rules.verso.faces import Face, card_from, neighbours, parse_face
from pnp.rules.verso.series import evaluate_series
from pnp.rules.verso.simulate import simulate
from pnp.rules.verso.solo import play
from pnp.rules.verso.strategy import Baseline
from pnp.rules.verso.table import flip_target
from tests.conftest import ROOT, run_pnp


def test_the_committed_deck_is_the_generators():
    import importlib.util

    spec = importlib.util.spec_from_file_location("generate", ROOT / "scripts" / "generate_verso_deck.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert (ROOT / "card_data" / "verso" / "cards.csv").read_text() == module.deck_csv()


def test_every_card_keeps_the_pair_rules():
    for card in generate_deck():
        a, b = card.recto, card.verso
        assert a.colour != b.colour and {a.points, b.points} == {1, 3}
        assert (a.joker and b.joker) or (not a.joker and not b.joker and b.value in neighbours(a.value))
        assert pair_problems(card) == []


def test_the_deck_is_as_even_as_stated():
    stats = balance(generate_deck())
    assert stats["faces"] == 180
    assert stats["colours"] == {"blue": 60, "green": 60, "orange": 60}
    assert stats["values"] == {"*": 18, **{str(v): 27 for v in VALUES}}
    assert stats["points"] == {"1": 90, "3": 90}
    assert stats["colour_value"] == [9]                 # each colour has each value on 9 faces
    assert stats["colour_value_points"] == [3, 4, 5]    # jokers 3, numbers 4 or 5 at each points
    assert stats["distinct_cards"] == 21


def test_a_face_always_has_the_same_back():
    found = {}
    for card in generate_deck():
        for front, back in ((card.recto, card.verso), (card.verso, card.recto)):
            assert found.setdefault(front, back) == back


def test_a_hand_edited_face_is_named_with_its_rule(project_copy):
    data = project_copy / "card_data" / "verso" / "cards.csv"
    lines = data.read_text().splitlines()
    lines[1] = "v01,blue,1,1,blue,6,3"                       # same colour on both faces
    lines[2] = "v02,orange,6,3,blue,3,1"                     # 6 and 3 are not neighbours
    data.write_text("\n".join(lines) + "\n")
    result = run_pnp("check", "verso", "--project", str(project_copy))
    assert result.exit_code == 2
    assert "card_data/verso/cards.csv:2: card v01" in result.output and "never share a colour" in result.output
    assert "card_data/verso/cards.csv:3: card v02" in result.output and "one apart" in result.output


def _longhand_series(faces: list[Face]) -> bool:
    """The rule as the source states it, checked by trying every value for every joker."""
    if not SERIES_MIN <= len(faces) <= SERIES_MAX or len({f.colour for f in faces}) != 1:
        return False
    if all(f.joker for f in faces):
        return False
    jokers = [i for i, f in enumerate(faces) if f.joker]
    for values in product(VALUES, repeat=len(jokers)):
        chosen = [f.value for f in faces]
        for index, value in zip(jokers, values):
            chosen[index] = value
        ordered = sorted(chosen)
        if all(b - a == 1 for a, b in zip(ordered, ordered[1:])):
            return True
    return False


def test_series_agree_with_the_rule_over_every_set_of_one_colours_faces():
    faces = [Face("blue", v, p) for v in (*VALUES, None) for p in (1, 3)]
    checked = 0
    for size in range(1, SERIES_MAX + 2):
        for chosen in combinations(faces, size):
            result = evaluate_series(list(chosen))
            assert result.valid == _longhand_series(list(chosen)), chosen
            if result.valid:
                assert result.points == sum(f.points for f in chosen)
                assert len(result.discard) == 2
                stand = dict(zip(chosen, result.standing))
                kept = [stand[f] for f in chosen if f not in result.discard]
                assert all(stand[d] > k for d in result.discard for k in kept)
            checked += 1
    assert checked == 9907             # every set of 1 to 7 of the 14 faces


def test_the_turned_card_is_the_largest_of_its_colour():
    rng = Random(3)
    universe = [Face(c, v, p) for c in COLOURS for v in (*VALUES, None) for p in (1, 3)]
    for _ in range(3000):
        table = rng.sample(universe, rng.randint(0, 10))
        colour = rng.choice(COLOURS)
        target = flip_target(table, colour)
        mine = [f for f in table if f.colour == colour]
        numbered = [f for f in mine if not f.joker]
        if numbered:
            assert not target.joker and target.value == max(f.value for f in numbered)
        elif len(mine) == 1:
            assert target == mine[0]
        else:
            assert target is None


def test_solo_games_keep_the_rules_and_are_reproducible():
    cards = generate_deck()
    faces = backs(cards)
    for seed in range(40):
        game = play(cards, faces, Baseline(), Random(seed))
        shown = game.table.faces
        assert len(set(shown)) == len(shown)              # no two identical faces ever stay
        assert not game.pile
    assert simulate(cards, 300, 7) == simulate(cards, 300, 7)
    assert simulate(cards, 300, 7) != simulate(cards, 300, 8)


def test_faces_read_and_print_the_same():
    for text in ("blue 3/1", "orange */3", "green 6/3"):
        assert str(parse_face(text)) == text
    card = card_from({"id": "x", "recto_colour": "blue", "recto_value": "*", "recto_points": "1",
                      "verso_colour": "green", "verso_value": "*", "verso_points": "3"})
    assert card.recto.joker and card.other(card.recto) == card.verso


def test_simulate_from_the_command_line():
    result = run_pnp("simulate", "verso", "--solo", "--games", "200", "--seed", "2", "--json", "--project", str(ROOT))
    assert result.exit_code == 0, result.output
    assert '"games": 200' in result.output and '"ladder"' in result.output
