"""`pnp site` in each of its languages (issue 30, item 5): every page in English at its plain path
and in French beside it (index.fr.html, GAME/index.fr.html), each linking to the other, a game's
page in a language showing that language's edition, and every word of the pages from
layouts/site/words.yaml."""

import functools
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from markupsafe import escape

from pnp.errors import DataError
from pnp.games import game_keys, get_game
from pnp.project import Project
from pnp.render.words import sheet_words
from pnp.site.catalogue import how_to_print
from pnp.site.languages import SITE_LANGUAGE, page_words, site_languages
from pnp.site.pages import game_page
from pnp.site.reference import reference_folder
from tests.conftest import ROOT, SITE_PAPERS

WORDS = ROOT / "layouts" / "site" / "words.yaml"
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
NBSP = "\u00a0"


class Page(HTMLParser):
    """A page's language, its language switch, its links, and its text in its own language (an
    element marked in another language, code, scripts and styles left out; alt text counted)."""

    def __init__(self):
        super().__init__()
        self.lang, self.switch, self.alternates, self.links, self.text = None, [], [], [], []
        self._stack: list[tuple[str, bool, bool]] = []       # (tag, another language, in the switch)

    def _other(self) -> bool:
        return any(other for _, other, _ in self._stack)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.lang = attrs.get("lang")
            return
        in_switch = "language-switch" in (attrs.get("class") or "").split() or \
            any(switch for _, _, switch in self._stack)
        other = tag in ("code", "script", "style") or attrs.get("lang", self.lang) != self.lang
        if tag == "a" and "href" in attrs:
            (self.switch if in_switch else self.links).append(attrs)
        if tag == "link" and attrs.get("rel") == "alternate":
            self.alternates.append(attrs)
        if tag == "img" and not self._other() and not other:
            self.text.append(attrs.get("alt", ""))
        if tag not in ("img", "link", "meta", "br", "input"):
            self._stack.append((tag, other, in_switch))

    def handle_endtag(self, tag):
        while self._stack:
            if self._stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        if not self._other():
            self.text.append(data)

    @property
    def words(self) -> str:
        return re.sub(r"[ \t\r\n]+", " ", " ".join(self.text)).strip()     # a no-break space kept


def _read(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text())
    return page


@functools.lru_cache(maxsize=None)
def _lang(path: Path) -> str:
    return re.search(r'<html lang="([a-z]+)">', path.read_text()).group(1)


def _languages() -> list[str]:
    project = Project(ROOT)
    return site_languages([get_game(project, key) for key in game_keys(project)])


def _file(stem: str, language: str) -> str:
    return f"{stem}.html" if language == SITE_LANGUAGE else f"{stem}.{language}.html"


def _flat(words, prefix="") -> dict:
    """key path -> words, through nested mappings and lists."""
    if isinstance(words, dict):
        return {path: text for key, value in words.items() for path, text in _flat(value, f"{prefix}{key}.").items()}
    if isinstance(words, list):
        return {path: text for index, value in enumerate(words) for path, text in _flat(value, f"{prefix}{index}.").items()}
    return {prefix.rstrip("."): str(words)}


def test_the_french_words_have_every_key_the_english_have_with_the_same_placeholders():
    words = yaml.safe_load(WORDS.read_text())
    english, french = words["en"], words["fr"]
    assert sorted(french) == sorted(english)
    for key, value in english.items():
        assert type(french[key]) is type(value), key
        if isinstance(value, dict):
            assert sorted(french[key]) == sorted(value), key
        if isinstance(value, list):
            assert french[key] and all(isinstance(step, str) and step for step in french[key]), key
    flat_english, flat_french = _flat(english), _flat(french)
    for key, value in flat_french.items():
        if key in flat_english:
            assert sorted(PLACEHOLDER.findall(value)) == sorted(PLACEHOLDER.findall(flat_english[key])), key


def test_the_french_words_are_set_in_french_typography():
    for key, value in _flat(yaml.safe_load(WORDS.read_text())["fr"]).items():
        assert not re.search(r"[ \w%»)][:;!?]", value), (key, value)
        assert not re.search(r"«(?!\u00a0)|(?<!\u00a0)»", value), (key, value)
        assert "'" not in value and '"' not in value, (key, value)


def test_a_language_without_words_is_refused_with_the_file_named():
    with pytest.raises(DataError) as raised:
        page_words(Project(ROOT), "de")
    assert "layouts/site/words.yaml" in str(raised.value) and "de:" in str(raised.value)


