"""Several games on several papers in one run, on every core.

An edition is one game on one paper (in one language, with some modules): one output folder.
A run loads and checks each game once, then hands its pieces to a pool of processes, the
longest first (rulebooks, then decks by size), so that no process waits on the last one at the
end; a deck whose data changed since the folder's last build goes before them all. A deck's
cards are the same on every paper: they are rendered once and imposed for each paper the run
asks for; boards likewise. A folder whose last build had the same inputs is left
as it is (pnp/inputs.py).
"""

import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path

from pnp.contained import stage
from pnp.output import BuildReport, up_to_date, write_outputs
from pnp.output.folders import MANIFEST
from pnp.data.decks import load_game
from pnp.errors import ChapterCheckFailed, DataError, PnpError, UsageError
from pnp.files import project_files
from pnp.games import get_game
from pnp.inputs import build_inputs, game_inputs, render_inputs
from pnp.project import Project
from pnp.pool import default_jobs, end_pool, start_pool, stop_workers
from pnp.task_feed import TaskFeed
from pnp.workers import (GameJob, adopt, board_files, counted, deck_files, ready_to_render, rulebook_file,
                         table_piece_files)


RENDERING = ""                   # the key of the run's render inputs among its digests (no game has it)


@dataclass(frozen=True)
class Edition:
    """One game on one paper: what one output folder holds."""
    game_key: str
    paper: str
    language: str | None = None
    modules: tuple = ()
    out_dir: Path | None = None
    owned: bool = False          # the project's own output folder (may hold a folder pnp did not list)


@dataclass(frozen=True)
class PrintOptions:
    duplex: str = "long"
    back_offset_mm: tuple = (0.0, 0.0)
    booklet: bool = False
    force: bool = False
    ink_saver: bool = False


@dataclass
class RenderedEdition:
    files: list = field(default_factory=list)      # (name, PDF, pages, cards), in the table's order
    skipped: list = field(default_factory=list)    # what --force let through
    rendered: int = 0                              # documents WeasyPrint laid out for it


@dataclass
class _GameRun:
    """One game in one language, as the run prints it."""
    job: GameJob
    game: object                                   # in its language, every module
    loaded: list
    results: dict | None
    skipped: list
    has_rulebook: bool = False
    editions: list = field(default_factory=list)   # (index, Edition)


@dataclass(frozen=True)
class _Task:
    order: tuple                                    # sorts the longest first
    label: str
    function: Callable
    arguments: tuple
    deliver: Callable                               # (result, renders) -> None
    blame: tuple = ()                               # whose fault is told first: decks, rulebook, boards
    after_check: bool = False                       # prints the engine's tables, which the check computes
    urgent: bool = False                            # the deck just saved (pnp watch): alone, first


def edition_options(edition: Edition, options: PrintOptions) -> dict:
    return {"paper": edition.paper, "language": edition.language, "modules": sorted(edition.modules),
            "duplex": options.duplex, "offset": list(options.back_offset_mm), "booklet": options.booklet,
            "force": options.force, "ink_saver": options.ink_saver}


def build_editions(project: Project, editions: list[Edition], options: PrintOptions, jobs: int | None = None,
                   progress: Callable[[int, int, str], None] = lambda done, total, step: None,
                   pool: ProcessPoolExecutor | None = None,
                   on_file: Callable[[int, tuple], None] | None = None) -> list[BuildReport]:
    """Write each edition's folder, all or nothing; a folder already holding this very build
    (same inputs, same files) is left as it is, and nothing of it is checked or rendered.
    `on_file(edition, file)`: as render_editions, each file as soon as it is ready and checked."""
    digests: dict = {}
    reports: list = [None] * len(editions)
    todo = []
    for index, edition in enumerate(editions):
        inputs = build_inputs(game_digest(project, edition.game_key, digests), edition_options(edition, options))
        current = up_to_date(edition.out_dir, inputs)
        if current is not None:
            reports[index] = replace(current, up_to_date=True)
        else:
            todo.append((index, edition, inputs))
    if todo:
        made = render_editions(project, [edition for _, edition, _ in todo], options, jobs, progress, digests, pool,
                               on_file=on_file and (lambda position, file: on_file(todo[position][0], file)))
        for (index, edition, inputs), rendered in zip(todo, made):
            files = write_outputs(edition.out_dir, rendered.files, edition.owned, inputs, rendered.skipped)
            reports[index] = BuildReport(files, rendered.skipped, rendered.rendered)
    return reports


