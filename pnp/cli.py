"""The `pnp` command line. Every refusal is a one-line error (exit 2), an example the engine
disagrees with exits 1; no path prints a traceback."""

import json
import math
import os
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from pnp.atomic import DISK_FULL, write_error
from pnp.output import DUPLEX_MODES, check_out_folder, check_writable, output_folder
from pnp.check import check_game
from pnp.data.decks import load_game
from pnp.errors import EXIT_BAD_INPUT, EXIT_CHECK_FAILED, CheckFailed, DataError, PnpError, UsageError, plural
from pnp.examples import load_example_file, run_examples
from pnp.export.services import SERVICES
from pnp.games import game_keys as game_keys_of, get_game
from pnp.limits import MAX_REPORTED_PROBLEMS
from pnp.impose import MAX_ART_BLEED_MM
from pnp.project import Project
from pnp.render.papers import PAPER_HELP, PaperError, paper_key, paper_name

console = Console(stderr=False)
errors = Console(stderr=True)
CARD_KEYS_HINT = ("a card data file (its entries have no kind, setup or expect): worked examples live "
                  "in card_data/GAME/examples/*.yaml, as docs/worked-examples.md shows")


def _project(folder: str | None) -> Project:
    return Project.at(folder) if folder else Project.find(Path.cwd())


def _more(count: int) -> None:
    if count > MAX_REPORTED_PROBLEMS:
        errors.print(f"  ... and {count - MAX_REPORTED_PROBLEMS} more (MAX_REPORTED_PROBLEMS shows the first "
                     f"{MAX_REPORTED_PROBLEMS})", highlight=False)


def _fail(error: PnpError, wrote_nothing: bool = False) -> None:
    _report(error, wrote_nothing)
    sys.exit(error.exit_code)


def _report(error: PnpError, wrote_nothing: bool = False) -> None:
    """The error as the user reads it: one line per problem, no traceback."""
    if isinstance(error, CheckFailed):
        for message in error.messages[:MAX_REPORTED_PROBLEMS]:
            errors.print(message, highlight=False, markup=False, soft_wrap=True)
        _more(len(error.messages))
        errors.print(f"[bold red]error:[/] {plural(len(error.messages), 'worked example')} the engine "
                     "disagrees with, so nothing was printed (use --force to build anyway)")
    elif isinstance(error, DataError):
        tail = "; nothing was written" if wrote_nothing else ""
        errors.print(f"[bold red]error:[/] {plural(len(error.problems), 'problem')} in the input{tail}",
                     highlight=False)
        for problem in error.problems[:MAX_REPORTED_PROBLEMS]:
            errors.print(f"  {problem}", highlight=False, markup=False, soft_wrap=True)
        _more(len(error.problems))
    else:
        errors.print("[bold red]error:[/] ", end="")
        errors.print(str(error), highlight=False, markup=False, soft_wrap=True)


SHOWN_CHARACTERS = 40       # of a refused option value echoed in its error


def _shown(value) -> str:
    """A value as an error quotes it: a value of thousands of characters is cut short."""
    text = str(value)
    return repr(text if len(text) <= SHOWN_CHARACTERS else text[:SHOWN_CHARACTERS] + "...")


class TextType(click.ParamType):
    """Text that says something: an empty or blank value is refused, never taken for the default."""

    name = "text"

    def convert(self, value, param, ctx):
        if not str(value).strip():
            self.fail("an empty value says nothing: give a value, or leave the option out", param, ctx)
        return value


class PathType(click.Path):
    """A path; an empty or blank one is refused (it would mean the current folder, or be ignored)."""

    def convert(self, value, param, ctx):
        if isinstance(value, str) and not value.strip():
            self.fail("an empty path names no file or folder: give one, or leave the option out", param, ctx)
        return super().convert(value, param, ctx)


class FiniteRange(click.FloatRange):
    """A number within a range; nan and infinities, which every comparison lets through, are refused."""

    def convert(self, value, param, ctx):
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{_shown(value)} is not a number from {self.min:g} to {self.max:g}", param, ctx)
        return number


class WholeRange(click.IntRange):
    """A whole number within a range; a value of hundreds of digits is refused without being echoed."""

    def convert(self, value, param, ctx):
        if isinstance(value, str) and len(value.strip().lstrip("+-")) > SHOWN_CHARACTERS:
            self.fail(f"{_shown(value)} is not a whole number{self._bounds_words()}", param, ctx)
        return super().convert(value, param, ctx)

    def _bounds_words(self) -> str:
        if self.min is None and self.max is None:
            return ""
        if self.max is None:
            return f" of at least {self.min}"
        if self.min is None:
            return f" of at most {self.max}"
        return f" from {self.min} to {self.max}"


class ChoiceType(click.Choice):
    """One of the choices; a long wrong value is not echoed whole."""

    def convert(self, value, param, ctx):
        if isinstance(value, str) and len(value) > SHOWN_CHARACTERS:
            self.fail(f"{_shown(value)} is not one of {', '.join(map(str, self.choices))}", param, ctx)
        return super().convert(value, param, ctx)


TEXT = TextType()
project_option = click.option(
    "--project", "project_dir", type=PathType(file_okay=False),
    help="The project folder, holding card_data/, layouts/ and fonts/ (default: the current folder "
         "or the nearest folder above it that holds all three).")


class PaperType(click.ParamType):
    """A named paper or WIDTHxHEIGHTmm, turned into its key (`A4` -> `a4`, `320x450MM` -> `320x450mm`)."""

    name = "paper"
    documented = ("a3", "a4", "letter", "tabloid", "WIDTHxHEIGHTmm")

    def get_metavar(self, param, ctx=None) -> str:
        return "[" + "|".join(self.documented) + "]"

    def convert(self, value, param, ctx):
        if len(str(value)) > SHOWN_CHARACTERS:
            self.fail(f"{_shown(value)} is not a paper: expected {PAPER_HELP}", param, ctx)
        try:
            return paper_key(str(value))
        except PaperError as error:
            self.fail(str(error), param, ctx)


