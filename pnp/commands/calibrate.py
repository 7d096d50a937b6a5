"""`pnp calibrate`: the two-sided test sheet that measures a printer's --duplex-offset."""

from pathlib import Path

import click

from pnp.atomic import write_error
from pnp.errors import PnpError
from pnp.commands.options import duplex_option, out_file_option, paper_option, project_at, project_option
from pnp.commands.report import console, fail


@click.command()
@paper_option()
@duplex_option(two_sided_only=True)
@out_file_option("The PDF to write (default: output/calibration-PAPER-DUPLEX.pdf).")
@project_option
def calibrate(paper: str, duplex: str, out_file: str | None, project_dir: str | None) -> None:
    """Write a two-sided test sheet that measures where your printer puts the second side: held to
    the light, it reads the X,Y to pass to `pnp build --duplex-offset`. For every game and deck."""
    from pnp.atomic import write_atomically
    from pnp.output import project_output
    from pnp.preflight import require_preflight
    from pnp.render.calibration import calibration_sheet
    from pnp.render.marks import label_font_file

    duplex = duplex.lower()
    target = out_file
    try:
        project = project_at(project_dir)
        name = f"calibration-{paper}-{duplex}.pdf"
        target = Path(out_file).resolve() if out_file else project_output(project) / name
        pdf = calibration_sheet(paper, duplex, label_font_file(project))
        require_preflight([(name, pdf)])
        write_atomically(target, pdf)
    except PnpError as error:
        fail(error, wrote_nothing=True)
    except OSError as error:
        fail(write_error(error, target), wrote_nothing=True)
    console.print(f"Wrote {target}: print it double-sided ({duplex} edge) at 100%, hold it to the light and "
                  "read X and Y.", highlight=False, soft_wrap=True)
