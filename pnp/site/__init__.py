"""`pnp site`: a static download page for the project's games, built from their own PDFs.

Plain HTML and CSS from the Jinja templates in layouts/site/, with relative links only, so the
folder works opened from disk and from any static host. Every game is built for every paper and
each of its languages with the build's own code (and its cache), and every page is written in
each language of the site (pnp.site.languages), in the words of layouts/site/words.yaml; the
site is written all or nothing, like a build, and is deterministic: the same inputs give the
same bytes.
"""

import hashlib
import os
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from pnp.editions import Edition, PrintOptions, render_editions
from pnp.pool import worker_pool
from pnp.output import write_outputs
from pnp.errors import DataError, Problem, UsageError
from pnp.files import MissingFile, project_font, read_bytes, read_text
from pnp.games import game_keys, get_game
from pnp.data.game import Game
from pnp.project import Project
from pnp.render.colours import contrast, hex_rgb
from pnp.render.papers import HOME_PAPERS, paper_name
from pnp.render.sheet_layout import sheet_layout
from pnp.site.archive import deterministic_zip
from pnp.site.languages import (SITE_LANGUAGE, complete_languages, listed, page_file, page_frame, page_words,
                                site_languages)
from pnp.site.pages import calibration_in, game_page
from pnp.site.pictures import cover, scale_bar, thumbnail
from pnp.site.sanitise import published_page

SITE_PAPERS = HOME_PAPERS           # both, unless `pnp site --paper` names one (its pages name them in
                                    # words.yaml's paper_a4...)
TEMPLATES = "site"
STYLESHEET = "site/site.css"
AA_CONTRAST = 4.5
MINISEARCH = "minisearch-7.2.0.js"
SEARCH_SCRIPT = "search.js"


@dataclass(frozen=True)
class SiteReport:
    folder: Path
    games: int
    files: int
    size: int
    notes: tuple = ()             # each game's language left out, and why


def text_on(background: str) -> str:
    """White or near-black, whichever reads on the background (WCAG AA: 4.5:1)."""
    return "#ffffff" if contrast(hex_rgb(background), (1.0, 1.0, 1.0)) >= AA_CONTRAST else "#141414"


def _cover_picture(project: Project, game: Game) -> tuple[bytes, list[str]]:
    """The cover PNG and the names of the cards it shows, from the cover deck's cards rendered
    in the game's language."""
    from pnp.data.decks import load_game
    from pnp.render.cards import render_deck

    decks = load_game(project, game)
    loaded = next(d for d in decks if d.deck.key == game.cover.deck)
    ids = [str(getattr(card, "id", "")) for card in loaded.cards]
    wanted = list(game.cover.cards) or list(dict.fromkeys(ids))[:3]
    pages = [ids.index(card_id) for card_id in wanted if card_id in ids]
    pdf = render_deck(project, game, loaded.deck, loaded.cards, str(loaded.located.file),
                      game.deck_context(decks) if loaded.deck.uses_rules else None, loaded.located)
    said = game.words.get if game.words is not None else str
    names = [said(str(getattr(loaded.cards[i], "name", None) or getattr(loaded.cards[i], "title", None) or ids[i]))
             for i in pages]
    return cover(pdf, pages, game.cover.background), names


def _file_entry(edition: str, name: str, pdf: bytes, pages: int, cards: int) -> tuple[dict, bytes]:
    """What the game's page shows of one PDF (of an edition: a paper, and a language other than
    the game's own), in any language, and the picture of its first page."""
    picture, (width, height) = thumbnail(pdf)
    return {"href": f"{edition}/{name}", "name": name, "pages": pages, "cards": cards, "bytes": len(pdf),
            "sha256": hashlib.sha256(pdf).hexdigest(), "thumb": f"thumbs/{edition}-{name.removesuffix('.pdf')}.png",
            "thumb_width": width, "thumb_height": height, "rulebook": name == "rulebook.pdf"}, picture


def _scale_bar_picture(game: Game, paper: str, rendered: list):
    """The scale bar cut from the game's first sheet of cards, if it has one."""
    deck = next((d for d in game.decks if d.shape == "rect" and d.backs), None)
    if deck is None:
        return None
    sheet = next(pdf for name, pdf, *_ in rendered if name == f"{deck.key}.pdf")
    return scale_bar(sheet, sheet_layout(paper, deck.width_mm, deck.height_mm, deck.bleed_mm))


def font_files(project: Project, path: Path, shown: str, folder: str) -> list[tuple[str, bytes]]:
    """A bundled font copied into `folder` of the site, with the licence beside it (each read
    with no link followed: what was checked is what is copied)."""
    font = project_font(project.root, path, shown)
    files = [(f"{folder}/{font.name}", read_bytes(font, shown, project.root))]
    licence = font.parent / "OFL.txt"
    try:
        text = read_text(licence, os.path.relpath(licence, project.root), project.root)
    except MissingFile:
        return files
    return files + [(f"{folder}/{font.parent.name}-OFL.txt", text.encode())]


