"""`pnp build`: load and validate every deck, render, impose, then write every PDF.

Nothing is written until every deck has rendered, so bad input leaves no output behind.
"""

import io
import json
import math
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pikepdf

from pnp.atomic import write_atomically
from pnp.check import check_game
from pnp.data.decks import LoadedDeck, load_deck, load_game
from pnp.errors import CheckFailed, DataError, UsageError, plural
from pnp.games import get_game
from pnp.games.base import Game
from pnp.project import Project
from pnp.render.impose import impose
from pnp.render.marks import draw_sheet_marks
from pnp.render.sheet_layout import MM, PAPERS_MM, sheet_layout

DUPLEX_MODES = ("long", "short", "none")
LABEL_FONT = Path("eb-garamond") / "eb-garamond-latin-400-normal.woff"
DUPLEX_WORDS = {"long": "flip on the long edge", "short": "flip on the short edge"}
# Where each duplex mode's files go under output/GAME/ (long, the usual, keeps the plain name).
DUPLEX_FOLDERS = {"long": "{paper}", "short": "{paper}-duplex-short", "none": "{paper}-fronts-only"}
MANIFEST = ".pnp-build.json"     # the files the last build wrote into a folder
MAX_WORKERS = 2  # measured 1.6-1.9x faster than one process on two cores


# Booklets print half-size pages two to a sheet.
BOOKLET_PAGES = {"a4": "a5", "letter": "half-letter"}


@dataclass(frozen=True)
class BuiltFile:
    path: Path
    pages: int
    cards: int
    size: int


@dataclass(frozen=True)
class BuildReport:
    files: list
    skipped: list      # what --force let through, said loudly by the CLI


def sheet_labels(game: Game, deck_title: str, sheets: int, duplex: str) -> list[str]:
    labels = []
    for number in range(1, sheets + 1):
        head = f"{game.title} · {deck_title} · sheet {number} of {sheets}"
        labels.append(f"{head} · front")
        if duplex != "none":
            labels.append(f"{head} · back ({DUPLEX_WORDS[duplex]})")
    return labels


def build_deck(project: Project, game: Game, loaded: LoadedDeck, paper: str,
               duplex: str, context: dict | None = None) -> tuple[bytes, int]:
    """The deck's print sheets as one PDF, and its page count. `context` carries the engine's
    tables for decks that print them."""
    from pnp.render.cards import render_deck

    deck = loaded.deck
    cards_pdf = render_deck(project, game, deck, loaded.cards, str(loaded.located.file), context, loaded.located)
    layout = sheet_layout(paper, deck.width_mm, deck.height_mm, deck.bleed_mm)
    sheets = math.ceil(len(loaded.cards) / layout.per_sheet)
    labels = sheet_labels(game, deck.title, sheets, duplex)
    slots = []
    for sheet in range(sheets):
        count = min(layout.per_sheet, len(loaded.cards) - sheet * layout.per_sheet)
        slots.append(layout.face_slots()[:count])
        if duplex != "none":
            slots.append(layout.back_slots(duplex)[:count])
    marks = draw_sheet_marks(layout, labels, project.fonts / LABEL_FONT, deck.shape, slots)
    return impose(cards_pdf, marks, layout, duplex, deck.per_card_back), len(labels)


def _build_deck_in_worker(root: str, game_key: str, deck_key: str, paper: str,
                          duplex: str) -> tuple[bytes, int]:
    """Process-pool entry point: only names cross the process boundary."""
    project = Project(Path(root))
    game = get_game(project, game_key)
    deck = game.deck(deck_key)
    if not deck.uses_rules:
        return build_deck(project, game, load_deck(project, game, deck), paper, duplex)
    decks = load_game(project, game)
    loaded = next(d for d in decks if d.deck.key == deck_key)
    return build_deck(project, game, loaded, paper, duplex, game.deck_context(decks))


def _build_rulebook_in_worker(root: str, game_key: str, paper: str, booklet: bool,
                             results: dict) -> tuple[str, bytes, int]:
    """The rulebook at paper size, or as a booklet: half-size pages imposed two-up."""
    from pnp.rulebook.booklet import impose_booklet
    from pnp.rulebook.render import render_rulebook

    project = Project(Path(root))
    game = get_game(project, game_key)
    loaded = load_game(project, game)
    if booklet:
        half = render_rulebook(project, game, loaded, results, BOOKLET_PAGES[paper])
        sheet = tuple(side * MM for side in PAPERS_MM[paper])
        name, pdf = "rulebook-booklet.pdf", impose_booklet(half, sheet)
    else:
        name, pdf = "rulebook.pdf", render_rulebook(project, game, loaded, results, paper)
    return name, pdf, len(pikepdf.open(io.BytesIO(pdf)).pages)


