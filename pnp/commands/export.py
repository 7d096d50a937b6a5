"""`pnp export`: a game's cards for a print shop or Tabletop Simulator."""

from pathlib import Path

import click
from rich.text import Text

from pnp.errors import PnpError, plural
from pnp.export.services import SERVICES
from pnp.games import get_game
from pnp.output import check_out_folder
from pnp.commands.options import (ink_limit_option, jobs_option, lang_option, module_option, out_folder_option, project_at,
                                  project_option)
from pnp.commands.report import console, errors, fail
from pnp.commands.types import ChoiceType

PDFX_VERSIONS = ("1a", "4")
PRESS_SERVICES = ("dtc", "press")


@click.command("export")
@click.argument("game_key", metavar="GAME")
@click.option("--for", "service", required=True, type=ChoiceType(list(SERVICES), case_sensitive=False),
              help="mpc: MakePlayingCards, tgc: The Game Crafter (a PNG per card face at 300 dpi with their "
                   "bleed); dtc: DriveThruCards (a PDF/X-1a file per deck, back and front of each card); press: "
                   "an offset or digital press (PDF/X files of every deck, token sheet and board); tts: "
                   "Tabletop Simulator (deck sheets and a saved object).")
@click.option("--profile", metavar="PROFILE",
              help="dtc and press: the printing condition to convert colour to: fogra39 (European coated "
                   "offset), swop (North American), or the path of your print shop's ICC profile "
                   "(default: swop for dtc, fogra39 for press).")
@click.option("--pdfx", type=ChoiceType(list(PDFX_VERSIONS), case_sensitive=False),
              help="dtc and press: the PDF/X version, 1a (PDF/X-1a:2003, the default) or 4 (PDF/X-4).")
@ink_limit_option("dtc and press: the most total ink at any point, in per cent (default: 240 for dtc, "
                  "300 for press).")
@out_folder_option("Where to write (default: output/GAME/export-SERVICE, export-SERVICE-LANG in another "
                   "language than the game's own).")
@lang_option
@click.option("--base-url", help="tts: where the images will be hosted (default: this folder, as a file:// address).")
@module_option
@jobs_option()
@project_option
def export(game_key: str, service: str, profile: str | None, pdfx: str | None, ink_limit: int | None,
           out_dir: str | None, language: str | None, base_url: str | None,
           modules: tuple, jobs: int | None, project_dir: str | None) -> None:
    """Export GAME's cards for a print shop or Tabletop Simulator, with a manifest of every card."""
    from pnp.build import check_before_build
    from pnp.pool import worker_pool
    from pnp.export.game import export_game
    from pnp.output import project_output, write_outputs
    from pnp.preflight import require_preflight

    service = service.lower()
    try:
        press = _press_settings(service, profile, pdfx, ink_limit)
        project = project_at(project_dir)
        from pnp.commands.lookup import _language

        own = get_game(project, game_key)
        language = _language(own, language.lower() if language else None)
        game = own.in_language(language).with_modules(tuple(m.lower() for m in modules))
        folder = f"export-{service}" if language == own.language else f"export-{service}-{language}"
        target = Path(out_dir).resolve() if out_dir else project_output(project, game.key, folder)
        check_out_folder(target, owned=out_dir is None)
        with worker_pool(jobs) as pool:         # WeasyPrint loads in its processes while the game is checked
            check_before_build(project, game, force=False)
            base = base_url if base_url is not None else target.as_uri() + "/"
            with errors.status(Text(f"{game.title}: exporting for {service}")):
                result = export_game(project, game, service, base, pool, press)
        require_preflight(result.files)
        write_outputs(target, [(name, data, _page_count(name, data), 0) for name, data in result.files],
                      owned=out_dir is None)
    except PnpError as error:
        fail(error, wrote_nothing=True)
    cards = sum(int(row[2]) for row in result.rows)
    piece, group = ("piece", "PDF") if service == "press" else ("card", "deck")
    groups = len(dict.fromkeys(r[0] for r in result.rows))
    console.print(f"{game.title} for {service}: {plural(cards, piece)} in "
                  f"{plural(groups, group)}, "
                  f"{plural(len(result.files), 'file')} in {target}", highlight=False, soft_wrap=True)
    for reason in result.left_out:
        console.print(f"  left out: {reason}", highlight=False, soft_wrap=True)
    if result.press is not None:
        settings = result.press
        from pnp.press.pdfx import VERSIONS

        console.print(f"  {VERSIONS[settings.pdfx]} in CMYK for {settings.profile.description}, total ink at most "
                      f"{settings.ink_limit} %: preflight passed", highlight=False, soft_wrap=True)
    console.print(f"  {target / 'manifest.csv'} lists every {piece} and its count", highlight=False, soft_wrap=True)


def _page_count(name: str, data: bytes) -> int:
    """A PDF's pages, for the folder's manifest (.pnp-build.json); 0 for an image or a text file."""
    if not name.endswith(".pdf"):
        return 0
    import io

    import pikepdf

    with pikepdf.open(io.BytesIO(data)) as document:
        return len(document.pages)


def _press_settings(service: str, profile: str | None, pdfx: str | None, ink_limit: int | None):
    """The colour of a dtc or press export; --profile, --pdfx and --ink-limit are refused for the others."""
    from pnp.errors import UsageError

    given = [name for name, value in (("--profile", profile), ("--pdfx", pdfx), ("--ink-limit", ink_limit))
             if value is not None]
    if service not in PRESS_SERVICES:
        if given:
            raise UsageError(f"{', '.join(given)}: only for --for {' or --for '.join(PRESS_SERVICES)} "
                             f"(--for {service} writes RGB images, as that service asks)")
        return None
    from pnp.export.press import press_settings
    from pnp.press.ghostscript import ghostscript

    settings = press_settings(SERVICES[service].press, profile, pdfx, ink_limit)
    ghostscript()                   # told before anything renders: Ghostscript is not installed
    return settings
