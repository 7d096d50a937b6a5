"""`pnp site`: a static download page for the project's games, built from their own PDFs.

Plain HTML and CSS from the Jinja templates in layouts/site/, with relative links only, so the
folder works opened from disk and from any static host. Every game is built for every paper
with the build's own code (and its cache); the site is written all or nothing, like a build,
and is deterministic: the same inputs give the same bytes.
"""

import hashlib
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
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
from pnp.render.sheet_layout import sheet_layout
from pnp.site.archive import deterministic_zip
from pnp.site.catalogue import SCALE_WORDS, how_to_print
from pnp.site.pictures import cover, scale_bar, thumbnail
from pnp.site.reference import reference_folder

PAPER_TITLES = {"a4": "A4", "letter": "US Letter"}      # the site offers the two home papers
LANGUAGE_NAMES = {"en": "English", "fr": "Français"}
TEMPLATES = "site"
STYLESHEET = "site/site.css"
AA_CONTRAST = 4.5
MINISEARCH = "minisearch-7.2.0.js"
SEARCH_SCRIPT = "site/search.js"


@dataclass(frozen=True)
class SiteReport:
    folder: Path
    games: int
    files: int
    size: int


def size_words(size: int) -> str:
    return f"{size / 1024:.0f} KB" if size < 1024 * 1024 else f"{size / 1024 / 1024:.1f} MB"


def text_on(background: str) -> str:
    """White or near-black, whichever reads on the background (WCAG AA: 4.5:1)."""
    return "#ffffff" if contrast(hex_rgb(background), (1.0, 1.0, 1.0)) >= AA_CONTRAST else "#141414"


def _cover_picture(project: Project, game: Game) -> tuple[bytes, str]:
    """The cover PNG and its alt text, from the cover deck's rendered cards."""
    from pnp.data.decks import load_game
    from pnp.render.cards import render_deck

    decks = load_game(project, game)
    loaded = next(d for d in decks if d.deck.key == game.cover.deck)
    ids = [str(getattr(card, "id", "")) for card in loaded.cards]
    wanted = list(game.cover.cards) or list(dict.fromkeys(ids))[:3]
    pages = [ids.index(card_id) for card_id in wanted if card_id in ids]
    pdf = render_deck(project, game, loaded.deck, loaded.cards, str(loaded.located.file),
                      game.deck_context(decks) if loaded.deck.uses_rules else None, loaded.located)
    names = [str(getattr(loaded.cards[i], "name", None) or getattr(loaded.cards[i], "title", None) or ids[i])
             for i in pages]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    alt = game.cover.alt or f"Cards of {game.title}: {listed}"
    return cover(pdf, pages, game.cover.background), alt


