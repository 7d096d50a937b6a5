"""Fuzzing every game of the registry: whatever a data file, a declaration, an example or a
chapter holds, pnp answers with its result or with Problems (DataError), never another
exception. Parametrized over the games, so every future game joins automatically."""

import csv
import io
import shutil

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.check import check_game
from pnp.data.decks import load_game
from pnp.errors import DataError, PnpError
from pnp.games import game_keys, get_game
from pnp.project import Project
from tests.conftest import ROOT, copy_project

GAMES = game_keys(Project.at(ROOT))
# Sized for what they prove: each example plants values from every branch of `values` into a
# game's files; the examples are fixed (derandomize), so a run adds no new coverage past that.
FUZZ = settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-10**30, max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=60),
    st.sampled_from(["", " ", "{gall}", "{nope}", "{{ 7*7 }}", "<b>x</b>", "\x07", "²", "A", "10", "-1",
                     "99999999999999999999", "three-headed-wolf", "../../etc/passwd", "é" * 5]))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                      max_leaves=12)


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return Project.at(copy_project(tmp_path_factory.mktemp("fuzz") / "project"))


def restore(project, relative):
    shutil.copyfile(ROOT / relative, project.root / relative)


def answers_in_words(call):
    try:
        call()
    except PnpError:
        pass


def write_cards(path, cards):
    if path.suffix == ".csv":
        columns = sorted({key for card in cards for key in card})
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=columns)
        writer.writeheader()
        for card in cards:
            writer.writerow({k: "" if v is None else str(v) for k, v in card.items()})
        path.write_text(buffer.getvalue())
    else:
        path.write_text(yaml.safe_dump(cards, allow_unicode=True))


@pytest.mark.parametrize("key", GAMES)
@FUZZ
@given(data=st.data())
def test_any_card_value_is_loaded_or_refused_in_words(project, key, data):
    game = get_game(project, key)
    deck = data.draw(st.sampled_from(game.decks))
    relative = f"card_data/{key}/{deck.source}"
    original = [c for c in (yaml.safe_load((ROOT / relative).read_text()) if deck.source.endswith(".yaml")
                            else list(csv.DictReader(io.StringIO((ROOT / relative).read_text()))))]
    cards = [dict(card) for card in original]
    index = data.draw(st.integers(0, len(cards) - 1))
    field = data.draw(st.sampled_from(sorted(cards[index]) + ["an-unknown-key"]))
    cards[index][field] = data.draw(values)
    try:
        write_cards(project.root / relative, cards)
        answers_in_words(lambda: load_game(project, game))
    finally:
        restore(project, relative)


@pytest.mark.parametrize("key", GAMES)
@FUZZ
@given(data=st.data())
def test_any_declaration_value_is_read_or_refused_in_words(project, key, data):
    relative = f"card_data/{key}/game.yaml"
    declaration = yaml.safe_load((ROOT / relative).read_text())
    if data.draw(st.booleans()):
        name = data.draw(st.sampled_from(sorted(declaration) + ["extra"]))
        declaration[name] = data.draw(values)
    else:
        deck = data.draw(st.sampled_from(declaration["decks"]))
        name = data.draw(st.sampled_from(sorted(deck) + ["extra"]))
        deck[name] = data.draw(values)
    try:
        (project.root / relative).write_text(yaml.safe_dump(declaration, allow_unicode=True))
        answers_in_words(lambda: load_game(project, get_game(project, key)))
    finally:
        restore(project, relative)


@pytest.mark.parametrize("key", GAMES)
@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(data=st.data())
def test_any_example_and_chapter_is_checked_or_refused_in_words(project, key, data):
    game = get_game(project, key)
    examples = sorted((project.card_data / key / "examples").glob("*.yaml"))
    chapters = sorted((project.card_data / key / "rulebook").rglob("*.md"))
    if data.draw(st.booleans()) and examples:
        path = data.draw(st.sampled_from(examples))
        items = yaml.safe_load(path.read_text())
        item = data.draw(st.sampled_from(items))
        part = data.draw(st.sampled_from(["setup", "expect"]))
        if isinstance(item.get(part), dict) and item[part]:
            item[part][data.draw(st.sampled_from(sorted(item[part])))] = data.draw(values)
        new_text = yaml.safe_dump(items, allow_unicode=True)
    elif chapters:
        path = data.draw(st.sampled_from(chapters))
        snippet = data.draw(st.one_of(st.text(max_size=40), st.sampled_from([
            "{{ ex['nope'].total }}", "{% for x in counts %}", "{{ card('verses', 'nobody') }}",
            "{{ range(10**6)|list|length }}", "```example\nid: x\nkind: hand\n```", "{{ 'a' * 999999 }}"])))
        new_text = path.read_text() + "\n" + snippet + "\n"
    else:
        return
    relative = path.relative_to(project.root)
    try:
        path.write_text(new_text)
        report = check_game(project, game)
        assert all(str(problem) for problem in report.problems)
    except DataError:
        pass
    finally:
        restore(project, relative)


