"""The options several commands take, each defined once (name, type, default, help), so that
their help and validation cannot drift between commands. Each `*_option` is a decorator; the
few with a variant (one paper or several) take it as a keyword."""

import math
from pathlib import Path

import click

from pnp.errors import UsageError
from pnp.games import game_keys as game_keys_of, get_game
from pnp.output import DUPLEX_MODES
from pnp.project import Project
from pnp.render.papers import HOME_PAPERS, PAPER_HELP
from pnp.commands.types import PAPER, TEXT, ChoiceType, PathType, WholeRange, shown

DEFAULT_PAPER = "a4"
DEFAULT_DUPLEX = "long"
TWO_SIDED = ("long", "short")       # the duplex modes that print backs behind the faces
MAX_JOBS = 64

project_option = click.option(
    "--project", "project_dir", type=PathType(file_okay=False),
    help="The project folder, holding card_data/, layouts/ and fonts/ (default: the current folder "
         "or the nearest folder above it that holds all three).")


def project_at(folder: str | None) -> Project:
    """The project --project names, or the one the current folder is in."""
    return Project.at(folder) if folder else Project.find(Path.cwd())


def paper_option(multiple: bool = False):
    """--paper: one paper (default a4), or several, each repeated (`papers`, a4 when none)."""
    if multiple:
        return click.option("--paper", "papers", type=PAPER, multiple=True,
                            help=f"The paper the sheets are printed on: {PAPER_HELP}; repeat for several "
                                 f"(cards are rendered once and imposed on each). Default: {DEFAULT_PAPER}.")
    return click.option("--paper", type=PAPER, default=DEFAULT_PAPER, show_default=True,
                        help=f"The paper the sheets are printed on: {PAPER_HELP}.")


site_paper_option = click.option("--paper", "papers", type=ChoiceType(HOME_PAPERS, case_sensitive=False), multiple=True,
                                 help="Offer only this paper (a4 or letter); repeat for both. Default: both.")
site_no_booklet_option = click.option(
    "--no-booklet", is_flag=True,
    help="Offer each rulebook as pages only, not also as a saddle-stitched booklet (half-size pages "
         "two-up): the site builds in about two thirds of the time.")


def duplex_option(two_sided_only: bool = False):
    """--duplex: every mode, or only the two-sided ones (a sheet that must have backs)."""
    modes, help_text = DUPLEX_MODES, "How the printer turns the sheet for the backs: long or short edge"
    if two_sided_only:
        modes = TWO_SIDED
    else:
        help_text += ("; fold puts each back beside its face on one-sided sheets, to fold and glue; "
                      "none prints fronts only")
    return click.option("--duplex", type=ChoiceType(modes, case_sensitive=False), default=DEFAULT_DUPLEX,
                        show_default=True, help=help_text + ".")


duplex_offset_option = click.option(
    "--duplex-offset", "duplex_offset", type=TEXT, metavar="X,Y",
    help="Move every back page X mm right and Y mm up (as the back page is seen), to meet a "
         "printer whose second side lands off; `pnp calibrate` measures it. Default 0,0.")


def duplex_offset_mm(text: str | None, duplex: str) -> tuple[float, float]:
    """`--duplex-offset 1.5,-2` as millimetres; refused when it cannot apply or reads wrong."""
    from pnp.render.sheet_layout import MAX_DUPLEX_OFFSET_MM

    if text is None:
        return (0.0, 0.0)
    if duplex not in TWO_SIDED:
        raise UsageError(f"--duplex-offset moves the backs of double-sided sheets; --duplex {duplex} prints none")
    try:
        x, y = (float(part) for part in text.split(","))
        if not (math.isfinite(x) and math.isfinite(y)):
            raise ValueError(text)
    except ValueError:
        raise UsageError(f"--duplex-offset {shown(text)}: expected two numbers of millimetres, X,Y, such as "
                         "1.5,-2") from None
    if not (abs(x) <= MAX_DUPLEX_OFFSET_MM and abs(y) <= MAX_DUPLEX_OFFSET_MM):
        raise UsageError(f"--duplex-offset {text}: each part at most {MAX_DUPLEX_OFFSET_MM:g} mm either way "
                         "(MAX_DUPLEX_OFFSET_MM); a printer further off needs mending")
    return (x, y)