def _file_entry(game: Game, edition: str, name: str, pdf: bytes, pages: int, cards: int) -> tuple[dict, bytes]:
    """What the game's page says of one PDF (of an edition: a paper, and a language other than
    the game's own), and the picture of its first page."""
    paper = edition.split("-")[0]
    printing = how_to_print(game, name, PAPER_TITLES[paper])
    picture, (width, height) = thumbnail(pdf)
    return {"href": f"{edition}/{name}", "name": name, "title": printing.title, "pages": pages, "cards": cards,
            "size": size_words(len(pdf)), "sha256": hashlib.sha256(pdf).hexdigest(),
            "thumb": f"thumbs/{edition}-{name.removesuffix('.pdf')}.png", "thumb_width": width,
            "thumb_height": height, "stock": printing.stock, "sides": printing.sides, "note": printing.note,
            "rulebook": name == "rulebook.pdf"}, picture


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
                common: dict) -> tuple[list, dict]:
    """(site path, bytes) of the game's PDFs, zips, thumbnails, and the page's data."""
    files, papers, scale_bar_picture = [], [], None
    modules = tuple(module.key for module in game.modules)
    wanted = [(language, paper) for language in game.languages or (game.language,) for paper in PAPER_TITLES]
    progress(f"{game.title}: {', '.join(PAPER_TITLES.values())}")
    reference = pool.submit(game_reference_by_key, project, game.key, common) if pool is not None else None
    try:
        made = render_editions(project, [Edition(game.key, paper, language, modules) for language, paper in wanted],
                               PrintOptions("long", booklet=True), pool=pool)
    except BaseException:
        if reference is not None:
            reference.cancel()
        raise
    for (language, paper), rendered in zip(wanted, made):
        rendered = rendered.files
        edition = f"{paper}-{language}" if language != game.language else paper
        entries = []
        for name, pdf, pages, cards in rendered:
            entry, picture = _file_entry(game.in_language(language), edition, name, pdf, pages, cards)
            entries.append(entry)
            files += [(f"{game.key}/{edition}/{name}", pdf), (f"{game.key}/{entry['thumb']}", picture)]
        archive = deterministic_zip([(f"{game.key}-{edition}/{name}", pdf) for name, pdf, *_ in rendered])
        zip_name = f"{game.key}-{edition}.zip"
        files.append((f"{game.key}/{zip_name}", archive))
        title = PAPER_TITLES[paper] + (f", {LANGUAGE_NAMES.get(language, language)}"
                                       if len(game.languages) > 1 else "")
        papers.append({"key": edition, "title": title, "paper": PAPER_TITLES[paper], "files": entries,
                       "language": language,
                       "zip": {"href": zip_name, "size": size_words(len(archive)),
                               "sha256": hashlib.sha256(archive).hexdigest(), "count": len(entries)}})
        scale_bar_picture = scale_bar_picture or _scale_bar_picture(game, paper, rendered)
    picture, alt = _cover_picture(project, game)
    files.append((f"{game.key}/cover.png", picture))
    references = reference.result() if reference is not None else game_reference(project, game, common)
    font = None
    if game.cover.title_font:
        fonts = font_files(project, project.fonts / game.cover.title_font, f"fonts/{game.cover.title_font}",
                           f"{game.key}/fonts")
        files += fonts
        font = fonts[0][0].removeprefix(f"{game.key}/")
    page = {"key": game.key, "title": game.title, "players": game.players, "play_time": game.play_time,
            "pitch": game.pitch, "cover": "cover.png", "cover_alt": alt, "language": game.language,
            "accent": game.cover.background, "accent_text": text_on(game.cover.background),
            "title_font": font, "papers": papers,
            "references": [{"href": f"{reference_folder(game, language)}/index.html", "language": language,
                            "name": LANGUAGE_NAMES.get(language, language)}
                           for language in (game.languages or (game.language,))] if references else [],
            "rulebooks": [{"paper": p["title"], "href": e["href"], "size": e["size"], "pages": e["pages"],
                           "language": p["language"]}
                          for p in papers for e in p["files"] if e["rulebook"]]}
    return files + references, {"page": page, "scale_bar": scale_bar_picture}


def game_reference_by_key(project: Project, key: str, common: dict) -> list[tuple[str, bytes]]:
    """game_reference on a pool's process, which is handed the game's key (a game's card
    models are made when it loads, and do not travel between processes). Its pictures are
    cached by the render inputs read now: a pool kept between rebuilds (pnp serve) would
    otherwise key them by the inputs of the last job this process ran."""
    from pnp.inputs import render_inputs
    from pnp.render import cache

    cache.use_salt(project.root, render_inputs(project))
    return game_reference(project, get_game(project, key), common)


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
                           {**common, "language_names": LANGUAGE_NAMES}, list(game.languages or (game.language,)))


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
    """The reference pages' search: MiniSearch (bundled, with its licence) and layouts/site/search.js."""
    from importlib.resources import files as package_files

    assets = package_files("pnp.assets")
    return [("minisearch.js", assets.joinpath(MINISEARCH).read_bytes()),
            ("minisearch-LICENSE.txt", assets.joinpath("minisearch-LICENSE.txt").read_bytes()),
            ("search.js", read_bytes(project.layouts / SEARCH_SCRIPT, f"layouts/{SEARCH_SCRIPT}", project.root))]