# --- spreadsheets (issue 26): any cell, any damage to the workbook, answered in words ----------

cell_values = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-10**30, max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True), st.datetimes(), st.dates(),
    st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs")), max_size=60),
    st.sampled_from(["", " ", "=1+1", '=HYPERLINK("http://example.com")', "{gall}", "{nope}", "id", "count",
                     "9" * 5000, "x" * 20_000, "-1", "0", "1001", "three-headed-wolf", "true"]))


def _table_rows(relative) -> list[list]:
    """A CSV deck as a spreadsheet keeps it: whole numbers as numbers, blank cells empty."""
    with (ROOT / relative).open(newline="") as handle:
        return [[int(cell) if cell.isdigit() else (cell or None) for cell in row] for row in csv.reader(handle)]


def _save_workbook(path, rows) -> None:
    import openpyxl

    book = openpyxl.Workbook()
    book.active.title = "fuzz"
    for row in rows:
        book.active.append(row)
    book.save(path)


@pytest.mark.parametrize("key", GAMES)
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(data=st.data())
def test_any_spreadsheet_cell_is_loaded_or_refused_in_words(project, key, data):
    import re

    tables = [deck for deck in get_game(project, key).decks if deck.source.endswith(".csv")]
    if not tables:
        return
    deck = data.draw(st.sampled_from(tables))
    rows = _table_rows(f"card_data/{key}/{deck.source}")
    row, column = data.draw(st.integers(0, len(rows) - 1)), data.draw(st.integers(0, len(rows[0])))
    rows[row] += [None] * (column + 1 - len(rows[row]))
    rows[row][column] = data.draw(cell_values)
    declaration = f"card_data/{key}/game.yaml"
    workbook = project.card_data / key / "fuzz.xlsx"
    text = (ROOT / declaration).read_text()
    try:
        _save_workbook(workbook, rows)
        (project.root / declaration).write_text(re.sub(rf"^(\s*)data: {re.escape(deck.source)}$",
                                                       r"\1data: fuzz.xlsx\n\1sheet: fuzz", text, count=1, flags=re.M))
        answers_in_words(lambda: load_game(project, get_game(project, key)))
    finally:
        restore(project, declaration)
        workbook.unlink(missing_ok=True)


_WORKBOOK_PARTS: dict = {}


def _workbook_parts() -> dict:
    """The parts of one small workbook, made once (openpyxl stamps the time in each)."""
    import zipfile

    if not _WORKBOOK_PARTS:
        buffer = io.BytesIO()
        _save_workbook(buffer, [["id", "name", "value", "count"], ["a", "Gold", 3, 2], ["b", "Lead", None, 1]])
        with zipfile.ZipFile(buffer) as archive:
            _WORKBOOK_PARTS.update({name: archive.read(name) for name in archive.namelist()})
    return dict(_WORKBOOK_PARTS)


