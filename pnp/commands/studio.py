"""`pnp studio`: the game in the browser, its decks as grids written back to their files, each
card previewed live with what the checks find on it."""

import click

from pnp.commands.options import STUDIO_PORT, lang_option, paper_option, port_option, project_at, project_option
from pnp.commands.report import fail, say
from pnp.errors import PnpError


@click.command()
@click.argument("game_key", metavar="[GAME]", required=False)
@port_option(STUDIO_PORT)
@lang_option
@paper_option()
@click.option("--no-open", is_flag=True,
              help="Only print the studio's address; by default a desktop's browser opens it (never a terminal's).")
@project_option
def studio(game_key: str | None, port: int, language: str | None, paper: str, no_open: bool,
           project_dir: str | None) -> None:
    """Open GAME (default: every game of the project) in the browser on 127.0.0.1: each deck as
    a grid whose edits are written back to its file, a card's preview rendered live with the
    layout checks' findings drawn on it, and every save from another editor shown as it lands.
    Ctrl-C stops."""
    from pnp.studio.app import studio_games
    from pnp.studio.run import run_studio

    try:
        project = project_at(project_dir)
        keys = studio_games(project, game_key)
        language = language.lower() if language else None
        for key in keys if language else ():
            from pnp.errors import UsageError
            from pnp.games import get_game

            game = get_game(project, key)
            if language not in (game.languages or (game.language,)):
                raise UsageError(f"--lang {language}: {game.title} prints in {', '.join(game.languages or (game.language,))}")
        run_studio(project, keys, language, port, say, paper.lower(), open_page=not no_open)
    except PnpError as error:
        fail(error, wrote_nothing=True)
