"""`pnp build`: load and validate every deck, render, impose, then write every PDF.

Nothing is written until every deck has rendered, so bad input leaves no output behind.
"""

import ctypes
import fcntl
import io
import json
import math
import os
import shutil
import signal
import tempfile
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pikepdf

from pnp.check import check_game
from pnp.data.decks import LoadedDeck, load_deck, load_game
from pnp.errors import CheckFailed, DataError, UsageError, plural
from pnp.games import get_game
from pnp.games.base import Game
from pnp.preflight import require_preflight
from pnp.project import Project
from pnp.render.impose import impose
from pnp.render.marks import draw_sheet_marks, label_font_file
from pnp.render.sheet_layout import MM, PAPERS_MM, Slot, sheet_layout
from pnp.render.words import sheet_words

DUPLEX_MODES = ("long", "short", "fold", "none")
# Where each duplex mode's files go under output/GAME/ (long, the usual, keeps the plain name).
DUPLEX_FOLDERS = {"long": "{paper}", "short": "{paper}-duplex-short", "fold": "{paper}-fold",
                  "none": "{paper}-fronts-only"}
MAX_DUPLEX_OFFSET_MM = 10.0      # a printer further off than this needs mending, not an offset
MANIFEST = ".pnp-build.json"     # the files the last build wrote into a folder
PR_SET_PDEATHSIG = 1             # Linux prctl: a signal for the child when its parent dies
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


def offset_words(offset_mm: tuple[float, float], language: str = "en") -> str:
    return sheet_words(language)["moved"].format(x=offset_mm[0], y=offset_mm[1]) if any(offset_mm) else ""


def sheet_labels(game: Game, deck_title: str, sheets: int, duplex: str,
                 offset_mm: tuple[float, float] = (0.0, 0.0), circles: bool = False) -> list[str]:
    """Each page's label, in the language the game prints in."""
    words = sheet_words(game.language)
    labels = []
    for number in range(1, sheets + 1):
        head = f"{game.title} · {deck_title} · " + words["sheet"].format(number=number, sheets=sheets)
        if duplex == "fold":
            labels.append(f"{head} · {words['circle_fold' if circles else 'fold']}")
            continue
        labels.append(f"{head} · {words['front']}")
        if duplex != "none":
            moved = offset_words(offset_mm, game.language)
            labels.append(f"{head} · {words['back']} ({words[duplex]}{', ' + moved if moved else ''})")
    return labels


def _folded_deck(project: Project, game: Game, loaded: LoadedDeck, paper: str, cards_pdf: bytes) -> tuple[bytes, int]:
    """Face and back side by side on one-sided sheets, a fold line between them."""
    from pnp.render.impose import impose_folded

    deck = loaded.deck
    layout = sheet_layout(paper, 2 * deck.width_mm, deck.height_mm, deck.bleed_mm)
    sheets = math.ceil(len(loaded.cards) / layout.per_sheet)
    circles = deck.shape == "circle"
    labels = sheet_labels(game, deck.title, sheets, "fold", circles=circles)
    pairs = [layout.face_slots()[:min(layout.per_sheet, len(loaded.cards) - sheet * layout.per_sheet)]
             for sheet in range(sheets)]
    if circles:
        halves = [[Slot(s.row, s.column, s.x + side * deck.width_mm, s.y, deck.width_mm, s.height, s.clip)
                   for s in page for side in (0, 1)] for page in pairs]
        marks = draw_sheet_marks(layout, labels, label_font_file(project), "circle", halves,
                                 scale_text=sheet_words(game.language)["scale"])
    else:
        marks = draw_sheet_marks(layout, labels, label_font_file(project), "rect", pairs, side_fold_mm=deck.width_mm,
                                 scale_text=sheet_words(game.language)["scale"])
    return impose_folded(cards_pdf, marks, layout, deck.width_mm, deck.per_card_back), len(labels)


