"""The pieces of work a build is made of, run by a pool of processes or by the caller (--jobs 1).

Only names and plain values cross a process boundary. A process keeps the game it loaded
last, tied to the digest of the game's inputs (`generation`): the tasks of one build load and
validate the card data once per process, and a later build (`pnp watch`) sees every change.
Each task answers with what it made and how many documents WeasyPrint laid out for it.
"""

import ctypes
import gc
import hashlib
import json
import os
import pickle
import signal
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path

from pnp.contained import stage
from pnp.data.decks import load_game
from pnp.games import get_game
from pnp.data.game import Game
from pnp.errors import DataError, PnpError, UsageError
from pnp.project import Project
from pnp.render import cache
from pnp.stack_room import with_stack_room

PR_SET_PDEATHSIG = 1             # Linux prctl: a signal for the child when its parent dies
PAGES_BYTES = 4                  # a cached sheet starts with its page count
TASKS = {"deck_files": "making a deck's sheets", "deck_cards": "making a deck's cards", "rulebook_file": "making the rulebook",
         "board_files": "making the boards", "table_piece_files": "making the table pieces"}


@dataclass(frozen=True)
class GameJob:
    """Which game, as of which inputs: what every task names instead of sending the game."""
    root: str
    game_key: str
    language: str | None
    generation: str             # pnp.inputs.game_inputs
    salt: str                   # pnp.inputs.render_inputs: what the page cache keys hold beside the HTML
    ink_saver: bool = False     # print with the ink saver
    force: bool = False         # print the source words where a translation is missing
    print_shop: bool = False    # rendered for a print shop (pnp export): no notes on home printing


@dataclass
class Prepared:
    project: Project
    game: Game                  # in the language printed, with every module
    loaded: list
    generation: str
    _context: dict | None = field(default=None, repr=False)
    _results: dict | None = field(default=None, repr=False)

    def context(self) -> dict:
        """The engine's tables the decks with `uses_rules` print (computed once a process)."""
        if self._context is None:
            self._context = self.game.deck_context(self.loaded)
        return self._context

    def results(self) -> dict:
        """The worked examples' results (computed once a process)."""
        from pnp.check import example_results

        if self._results is None:
            self._results = example_results(self.project, self.game, self.loaded)
        return self._results


_prepared: dict = {}


def prepared(job: GameJob) -> Prepared:
    cache.use_salt(job.root, job.salt)
    key = (job.root, job.game_key, job.language, job.ink_saver, job.force, job.print_shop)
    found = _prepared.get(key)
    if found is None or found.generation != job.generation:
        with stage(f"card_data/{job.game_key}", "reading the game's data"):
            project = Project(Path(job.root))
            game = (get_game(project, job.game_key).in_language(job.language, job.force).with_all_modules()
                    .printed_light(job.ink_saver))
            game = game.printed_by_a_shop() if job.print_shop else game
            found = Prepared(project, game, load_game(project, game), job.generation)
        _prepared[key] = found
    return found


def adopt(job: GameJob, project: Project, game: Game, loaded: list, results: dict | None) -> None:
    """Hand this process's tasks the game the caller loaded and checked (--jobs 1)."""
    cache.use_salt(job.root, job.salt)
    _prepared[(job.root, job.game_key, job.language, job.ink_saver, job.force, job.print_shop)] = Prepared(project, game, loaded, job.generation,
                                                                 _results=results)


def start_worker(parent: int, temporary: str | None = None) -> None:
    """A pool process's start: it dies with its parent, even by SIGKILL (Linux), leaves Ctrl-C
    to its parent, makes its temporary files in the pool's folder (`temporary`, which the pool's
    owner deletes), and loads WeasyPrint at once, while the parent checks the data."""
    if temporary is not None:
        tempfile.tempdir = temporary
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:
        os._exit(1)
    ready_to_render()


def ready_to_render() -> None:
    """WeasyPrint loaded, then every object alive kept out of the cyclic collector's scans
    (gc.freeze): they live as long as the process, and WeasyPrint's layout allocates so much
    that scanning them again and again cost about 5 % of a build (bench/run.py)."""
    import pnp.build  # noqa: F401       (what every task renders with)
    import pnp.render.weasy  # noqa: F401

    gc.freeze()


def ready() -> None:
    """A task that does nothing: submitting it starts the pool's processes."""


def counted(task, *arguments):
    """Run a task, with room on the frame stack (pnp.stack_room); (its result, the documents
    WeasyPrint laid out for it)."""
    before = cache.layouts_done()
    with stage("", TASKS.get(task.__name__, task.__name__.replace("_", " "))):
        try:
            result = with_stack_room(task, *arguments)
        except PnpError as error:
            raise travelling(error) from None
    return result, cache.layouts_done() - before


