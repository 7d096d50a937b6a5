"""The ink saver (`pnp build --ink-saver`): every game's sheets with at most half the ink of
the normal ones, measured on the rasterised pages; every layout reads the switch."""

import re
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pnp.render.templates import INK_SAVER_LIGHTNESS, ink_saver_colour
from pnp.games import get_game
from pnp.project import Project
from tests.conftest import ROOT, copy_project, made_once, run_pnp

GAMES = ("verset", "wizard", "verso", "olf", "verdun")
DPI = 20
HALF = 0.5
DARK_SHEET = 0.10           # a sheet this dark or more must itself halve, not only its game's whole


def darkness(path) -> tuple[float, int]:
    """(mean darkness, pixels) of every page, measured here, not by pnp."""
    document = pdfium.PdfDocument(str(path))
    total, pixels = 0.0, 0
    for page in document:
        grey = page.render(scale=DPI / 72, grayscale=True).to_numpy()
        total += float((255 - grey.astype("float64")).sum()) / 255
        pixels += grey.size
    return total / pixels, pixels


RULEBOOKS = ("wizard",)            # the rulebook measured in the ink saver: every rulebook is the skeleton's,
                                    # whose switch test_every_layout_shell_reads_the_switch proves for all


def ink_saver_build(tmp_path_factory, game: str) -> tuple[Path, str]:
    """The game's A4 sheets in the ink saver, every module, built once per run (one game a
    fixture, so that workers build games side by side), and what the build printed; the rulebook
    too for the games of RULEBOOKS (laid out afresh, a rulebook is the costliest document)."""
    project = Project.at(ROOT)

    def make(folder):
        modules = [option for module in get_game(project, game).modules for option in ("--module", module.key)]
        root = ROOT
        if game not in RULEBOOKS:
            root = copy_project(folder / "project", games=(game,))
            shutil.rmtree(root / "card_data" / game / "rulebook")
        light = run_pnp("build", game, "--ink-saver", *modules, "--out", str(folder / "out"), "--project", str(root))
        assert light.exit_code == 0, light.output
        (folder / "output.txt").write_text(light.output)

    folder = made_once(tmp_path_factory, f"ink-saver-{game}", make)
    return folder / "out", (folder / "output.txt").read_text()


@pytest.fixture(params=GAMES)
def both(request, tmp_path_factory, built_site):
    """A game's A4 sheets as the site built them (every module) and in the ink saver, built
    here with the same modules: the normal ones are the site's, not built a second time."""
    light, printed = ink_saver_build(tmp_path_factory, request.param)
    return request.param, built_site / request.param / "a4", light, printed


def deck_sheets(folder):
    return sorted(path for path in folder.glob("*.pdf")
                  if not path.stem.startswith("rulebook") and "full-size" not in path.stem)


def test_ink_saver_sheets_take_at_most_half_the_ink_of_the_normal_ones(both):
    game, normal, light, _ = both
    sheets = deck_sheets(normal)
    assert sheets and [p.name for p in sheets] == [p.name for p in deck_sheets(light)]
    totals = [0.0, 0.0]
    for path in sheets:
        (dark, pixels), (saved, _) = darkness(path), darkness(light / path.name)
        totals[0] += dark * pixels
        totals[1] += saved * pixels
        if dark >= DARK_SHEET:
            assert saved <= HALF * dark, (path.name, dark, saved)
    assert totals[1] <= HALF * totals[0], (game, totals)


@pytest.fixture
def verset_ink_saver(tmp_path_factory):
    return ink_saver_build(tmp_path_factory, "verset")


def test_the_closing_table_gives_each_files_ink(verset_ink_saver):
    light, printed = verset_ink_saver
    rows = re.findall(r"│\s+([\d.]+) % │", printed)
    assert printed.count("playing-cards.pdf") == 1          # a long --out path wraps, its file name kept
    assert len(rows) == len(list(light.glob("*.pdf"))) and all(0 <= float(value) < 100 for value in rows)
    assert "ink saver" in printed and "mean darkness" in printed


@pytest.mark.parametrize("game", RULEBOOKS)
def test_ink_saver_rulebooks_and_boards_are_lighter_too(tmp_path_factory, built_site, game):
    light, _ = ink_saver_build(tmp_path_factory, game)
    normal = built_site / game / "a4"
    for name in ["rulebook.pdf"] + [p.name for p in normal.glob("*-tiles.pdf")]:
        assert darkness(light / name)[0] < darkness(normal / name)[0], (game, name)


def test_every_layout_shell_reads_the_switch():
    """Every document's <html> (the decks', the rulebooks' skeleton, the boards') turns the ink
    saver on; every rulebook is the skeleton extended, so it does too."""
    layouts = ROOT / "layouts"
    shells = [path for path in layouts.rglob("*.html") if "<html" in path.read_text() and path.parent.name != "site"]
    assert {layouts / "deck.html", layouts / "rulebook.html"} <= set(shells)
    for path in shells:
        text = path.read_text()
        assert "game.ink_saver" in text and "ink-saver.css" in text, path
    rulebooks = sorted(layouts.glob("*/rulebook.html"))
    assert len(rulebooks) == 5
    for path in rulebooks:
        assert '{% extends "rulebook.html" %}' in path.read_text(), path


@pytest.mark.parametrize("colour", ["#f4ecd8", "#17151d", "#3f8ff0", "#ffffff", "#8e1b1f"])
def test_icons_are_drawn_at_one_middle_lightness_their_hue_kept(colour):
    import colorsys

    before = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    changed = ink_saver_colour(colour)
    after = [int(changed[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    hue, lightness, saturation = colorsys.rgb_to_hls(*after)
    assert lightness == pytest.approx(INK_SAVER_LIGHTNESS, abs=0.01)
    if colorsys.rgb_to_hls(*before)[2] > 0.05:
        assert hue == pytest.approx(colorsys.rgb_to_hls(*before)[0], abs=0.02)


def test_each_deck_keeps_its_own_hue(tmp_path_factory):
    """The Last Wizard's red and blue decks, whose art is one dark ink on their coloured cards,
    printed it as one lavender in the ink saver: each deck now draws its art in its own hue."""
    light, _ = ink_saver_build(tmp_path_factory, "wizard")
    red, blue = ink_hue(light / "red-deck.pdf"), ink_hue(light / "blue-deck.pdf")
    assert red < 0.1 or red > 0.9, red           # reds
    assert 0.5 < blue < 0.7, blue                  # blues


def ink_hue(path) -> float:
    """The mean hue (0-1, red at 0) of the coloured ink on a file's first page."""
    import colorsys
    import math

    image = pdfium.PdfDocument(path)[0].render(scale=0.5).to_pil().convert("RGB")
    data = image.tobytes()
    pixels = [data[index:index + 3] for index in range(0, len(data), 3)]
    angles = [colorsys.rgb_to_hsv(*(value / 255 for value in pixel))[0] * 2 * math.pi for pixel in pixels
              if max(pixel) - min(pixel) > 60]                    # coloured ink, not paper, grey or black
    mean = math.atan2(sum(map(math.sin, angles)), sum(map(math.cos, angles)))
    return (mean / (2 * math.pi)) % 1
