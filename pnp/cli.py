"""The `pnp` command line."""

import json
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

from pnp.build import DUPLEX_MODES, build_game
from pnp.check import check_game
from pnp.data.decks import load_game
from pnp.errors import EXIT_CHECK_FAILED, CheckFailed, DataError, PnpError, UsageError
from pnp.examples import load_example_file, run_examples
from pnp.games import GAMES, get_game
from pnp.project import Project
from pnp.render.sheet_layout import PAPERS_MM

console = Console(stderr=False)
errors = Console(stderr=True)


def _project(folder: str | None) -> Project:
    return Project.at(folder) if folder else Project.find(Path.cwd())


def _fail(error: PnpError, wrote_nothing: bool = False) -> None:
    if isinstance(error, CheckFailed):
        for message in error.messages:
            errors.print(message, highlight=False, markup=False, soft_wrap=True)
        errors.print(f"[bold red]error:[/] {len(error.messages)} worked example problem(s): the engine "
                     "disagrees, so nothing was printed (use --force to build anyway)")
        sys.exit(error.exit_code)
    if isinstance(error, DataError):
        tail = "; nothing was written" if wrote_nothing else ""
        errors.print(f"[bold red]error:[/] {len(error.problems)} problem(s) in the input{tail}",
                     highlight=False)
        for problem in error.problems:
            errors.print(f"  {problem}", highlight=False, markup=False, soft_wrap=True)
    else:
        errors.print(f"[bold red]error:[/] {error}", highlight=False, soft_wrap=True)
    sys.exit(error.exit_code)


project_option = click.option("--project", "project_dir", type=click.Path(file_okay=False),
                              help="The project folder (default: the current folder).")


@click.group()
@click.version_option(package_name="pnp")
def main() -> None:
    """pnp: turn a tabletop game's data into print-and-play PDFs."""


@main.command("list")
@project_option
def list_games(project_dir: str | None) -> None:
    """List the games and their components."""
    _project(project_dir)
    for game in GAMES.values():
        table = Table(title=f"{game.key}: {game.title}", title_justify="left")
        for column, justify in (("component", "left"), ("cards", "right"), ("data file", "left")):
            table.add_column(column, justify=justify)
        for deck in game.decks:
            table.add_row(deck.title, str(deck.count), f"card_data/{game.key}/{deck.source}")
        console.print(table)


@main.command()
@click.argument("game_key", metavar="GAME")
@click.option("--paper", type=click.Choice(sorted(PAPERS_MM)), default="a4", show_default=True)
@click.option("--duplex", type=click.Choice(DUPLEX_MODES), default="long", show_default=True,
              help="How the printer turns the sheet for backs; 'none' prints fronts only.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False),
              help="Where to write (default: output/GAME/PAPER under the project).")
@click.option("--booklet", is_flag=True,
              help="Also write the rulebook as a saddle-stitched booklet (half-size pages two-up).")
@click.option("--force", is_flag=True,
              help="Build even when worked examples disagree with the engine, saying what was skipped.")
@project_option
def build(game_key: str, paper: str, duplex: str, out_dir: str | None, booklet: bool, force: bool,
          project_dir: str | None) -> None:
    """Build the print sheets of GAME."""
    try:
        project = _project(project_dir)
        game = get_game(game_key)
        target = Path(out_dir) if out_dir else project.root / "output" / game.key / paper
        with Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(),
                      TextColumn("{task.completed}/{task.total}"), TimeElapsedColumn(),
                      console=errors, transient=True) as progress:
            task = progress.add_task(f"{game.title}: checking card data", total=len(game.decks))

            def show(done: int, title: str) -> None:
                progress.update(task, completed=done, description=f"{game.title}: {title}")

            report = build_game(project, game, paper, duplex, target, show, booklet, force)
            progress.update(task, completed=len(game.decks))
    except PnpError as error:
        _fail(error, wrote_nothing=True)
    built = report.files
    table = Table(title=f"{game.title}: {paper.upper() if paper == 'a4' else paper.title()}, "
                        f"duplex {duplex}")
    for column, justify in (("file", "left"), ("pages", "right"), ("cards", "right"), ("size", "right")):
        table.add_column(column, justify=justify)
    for item in built:
        table.add_row(str(project.relative(item.path)), str(item.pages), str(item.cards or ""),
                      f"{item.size / 1024:.0f} KiB")
    table.add_row("total", str(sum(b.pages for b in built)), str(sum(b.cards for b in built)),
                  f"{sum(b.size for b in built) / 1024:.0f} KiB", style="bold")
    console.print(table)
    if report.skipped:
        errors.print("[bold yellow]WARNING: built with --force. Skipped checks:[/]")
        for line in report.skipped:
            errors.print(line, highlight=False, markup=False, soft_wrap=True)



