"""`pnp export`: print-shop images and PDFs, Tabletop Simulator sheets, and their manifests."""

import csv
import io
import json
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import Image

from pnp.export.images import rasterise
from pnp.export.pages import service_pages
from pnp.export.services import product_size
from pnp.export.tts import cell_size, grid
from pnp.preflight import preflight
from tests.conftest import ROOT, made_once, run_pnp

POKER_PX = {"mpc": (822, 1122), "tgc": (825, 1125)}
SERVICES = ("mpc", "tgc", "tts")
PRESS_OPTIONS = ("--profile", "swop", "--pdfx", "4", "--ink-limit", "260")
HOME_NOTE = '{% if not game.print_shop %}<div style="font-size: 7pt">Print me at home</div>{% endif %}'


@pytest.fixture(scope="module")
def exports(tmp_path_factory):
    def make(folder):
        for service in SERVICES:
            result = run_pnp("export", "wizard", "--for", service, "--out", str(folder / service),
                             "--project", str(ROOT), "--base-url", "https://example.org/wizard/")
            assert result.exit_code == 0, result.output

    folder = made_once(tmp_path_factory, "wizard-exports", make)
    return {service: folder / service for service in SERVICES}


@pytest.fixture(scope="module")
def tiny_exports(tmp_path_factory):
    """The starter game exported for DriveThruCards and for a press (PDF/X-4, SWOP, 260 %), once:
    the PDF/X files' smallest case (one deck of six cards)."""
    from tests.conftest import copy_project

    def make(folder):
        root = copy_project(folder / "project", games=())
        assert run_pnp("new", "tiny", "--project", str(root)).exit_code == 0
        back = root / "layouts" / "tiny" / "back.html"                # a note to home printers
        back.write_text(back.read_text().replace('<div class="title">', HOME_NOTE + '<div class="title">', 1))
        for service, options in (("dtc", ()), ("press", PRESS_OPTIONS)):
            result = run_pnp("export", "tiny", "--for", service, *options, "--out", str(folder / service),
                             "--project", str(root))
            assert result.exit_code == 0, result.output
            (folder / f"{service}.out").write_text(result.output)

    folder = made_once(tmp_path_factory, "tiny-exports", make, after_site=False)
    return {"root": folder / "project", "dtc": folder / "dtc", "press": folder / "press", "said": folder / "press.out"}


def _manifest(folder: Path) -> list[dict]:
    return list(csv.DictReader((folder / "manifest.csv").open()))


@pytest.mark.parametrize("service", ["mpc", "tgc"])
def test_print_shop_images_have_the_service_size_and_300_dpi(exports, service):
    folder = exports[service]
    rows = _manifest(folder)
    poker = [row for row in rows if row["size"].startswith("poker")]
    assert len(poker) == 36 and {r["deck"] for r in poker} == {"Red deck", "Blue deck"}
    for row in rows:
        for name in (row["front"], row["back"]):
            with Image.open(folder / name) as image:
                if row in poker:
                    assert image.size == POKER_PX[service]
                assert round(image.info["dpi"][0]) == 300 and round(image.info["dpi"][1]) == 300
    names = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*-front.png"))
    assert names == sorted(row["front"] for row in rows)         # upload order is file order
    assert names[0].startswith("01-red-deck/001-")


def test_manifest_counts_every_card_of_every_exported_deck(exports):
    rows = _manifest(exports["mpc"])
    by_deck: dict = {}
    for row in rows:
        by_deck[row["deck"]] = by_deck.get(row["deck"], 0) + int(row["count"])
    assert by_deck == {"Red deck": 18, "Blue deck": 18, "Player aids": 6, "Square betting tokens": 6}
    readme = (exports["mpc"] / "README.txt").read_text()
    assert "Mage pawns" in readme and "round-tokens.pdf" in readme


def test_copies_of_a_card_are_one_image_with_a_count(tiny, tmp_path):
    declaration = tiny.card_data / "tiny" / "game.yaml"
    declaration.write_text(declaration.read_text().replace("data: cards.yaml", "data: cards.csv").replace(
        "count: 6\n", "count: 8\n"))
    (tiny.card_data / "tiny" / "cards.yaml").unlink()
    (tiny.card_data / "tiny" / "cards.csv").write_text(
        "id,name,value,text,icon,count\nthe-lantern,The Lantern,1,Draw a card.,lantern-flame,\n"
        "the-raven,The Raven,2,Look.,raven,3\nthe-hourglass,The Hourglass,3,Wait.,hourglass,\n"
        "the-horseshoe,The Horseshoe,5,Luck.,horseshoe,\nthe-quill,The Quill,7,Write.,quill-ink,\n"
        "the-crown,The Crown,9,Rule.,crowned-heart,\n")
    result = run_pnp("export", "tiny", "--for", "tgc", "--out", str(tmp_path / "t"), "--project", str(tiny.root))
    assert result.exit_code == 0, result.output
    rows = _manifest(tmp_path / "t")
    assert len(rows) == 6 and sum(int(r["count"]) for r in rows) == 8
    assert [int(r["count"]) for r in rows if "raven" in r["front"]] == [3]