lang_option = click.option(
    "--lang", "language", type=TEXT, metavar="LANG",
    help="The language to print in, one of the game's (Verso: fr, the default, or en).")
translated_lang_option = click.option(
    "--lang", "language", required=True, type=TEXT, metavar="LANG",
    help="The language to translate into (fr, en, de, ...): its catalogue is card_data/GAME/locale/LANG/messages.po.")
module_option = click.option(
    "--module", "modules", type=TEXT, metavar="MODULE", multiple=True,
    help="Add an optional module's cards, in files of their own (Verdun: mud-and-blood); "
         "repeat for several. `pnp list` names each game's modules.")
booklet_option = click.option(
    "--booklet", is_flag=True,
    help="Also write the rulebook as a saddle-stitched booklet (half-size pages two-up).")
force_option = click.option(
    "--force", is_flag=True,
    help="Build even when worked examples disagree with the engine, saying what was skipped.")
ink_saver_option = click.option(
    "--ink-saver", is_flag=True,
    help="Print light: white grounds, outlined frames, dark text, art lightened (every layout reads the "
         "switch).")


def jobs_option(one_in_process: bool = True):
    """--jobs N; `one_in_process`: --jobs 1 renders without a pool (not so for a command that
    keeps its pool, pnp watch)."""
    in_process = "; 1 renders in this process" if one_in_process else ""
    return click.option("--jobs", type=WholeRange(1, MAX_JOBS), metavar="N",
                        help=f"Processes to render with (default: one per core{in_process}).")


def ink_limit_option(help_text: str):
    """--ink-limit PERCENT: the most total ink a press takes (160 to 400); each command says its default."""
    return click.option("--ink-limit", type=WholeRange(160, 400), metavar="PERCENT", help=help_text)


def out_folder_option(help_text: str):
    """--out DIR; each command says where it writes by default."""
    return click.option("--out", "out_dir", type=PathType(file_okay=False), help=help_text)


def out_file_option(help_text: str, path_type: type | None = None):
    """--out FILE; each command says which file it writes by default."""
    return click.option("--out", "out_file", type=PathType(dir_okay=False, path_type=path_type), help=help_text)


site_out_option = out_folder_option("Where to write the site (default: output/site).")
site_title_option = click.option("--title", type=TEXT, default="Print and play", show_default=True,
                                 help="The site's name, at the top of every page.")
games_option = click.option("--games", help="Only these games, comma-separated (default: every game of the project).")


def names(option: str, text: str, hint: str) -> list[str]:
    """NAME,NAME...: the names, an empty one refused (`--games ,` would otherwise mean every game)."""
    listed = [name.strip() for name in text.split(",")]
    if not all(listed):
        raise UsageError(f"{option} {shown(text)}: a name is empty; {hint}")
    return listed


def game_list(project: Project, games: str | None) -> list[str]:
    """--games G,...: each must be a game of the project (the lookup names a wrong one)."""
    if games is None:
        return game_keys_of(project)
    keys = list(dict.fromkeys(names("--games", games, "name games separated by commas, of "
                                          f"{', '.join(game_keys_of(project)) or 'none yet'}")))
    for key in keys:
        get_game(project, key)
    return keys


SERVE_PORT = 8000                # pnp serve's site
STUDIO_PORT = 8765               # pnp studio's: both may run at once
HIGHEST_PORT = 65535


def port_option(default: int):
    """--port: where on 127.0.0.1 a server of pnp's listens (serve, studio: each its own default)."""
    return click.option("--port", type=WholeRange(0, HIGHEST_PORT), default=default, show_default=True,
                        help="The port on 127.0.0.1 (0: any free port).")
