"""`pnp site`: the download pages, their files, and what they say about each file."""

import hashlib
import io
import re
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image

from pnp.games import get_game
from pnp.project import Project
from pnp.site import text_on
from pnp.site.archive import deterministic_zip
from pnp.site.catalogue import how_to_print
from pnp.site.languages import page_words
from tests.conftest import ROOT, SITE_PAPERS, run_pnp

GAMES = ("verset", "verso", "wizard")


def _editions(game) -> dict:
    """The game's editions (folders) by language, and the page (index.html, index.fr.html) that lists them."""
    return {language: ([paper if language == game.language else f"{paper}-{language}" for paper in SITE_PAPERS],
                       "index.html" if language == "en" else f"index.{language}.html")
            for language in game.languages}


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.images, self.headings, self.landmarks = [], [], [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a" and "href" in attrs:
            self.links.append(attrs["href"])
        if tag == "link" and attrs.get("rel") == "stylesheet":
            self.links.append(attrs["href"])
        if tag == "img":
            self.images.append(attrs)
        if re.fullmatch(r"h[1-6]", tag):
            self.headings.append(int(tag[1]))
        if tag in ("header", "nav", "main", "footer"):
            self.landmarks.append(tag)


def _parse(path: Path) -> Links:
    parser = Links()
    parser.feed(path.read_text())
    return parser


def _pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_every_game_has_a_page_with_every_pdf_of_its_papers(built_site):
    for key in GAMES:
        game = get_game(Project(ROOT), key)
        editions = _editions(game)
        assert sorted(p.name for p in (built_site / key).iterdir() if p.is_dir() and p.name[0] in "al") == \
            sorted(edition for papers, _ in editions.values() for edition in papers)
        for language, (papers, name) in editions.items():
            index = (built_site / name).read_text()
            assert f'href="{key}/{name}"' in index and game.in_language(language).pitch in index
            page = (built_site / key / name).read_text()
            _every_pdf_on_the_page(built_site, key, papers, page)


def _every_pdf_on_the_page(built_site, key, papers, page):
    for paper in papers:
        built = sorted(p.name for p in (built_site / key / paper).glob("*.pdf"))
        assert "rulebook.pdf" in built and "rulebook-booklet.pdf" not in built      # the run's site: --no-booklet
        assert len(built) >= 3          # cards, aids, the rulebook at least
        for name in built:
            data = (built_site / key / paper / name).read_bytes()
            assert f'href="{paper}/{name}"' in page
            assert hashlib.sha256(data).hexdigest() in page
            assert (built_site / key / "thumbs" / f"{paper}-{name.removesuffix('.pdf')}.png").is_file()
        with zipfile.ZipFile(built_site / key / f"{key}-{paper}.zip") as archive:
            assert sorted(Path(n).name for n in archive.namelist()) == built
            for info in archive.infolist():
                assert archive.read(info) == (built_site / key / paper / Path(info.filename).name).read_bytes()


def test_the_site_pdfs_equal_a_build(built_site, built):
    for path in sorted(Path(built["a4"]).glob("*.pdf")):
        assert (built_site / "verset" / "a4" / path.name).read_bytes() == path.read_bytes(), path.name


def test_every_link_and_image_resolves_to_a_file_in_the_site(built_site):
    for page in _pages(built_site):
        parsed = _parse(page)
        assert parsed.images or "/reference" in page.as_posix(), page   # a game without card pictures in its examples
        for target in parsed.links + [image["src"] for image in parsed.images]:
            url = urlparse(target)
            assert not url.scheme and not url.netloc and not target.startswith("/"), (page, target)
            if url.path:
                assert (page.parent / unquote(url.path)).resolve().is_file(), (page, target)
        for image in parsed.images:
            assert image.get("alt"), (page, image)
            if "width" in image:
                with Image.open(page.parent / image["src"]) as picture:
                    assert picture.size == (int(image["width"]), int(image["height"])), image["src"]


def test_pages_have_landmarks_and_headings_in_order(built_site):
    for page in _pages(built_site):
        parsed = _parse(page)
        assert {"header", "nav", "main", "footer"} <= set(parsed.landmarks), page
        assert parsed.headings[0] == 1 and parsed.headings.count(1) == 1, page
        for before, after in zip(parsed.headings, parsed.headings[1:]):
            assert after <= before + 1, (page, parsed.headings)


def test_how_to_print_each_file():
    game = get_game(Project(ROOT), "verset")
    words = page_words(Project(ROOT), "en")
    deck = how_to_print(game, "verses.pdf", "A4", words)
    assert deck.title == "Verse cards" and "cardstock" in deck.stock and "long edge" in deck.sides
    assert "short edge" in how_to_print(game, "rulebook-booklet.pdf", "A4", words).sides
    assert "paper" in how_to_print(game, "campaign-sheet.pdf", "A4", words).stock
    tiles = how_to_print(game, "playmat-tiles.pdf", "US Letter", words)
    assert "tape" in tiles.note and "US Letter" in tiles.note
    wizard = get_game(Project(ROOT), "wizard")
    assert how_to_print(wizard, "mage-pawns.pdf", "A4", words).sides.startswith("single-sided (fold")


def test_text_on_a_colour_meets_aa_contrast():
    assert text_on("#17151d") == "#ffffff"
    assert text_on("#f4e9d0") == "#141414"


def test_zips_do_not_depend_on_the_clock():
    files = [("b.txt", b"two"), ("a.txt", b"one")]
    first = deterministic_zip(files)
    assert first == deterministic_zip(list(reversed(files)))
    with zipfile.ZipFile(io.BytesIO(first)) as archive:
        assert archive.namelist() == ["a.txt", "b.txt"]
        assert all(info.date_time == (1980, 1, 1, 0, 0, 0) for info in archive.infolist())


def test_a_site_offers_both_papers_unless_one_is_named_and_is_the_same_laid_out_afresh(tiny, tmp_path, monkeypatch):
    """The starter game's site as `pnp site` makes it: both papers, with the same pieces, a zip each
    and the calibration sheets of each; made again with every page laid out afresh, the same
    bytes; `--paper letter` offers Letter alone, and its pages say so."""
    def site(out, *options):
        result = run_pnp("site", "--games", "tiny", "--out", str(out), *options, "--project", str(tiny.root))
        assert result.exit_code == 0, result.output
        return out

    first = site(tmp_path / "first")
    a4, letter = (sorted(p.name for p in (first / "tiny" / paper).glob("*.pdf")) for paper in ("a4", "letter"))
    assert a4 == letter and "rulebook.pdf" in a4 and "rulebook-booklet.pdf" in a4
    page = (first / "tiny" / "index.html").read_text()
    for paper in ("a4", "letter"):
        assert f'href="tiny-{paper}.zip"' in page and (first / "tiny" / f"tiny-{paper}.zip").is_file()
        for duplex in ("long", "short"):
            assert (first / "printing" / f"calibration-{paper}-{duplex}.pdf").is_file()
    assert "for A4 and US Letter paper" in (first / "index.html").read_text()
    assert "A4 or US Letter" in (first / "printing.html").read_text()

    monkeypatch.setenv("PNP_CACHE", "off")
    again = site(tmp_path / "again")
    files = sorted(path.relative_to(first) for path in first.rglob("*") if path.is_file())
    assert files == sorted(path.relative_to(again) for path in again.rglob("*") if path.is_file())
    for name in files:
        assert (first / name).read_bytes() == (again / name).read_bytes(), name

    monkeypatch.setenv("PNP_CACHE", "on")
    only = site(tmp_path / "letter", "--paper", "LETTER")
    assert sorted(p.name for p in (only / "tiny").iterdir() if p.is_dir() and p.name[0] in "al") == ["letter"]
    assert sorted(p.name for p in (only / "printing").glob("calibration-*")) == [
        "calibration-letter-long.pdf", "calibration-letter-short.pdf"]
    assert "for US Letter paper" in (only / "index.html").read_text()
    assert "Every file is made for US Letter paper" in (only / "printing.html").read_text()
    assert 'href="a4/' not in (only / "tiny" / "index.html").read_text()


def test_an_unknown_game_is_refused_by_name(tmp_path):
    result = run_pnp("site", "--out", str(tmp_path / "s"), "--games", "verset,wizzard", "--project", str(ROOT))
    assert result.exit_code == 2 and "wizzard" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "s").exists()