def test_how_to_print_in_french():
    project = Project(ROOT)
    words = page_words(project, "fr")
    game = get_game(project, "verset").in_language("fr")
    tiles = how_to_print(game, "playmat-tiles.pdf", words["paper_letter"], words)
    assert "Lettre US" in tiles.note and tiles.sides == "recto seul" and tiles.title[0].isupper()
    booklet = how_to_print(game, "rulebook-booklet.pdf", "A4", words)
    assert booklet.title == "Livret de règles à plier" and "bord court" in booklet.sides
    deck = next(d for d in game.declared_decks if d.backs)
    cards = how_to_print(game, f"{deck.key}.pdf", "A4", words)
    assert cards.title == deck.title and cards.stock.startswith("papier cartonné A4") and "\u00a0;" in cards.note
    sheet = how_to_print(game, "campaign-sheet-fillable.pdf", "A4", words)      # an engine's sheet, in the game's words
    assert sheet.title == "Feuille de campagne à remplir à l’écran" and sheet.stock.startswith("papier A4")
    assert how_to_print(get_game(project, "verset"), "campaign-sheet-fillable.pdf", "A4",
                        page_words(project, "en")).title == "Campaign sheet fillable"


def test_a_game_shows_its_own_language_on_a_page_in_a_language_it_does_not_print_in():
    """A game printed in English only, on the French pages: its own title and PDFs, the page's
    words in French."""
    project = Project(ROOT)
    game = get_game(project, "wizard")
    files = [{"href": "a4/red-deck.pdf", "name": "red-deck.pdf", "pages": 2, "cards": 9, "bytes": 2_500_000,
              "sha256": "0" * 64, "thumb": "thumbs/a4-red-deck.png", "thumb_width": 240, "thumb_height": 340,
              "rulebook": False}]
    made = {"language": "en", "editions": {"en": [{"key": "a4", "paper": "a4", "files": files,
                                                   "zip": {"href": "wizard-a4.zip", "bytes": 3000, "sha256": "1" * 64,
                                                           "count": 1}}]},
            "covers": {"en": {"src": "cover.png", "names": ["Witch", "Fireball"]}}, "reference": True,
            "accent": "#000000", "accent_text": "#ffffff", "title_font": None}
    words = {language: page_words(project, language) for language in ("en", "fr")}
    page = game_page(game, made, "fr", words)
    assert page["language"] == "en" and page["title"] == game.title and page["pitch"] == game.pitch
    assert [p["key"] for p in page["papers"]] == ["a4"] and page["papers"][0]["zip"]["size"] == "3\u00a0Ko"
    entry = page["papers"][0]["files"][0]
    assert entry["size"] == "2,4\u00a0Mo" and entry["pages_words"] == "2 pages" and entry["cards_words"] == "9 pièces"
    assert entry["sides"] == "recto verso, retournement sur le bord long"
    assert page["cover_alt"] == game.cover.alt or page["cover_alt"].endswith("Witch et Fireball")
    assert page["reference"]["href"] == "reference/index.html" and page["other_references"] == []


def test_every_page_has_its_language_and_a_switch_to_each_sibling(built_site):
    languages = _languages()
    assert languages[0] == SITE_LANGUAGE and "fr" in languages
    pages = sorted(built_site.rglob("*.html"))
    read = {path: _read(path) for path in pages}
    for path, page in read.items():
        assert page.lang in languages, path
        others = [language for language in languages if language != page.lang]
        assert sorted(link["hreflang"] for link in page.switch) == sorted(others), path
        assert sorted(link["hreflang"] for link in page.alternates) == sorted(others), path
        for link in page.switch:
            assert link["lang"] == link["hreflang"], (path, link)
            sibling = (path.parent / link["href"]).resolve()
            assert sibling.is_file(), (path, link["href"])
            assert read[sibling].lang == link["hreflang"], (path, link["href"])
            if ("/reference" in sibling.as_posix()) == ("/reference" in path.as_posix()):   # the same page back
                assert any((sibling.parent / back["href"]).resolve() == path.resolve() for back in read[sibling].switch), \
                    (path, link["href"])
    for language in languages:                          # every page in every language, beside the first's
        for stem in ("index", "printing"):
            assert (built_site / _file(stem, language)).is_file(), (stem, language)
        for key in game_keys(Project(ROOT)):
            assert (built_site / key / _file("index", language)).is_file(), (key, language)


