"""How much of a game is translated into a language: the catalogue brought up to date with the
game's strings (new ones added, changed ones fuzzy, gone ones dropped), the glossary's terms,
the rulings and the rulebook's chapters. `pnp translate` prints it; a build refuses a language
with anything missing."""

import os
from dataclasses import dataclass, field

from babel.messages.catalog import Catalog

from pnp.i18n.catalogue import FIRST_DATE, catalogue_path, is_translated, read_catalogue
from pnp.i18n.extract import game_strings
from pnp.i18n.locale_data import GLOSSARY_WORDS, REQUIRED_GLOSSARY_WORDS, RULING_WORDS, locale_file, locale_words
from pnp.project import Project


@dataclass
class Coverage:
    language: str
    catalogue: str                                  # the catalogue's path, as pnp names it
    files: dict = field(default_factory=dict)      # source file -> [translated, total]
    missing: list = field(default_factory=list)    # (msgid, "file:line", catalogue line) untranslated
    fuzzy: list = field(default_factory=list)      # (msgid, "file:line", catalogue line) changed since translated
    others: list = field(default_factory=list)     # (file, translated, total, missing keys): glossary, rulings, chapters

    @property
    def complete(self) -> bool:
        return not self.missing and not self.fuzzy and all(not missing for *_, missing in self.others)

    def lines(self) -> list[str]:
        """The coverage as `pnp translate` prints it: a line per file, then the total."""
        width = max([len(name) for name in self.files] + [len(row[0]) for row in self.others] + [10])
        rows = [(name, done, total) for name, (done, total) in self.files.items()]
        rows += [(name, done, total) for name, done, total, _ in self.others]
        out = [f"{name:<{width}}  {done:>5}/{total:<5} {_percent(done, total):>4} %" for name, done, total in rows]
        done, total = sum(r[1] for r in rows), sum(r[2] for r in rows)
        out.append(f"{'total':<{width}}  {done:>5}/{total:<5} {_percent(done, total):>4} %")
        return out

    def problems_in_words(self, limit: int = 20) -> list[str]:
        """What is missing, for a refused build or the end of `pnp translate`."""
        said = [f"{where}: changed since it was translated (fuzzy): {_short(message)}"     # first: a translator
                for message, where, _ in self.fuzzy[:limit]]                                 # checks them, or they stay
        said += [f"{where}: untranslated: {_short(message)}" for message, where, _ in self.missing[:max(0, limit - len(said))]]
        hidden = len(self.missing) + len(self.fuzzy) - len(said)
        if hidden > 0:
            said.append(f"... and {hidden} more in {self.catalogue}")
        for name, _, _, missing in self.others:
            if missing:
                said.append(f"{name}: missing: {', '.join(missing[:12])}" + (" ..." if len(missing) > 12 else ""))
        return said


def _percent(done: int, total: int) -> int:
    return 100 if total == 0 else int(100 * done / total)


def missing_problems(coverage: Coverage, game_key: str, limit: int = 30) -> list:
    """What a build in the language would print in the source's words, one problem each: at the
    catalogue's line when the catalogue has the entry, at the source's line when it is new."""
    from pnp.errors import Problem

    fix = (f"Run `pnp translate {game_key} --lang {coverage.language}` and translate it there, or build with "
           "--force to print the source words")
    problems = []
    for kind, entries in (("untranslated", coverage.missing), ("fuzzy", coverage.fuzzy)):
        for message, where, line in entries:
            if line:
                found = "an empty msgstr" if kind == "untranslated" else "a translation marked fuzzy: its source changed"
                problems.append(Problem(coverage.catalogue, line, _short(message), f"its {coverage.language} words",
                                        found, "Translate it, or build with --force" if kind == "untranslated" else
                                        "Check the translation against the new source, then remove `#, fuzzy`"))
            else:
                file, _, place = where.rpartition(":")
                problems.append(Problem(file or where, (int(place) if place.isdigit() else place) or None, _short(message),
                                        f"its {coverage.language} words in {coverage.catalogue}",
                                        "no entry yet", fix))
    hidden = len(problems) - limit
    problems = problems[:limit]
    if hidden > 0:
        problems.append(Problem(coverage.catalogue, None, "(catalogue)", "every string translated",
                                f"{hidden} more strings untranslated", fix))
    for name, _, total, missing in coverage.others:
        if missing:
            problems.append(Problem(name, None, f"{coverage.language} edition",
                                    f"the words of all {total} in {coverage.language}",
                                    "missing: " + ", ".join(missing[:12]) + (" ..." if len(missing) > 12 else ""),
                                    f"Translate them (docs/translating.md), or build with --force"))
    return problems


def _short(message) -> str:
    text = message[0] if isinstance(message, tuple) else message
    text = " ".join(str(text).split())
    return repr(text if len(text) <= 70 else text[:67] + "...")


HEADER = """# {title} in {language}: the words a build in {language} prints instead of the source's.
# Made and brought up to date by `pnp translate {key} --lang {language}`; translate each msgstr
# here (Poedit, Weblate and Crowdin read this file). Keep each placeholder (%(n)s, {{name}}), inline
# icon ({{gall}}), HTML tag and number of the msgid: `pnp check` refuses a msgstr that changes one.
# The glossary and the rulings are beside it (glossary.yaml, rulings.yaml); docs/translating.md.
#"""