def calibration_files(project: Project) -> list[tuple[dict, bytes]]:
    """The duplex calibration sheet (`pnp calibrate`) for each paper and flip, with what the
    printing page says of it."""
    from pnp.preflight import require_preflight
    from pnp.render.calibration import calibration_sheet
    from pnp.render.marks import label_font_file

    found = []
    for paper in PAPER_TITLES:
        for duplex in ("long", "short"):
            pdf = calibration_sheet(paper, duplex, label_font_file(project))
            name = f"calibration-{paper}-{duplex}.pdf"
            require_preflight([(name, pdf)])
            found.append(({"name": name, "href": f"printing/{name}", "paper": PAPER_TITLES[paper],
                           "flip": f"{duplex} edge", "size": size_words(len(pdf)),
                           "sha256": hashlib.sha256(pdf).hexdigest()}, pdf))
    return found


def _render(project: Project, name: str, **context) -> bytes:
    from pnp.render.templates import environment, limit_problem, plain_view, render

    env = environment(project.layouts, {}, mark_lines=False)
    try:
        return render(env.get_template(f"{TEMPLATES}/{name}"), **plain_view(context)).encode()
    except Exception as error:          # a fault of the site's templates: FILE:LINE, never a traceback
        raise limit_problem(error, project.layouts, f"layouts/{TEMPLATES}/{name}") from None


def site_files(project: Project, keys: list[str], title: str, progress: Callable[[str], None] = lambda step: None,
               pool: ProcessPoolExecutor | None = None) -> list[tuple[str, bytes]]:
    """Every file of the site, by path, in a stable order, rendered on `pool` (`pnp serve`
    keeps one between rebuilds), else on one pool started for all the games."""
    if not keys:
        raise UsageError(f"{project.root} has no games yet: `pnp new GAME` makes one")
    if pool is None:
        with worker_pool() as own:              # one pool for every game of the site (None: one core)
            return _site_files(project, keys, title, progress, own)
    return _site_files(project, keys, title, progress, pool)


def _site_files(project: Project, keys: list[str], title: str, progress, pool) -> list[tuple[str, bytes]]:
    games = [get_game(project, key) for key in keys]
    files, pages, scale_bar_picture = [], [], None
    navigation = {"site_title": title, "games": [{"key": g.key, "title": g.title} for g in games]}
    for game in games:
        game_files, info = _game_files(project, game, progress, pool, navigation)
        files += game_files
        pages.append(info["page"])
        scale_bar_picture = scale_bar_picture or info["scale_bar"]
    if scale_bar_picture:
        files.append(("printing/scale-bar.png", scale_bar_picture[0]))
    calibration = calibration_files(project)
    files += [(f"printing/{entry['name']}", data) for entry, data in calibration]
    stylesheet = project.layouts / STYLESHEET
    if not os.path.lexists(stylesheet):       # anything there, a link too, is named by its reader
        raise DataError([Problem(f"layouts/{STYLESHEET}", None, "(file)", "the site's stylesheet",
                                 "no such file", f"Restore layouts/{STYLESHEET}")])
    files += stylesheet_with_fonts(project, stylesheet)
    files += search_files(project)
    common = {"site_title": title, "games": pages, "scale": SCALE_WORDS,
              "scale_bar": {"width": scale_bar_picture[1][0], "height": scale_bar_picture[1][1]}
              if scale_bar_picture else None,
              "calibration": [entry for entry, _ in calibration]}
    files.append(("index.html", _render(project, "index.html", root="", here="index", **common)))
    files.append(("printing.html", _render(project, "printing.html", root="", here="printing", **common)))
    for page in pages:
        files.append((f"{page['key']}/index.html",
                      _render(project, "game.html", root="../", here=page["key"], game=page, **common)))
    return files


def build_site(project: Project, out_dir: Path, keys: list[str] | None = None, title: str = "Print and play",
               progress: Callable[[str], None] = lambda step: None, owned: bool = False,
               pool: ProcessPoolExecutor | None = None) -> SiteReport:
    keys = list(keys) if keys else game_keys(project)
    files = site_files(project, keys, title, progress, pool)
    write_outputs(out_dir, [(name, data, 0, 0) for name, data in files], owned)
    return SiteReport(out_dir, len(keys), len(files), sum(len(data) for _, data in files))
