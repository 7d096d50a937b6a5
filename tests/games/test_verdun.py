"""Verdun as printed: every piece measured from its PDF on A4 and Letter, the Mud and Blood module
built only on request, the decks the data holds equal to the engine's, and pnp check's exits."""

import shutil
from collections import Counter

import pikepdf
import pytest

from pnp.data.decks import load_game
from pnp.games import get_game
from pnp.games.verdun import engine_card
from pnp.project import Project
from pnp.rules.verdun import components
from pnp.rules.verdun.deck import short_deck, standard_deck
from tests.conftest import ROOT, copy_project, made_once, run_pnp
from tests.pdf_measure import MM, placements

TOLERANCE_MM = 0.1
BASE_FILES = {"troops.pdf", "tactical.pdf", "assets.pdf", "fortifications.pdf", "tactical-references.pdf",
              "references.pdf", "assault-token.pdf", "score-pads.pdf", "rulebook.pdf"}
MODULE_FILES = {"mud-and-blood-weather.pdf", "mud-and-blood-weather-changes.pdf", "mud-and-blood-references.pdf"}
SIZES = {"troops": (63, 88, 3), "tactical": (63, 88, 3), "assets": (63, 88, 3), "fortifications": (30, 30, 2),
         "tactical-references": (63, 88, 3), "references": (63, 88, 3), "assault-token": (36, 36, 2),
         "score-pads": (130, 190, 0), "mud-and-blood-weather": (63, 88, 3),
         "mud-and-blood-weather-changes": (63, 88, 3), "mud-and-blood-references": (63, 88, 3)}
PAPERS_PT = {"a4": (595.28, 841.89), "letter": (612, 792)}


@pytest.fixture(scope="module", params=["a4", "letter"])
def built_verdun(request, tmp_path_factory):
    """Verdun with its module on a paper, built once per run; on Letter without its rulebook (the
    pieces' sizes are what these tests read; a rulebook on Letter is laid out by Verset's build in
    tests/test_build.py)."""
    def make(folder):
        root = ROOT
        if request.param != "a4":
            root = copy_project(folder / "project", games=("verdun",))
            shutil.rmtree(root / "card_data" / "verdun" / "rulebook")
        result = run_pnp("build", "verdun", "--paper", request.param, "--module", "mud-and-blood",
                         "--out", str(folder / "out"), "--project", str(root))
        assert result.exit_code == 0, result.output

    return request.param, made_once(tmp_path_factory, f"verdun-{request.param}", make) / "out"


@pytest.mark.parametrize("built_verdun", ["a4"], indirect=True)       # which files come is the same on any paper
def test_the_module_s_files_come_only_with_the_module(built_verdun, tmp_path):
    paper, target = built_verdun
    assert {p.name for p in target.glob("*.pdf")} == BASE_FILES | MODULE_FILES
    plain = tmp_path / "plain"
    result = run_pnp("build", "verdun", "--paper", paper, "--out", str(plain), "--project", str(ROOT))
    assert result.exit_code == 0, result.output
    assert {p.name for p in plain.glob("*.pdf")} == BASE_FILES
    for name in BASE_FILES:                     # the module changes none of the game's own files
        assert (plain / name).read_bytes() == (target / name).read_bytes()


def test_an_unknown_module_is_refused_naming_the_game_s(tmp_path):
    result = run_pnp("build", "verdun", "--module", "trenches", "--out", str(tmp_path / "x"), "--project", str(ROOT))
    assert result.exit_code == 2 and "mud-and-blood" in result.output and not (tmp_path / "x").exists()
    result = run_pnp("build", "verset", "--module", "mud-and-blood", "--out", str(tmp_path / "y"),
                     "--project", str(ROOT))
    assert result.exit_code == 2 and "no modules" in result.output


@pytest.mark.parametrize("deck", sorted(SIZES))
def test_every_piece_prints_at_its_size_on_the_paper(built_verdun, deck):
    paper, target = built_verdun
    width, height, bleed = SIZES[deck]
    with pikepdf.open(target / f"{deck}.pdf") as pdf:
        sizes = set()
        for page in pdf.pages:
            box = [float(v) for v in page.mediabox]
            assert {round(box[2] - box[0], 1), round(box[3] - box[1], 1)} == {round(v, 1) for v in PAPERS_PT[paper]}
            for placed in placements(page):
                x0, y0, x1, y1 = placed.box
                sizes.add((round((x1 - x0) / MM, 1), round((y1 - y0) / MM, 1)))
                assert x0 >= -0.01 and y0 >= -0.01 and x1 <= box[2] + 0.01 and y1 <= box[3] + 0.01
    assert len(sizes) == 1
    found = sizes.pop()
    assert abs(found[0] - (width + 2 * bleed)) <= TOLERANCE_MM and abs(found[1] - (height + 2 * bleed)) <= TOLERANCE_MM