def test_every_link_of_a_page_stays_in_its_language(built_site):
    """The navigation, a game's link, the rules reference's tabs: a link that is not marked as
    going to another language (hreflang) goes to a page in the page's own."""
    for path in sorted(built_site.rglob("*.html")):
        page = _read(path)
        for link in page.links:
            target = link["href"].split("#")[0]
            if not target.endswith(".html") or "hreflang" in link:
                continue
            assert _lang((path.parent / target).resolve()) == page.lang, (path, link["href"])


def test_a_game_s_page_in_a_language_lists_that_language_s_pdfs_only(built_site):
    project = Project(ROOT)
    for key in game_keys(project):
        game = get_game(project, key)
        folder = built_site / key
        for language in game.languages:
            own = SITE_PAPERS if language == game.language else tuple(f"{paper}-{language}" for paper in SITE_PAPERS)
            page = (folder / _file("index", language)).read_text()
            linked = {href for href in re.findall(r'href="([^"#]+\.(?:pdf|zip))"', page)}
            built = {f"{edition}/{pdf.name}" for edition in own for pdf in (folder / edition).glob("*.pdf")}
            assert built and linked == built | {f"{key}-{edition}.zip" for edition in own}, (key, language)
            assert all((folder / href).is_file() for href in linked)
            shown = game.in_language(language)
            parsed = _read(folder / _file("index", language))
            assert parsed.lang == language and str(escape(shown.title)) in page, (key, language)
            assert str(escape(shown.pitch)) in page, (key, language)
            assert f'href="{reference_folder(game, language)}/index.html" hreflang="{language}"' in page


def test_the_french_game_page_names_its_files_in_french(built_site):
    page = (built_site / "verset" / "index.fr.html").read_text()
    assert 'href="a4-fr/rulebook.pdf" hreflang="fr">Livret de règles, A4</a>' in page
    assert "Planches au format A4" in page and "Télécharger les" in page
    assert re.search(r"PDF, \d+ pages, \d+ pièces, [\d,]+\u00a0[KM]o<", page)
    assert '<a href="../index.fr.html">Tous les jeux</a>' in page


ENGLISH_CHROME = ("Print sheets for", "How to print and cut", "players", "Download all", "Rulebook", "First page of",
                  "Print on", "Sides", "Scale", "cardstock", "single-sided", "double-sided", "Skip to the content",
                  "All games", "Every PDF is checked", "Rules reference", "The rules")


def test_no_english_words_of_the_site_on_a_french_page(built_site):
    """Every English sentence of words.yaml (the parts between its placeholders) and a few
    words besides, looked for in every French page's text (links marked English aside)."""
    english, french = (_flat(yaml.safe_load(WORDS.read_text())[language]) for language in ("en", "fr"))
    phrases = {part.strip(" .,:;()") for key, text in english.items() if text != french.get(key)
               for part in PLACEHOLDER.split(text)}
    phrases = {phrase for phrase in phrases if len(phrase.split()) >= 2 and not re.search(r"\d", phrase)}
    phrases |= set(ENGLISH_CHROME)
    project = Project(ROOT)
    games = [get_game(project, key) for key in game_keys(project)]
    pages = [path for path in sorted(built_site.rglob("*.html")) if _read(path).lang == "fr"]
    assert len(pages) == 2 + len(games) + 5 * sum("fr" in game.languages for game in games)
    for path in pages:
        text = _read(path).words
        assert not [phrase for phrase in phrases if phrase in text], path


def test_the_printing_page_in_french(built_site):
    path = built_site / "printing.fr.html"
    page, parsed = path.read_text(), _read(path)
    assert parsed.lang == "fr" and "<h1>Imprimer et découper</h1>" in page
    for paper in SITE_PAPERS:
        for duplex in ("long", "short"):
            assert f'href="printing/calibration-{paper}-{duplex}.pdf" hreflang="en" download>' in page
    assert "Feuille de calibrage, A4, retournement sur le bord court" in page
    assert "<code>pnp build GAME --duplex-offset X,Y</code>" in page
    assert '<strong>l’échelle 100\u00a0%</strong>' in page
    scale_bar = re.search(r'<img src="(printing/scale-bar[^"]*)"[^>]*alt="([^"]*)"', page)
    assert scale_bar.group(1) == "printing/scale-bar.fr.png" and (built_site / scale_bar.group(1)).is_file()
    assert "si cette barre mesure autre chose" in scale_bar.group(2)
    assert len(re.findall(r"<li>", page.split('id="cutting"')[1])) == 4
    label = sheet_words("fr")["scale"]          # the scale bar's alt quotes the sheets' label as printed
    assert not re.search(r" [:;!?]", parsed.words.replace(label, ""))     # French sets a no-break space there