def _zipped(parts: dict) -> bytes:
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(data=st.data())
def test_any_damaged_workbook_is_read_or_refused_in_words(project, data):
    """Damage inside a part (re-zipped, so openpyxl parses it) or to the zip's own bytes."""
    from pnp.data.xlsx_source import load_xlsx

    parts = _workbook_parts()
    if data.draw(st.booleans()):
        name = data.draw(st.sampled_from(sorted(parts)))
        part = bytearray(parts[name])
        start = data.draw(st.integers(0, len(part) - 1))
        end = data.draw(st.integers(start, min(len(part), start + 40)))
        part[start:end] = data.draw(st.one_of(st.binary(max_size=12), st.sampled_from([
            b"", b"<", b"&amp;", b'r="XFD1"', b'r="A99999999"', b't="s"', b"<v>99</v>", b"<!DOCTYPE a>",
            b'<dimension ref="A1:XFD1048576"/>', b"\xff\xfe", part[start:end] * 3])))
        parts[name] = bytes(part)
        content = _zipped(parts)
    else:
        content = bytearray(_zipped(parts))
        for _ in range(data.draw(st.integers(1, 4))):
            content[data.draw(st.integers(0, len(content) - 1))] = data.draw(st.integers(0, 255))
        content = bytes(content[:data.draw(st.integers(0, len(content)))])
    path = project.card_data / "fuzz.xlsx"
    try:
        path.write_bytes(content)
        answers_in_words(lambda: load_xlsx(path, "fuzz", "card_data/fuzz.xlsx", project.root))
    finally:
        path.unlink(missing_ok=True)


# --- card files for `pnp impose` (issue 26): any damage to an image or PDF, answered in words ----

_CARD_FILES: dict = {}
PNG_SIDES = [0, 1, 2, 7, 255, 256, 65_535, 13_000, 2**31 - 1, 2**32 - 1]


def _card_files() -> dict:
    """One small card file of each kind `pnp impose` reads differently, made once."""
    from PIL import Image

    if not _CARD_FILES:
        picture = Image.effect_noise((46, 64), 70).convert("RGB")
        variants = {"plain.png": (picture, "PNG", {}), "alpha.png": (picture.convert("RGBA"), "PNG", {}),
                    "palette.png": (picture.convert("P"), "PNG", {}),
                    "interlaced.png": (picture, "PNG", {"interlace": 1}),
                    "grey16.png": (picture.convert("I;16"), "PNG", {}),
                    "card.jpg": (picture, "JPEG", {"quality": 80}), "cmyk.jpg": (picture.convert("CMYK"), "JPEG", {}),
                    "deck.pdf": (picture, "PDF", {"resolution": 72})}
        for name, (image, kind, options) in variants.items():
            buffer = io.BytesIO()
            image.save(buffer, kind, **options)
            _CARD_FILES[name] = buffer.getvalue()
    return dict(_CARD_FILES)


def _with_header(png: bytes, data) -> bytes:
    """The PNG with its IHDR fields (sides, depth, colour type, interlace) redrawn, its CRC made good."""
    import struct
    import zlib

    width, height, depth, colour, compression, filtering, interlace = struct.unpack(">IIBBBBB", png[16:29])
    width = data.draw(st.sampled_from([width, *PNG_SIDES]))
    height = data.draw(st.sampled_from([height, *PNG_SIDES]))
    depth = data.draw(st.sampled_from([depth, 1, 2, 4, 7, 8, 16, 255]))
    colour = data.draw(st.sampled_from([colour, 0, 1, 2, 3, 4, 6, 7]))
    interlace = data.draw(st.sampled_from([interlace, 0, 1, 2]))
    header = struct.pack(">IIBBBBB", width, height, depth, colour, compression, filtering, interlace)
    return png[:16] + header + struct.pack(">I", zlib.crc32(b"IHDR" + header)) + png[33:]


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(data=st.data())
def test_any_damaged_card_file_is_imposed_or_refused_in_words(data):
    """A card image or PDF with its header redrawn, bytes overwritten or cut short: `pnp impose`
    places it or names it in a Problem, never another exception, and leaves nothing behind."""
    import tempfile
    from pathlib import Path

    from pnp.impose import ImposeOptions, impose_folder

    files = _card_files()
    name = data.draw(st.sampled_from(sorted(files)))
    content = files[name]
    if name.endswith(".png") and data.draw(st.booleans()):
        content = _with_header(content, data)
    damage = data.draw(st.sampled_from(["none", "overwrite", "cut", "both"]))
    if damage in ("overwrite", "both"):
        content = bytearray(content)
        start = data.draw(st.integers(0, len(content) - 1))
        end = data.draw(st.integers(start, min(len(content), start + 40)))
        content[start:end] = data.draw(st.one_of(st.binary(max_size=16), st.sampled_from([
            b"", b"\x00" * 8, b"\xff" * 8, b"IEND", b"IDAT", b"tRNS", b"\xff\xd9", b"\xff\xc0", b"/Count 99999999",
            b"/MediaBox [0 0 0 0]", b"/Rotate 45", b"obj", b"endobj", b"99999999999999999999"])))
    if damage in ("cut", "both"):
        content = content[:data.draw(st.integers(0, len(content)))]
    with tempfile.TemporaryDirectory() as folder:
        faces = Path(folder) / "faces"
        faces.mkdir()
        (faces / name).write_bytes(bytes(content))
        out = Path(folder) / "out" / "sheets.pdf"
        try:
            impose_folder(faces, ImposeOptions((63.0, 88.0), duplex="none"), out)
        except PnpError as error:
            assert str(error) and name in str(error)
            assert sorted(p.name for p in Path(folder).iterdir()) == ["faces"]
        else:
            assert out.is_file()