def travelling(error: PnpError) -> PnpError:
    """A refusal as it can cross to the process that reports it: itself when it pickles both
    ways, else its words in plain values (an error that fails to unpickle there would read as a
    crashed worker, not as the refusal it is)."""
    try:
        pickle.loads(pickle.dumps(error))
        return error
    except Exception:
        if isinstance(error, DataError):
            return DataError([replace(problem, file=str(problem.file),
                                      line=problem.line if isinstance(problem.line, int) else
                                      None if problem.line is None else str(problem.line))
                              for problem in error.problems])
        return UsageError(str(error))


def deck_files(job: GameJob, deck_key: str, papers: tuple, duplex: str,
               back_offset_mm: tuple[float, float]) -> dict:
    """A deck's cards rendered once, imposed on each paper: {paper: (PDF, pages)}. Sheets are
    cached like pages, keyed by the card pages' bytes and everything the imposition reads."""
    from pnp.build import build_deck, render_cards
    from pnp.preflight import require_preflight

    ready_game = prepared(job)
    project, game = ready_game.project, ready_game.game
    loaded = next(d for d in ready_game.loaded if d.deck.key == deck_key)
    context = ready_game.context() if loaded.deck.uses_rules else None
    cards_pdf = render_cards(project, game, loaded, context)
    store = cache.RenderCache(project.root)
    sheets = {}
    for paper in papers:
        key = store.key("sheets", json.dumps([hashlib.sha256(cards_pdf).hexdigest(), paper, duplex,
                                              list(back_offset_mm), repr(loaded.deck), game.title, game.language,
                                              len(loaded.cards)]))
        found = store.get(key)
        if found is not None:
            sheets[paper] = (found[PAGES_BYTES:], int.from_bytes(found[:PAGES_BYTES], "big"))
            continue
        pdf, pages = build_deck(project, game, loaded, paper, duplex, context, back_offset_mm, cards_pdf)
        require_preflight([(f"{deck_key}.pdf", pdf)])
        store.put(key, pages.to_bytes(PAGES_BYTES, "big") + pdf)
        sheets[paper] = (pdf, pages)
    return sheets


def deck_cards(job: GameJob, deck_key: str, deck_keys: tuple) -> bytes:
    """A deck's card pages (each face, then the back or backs), for an export: the pages a
    build imposes, the engine's tables computed over the export's decks (`deck_keys`: the
    game with the modules exported, where the pool's game holds every module)."""
    from pnp.build import render_cards

    ready_game = prepared(job)
    loaded = next(d for d in ready_game.loaded if d.deck.key == deck_key)
    context = None
    if loaded.deck.uses_rules:
        context = ready_game.game.deck_context([d for d in ready_game.loaded if d.deck.key in deck_keys])
    return render_cards(ready_game.project, ready_game.game, loaded, context)


def rulebook_file(job: GameJob, paper: str, booklet: bool) -> tuple[str, bytes, int]:
    """The rulebook at paper size, or as a booklet: half-size pages imposed two-up. It starts
    while the caller checks the game, so it computes the examples it prints itself, and checks
    the chapters it prints as `pnp check` does (the caller's check leaves them to it)."""
    import io

    import pikepdf

    from pnp.preflight import require_preflight
    from pnp.render.papers import booklet_page, paper_size
    from pnp.render.sheet_layout import MM
    from pnp.rulebook.booklet import impose_booklet
    from pnp.rulebook.chapter_check import checked_rulebook_body
    from pnp.rulebook.typeset import render_rulebook

    ready_game = prepared(job)
    project, game, loaded = ready_game.project, ready_game.game, ready_game.loaded
    results = ready_game.results()
    body = checked_rulebook_body(project, game, loaded, results, job.salt, complete=not job.force)
    if booklet:
        half = render_rulebook(project, game, loaded, results, booklet_page(paper), body, booklet=True)
        sheet = tuple(side * MM for side in paper_size(paper))
        name, pdf = "rulebook-booklet.pdf", impose_booklet(half, sheet, back_cover=True)
    else:
        name, pdf = "rulebook.pdf", render_rulebook(project, game, loaded, results, paper, body)
    require_preflight([(name, pdf)])
    return name, pdf, len(pikepdf.open(io.BytesIO(pdf)).pages)


def board_files(job: GameJob, papers: tuple) -> dict:
    """Each board rendered once, then at full size and tiled for each paper: {paper: files}."""
    from pnp.preflight import require_preflight
    from pnp.render.boards import board_files as files_of, render_board

    ready_game = prepared(job)
    project, game = ready_game.project, ready_game.game
    found: dict = {paper: [] for paper in papers}
    for board in game.boards:
        full = render_board(project, game, board)
        for paper in papers:
            found[paper] += files_of(project, game, board, paper, full)
    for made in found.values():
        require_preflight([(name, pdf) for name, pdf, _ in made])
    return found


def table_piece_files(job: GameJob, paper: str) -> list[tuple[str, bytes, int]]:
    """The game's own table pieces (playmats, sheets) for the paper."""
    from pnp.preflight import require_preflight

    ready_game = prepared(job)
    made = ready_game.game.table_pieces(ready_game.project, ready_game.game, paper)
    require_preflight([(name, pdf) for name, pdf, _ in made])
    return made
