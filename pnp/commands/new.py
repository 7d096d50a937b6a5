"""`pnp new`: a game that checks and builds at once, from the starter or a game of the project."""

import click

from pnp.errors import PnpError, plural
from pnp.commands.options import project_at, project_option
from pnp.commands.report import console, fail
from pnp.commands.types import TEXT

DEFAULT_TEMPLATE = "starter"


@click.command()
@click.argument("game_key", metavar="GAME")
@click.option("--from", "template", type=TEXT, default=DEFAULT_TEMPLATE, show_default=True,
              help="Start from the bundled starter game, or copy a game of this project (verset, say).")
@click.option("--title", type=TEXT, help="The game's title (default: GAME with each word capitalised, "
              "my-game as My Game; with --from as well, never the copied game's title).")
@project_option
def new(game_key: str, template: str, title: str | None, project_dir: str | None) -> None:
    """Make a new game GAME that builds at once: its game.yaml, a deck, layouts, a rulebook."""
    from pnp.starter import PLAIN_TITLE, copied_title, default_title, new_game

    try:
        project = project_at(project_dir)
        written = new_game(project, game_key, template, title)
    except PnpError as error:
        fail(error)
    shown_title = title or default_title(game_key)
    console.print(f"Made {game_key} ({shown_title}) from {template}: "
                  f"{plural(len(written), 'file')}:", highlight=False)
    for path in written:
        console.print(f"  {project.relative(path)}", highlight=False)
    old_title = copied_title(project, template) if template != DEFAULT_TEMPLATE else None
    if old_title and not PLAIN_TITLE.fullmatch(shown_title):
        console.print(f"The copied layouts and chapters still write {old_title} where they name the game: a title "
                      "with quotes, colons or other signs is yours to write there (game.yaml has the new one).",
                      highlight=False)
    console.print(f"Next: `pnp check {game_key}`, then `pnp build {game_key}`.", highlight=False)