@pytest.mark.parametrize("deck", ["assets", "fortifications", "troops"])
def test_backs_land_behind_their_fronts_for_long_edge_duplex(built_verdun, deck):
    _, target = built_verdun
    with pikepdf.open(target / f"{deck}.pdf") as pdf:
        width = float(pdf.pages[0].mediabox[2])
        for sheet in range(len(pdf.pages) // 2):
            fronts = sorted(p.centre for p in placements(pdf.pages[2 * sheet]))
            backs = sorted((width - p.centre[0], p.centre[1]) for p in placements(pdf.pages[2 * sheet + 1]))
            assert len(fronts) == len(backs)
            for front, back in zip(fronts, backs):
                assert abs(front[0] - back[0]) / MM < TOLERANCE_MM and abs(front[1] - back[1]) / MM < TOLERANCE_MM


def test_the_data_holds_the_engine_s_decks_with_and_without_the_module():
    project = Project.at(ROOT)
    game = get_game(project, "verdun")
    assert {d.key for d in game.decks}.isdisjoint({"mud-and-blood-weather", "mud-and-blood-weather-changes"})
    with_module = load_game(project, game.with_modules(["mud-and-blood"]))
    cards = {d.deck.key: d.cards for d in with_module}
    assert Counter(engine_card(c) for c in cards["troops"]) == Counter(standard_deck())
    assert len(standard_deck()) == 64 and len(short_deck()) == 48
    short = {engine_card(c) for c in cards["troops"]} - set(short_deck())
    assert short == {"F2", "F3", "G2", "G3", "XC", "XR"}
    tactical = Counter(c.kind for c in cards["tactical"])
    assert tactical == Counter(dict(components.TACTICAL_DECK)) and sum(tactical.values()) == 16
    module_tactical = tactical + Counter(c.kind for c in cards["mud-and-blood-weather-changes"])
    assert sum(module_tactical.values()) == 18 and module_tactical["weather_changes"] == 2
    assert Counter(c.kind for c in cards["mud-and-blood-weather"]) == Counter(dict(components.WEATHER_DECK))
    for team in ("french", "german"):
        assert sorted(c.value for c in cards["assets"] if c.team == team) == sorted(components.ASSETS)
        assert sorted(c.value for c in cards["fortifications"] if c.team == team) == sorted(components.FORTIFICATIONS)


def test_check_exits_1_on_a_wrong_example_and_2_on_a_broken_card_file(project_copy):
    examples = project_copy / "card_data" / "verdun" / "examples" / "rules.yaml"
    examples.write_text(examples.read_text().replace("totals: {French: 13, German: 17}", "totals: {French: 14, German: 17}", 1))
    result = run_pnp("check", "verdun", "--project", str(project_copy))
    assert result.exit_code == 1 and "the-defenders-hold" in result.output
    troops = project_copy / "card_data" / "verdun" / "troops.csv"
    troops.write_text(troops.read_text().replace("french,13,Commandant,3,,2", "french,13,Commandant,1,,2"))
    result = run_pnp("check", "verdun", "--project", str(project_copy))
    assert result.exit_code == 2 and "card_data/verdun/troops.csv:13" in result.output and "D1" in result.output
    troops.write_text(troops.read_text().replace("french,13,Commandant,1,,2", "french,13,Commandant,3,,3"))
    result = run_pnp("check", "verdun", "--project", str(project_copy))
    assert result.exit_code == 2 and "troops.csv:13" in result.output
    troops.write_text(troops.read_text().replace("french,13,Commandant,3,,3", "french,13,Commandant,3,,2"))
    # Bruno plays twice in a row, and Claire not at all before him: no table plays it (issue 47)
    examples.write_text(examples.read_text().replace('{player: Claire, team: French, card: "F4"}',
                                                     '{player: Bruno, team: German, card: "G4"}', 1))
    result = run_pnp("check", "verdun", "--project", str(project_copy))
    assert result.exit_code == 2 and "examples/rules.yaml:13" in result.output and "a second troop card from Bruno" in result.output, result.output


def test_a_broken_module_card_stops_check_and_build(project_copy, tmp_path):
    weather = project_copy / "card_data" / "verdun" / "weather.csv"
    weather.write_text(weather.read_text().replace("good_weather,Good Weather,No change.", "sunshine,Sunshine,No change."))
    assert run_pnp("check", "verdun", "--project", str(project_copy)).exit_code == 2
    result = run_pnp("build", "verdun", "--out", str(tmp_path / "out"), "--project", str(project_copy))
    assert result.exit_code == 2 and "weather.csv" in result.output and not (tmp_path / "out").exists()


def test_simulate_reports_every_tactical_card(tmp_path):
    result = run_pnp("simulate", "verdun", "--mode", "1v1", "--length", "short", "--games", "40", "--weather",
                     "--seed", "2", "--project", str(ROOT))
    assert result.exit_code == 0, result.output
    for name in ("Decoy", "Mustard Gas", "Air Strike", "Artillery", "Stratagem", "Weather Changes"):
        assert name in result.output
    assert "median" in result.output


# ---- the publisher's review (issue 25): colours a colour-blind player tells apart, the troop
# back's wire clear of the fort, the Assault token's disc filling its round bleed ----

def _rendered_deck(key: str) -> bytes:
    from pnp.build import render_cards

    project = Project.at(ROOT)
    game = get_game(project, "verdun")
    loaded = {d.deck.key: d for d in load_game(project, game)}[key]
    return render_cards(project, game, loaded, game.deck_context(list(load_game(project, game)))
                        if loaded.deck.uses_rules else None)


def _pixels(pdf_bytes: bytes, page: int, dpi: int = 200):
    import numpy as np
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf_bytes)
    page = page % len(document)
    return np.asarray(document[page].render(scale=dpi / 72).to_pil().convert("RGB")).astype(int), dpi / 25.4


