"""What a rulebook prints from the files beside its chapters: the rulings (the FAQ), and the
credits of the fonts its pages embed and of the icons it prints. Each file is read as pnp reads
every file, and checked for its form."""

import os
import re
from pathlib import Path

from pnp.data.yaml_source import load_yaml
from pnp.errors import DataError, Problem
from pnp.files import project_files, read_bytes
from pnp.i18n.locale_data import ruling_words
from pnp.project import Project
from pnp.typography import french_spaced


def located_listing(project: Project, path, kind: type, what: str):
    """A YAML file the rulebook prints from (rulings, fonts, icon credits), checked for its form;
    absent, None (anything there, a link or a FIFO too, is named by the reader)."""
    if not os.path.lexists(path):
        return None
    located = load_yaml(path, project.relative(path), project.root)
    if located.data is not None and not isinstance(located.data, kind):
        raise DataError([Problem(located.file, 1, "(top)", what, type(located.data).__name__)])
    return located


def _listing(project: Project, path, kind: type, what: str):
    located = located_listing(project, path, kind, what)
    return kind() if located is None or located.data is None else located.data


RULING_KEYS = ("id", "topic", "source", "question", "ruling", "why")


def rulings(project: Project, game) -> list:
    """The rulings, in the language the rulebook prints in (another language's words are in
    card_data/GAME/locale/LANG/rulings.yaml)."""
    located = located_listing(project, project.card_data / game.key / "rulings.yaml", list,
                               "a list of rulings, each with " + ", ".join(RULING_KEYS))
    if located is None or located.data is None:
        return []
    problems = [Problem(located.file, located.line_of((index,)), f"ruling {index + 1}",
                        "a mapping with " + ", ".join(RULING_KEYS), repr(ruling)[:80])
                for index, ruling in enumerate(located.data)
                if not isinstance(ruling, dict) or not set(RULING_KEYS) - {"source"} <= set(ruling)]
    if problems:
        raise DataError(problems)
    translated = {} if game.language == game.source_language else ruling_words(
        project, game.key, game.language, [str(ruling["id"]) for ruling in located.data])
    return [{**ruling, **translated.get(str(ruling["id"]), {})} for ruling in located.data]


FAQ_LABEL = "Q{}"             # a ruling as the rulebook's FAQ numbers it: Q1, Q2... in the order of rulings.yaml
PRINTED_FIELDS = ("topic", "question", "ruling", "why")


def printed_rulings(rulings_: list, language: str | None = None) -> list:
    """The rulings as the FAQ prints them: each with its `label` (Q1, Q2...), and every mention
    of a ruling's id in their words (R6) turned into that ruling's label. The ids (R6, W8, O1)
    are the designers' and the engine's; players read O1 as zero-one and V12 as a ticket. In
    French, the spaces before high punctuation are the chapters' own (pnp.typography.french_spaced):
    a question is printed as it stands, not through the Markdown typographer."""
    labels = {str(ruling["id"]): FAQ_LABEL.format(number) for number, ruling in enumerate(rulings_, 1)}
    if not labels:
        return []
    mention = re.compile(r"(?:\b(?:ruling|précision) )?\b(" + "|".join(sorted(map(re.escape, labels), key=len, reverse=True))
                         + r")\b")
    spaced = french_spaced if language == "fr" else (lambda text: text)
    return [{**ruling, "label": labels[str(ruling["id"])],
             **{key: spaced(mention.sub(lambda m: labels[m.group(1)], ruling[key]))
                for key in PRINTED_FIELDS if isinstance(ruling.get(key), str)}}
            for ruling in rulings_]


CODE_STYLESHEET = "rulebook-code.css"        # what sets code in every rulebook (layouts/rulebook-base.css)
CODE_IN_CHAPTER = re.compile(r"(?<!`)`[^`\n]+`(?!`)|<(?:code|pre|kbd|samp)\b")
IMPORTED = re.compile(r"""@import\s+(?:url\()?["']([^"']+)["']""")