# --- site templates (issue 26): any snippet in a site page, rendered or refused in words ---------

SITE_SNIPPETS = st.one_of(st.text(max_size=40), st.sampled_from([
    "{{ '%0999999999d' % 1 }}", "{{ '{:>999999999}'.format(1) }}", "{{ site_title|center(999999999) }}",
    "{% set ns = namespace(s='ab') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
    "{{ ('a' * 999999)|replace('a', 'bb') }}", "{{ ('\\n' * 99999)|indent(99) }}", "{{ range(10**6)|list|length }}",
    "{{ games|tojson(indent=999999) }}", "{% for x in games %}", "{{ nothing.here }}", "{{ ''.__class__.__mro__ }}",
    "<div>" * 250, "{% for i in range(30000) %}<p></p>{% endfor %}", "{{ 'word ' * 150000 }}",
    "<style>@counter-style x { system: symbolic; symbols: a }</style>",
    "<svg><g id='a'><use href='#a'/></g></svg>", "<svg><image href='/etc/passwd'/></svg>",
    "{% include 'site/nothing.html' %}", "{% macro m(s) %}{{ s }}{{ s }}{% endmacro %}{{ m(m(m(site_title))) }}"]))


def _site_page(title: str) -> dict:
    """A game's page as pnp site describes it (pnp.site.pages.game_page), without building the game."""
    entry = {"href": "a4/cards.pdf", "name": "cards.pdf", "title": title, "pages": 2, "cards": 9, "size": "1 MB",
             "sha256": "0" * 64, "thumb": "thumbs/a4-cards.png", "thumb_width": 240, "thumb_height": 340,
             "stock": "card", "sides": "both", "note": "", "rulebook": False, "pages_words": "2 pages",
             "cards_words": "9 pieces"}
    paper = {"key": "a4", "title": "A4", "files": [entry],
             "zip": {"href": "x-a4.zip", "size": "1 MB", "sha256": "0" * 64, "count": 1}}
    return {"key": "x", "title": title, "players": "2", "play_time": "20 min", "pitch": title, "cover": "cover.png",
            "cover_alt": title, "language": "en", "accent": "#223344", "accent_text": "#ffffff", "title_font": None,
            "papers": [paper], "rulebooks": [], "reference": None, "other_references": []}


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(data=st.data())
def test_any_site_template_is_rendered_or_refused_in_words(project, data):
    """A snippet anywhere in a site template, any title: the page renders, or the template is
    named in a Problem; never another exception."""
    from pnp.site import _render
    from pnp.site.languages import page_words

    template = data.draw(st.sampled_from(["base.html", "index.html", "printing.html", "game.html"]))
    relative = f"layouts/site/{template}"
    lines = (ROOT / relative).read_text().splitlines(keepends=True)
    at = data.draw(st.integers(0, len(lines)))
    page = _site_page(data.draw(st.text(max_size=30)))
    context = {"root": "", "here": "index", "site_title": data.draw(st.text(max_size=30)), "games": [page],
               "lang": "en", "suffix": "", "words": page_words(project, "en"), "switch": [],
               "nav_games": [{"key": "x", "title": page["title"], "language": "en"}],
               "scale_bar": None, "calibration": [], "game": page}
    try:
        (project.root / relative).write_text("".join(lines[:at] + [data.draw(SITE_SNIPPETS) + "\n"] + lines[at:]))
        for name in ("index.html", "printing.html", "game.html"):
            assert isinstance(_render(project, name, **context), bytes)
    except PnpError as error:
        assert str(error) and "layouts/site/" in str(error)
    finally:
        restore(project, relative)