def _load(project: Project, editions: list[Edition], digests: dict, ink_saver: bool = False,
          force: bool = False) -> dict:
    """Each game of the run loaded once, every module with it (the rulebook shows them all)."""
    runs: dict = {}
    for index, edition in enumerate(editions):
        key = (edition.game_key, edition.language)
        game = get_game(project, edition.game_key)
        game.with_modules(edition.modules)                 # an unknown module is refused here
        if key not in runs:
            if edition.language is not None and edition.language not in (game.languages or (game.language,)):
                raise UsageError(f"--lang {edition.language}: {game.title} prints in "
                                 f"{', '.join(game.languages or (game.language,))}")
            full = game.in_language(edition.language, force).with_all_modules().printed_light(ink_saver)
            job = game_job(project, edition.game_key, edition.language, digests, ink_saver, force)
            with stage(f"card_data/{game.key}", "reading the game's data"):
                loaded = load_game(project, full)
            runs[key] = _GameRun(job, full, loaded, None, [],
                                 has_rulebook=(project.card_data / game.key / "rulebook").is_dir())
        runs[key].editions.append((index, edition))
    return runs


def game_job(project: Project, game_key: str, language: str | None, digests: dict,
             ink_saver: bool = False, force: bool = False) -> GameJob:
    """What the pool's tasks name the game by, as of its inputs now."""
    generation = game_digest(project, game_key, digests)
    return GameJob(str(project.root), game_key, language, generation, digests[RENDERING], ink_saver, force)


def game_digest(project: Project, game_key: str, digests: dict) -> str:
    """The digest of a game's inputs (pnp.inputs.game_inputs); `digests` keeps the run's render
    inputs and each game's digest, each computed once a run."""
    if RENDERING not in digests:
        digests[RENDERING] = render_inputs(project)
    if game_key not in digests:
        digests[game_key] = game_inputs(project, game_key, digests[RENDERING])
    return digests[game_key]


def _check(project: Project, runs: dict, options: PrintOptions) -> None:
    """Every game checked before anything is written: a problem stops the whole run."""
    from pnp.build import check_before_build     # the checks load after the pool has started

    for run in runs.values():
        with stage(f"layouts/{run.game.key}", "checking the game's layouts and examples"):
            run.results, run.skipped = check_before_build(project, run.game, options.force, run.loaded,
                                                          rendering=run.job.salt, chapters=not run.has_rulebook)


def _tasks(project: Project, runs: dict, options: PrintOptions, out: list, first, tell) -> list[_Task]:
    """Every piece of work of the run, each delivering its files into the editions it serves."""

    def deliver(run: _GameRun, slot: tuple, serves, files_of):
        """A task's result into each edition of the run it serves, its layouts counted once."""
        def delivered(result, renders: int) -> None:
            for count, (index, edition) in enumerate((i, e) for i, e in run.editions if serves(e)):
                files = files_of(result, edition)
                out[index][1].append((slot, files))
                out[index][0].rendered += renders if count == 0 else 0
                for file in files:
                    tell(index, file)
        return delivered

    def unnumbered(result):
        return [(name, pdf, pages, 0) for name, pdf, pages in result]

    tasks = []
    for number, run in enumerate(runs.values()):
        papers = tuple(dict.fromkeys(edition.paper for _, edition in run.editions))
        title = run.game.title
        if run.has_rulebook:
            size = sum(path.stat(follow_symlinks=False).st_size
                       for path in project_files(project.card_data / run.job.game_key / "rulebook", project.root))
            for paper in papers:
                for booklet in ((False, True) if options.booklet else (False,)):
                    got = deliver(run, (1, int(booklet)), lambda edition, paper=paper: edition.paper == paper,
                                  lambda result, edition: unnumbered([result]))
                    tasks.append(_Task((0, -size, number, paper, booklet), f"{title}: rulebook", rulebook_file,
                                       (run.job, paper, booklet), got, (number, 1)))
        wanted = {deck.key for _, edition in run.editions for deck in _decks_of(run.game, edition)}
        built = _last_built(run.editions)
        for position, loaded in enumerate(d for d in run.loaded if d.deck.key in wanted):
            key, cards = loaded.deck.key, len(loaded.cards)
            got = deliver(run, (0, position),
                          lambda edition, key=key, game=run.game: key in {d.key for d in _decks_of(game, edition)},
                          lambda result, edition, key=key, cards=cards: [(f"{key}.pdf", *result[edition.paper], cards)])
            urgent = first(loaded)
            edited = built is not None and _edited_since(project, run.job.game_key, loaded.deck, built)
            order = (-1 if urgent or edited else 1, -cards * (2 if loaded.deck.backs else 1), number, position)
            tasks.append(_Task(order, f"{title}: {loaded.deck.title}", deck_files,
                               (run.job, key, papers, options.duplex, tuple(options.back_offset_mm)), got,
                               (number, 0, position), after_check=loaded.deck.uses_rules, urgent=urgent))
        if run.game.boards:
            got = deliver(run, (2, 0), lambda edition: True, lambda result, edition: unnumbered(result[edition.paper]))
            tasks.append(_Task((2, number), f"{title}: boards", board_files, (run.job, papers), got, (number, 2)))
        if run.game.table_pieces:
            for paper in papers:
                got = deliver(run, (3, 0), lambda edition, paper=paper: edition.paper == paper,
                              lambda result, edition: unnumbered(result))
                tasks.append(_Task((3, number, paper), f"{title}: sheets", table_piece_files, (run.job, paper), got,
                                   (number, 3)))
    return sorted(tasks, key=lambda task: task.order)


