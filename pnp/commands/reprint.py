"""`pnp build GAME --cards ...` or `--changed-since REV`: only those cards, in a reprint folder."""

from pathlib import Path

from rich.progress import Progress, SpinnerColumn, TextColumn

from pnp.errors import PnpError, UsageError, plural
from pnp.output import check_out_folder
from pnp.render.papers import paper_name
from pnp.commands.options import DEFAULT_PAPER, duplex_offset_mm, names, project_at
from pnp.commands.report import console, errors, fail
from pnp.commands.tables import files_table, forced_warning


def reprint(game_keys, every_game, papers, duplex, duplex_offset, out_dir, modules, language, force, booklet,
            card_list, revision, project_dir, ink_saver=False) -> None:
    """Check the game, choose the cards (--cards names them, --changed-since finds them) and
    print each on full sheets with its back."""
    from pnp.editions import PrintOptions
    from pnp.reprint import build_reprint

    try:
        if card_list is not None and revision is not None:
            raise UsageError("--cards names the cards and --changed-since finds them: give one")
        if every_game or len(game_keys) != 1:
            raise UsageError("a reprint is of one game: pnp build GAME --cards ID,... (or --changed-since REV)")
        if booklet:
            raise UsageError("a reprint prints cards only: leave out --booklet")
        asked = names("--cards", card_list, "name at least one card, each as ID, DECK:ID or "
                                            "DECK:N, separated by commas") if card_list is not None else []
        papers = tuple(dict.fromkeys(papers)) or (DEFAULT_PAPER,)
        if out_dir and len(papers) > 1:
            raise UsageError("--out names one folder: reprint on one paper with it")
        offset = duplex_offset_mm(duplex_offset, duplex)
        project = project_at(project_dir)
        if out_dir:
            check_out_folder(Path(out_dir).resolve())
        options = PrintOptions(duplex, offset, False, force, ink_saver)
        modules = tuple(dict.fromkeys(m.lower() for m in modules))
        with Progress(SpinnerColumn(), TextColumn("{task.description}", markup=False), console=errors, transient=True) as progress:
            progress.add_task("checking and choosing the cards", total=None)
            game, selection, written, skipped = build_reprint(project, game_keys[0], papers, options, modules,
                                                              language.lower() if language else None, asked,
                                                              revision, Path(out_dir).resolve() if out_dir else None)
    except PnpError as error:
        fail(error, wrote_nothing=True)
    for note in selection.notes:
        console.print(f"note: {note}", highlight=False)
    if not selection.count:
        console.print(f"{game.title}: no card's print changed since {revision}; nothing to reprint.", highlight=False)
        return
    chosen = "; ".join(f"{game.deck(key).title}: {len(indexes)}" for key, indexes in selection.cards.items())
    console.print(f"{game.title}: reprint of {plural(selection.count, 'card')} ({chosen})", highlight=False)
    light = ", ink saver" if ink_saver else ""
    for paper, _, files in written:
        files_table(project, f"{game.title}: reprint, {paper_name(paper)}, duplex {duplex}{light}", files)
    forced_warning(skipped)
