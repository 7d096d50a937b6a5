"""`pnp serve`: the download site on 127.0.0.1, rebuilt as the games change."""

from pathlib import Path

import click

from pnp.errors import PnpError
from pnp.output import check_out_folder
from pnp.commands.options import (SERVE_PORT, game_list, games_option, port_option, project_at, project_option,
                                  site_out_option, site_title_option)
from pnp.commands.report import fail, say


@click.command()
@port_option(SERVE_PORT)
@site_out_option
@games_option
@site_title_option
@project_option
def serve(port: int, out_dir: str | None, games: str | None, title: str, project_dir: str | None) -> None:
    """Serve the download site on 127.0.0.1 and rebuild it whenever the games' data, layouts
    or fonts change, for a look before publishing. Ctrl-C stops it."""
    from pnp.output import project_output
    from pnp.site.serve import serve_site

    try:
        project = project_at(project_dir)
        keys = game_list(project, games)
        target = Path(out_dir).resolve() if out_dir else project_output(project, "site")
        check_out_folder(target, owned=out_dir is None)
        serve_site(project, target, keys, title, port, owned=out_dir is None, say=say)
    except PnpError as error:
        fail(error, wrote_nothing=True)