def test_round_pieces_are_not_exported_as_cards():
    from pnp.data.decks import load_game
    from pnp.export.game import exportable
    from pnp.games import get_game
    from pnp.project import Project

    project = Project.at(ROOT)
    tokens = next(d for d in load_game(project, get_game(project, "verset")) if d.deck.key == "soul-tokens")
    assert tokens.deck.shape == "circle" and "pieces are not cards" in exportable(tokens)


def test_dtc_pdf_goes_back_front_with_an_eighth_inch_bleed(tiny_exports):
    folder = tiny_exports["dtc"]
    pdf = pikepdf.open(folder / "01-cards.pdf")
    assert len(pdf.pages) == 12
    for page in pdf.pages:
        assert [round(float(v), 3) for v in page.mediabox] == [0, 0, 198.0, 270.0]      # 2.75 x 3.75 in
        assert [round(float(v), 3) for v in page.obj.TrimBox] == [9.0, 9.0, 189.0, 261.0]
    document = pdfium.PdfDocument(folder / "01-cards.pdf")
    pages = [document[i].render(scale=0.3).to_pil().convert("RGB").tobytes() for i in range(len(document))]
    backs, fronts = pages[0::2], pages[1::2]
    assert len(set(backs)) == 1 and len(set(fronts)) == 6        # one back, six faces
    rows = _manifest(folder)
    assert rows[0]["back"].endswith("page 1") and rows[0]["front"].endswith("page 2")
    assert preflight((folder / "01-cards.pdf").read_bytes(), "01-cards.pdf") == []


def test_tts_sheets_have_the_grid_and_the_saved_object_names_them(exports):
    folder = exports["tts"]
    saved = json.loads((folder / "tts-saved-object.json").read_text())
    decks = {o["Nickname"]: o for o in saved["ObjectStates"]}
    red = decks["Red deck"]
    (number, custom), = red["CustomDeck"].items()
    assert custom["FaceURL"] == "https://example.org/wizard/01-red-deck-sheet-1.png"
    assert (custom["NumWidth"], custom["NumHeight"]) == (10, 2) == grid(18)
    with Image.open(folder / "01-red-deck-sheet-1.png") as sheet:
        width, height = sheet.size
        assert width <= 4096 and height <= 4096
        assert width % 10 == 0 and height % 2 == 0
    assert len(red["ContainedObjects"]) == 18 == len(red["DeckIDs"])
    assert red["DeckIDs"] == [int(number) * 100 + slot for slot in range(18)]
    assert {c["Nickname"] for c in red["ContainedObjects"]} >= {"Fireball", "The Witch"}
    aids = decks["Player aids"]
    assert all(d["UniqueBack"] for d in aids["CustomDeck"].values())


def test_tts_grid_keeps_the_last_slot_for_the_hidden_face():
    assert grid(69) == (10, 7)
    assert grid(1) == (2, 2) and grid(9) == (10, 2) and grid(10) == (10, 2)
    for cards in range(1, 70):
        columns, rows = grid(cards)
        assert columns <= 10 and rows <= 7 and columns * rows >= cards + 1
        width, height = cell_size(63, 88, columns, rows)
        assert width * columns <= 4096 and height * rows <= 4096


def test_product_sizes():
    assert product_size(63, 88) == ("poker", 2.5, 3.5)
    assert product_size(88, 63)[0] == "poker"
    assert product_size(70, 120)[0] == "tarot"
    assert product_size(24, 24)[0] == "custom"