def test_a_broken_game_leaves_the_previous_site(project_copy, tmp_path):
    assert run_pnp("new", "lanterns", "--project", str(project_copy)).exit_code == 0
    target = tmp_path / "site"
    assert run_pnp("site", "--out", str(target), "--games", "lanterns", "--project", str(project_copy)).exit_code == 0
    before = {p: p.read_bytes() for p in target.rglob("*") if p.is_file()}
    data = project_copy / "card_data" / "lanterns" / "cards.yaml"
    data.write_text(data.read_text().replace("value: 7", "value: seven", 1))
    result = run_pnp("site", "--out", str(target), "--games", "lanterns", "--project", str(project_copy))
    assert result.exit_code == 2 and "cards.yaml:" in result.output
    assert {p: p.read_bytes() for p in target.rglob("*") if p.is_file()} == before


def test_a_cover_card_that_is_not_in_its_deck_is_named(project_copy):
    declaration = project_copy / "card_data" / "wizard" / "game.yaml"
    declaration.write_text(declaration.read_text().replace("cards: [witch, fireball", "cards: [wich, fireball"))
    result = run_pnp("check", "wizard", "--project", str(project_copy))
    line = next(n for n, text in enumerate(declaration.read_text().splitlines(), 1) if "[wich, fireball" in text)
    assert result.exit_code == 2
    assert f"card_data/wizard/game.yaml:{line}: cover.cards[0]" in result.output and "'wich'" in result.output