def prints_code(texts: list[str]) -> bool:
    """Whether chapters set anything as code (a `code span`, a <code> or <pre>), fences aside."""
    return any(CODE_IN_CHAPTER.search(line) for text in texts for line in text.splitlines()
               if not line.lstrip().startswith("```"))


def _code_families(project: Project) -> set:
    """The families the code stylesheet brings (IBM Plex Mono): printed only where code is."""
    from pnp.render.font_check import _faces_declared, sheet_text

    text = sheet_text(project, project.layouts / CODE_STYLESHEET)
    sheets = [text] + [sheet_text(project, project.layouts / name) for name in IMPORTED.findall(text)]
    return {family for sheet in sheets for family in _faces_declared(sheet)}


def fonts_credited(project: Project, game, code: bool = True) -> list:
    """fonts/fonts.yaml's entries for the fonts the game's stylesheets declare, and the one every
    sheet's label and scale bar print in (pnp.render.words.LABEL_FONT_FILE): its credits; the
    code's face only when the chapters print code (`code`), as only then is it in the PDF."""
    from pnp.render.font_check import game_families
    from pnp.render.words import LABEL_FONT_FILE

    listing = _listing(project, project.fonts / "fonts.yaml", list, "a list of fonts with family, authors, licence")
    families = game_families(project, game)
    if not code:
        families -= _code_families(project)
    label_folder = LABEL_FONT_FILE.split("/")[0]
    return [font for font in listing if not isinstance(font, dict) or font.get("family") in families
            or font.get("folder") == label_folder]


ICON_CALL = re.compile(r"""icon\(\s*['"]([a-z0-9-]+)['"]""")
QUOTED_NAME = re.compile(r"""['"]([a-z0-9-]+)['"]""")


def used_icons(project: Project, game, loaded: list) -> set:
    """The icons a game prints: its cards' icon fields, its inline icons, and every icon its
    layouts name, in a call or as a quoted icon name (the folders of its decks', boards' and
    stylesheet's layouts). Each layout is read as pnp reads every file (a link, a FIFO or a
    device is refused, naming it; never read, never waited on)."""
    names = {getattr(card, field) for d in loaded for card in d.cards for field in type(card).ICON_FIELDS}
    names |= set(game.inline_icons.values())
    folders = {Path(game.stylesheet).parent} | {Path(d.face).parent for d in game.decks}
    folders |= {Path(b.layout).parent for b in game.boards}
    known = {path.stem for path in project_files(project.layouts / "icons", project.root, (".svg",), recursive=False)}
    for folder in sorted(folders):
        for path in project_files(project.layouts / folder, project.root, (".html",), recursive=False):
            shown = f"layouts/{path.relative_to(project.layouts)}"
            text = read_bytes(path, shown, project.root).decode("utf-8", errors="replace")
            names |= set(ICON_CALL.findall(text))
            # icons picked from a table in the layout ({"sword": "broadsword"}) are credited too
            names |= {name for name in QUOTED_NAME.findall(text) if name in known}
    return {name for name in names if name}


GAME_ICONS_SOURCE = "game-icons.net/"     # the bundled set, credited together under its one licence


def icon_credits(project: Project, used: set) -> tuple[dict, list]:
    """The icons used, from layouts/icons/credits.yaml: the game-icons.net ones as author -> their
    names, and every other one (a designer's own) as {name, authors, licence, source}, each with
    its own licence. `pnp check` has refused an icon used with no entry (pnp.credits)."""
    credits = _listing(project, project.layouts / "icons" / "credits.yaml", dict,
                       "a mapping of icon names to {authors: [...], licence: ...}")
    authors: dict = {}
    others = []
    for name, entry in sorted(credits.items()):
        if name not in used or not isinstance(entry, dict):
            continue
        names = entry.get("authors", ())
        names = [names] if isinstance(names, str) else list(names or ())
        if str(entry.get("source", "")).startswith(GAME_ICONS_SOURCE):
            for author in names:
                authors.setdefault(str(author).replace("-", " ").title(), []).append(name)
        else:
            others.append({"name": name, "authors": ", ".join(str(author) for author in names),
                           "licence": str(entry.get("licence", "")), "source": str(entry.get("source", "") or "")})
    return dict(sorted(authors.items())), others