def test_art_without_enough_bleed_is_mirrored_at_the_edge():
    """A card with no bleed at all: the page's bleed strips show its edge reflected."""
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    pdf = canvas.Canvas(out, pagesize=(180, 252), invariant=1)
    pdf.setFillColorRGB(1, 0, 0)
    pdf.rect(0, 0, 20, 252, stroke=0, fill=1)           # a red band along the left edge
    pdf.setFillColorRGB(0, 0, 1)
    pdf.rect(160, 0, 20, 252, stroke=0, fill=1)         # a blue one along the right
    pdf.showPage()
    pdf.save()
    card = pikepdf.open(io.BytesIO(out.getvalue()))
    card.pages[0].obj.TrimBox = card.pages[0].obj.BleedBox = card.pages[0].mediabox
    data = io.BytesIO()
    card.save(data)
    pages = service_pages(data.getvalue(), (2.5, 3.5), 0.125)
    rendered = io.BytesIO()
    pages.save(rendered)
    image = rasterise(pdfium.PdfDocument(rendered.getvalue()), 0, (825, 1125))
    assert image.size == (825, 1125)
    assert image.getpixel((5, 560))[0] > 200 and image.getpixel((5, 560))[2] < 60        # red mirrored out
    assert image.getpixel((819, 560))[2] > 200 and image.getpixel((819, 560))[0] < 60    # blue mirrored out
    assert image.getpixel((5, 3)) == image.getpixel((5, 560))                             # corners too


def test_export_is_deterministic_on_the_pool_and_in_one_process(exports, tmp_path, monkeypatch):
    """The decks go to the build's worker pool, one task a deck; made in this process instead
    (--jobs 1), every file is the same, byte for byte (the pages from the run's page cache: a
    fresh layout's determinism is proven on Verset's build, tests/test_build.py)."""
    import pnp.pool

    tasks, start_pool = [], pnp.pool.start_pool

    def watched_pool(jobs):
        pool = start_pool(jobs)
        submit = pool.submit
        pool.submit = lambda function, *arguments: tasks.append(arguments[0].__name__) or submit(function, *arguments)
        return pool

    monkeypatch.setattr(pnp.pool, "start_pool", watched_pool)
    for jobs, folder in (("2", "pool"), ("1", "here")):
        result = run_pnp("export", "wizard", "--for", "tts", "--out", str(tmp_path / folder), "--project", str(ROOT),
                         "--base-url", "https://example.org/wizard/", "--jobs", jobs)
        assert result.exit_code == 0, result.output
    assert tasks == ["deck_cards"] * len({row["deck"] for row in _manifest(exports["tts"])})     # one task a deck
    for path in exports["tts"].iterdir():
        assert (tmp_path / "pool" / path.name).read_bytes() == path.read_bytes(), path.name
        assert (tmp_path / "here" / path.name).read_bytes() == path.read_bytes(), path.name


def test_export_of_broken_data_writes_nothing(project_copy):
    data = project_copy / "card_data" / "wizard" / "red.yaml"
    data.write_text(data.read_text().replace("value: 7", "value: seven", 1))
    out = project_copy / "out"
    result = run_pnp("export", "wizard", "--for", "mpc", "--project", str(project_copy), "--out", str(out))
    assert result.exit_code == 2 and "red.yaml:" in result.output
    assert not out.exists()


def test_dtc_files_are_pdfx_1a_in_cmyk_within_240_percent_ink(tiny_exports):
    """Read back as DriveThruCards' checker reads them: PDF/X-1a:2003, the SWOP output intent,
    no RGB anywhere, total ink measured on the separations at most 240 %."""
    from pnp.press.preflight import press_faults

    data = (tiny_exports["dtc"] / "01-cards.pdf").read_bytes()
    pdf = pikepdf.open(io.BytesIO(data))
    assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-1a:2003" and pdf.pdf_version == "1.4"
    assert str(pdf.Root.OutputIntents[0].OutputConditionIdentifier) == "CGATS TR 005"
    assert press_faults(data, "01-cards.pdf", "1a", 240) == []
    readme = (tiny_exports["dtc"] / "README.txt").read_text()
    assert "PDF/X-1a:2003" in readme and "total ink at most 240 %" in readme