PAPER = PaperType()
paper_option = click.option(
    "--paper", type=PAPER, default="a4", show_default=True,
    help=f"The paper the sheets are printed on: {PAPER_HELP}.")


class Commands(click.Group):
    """pnp's commands. A full disk (or a file size limit) met anywhere, in pnp's own writes or a
    library's temporary files, is one line and exit 2, never a traceback."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except OSError as error:
            if error.errno not in DISK_FULL:
                raise
            _fail(write_error(error, error.filename or "a temporary file"))


@click.group(cls=Commands)
@click.version_option(package_name="pnp")
def main() -> None:
    """pnp: turn a tabletop game's data into print-and-play PDFs, checked before print."""


@main.command("list")
@project_option
def list_games(project_dir: str | None) -> None:
    """List the project's games and their components; a game that does not load is named with
    its error, after the others (exit 2)."""
    try:
        project = _project(project_dir)
        keys = game_keys_of(project)
    except PnpError as error:
        _fail(error)
    games, broken = [], []
    for key in keys:
        try:
            games.append(get_game(project, key))
        except PnpError as error:
            broken.append((key, error))
    if not keys:
        console.print(f"{project.root} has no games yet: `pnp new GAME` makes one.")
    for game in games:
        _game_table(game)
    for key, error in broken:
        errors.print("[bold red]error:[/] ", end="")
        errors.print(f"{key}: {_first_line(error)}", highlight=False, markup=False, soft_wrap=True)
    if broken:
        sys.exit(EXIT_BAD_INPUT)


def _first_line(error: PnpError) -> str:
    """An error in one line: its first problem, and how many more `pnp check` shows."""
    if isinstance(error, DataError) and error.problems:
        more = len(error.problems) - 1
        return str(error.problems[0]) + (f" (and {plural(more, 'more problem')}: pnp check shows them)"
                                          if more else "")
    return str(error).splitlines()[0] if str(error) else type(error).__name__


def _game_table(game) -> None:
    """A game's line and its components, as `pnp list` shows them."""
    players = f"{game.players} player" + ("" if game.players == "1" else "s")
    table = Table(title=f"{game.key}: {game.title} ({players}, {game.play_time})",
                  caption=game.pitch, title_justify="left", caption_justify="left")
    for column, justify in (("component", "left"), ("cards", "right"), ("data file", "left")):
        table.add_column(column, justify=justify)
    for deck in game.declared_decks:
        module = f" (module: --module {deck.module})" if deck.module else ""
        table.add_row(deck.title + module, str(deck.count), f"card_data/{game.key}/{deck.source}")
    console.print(table)


@main.command()
@click.argument("game_key", metavar="GAME")
@click.option("--from", "template", type=TEXT, default="starter", show_default=True,
              help="Start from the bundled starter game, or copy a game of this project (verset, say).")
@click.option("--title", type=TEXT, help="The game's title (default: GAME in capitals).")
@project_option
def new(game_key: str, template: str, title: str | None, project_dir: str | None) -> None:
    """Make a new game GAME that builds at once: its game.yaml, a deck, layouts, a rulebook."""
    from pnp.starter import new_game

    try:
        project = _project(project_dir)
        written = new_game(project, game_key, template, title)
    except PnpError as error:
        _fail(error)
    console.print(f"Made {game_key} from {template}: {plural(len(written), 'file')}:")
    for path in written:
        console.print(f"  {project.relative(path)}", highlight=False)
    console.print(f"Next: `pnp check {game_key}`, then `pnp build {game_key}`.", highlight=False)


@main.command()
@click.argument("game_keys", metavar="[GAME]...", nargs=-1)
@click.option("--all", "every_game", is_flag=True, help="Build every game of the project.")
@click.option("--paper", "papers", type=PAPER, multiple=True,
              help=f"The paper the sheets are printed on: {PAPER_HELP}; "
                   "repeat for several (cards are rendered once and imposed on each). Default: a4.")
@click.option("--duplex", type=ChoiceType(DUPLEX_MODES, case_sensitive=False), default="long",
              show_default=True,
              help="How the printer turns the sheet for the backs: long or short edge; fold puts each back beside its "
                   "face on one-sided sheets, to fold and glue; none prints fronts only.")
@click.option("--out", "out_dir", type=PathType(file_okay=False),
              help="Where to write, for one game on one paper (default: output/GAME/PAPER; "
                   "output/GAME/PAPER-duplex-short or PAPER-fronts-only for the other duplex modes).")
@click.option("--lang", "language", type=TEXT, metavar="LANG",
              help="The language to print in, one of the game's (Verso: fr, the default, or en); "
                   "another than the game's own goes to output/GAME/PAPER-LANG.")
@click.option("--duplex-offset", "duplex_offset", type=TEXT, metavar="X,Y",
              help="Move every back page X mm right and Y mm up (as the back page is seen), to meet a "
                   "printer whose second side lands off; `pnp calibrate` measures it. Default 0,0.")
@click.option("--module", "modules", type=TEXT, metavar="MODULE", multiple=True,
              help="Also build an optional module's cards, in their own files (Verdun: mud-and-blood); "
                   "repeat for several. `pnp list` names each game's modules.")
@click.option("--booklet", is_flag=True,
              help="Also write the rulebook as a saddle-stitched booklet (half-size pages two-up).")
@click.option("--force", is_flag=True,
              help="Build even when worked examples disagree with the engine, saying what was skipped.")
@click.option("--jobs", type=WholeRange(1, 64), metavar="N",
              help="Processes to render with (default: one per core; 1 renders in this process).")
