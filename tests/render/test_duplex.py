"""Cards whose back is their own face (Verso): each verso lands behind its recto, measured from
the PDFs and matched by the numeral each face prints; the duplex offset moves the backs and
nothing else; the fold layout folds halfway between the faces; the calibration sheet."""

import csv
import shutil

import pdfplumber
import pikepdf
import pytest

from pnp.render.calibration import back_position, ruler_signs, targets
from pnp.render.papers import PAPERS_MM
from tests.conftest import ROOT, copy_project, made_once, run_pnp
from tests.pdf_measure import MM, placements

NUMERAL_MIN_PT = 40        # the big numeral in the middle of a face; the corner indices are smaller
TOLERANCE_MM = 0.1
OFFSET = (1.5, -2.0)


DUPLEX_BUILDS = {"long": ("--duplex", "long"), "short": ("--duplex", "short"),
                 "long-offset": ("--duplex", "long", "--duplex-offset", "1.5,-2"),
                 "short-offset": ("--duplex", "short", "--duplex-offset", "1.5,-2"),
                 "fold": ("--duplex", "fold")}


@pytest.fixture(scope="module")
def verso_builds(tmp_path_factory):
    def make(folder):
        root = copy_project(folder / "project", games=("verso",))       # the cards alone: no rulebook to set
        shutil.rmtree(root / "card_data" / "verso" / "rulebook")
        for name, args in DUPLEX_BUILDS.items():
            result = run_pnp("build", "verso", *args, "--out", str(folder / name), "--project", str(root))
            assert result.exit_code == 0, result.output

    folder = made_once(tmp_path_factory, "verso-duplex", make)
    return {name: folder / name / "cards.pdf" for name in DUPLEX_BUILDS}


def _cards():
    with open(ROOT / "card_data" / "verso" / "cards.csv") as handle:
        return list(csv.DictReader(handle))


def _numerals(page) -> list[tuple[str, float, float]]:
    """(text, centre x, centre y in PDF points from the bottom) of each big numeral on the page."""
    return [(c["text"], (c["x0"] + c["x1"]) / 2, page.height - (c["top"] + c["bottom"]) / 2)
            for c in page.chars if c["size"] >= NUMERAL_MIN_PT]


