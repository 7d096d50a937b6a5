"""The table closing a build or a reprint: each file written, its pages, cards, size and ink."""

from rich.table import Table

from pnp.errors import plural
from pnp.render.papers import paper_name
from pnp.commands.report import console, errors

INK_CAPTION = "ink: the mean darkness of the file's pages, rasterised (0 % is blank paper)"


def built_table(project, game, edition, duplex: str, report, ink_saver: bool = False) -> None:
    """An edition built: its files, or that it was up to date; the checks --force skipped."""
    paper = paper_name(edition.paper)
    with_modules = "".join(f", with {game.module(key).title}" for key in edition.modules)
    if report.up_to_date:
        console.print(f"{game.title}: {paper}, duplex {duplex}{with_modules}: up to date "
                      f"({plural(len(report.files), 'file')} in {project.relative(edition.out_dir)}, "
                      "nothing changed since they were built)", highlight=False, soft_wrap=True)
    else:
        light = ", ink saver" if ink_saver else ""
        files_table(project, f"{game.title}: {paper}, duplex {duplex}{with_modules}{light}", report.files)
    for module in game.modules:    # the rulebook still has its chapter: say where its sheets are
        if module.key not in edition.modules:
            console.print(f"{module.title} (an optional module) is not in this build: add --module {module.key} "
                          "to print its sheets too", highlight=False, soft_wrap=True)
    forced_warning(report.skipped)


def files_table(project, title: str, files: list) -> None:
    """The closing table: each file written, its pages, cards, size and ink."""
    from pnp.render.ink import file_ink_coverage

    table = Table(title=title)
    for column, justify in (("file", "left"), ("pages", "right"), ("cards", "right"), ("size", "right"),
                            ("ink", "right")):
        table.add_column(column, justify=justify, overflow="fold")     # a long path wraps, its file name kept
    for item in files:
        table.add_row(str(project.relative(item.path)), str(item.pages), str(item.cards or ""),
                      f"{item.size / 1024:.0f} KiB", f"{100 * file_ink_coverage(item.path):.1f} %")
    table.add_row("total", str(sum(b.pages for b in files)), str(sum(b.cards for b in files)),
                  f"{sum(b.size for b in files) / 1024:.0f} KiB", "", style="bold")
    console.print(table)
    console.print(INK_CAPTION, highlight=False, soft_wrap=True)    # a caption would wrap to the table's width


def forced_warning(skipped: list) -> None:
    """The checks a --force build skipped, after its table."""
    if skipped:
        errors.print("[bold yellow]WARNING: built with --force. Skipped checks:[/]", markup=True)
        for line in skipped:
            errors.print(line, highlight=False, markup=False, soft_wrap=True)