def test_press_export_writes_every_piece_front_then_back_as_pdfx(tiny_exports):
    """Its bytes are the same every time: tests/press/test_convert.py (the conversion) and the
    export's determinism test (the pages)."""
    from pnp.press.preflight import press_faults

    assert "PDF/X-4 in CMYK for SWOP coated grade 5 (CGATS TR 005), total ink at most 260 %" in \
        " ".join(tiny_exports["said"].read_text().split())
    out = [tiny_exports["press"]]
    data = (out[0] / "01-cards.pdf").read_bytes()
    assert press_faults(data, "01-cards.pdf", "4", 260) == []
    pdf = pikepdf.open(io.BytesIO(data))
    assert len(pdf.pages) == 12
    for page in pdf.pages:                                                  # 63 x 88 mm and its 3 mm bleed
        assert [round(float(v) * 25.4 / 72, 1) for v in page.obj.TrimBox] == [3.0, 3.0, 66.0, 91.0]
    rows = _manifest(out[0])
    assert [(r["front"], r["back"]) for r in rows[:2]] == [("01-cards.pdf page 1", "01-cards.pdf page 2"),
                                                           ("01-cards.pdf page 3", "01-cards.pdf page 4")]
    fronts = [pdfium.PdfDocument(data)[i].render(scale=0.2).to_pil().tobytes() for i in range(12)]
    assert len(set(fronts[1::2])) == 1 and len(set(fronts[0::2])) == 6      # one back, six faces


def test_a_press_file_that_fails_its_preflight_names_the_card_and_writes_nothing(tiny, tmp_path, monkeypatch):
    """A converted file given an RGB picture (as a converter's fault would leave one) is refused."""
    import pnp.export.press as press

    convert = press.press_pdf

    def with_rgb_picture(pdf, settings, title, name):
        document = pikepdf.open(io.BytesIO(convert(pdf, settings, title, name)))
        page = document.pages[3]
        picture = document.make_stream(bytes(3 * 16), Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image,
                                       Width=4, Height=4, ColorSpace=pikepdf.Name.DeviceRGB, BitsPerComponent=8)
        page.obj.Resources.XObject = pikepdf.Dictionary(Planted=picture)
        page.contents_add(document.make_stream(b"q 10 0 0 10 20 20 cm /Planted Do Q"))
        out = io.BytesIO()
        document.save(out)
        return out.getvalue()

    monkeypatch.setattr(press, "press_pdf", with_rgb_picture)
    result = run_pnp("export", "tiny", "--for", "press", "--project", str(tiny.root), "--out", str(tmp_path / "p"))
    text = " ".join(result.output.split())
    assert result.exit_code == 2 and "nothing was written" in text
    assert "01-cards.pdf, page 4: Cards, The Raven (back): an image in DeviceRGB" in text
    assert not (tmp_path / "p").exists()


def test_press_options_are_refused_where_they_mean_nothing_or_are_wrong(tiny, tmp_path, monkeypatch):
    cases = {("--for", "mpc", "--profile", "fogra39"): "--profile: only for --for dtc or --for press",
             ("--for", "press", "--profile", "nope"): "--profile nope: expected fogra39 or swop",
             ("--for", "press", "--profile", ""): "--profile '': expected fogra39 or swop",
             ("--for", "tgc", "--profile", ""): "--profile: only for --for dtc or --for press",
             ("--for", "press", "--profile", str(tiny.card_data / "tiny" / "cards.yaml")): "expected fogra39 or swop",
             ("--for", "dtc", "--ink-limit", "90"): "90 is not in the range 160<=x<=400"}
    for arguments, words in cases.items():
        result = run_pnp("export", "tiny", *arguments, "--project", str(tiny.root), "--out", str(tmp_path / "x"))
        assert result.exit_code == 2 and words in " ".join(result.output.split()), result.output
    import shutil

    monkeypatch.setattr(shutil, "which", lambda name: None)
    result = run_pnp("export", "tiny", "--for", "press", "--project", str(tiny.root), "--out", str(tmp_path / "x"))
    assert result.exit_code == 2 and "install it (Debian or Ubuntu: sudo apt install ghostscript" in result.output
    assert not (tmp_path / "x").exists()


def test_what_a_layout_tells_a_home_printer_is_left_out_for_a_print_shop(tiny_exports):
    """`game.print_shop`: the backs' note is in the build's HTML, not in either export (dtc's
    decks render in the worker pool, the press's too)."""
    from pnp.games import get_game
    from pnp.project import Project
    from pnp.render.templates.views import game_view

    root = tiny_exports["root"]
    game = get_game(Project.at(root), "tiny")
    assert game_view(game).print_shop is False and game_view(game.printed_by_a_shop()).print_shop is True
    assert "Print me at home" in (root / "layouts" / "tiny" / "back.html").read_text()
    for service, name in (("dtc", "01-cards.pdf"), ("press", "01-cards.pdf")):
        document = pdfium.PdfDocument(tiny_exports[service] / name)
        text = " ".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
        assert "Tiny" in text and "Print me at home" not in text, service
