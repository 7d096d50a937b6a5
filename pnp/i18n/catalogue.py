"""A game's words in another language: the gettext catalogue card_data/GAME/locale/LANG/messages.po,
read into the words a build prints, and written back as translators' tools (Poedit, Weblate,
Crowdin) expect it."""

import io
import os
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from functools import lru_cache
from gettext import c2py

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.pofile import PoFileError, read_po, write_po

from pnp.errors import DataError, PnpError, Problem, UsageError
from pnp.files import read_bytes
from pnp.limits import MAX_CATALOGUE_STRING
from pnp.project import Project

LOCALE_FOLDER = "locale"
CATALOGUE_FILE = "messages.po"
FIRST_DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)   # a new catalogue's dates: fixed, so output is deterministic
HOW = "docs/translating.md"


class MissingWords(PnpError):
    """A layout asked for words the catalogue does not translate (a build without --force)."""

    def __init__(self, message: str, language: str, catalogue: str):
        self.message, self.language, self.catalogue = message, language, catalogue
        super().__init__(f"no {language} words for {message!r} in {catalogue}: run `pnp translate` and translate "
                         f"it there, or build with --force to print the source words")

    def problem_at(self, file, line) -> Problem:
        """The words the layout (or chapter) line asked for, as a problem at that line."""
        return Problem(file, line, repr(self.message[:80]), f"its {self.language} words in {self.catalogue}",
                       "no translation", "Translate it there: `pnp translate` adds it if it is missing and lists what "
                       "is left (words a layout gets from the engine are added only if written somewhere pnp reads "
                       "them: a card's data, or a literal _(\"...\") in a layout); or build with --force")


@dataclass(frozen=True)
class Words:
    """What a build in `language` prints instead of the source words: msgid -> msgstr, only the
    entries translated and not fuzzy. `force` prints the source words where one is missing."""

    language: str
    source_language: str
    translated: dict = field(repr=False)
    catalogue: str = ""
    force: bool = False
    plural: str = "n != 1"          # the catalogue's Plural-Forms expression: which msgstr a count takes

    def gettext(self, message: str) -> str:
        if not isinstance(message, str) or not message.strip():
            return message
        found = self.translated.get(message)
        if found is not None:
            return found
        if self.force:
            return message
        raise MissingWords(message, self.language, self.catalogue)

    def ngettext(self, singular: str, plural: str, number: int) -> str:
        found = self.translated.get((singular, plural))
        if found is not None:
            index = int(c2py(self.plural)(int(number)))
            return found[min(index, len(found) - 1)]
        if self.force:
            return singular if number == 1 else plural
        raise MissingWords(singular, self.language, self.catalogue)

    def get(self, message):
        """The translation, or the source words (for text that may or may not be translated)."""
        return self.translated.get(message, message) if isinstance(message, str) else message


def locale_dir(project: Project, game_key: str, language: str):
    return project.card_data / game_key / LOCALE_FOLDER / language


def catalogue_path(project: Project, game_key: str, language: str):
    return locale_dir(project, game_key, language) / CATALOGUE_FILE


def known_locale(language: str) -> Locale:
    try:
        return Locale.parse(language)
    except (UnknownLocaleError, ValueError):
        raise PnpError(f"--lang {language}: not a language code Babel knows (fr, en, de, es, it, ...)") from None


def read_catalogue(project: Project, game_key: str, language: str) -> Catalog | None:
    """The catalogue as written, or None when there is none yet; a malformed file is refused at its line."""
    path = catalogue_path(project, game_key, language)
    if not os.path.lexists(path):
        return None
    shown = project.relative(path)
    return _parsed(read_bytes(path, shown, project.root), str(shown), language)


PO_STRING_LINE = re.compile(r'^(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)?\s*"(?:[^"\\]|\\.)*"\s*$')
PO_STRING_START = re.compile(r'^(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\b|^\s*"')


def _quote_problems(text: str, shown: str) -> list[Problem]:
    """A string line must open and close its quotes (Babel reads an unclosed one by dropping a letter)."""
    return [Problem(shown, number, "(catalogue)", 'a quoted string: `msgstr "words"`, a `"` inside written `\\"`',
                    line.strip()[:80], "Close the quotes")
            for number, line in enumerate(text.split("\n"), 1)
            if PO_STRING_START.match(line) and not PO_STRING_LINE.match(line.strip())]


