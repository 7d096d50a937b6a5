"""`pnp list`: the project's games and their components."""

import sys

import click
from rich.table import Table

from pnp.errors import EXIT_BAD_INPUT, DataError, PnpError, plural
from pnp.games import game_keys as game_keys_of, get_game
from pnp.commands.options import project_at, project_option
from pnp.commands.report import console, errors, fail


@click.command("list")
@project_option
def list_games(project_dir: str | None) -> None:
    """List the project's games and their components; a game that does not load is named with
    its error, after the others (exit 2)."""
    try:
        project = project_at(project_dir)
        keys = game_keys_of(project)
    except PnpError as error:
        fail(error)
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
        errors.print("[bold red]error:[/] ", end="", markup=True)
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
