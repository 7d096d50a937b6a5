"""The `pnp` command line."""

import sys
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from pnp.build import DUPLEX_MODES, build_game
from pnp.errors import DataError, PnpError
from pnp.games import GAMES, get_game
from pnp.project import Project
from pnp.render.sheet_layout import PAPERS_MM

console = Console(stderr=False)
errors = Console(stderr=True)


def _project(folder: str | None) -> Project:
    return Project.at(folder or Path.cwd())


def _fail(error: PnpError) -> None:
    if isinstance(error, DataError):
        errors.print(f"[bold red]error:[/] {len(error.problems)} problem(s) in the card data; "
                     "nothing was written", highlight=False)
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
@project_option
def build(game_key: str, paper: str, duplex: str, out_dir: str | None, project_dir: str | None) -> None:
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

            built = build_game(project, game, paper, duplex, target, show)
            progress.update(task, completed=len(game.decks))
    except PnpError as error:
        _fail(error)
    table = Table(title=f"{game.title}: {paper.upper() if paper == 'a4' else paper.title()}, "
                        f"duplex {duplex}")
    for column, justify in (("file", "left"), ("pages", "right"), ("cards", "right"), ("size", "right")):
        table.add_column(column, justify=justify)
    for item in built:
        table.add_row(str(project.relative(item.path)), str(item.pages), str(item.cards),
                      f"{item.size / 1024:.0f} KiB")
    table.add_row("total", str(sum(b.pages for b in built)), str(sum(b.cards for b in built)),
                  f"{sum(b.size for b in built) / 1024:.0f} KiB", style="bold")
    console.print(table)


if __name__ == "__main__":
    main()