CHARSET = re.compile(rb'"Content-Type:[^"]*charset=([^"\\\s;]+)', re.I)
PLURAL_FORMS_MAX = 6


def _header_problems(data: bytes, shown: str) -> list[Problem]:
    """UTF-8 only (another charset garbles every accent), and a Plural-Forms gettext can run."""
    lines = data.split(b"\n")
    found = CHARSET.search(data)
    if found and found.group(1).lower() not in (b"utf-8", b"utf8"):
        line = next((n for n, text in enumerate(lines, 1) if b"charset=" in text), None)
        return [Problem(shown, line, "Content-Type", "charset=UTF-8 (pnp reads and writes catalogues in UTF-8)",
                        found.group(1).decode("ascii", "replace"), "Save the file as UTF-8 and say so in the header")]
    return []


def _plural_problems(catalogue: Catalog, data: bytes, shown: str) -> list[Problem]:
    line = next((n for n, text in enumerate(data.split(b"\n"), 1) if b"Plural-Forms:" in text), None)
    try:
        count, rule = catalogue.num_plurals, c2py(catalogue.plural_expr)
        if 1 <= count <= PLURAL_FORMS_MAX and all(0 <= rule(n) < count for n in range(1001)):
            return []
    except (ValueError, SyntaxError, ZeroDivisionError, TypeError, RecursionError):
        pass
    return [Problem(shown, line, "Plural-Forms", f"nplurals from 1 to {PLURAL_FORMS_MAX} and a plural= rule giving "
                    "one of them for every count", "a rule gettext cannot use",
                    "Copy the Plural-Forms line gettext gives for the language (e.g. nplurals=2; plural=(n > 1);)")]


def _previous_ids(catalogue: Catalog) -> None:
    """`#| msgid "..."` (the source a fuzzy entry was translated from) as Babel reads it: a
    comment; put back as the entry's previous source, so that writing it again keeps it."""
    from babel.messages.pofile import unescape

    for message in catalogue:
        kept, previous = [], []
        for comment in message.user_comments:
            text = comment.strip()
            if text.startswith("| msgid ") and not previous:
                previous.append(unescape(text[len("| msgid "):].strip()))
            elif previous and text.startswith('| "'):
                previous[-1] += unescape(text[2:].strip())
            elif text.startswith("| msgid_plural "):
                previous.append(unescape(text[len("| msgid_plural "):].strip()))
            else:
                kept.append(comment)
        if previous:
            message.user_comments, message.previous_id = kept, previous


ESCAPED_AT_MOST = 4             # written characters of one read (an octal escape, \ooo, is four)
PO_KEYWORD = re.compile(r"^(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\b")


def _written_size_problems(text: str, shown: str) -> list[Problem]:
    """Strings surely past MAX_CATALOGUE_STRING, found by their written length before anything
    parses them (a 3.9 MB msgstr took the parse to 513 MiB): each keyword and the quoted lines
    that continue it, longer than ESCAPED_AT_MOST times the limit."""
    problems, start, written = [], None, 0
    for number, line in enumerate(text.split("\n"), 1):
        stripped = line.strip()
        if PO_KEYWORD.match(stripped):
            start, written = number, len(stripped)
        elif stripped.startswith('"') and start is not None:
            written += len(stripped)
        else:
            start, written = None, 0
        if start is not None and written > ESCAPED_AT_MOST * MAX_CATALOGUE_STRING:
            problems.append(Problem(shown, start, "(catalogue)", f"strings of at most {MAX_CATALOGUE_STRING:,} "
                                    "characters (MAX_CATALOGUE_STRING)", f"{written:,} characters written",
                                    "Shorten it: a catalogue holds a layout's and a card's words, a chapter is "
                                    "a file of its own"))
            start, written = None, 0
    return problems