@main.command()
@click.argument("game_key", metavar="GAME")
@project_option
def check(game_key: str, project_dir: str | None) -> None:
    """Check GAME's card data and every worked example before print (exit 1 on any problem)."""
    try:
        project = _project(project_dir)
        game = get_game(game_key)
    except PnpError as error:
        _fail(error)
    report = check_game(project, game)
    for problem in report.problems:
        errors.print(str(problem), highlight=False, markup=False, soft_wrap=True)
    for mismatch in report.mismatches:
        errors.print(str(mismatch), highlight=False, markup=False, soft_wrap=True)
    if not report.ok:
        errors.print(f"[bold red]{game.title}: {len(report.problems)} problem(s), "
                     f"{len(report.mismatches)} example(s) the engine disagrees with[/]")
        sys.exit(EXIT_CHECK_FAILED)
    console.print(f"{game.title}: {report.decks} decks and {report.examples} worked examples check out")


@main.command()
@click.argument("game_key", metavar="GAME")
@click.argument("file", required=False, type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
@click.option("--kinds", is_flag=True, help="List the example kinds, their setup fields and result keys.")
@project_option
def rules(game_key: str, file: str | None, as_json: bool, kinds: bool, project_dir: str | None) -> None:
    """Compute every worked example in FILE with GAME's rules engine."""
    try:
        game = get_game(game_key)
        if kinds:
            _print_kinds(game, as_json)
            return
        if file is None:
            raise UsageError("give an example FILE, or --kinds")
        project = _project(project_dir)
        path = Path(file)
        if not path.is_file():
            raise UsageError(f"{file}: no such file")
        examples = load_example_file(path, file)
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


def _simulation_choices(name: str) -> list[str]:
    """What any registered game's simulator accepts for an option, in registry order."""
    return list(dict.fromkeys(v for game in GAMES.values() for v in game.simulation_choices.get(name, ())))


@main.command()
@click.argument("game_key", metavar="GAME")
@click.option("--campaigns", type=click.IntRange(1, 10_000_000), default=10_000, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--difficulty", default="pistolero", show_default=True,
              type=click.Choice(_simulation_choices("difficulty")))
@click.option("--variants", multiple=True, type=click.Choice(_simulation_choices("variants")),
              help="Variants in play; repeat the option for several.")
@click.option("--json", "as_json", is_flag=True)
@project_option
def simulate(game_key: str, campaigns: int, seed: int, difficulty: str, variants: tuple,
             as_json: bool, project_dir: str | None) -> None:
    """Play whole campaigns of GAME with the baseline strategy and report the balance."""
    try:
        project = _project(project_dir)
        game = get_game(game_key)
        if game.simulator is None:
            raise UsageError(f"{game.title} has no simulator")
        report = game.simulator(load_game(project, game), campaigns=campaigns, seed=seed,
                                difficulty=difficulty, variants=variants)
    except PnpError as error:
        _fail(error)
    if as_json:
        console.print_json(json.dumps(report))
        return
    _print_simulation(game, report)


def _print_simulation(game, report: dict) -> None:
    console.print(f"{game.title}: {report['campaigns']} campaigns, seed {report['seed']}, "
                  f"difficulty {report['difficulty']}, variants: {', '.join(report['variants']) or 'none'}; "
                  f"{report['survived']} ended with souls left", highlight=False)
    verses = Table(title="Duels against each Verse", title_justify="left")
    for column, justify in (("Verse", "left"), ("gall", "right"), ("faced", "right"), ("won", "right"),
                            ("win rate", "right")):
        verses.add_column(column, justify=justify)
    for verse_id, row in sorted(report["verses"].items(), key=lambda kv: (kv[1]["difficulty"], kv[0])):
        rate = "-" if row["win_rate"] is None else f"{100 * row['win_rate']:.1f} %"
        verses.add_row(verse_id, str(row["difficulty"]), str(row["faced"]), str(row["won"]), rate)
    console.print(verses)
    marks = Table(title="By difficulty mark", title_justify="left")
    for column in ("gall", "faced", "won", "win rate"):
        marks.add_column(column, justify="right")
    for mark, row in report["difficulty_marks"].items():
        marks.add_row(str(mark), str(row["faced"]), str(row["won"]), f"{100 * row['win_rate']:.1f} %")
    console.print(marks)
    endings = Table(title="Endings", title_justify="left")
    endings.add_column("ending")
    endings.add_column("campaigns", justify="right")
    endings.add_column("share", justify="right")
    for name, count in sorted(report["endings"].items(), key=lambda kv: -kv[1]):
        endings.add_row(name, str(count), f"{100 * count / report['campaigns']:.1f} %")
    console.print(endings)
    for flag in report["flags"]:
        console.print(f"[yellow]flag:[/] {flag['verse']} shows {flag['printed']} gall but plays like "
                      f"{flag['plays_like']} (win rate {100 * flag['win_rate']:.1f} %)", highlight=False)


if __name__ == "__main__":
    main()
