"""Errors a user can act on. Each names where the problem is and how to fix it."""

import re
from dataclasses import dataclass
from pathlib import Path

EXIT_CHECK_FAILED = 1
EXIT_BAD_INPUT = 2

VALUE_CHARS = 400        # what a message echoes (the field, what was found; a rules engine's reason) is cut past this
PROSE_CHARS = 2_000      # pnp's own words (what was expected, the fix) may list names (the 165 icons)
NUMBER_DIGITS = 20       # a longer number is told by its count of digits
LONG_NUMBER = re.compile(r"(?<![\w.])(?P<quote>'?)(?P<sign>[+-]?)(?P<digits>[0-9]{%d,})(?P=quote)(?![\w.])"
                         % (NUMBER_DIGITS + 1))
LINE_BREAKS = re.compile(r"\s*[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]\s*")
# A control character: in text pnp reads, refused (it prints nothing on paper); in what pnp
# prints to a terminal, shown escaped (ESC, CSI and the rest would set its title, clear it...).
# A tab and a line break are text.
CONTROL_CHARACTER = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
CONTROL_EXPECTED = "text without control characters"
CONTROL_FIX = ("Remove it (a YAML escape such as \\e writes one): a control character prints nothing on paper "
               "and rewrites the terminal that shows it")


def shown_safely(text: str) -> str:
    """Text as a terminal may print it: each control character written as its escape (\\x1b)."""
    return CONTROL_CHARACTER.sub(lambda found: repr(found.group())[1:-1], text)


def readable(value, limit: int = VALUE_CHARS) -> str:
    """A value as one line of a message shows it: line breaks as spaces, a number too long to
    read as its count of digits, a long text as its beginning, its length and its end (where
    words such as "outside the project" may follow a long path)."""
    text = shown_safely(LINE_BREAKS.sub(" ", str(value)).strip())
    text = LONG_NUMBER.sub(_digits, text)
    if len(text) <= limit:
        return text
    head, tail = text[:limit * 3 // 5].rstrip(), text[-(limit * 3 // 10):].lstrip()
    return f"{head}… ({len(text):,} characters) …{tail}"


def _digits(number: re.Match) -> str:
    sign = "a negative number" if number["sign"] == "-" else "a number"
    return f"{sign} of {len(number['digits']):,} digits"


def reason(error: BaseException) -> str:
    """An exception's own words, or its kind when it has none (a MemoryError says nothing)."""
    return readable(error) or type(error).__name__


@dataclass(frozen=True)
class Problem:
    """One problem in an input file: where it is, what was expected, what was found."""

    file: Path | str
    line: int | None
    field: str
    expected: str
    found: str = ""
    fix: str = ""

    def __str__(self) -> str:
        """One line, however long the values it echoes (see `readable`)."""
        where = readable(f"{self.file}:{self.line}" if self.line else self.file, PROSE_CHARS)
        text = f"{where}: {readable(self.field)}: expected {readable(self.expected, PROSE_CHARS)}"
        found = readable(self.found)
        if found:
            text += f", found {found}"
        fix = readable(self.fix, PROSE_CHARS)
        if fix:
            text = text.rstrip(".") + f". {fix}"
        return text


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """`1 problem`, `2 problems`."""
    return f"{count} {noun if count == 1 else (nouns or noun + 's')}"


def possessive(name: str) -> str:
    """`Verdun's`, `Lanterns'`: a title ending in s takes the apostrophe alone."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


class PnpError(Exception):
    """Base of the errors the CLI reports without a traceback."""

    exit_code = EXIT_BAD_INPUT


class DataError(PnpError):
    """One or more problems in the project's input files (exit status 2)."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    def __reduce__(self):
        return (DataError, (self.problems,))


class ChapterCheckFailed(DataError):
    """Problems of the rulebook's chapters, found by the rulebook's own task (which checks them as
    it renders them, pnp.rulebook.chapter_check): part of the build's check, so like a failed
    check it stops the whole run at once, not after every other piece has been typeset."""

    def __reduce__(self):
        return (ChapterCheckFailed, (self.problems,))


class UsageError(PnpError):
    """A bad command-line request, such as an unknown game (exit status 2)."""


class RenderError(PnpError):
    """A layout that cannot be rendered as asked: text that cannot fit, a refused resource."""


class CheckFailed(PnpError):
    """Worked examples the engine disagrees with, or examples it cannot compute (exit 1)."""

    exit_code = EXIT_CHECK_FAILED

    def __init__(self, messages: list[str]):
        self.messages = list(messages)
        super().__init__("\n".join(self.messages))

    def __reduce__(self):
        return (CheckFailed, (self.messages,))
