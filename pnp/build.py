"""`pnp build`: load and validate every deck, render, impose, then write every PDF.

Nothing is written until every deck has rendered, so bad input leaves no output behind.
"""

import ctypes
import fcntl
import hashlib
import json
import math
import os
import shutil
import tempfile
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from pnp.check import check_game
from pnp.data.decks import LoadedDeck
from pnp.errors import CheckFailed, DataError, UsageError, plural
from pnp.games.base import Game
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
    rendered: int = 0  # documents WeasyPrint laid out (0: every page came from the cache)
    up_to_date: bool = False    # the folder already held this build: nothing was done


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


def render_cards(project: Project, game: Game, loaded: LoadedDeck, context: dict | None = None) -> bytes:
    """The deck's card pages (each face, then the back or backs), the same for every paper."""
    from pnp.render.cards import render_deck

    return render_deck(project, game, loaded.deck, loaded.cards, str(loaded.located.file), context, loaded.located)


def build_deck(project: Project, game: Game, loaded: LoadedDeck, paper: str,
               duplex: str, context: dict | None = None,
               back_offset_mm: tuple[float, float] = (0.0, 0.0), cards_pdf: bytes | None = None) -> tuple[bytes, int]:
    """The deck's print sheets as one PDF, and its page count. `context` carries the engine's
    tables for decks that print them; `back_offset_mm` moves every back page (duplex);
    `cards_pdf` is the deck's card pages when already rendered (for another paper)."""
    deck = loaded.deck
    duplex = duplex if deck.backs else "none"          # one-sided pieces print fronts only
    if cards_pdf is None:
        cards_pdf = render_cards(project, game, loaded, context)
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
               progress: Callable[[int, int, str], None] = lambda done, total, step: None,
               booklet: bool = False, force: bool = False, owned: bool = False,
               back_offset_mm: tuple[float, float] = (0.0, 0.0), language: str | None = None,
               modules: tuple = (), jobs: int | None = None) -> BuildReport:
    """Check, then render every deck and the rulebook, then write every file (one edition)."""
    from pnp.editions import Edition, PrintOptions, build_editions

    edition = Edition(game.key, paper, language, tuple(modules), out_dir, owned)
    options = PrintOptions(duplex, tuple(back_offset_mm), booklet, force)
    return build_editions(project, [edition], options, jobs, progress)[0]


def render_game(project: Project, game: Game, paper: str, duplex: str, booklet: bool = False,
                force: bool = False, back_offset_mm: tuple[float, float] = (0.0, 0.0),
                language: str | None = None, modules: tuple = (), jobs: int | None = None) -> tuple[list, list]:
    """Every file of the game for the paper, checked and preflighted, not written: (name, PDF,
    pages, cards) each, and what --force let through."""
    from pnp.editions import Edition, PrintOptions, render_editions

    edition = Edition(game.key, paper, language, tuple(modules))
    options = PrintOptions(duplex, tuple(back_offset_mm), booklet, force)
    rendered = render_editions(project, [edition], options, jobs)[0]
    return rendered.files, rendered.skipped


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


def write_outputs(out_dir: Path, rendered: list, owned: bool = False, inputs: str | None = None,
                  skipped: list | None = None) -> list[BuiltFile]:
    """All or nothing: the new set is written beside the old one and swapped in at the end,
    so a failure at any moment leaves the previous complete set. The folder is pnp's own: a
    folder holding other files (no manifest of a previous build) is refused, unless `owned`
    (the project's own output folder). The manifest records each file and the digest of the
    build's `inputs`, so that the next build with the same inputs has nothing to do."""
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
            files, listed = [], {}
            for name, pdf, pages, cards in rendered:
                (staging / name).parent.mkdir(parents=True, exist_ok=True)
                (staging / name).write_bytes(pdf)
                files.append(BuiltFile(out_dir / name, pages, cards, len(pdf)))
                listed[name] = {"sha256": hashlib.sha256(pdf).hexdigest(), "pages": pages, "cards": cards,
                                "size": len(pdf)}
            manifest = {"inputs": inputs, "skipped": skipped or [], "files": dict(sorted(listed.items()))}
            (staging / MANIFEST).write_text(json.dumps(manifest, indent=1))
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


def up_to_date(out_dir: Path, inputs: str) -> BuildReport | None:
    """The folder's last build, when it was made from the same inputs and every file it
    wrote is still there, unchanged; None when the folder needs building."""
    try:
        with build_lock(out_dir):
            manifest = json.loads((out_dir / MANIFEST).read_text())
            if not isinstance(manifest, dict) or manifest.get("inputs") != inputs:
                return None
            files = []
            for name, entry in manifest["files"].items():
                data = (out_dir / name).read_bytes()
                if hashlib.sha256(data).hexdigest() != entry["sha256"]:
                    return None
                files.append(BuiltFile(out_dir / name, entry["pages"], entry["cards"], len(data)))
            return BuildReport(files, list(manifest.get("skipped", [])))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