def _parsed(data: bytes, shown: str, language: str) -> Catalog:
    data = data.removeprefix(b"\xef\xbb\xbf")
    problems = _written_size_problems(data.decode("utf-8", "replace"), shown)
    if problems:
        raise DataError(problems[:20])
    problems = _quote_problems(data.decode("utf-8", "replace"), shown) + _header_problems(data, shown)
    if problems:
        raise DataError(problems[:20])
    try:
        catalogue = read_po(io.BytesIO(data), locale=language, abort_invalid=True)
        problems = _size_problems(catalogue, shown) or _plural_problems(catalogue, data, shown)
        if problems:
            raise DataError(problems)
        _previous_ids(catalogue)
        return catalogue
    except PoFileError as error:
        line = getattr(error, "lineno", None)
        line = line + 1 if isinstance(line, int) else None     # Babel counts lines from 0
        raise DataError([Problem(shown, line, "(catalogue)", "a gettext catalogue (.po) as `pnp translate` writes it",
                                 str(error).split(" on ")[0], f"Mend the line, or move the file away and run "
                                 f"`pnp translate` again ({HOW})")]) from None
    except (UnicodeDecodeError, ValueError) as error:
        raise DataError([Problem(shown, None, "(catalogue)", "a UTF-8 gettext catalogue (.po)", str(error)[:120],
                                 f"Save it as UTF-8 ({HOW})")]) from None


def _size_problems(catalogue: Catalog, shown: str) -> list[Problem]:
    """Strings past MAX_CATALOGUE_STRING, at their line: one of megabytes made every check of
    the catalogue hold hundreds of them."""
    problems = []
    for message in catalogue:
        for text in (*_strings(message.id), *_strings(message.string)):
            if len(text) > MAX_CATALOGUE_STRING:
                problems.append(Problem(shown, message.lineno, "(catalogue)", f"strings of at most "
                                        f"{MAX_CATALOGUE_STRING:,} characters (MAX_CATALOGUE_STRING)",
                                        f"{len(text):,} characters", "Shorten it: a catalogue holds a layout's and "
                                        "a card's words, a chapter is a file of its own"))
                break
    return problems


def _strings(value) -> tuple:
    return tuple(s for s in (value if isinstance(value, (list, tuple)) else (value,)) if isinstance(s, str))


def is_translated(message) -> bool:
    strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
    return not message.fuzzy and all(isinstance(s, str) and s.strip() != "" for s in strings)


def game_words(project: Project, game_key: str, source_language: str, language: str, force: bool = False) -> Words:
    """The words of the catalogue that a build in `language` may print."""
    path = catalogue_path(project, game_key, language)
    shown = str(project.relative(path))
    data = read_bytes(path, shown, project.root) if os.path.lexists(path) else b""
    translated, plural = _translated(data, shown, language)
    return Words(language, source_language, translated, shown, force, plural)


@lru_cache(maxsize=32)
def _translated(data: bytes, shown: str, language: str) -> dict:
    """msgid -> msgstr of the entries translated and not fuzzy (parsed once a process per content)."""
    translated = {}
    catalogue = _parsed(data, shown, language) if data else None
    for message in catalogue or ():
        if message.id and is_translated(message):
            translated[message.id] = (tuple(message.string) if isinstance(message.id, tuple) else message.string)
    return translated, (catalogue.plural_expr if catalogue is not None else "n != 1")


def write_catalogue(project: Project, game_key: str, language: str, catalogue: Catalog) -> None:
    """The catalogue of `language` (whatever its header says) written whole, then renamed into
    place (no half-written file on a crash), in UTF-8; obsolete entries dropped; the same
    entries always give the same bytes. No folder on the way may be a link (the write would
    leave the project)."""
    from pnp.atomic import DISK_FULL, write_atomically, write_error

    catalogue.charset = "utf-8"
    buffer = io.BytesIO()
    write_po(buffer, catalogue, width=0, ignore_obsolete=True, include_previous=True, sort_output=False)
    path = catalogue_path(project, game_key, language)
    step = project.root
    for part in path.relative_to(project.root).parts:
        step = step / part
        if step.is_symlink():
            raise DataError([Problem(project.relative(step), None, "(file)", "a folder or file of the project, "
                                     "not a link", "a link", f"Replace the link by a folder ({HOW})")])
    try:
        write_atomically(path, buffer.getvalue(), resolve=False)     # a link swapped in since: refused
    except OSError as error:
        if error.errno in DISK_FULL:
            raise write_error(error, path) from None
        raise UsageError(f"cannot write the catalogue {project.relative(path)}: {error.strerror or error}. "
                         "Make its folder writable, then run `pnp translate` again") from None
