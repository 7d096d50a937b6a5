"""`pnp site`: the static download site of the project's games."""

from pathlib import Path

import click

from pnp.errors import PnpError, plural
from pnp.output import check_out_folder
from pnp.render.papers import HOME_PAPERS
from pnp.commands.options import (game_list, games_option, project_at, project_option,
                                  site_no_booklet_option, site_out_option, site_paper_option,
                                  site_title_option)
from pnp.commands.report import console, fail, progress_of


def _in_site_order(papers: tuple[str, ...]) -> tuple[str, ...]:
    chosen = {paper.lower() for paper in papers}
    return tuple(paper for paper in HOME_PAPERS if paper in chosen or not chosen)


@click.command()
@site_out_option
@games_option
@site_title_option
@site_paper_option
@site_no_booklet_option
@project_option
def site(out_dir: str | None, games: str | None, title: str, papers: tuple[str, ...], no_booklet: bool,
         project_dir: str | None) -> None:
    """Build the static download site: every game's PDFs for A4 and Letter, thumbnails, zips,
    and a page on printing. Open index.html, or copy the folder to any static host."""
    from pnp.output import project_output
    from pnp.site import build_site

    try:
        project = project_at(project_dir)
        keys = game_list(project, games)
        target = Path(out_dir).resolve() if out_dir else project_output(project, "site")
        check_out_folder(target, owned=out_dir is None)
        with progress_of("building the site", counted=False) as show:
            report = build_site(project, target, keys, title, lambda step: show(0, None, f"building the site: {step}"),
                                owned=out_dir is None, papers=_in_site_order(papers), booklets=not no_booklet)
    except PnpError as error:
        fail(error, wrote_nothing=True)
    console.print(f"The site: {plural(report.games, 'game')}, {plural(report.files, 'file')}, "
                  f"{report.size / 1024 / 1024:.1f} MB in {report.folder}", highlight=False, soft_wrap=True)
    console.print(f"  open {report.folder / 'index.html'}", highlight=False, soft_wrap=True)
    for note in report.notes:
        console.print(f"  note: {note}", highlight=False, soft_wrap=True, markup=False)