def _build_table_pieces_in_worker(root: str, game_key: str, paper: str) -> list[tuple[str, bytes, int]]:
    project = Project(Path(root))
    game = get_game(project, game_key)
    return game.table_pieces(project, game, paper)


def check_before_build(project: Project, game: Game, force: bool) -> tuple[dict | None, list[str]]:
    """Card data, layouts and worked examples are checked before anything prints.

    A problem in the input stops the build (exit 2); an example the engine disagrees with
    stops it too (exit 1) unless --force, which builds with the engine's numbers and says so.
    Returns the engine's results for the rulebook and what --force let through.
    """
    report = check_game(project, game)
    if report.problems:
        raise DataError(report.problems)
    if report.mismatches and not force:
        raise CheckFailed([str(m) for m in report.mismatches])
    skipped = []
    if report.mismatches:
        skipped.append(f"{plural(len(report.mismatches), 'worked example')} "
                       f"{'disagrees' if len(report.mismatches) == 1 else 'disagree'} with the engine; "
                       "the rulebook prints the engine's numbers:")
        skipped += [f"  {m}" for m in report.mismatches]
    return report.results, skipped


def build_game(project: Project, game: Game, paper: str, duplex: str, out_dir: Path,
               progress: Callable[[int, str], None] = lambda done, step: None,
               booklet: bool = False, force: bool = False) -> BuildReport:
    """Check, then render every deck and the rulebook (two processes), then write every file."""
    decks = load_game(project, game)
    has_rulebook = (project.card_data / game.key / "rulebook").is_dir()
    results, skipped = check_before_build(project, game, force)
    if not has_rulebook:
        results = None
    workers = min(MAX_WORKERS, os.cpu_count() or 1, len(decks))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        rulebooks = [pool.submit(_build_rulebook_in_worker, str(project.root), game.key, paper,
                                 as_booklet, results)
                     for as_booklet in ((False, True) if booklet else (False,)) if results is not None]
        pieces = (pool.submit(_build_table_pieces_in_worker, str(project.root), game.key, paper)
                  if game.table_pieces else None)
        futures = [pool.submit(_build_deck_in_worker, str(project.root), game.key, loaded.deck.key,
                               paper, duplex) for loaded in decks]
        rendered = []
        for done, (loaded, future) in enumerate(zip(decks, futures)):
            progress(done, loaded.deck.title)
            pdf, pages = future.result()
            rendered.append((f"{loaded.deck.key}.pdf", pdf, pages, len(loaded.cards)))
        for future in rulebooks:
            progress(len(decks), "rulebook")
            name, pdf, pages = future.result()
            rendered.append((name, pdf, pages, 0))
        if pieces is not None:
            progress(len(decks), "playmat and campaign sheet")
            rendered += [(name, pdf, pages, 0) for name, pdf, pages in pieces.result()]
    return BuildReport(write_outputs(out_dir, rendered), skipped)


def output_folder(project: Project, game: Game, paper: str, duplex: str) -> Path:
    return project.root / "output" / game.key / DUPLEX_FOLDERS[duplex].format(paper=paper)


def write_outputs(out_dir: Path, rendered: list) -> list[BuiltFile]:
    """Write every file atomically, then remove the files a previous build wrote here and
    this one did not (a booklet no longer asked for, a deck renamed): the folder holds one
    build. Only files named in the previous build's manifest are ever removed."""
    manifest = out_dir / MANIFEST
    try:
        previous = json.loads(manifest.read_text()) if manifest.is_file() else []
    except (ValueError, OSError):
        previous = []
    files = []
    try:
        for name, pdf, pages, cards in rendered:
            path = out_dir / name
            write_atomically(path, pdf)
            files.append(BuiltFile(path, pages, cards, len(pdf)))
        names = [name for name, *_ in rendered]
        for name in previous if isinstance(previous, list) else []:
            stale = out_dir / str(name)
            if name not in names and stale.parent == out_dir and stale.suffix == ".pdf" and stale.is_file():
                stale.unlink()
        write_atomically(manifest, json.dumps(sorted(names), indent=1).encode())
    except OSError as error:
        raise UsageError(f"cannot write the build to {out_dir}: {error.strerror or error}. "
                         "Choose a folder you can write to with --out") from None
    return files