def _rgb(colour: str):
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def test_the_declared_side_colours_are_the_ones_the_cards_print():
    """The ground and stripe of each side read its colour from game.yaml, var(--colour-SIDE)."""
    import re

    import yaml

    css = (ROOT / "layouts" / "verdun" / "cards.css").read_text()
    declared = yaml.safe_load((ROOT / "card_data" / "verdun" / "game.yaml").read_text())
    coded = {d["key"]: d["colours"] for d in declared["decks"] if "colours" in d}
    assert set(coded) == {"troops", "assets", "fortifications"}
    for deck, coding in coded.items():
        for side in coding["values"]:
            for rule in (rf"\.vd\.{side} \{{ background: var\(--colour-{side}\); \}}",
                         rf"\.vd\.{side} \.stripe \{{ background: var\(--colour-{side}\); \}}"):
                assert re.search(rule, css), (deck, side, rule)


def test_the_troop_back_s_barbed_wire_never_crosses_the_fort():
    pixels, per_mm = _pixels(_rendered_deck("troops"), -1)
    bleed = round(3 * per_mm)
    middle = pixels[:, bleed + round(8 * per_mm): bleed + round(55 * per_mm)]      # inside the frame's sides

    def rows_of(colour):
        near = (abs(middle - _rgb(colour)) <= 6).all(axis=2)
        return set(int(y) for y in near.any(axis=1).nonzero()[0])

    wire, fort = rows_of("#8a7b58"), rows_of("#b08d4a")
    assert wire and fort
    assert not wire & fort, "the barbed wire runs across the fort"


def test_the_assault_token_s_disc_fills_its_round_bleed():
    import math

    pixels, per_mm = _pixels(_rendered_deck("assault-token"), 0)
    centre = pixels.shape[0] / 2
    red = _rgb("#8c1c13")
    for step in range(16):
        angle = step * math.pi / 8
        radius = (18 + 2 - 0.3) * per_mm                      # 0.3 mm inside the bleed's circle
        x, y = int(centre + radius * math.cos(angle)), int(centre + radius * math.sin(angle))
        assert (abs(pixels[y, x] - red) <= 8).all(), (step, pixels[y, x])
    corner = int(0.5 * per_mm)                                 # and round, not square
    assert (pixels[corner, corner] >= 250).all()
