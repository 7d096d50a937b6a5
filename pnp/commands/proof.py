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
from pnp.commands.options import (ink_limit_option, ink_saver_option, lang_option, out_file_option, paper_option, project_at,
                                  project_option)
from pnp.commands.report import console, errors, fail, more
from pnp.press.profiles import DEFAULT_INK_LIMIT, press_profile


@click.command()
@click.argument("game_key", metavar="GAME")
@paper_option()
@lang_option
@ink_saver_option
@click.option("--cmyk", "profile", metavar="PROFILE",
              help="A soft proof instead: each card, token and board as the screen shows it beside how a press "
                   "prints it with PROFILE (fogra39, swop, or your print shop's ICC file), areas out of gamut "
                   "outlined, the colours that shift most with their ΔE, contrast and colour-blind checks on the "
                   "printed colours (default file: output/GAME/proof-cmyk-PROFILE.pdf).")
@ink_limit_option("With --cmyk: the total ink the press allows (default: the profile's, 300).")
@out_file_option("The proof's file (default: output/GAME/proof-PAPER.pdf).")
@project_option
def proof(game_key: str, paper: str, language: str | None, ink_saver: bool, profile: str | None,
          ink_limit: int | None, out_file: str | None, project_dir: str | None) -> None:
    """Write a proof of GAME: every card, board and rulebook page once, each layout finding
    (overlaps, too close to a frame or the trim, clipped, below 6 pt, contrast, fallback font,
    text too long for its box even at its smallest size) outlined in red and numbered, with its
    line beside it; written whatever it finds. With --cmyk, a soft proof of the colours a press
    prints."""
    from pnp.atomic import write_atomically
    from pnp.output import project_output
    from pnp.proof import make_proof

    try:
        if ink_limit is not None and profile is None:
            raise UsageError("--ink-limit: only with --cmyk PROFILE (the soft proof's press)")
        if profile is not None and ink_saver:
            raise UsageError("--cmyk and --ink-saver: a soft proof shows the pieces as a press prints them, "
                             "in full colour; leave out --ink-saver")
        press = press_profile(profile, "--cmyk") if profile is not None else None
        project = project_at(project_dir)
        game = get_game(project, game_key)
        default_name = (f"proof-cmyk-{_file_stem(press.key)}.pdf" if press is not None
                        else f"proof-{paper_key(paper)}.pdf")
        target = (Path(out_file).parent.resolve() / Path(out_file).name if out_file
                  else project_output(project, game.key) / default_name)
        if language is not None and language not in (game.languages or (game.language,)):
            raise UsageError(f"--lang {language}: {game.title} prints in "
                             f"{', '.join(game.languages or (game.language,))}")
        if target.is_dir():
            raise UsageError(f"{target} is a folder: --out names the proof's file")
        _refuse_to_overwrite(project, target)
        check_writable(target.parent, "the proof")
        report = check_game(project, game)
        if report.problems:
            raise DataError(report.problems)
        if press is not None:
            from pnp.colour_proof import make_colour_proof

            made = make_colour_proof(project, game_key, press, ink_limit or press.ink_limit or DEFAULT_INK_LIMIT,
                                     paper, language)
        else:
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
    if press is not None:
        for line in made.clashes + made.out_of_gamut[:MAX_REPORTED_PROBLEMS]:
            console.print(f"  {line}", highlight=False, markup=False, soft_wrap=True)
        more(len(made.out_of_gamut))
        console.print(f"{game.title} printed on {press.description}: {plural(made.pieces, 'piece')}, "
                      f"{plural(len(made.out_of_gamut), 'piece')} with colours out of gamut, "
                      f"{plural(len(made.problems) + len(made.clashes), 'finding')} in print; soft proof written to "
                      f"{target}", highlight=False, soft_wrap=True)
        return
    console.print(f"{game.title}: {plural(made.pieces, 'piece')}, {plural(len(made.problems), 'finding')}; "
                  f"proof written to {target}", highlight=False)


def _file_stem(name: str) -> str:
    """A profile's key or file name as part of a file name: fogra39, pso-coated-v3."""
    import re

    return re.sub(r"[^a-z0-9]+", "-", Path(name).stem.lower()).strip("-") or "profile"


def _refuse_to_overwrite(project, target: Path) -> None:
    """--out may replace an earlier proof, never another file: not one of the project's inputs,
    nor a file that is not a PDF."""
    for folder in (project.card_data, project.root / "layouts", project.root / "fonts"):
        if target.resolve().is_relative_to(folder.resolve()):
            raise UsageError(f"--out {target}: inside the project's {folder.name}/, which holds the game's own "
                             f"files; write the proof elsewhere (by default: output/GAME/)")
    if target.is_file():
        with target.open("rb") as existing:
            if not existing.read(5) == b"%PDF-":
                raise UsageError(f"--out {target}: the file is there and is not a PDF: pnp replaces a proof it "
                                 f"wrote, nothing else; choose another file name")
