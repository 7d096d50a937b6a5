"""One Last Fight as built so far: both card sizes and the nemeses' own backs measured from the
PDFs, the odds aid's table from the engine, and pnp check's exit statuses."""

from fractions import Fraction

import pikepdf
import pytest

from pnp.data.decks import load_game
from pnp.games import get_game
from pnp.games.olf.aid import odds_context, percent, target_lists
from pnp.project import Project
from pnp.rules.olf.odds import success_chance
from tests.conftest import ROOT, made_once, run_pnp
from tests.pdf_measure import MM, placements

TOLERANCE_MM = 0.1


@pytest.fixture(scope="module")
def built_olf(tmp_path_factory):
    def make(folder):
        result = run_pnp("build", "olf", "--out", str(folder / "a4"), "--project", str(ROOT))
        assert result.exit_code == 0, result.output

    return made_once(tmp_path_factory, "olf", make) / "a4"


def _trim_sizes(path) -> set:
    sizes = set()
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            for placed in placements(page):
                x0, y0, x1, y1 = placed.box
                sizes.add((round((x1 - x0) / MM, 1), round((y1 - y0) / MM, 1)))
    return sizes


@pytest.mark.parametrize("deck, size", [("characters", (70, 120)), ("nemeses", (70, 120)), ("approach", (63, 88)),
                                        ("loot", (63, 88)), ("moments", (63, 88)), ("odds-aids", (105, 148))])
def test_each_card_type_prints_at_its_size(built_olf, deck, size):
    bleed = {"odds-aids": 3.0}.get(deck, 3.0)
    sizes = _trim_sizes(built_olf / f"{deck}.pdf")
    assert len(sizes) == 1
    width, height = sizes.pop()
    assert abs(width - (size[0] + 2 * bleed)) <= TOLERANCE_MM and abs(height - (size[1] + 2 * bleed)) <= TOLERANCE_MM


