"""Credits complete by construction: every font a game's stylesheets declare has its entry in
fonts/fonts.yaml, and every icon it prints its entry in layouts/icons/credits.yaml, or the check
refuses the game, naming the file to credit it in and the entry to write. The credits chapter
reads the same two files, so what prints is what is credited."""

from pnp.data.game import Game
from pnp.errors import DataError, Problem
from pnp.project import Project

FONT_CREDITS = "fonts/fonts.yaml"
ICON_CREDITS = "layouts/icons/credits.yaml"
FONT_KEYS = ("family", "folder", "authors", "licence")
ICON_KEYS = ("authors", "licence")
CREDITS_DOCS = "docs/layouts.md, Credits"
EMPTY_CREDITS = {          # what `pnp new` writes where a project has no credits file yet
    FONT_CREDITS: "# Each font family the games' stylesheets declare: family, folder (of fonts/, with the licence's\n"
                  "# text), authors, licence. `pnp check` refuses a font with no entry (docs/layouts.md, Credits).\n[]\n",
    ICON_CREDITS: "# Each icon of layouts/icons/: its authors, licence and source; `pnp check` refuses an icon a game\n"
                  "# prints that has no entry here (docs/layouts.md, Credits).\n{}\n",
}


def _unfilled(file: str, line, what: str, entry, keys) -> list[Problem]:
    """An entry of a credits file that lacks one of `keys` or leaves it blank."""
    lacking = [key for key in keys if not isinstance(entry, dict) or not entry.get(key) or not str(entry.get(key)).strip()]
    return [Problem(file, line, what, "an entry with " + ", ".join(keys), "no " + ", ".join(lacking),
                    f"Fill them in ({CREDITS_DOCS})")] if lacking else []


def font_credit_problems(project: Project, game: Game) -> list[Problem]:
    """Each family the game's own stylesheets declare is in fonts/fonts.yaml with its folder,
    authors and licence; the problem stands at the @font-face that declares it."""
    from pnp.render.css_text import font_faces
    from pnp.render.font_check import FAMILY, game_files, sheet_text
    from pnp.rulebook.listings import located_listing

    located = located_listing(project, project.fonts / "fonts.yaml", list,
                               "a list of fonts, each with " + ", ".join(FONT_KEYS))
    listed = (located.data or []) if located is not None else []
    entries, problems = {}, []
    for index, entry in enumerate(listed):
        if not isinstance(entry, dict):
            problems.append(Problem(FONT_CREDITS, located.line_of((index,)), f"entry {index + 1}",
                                    "a mapping: " + ", ".join(FONT_KEYS), repr(entry)[:80], f"See {CREDITS_DOCS}"))
        elif entry.get("family"):
            entries.setdefault(str(entry["family"]), (index, entry))
    from pnp.render.words import LABEL_FONT_FILE

    label_folder = LABEL_FONT_FILE.split("/")[0]
    if not any(isinstance(entry, dict) and entry.get("folder") == label_folder for entry in listed):
        problems.append(Problem(FONT_CREDITS, None, f"fonts/{label_folder}",
                                "a credit for the font every sheet's label and scale bar print in", "none",
                                f"Add its entry, `folder: {label_folder}` ({CREDITS_DOCS})"))
    seen = set()
    for path in game_files(project, game)[1]:
        text = sheet_text(project, path)
        shown = f"layouts/{path.relative_to(project.layouts).as_posix()}"
        for start, _, body in font_faces(text):
            family = FAMILY.search(body)
            family = family.group(1).strip().strip("\"'") if family else None
            if not family or family in seen:
                continue
            seen.add(family)
            line = text.count("\n", 0, start) + 1
            if family not in entries:
                folder = _font_folder(project, path, body) or "FOLDER"
                problems.append(Problem(shown, line, f"font '{family}'", f"a credit for it in {FONT_CREDITS}",
                                        "none", f"Add to {FONT_CREDITS}: `- {{family: {family}, folder: {folder}, "
                                        f"authors: WHO, licence: LICENCE}}`, the licence's text in fonts/{folder}/ "
                                        f"({CREDITS_DOCS})"))
                continue
            index, entry = entries[family]
            where = located.line_of((index,))
            problems += _unfilled(FONT_CREDITS, where, f"font '{family}'", entry, FONT_KEYS)
            folder = project.fonts / str(entry.get("folder") or "")
            if entry.get("folder") and not _licence_in(folder):
                problems.append(Problem(FONT_CREDITS, located.line_of((index, "folder")), f"font '{family}', folder",
                                        "a folder of fonts/ holding the font's licence text (OFL.txt, LICENSE...)",
                                        f"'{entry['folder']}', " + ("which holds none" if folder.is_dir() else "which does not exist"),
                                        "Put the licence's text there, or name the folder that holds it"))
    return problems


LICENCE_NAMES = ("ofl", "license", "licence", "copying")


def _licence_in(folder) -> bool:
    """Whether a font's folder holds its licence's text (OFL.txt, LICENSE, ...)."""
    try:
        return folder.is_dir() and any(path.is_file() and path.name.lower().startswith(LICENCE_NAMES)
                                       for path in folder.iterdir())
    except OSError:
        return False


def _font_folder(project: Project, sheet, body: str) -> str | None:
    """The folder of fonts/ an @font-face reads its file from (the entry to write names it)."""
    from pnp.render.font_check import SOURCE

    for url in SOURCE.findall(body):
        target = (sheet.parent / url).resolve()
        if target.is_relative_to(project.fonts.resolve()) and len(target.relative_to(project.fonts.resolve()).parts) > 1:
            return target.relative_to(project.fonts.resolve()).parts[0]
    return None


def icon_credit_problems(project: Project, game: Game, loaded: list) -> list[Problem]:
    """Each icon the game prints (pnp.rulebook.listings.used_icons) is in layouts/icons/credits.yaml
    with its authors and licence."""
    from pnp.rulebook.listings import located_listing, used_icons

    try:
        used = used_icons(project, game, loaded)
    except DataError as error:          # a layout pnp cannot read: the layout check names it
        return error.problems
    located = located_listing(project, project.layouts / "icons" / "credits.yaml", dict,
                               "a mapping of icon names to {authors: [...], licence: ...}")
    credits = located.data or {} if located is not None else {}
    existing = {path.stem for path in (project.layouts / "icons").glob("*.svg")}
    problems = []
    for name in sorted(used & existing):
        if name not in credits:
            problems.append(Problem(ICON_CREDITS, None, f"icon '{name}'", "a credit for each icon the game prints",
                                    "none", f"Add `{name}: {{authors: [WHO], licence: LICENCE, source: WHERE}}` to "
                                    f"{ICON_CREDITS} ({CREDITS_DOCS})"))
            continue
        problems += _unfilled(ICON_CREDITS, located.line_of((name,)), f"icon '{name}'", credits[name], ICON_KEYS)
    return problems


def credit_problems(project: Project, game: Game, loaded: list) -> list[Problem]:
    try:
        return font_credit_problems(project, game) + icon_credit_problems(project, game, loaded)
    except DataError as error:          # a credits file that is not the list or mapping it should be
        return error.problems