def _game_files(project: Project, game: Game, progress, pool: ProcessPoolExecutor | None,
                common: dict, papers: tuple[str, ...] = SITE_PAPERS,
                booklets: bool = True) -> tuple[list, dict, Future | partial]:
    """(site path, bytes) of the game's PDFs, zips, thumbnails and covers; what its pages show
    of them in any language (pnp.site.pages), with a scale bar's picture for each language that
    has one; and a call that gives its rules reference's files. The reference is made on the
    pool once the PDFs are: its card pictures are the decks' pages, read from the page cache
    the PDFs filled (made beside them, it laid every deck out a second time), and it runs while
    the next game's PDFs are made."""
    files, editions, scale_bars = [], {}, {}
    modules = tuple(module.key for module in game.modules)
    languages = game.languages or (game.language,)
    wanted = [(language, paper) for language in languages for paper in papers]
    progress(f"{game.title}: {', '.join(paper_name(paper) for paper in papers)}")
    made = render_editions(project, [Edition(game.key, paper, language, modules) for language, paper in wanted],
                           PrintOptions("long", booklet=booklets), pool=pool)
    references = (pool.submit(game_reference_by_key, project, game.key, common, languages) if pool is not None
                  else partial(game_reference, project, game, common))       # one core: made when asked
    for (language, paper), rendered in zip(wanted, made):
        rendered = rendered.files
        edition = f"{paper}-{language}" if language != game.language else paper
        entries = []
        for name, pdf, pages, cards in rendered:
            entry, picture = _file_entry(edition, name, pdf, pages, cards)
            entries.append(entry)
            files += [(f"{game.key}/{edition}/{name}", pdf), (f"{game.key}/{entry['thumb']}", picture)]
        archive = deterministic_zip([(f"{game.key}-{edition}/{name}", pdf) for name, pdf, *_ in rendered])
        zip_name = f"{game.key}-{edition}.zip"
        files.append((f"{game.key}/{zip_name}", archive))
        editions.setdefault(language, []).append(
            {"key": edition, "paper": paper, "files": entries,
             "zip": {"href": zip_name, "bytes": len(archive), "sha256": hashlib.sha256(archive).hexdigest(),
                     "count": len(entries)}})
        if language not in scale_bars:
            scale_bars[language] = _scale_bar_picture(game, paper, rendered)
    covers = {}
    for language in languages:
        picture, names = _cover_picture(project, game.in_language(language))
        covers[language] = {"src": page_file("cover", language, "png"), "names": names}
        files.append((f"{game.key}/{covers[language]['src']}", picture))
    font = None
    if game.cover.title_font:
        fonts = font_files(project, project.fonts / game.cover.title_font, f"fonts/{game.cover.title_font}",
                           f"{game.key}/fonts")
        files += fonts
        font = fonts[0][0].removeprefix(f"{game.key}/")
    made = {"language": game.language, "editions": editions, "covers": covers, "reference": bool(references),
            "accent": game.cover.background, "accent_text": text_on(game.cover.background), "title_font": font}
    return files, {"made": made, "scale_bars": {k: v for k, v in scale_bars.items() if v}}, references


def game_reference_by_key(project: Project, key: str, common: dict,
                          languages: tuple | None = None) -> list[tuple[str, bytes]]:
    """game_reference on a pool's process, which is handed the game's key (a game's card
    models are made when it loads, and do not travel between processes). Its pictures are
    cached by the render inputs read now: a pool kept between rebuilds (pnp serve) would
    otherwise key them by the inputs of the last job this process ran."""
    from pnp.inputs import render_inputs
    from pnp.render import cache

    cache.use_salt(project.root, render_inputs(project))
    game = get_game(project, key)
    return game_reference(project, replace(game, languages=languages) if languages is not None else game, common)


def game_reference(project: Project, game: Game, common: dict) -> list[tuple[str, bytes]]:
    """The game's rules reference, in each of its languages (none for a game without a rulebook).
    On a pool it is made beside the game's check and PDFs: it reads the same data, and its card
    pictures and pages would otherwise come after them, on one core."""
    from pnp.check import collect_examples, example_results
    from pnp.data.decks import load_game
    from pnp.rulebook.source import rulebook_dir
    from pnp.site.reference import reference_files

    if not rulebook_dir(project, game.key).is_dir():
        return []
    every = game.with_all_modules()
    loaded = load_game(project, every)
    examples, _ = collect_examples(project, every)
    results = example_results(project, every, loaded) if every.kinds else {}
    return reference_files(project, every, loaded, results, examples,
                           lambda name, **context: _render(project, name, **context),
                           common, list(game.languages or (game.language,)))