def build_deck(project: Project, game: Game, loaded: LoadedDeck, paper: str,
               duplex: str, context: dict | None = None,
               back_offset_mm: tuple[float, float] = (0.0, 0.0)) -> tuple[bytes, int]:
    """The deck's print sheets as one PDF, and its page count. `context` carries the engine's
    tables for decks that print them; `back_offset_mm` moves every back page (duplex)."""
    from pnp.render.cards import render_deck

    deck = loaded.deck
    duplex = duplex if deck.backs else "none"          # one-sided pieces print fronts only
    cards_pdf = render_deck(project, game, deck, loaded.cards, str(loaded.located.file), context, loaded.located)
    if duplex == "fold":
        return _folded_deck(project, game, loaded, paper, cards_pdf)
    layout = sheet_layout(paper, deck.width_mm, deck.height_mm, deck.bleed_mm)
    sheets = math.ceil(len(loaded.cards) / layout.per_sheet)
    labels = sheet_labels(game, deck.title, sheets, duplex, back_offset_mm)
    slots = []
    for sheet in range(sheets):
        count = min(layout.per_sheet, len(loaded.cards) - sheet * layout.per_sheet)
        slots.append(layout.face_slots()[:count])
        if duplex != "none":
            slots.append(layout.back_slots(duplex)[:count])
    font = label_font_file(project)
    folds = [deck.fold_lines_mm if page % (1 if duplex == "none" else 2) == 0 else () for page in range(len(slots))]
    marks = draw_sheet_marks(layout, labels, font, deck.shape, slots, folds,
                             scale_text=sheet_words(game.language)["scale"])
    return (impose(cards_pdf, marks, layout, duplex, deck.per_card_back, deck.backs,
                   page_offset(layout, back_offset_mm)), len(labels))


def page_offset(layout, offset_mm: tuple[float, float]) -> tuple[float, float]:
    """The offset, measured on portrait paper, in the page's own axes: a landscape page is
    turned a quarter counter-clockwise onto the paper, as printer drivers turn them, so the
    paper's x runs down the page and its y along it."""
    x, y = offset_mm
    return (y, -x) if layout.landscape else (x, y)