@click.option("--ink-saver", is_flag=True,
              help="Print light: white grounds, outlined frames, dark text, art lightened (every layout reads the "
                   "switch); to output/GAME/PAPER-ink-saver. The table gives each file's ink coverage.")
@click.option("--cards", "card_list", metavar="ID,ID...",
              help="Print only these cards (errata, lost cards): ids, DECK:ID, or DECK:N for the Nth card of a "
                   "deck; each on full sheets with its back, in output/GAME/PAPER-reprint.")
@click.option("--changed-since", "revision", type=TEXT, metavar="REV",
              help="Print only the cards whose print changed since a git revision (a release tag, a commit), "
                   "new cards included; as --cards.")
@project_option
def build(game_keys: tuple, every_game: bool, papers: tuple, duplex: str, language: str | None,
          duplex_offset: str | None, out_dir: str | None, modules: tuple, booklet: bool, force: bool,
          jobs: int | None, ink_saver: bool, card_list: str | None, revision: str | None,
          project_dir: str | None) -> None:
    """Check each GAME, then build its print sheets, rulebook and table pieces (--all: every game)."""
    from pnp.editions import PrintOptions, build_editions

    duplex = duplex.lower()
    if card_list is not None or revision is not None:
        _reprint(game_keys, every_game, papers, duplex, duplex_offset, out_dir, modules, language, force,
                 booklet, card_list, revision, project_dir, ink_saver)
        return
    try:
        offset = _duplex_offset(duplex_offset, duplex)
        project = _project(project_dir)
        editions, games = _editions(project, game_keys, every_game, papers, language, modules, out_dir, duplex,
                                    ink_saver)
        options = PrintOptions(duplex, offset, booklet, force, ink_saver)
        with Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(),
                      TextColumn("{task.completed}/{task.total}"), TimeElapsedColumn(),
                      console=errors, transient=True) as progress:
            task = progress.add_task("checking", total=None)

            def show(done: int, total: int, step: str) -> None:
                progress.update(task, completed=done, total=total, description=step)

            reports = build_editions(project, editions, options, jobs, show)
    except PnpError as error:
        _fail(error, wrote_nothing=True)
    for edition, report in zip(editions, reports):
        _built_table(project, games[edition.game_key], edition, duplex, report, ink_saver)


@main.command()
@click.argument("game_key", metavar="GAME")
@click.option("--paper", "papers", type=PAPER, multiple=True,
              help=f"The paper: {PAPER_HELP}; repeat for several. Default: a4.")
@click.option("--duplex", type=ChoiceType(DUPLEX_MODES, case_sensitive=False), default="long",
              show_default=True, help="As for `pnp build`.")
@click.option("--lang", "language", type=TEXT, metavar="LANG", help="As for `pnp build`.")
@click.option("--duplex-offset", "duplex_offset", type=TEXT, metavar="X,Y", help="As for `pnp build`.")
@click.option("--module", "modules", type=TEXT, metavar="MODULE", multiple=True, help="As for `pnp build`.")
@click.option("--booklet", is_flag=True, help="As for `pnp build`.")
@click.option("--force", is_flag=True, help="As for `pnp build`.")
@click.option("--ink-saver", is_flag=True, help="As for `pnp build`.")
@click.option("--jobs", type=WholeRange(1, 64), metavar="N",
              help="Processes to render with (default: one per core).")
@project_option
def watch(game_key: str, papers: tuple, duplex: str, language: str | None, duplex_offset: str | None,
          modules: tuple, booklet: bool, force: bool, ink_saver: bool, jobs: int | None,
          project_dir: str | None) -> None:
    """Build GAME, then rebuild it on every save of its data, rulebook, layouts or fonts, into
    output/GAME/PAPER, saying what was rebuilt or what is wrong, until Ctrl-C."""
    from pnp.editions import PrintOptions, default_jobs
    from pnp.watch import watch_game

    duplex = duplex.lower()
    try:
        offset = _duplex_offset(duplex_offset, duplex)
        project = _project(project_dir)
        editions, _ = _editions(project, (game_key,), False, papers, language, modules, None, duplex, ink_saver)
        watch_game(project, editions, PrintOptions(duplex, offset, booklet, force, ink_saver), jobs or default_jobs(),
                   say=_say, fail=_report)
    except PnpError as error:
        _fail(error)


def _editions(project, game_keys: tuple, every_game: bool, papers: tuple, language: str | None,
              modules: tuple, out_dir: str | None, duplex: str, ink_saver: bool = False) -> tuple[list, dict]:
    """The editions a `pnp build` asks for, each game checked to exist; --out only for one."""
    from pnp.editions import Edition

    if every_game and game_keys:
        raise UsageError("give GAME names or --all, not both")
    keys = list(dict.fromkeys(game_keys)) or (game_keys_of(project) if every_game else [])
    if not keys:
        raise UsageError("name a GAME to build (`pnp list` shows them), or --all for every game")
    games = {key: get_game(project, key) for key in keys}
    papers = tuple(dict.fromkeys(papers)) or ("a4",)
    modules = tuple(dict.fromkeys(module.lower() for module in modules))
    language = language.lower() if language else None
    if out_dir and len(keys) * len(papers) > 1:
        raise UsageError("--out names one folder: build one game on one paper with it, or leave it out "
                         "to write each to output/GAME/PAPER")
    if every_game:          # --all: each game takes the modules and language it has
        offered = {module.key for game in games.values() for module in game.modules}
        languages = {code for game in games.values() for code in (game.languages or (game.language,))}
        for module in modules:
            if module not in offered:
                raise UsageError(f"--module {module}: no game of the project has it "
                                 f"(modules: {', '.join(sorted(offered)) or 'none'})")
        if language and language not in languages:
            raise UsageError(f"--lang {language}: no game of the project prints in it")
    editions = []
    for key, game in games.items():
        prints_in = game.languages or (game.language,)
        if language and language not in prints_in and not every_game:
            raise UsageError(f"--lang {language}: {game.title} prints in {', '.join(prints_in)}")
        chosen = tuple(m for m in modules if m in {module.key for module in game.modules}) if every_game else modules
        game.with_modules(chosen)
        printed_in = language if language in prints_in else None
        for paper in papers:
            target = Path(out_dir).resolve() if out_dir else output_folder(project, game, paper, duplex, printed_in,
                                                                                        ink_saver)
            check_out_folder(target, owned=out_dir is None)
            editions.append(Edition(key, paper, printed_in, chosen, target, owned=out_dir is None))
    return editions, games