def stylesheet_with_fonts(project: Project, stylesheet: Path) -> list[tuple[str, bytes]]:
    """The site's stylesheet, its @font-face files copied into fonts/ (with their licences) and
    its urls pointing there."""
    from pnp.render.layout_check import SOURCE, font_faces

    text = read_text(stylesheet, f"layouts/{STYLESHEET}", project.root)
    files, parts, position = [], [], 0
    for start, end, _ in font_faces(text):
        body = text[start:end]
        for url in SOURCE.findall(body):
            copied = font_files(project, stylesheet.parent / url, f"layouts/{STYLESHEET}: {url}", "fonts")
            files.extend(copied)
            body = body.replace(url, copied[0][0])
        parts += [text[position:start], body]
        position = end
    text = "".join(parts) + text[position:]
    return list(dict(files).items()) + [("site.css", text.encode())]


def search_files(project: Project) -> list[tuple[str, bytes]]:
    """The reference pages' search: MiniSearch (bundled, with its licence) and pnp's search.js,
    both from pnp's package: no script of the project's reaches the site (pnp.site.sanitise)."""
    from importlib.resources import files as package_files

    assets = package_files("pnp.assets")
    return [("minisearch.js", assets.joinpath(MINISEARCH).read_bytes()),
            ("minisearch-LICENSE.txt", assets.joinpath("minisearch-LICENSE.txt").read_bytes()),
            ("search.js", assets.joinpath(SEARCH_SCRIPT).read_bytes())]


def calibration_files(project: Project, papers: tuple[str, ...] = SITE_PAPERS) -> list[tuple[dict, bytes]]:
    """The duplex calibration sheet (`pnp calibrate`) for each paper and flip, with what the
    printing page says of it."""
    from pnp.preflight import require_preflight
    from pnp.render.calibration import calibration_sheet
    from pnp.render.marks import label_font_file

    found = []
    for paper in papers:
        for duplex in ("long", "short"):
            pdf = calibration_sheet(paper, duplex, label_font_file(project))
            name = f"calibration-{paper}-{duplex}.pdf"
            require_preflight([(name, pdf)])
            found.append(({"name": name, "href": f"printing/{name}", "paper": paper, "duplex": duplex,
                           "bytes": len(pdf), "sha256": hashlib.sha256(pdf).hexdigest()}, pdf))
    return found


def _render(project: Project, name: str, **context) -> bytes:
    from pnp.render.templates import environment, limit_problem, plain_view, render

    env = environment(project.layouts, {}, mark_lines=False)
    try:
        html = render(env.get_template(f"{TEMPLATES}/{name}"), **plain_view(context))
    except Exception as error:          # a fault of the site's templates: FILE:LINE, never a traceback
        raise limit_problem(error, project.layouts, f"layouts/{TEMPLATES}/{name}") from None
    return published_page(html, f"layouts/{TEMPLATES}/{name}").encode()


def site_files(project: Project, keys: list[str], title: str, progress: Callable[[str], None] = lambda step: None,
               pool: ProcessPoolExecutor | None = None, papers: tuple[str, ...] = SITE_PAPERS,
               notes: list | None = None, booklets: bool = True) -> list[tuple[str, bytes]]:
    """Every file of the site, by path, in a stable order, rendered on `pool` (`pnp serve`
    keeps one between rebuilds), else on one pool started for all the games. A game's language
    whose words are not all translated is left out, said in `notes`. `booklets`: each rulebook
    is offered as a folded booklet too."""
    if not keys:
        raise UsageError(f"{project.root} has no games yet: `pnp new GAME` makes one")
    notes = notes if notes is not None else []
    if pool is None:
        with worker_pool() as own:              # one pool for every game of the site (None: one core)
            return _site_files(project, keys, title, progress, own, papers, notes, booklets)
    return _site_files(project, keys, title, progress, pool, papers, notes, booklets)


def _site_templates_compile(project: Project) -> None:
    """Every page template of the site compiles, and its stylesheet is there: said before any
    game is built, not after every one was."""
    from pnp.files import project_files
    from pnp.render.templates import environment, limit_problem

    stylesheet = project.layouts / STYLESHEET
    if not os.path.lexists(stylesheet):       # anything there, a link too, is named by its reader
        raise DataError([Problem(f"layouts/{STYLESHEET}", None, "(file)", "the site's stylesheet",
                                 "no such file", f"Restore layouts/{STYLESHEET}")])
    env = environment(project.layouts, {}, mark_lines=False)
    for path in project_files(project.layouts / TEMPLATES, project.root, (".html",)):
        name = path.relative_to(project.layouts).as_posix()
        try:
            env.get_template(name)
        except Exception as error:          # a fault of the site's templates: FILE:LINE, never a traceback
            raise limit_problem(error, project.layouts, f"layouts/{name}") from None