def _die_with_parent(parent: int) -> None:
    """Worker start-up: a worker is killed with its parent, even by SIGKILL (Linux)."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:
        os._exit(1)


def _game(root: str, game_key: str, language: str | None) -> tuple[Project, Game]:
    """In a worker: the project, and the game in the language being printed."""
    project = Project(Path(root))
    return project, get_game(project, game_key).in_language(language)


def _build_deck_in_worker(root: str, game_key: str, deck_key: str, paper: str,
                          duplex: str, back_offset_mm: tuple[float, float], language: str | None) -> tuple[bytes, int]:
    """Process-pool entry point: only names cross the process boundary."""
    project, game = _game(root, game_key, language)
    deck = game.deck(deck_key)
    if not deck.uses_rules:
        return build_deck(project, game, load_deck(project, game, deck), paper, duplex, None, back_offset_mm)
    decks = load_game(project, game.with_all_modules())
    loaded = next(d for d in decks if d.deck.key == deck_key)
    return build_deck(project, game, loaded, paper, duplex, game.deck_context(decks), back_offset_mm)


def _build_rulebook_in_worker(root: str, game_key: str, paper: str, booklet: bool,
                             results: dict, language: str | None) -> tuple[str, bytes, int]:
    """The rulebook at paper size, or as a booklet: half-size pages imposed two-up."""
    from pnp.rulebook.booklet import impose_booklet
    from pnp.rulebook.render import render_rulebook

    project, game = _game(root, game_key, language)
    game = game.with_all_modules()                  # the rulebook describes every module
    loaded = load_game(project, game)
    if booklet:
        half = render_rulebook(project, game, loaded, results, BOOKLET_PAGES[paper])
        sheet = tuple(side * MM for side in PAPERS_MM[paper])
        name, pdf = "rulebook-booklet.pdf", impose_booklet(half, sheet)
    else:
        name, pdf = "rulebook.pdf", render_rulebook(project, game, loaded, results, paper)
    return name, pdf, len(pikepdf.open(io.BytesIO(pdf)).pages)


def _build_boards_in_worker(root: str, game_key: str, paper: str, language: str | None) -> list[tuple[str, bytes, int]]:
    from pnp.render.boards import board_files

    project, game = _game(root, game_key, language)
    return [item for board in game.boards for item in board_files(project, game, board, paper)]


def _build_table_pieces_in_worker(root: str, game_key: str, paper: str, language: str | None) -> list[tuple[str, bytes, int]]:
    project, game = _game(root, game_key, language)
    return game.table_pieces(project, game, paper)


def check_before_build(project: Project, game: Game, force: bool,
                       loaded: list | None = None) -> tuple[dict | None, list[str]]:
    """Card data, layouts and worked examples are checked before anything prints.

    A problem in the input stops the build (exit 2); an example the engine disagrees with
    stops it too (exit 1) unless --force, which builds with the engine's numbers and says so.
    Returns the engine's results for the rulebook and what --force let through.
    """
    report = check_game(project, game, loaded=loaded)
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
               booklet: bool = False, force: bool = False, owned: bool = False,
               back_offset_mm: tuple[float, float] = (0.0, 0.0), language: str | None = None,
               modules: tuple = ()) -> BuildReport:
    """Check, then render every deck and the rulebook (two processes), then write every file."""
    rendered, skipped = render_game(project, game, paper, duplex, progress, booklet, force, back_offset_mm, language,
                                    modules)
    return BuildReport(write_outputs(out_dir, rendered, owned), skipped)


def render_game(project: Project, game: Game, paper: str, duplex: str,
                progress: Callable[[int, str], None] = lambda done, step: None,
                booklet: bool = False, force: bool = False,
                back_offset_mm: tuple[float, float] = (0.0, 0.0), language: str | None = None,
                modules: tuple = ()) -> tuple[list, list]:
    """Every file of the game for the paper, checked and preflighted, not yet written:
    (name, PDF, pages, cards) each, and what --force let through. The decks of optional
    `modules` are built too; every module's data is checked either way (the rulebook
    describes them all)."""
    languages = game.languages or (game.language,)
    if language is not None and language not in languages:
        raise UsageError(f"--lang {language}: {game.title} prints in {', '.join(languages)}")
    game = game.in_language(language).with_modules(modules)
    full = game.with_all_modules()
    everything = load_game(project, full)
    has_rulebook = (project.card_data / game.key / "rulebook").is_dir()
    results, skipped = check_before_build(project, full, force, everything)
    building = {deck.key for deck in game.decks}
    decks = [loaded for loaded in everything if loaded.deck.key in building]
    if not has_rulebook:
        results = None
    workers = min(MAX_WORKERS, os.cpu_count() or 1, len(decks))
    with ProcessPoolExecutor(max_workers=workers, initializer=_die_with_parent,
                             initargs=(os.getpid(),)) as pool:
        rulebooks = [pool.submit(_build_rulebook_in_worker, str(project.root), game.key, paper,
                                 as_booklet, results, language)
                     for as_booklet in ((False, True) if booklet else (False,)) if results is not None]
        boards = (pool.submit(_build_boards_in_worker, str(project.root), game.key, paper, language)
                  if game.boards else None)
        pieces = (pool.submit(_build_table_pieces_in_worker, str(project.root), game.key, paper, language)
                  if game.table_pieces else None)
        futures = [pool.submit(_build_deck_in_worker, str(project.root), game.key, loaded.deck.key,
                               paper, duplex, tuple(back_offset_mm), language) for loaded in decks]
        try:
            rendered = _collect(decks, futures, rulebooks, [boards, pieces], progress)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)      # a failure stops the rest
            raise
    require_preflight([(name, pdf) for name, pdf, *_ in rendered])
    return rendered, skipped


def _collect(decks, futures, rulebooks, extras, progress) -> list:
    """The rendered files, in order, as the workers finish them."""
    rendered = []
    for done, (loaded, future) in enumerate(zip(decks, futures)):
        progress(done, loaded.deck.title)
        pdf, pages = future.result()
        rendered.append((f"{loaded.deck.key}.pdf", pdf, pages, len(loaded.cards)))
    for future in rulebooks:
        progress(len(decks), "rulebook")
        name, pdf, pages = future.result()
        rendered.append((name, pdf, pages, 0))
    for future in extras:
        if future is not None:
            progress(len(decks), "boards and sheets")
            rendered += [(name, pdf, pages, 0) for name, pdf, pages in future.result()]
    return rendered


def output_folder(project: Project, game: Game, paper: str, duplex: str, language: str | None = None) -> Path:
    """output/GAME/PAPER[-MODE][-LANGUAGE] in the project (the game's own language keeps no suffix)."""
    suffix = f"-{language}" if language and language != game.language else ""
    return project_output(project, game.key, DUPLEX_FOLDERS[duplex].format(paper=paper) + suffix)


def project_output(project: Project, *parts: str) -> Path:
    """A folder under the project's output/; refused when any part of it is a link, so a
    project cannot have its build written outside itself."""
    target = project.root.joinpath("output", *parts)
    step = project.root
    for part in target.relative_to(project.root).parts:
        step = step / part
        if step.is_symlink():
            raise UsageError(f"{project.relative(step)} is a link: pnp writes its builds only into the "
                             "project's own output folder. Remove the link, or choose a folder with --out")
    return target


@contextmanager
def build_lock(out_dir: Path):
    """One build at a time into a folder: a second waits for the first to finish."""
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    with open(out_dir.parent / f".{out_dir.name}.lock", "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _recover(out_dir: Path) -> None:
    """Finish or undo a swap a killed build left halfway, and drop its unfinished sets."""
    old = out_dir.parent / f".{out_dir.name}.old"
    if old.is_dir():
        if out_dir.exists():
            shutil.rmtree(old)
        else:
            os.rename(old, out_dir)
    for staging in out_dir.parent.glob(f".{out_dir.name}.new-*"):
        shutil.rmtree(staging, ignore_errors=True)


AT_FDCWD, RENAME_EXCHANGE = -100, 2     # Linux renameat2: swap two paths in one step


def _swap(first: Path, second: Path) -> None:
    """Exchange two folders atomically (Linux renameat2); elsewhere, two renames and a
    recovery step at the next build (`_recover`)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.renameat2(AT_FDCWD, os.fsencode(first), AT_FDCWD, os.fsencode(second), RENAME_EXCHANGE) == 0:
            return
    except (OSError, AttributeError):
        pass
    old = second.parent / f".{second.name}.old"
    os.rename(second, old)
    os.rename(first, second)
    os.rename(old, first)


def write_outputs(out_dir: Path, rendered: list, owned: bool = False) -> list[BuiltFile]:
    """All or nothing: the new set is written beside the old one and swapped in at the end,
    so a failure at any moment leaves the previous complete set. The folder is pnp's own: a
    folder holding other files (no manifest of a previous build) is refused, unless `owned`
    (the project's own output folder)."""
    try:
        with build_lock(out_dir):
            _recover(out_dir)
            if (not owned and out_dir.is_dir() and any(out_dir.iterdir())
                    and not (out_dir / MANIFEST).is_file()):
                raise UsageError(f"{out_dir} holds files pnp did not write; a build replaces its whole "
                                 "folder, so choose a new or empty folder with --out")
            if out_dir.exists() and not out_dir.is_dir():
                raise UsageError(f"{out_dir} is a file, not a folder: choose a folder with --out")
            staging = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.new-", dir=out_dir.parent))
            files = []
            for name, pdf, pages, cards in rendered:
                (staging / name).parent.mkdir(parents=True, exist_ok=True)
                (staging / name).write_bytes(pdf)
                files.append(BuiltFile(out_dir / name, pages, cards, len(pdf)))
            (staging / MANIFEST).write_text(json.dumps(sorted(name for name, *_ in rendered), indent=1))
            for path in staging.rglob("*"):
                path.chmod(0o755 if path.is_dir() else 0o644)
            staging.chmod(0o755)
            if out_dir.exists():
                _swap(staging, out_dir)          # staging now holds the previous set
                shutil.rmtree(staging, ignore_errors=True)
            else:
                os.rename(staging, out_dir)
            return files
    except OSError as error:
        raise UsageError(f"cannot write the build to {out_dir}: {error.strerror or error}. "
                         "Choose a folder you can write to with --out") from None