def test_each_nemesis_back_lands_behind_its_front(built_olf):
    with pikepdf.open(built_olf / "nemeses.pdf") as pdf:
        width = float(pdf.pages[0].mediabox[2])
        for sheet in range(len(pdf.pages) // 2):
            fronts = {p.name.removeprefix("/Card"): p for p in placements(pdf.pages[2 * sheet])}
            backs = {p.name.removeprefix("/Back"): p for p in placements(pdf.pages[2 * sheet + 1])}
            assert fronts.keys() == backs.keys()
            for index, front in fronts.items():
                back = backs[index]
                assert abs((width - back.centre[0]) - front.centre[0]) / MM < TOLERANCE_MM
                assert abs(back.centre[1] - front.centre[1]) / MM < TOLERANCE_MM


def test_the_odds_aid_prints_the_engine_s_fractions():
    project = Project.at(ROOT)
    loaded = load_game(project, get_game(project, "olf"))
    table = odds_context(loaded)["odds"]
    lists = target_lists(loaded)
    assert (4,) in lists and (4, 4) in lists and len(lists) == len(table["rows"])
    # A Nemesis's ability meets only its own Nemesis Challenges: Bound makes 5, 4, 4 of the Broken
    # Seal and spares Slay Them! (All You've Got, ruling O7); Precision never meets the Drowned
    # Queen's 5, 5, 4.
    assert (5, 4, 4) in lists and (6, 5, 4, 4) not in lists and (5, 5, 5) not in lists
    for row in table["rows"]:
        assert row["cells"] == [percent(success_chance(dice, row["targets"])) for dice in range(1, 9)]
    assert percent(Fraction(7, 8)) == "88%" and percent(Fraction(0)) == "–" and percent(Fraction(1, 1000)) == "<1%"


def test_check_exits_1_on_a_wrong_example_and_2_on_a_broken_card_file(project_copy):
    examples = project_copy / "card_data" / "olf" / "examples" / "rules.yaml"
    examples.write_text(examples.read_text().replace("expect: {success: 7/8}", "expect: {success: 3/4}"))
    result = run_pnp("check", "olf", "--project", str(project_copy))
    assert result.exit_code == 1 and "odds-of-freya" in result.output
    cards = project_copy / "card_data" / "olf" / "approach.yaml"
    cards.write_text(cards.read_text().replace("  - 4\n", "  - 7\n", 1))
    result = run_pnp("check", "olf", "--project", str(project_copy))
    assert result.exit_code == 2 and "card_data/olf/approach.yaml:" in result.output and "targets" in result.output
    cards.write_text(cards.read_text().replace("  - 7\n", "  - 4\n", 1))
    # Insight on a card other than Slay Them!: no game rolls it (issue 47)
    examples.write_text(examples.read_text().replace("challenge: all, phase: slay, symbols", "challenge: all, phase: end, symbols"))
    result = run_pnp("check", "olf", "--project", str(project_copy))
    assert result.exit_code == 2 and "examples/rules.yaml:11" in result.output and "Slay Them! only" in result.output, result.output


def test_each_die_net_has_six_equal_square_faces(built_olf):
    import pdfplumber

    with pdfplumber.open(built_olf / "dice.pdf") as pdf:
        nets = 0
        for page in pdf.pages:
            faces = {(round(r["x0"] / MM, 1), round(r["top"] / MM, 1)): (r["width"] / MM, r["height"] / MM)
                     for r in page.rects if abs(r["width"] / MM - 16) < 0.2}   # the face (its fill is inset)
            outlines = [r for r in page.rects if abs(r["width"] / MM - 66) < 0.2 and abs(r["height"] / MM - 82) < 0.2]
            assert len(faces) == 6 * len(outlines)
            for width, height in faces.values():
                assert abs(width - 16) <= TOLERANCE_MM and abs(height - 16) <= TOLERANCE_MM
            nets += len(outlines)
    assert nets == 28                     # 8 Challenge dice and 5 each of the four resource dice


def test_the_simulation_is_reproducible_and_plays_the_nemesis_named():
    """The ranking by skulls is held at every party size by tests/rules/olf/test_tune.py."""
    project = Project.at(ROOT)
    game = get_game(project, "olf")
    loaded = load_game(project, game)
    first = game.simulator(loaded, games=30, party=3, seed=4)
    assert first == game.simulator(loaded, games=30, party=3, seed=4)
    assert [row["id"] for row in first["nemeses"]] == ["demon-lord", "drowned-queen", "hollow-king",
                                                        "plague-saint", "clockwork-tyrant", "ash-wyrm"]
    one = game.simulator(loaded, games=30, party=3, nemesis="ash-wyrm", seed=4)
    assert [row["id"] for row in one["nemeses"]] == ["ash-wyrm"]


def test_a_result_the_engine_cannot_play_is_named(project_copy):
    cards = project_copy / "card_data" / "olf" / "approach.yaml"
    cards.write_text(cards.read_text().replace("success: Gain 1 Power.", "success: Gains a power, maybe.", 1))
    result = run_pnp("check", "olf", "--project", str(project_copy))
    assert result.exit_code == 2 and "approach.yaml:" in result.output and "reads like an effect" in result.output


def test_simulate_from_the_command_line_refuses_an_unknown_nemesis():
    result = run_pnp("simulate", "olf", "--nemesis", "dragon", "--games", "5", "--project", str(ROOT))
    assert result.exit_code == 2 and "demon-lord" in result.output


def _die_face_mm(built_olf) -> float:
    """The side of the game's own fold-up die, measured on its nets: the square every net has six of."""
    import pdfplumber
    from collections import Counter

    with pdfplumber.open(built_olf / "dice.pdf") as pdf:
        sides = Counter(round(r["width"] / MM, 1) for r in pdf.pages[0].rects
                        if 10 < r["width"] / MM < 30 and abs(r["width"] - r["height"]) / MM < 0.1)
    return sides.most_common(1)[0][0]


def test_each_character_resource_box_holds_the_game_s_own_die(built_olf):
    import pdfplumber

    face = _die_face_mm(built_olf)
    project = Project.at(ROOT)
    characters = next(d for d in load_game(project, get_game(project, "olf")) if d.deck.key == "characters").cards
    expected = sum(3 + (1 if card.uses else 0) for card in characters)   # Heart, Power, Soul, and Uses
    insides = []
    with pdfplumber.open(built_olf / "characters.pdf") as pdf:
        for page in pdf.pages[::2]:                                       # the face sheets
            # each box's border is drawn as a filled ring: an outer and an inner square on one centre
            # (a portrait of about the size is one path, with no ring around it)
            squares = [((c["x0"] + c["x1"]) / 2 / MM, (c["top"] + c["bottom"]) / 2 / MM, (c["x1"] - c["x0"]) / MM)
                       for c in page.curves if abs((c["x1"] - c["x0"]) - (c["bottom"] - c["top"])) / MM < 0.1
                       and face - 2 < (c["x1"] - c["x0"]) / MM < face + 6]
            insides += [round(side, 1) for x, y, side in squares
                        if any(abs(x - x2) < 0.2 and abs(y - y2) < 0.2 and 0.1 < size - side < 1.5
                               for x2, y2, size in squares)]
    assert len(insides) == expected
    assert all(face + 1 <= side <= face + 4 for side in insides), (face, insides)


def test_nemeses_loot_and_equipment_each_have_their_own_picture():
    project = Project.at(ROOT)
    decks = {d.deck.key: d.cards for d in load_game(project, get_game(project, "olf"))}
    symbols = {"crown", "key", "magic-swirl", "shield", "broadsword"}        # the attribute icons
    nemeses = [card.art for card in decks["nemeses"]]
    items = [card.art for card in decks["loot"] + decks["equipment"]]
    assert len(set(nemeses)) == len(nemeses) == 6
    assert len(set(items)) == len(items) and not set(items) & symbols
    credits = (ROOT / "layouts" / "icons" / "credits.yaml").read_text()
    for art in nemeses + items:
        assert (ROOT / "layouts" / "icons" / f"{art}.svg").is_file() and f"\n{art}:\n" in credits


def test_the_challenge_deck_wears_one_back_and_loot_and_equipment_differ_at_a_glance():
    """Each deck's back, rendered: every card that goes into the Challenge Deck (the phases, the
    Nemesis Challenges, Moments, Slay Them!) shows the same back, so the deck never tells what
    comes next; Loot, Starting Equipment and the Challenge Deck have grounds far apart in colour."""
    import pypdfium2 as pdfium

    from pnp.build import render_cards

    project = Project.at(ROOT)
    game = get_game(project, "olf")
    loaded = {d.deck.key: d for d in load_game(project, game)}
    backs = {}
    for key in ("approach", "lair", "end", "slay-them", "nemesis-challenges", "moments", "loot", "equipment"):
        document = pdfium.PdfDocument(render_cards(project, game, loaded[key]))
        backs[key] = document[len(document) - 1].render(scale=20 / 72).to_pil().convert("RGB")
    challenge_deck = [backs[key].tobytes() for key in ("approach", "lair", "end", "slay-them", "nemesis-challenges",
                                                       "moments")]
    assert len(set(challenge_deck)) == 1
    grounds = {key: backs[key].getpixel((backs[key].width // 2, 2)) for key in ("approach", "loot", "equipment")}
    colours = list(grounds.values())
    for index, first in enumerate(colours):
        for second in colours[index + 1:]:
            assert sum((a - b) ** 2 for a, b in zip(first, second)) ** 0.5 > 40, grounds
