"""How the commands speak: results on stdout, problems on stderr, each error in words (one line
per problem, the first MAX_REPORTED_PROBLEMS of them), never a traceback."""

import sys

from rich.console import Console

from pnp.errors import CheckFailed, DataError, PnpError, plural
from pnp.limits import MAX_REPORTED_PROBLEMS

console = Console(stderr=False)
errors = Console(stderr=True)


def more(count: int) -> None:
    """How many problems past the first MAX_REPORTED_PROBLEMS were left unsaid."""
    if count > MAX_REPORTED_PROBLEMS:
        errors.print(f"  ... and {count - MAX_REPORTED_PROBLEMS} more (MAX_REPORTED_PROBLEMS shows the first "
                     f"{MAX_REPORTED_PROBLEMS})", highlight=False)


def fail(error: PnpError, wrote_nothing: bool = False) -> None:
    """Report the error and exit with its status."""
    report(error, wrote_nothing)
    sys.exit(error.exit_code)


def report(error: PnpError, wrote_nothing: bool = False) -> None:
    """The error as the user reads it: one line per problem, no traceback."""
    if isinstance(error, CheckFailed):
        for message in error.messages[:MAX_REPORTED_PROBLEMS]:
            errors.print(message, highlight=False, markup=False, soft_wrap=True)
        more(len(error.messages))
        errors.print(f"[bold red]error:[/] {plural(len(error.messages), 'worked example')} the engine "
                     "disagrees with, so nothing was printed (use --force to build anyway)")
    elif isinstance(error, DataError):
        tail = "; nothing was written" if wrote_nothing else ""
        errors.print(f"[bold red]error:[/] {plural(len(error.problems), 'problem')} in the input{tail}",
                     highlight=False)
        for problem in error.problems[:MAX_REPORTED_PROBLEMS]:
            errors.print(f"  {problem}", highlight=False, markup=False, soft_wrap=True)
        more(len(error.problems))
    else:
        errors.print("[bold red]error:[/] ", end="")
        errors.print(str(error), highlight=False, markup=False, soft_wrap=True)


def say(message: str, problem: bool = False) -> None:
    """A line of a long-running command (watch, serve): a problem on stderr, news on stdout."""
    (errors if problem else console).print(message, highlight=False, markup=False, soft_wrap=True)
