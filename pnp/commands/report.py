"""How the commands speak: results on stdout, problems on stderr, each error in words (one line
per problem, the first MAX_REPORTED_PROBLEMS of them), never a traceback."""

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console, ConsoleDimensions
from rich.errors import MarkupError
from rich.markup import escape
from rich.segment import Segment
from rich.text import Text
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from pnp.errors import CheckFailed, DataError, PnpError, plural, shown_safely
from pnp.limits import MAX_REPORTED_PROBLEMS

PIPED_WIDTH = 100_000       # output that is not a terminal (a pipe, a file, CI) is never cut or wrapped


class Speaker(Console):
    """A console as wide as its terminal, and without a width when it writes to no terminal
    (rich's 80 columns would cut a table's paths to "..." and wrap an error mid-sentence in a
    CI log); COLUMNS, when set, still decides. Text is printed as written: rich's markup is read
    only where pnp's own words ask for it (`markup=True`, values passed through `escape`), so a
    title holding "[link=...]" or "[on red]" prints those brackets, never a terminal hyperlink."""

    def __init__(self, **options):
        super().__init__(**{"markup": False, **options})
        self._width = None              # rich fixes COLUMNS as it was at import; it is read at each print

    @property
    def size(self) -> ConsoleDimensions:
        dimensions = super().size
        if self.is_terminal or "COLUMNS" in self._environ:
            return dimensions
        return ConsoleDimensions(PIPED_WIDTH, dimensions.height)

    @size.setter
    def size(self, new_size) -> None:
        Console.size.fset(self, new_size)

    def print(self, *objects, **options) -> None:
        """As rich prints, except that text rich cannot read as markup (a game titled "Tiny [/x]")
        is printed as written, never a traceback."""
        try:
            super().print(*objects, **options)
        except MarkupError:
            markup, self._markup = self._markup, False          # a table's cells are read as markup too
            try:
                super().print(*objects, **{**options, "markup": False})
            finally:
                self._markup = markup

    def _render_buffer(self, buffer) -> str:
        """What is printed, every control character of its text shown escaped (a title holding
        ESC or CSI would set the terminal's title or clear it); rich's own codes kept."""
        return super()._render_buffer(segment if segment.control else Segment(shown_safely(segment.text),
                                                                              segment.style)
                                      for segment in buffer)


# No emoji codes: a message quoting ":name:" from a card says it as written, and reporting the
# memory cap never loads rich's table of them (it is loaded on first use, when memory is out).
console = Speaker(stderr=False, emoji=False)
errors = Speaker(stderr=True, emoji=False)


def more(count: int) -> None:
    """How many problems past the first MAX_REPORTED_PROBLEMS were left unsaid."""
    if count > MAX_REPORTED_PROBLEMS:
        errors.print(f"  ... and {count - MAX_REPORTED_PROBLEMS} more (MAX_REPORTED_PROBLEMS shows the first "
                     f"{MAX_REPORTED_PROBLEMS})", highlight=False)


def fail(error: PnpError, wrote_nothing: bool = False) -> None:
    """Report the error and exit with its status."""
    report(error, wrote_nothing)
    sys.exit(error.exit_code)


def listing(summary: str, items: list) -> None:
    """Every refusal's form: `error: SUMMARY`, then each item on its own indented line."""
    errors.print(f"[bold red]error:[/] {escape(summary)}", highlight=False, markup=True)
    for item in items[:MAX_REPORTED_PROBLEMS]:
        errors.print(f"  {item}", highlight=False, markup=False, soft_wrap=True)
    more(len(items))


def report(error: PnpError, wrote_nothing: bool = False) -> None:
    """The error as the user reads it: one line per problem, no traceback."""
    if isinstance(error, CheckFailed):
        listing(f"{plural(len(error.messages), 'worked example')} the engine disagrees with, so nothing was "
                "printed (use --force to build anyway)", error.messages)
    elif isinstance(error, DataError):
        tail = "; nothing was written" if wrote_nothing else ""
        listing(f"{plural(len(error.problems), 'problem')} in the input{tail}", error.problems)
    else:
        errors.print("[bold red]error:[/] ", end="", markup=True)
        errors.print(str(error), highlight=False, markup=False, soft_wrap=True)


def say(message: str, problem: bool = False) -> None:
    """A line of a long-running command (watch, serve): a problem on stderr, news on stdout."""
    (errors if problem else console).print(message, highlight=False, markup=False, soft_wrap=True)


Show = Callable[[int, int | None, str], None]


@contextmanager
def _bar(first: str) -> Iterator[Show]:
    with Progress(SpinnerColumn(), TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=errors, transient=True) as progress:
        task = progress.add_task(first, total=None)
        yield lambda done, total, step: progress.update(task, completed=done, total=total, description=step)


@contextmanager
def _spinner(first: str) -> Iterator[Show]:
    with errors.status(Text(first)) as status:          # rich's spinner reads a str as markup
        yield lambda done, total, step: status.update(Text(step))


@contextmanager
def _quiet(first: str) -> Iterator[Show]:
    yield lambda done, total, step: None


@contextmanager
def _narrated(first: str) -> Iterator[Show]:
    said = [first]
    errors.print(first, highlight=False, markup=False, soft_wrap=True)

    def show(done: int, total: int | None, step: str) -> None:
        if step != said[-1]:
            said.append(step)
            errors.print(f"  {step}", highlight=False, markup=False, soft_wrap=True)
    yield show


PROGRESS = {(True, True): _bar, (True, False): _spinner, (False, True): _quiet, (False, False): _narrated}


def progress_of(first: str, counted: bool = True):
    """A context giving `show(done, total, step)` for a long command. On a terminal, a bar (or,
    not `counted`, a spinner); elsewhere (a pipe, a CI log), a command without counts (`pnp
    site`, minutes of work) says each new step on a plain line, and one with counts (a build)
    stays quiet until its closing table, so its refusals stay one line each. Which one is
    decided when the command starts: `errors.is_terminal` is read then."""
    return PROGRESS[(errors.is_terminal, counted)](first)
