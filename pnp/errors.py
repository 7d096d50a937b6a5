"""Errors a user can act on. Each names where the problem is and how to fix it."""

from dataclasses import dataclass
from pathlib import Path

EXIT_CHECK_FAILED = 1
EXIT_BAD_INPUT = 2


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
        where = f"{self.file}:{self.line}" if self.line else f"{self.file}"
        text = f"{where}: {self.field}: expected {self.expected}"
        if self.found:
            text += f", found {self.found}"
        if self.fix:
            text = text.rstrip(".") + f". {self.fix}"
        return text


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """`1 problem`, `2 problems`."""
    return f"{count} {noun if count == 1 else (nouns or noun + 's')}"


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
