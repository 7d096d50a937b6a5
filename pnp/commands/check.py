"""`pnp check`: a game's data, layouts, rulebook and worked examples, checked before print."""

import sys

import click

from pnp.check import check_game, fit_problems
from pnp.errors import EXIT_BAD_INPUT, EXIT_CHECK_FAILED, PnpError, plural
from pnp.games import get_game
from pnp.commands.options import project_at, project_option
from pnp.commands.report import console, fail, listing


@click.command()
@click.argument("game_key", metavar="GAME")
@click.option("--measure-fit", "fit", is_flag=True, help="Lay the cards and the rulebook out too, as the build does, and "
              "report what only a laid-out page shows: every card whose text does not fit its box, text or icons with "
              "too little contrast, overlapping or too near the trim (the check alone renders HTML, not pages; "
              "boards, aids and tokens are checked by the build).")
@project_option
def check(game_key: str, fit: bool, project_dir: str | None) -> None:
    """Check GAME before print: card data, layouts, and every worked example against the
    engine (exit 2 for a problem in the input, 1 when an example disagrees with the engine).
    Whether text fits, and reads, is measured on laid-out pages: by `--measure-fit`, or by the
    build."""
    try:
        project = project_at(project_dir)
        game = get_game(project, game_key)
    except PnpError as error:
        fail(error)
    report = check_game(project, game)
    if fit and not report.problems:
        try:
            report.problems += fit_problems(project, game, report.results)
        except PnpError as error:
            fail(error)
    if report.problems:
        listing(f"{plural(len(report.problems), 'problem')} in the input ({game.title})", report.problems)
    if report.mismatches:
        listing(f"{plural(len(report.mismatches), 'worked example')} the engine disagrees with ({game.title})",
                report.mismatches)
    for line in report.untranslated:
        console.print(f"not yet translated: {line}", highlight=False, soft_wrap=True)
    if not report.ok:
        sys.exit(EXIT_BAD_INPUT if report.problems else EXIT_CHECK_FAILED)
    their = "its" if report.decks == 1 else "their"
    laid_out = ", laid out" if fit else ""
    examples = f", and {plural(report.examples, 'worked example')}" if report.examples else ""
    closing = "," if fit or report.examples else ""
    console.print(f"{game.title}: {plural(report.decks, 'deck')} and {their} layouts{laid_out}{examples}{closing} "
                  "check out")