def _built_table(project, game, edition, duplex: str, report, ink_saver: bool = False) -> None:
    paper = paper_name(edition.paper)
    with_modules = "".join(f", with {game.module(key).title}" for key in edition.modules)
    if report.up_to_date:
        console.print(f"{game.title}: {paper}, duplex {duplex}{with_modules}: up to date "
                      f"({plural(len(report.files), 'file')} in {project.relative(edition.out_dir)}, "
                      "nothing changed since they were built)", highlight=False, soft_wrap=True)
    else:
        light = ", ink saver" if ink_saver else ""
        _files_table(project, f"{game.title}: {paper}, duplex {duplex}{with_modules}{light}", report.files)
    _forced(report.skipped)


def _files_table(project, title: str, files: list) -> None:
    """The closing table: each file written, its pages, cards, size and ink."""
    from pnp.render.ink import ink_coverage

    table = Table(title=title, caption="ink: the mean darkness of the file's pages, rasterised (0 % is blank paper)",
                  caption_justify="left")
    for column, justify in (("file", "left"), ("pages", "right"), ("cards", "right"), ("size", "right"),
                            ("ink", "right")):
        table.add_column(column, justify=justify)
    for item in files:
        table.add_row(str(project.relative(item.path)), str(item.pages), str(item.cards or ""),
                      f"{item.size / 1024:.0f} KiB", f"{100 * ink_coverage(item.path):.1f} %")
    table.add_row("total", str(sum(b.pages for b in files)), str(sum(b.cards for b in files)),
                  f"{sum(b.size for b in files) / 1024:.0f} KiB", "", style="bold")
    console.print(table)


def _forced(skipped: list) -> None:
    if skipped:
        errors.print("[bold yellow]WARNING: built with --force. Skipped checks:[/]")
        for line in skipped:
            errors.print(line, highlight=False, markup=False, soft_wrap=True)


def _reprint(game_keys, every_game, papers, duplex, duplex_offset, out_dir, modules, language, force, booklet,
             card_list, revision, project_dir, ink_saver=False) -> None:
    """`pnp build GAME --cards ...` or `--changed-since REV`: only those cards, in a reprint folder."""
    from pnp.editions import PrintOptions
    from pnp.reprint import build_reprint

    try:
        if card_list is not None and revision is not None:
            raise UsageError("--cards names the cards and --changed-since finds them: give one")
        if every_game or len(game_keys) != 1:
            raise UsageError("a reprint is of one game: pnp build GAME --cards ID,... (or --changed-since REV)")
        if booklet:
            raise UsageError("a reprint prints cards only: leave out --booklet")
        asked = _names("--cards", card_list, "name at least one card, each as ID, DECK:ID or "
                                                   "DECK:N, separated by commas") if card_list is not None else []
        papers = tuple(dict.fromkeys(papers)) or ("a4",)
        if out_dir and len(papers) > 1:
            raise UsageError("--out names one folder: reprint on one paper with it")
        offset = _duplex_offset(duplex_offset, duplex)
        project = _project(project_dir)
        if out_dir:
            check_out_folder(Path(out_dir).resolve())
        options = PrintOptions(duplex, offset, False, force, ink_saver)
        modules = tuple(dict.fromkeys(m.lower() for m in modules))
        with Progress(SpinnerColumn(), TextColumn("{task.description}"), console=errors, transient=True) as progress:
            progress.add_task("checking and choosing the cards", total=None)
            game, selection, written, skipped = build_reprint(project, game_keys[0], papers, options, modules,
                                                     language.lower() if language else None, asked, revision,
                                                     Path(out_dir).resolve() if out_dir else None)
    except PnpError as error:
        _fail(error, wrote_nothing=True)
    for note in selection.notes:
        console.print(f"note: {note}", highlight=False)
    if not selection.count:
        console.print(f"{game.title}: no card's print changed since {revision}; nothing to reprint.", highlight=False)
        return
    chosen = "; ".join(f"{game.deck(key).title}: {len(indexes)}" for key, indexes in selection.cards.items())
    console.print(f"{game.title}: reprint of {plural(selection.count, 'card')} ({chosen})", highlight=False)
    light = ", ink saver" if ink_saver else ""
    for paper, _, files in written:
        _files_table(project, f"{game.title}: reprint, {paper_name(paper)}, duplex {duplex}{light}", files)
    _forced(skipped)


def _duplex_offset(text: str | None, duplex: str) -> tuple[float, float]:
    """`--duplex-offset 1.5,-2` as millimetres; refused when it cannot apply or reads wrong."""
    from pnp.render.sheet_layout import MAX_DUPLEX_OFFSET_MM

    if text is None:
        return (0.0, 0.0)
    if duplex not in ("long", "short"):
        raise UsageError(f"--duplex-offset moves the backs of double-sided sheets; --duplex {duplex} prints none")
    try:
        x, y = (float(part) for part in text.split(","))
        if not (math.isfinite(x) and math.isfinite(y)):
            raise ValueError(text)
    except ValueError:
        raise UsageError(f"--duplex-offset {_shown(text)}: expected two numbers of millimetres, X,Y, such as "
                         "1.5,-2") from None
    if not (abs(x) <= MAX_DUPLEX_OFFSET_MM and abs(y) <= MAX_DUPLEX_OFFSET_MM):
        raise UsageError(f"--duplex-offset {text}: each part at most {MAX_DUPLEX_OFFSET_MM:g} mm either way "
                         "(MAX_DUPLEX_OFFSET_MM); a printer further off needs mending")
    return (x, y)


