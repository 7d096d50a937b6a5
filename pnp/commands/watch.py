"""`pnp watch`: build a game, then rebuild it on every save until Ctrl-C."""

import click

from pnp.errors import PnpError
from pnp.commands.editions import asked_editions
from pnp.commands.options import (booklet_option, duplex_offset_mm, duplex_offset_option, duplex_option,
                                  force_option, ink_saver_option, jobs_option, lang_option, module_option,
                                  paper_option, project_at, project_option)
from pnp.commands.report import fail, report, say


@click.command()
@click.argument("game_key", metavar="GAME")
@paper_option(multiple=True)
@duplex_option()
@lang_option
@duplex_offset_option
@module_option
@booklet_option
@force_option
@ink_saver_option
@jobs_option(one_in_process=False)
@project_option
def watch(game_key: str, papers: tuple, duplex: str, language: str | None, duplex_offset: str | None,
          modules: tuple, booklet: bool, force: bool, ink_saver: bool, jobs: int | None,
          project_dir: str | None) -> None:
    """Build GAME, then rebuild it on every save of its data, rulebook, layouts or fonts, into
    output/GAME/PAPER, saying what was rebuilt or what is wrong, until Ctrl-C."""
    from pnp.editions import PrintOptions
    from pnp.pool import default_jobs
    from pnp.watch import watch_game

    duplex = duplex.lower()
    try:
        offset = duplex_offset_mm(duplex_offset, duplex)
        project = project_at(project_dir)
        editions, _ = asked_editions(project, (game_key,), False, papers, language, modules, None, duplex, ink_saver)
        watch_game(project, editions, PrintOptions(duplex, offset, booklet, force, ink_saver), jobs or default_jobs(),
                   say=say, fail=report)
    except PnpError as error:
        fail(error)
