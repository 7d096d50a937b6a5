"""`pnp impose`: a folder of card images made elsewhere, on pnp's print sheets."""

from pathlib import Path

import click

from pnp.atomic import write_error
from pnp.errors import PnpError, plural
from pnp.impose import FITS, MAX_ART_BLEED_MM
from pnp.render.papers import paper_name
from pnp.commands.options import duplex_offset_mm, duplex_offset_option, duplex_option, out_file_option, paper_option
from pnp.commands.report import console, errors, fail
from pnp.commands.types import TEXT, CardSizeType, ChoiceType, FiniteRange, PathType

DEFAULT_BLEED_MM = 3.0
FILE_SUFFIX = {"long": "", "short": "-duplex-short", "fold": "-fold", "none": "-fronts-only"}     # by duplex mode


@click.command()
@click.argument("folder", metavar="DIR", type=PathType(file_okay=False, path_type=Path))
@click.option("--back", type=PathType(dir_okay=False, path_type=Path), metavar="IMAGE",
              help="One back for every card: an image or a one-page PDF.")
@click.option("--backs", type=PathType(file_okay=False, path_type=Path), metavar="DIR",
              help="A folder of backs, each named as its face (card7.png behind card7.png).")
@click.option("--size", "card_mm", type=CardSizeType(auto=True), default="poker", show_default=True,
              help="The card as cut: poker (63x88), bridge (57x89), tarot (70x120), mini (44x63), square (70x70), "
                   "WIDTHxHEIGHT in mm, or one side and auto (63xauto): the other from the images' proportions.")
@click.option("--fit", type=ChoiceType(FITS, case_sensitive=False), default="cover", show_default=True,
              help="Images in other proportions than the card: cover it (cropped, centred) or contain them whole, "
                   "centred on --background.")
@click.option("--background", type=TEXT, default="#ffffff", show_default=True,
              help="The colour (#rrggbb) behind contained images, and what transparency is flattened onto.")
@click.option("--bleed", "bleed_mm", type=FiniteRange(0, MAX_ART_BLEED_MM), default=DEFAULT_BLEED_MM,
              show_default=True,
              help="The bleed the images carry around the cut, in mm (0: art without bleed, given a mirrored "
                   "bleed of 3 mm).")
@paper_option()
@duplex_option()
@duplex_offset_option
@click.option("--title", type=TEXT, help="The name in each sheet's label (default: the folder's name).")
@out_file_option("The PDF to write (default: DIR-PAPER.pdf beside DIR; -duplex-short, -fold or "
                 "-fronts-only added for those).", path_type=Path)
def impose(folder: Path, back: Path | None, backs: Path | None, card_mm: tuple, fit: str, background: str,
           bleed_mm: float, paper: str, duplex: str, duplex_offset: str | None, title: str | None,
           out_file: Path | None) -> None:
    """Impose a folder of card images made elsewhere (PNG, JPEG, PDF pages) on print sheets with crop
    marks, labels and duplex backs. Images are placed as they are, never re-encoded (but a PNG with
    transparency, flattened onto --background: a print file has none)."""
    from pnp.impose import ImposeOptions, impose_folder

    duplex = duplex.lower()
    folder = folder.resolve()
    target = (out_file or folder.parent / f"{folder.name}-{paper}{FILE_SUFFIX[duplex]}.pdf").resolve()
    try:
        offset = duplex_offset_mm(duplex_offset, duplex)
        options = ImposeOptions(card_mm, bleed_mm, paper, duplex, offset, title or folder.name, fit.lower(),
                                background)
        report = impose_folder(folder, options, target, back, backs)
    except PnpError as error:
        fail(error, wrote_nothing=True)
    except OSError as error:
        fail(write_error(error, target), wrote_nothing=True)
    bleed = "a mirrored 3 mm bleed" if report.mirrored else f"their {bleed_mm:g} mm bleed"
    console.print(f"Wrote {report.out}: {plural(report.cards, 'card')} at {report.card_mm[0]:g} x "
                  f"{report.card_mm[1]:g} mm with "
                  f"{bleed}, {report.per_sheet} a sheet, {plural(report.sheets, 'sheet')} "
                  f"({plural(report.pages, 'page')}) on {paper_name(paper)}, duplex {duplex}.",
                  highlight=False, soft_wrap=True)
    for note in report.notes:
        errors.print(f"note: {note}", highlight=False, markup=False, soft_wrap=True)
