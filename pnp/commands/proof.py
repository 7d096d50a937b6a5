"""`pnp proof`: every piece of a game once, each layout finding outlined and numbered."""

from pathlib import Path

import click

from pnp.atomic import write_error
from pnp.check import check_game
from pnp.errors import DataError, PnpError, UsageError, plural
from pnp.games import get_game
from pnp.limits import MAX_REPORTED_PROBLEMS
from pnp.output import check_writable
from pnp.render.papers import paper_key
from pnp.commands.options import (ink_saver_option, lang_option, out_file_option, paper_option, project_at,
                                  project_option)
from pnp.commands.report import console, errors, fail, more


@click.command()
@click.argument("game_key", metavar="GAME")
@paper_option()
@lang_option
@ink_saver_option
@out_file_option("The proof's file (default: output/GAME/proof-PAPER.pdf).")
@project_option
def proof(game_key: str, paper: str, language: str | None, ink_saver: bool, out_file: str | None,
          project_dir: str | None) -> None:
    """Write a proof of GAME: every card, board and rulebook page once, each layout finding
    (overlaps, too close to a frame or the trim, clipped, below 6 pt, contrast, fallback font,
    text too long for its box even at its smallest size) outlined in red and numbered, with its
    line beside it; written whatever it finds."""
    from pnp.atomic import write_atomically
    from pnp.output import project_output
    from pnp.proof import make_proof

    try:
        project = project_at(project_dir)
        game = get_game(project, game_key)
        target = (Path(out_file).parent.resolve() / Path(out_file).name if out_file
                  else project_output(project, game.key) / f"proof-{paper_key(paper)}.pdf")
        if language is not None and language not in (game.languages or (game.language,)):
            raise UsageError(f"--lang {language}: {game.title} prints in "
                             f"{', '.join(game.languages or (game.language,))}")
        if target.is_dir():
            raise UsageError(f"{target} is a folder: --out names the proof's file")
        check_writable(target.parent, "the proof")
        report = check_game(project, game)
        if report.problems:
            raise DataError(report.problems)
        made = make_proof(project, game_key, paper, language, ink_saver)
        try:
            write_atomically(target, made.pdf)
        except OSError as error:
            raise write_error(error, target, "the proof to ") from None
    except PnpError as error:
        fail(error)
    for problem in made.problems[:MAX_REPORTED_PROBLEMS]:
        errors.print(f"  {problem}", highlight=False, markup=False, soft_wrap=True)
    more(len(made.problems))
    console.print(f"{game.title}: {plural(made.pieces, 'piece')}, {plural(len(made.problems), 'finding')}; "
                  f"proof written to {target}", highlight=False)