@main.command()
@click.argument("game_key", metavar="GAME")
@paper_option
@click.option("--lang", "language", type=TEXT, metavar="LANG", help="As for `pnp build`.")
@click.option("--ink-saver", is_flag=True, help="As for `pnp build`.")
@click.option("--out", "out_file", type=PathType(dir_okay=False),
              help="The proof's file (default: output/GAME/proof-PAPER.pdf).")
@project_option
def proof(game_key: str, paper: str, language: str | None, ink_saver: bool, out_file: str | None,
          project_dir: str | None) -> None:
    """Write a proof of GAME: every card, board and rulebook page once, each layout finding
    (overlaps, too close to a frame or the trim, clipped, below 6 pt, contrast, fallback font)
    outlined in red and numbered, with its layout line beside it."""
    from pnp.atomic import write_atomically
    from pnp.output import project_output
    from pnp.proof import make_proof

    try:
        project = _project(project_dir)
        game = get_game(project, game_key)
        target = (Path(out_file).parent.resolve() / Path(out_file).name if out_file
                  else project_output(project, game.key) / f"proof-{paper_key(paper)}.pdf")
        if language is not None and language not in (game.languages or (game.language,)):
            raise UsageError(f"--lang {language}: {game.title} prints in "
                             f"{', '.join(game.languages or (game.language,))}")
        if target.is_dir():
            raise UsageError(f"{target} is a folder: --out names the proof's file")
        check_writable(target.parent, "the proof")
        report = check_game(project, game)
        if report.problems:
            raise DataError(report.problems)
        made = make_proof(project, game_key, paper, language, ink_saver)
        try:
            write_atomically(target, made.pdf)
        except OSError as error:
            raise write_error(error, target, "the proof to ") from None
    except PnpError as error:
        _fail(error)
    for problem in made.problems[:MAX_REPORTED_PROBLEMS]:
        errors.print(f"  {problem}", highlight=False, markup=False, soft_wrap=True)
    _more(len(made.problems))
    console.print(f"{game.title}: {plural(made.pieces, 'piece')}, {plural(len(made.problems), 'finding')}; "
                  f"proof written to {target}", highlight=False)


@main.command()
@click.argument("game_key", metavar="GAME")
@project_option
def check(game_key: str, project_dir: str | None) -> None:
    """Check GAME before print: card data, layouts, and every worked example against the
    engine (exit 2 for a problem in the input, 1 when an example disagrees with the engine)."""
    try:
        project = _project(project_dir)
        game = get_game(project, game_key)
    except PnpError as error:
        _fail(error)
    report = check_game(project, game)
    for problem in report.problems[:MAX_REPORTED_PROBLEMS]:
        errors.print(str(problem), highlight=False, markup=False, soft_wrap=True)
    _more(len(report.problems))
    for mismatch in report.mismatches[:MAX_REPORTED_PROBLEMS]:
        errors.print(str(mismatch), highlight=False, markup=False, soft_wrap=True)
    _more(len(report.mismatches))
    if not report.ok:
        errors.print(f"[bold red]{game.title}: {plural(len(report.problems), 'problem')}, "
                     f"{plural(len(report.mismatches), 'example')} the engine disagrees with[/]")
        sys.exit(EXIT_BAD_INPUT if report.problems else EXIT_CHECK_FAILED)
    examples = f" and {plural(report.examples, 'worked example')}" if report.examples else ""
    console.print(f"{game.title}: {plural(report.decks, 'deck')}, their layouts{examples} check out")