@pytest.mark.parametrize("breakage, expected", [
    (lambda p: (p / "layouts/site/game.html").write_text("{% extends 'site/base.html' %}\n{% block main %}{{ game.nope }}{% endblock %}\n"),
     "layouts/site/game.html:2"),
    (lambda p: (p / "layouts/site/index.html").write_text("{% for %}\n"), "layouts/site/index.html:1"),
    (lambda p: (p / "layouts/site/site.css").unlink(), "layouts/site/site.css"),
])
def test_broken_site_templates_are_named_and_nothing_is_written(project_copy, breakage, expected):
    assert run_pnp("new", "lanterns", "--project", str(project_copy)).exit_code == 0
    breakage(project_copy)
    out = project_copy / "site-out"
    result = run_pnp("site", "--games", "lanterns", "--out", str(out), "--project", str(project_copy))
    assert result.exit_code == 2, result.output
    assert expected in result.output and "Traceback" not in result.output
    assert not out.exists()


def test_the_printing_page_offers_the_calibration_sheets(built_site, tmp_path):
    page = (built_site / "printing.html").read_text()
    for paper in SITE_PAPERS:
        for duplex in ("long", "short"):
            name = f"calibration-{paper}-{duplex}.pdf"
            assert f'href="printing/{name}"' in page
            out = tmp_path / name
            assert run_pnp("calibrate", "--paper", paper, "--duplex", duplex, "--out", str(out),
                           "--project", str(ROOT)).exit_code == 0
            assert (built_site / "printing" / name).read_bytes() == out.read_bytes()
    assert "--duplex-offset X,Y" in page


def test_every_game_has_a_rules_reference_with_every_card_and_its_search_index(built_site):
    import json

    from pnp.data.decks import load_game
    from pnp.games import game_keys, get_game
    from pnp.project import Project
    from pnp.reference.entries import card_anchor

    project = Project.at(ROOT)
    for key in game_keys(project):
        game = get_game(project, key).with_all_modules()
        cards = {card_anchor(d.deck.key, c.id) for d in load_game(project, game) for c in d.cards}
        for language in game.languages or (game.language,):
            folder = built_site / key / ("reference" if language == game.language else f"reference-{language}")
            for name in ("index.html", "glossary.html", "cards.html", "faq.html", "examples.html"):
                assert f'<html lang="{language}">' in (folder / name).read_text(), (folder, name)
            page = (folder / "cards.html").read_text()
            assert all(f'id="{anchor}"' in page and (folder / "pictures" / f"{anchor}.png").is_file()
                       for anchor in cards), folder
            script = (folder / "search-index.js").read_text()
            entries = json.loads(script.removeprefix("window.PNP_REFERENCE = ").rstrip().removesuffix(";"))
            assert {e["href"].split("#")[1] for e in entries if e["kind"] == "card"} == cards
            assert {e["kind"] for e in entries} == {"rule", "term", "card", "ruling", "example"}
        assert 'href="reference/index.html"' in (built_site / key / "index.html").read_text()
    assert (built_site / "minisearch.js").is_file() and (built_site / "minisearch-LICENSE.txt").is_file()


def test_a_reference_made_on_a_kept_pool_keys_its_pictures_by_today_s_inputs(tiny, monkeypatch):
    """pnp serve keeps its pool between rebuilds: a process that last rendered before a stylesheet
    was edited still held that build's render inputs, and the reference's card pictures came from
    the cache entries of the old stylesheet."""
    import pnp.site
    from pnp.inputs import render_inputs
    from pnp.render import cache

    cache.use_salt(tiny.root, "the inputs of a build before the edit")
    seen = []
    monkeypatch.setattr(pnp.site, "game_reference", lambda project, game, common: seen.append(
        cache._salts[str(tiny.root.resolve())]) or [])
    pnp.site.game_reference_by_key(tiny, "tiny", {})
    assert seen == [render_inputs(tiny)]


def test_the_reference_draws_its_cards_from_the_pages_the_build_laid_out(built_site):
    """In every language of the game (here The Last Wizard's French, its deck titles translated),
    the reference's card pictures are read from the page cache the site's build filled: nothing
    is laid out again."""
    from pnp.data.decks import load_game
    from pnp.inputs import render_inputs
    from pnp.render import cache
    from pnp.site.reference import card_pictures

    project = Project.at(ROOT)
    game = get_game(project, "wizard")
    loaded = load_game(project, game)
    cache.use_salt(project.root, render_inputs(project))
    before = cache.layouts_done()
    for language in game.languages:
        assert card_pictures(project, game.in_language(language), loaded)
    assert cache.layouts_done() == before


def test_a_partly_translated_game_s_site_prints_what_is_complete_and_says_what_is_left_out(tiny, tmp_path):
    """Tiny declared in English and French with no French words yet: the English pages and files
    are built, and the French edition is named as left out, with what would finish it."""
    path = tiny.card_data / "tiny" / "game.yaml"
    path.write_text(path.read_text().replace("language: en\n", "language: en\nlanguages: [en, fr]\n", 1))
    out = tmp_path / "site"
    result = run_pnp("site", "--games", "tiny", "--paper", "a4", "--out", str(out), "--project", str(tiny.root))
    assert result.exit_code == 0, result.output
    assert (out / "index.html").exists() and (out / "tiny" / "a4" / "cards.pdf").exists()
    assert not list(out.rglob("*.fr.html"))
    said = " ".join(result.output.split())
    assert "note: Tiny in fr: left out of the site" in said and "pnp translate tiny --lang fr" in said