def _last_built(editions: list) -> int | None:
    """When the run's editions were last built (the oldest folder's manifest), in ns; None when
    one never was."""
    try:
        return min(os.stat(Path(edition.out_dir) / MANIFEST, follow_symlinks=False).st_mtime_ns
                   for _, edition in editions)
    except (OSError, TypeError, ValueError):
        return None


def _edited_since(project: Project, game_key: str, deck, built: int) -> bool:
    """Whether the deck's data file changed after the last build: what the designer just saved
    renders first, instead of after the decks the cache will answer."""
    try:
        return os.stat(project.card_data / game_key / deck.source, follow_symlinks=False).st_mtime_ns > built
    except (OSError, ValueError):
        return False


def _decks_of(full_game, edition: Edition) -> list:
    """The decks an edition prints: the game's own, and its chosen modules'."""
    return full_game.with_modules(edition.modules).decks


def render_editions(project: Project, editions: list[Edition], options: PrintOptions, jobs: int | None = None,
                    progress: Callable[[int, int, str], None] = lambda done, total, step: None,
                    digests: dict | None = None, pool: ProcessPoolExecutor | None = None,
                    first: Callable[[object], bool] = lambda loaded_deck: False,
                    on_file: Callable[[int, tuple], None] | None = None) -> list[RenderedEdition]:
    """Every file of each edition, checked and preflighted, not written. The pool renders while
    this process checks every game; a problem stops the whole run. `jobs` processes (default:
    every core; 1 renders here, after the check); `pool`, one kept between runs (`pnp watch`),
    where the decks `first` picks go first and `on_file(edition, file)` hears of each file as
    soon as it is ready and checked."""
    jobs = jobs or default_jobs()
    own_pool = pool is None and jobs > 1
    if own_pool:
        pool = start_pool(jobs)
    try:
        progress(0, 1, "checking")
        runs = _load(project, editions, digests if digests is not None else {}, options.ink_saver, options.force)
        out = [(RenderedEdition(), []) for _ in editions]
        checked = [False]
        waiting: list = []

        def tell(index: int, file: tuple) -> None:
            if on_file is not None:
                (on_file(index, file) if checked[0] else waiting.append((index, file)))

        tasks = _tasks(project, runs, options, out, first, tell)
        failures: list = []
        if pool is None:
            _check(project, runs, options)
            checked[0] = True
            ready_to_render()
            for run in runs.values():
                adopt(run.job, project, run.game, run.loaded, run.results)
            for done, task in enumerate(tasks):
                progress(done, len(tasks), task.label)
                try:
                    task.deliver(*counted(task.function, *task.arguments))
                except ChapterCheckFailed:
                    raise                          # the check's, found late: the run stops now
                except PnpError as error:
                    failures.append((task.blame, error))
        else:
            # The longest task first, as each process frees (pnp/task_feed.py); what the user just
            # saved alone first; what prints the engine's tables once the check has computed them.
            feed = TaskFeed(pool, tasks, lambda pool, task: pool.submit(counted, task.function, *task.arguments),
                            getattr(pool, "_max_workers", jobs) + 1).start()
            try:
                _check(project, runs, options)
                checked[0] = True
                for index, file in waiting:
                    on_file(index, file)
                feed.checked()
                for done, (future, task) in enumerate(feed.finished(), start=1):
                    progress(done, len(tasks), task.label)
                    try:
                        task.deliver(*future.result())
                    except ChapterCheckFailed:
                        raise                      # the check's, found late: the rest is stopped
                    except PnpError as error:
                        failures.append((task.blame, error))
            except BaseException:
                feed.stop()                        # a failure of the check, or Ctrl-C, stops the rest
                raise
        if failures:
            raise _first_fault(failures)
        progress(len(tasks), len(tasks), "done")
    except BaseException:
        if own_pool:
            stop_workers(pool)       # a refused check or Ctrl-C: no piece of it will be used
        raise
    finally:
        if own_pool:
            end_pool(pool)
    made = []
    for (rendered, pieces), run_skipped in zip(out, _skipped_by_edition(runs, len(editions))):
        rendered.files = [file for _, files in sorted(pieces, key=lambda piece: piece[0]) for file in files]
        rendered.skipped = run_skipped
        made.append(rendered)
    return made


def _first_fault(failures: list) -> PnpError:
    """Every task has run: the faults in the input, all of them, in the order of the game
    (a card that does not fit is told at its deck, before the rulebook that shows it); else
    the first other fault in that order."""
    failures.sort(key=lambda failure: failure[0])
    problems = [problem for _, error in failures if isinstance(error, DataError) for problem in error.problems]
    if problems:
        return DataError(list(dict.fromkeys(problems)))
    return failures[0][1]


def _skipped_by_edition(runs: dict, count: int) -> list:
    skipped = [[] for _ in range(count)]
    for run in runs.values():
        for index, _ in run.editions:
            skipped[index] = list(run.skipped)
    return skipped