@main.command()
@click.argument("game_key", metavar="GAME")
@click.argument("file", required=False, type=PathType(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
@click.option("--kinds", is_flag=True, help="List the example kinds, their setup fields and result keys.")
@project_option
def rules(game_key: str, file: str | None, as_json: bool, kinds: bool, project_dir: str | None) -> None:
    """Compute every worked example in FILE with GAME's rules engine."""
    try:
        project = _project(project_dir)
        game = get_game(project, game_key)
        if not game.kinds:
            raise UsageError(f"{game.title} has no rules engine (no `engine:` in its game.yaml), "
                             "so it has no worked examples to compute")
        if kinds:
            _print_kinds(game, as_json)
            return
        if file is None:
            raise UsageError("give an example FILE, or --kinds")
        path = Path(file)
        if not path.is_file():
            raise UsageError(f"{file}: no such file")
        examples = _example_file(path, file)
        outcomes = run_examples(examples, game.kinds, game.rules_context(load_game(project, game)))
    except PnpError as error:
        _fail(error)
    if as_json:
        console.print_json(json.dumps([{"id": o.example.id, "kind": o.example.kind, "result": o.result,
                                        "agrees": not o.mismatches} for o in outcomes]))
    else:
        for outcome in outcomes:
            mark = "[green]ok[/]" if not outcome.mismatches else "[red]differs[/]"
            console.print(f"{mark} {outcome.example.id} ({outcome.example.kind})", highlight=False)
            for key, value in outcome.result.items():
                console.print(f"    {key}: {json.dumps(value)}", highlight=False, markup=False)
    wrong = [m for o in outcomes for m in o.mismatches]
    for mismatch in wrong:
        errors.print(str(mismatch), highlight=False, markup=False, soft_wrap=True)
    if wrong:
        sys.exit(EXIT_CHECK_FAILED)


def _example_file(path: Path, shown: str):
    """The examples of a file; a card data file given by mistake is said so in one line."""
    from pnp.data.yaml_source import load_yaml

    if path.suffix not in (".yaml", ".yml"):
        raise UsageError(f"{shown} is not a worked-examples file: examples are YAML, "
                         "in card_data/GAME/examples/*.yaml")
    data = load_yaml(path, shown).data
    items = data if isinstance(data, list) else [data]
    if items and all(isinstance(item, dict) and not {"kind", "setup", "expect"} & set(item) for item in items):
        raise UsageError(f"{shown} is {CARD_KEYS_HINT}")
    return load_example_file(path, shown)


def _print_kinds(game, as_json: bool) -> None:
    if as_json:
        console.print_json(json.dumps({name: {"summary": kind.summary,
                                              "setup": {f.name: f.describe() for f in kind.setup},
                                              "results": list(kind.results)}
                                       for name, kind in game.kinds.items()}))
        return
    table = Table(title=f"{game.title}: worked-example kinds", title_justify="left")
    for column in ("kind", "setup", "result keys"):
        table.add_column(column)
    for name, kind in game.kinds.items():
        setup = "\n".join(f"{f.name}: {f.describe()}" for f in kind.setup)
        table.add_row(f"{name}\n[dim]{kind.summary}[/]", setup, "\n".join(kind.results))
    console.print(table)


@main.command()
@paper_option
@click.option("--duplex", type=ChoiceType(("long", "short"), case_sensitive=False), default="long",
              show_default=True, help="How your printer turns the sheet: long or short edge.")
@click.option("--out", "out_file", type=PathType(dir_okay=False),
              help="The PDF to write (default: output/calibration-PAPER-DUPLEX.pdf).")
@project_option
def calibrate(paper: str, duplex: str, out_file: str | None, project_dir: str | None) -> None:
    """Write a two-sided test sheet that measures where your printer puts the second side: held to
    the light, it reads the X,Y to pass to `pnp build --duplex-offset`. For every game and deck."""
    from pnp.atomic import write_atomically
    from pnp.output import project_output
    from pnp.preflight import require_preflight
    from pnp.render.calibration import calibration_sheet
    from pnp.render.marks import label_font_file

    duplex = duplex.lower()
    target = out_file
    try:
        project = _project(project_dir)
        name = f"calibration-{paper}-{duplex}.pdf"
        target = Path(out_file).resolve() if out_file else project_output(project) / name
        pdf = calibration_sheet(paper, duplex, label_font_file(project))
        require_preflight([(name, pdf)])
        write_atomically(target, pdf)
    except PnpError as error:
        _fail(error, wrote_nothing=True)
    except OSError as error:
        _fail(write_error(error, target), wrote_nothing=True)
    console.print(f"Wrote {target}: print it double-sided ({duplex} edge) at 100 %, hold it to the light and "
                  "read X and Y.", highlight=False, soft_wrap=True)


class CardSizeType(click.ParamType):
    """A card size: a preset (poker, bridge, tarot, mini, square) or WIDTHxHEIGHT in mm."""

    name = "size"

    def convert(self, value, param, ctx):
        from pydantic_core import PydanticCustomError

        from pnp.games.declaration import card_size

        if len(str(value)) > SHOWN_CHARACTERS:
            self.fail(f"{_shown(value)} is not a card size: expected a preset (poker, bridge, tarot, mini, "
                      "square) or WIDTHxHEIGHT in mm", param, ctx)
        try:
            return card_size(value)
        except PydanticCustomError as error:     # the declaration's own words: what a size may be
            self.fail(error.message(), param, ctx)


@main.command()
@click.argument("folder", metavar="DIR", type=PathType(file_okay=False, path_type=Path))
@click.option("--back", type=PathType(dir_okay=False, path_type=Path), metavar="IMAGE",
              help="One back for every card: an image or a one-page PDF.")
@click.option("--backs", type=PathType(file_okay=False, path_type=Path), metavar="DIR",
              help="A folder of backs, each named as its face (card7.png behind card7.png).")
@click.option("--size", "card_mm", type=CardSizeType(), default="poker", show_default=True,
              help="The card as cut: poker (63x88), bridge (57x89), tarot (70x120), mini (44x63), square (70x70) "
                   "or WIDTHxHEIGHT in mm.")
@click.option("--bleed", "bleed_mm", type=FiniteRange(0, MAX_ART_BLEED_MM), default=3.0, show_default=True,
              help="The bleed the images carry around the cut, in mm (0: art without bleed, given a mirrored "
                   "bleed of 3 mm).")
@paper_option
@click.option("--duplex", type=ChoiceType(DUPLEX_MODES, case_sensitive=False), default="long", show_default=True,
              help="Backs on the back page, flipped on the long or short edge; fold: each back beside its face, "
                   "to fold and glue; none: fronts only.")
@click.option("--duplex-offset", "duplex_offset", type=TEXT, metavar="X,Y", help="As for `pnp build`.")
@click.option("--title", type=TEXT, help="The name in each sheet's label (default: the folder's name).")
@click.option("--out", "out_file", type=PathType(dir_okay=False, path_type=Path),
              help="The PDF to write (default: DIR-PAPER.pdf beside DIR; -duplex-short, -fold or "
                   "-fronts-only added for those).")
def impose(folder: Path, back: Path | None, backs: Path | None, card_mm: tuple, bleed_mm: float, paper: str,
           duplex: str, duplex_offset: str | None, title: str | None, out_file: Path | None) -> None:
    """Impose a folder of card images made elsewhere (PNG, JPEG, PDF pages) on print sheets with crop
    marks, labels and duplex backs. Images are placed as they are, never re-encoded."""
    from pnp.impose import ImposeOptions, impose_folder

    duplex = duplex.lower()
    folder = folder.resolve()
    suffix = {"long": "", "short": "-duplex-short", "fold": "-fold", "none": "-fronts-only"}[duplex]
    target = (out_file or folder.parent / f"{folder.name}-{paper}{suffix}.pdf").resolve()
    try:
        offset = _duplex_offset(duplex_offset, duplex)
        options = ImposeOptions(card_mm, bleed_mm, paper, duplex, offset, title or folder.name)
        report = impose_folder(folder, options, target, back, backs)
    except PnpError as error:
        _fail(error, wrote_nothing=True)
    except OSError as error:
        _fail(write_error(error, target), wrote_nothing=True)
    bleed = "a mirrored 3 mm bleed" if report.mirrored else f"their {bleed_mm:g} mm bleed"
    console.print(f"Wrote {report.out}: {plural(report.cards, 'card')} at {card_mm[0]:g} x {card_mm[1]:g} mm with "
                  f"{bleed}, {report.per_sheet} a sheet, {plural(report.sheets, 'sheet')} "
                  f"({plural(report.pages, 'page')}) on {paper_name(paper)}, duplex {duplex}.",
                  highlight=False, soft_wrap=True)
    for note in report.notes:
        errors.print(f"note: {note}", highlight=False, markup=False, soft_wrap=True)


def _names(option: str, text: str, hint: str) -> list[str]:
    """NAME,NAME...: the names, an empty one refused (`--games ,` would otherwise mean every game)."""
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise UsageError(f"{option} {_shown(text)}: a name is empty; {hint}")
    return names


def _game_list(project: Project, games: str | None) -> list[str]:
    """--games G,...: each must be a game of the project (the lookup names a wrong one)."""
    if games is None:
        return game_keys_of(project)
    keys = list(dict.fromkeys(_names("--games", games, "name games separated by commas, of "
                                           f"{', '.join(game_keys_of(project)) or 'none yet'}")))
    for key in keys:
        get_game(project, key)
    return keys


site_title_option = click.option("--title", type=TEXT, default="Print and play", show_default=True,
                                 help="The site's name, at the top of every page.")
games_option = click.option("--games", help="Only these games, comma-separated (default: every game of the project).")


@main.command()
@click.option("--out", "out_dir", type=PathType(file_okay=False),
              help="Where to write the site (default: output/site).")
@games_option
@site_title_option
@project_option
def site(out_dir: str | None, games: str | None, title: str, project_dir: str | None) -> None:
    """Build the static download site: every game's PDFs for A4 and Letter, thumbnails, zips,
    and a page on printing. Open index.html, or copy the folder to any static host."""
    from pnp.output import project_output
    from pnp.site import build_site

    try:
        project = _project(project_dir)
        keys = _game_list(project, games)
        target = Path(out_dir).resolve() if out_dir else project_output(project, "site")
        check_out_folder(target, owned=out_dir is None)
        with errors.status("building the site") as status:
            report = build_site(project, target, keys, title, lambda step: status.update(f"building the site: {step}"),
                                owned=out_dir is None)
    except PnpError as error:
        _fail(error, wrote_nothing=True)
    console.print(f"The site: {plural(report.games, 'game')}, {plural(report.files, 'file')}, "
                  f"{report.size / 1024 / 1024:.1f} MB in {report.folder}", highlight=False, soft_wrap=True)
    console.print(f"  open {report.folder / 'index.html'}", highlight=False, soft_wrap=True)


@main.command()
@click.option("--port", type=WholeRange(0, 65535), default=8000, show_default=True,
              help="The port on 127.0.0.1 (0: any free port).")
@click.option("--out", "out_dir", type=PathType(file_okay=False),
              help="Where to write the site (default: output/site).")
@games_option
@site_title_option
@project_option
def serve(port: int, out_dir: str | None, games: str | None, title: str, project_dir: str | None) -> None:
    """Serve the download site on 127.0.0.1 and rebuild it whenever the games' data, layouts
    or fonts change, for a look before publishing. Ctrl-C stops it."""
    from pnp.output import project_output
    from pnp.site.serve import serve_site

    try:
        project = _project(project_dir)
        keys = _game_list(project, games)
        target = Path(out_dir).resolve() if out_dir else project_output(project, "site")
        check_out_folder(target, owned=out_dir is None)
        serve_site(project, target, keys, title, port, owned=out_dir is None, say=_say)
    except PnpError as error:
        _fail(error, wrote_nothing=True)


def _say(message: str, problem: bool = False) -> None:
    (errors if problem else console).print(message, highlight=False, markup=False, soft_wrap=True)


@main.command("export")
@click.argument("game_key", metavar="GAME")
@click.option("--for", "service", required=True, type=ChoiceType(list(SERVICES), case_sensitive=False),
              help="mpc: MakePlayingCards, tgc: The Game Crafter (a PNG per card face at 300 dpi with their "
                   "bleed); dtc: DriveThruCards (a PDF per deck, back and front of each card); tts: "
                   "Tabletop Simulator (deck sheets and a saved object).")
@click.option("--out", "out_dir", type=PathType(file_okay=False),
              help="Where to write (default: output/GAME/export-SERVICE).")
@click.option("--base-url", help="tts: where the images will be hosted (default: this folder, as a file:// address).")
@click.option("--module", "modules", type=TEXT, metavar="MODULE", multiple=True,
              help="Also export an optional module's cards (Verdun: mud-and-blood); repeat for several.")
@project_option
def export(game_key: str, service: str, out_dir: str | None, base_url: str | None, modules: tuple,
           project_dir: str | None) -> None:
    """Export GAME's cards for a print shop or Tabletop Simulator, with a manifest of every card."""
    from pnp.build import check_before_build
    from pnp.output import project_output, write_outputs
    from pnp.export.game import export_game
    from pnp.preflight import require_preflight

    service = service.lower()
    try:
        project = _project(project_dir)
        game = get_game(project, game_key).with_modules(tuple(m.lower() for m in modules))
        target = Path(out_dir).resolve() if out_dir else project_output(project, game.key, f"export-{service}")
        check_out_folder(target, owned=out_dir is None)
        check_before_build(project, game, force=False)
        with errors.status(f"{game.title}: exporting for {service}"):
            result = export_game(project, game, service, base_url if base_url is not None else target.as_uri() + "/")
        require_preflight(result.files)
        write_outputs(target, [(name, data, 0, 0) for name, data in result.files], owned=out_dir is None)
    except PnpError as error:
        _fail(error, wrote_nothing=True)
    cards = sum(int(row[2]) for row in result.rows)
    console.print(f"{game.title} for {service}: {plural(cards, 'card')} in "
                  f"{plural(len(dict.fromkeys(r[0] for r in result.rows)), 'deck')}, "
                  f"{plural(len(result.files), 'file')} in {target}", highlight=False, soft_wrap=True)
    for reason in result.left_out:
        console.print(f"  left out: {reason}", highlight=False, soft_wrap=True)
    console.print(f"  {target / 'manifest.csv'} lists every card and its count", highlight=False, soft_wrap=True)


def _all_simulation_options() -> dict:
    """Every option any engine's simulator takes, by name (adapters are found by name)."""
    from pnp.games.adapters import adapter_for, adapter_names

    options: dict = {}
    for name in adapter_names():
        for option in getattr(adapter_for(name), "simulation_options", ()):
            options.setdefault(option.name, option)
    return options


def _simulation_click_options(command):
    for option in reversed(list(_all_simulation_options().values())):
        if option.type is bool:
            command = click.option(f"--{option.name}", is_flag=True, default=None, help=option.help)(command)
            continue
        kind = WholeRange(option.low, option.high) if option.type is int else TEXT
        command = click.option(f"--{option.name}", multiple=option.multiple, type=kind, help=option.help)(command)
    return command


def _simulation_arguments(game, given: dict) -> dict:
    """The options the game's simulator takes, checked; an option it does not take is refused."""
    accepted = {option.name: option for option in game.simulation_options}
    arguments = {}
    for name, value in given.items():
        if value is None or value == ():
            continue
        option = accepted.get(name)
        if option is None:
            takes = ", ".join(f"--{n}" for n in accepted) or "no options"
            raise UsageError(f"--{name}: {game.title}'s simulator takes {takes} and --seed")
        values = [str(v).lower() if option.choices else v for v in (value if option.multiple else [value])]
        for item in values:
            if option.choices and item not in option.choices:
                raise UsageError(f"--{name} {item}: {game.title}'s simulator takes one of {', '.join(option.choices)}")
        arguments[name] = tuple(values) if option.multiple else values[0]
    for option in game.simulation_options:
        if option.name not in arguments and option.default is not None:
            arguments[option.name] = option.default
    return arguments


@main.command()
@click.argument("game_key", metavar="GAME")
@click.option("--seed", type=WholeRange(), default=1, show_default=True,
              help="The random seed: the same seed gives the same numbers.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@project_option
@_simulation_click_options
def simulate(game_key: str, seed: int, as_json: bool, project_dir: str | None, **given) -> None:
    """Play whole games of GAME with its engine's baseline strategy and report the balance.
    Each game's simulator takes its own options (verset: --campaigns, --difficulty, --variants)."""
    try:
        project = _project(project_dir)
        game = get_game(project, game_key)
        if game.simulator is None:
            raise UsageError(f"{game.title} has no simulator")
        options = {"seed": seed, **_simulation_arguments(game, given)}
        loaded = load_game(project, game)
        total = next((options.get(o.name) for o in game.simulation_options if o.runs), None)
        if errors.is_terminal and not as_json and total:
            with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                          TimeElapsedColumn(), console=errors, transient=True) as progress:
                task = progress.add_task(f"{game.title}: simulating", total=total)
                report = game.simulator(loaded, progress=lambda n: progress.advance(task, n), **options)
        else:
            report = game.simulator(loaded, **options)
    except PnpError as error:
        _fail(error)
    if as_json:
        console.print_json(json.dumps(report))
        return
    console.print(f"{game.title}:", highlight=False)
    for item in game.simulation_report(report, game.simulation_labels(loaded)):
        if isinstance(item, str):
            console.print(item, highlight=False, markup=False)
            continue
        table = Table(title=item["title"], title_justify="left")
        for column, justify in item["columns"]:
            table.add_column(column, justify=justify)
        for row in item["rows"]:
            table.add_row(*(str(cell) for cell in row))
        console.print(table)


def run() -> None:
    """The `pnp` program: the command runs in a child process under the operating system's
    limits, watched by this one (pnp.contained); then out without tearing the interpreter down.
    Everything is written and flushed by then; freeing a build's objects one by one only delays
    the exit (about 0.35 s after a build, bench/run.py)."""
    from pnp.contained import supervised

    code = supervised(run_command)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def run_command() -> int:
    """main() as the supervised work: its exit status, a limit reached reported in one line."""
    from concurrent.futures.process import BrokenProcessPool

    from pnp.contained import EXIT_WORKER_LOST, memory_error, out_of_memory, stage

    code = 0
    try:
        with stage("", "pnp " + " ".join(sys.argv[1:2])):
            main()
    except SystemExit as stop:
        code = stop.code
    except MemoryError:
        _report(memory_error())
        code = EXIT_BAD_INPUT
    except OSError as error:
        if not out_of_memory(error):
            raise
        _report(memory_error())
        code = EXIT_BAD_INPUT
    except BrokenProcessPool:
        code = EXIT_WORKER_LOST
    except PnpError as error:
        _report(error)
        code = error.exit_code
    if not isinstance(code, int):
        if code is not None:
            print(code, file=sys.stderr)
        code = 0 if code is None else 1
    sys.stdout.flush()
    sys.stderr.flush()
    return code


if __name__ == "__main__":
    run()