def _site_files(project: Project, keys: list[str], title: str, progress, pool,
                papers: tuple[str, ...], notes: list, booklets: bool = True) -> list[tuple[str, bytes]]:
    _site_templates_compile(project)
    games = []
    for key in keys:
        game, left_out = complete_languages(project, get_game(project, key))
        games.append(game)
        notes += left_out
    languages = site_languages(games)
    words = {language: page_words(project, language) for language in languages}
    site = {"title": title, "languages": languages, "names": {language: words[language]["language"]
                                                              for language in languages},
            "games": {language: [_nav_entry(game, language) for game in games] for language in languages}}
    files, made, scale_bars, references = [], [], {}, []
    try:
        for game in games:
            game_files, info, reference = _game_files(project, game, progress, pool, {"site": site}, papers, booklets)
            files += game_files
            references.append(reference)
            made.append(info["made"])
            for language, picture in info["scale_bars"].items():
                scale_bars.setdefault(language, picture)
        for reference in references:
            files += reference.result() if isinstance(reference, Future) else reference()
    except BaseException:
        for reference in references:             # a game's failure stops the references still to run
            if isinstance(reference, Future):
                reference.cancel()
        raise
    for language, (picture, _) in scale_bars.items():
        files.append((f"printing/{page_file('scale-bar', language, 'png')}", picture))
    calibration = calibration_files(project, papers)
    files += [(f"printing/{entry['name']}", data) for entry, data in calibration]
    stylesheet = project.layouts / STYLESHEET
    if not os.path.lexists(stylesheet):       # anything there, a link too, is named by its reader
        raise DataError([Problem(f"layouts/{STYLESHEET}", None, "(file)", "the site's stylesheet",
                                 "no such file", f"Restore layouts/{STYLESHEET}")])
    files += stylesheet_with_fonts(project, stylesheet)
    files += search_files(project)
    for language in languages:
        said = words[language]
        pages = [game_page(game, info, language, words) for game, info in zip(games, made)]

        def frame(stem: str, root: str, here: str) -> dict:
            return {**page_frame(site, language, root, here, lambda other: page_file(stem, other)), "words": said}

        offered = [said[f"paper_{paper}"] for paper in papers]
        common = {"games": pages, "calibration": calibration_in([entry for entry, _ in calibration], said),
                  "papers": offered, "papers_listed": listed(offered, said),
                  "scale_bar": _scale_bar_in(scale_bars, language)}
        files.append((page_file("index", language), _render(project, "index.html", **frame("index", "", "index"),
                                                            **common)))
        files.append((page_file("printing", language),
                      _render(project, "printing.html", **frame("printing", "", "printing"), **common)))
        for page in pages:
            files.append((f"{page['key']}/{page_file('index', language)}",
                          _render(project, "game.html", **frame("index", "../", page["key"]), game=page, **common)))
    return files


def _nav_entry(game: Game, language: str) -> dict:
    """A game in the navigation of the pages in `language`: its title in it, if it prints in it."""
    shown = game.in_language(language) if language in (game.languages or (game.language,)) else game
    return {"key": game.key, "title": shown.title, "language": shown.language}


def _scale_bar_in(pictures: dict, language: str) -> dict | None:
    """The printing page's scale bar in `language`: cut from a sheet printed in it, else in the
    site's first language (the picture shows the words the sheet prints)."""
    from pnp.render.words import sheet_words

    shown = next((code for code in (language, SITE_LANGUAGE, *pictures) if code in pictures), None)
    if shown is None:
        return None
    (width, height) = pictures[shown][1]
    return {"src": f"printing/{page_file('scale-bar', shown, 'png')}", "width": width, "height": height,
            "language": shown, "label": sheet_words(shown)["scale"]}


def build_site(project: Project, out_dir: Path, keys: list[str] | None = None, title: str = "Print and play",
               progress: Callable[[str], None] = lambda step: None, owned: bool = False,
               pool: ProcessPoolExecutor | None = None, papers: tuple[str, ...] = SITE_PAPERS,
               booklets: bool = True) -> SiteReport:
    keys = list(keys) if keys else game_keys(project)
    notes: list[str] = []
    files = site_files(project, keys, title, progress, pool, papers, notes, booklets)
    write_outputs(out_dir, [(name, data, 0, 0) for name, data in files], owned)
    return SiteReport(out_dir, len(keys), len(files), sum(len(data) for _, data in files), tuple(notes))