def template_catalogue(project: Project, game, language: str) -> Catalog:
    """Every string of the game, where each is written, as a catalogue with no translation."""
    template = Catalog(locale=language, project=game.title, version="1", fuzzy=False,
                       creation_date=FIRST_DATE, revision_date=FIRST_DATE, language_team=language,
                       msgid_bugs_address="", copyright_holder="", charset="utf-8",
                       header_comment=HEADER.format(title=game.title, key=game.key, language=language))
    from pnp.render.words import catalogued_sheet_words

    for found in game_strings(project, game):
        template.add(found.message, locations=[(found.file, po_line(found.line))],
                     auto_comments=[CELL_NOTE + found.line] if hasattr(found.line, "sheet") else [])
    for words in catalogued_sheet_words(language):      # the sheets' labels, in a language pnp has no words for
        template.add(words, locations=[(SHEET_WORDS_FILE, 0)], flags=["python-brace-format"] if "{" in words else [])
    return template


SHEET_WORDS_FILE = "pnp/render/words.py"      # where pnp's own sheet words are written
CELL_NOTE = "cell: "          # `#. cell: cards!D3`: a spreadsheet string's cell, which a .po location cannot hold


def po_line(place) -> int:
    """Where a string is, as a catalogue's `#: FILE:LINE` holds it: a line number, or a spreadsheet
    cell's row (`cards!D3` is row 3: a .po location is a whole number)."""
    return getattr(place, "order", (place or 0,))[0]


def updated_catalogue(project: Project, game, language: str) -> Catalog:
    """The language's catalogue brought up to date with the game's strings (not written)."""
    template = template_catalogue(project, game, language)
    catalogue = read_catalogue(project, game.key, language)
    if catalogue is None:
        return template
    lines = {message.id: message.lineno for message in catalogue if message.id}
    previous = {message.id: message.previous_id for message in catalogue if message.id and message.previous_id}
    template.creation_date = catalogue.creation_date
    catalogue.update(template, no_fuzzy_matching=False, update_header_comment=False, update_creation_date=True)
    catalogue.obsolete.clear()
    for message in catalogue:
        message.lineno = lines.get(message.id)      # where the translator finds it in the file as it is
        if message.fuzzy and not message.previous_id and message.id in previous:
            message.previous_id = previous[message.id]     # still to check against the source it was made from
    return catalogue


def _where(message) -> str:
    """`FILE:LINE`, or `FILE:SHEET!CELL` for a spreadsheet's string (its cell kept as a comment)."""
    file, line = message.locations[0] if message.locations else ("?", 0)
    cell = next((note[len(CELL_NOTE):] for note in message.auto_comments if note.startswith(CELL_NOTE)), None)
    return f"{file}:{cell or line}" if cell or line else str(file)


def catalogue_coverage(catalogue: Catalog, language: str, shown: str) -> Coverage:
    coverage = Coverage(language, shown)
    for message in catalogue:
        if not message.id:
            continue
        done = is_translated(message)
        for file in dict.fromkeys(file for file, _ in message.locations):
            counts = coverage.files.setdefault(file, [0, 0])
            counts[0] += done
            counts[1] += 1
        if message.fuzzy:
            coverage.fuzzy.append((message.id, _where(message), message.lineno))
        elif not done:
            coverage.missing.append((message.id, _where(message), message.lineno))
    return coverage


def data_coverage(project: Project, game, language: str) -> list[tuple]:
    """The glossary's terms, the rulings and the rulebook's chapters in `language`."""
    from pnp.reference.glossary import load_glossary
    from pnp.rulebook.listings import rulings
    from pnp.rulebook.source import language_dirs, rulebook_dir

    source = game.source_game or game
    rows = []
    terms = [term.term for term in load_glossary(project, source, source.language)]
    if terms:
        words = locale_words(project, game.key, language, "glossary.yaml", GLOSSARY_WORDS,
                             REQUIRED_GLOSSARY_WORDS, terms)
        missing = [term for term in terms if term not in words]
        rows.append((str(project.relative(locale_file(project, game.key, language, "glossary.yaml"))),
                     len(terms) - len(missing), len(terms), missing))
    ids = [str(ruling["id"]) for ruling in rulings(project, source)]
    if ids:
        words = locale_words(project, game.key, language, "rulings.yaml", RULING_WORDS, RULING_WORDS, ids)
        missing = [ruling for ruling in ids if ruling not in words]
        rows.append((str(project.relative(locale_file(project, game.key, language, "rulings.yaml"))),
                     len(ids) - len(missing), len(ids), missing))
    folders = language_dirs(project, game.key)
    chapters_folder = project.card_data / game.key / "rulebook"
    if os.path.isdir(chapters_folder):
        own = rulebook_dir(project, game.key, source.language)
        theirs = chapters_folder / language
        wanted = len([p for p in own.glob("*.md")])
        found = len([p for p in theirs.glob("*.md")]) if theirs in folders else 0
        rows.append((str(project.relative(theirs)) + "/", min(found, wanted), wanted,
                     [] if found >= wanted else [f"{wanted - found} of {wanted} chapters (one folder per language)"]))
    return rows


def game_coverage(project: Project, game, language: str, catalogue: Catalog | None = None) -> Coverage:
    catalogue = catalogue if catalogue is not None else updated_catalogue(project, game, language)
    coverage = catalogue_coverage(catalogue, language, str(project.relative(catalogue_path(project, game.key, language))))
    coverage.others = data_coverage(project, game, language)
    return coverage
