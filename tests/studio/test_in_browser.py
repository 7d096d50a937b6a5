"""`pnp studio` in Debian's Chromium (the `browser` fixture, tests/browser/chromium.py): one studio
per worker, started as a designer starts it, on a project holding a copy of Verset and the
starter game kept in a workbook, with an overlap planted on one card.
How fast a preview comes is bench/studio.py's to measure, not these tests'."""

import ctypes
import io
import json
import os
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import numpy
import openpyxl
import pytest
from openpyxl.styles import Font, PatternFill
from PIL import Image

from tests.conftest import copy_project, run_pnp

WAIT_MS = 20_000                 # what a step may take on a loaded machine before the test fails
ABILITIES = "card_data/verset/abilities.yaml"
PLANTED = ('{% if card.id == "the-crown" %}<div style="position: absolute; left: 6mm; top: 5.5mm; '
           'font-size: 11pt; color: #1d3a4a">Planted words</div>{% endif %}\n')


def _die_with_parent():
    ctypes.CDLL(None).prctl(1, signal.SIGKILL)


def _starter_in_a_workbook(root: Path) -> None:
    """The starter game's deck moved to cards.xlsx, beside a sheet of notes, its header styled."""
    import yaml

    folder = root / "card_data" / "tiny"
    cards = yaml.safe_load((folder / "cards.yaml").read_text())
    book = openpyxl.Workbook()
    notes = book.active
    notes.title = "notes"
    notes["A1"] = "Playtest notes: keep this sheet"
    notes["A1"].font = Font(bold=True, color="FF8800")
    sheet = book.create_sheet("cards")
    names = list(cards[0])
    sheet.append(names)
    for card in cards:
        sheet.append([card[name] for name in names])
    for cell in sheet[1]:
        cell.fill = PatternFill("solid", fgColor="FFDDAA")
    book.save(folder / "cards.xlsx")
    (folder / "cards.yaml").unlink()
    declaration = folder / "game.yaml"
    declaration.write_text(declaration.read_text().replace("data: cards.yaml", "data: cards.xlsx"))
    layout = root / "layouts" / "tiny" / "card.html"
    layout.write_text(layout.read_text().replace('  <div class="trim">\n', '  <div class="trim">\n' + PLANTED, 1))


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    """A studio on its own project, and its address with the run's token."""
    root = copy_project(tmp_path_factory.mktemp("studio") / "project", games=("verset",))
    assert run_pnp("new", "tiny", "--project", str(root)).exit_code == 0
    _starter_in_a_workbook(root)
    process = subprocess.Popen([sys.executable, "-c", "from pnp.cli import run; run()", "studio", "--port", "0",
                                "--no-open", "--project", str(root)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, preexec_fn=_die_with_parent, start_new_session=True)
    line = process.stdout.readline()
    assert line.startswith("studio: http://127.0.0.1:"), line + process.stderr.read()
    yield root, line.split()[1]
    os.killpg(process.pid, signal.SIGINT)           # Ctrl-C, as a terminal sends it to the whole group
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()


def _open(browser, address: str, where: str):
    """The studio's page at `where` (game, deck, row; its sheet and rulebook shown or not)."""
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    faults: list = []
    page.on("pageerror", lambda error: faults.append(str(error)))
    page.on("console", lambda message: faults.append(message.text) if message.type == "error" else None)
    page.goto(f"{address}#{where}")
    page.wait_for_selector("#sides img", timeout=WAIT_MS)
    return page, faults


def _face(page) -> numpy.ndarray:
    """The face's pixels as the page fetched them."""
    url = page.locator('#sides .card[data-side="face"] img').get_attribute("src")
    data = page.evaluate("async (url) => Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer()))", url)
    return numpy.asarray(Image.open(io.BytesIO(bytes(data))).convert("RGB"))


def _wait_for_a_new_face(page, before: str) -> None:
    page.wait_for_function("(before) => { const img = document.querySelector('#sides .card[data-side=\"face\"] img');"
                           " return img && img.getAttribute('src') !== before; }", arg=before, timeout=WAIT_MS)


def _face_src(page) -> str:
    return page.locator('#sides .card[data-side="face"] img').get_attribute("src")


def _rendered_now(root: Path, game_key: str, deck_key: str, row: int) -> numpy.ndarray:
    """The card's face as `pnp build` renders it (its deck's document, face then back) from the
    file on disk now, rasterised as the studio does."""
    from pnp.data.decks import load_deck
    from pnp.games import get_game
    from pnp.project import Project
    from pnp.render.cards import render_deck
    from pnp.studio.preview import rasterised

    project = Project.at(root)
    game = get_game(project, game_key)
    loaded = load_deck(project, game, next(deck for deck in game.decks if deck.key == deck_key))
    pdf = render_deck(project, game, loaded.deck, [loaded.cards[row]], str(loaded.located.file), None, loaded.located)
    return numpy.asarray(Image.open(io.BytesIO(rasterised(pdf)[0])).convert("RGB"))


NO_FOLLOW = "sheet=0&rulebook=0"      # the card alone: Verset's rulebook is not laid out for these


def test_a_name_edited_in_the_grid_is_written_in_place_and_previewed(browser, studio):
    root, address = studio
    path = root / ABILITIES
    before = path.read_bytes()
    page, faults = _open(browser, address, f"game=verset&deck=abilities&row=1&{NO_FOLLOW}")
    shown = _face(page)
    old_face = _face_src(page)
    cell = page.locator('input[data-row="1"][data-field="name"]')
    assert cell.input_value() == "Marked Deck"
    cell.fill("Marked Cards")
    cell.press("Enter")
    _wait_for_a_new_face(page, old_face)
    assert path.read_bytes() == before.replace(b"  name: Marked Deck\n", b"  name: Marked Cards\n")
    face = _face(page)
    assert numpy.array_equal(face, _rendered_now(root, "verset", "abilities", 1))
    assert (face != shown).any(axis=2).mean() > 0.001           # the name's pixels changed
    assert "problem" not in page.locator("#status").text_content()
    assert not faults


def test_a_save_from_another_editor_updates_the_grid_and_the_preview(browser, studio):
    root, address = studio
    path = root / ABILITIES
    page, faults = _open(browser, address, f"game=verset&deck=abilities&row=2&{NO_FOLLOW}")
    old_face = _face_src(page)
    path.write_text(path.read_text().replace("name: Dead Man’s Draw", "name: Dead Man’s Hand"))
    page.wait_for_function("() => document.querySelector('input[data-row=\"2\"][data-field=\"name\"]').value"
                           " === 'Dead Man’s Hand'", timeout=WAIT_MS)
    _wait_for_a_new_face(page, old_face)
    assert numpy.array_equal(_face(page), _rendered_now(root, "verset", "abilities", 2))
    assert not faults


def test_a_choice_typo_is_shown_at_its_cell_and_the_card_not_rendered(browser, studio):
    root, address = studio
    path = root / ABILITIES
    good = path.read_text()
    page, faults = _open(browser, address, f"game=verset&deck=abilities&row=3&{NO_FOLLOW}")
    requests: list = []
    page.on("request", lambda request: requests.append(request.url) if "/api/preview" in request.url else None)
    typo = good.replace("- id: steady-hand\n  name: Steady Hand\n  type: activatable\n",
                        "- id: steady-hand\n  name: Steady Hand\n  type: activatible\n")
    assert typo != good
    try:
        path.write_text(typo)
        cell = page.locator('tr[data-row="3"] td[data-column="type"]')
        cell.locator(".problem").wait_for(timeout=WAIT_MS)
        assert "fault" in cell.get_attribute("class")
        assert "Did you mean 'activatable'?" in cell.locator(".problem").text_content()
        assert cell.locator("select").input_value() == "activatible"
        assert page.locator("#not-rendered").is_visible()
        assert "type" in page.locator("#not-rendered").text_content()
        assert page.locator("#sides img").count() == 0
        assert requests == []                  # nothing asked to render
    finally:
        path.write_text(good)
    assert not faults


def test_a_planted_overlap_is_outlined_on_the_preview(browser, studio):
    root, address = studio
    page, faults = _open(browser, address, f"game=tiny&deck=cards&row=5&{NO_FOLLOW}")
    outline = page.locator('#sides .card[data-side="face"] .outline[data-kind="overlaps"]').first
    outline.wait_for(timeout=WAIT_MS)
    card = page.locator('#sides .card[data-side="face"]').bounding_box()
    box = outline.bounding_box()
    scale = card["width"] / (63 + 2 * 3)                       # px per mm, the bleed shown
    assert abs((box["x"] - card["x"]) / scale - (3 + 5)) < 2   # near the name's box, 5 mm in from the trim
    assert (box["y"] - card["y"]) / scale < 3 + 14
    assert "layouts/tiny/card.html" in page.locator("#findings").text_content()
    shot = numpy.asarray(Image.open(io.BytesIO(page.locator('#sides .card[data-side="face"]').screenshot())).convert("RGB"))
    outline_red = (shot[:, :, 0] > 230) & (shot[:, :, 1] < 40) & (shot[:, :, 2] > 50) & (shot[:, :, 2] < 120)
    assert outline_red.sum() > 50
    assert not faults


def test_an_xlsx_deck_edited_keeps_its_other_sheets_and_styles(browser, studio):
    root, address = studio
    path = root / "card_data" / "tiny" / "cards.xlsx"
    page, faults = _open(browser, address, f"game=tiny&deck=cards&row=1&{NO_FOLLOW}")
    old_face = _face_src(page)
    cell = page.locator('input[data-row="1"][data-field="name"]')
    cell.fill("The Grey Raven")
    cell.press("Enter")
    _wait_for_a_new_face(page, old_face)
    book = openpyxl.load_workbook(path)
    assert book.sheetnames == ["notes", "cards"]
    assert book["notes"]["A1"].value == "Playtest notes: keep this sheet"
    assert book["notes"]["A1"].font.bold and book["notes"]["A1"].font.color.rgb == "00FF8800"
    assert book["cards"]["B3"].value == "The Grey Raven"
    assert [cell.fill.fgColor.rgb for cell in book["cards"][1]] == ["00FFDDAA"] * 5
    assert [cell.value for cell in book["cards"][2]][:2] == ["the-lantern", "The Lantern"]
    assert numpy.array_equal(_face(page), _rendered_now(root, "tiny", "cards", 1))
    assert not faults


def test_the_sheet_and_rulebook_follow_and_a_chapters_script_does_not_run(browser, studio):
    root, address = studio
    chapter = root / "card_data" / "tiny" / "rulebook" / "01-how-to-play.md"
    page, faults = _open(browser, address, "game=tiny&deck=cards&row=0")
    page.wait_for_selector("#sheet", timeout=WAIT_MS)
    page.wait_for_selector("#rulebook-pages img", timeout=WAIT_MS)
    assert page.locator("#sheet-note").text_content().startswith("sheet 1 of 1")
    assert page.locator("#rulebook-pages figcaption").text_content() == "page 3"      # the chapter that draws it
    good = chapter.read_text()
    try:
        chapter.write_text(good + '\n<script>window.chapterRan = 1</script>\n<img src="x" onerror="window.chapterRan = 2">\n')
        page.wait_for_function("() => /found a <script> element/.test(document.querySelector('#rulebook-note').textContent)",
                               timeout=WAIT_MS)
        assert "01-how-to-play.md:19" in page.locator("#rulebook-note").text_content()
        assert page.locator("#rulebook-pages img").count() == 0
        assert page.evaluate("() => window.chapterRan") is None
        assert page.locator("script").count() == 1                 # the studio's own
    finally:
        chapter.write_text(good)
    assert not faults


def _asked(address: str, path: str, token: str | None = None, data: bytes | None = None, headers: dict = {}) -> int:
    base = address.split("/?")[0]
    url = base + path + (("&" if "?" in path else "?") + "token=" + token if token else "")
    request = urllib.request.Request(url, data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def test_a_request_without_the_token_is_refused(studio):
    root, address = studio
    token = address.split("token=")[1]
    before = (root / ABILITIES).read_bytes()
    edit = json.dumps({"game": "verset", "deck": "abilities", "version": "x", "operation": "delete", "row": 0}).encode()
    assert _asked(address, "/api/games") == 403
    assert _asked(address, "/") == 403
    assert _asked(address, "/api/games", token="wrong" + token) == 403
    assert _asked(address, "/api/games", token=token) == 200
    assert _asked(address, "/api/games", token=token, headers={"Host": "evil.example:80"}) == 403
    form = {"Content-Type": "text/plain"}
    assert _asked(address, "/api/edit", token=token, data=edit, headers=form) == 403          # a form post
    page = {"Content-Type": "application/json", "X-Studio-Token": token, "Origin": "http://evil.example"}
    assert _asked(address, "/api/edit", data=edit, headers=page) == 403
    assert (root / ABILITIES).read_bytes() == before