def _behind(duplex: str, point, width, height):
    """Where a point of the back page lands on the front, after the flip."""
    x, y = point
    return (width - x, y) if duplex == "long" else (x, height - y)


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("offset", [False, True])
def test_each_verso_lands_behind_its_own_recto(verso_builds, duplex, offset):
    cards = _cards()
    path = verso_builds[(duplex + "-offset") if offset else duplex]
    shift = OFFSET if offset else (0.0, 0.0)
    checked = 0
    with pdfplumber.open(path) as pdf:
        width, height = float(pdf.pages[0].width), float(pdf.pages[0].height)
        document = pikepdf.open(path)
        for sheet in range(len(pdf.pages) // 2):
            front, back = document.pages[2 * sheet], document.pages[2 * sheet + 1]
            fronts = {p.name: p for p in placements(front)}
            backs = {p.name: p for p in placements(back)}
            numerals_front = _numerals(pdf.pages[2 * sheet])
            numerals_back = _numerals(pdf.pages[2 * sheet + 1])
            for name, placed in fronts.items():
                index = int(name.removeprefix("/Card"))
                behind = backs[f"/Back{index}"]
                # the back's centre, moved back by the offset, lands on the face's centre
                bx, by = behind.centre[0] - shift[0] * MM, behind.centre[1] - shift[1] * MM
                lands = _behind(duplex, (bx, by), width, height)
                assert abs(lands[0] - placed.centre[0]) / MM < TOLERANCE_MM
                assert abs(lands[1] - placed.centre[1]) / MM < TOLERANCE_MM
                card = cards[index]
                if card["recto_value"] != "*":     # matched by the numeral each face prints
                    near = [t for t, x, y in numerals_front
                            if abs(x - placed.centre[0]) < 5 * MM and abs(y - placed.centre[1]) < 10 * MM]
                    assert near == [card["recto_value"]]
                if card["verso_value"] != "*":
                    near = [t for t, x, y in numerals_back
                            if abs(x - behind.centre[0]) < 5 * MM and abs(y - behind.centre[1]) < 10 * MM]
                    assert near == [card["verso_value"]]
                checked += 1
    assert checked == 90


def _card_chars(page) -> list:
    """What the cards print (the label, in the sheet's own font, says more when moved)."""
    return [c for c in page.chars if "Garamond" not in c["fontname"]]


def test_an_offset_moves_every_back_by_exactly_that_and_nothing_else(verso_builds):
    with pdfplumber.open(verso_builds["long"]) as plain, pdfplumber.open(verso_builds["long-offset"]) as moved:
        assert len(plain.pages) == len(moved.pages)
        for index, (a, b) in enumerate(zip(plain.pages, moved.pages)):
            dx, dy = (OFFSET if index % 2 else (0.0, 0.0))
            chars_a, chars_b = _card_chars(a), _card_chars(b)
            assert len(chars_a) == len(chars_b) > 0
            for ca, cb in zip(chars_a, chars_b):
                assert ca["text"] == cb["text"]
                assert abs(cb["x0"] - ca["x0"] - dx * MM) < 0.01
                assert abs((ca["top"] - cb["top"]) - dy * MM) < 0.01
            lines_a = sorted((round(l["x0"] + dx * MM, 2), round(l["top"] - dy * MM, 2)) for l in a.lines)
            lines_b = sorted((round(l["x0"], 2), round(l["top"], 2)) for l in b.lines)
            assert lines_a == lines_b                       # crop marks and scale bar move along
        label = "".join(c["text"] for c in moved.pages[1].chars)
        assert "versos décalés x +1.5 mm, y -2.0 mm" in label          # Verso prints in French
    plain_pdf, moved_pdf = pikepdf.open(verso_builds["long"]), pikepdf.open(verso_builds["long-offset"])
    for index in range(0, len(plain_pdf.pages), 2):          # front pages: the same content
        assert (b"".join(s.read_bytes() for s in _streams(plain_pdf.pages[index]))
                == b"".join(s.read_bytes() for s in _streams(moved_pdf.pages[index])))


def _streams(page) -> list:
    contents = page.obj.Contents
    return list(contents) if isinstance(contents, pikepdf.Array) else [contents]


def test_the_fold_line_lies_halfway_between_the_faces(verso_builds):
    document = pikepdf.open(verso_builds["fold"])
    with pdfplumber.open(verso_builds["fold"]) as pdf:
        for page_index, page in enumerate(pdf.pages):
            placed = {p.name: p for p in placements(document.pages[page_index])}
            folds = [l for l in page.lines if abs(l["x0"] - l["x1"]) < 0.01 and abs(l["height"] - 88 * MM) < 0.5
                     and not any(l["stroking_color"] or (0,))]
            pairs = [(placed[n], placed["/Back" + n.removeprefix("/Card")]) for n in placed if n.startswith("/Card")]
            assert pairs and len(folds) >= len(pairs)
            fold_xs = sorted({round(l["x0"], 3) for l in folds})
            for face, back in pairs:
                middle = (face.centre[0] + back.centre[0]) / 2
                assert min(abs(x - middle) for x in fold_xs) / MM < TOLERANCE_MM
                assert abs((back.centre[0] - face.centre[0]) / MM - 63) < TOLERANCE_MM   # side by side
                assert abs(back.centre[1] - face.centre[1]) / MM < TOLERANCE_MM


def test_every_deck_of_every_game_builds_folded(tmp_path):
    for game in ("verset", "wizard"):
        result = run_pnp("build", game, "--duplex", "fold", "--out", str(tmp_path / game), "--project", str(ROOT))
        assert result.exit_code == 0, result.output
        assert "one-sided" in "".join(c["text"] for c in pdfplumber.open(tmp_path / game / "player-aids.pdf").pages[0].chars)


def test_an_offset_is_refused_where_it_cannot_apply(tmp_path):
    for args in (("--duplex", "fold", "--duplex-offset", "1,1"), ("--duplex-offset", "1"),
                 ("--duplex-offset", "11,0"), ("--duplex-offset", "a,b")):
        result = run_pnp("build", "verso", *args, "--out", str(tmp_path / "x"), "--project", str(ROOT))
        assert result.exit_code == 2 and "--duplex-offset" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_calibration_sheet_puts_each_cross_behind_its_target(tmp_path, duplex, paper):
    out = tmp_path / "cal.pdf"
    result = run_pnp("calibrate", "--paper", paper, "--duplex", duplex, "--out", str(out), "--project", str(ROOT))
    assert result.exit_code == 0, result.output
    width, height = (v * MM for v in PAPERS_MM[paper])
    with pdfplumber.open(out) as pdf:
        assert len(pdf.pages) == 2
        back = pdf.pages[1]
        bold = [l for l in back.lines if l["linewidth"] > 0.5]
        for target in targets(paper):
            bx, by = back_position(paper, duplex, target)
            crossing = [l for l in bold if abs((l["x0"] + l["x1"]) / 2 - bx * MM) < 0.05
                        and abs(height - (l["top"] + l["bottom"]) / 2 - by * MM) < 0.05]
            assert len(crossing) == 2                     # its level and upright lines meet there
            lands = _behind(duplex, (bx * MM, by * MM), width, height)
            assert abs(lands[0] - target[0] * MM) < 0.01 and abs(lands[1] - target[1] * MM) < 0.01
        front_text = "".join(c["text"] for c in pdf.pages[0].chars)
        assert f"--duplex {duplex} --duplex-offset X,Y" in front_text
    assert ruler_signs(duplex) == ((1, -1) if duplex == "long" else (-1, 1))


def test_a_landscape_sheet_gets_the_offset_turned_with_it(verso_builds):
    """A6 aids go two to a landscape sheet, which the printer turns a quarter onto the paper:
    the paper's x runs down the page and its y along it."""
    plain, moved = (verso_builds[name].parent / "aids.pdf" for name in ("long", "long-offset"))
    with pdfplumber.open(plain) as a, pdfplumber.open(moved) as b:
        assert a.pages[0].width > a.pages[0].height
        ca, cb = _card_chars(a.pages[1]), _card_chars(b.pages[1])
        expected = (OFFSET[1], -OFFSET[0])                 # page x = paper y, page y = -paper x
        for x, y in zip(ca, cb):
            assert abs(y["x0"] - x["x0"] - expected[0] * MM) < 0.01
            assert abs((x["top"] - y["top"]) - expected[1] * MM) < 0.01


def test_every_verso_rule_has_examples():
    from pnp.examples import load_example_file
    from pnp.games import get_game
    from pnp.project import Project

    kinds = {example.kind for path in (ROOT / "card_data" / "verso" / "examples").glob("*.yaml")
             for example in load_example_file(path, path.name)}
    assert kinds == set(get_game(Project.at(ROOT), "verso").kinds)
