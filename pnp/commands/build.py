"""`pnp build`: check each game, then print its sheets, rulebook and table pieces."""

import click

from pnp.errors import PnpError
from pnp.commands.editions import asked_editions
from pnp.commands.options import (booklet_option, duplex_offset_mm, duplex_offset_option, duplex_option, force_option,
                                  ink_saver_option, jobs_option, lang_option, module_option, out_folder_option,
                                  paper_option, project_at, project_option)
from pnp.commands.report import fail, progress_of
from pnp.commands.reprint import reprint
from pnp.commands.tables import built_table
from pnp.commands.types import TEXT


@click.command()
@click.argument("game_keys", metavar="[GAME]...", nargs=-1)
@click.option("--all", "every_game", is_flag=True, help="Build every game of the project.")
@paper_option(multiple=True)
@duplex_option()
@out_folder_option("Where to write, for one game on one paper (default: output/GAME/PAPER; "
                   "output/GAME/PAPER-duplex-short or PAPER-fronts-only for the other duplex modes, "
                   "PAPER-ink-saver with --ink-saver, PAPER-LANG in another language than the game's "
                   "own). The closing table gives each file's ink coverage.")
@lang_option
@duplex_offset_option
@module_option
@booklet_option
@force_option
@jobs_option()
@ink_saver_option
@click.option("--cards", "card_list", metavar="ID,ID...",
              help="Print only these cards (errata, lost cards): ids, DECK:ID, or DECK:N for the Nth card of a "
                   "deck; each on full sheets with its back, in output/GAME/PAPER-reprint.")
@click.option("--changed-since", "revision", type=TEXT, metavar="REV",
              help="Print only the cards whose print changed since a git revision (a release tag, a commit), "
                   "new cards included; as --cards.")
@project_option
def build(game_keys: tuple, every_game: bool, papers: tuple, duplex: str, language: str | None,
          duplex_offset: str | None, out_dir: str | None, modules: tuple, booklet: bool, force: bool,
          jobs: int | None, ink_saver: bool, card_list: str | None, revision: str | None,
          project_dir: str | None) -> None:
    """Check each GAME, then build its print sheets, rulebook and table pieces (--all: every game)."""
    from pnp.editions import PrintOptions, build_editions
    from pnp.render.ink import ink_is_kept, kept_ink_coverage

    duplex = duplex.lower()
    if card_list is not None or revision is not None:
        reprint(game_keys, every_game, papers, duplex, duplex_offset, out_dir, modules, language, force,
                booklet, card_list, revision, project_dir, ink_saver)
        return
    try:
        offset = duplex_offset_mm(duplex_offset, duplex)
        project = project_at(project_dir)
        editions, games = asked_editions(project, game_keys, every_game, papers, language, modules, out_dir, duplex,
                                         ink_saver)
        options = PrintOptions(duplex, offset, booklet, force, ink_saver)
        with progress_of("checking") as show:
            # Each file's ink measured as it comes, while the rest renders: the closing table reads it kept.
            measure = (lambda edition, file: kept_ink_coverage(file[1])) if ink_is_kept() else None
            reports = build_editions(project, editions, options, jobs, show, on_file=measure)
    except PnpError as error:
        fail(error, wrote_nothing=True)
    for edition, report in zip(editions, reports):
        built_table(project, games[edition.game_key], edition, duplex, report, ink_saver)

