"""A template rendered within the limits, its output checked as the typesetter will meet it, and
its faults placed at the layout line they come from."""

import traceback
from pathlib import Path

from pnp.contained import stage
from pnp.errors import DataError, PnpError, Problem
from pnp.limits import TEMPLATE_SECONDS
from pnp.render.templates.document import check_document
from pnp.render.templates.limit import TemplateLimit, render_limits, within_output


def shown_name(template) -> str:
    """How messages name a template: its layout file, or what it was made from."""
    return f"layouts/{template.name}" if template.name else "a template made from text"


def render(template, layout_file: str | None = None, **context) -> str:
    """A template rendered within the limits, under a clock the supervising process enforces
    (a C call the in-process clock cannot interrupt is killed with the process), its output
    checked as the typesetter will meet it. `layout_file` names a template made from text (a
    rulebook chapter) in messages."""
    shown = layout_file or shown_name(template)
    with stage(shown, "rendering the template", TEMPLATE_SECONDS, "TEMPLATE_SECONDS"), render_limits():
        generated = template.generate(**context)
        try:
            html = "".join(within_output(generated))
        finally:
            generated.close()
        check_document(html, shown if template.name or layout_file else None,
                       getattr(template.environment.loader, "root", None))
    return html


def template_line(error: BaseException, folder: Path | None, pseudo: str | None = None) -> tuple[str | None, int | None]:
    """The layout file under `folder` and the line an error came from (a limit the output
    check met names them itself; Jinja keeps the others in the traceback); `pseudo` names a
    template made from a string (a rulebook chapter)."""
    if getattr(error, "file", None):
        return error.file, error.lineno
    folder = Path(folder).resolve() if folder is not None else None
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        if pseudo is not None and frame.filename == "<template>":
            return pseudo, frame.lineno
        path = Path(frame.filename)
        if (folder is not None and path.suffix in (".html", ".css", ".md", ".svg")
                and path.resolve().is_relative_to(folder)):
            return f"layouts/{path.resolve().relative_to(folder)}", frame.lineno
    lineno = getattr(error, "lineno", None)
    return (pseudo, lineno) if pseudo is not None else (None, lineno)


def limit_problem(error: Exception, layouts: Path, what: str) -> Exception:
    """A template fault met while building (the check meets them first, with more words); an
    error already in the user's words (a DataError, a limit the operating system enforced)
    stays as it is; missing words are placed at the layout line that asked for them. Memory
    spent stays a MemoryError: the program's one line names the cap, not a layout."""
    if isinstance(error, MemoryError):
        return error
    file, line = template_line(error, layouts)
    if hasattr(error, "problem_at"):
        return DataError([error.problem_at(file or what, line)])
    if isinstance(error, PnpError):
        return error
    if isinstance(error, TemplateLimit):
        return DataError([error.problem(file or what, line, "a layout that renders within pnp's limits")])
    return DataError([Problem(file or what, line, "(layout)", "a layout that renders within pnp's limits",
                              f"{type(error).__name__}: {error}")])
