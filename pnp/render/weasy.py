"""The one place WeasyPrint runs: confined to the project, warnings made errors, text fit checked.

Each document is checked before layout as `pnp check` checks it (`check_document`: nesting,
elements, text, inline SVG, stylesheets), and its layout and its writing each run as a stage
of the work (`pnp.contained.stage`) whose clock the supervising process enforces: pango or
Pillow running away in C is killed with the process, the user told which layout it was.
"""

import logging
import os
import re
import warnings
from contextlib import contextmanager

from PIL import Image

import pnp.render.weasyprint_loader  # noqa: F401  (before WeasyPrint: its libraries found so)
from weasyprint import HTML
from weasyprint.urls import FatalURLFetchingError

from pnp.clock import wall_clock
from pnp.contained import stage
from pnp.errors import DataError, RenderError
from pnp.limits import MAX_IMAGE_PIXELS, RENDER_SECONDS
from pnp.project import Project
from pnp.render.cache import count_layout
from pnp.render.fetcher import ProjectFetcher
from pnp.render.pdf_tags import PDF_VARIANT, described_figures
from pnp.render.readable import PAGE_BASE
from pnp.render.shared_fonts import DocumentFonts, remove_folder
from pnp.render.templates import TemplateLimit, check_document

# Performance advice, not a fault in the output: subsetting falls back to fontTools.
HARMLESS_WARNINGS = ("Using fontTools instead of HarfBuzz-Subset",)
# fontTools stamps each font subset with the time unless SOURCE_DATE_EPOCH is set; a fixed
# stamp keeps two builds of the same inputs byte-identical.
FONT_TIMESTAMP = "946684800"
FIRST_MARK = re.compile(r'data-pnp-at="([^"]*):\d+"')
OBJECT_ADDRESS = re.compile(r" ?<[\w.]+ object at 0x[0-9a-f]+>")
BOMB_PIXELS = re.compile(r"Image size \((\d+) pixels\) exceeds limit")


def reason(error: BaseException | None) -> str:
    """An exception in words: its own message, else its cause's (WeasyPrint raises an empty
    ImageLoadingError from the real fault), a picture over the pixel limit in pnp's terms."""
    while error is not None:
        text = OBJECT_ADDRESS.sub("", str(error)).strip()
        bomb = BOMB_PIXELS.search(text)
        if bomb:
            return f"{int(bomb.group(1)):,} pixels, more than {MAX_IMAGE_PIXELS:,} (MAX_IMAGE_PIXELS)"
        if text:
            return text if type(error).__name__ in text else f"{type(error).__name__}: {text}"
        error = error.__cause__ or error.__context__
    return "no reason given"


NO_ALT = re.compile(r'^Image "(.*)" has no required alt description$')
NO_ALT_FIX = (r"the picture \1 has no alternative text: a rulebook is tagged for screen readers (PDF/UA), so "
              r'every picture says what it shows in alt="..." (a card drawn with card() is described for you)')


class _Collect(logging.Handler):
    """WeasyPrint's errors and warnings as messages, each with its reason (an exception it
    logs as an argument, or the exception of the debug record that follows)."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.messages: list[str] = []
        self.unexplained = False

    def emit(self, record):
        if record.levelno < logging.WARNING:
            if record.exc_info and self.unexplained:
                self.messages[-1] += f": {reason(record.exc_info[1])}"
                self.unexplained = False
            return
        arguments = record.args if isinstance(record.args, tuple) else ()
        explained = any(isinstance(argument, BaseException) for argument in arguments)
        if explained:
            record.args = tuple(reason(a) if isinstance(a, BaseException) else a for a in arguments)
        message = NO_ALT.sub(NO_ALT_FIX, record.getMessage())
        if not message.startswith(HARMLESS_WARNINGS):
            self.messages.append(message)
            self.unexplained = not explained


def time_limit(layout_file: str, doing: str):
    """Stop a layout that runs past RENDER_SECONDS (from Python, when the typesetter returns to
    it; the supervising process kills what does not)."""
    return wall_clock(RENDER_SECONDS, lambda: RenderError(
        f"{layout_file}: {doing} took longer than {RENDER_SECONDS:g} s (RENDER_SECONDS)"))


@contextmanager
def warnings_as_errors(what: str):
    """WeasyPrint only logs a font it cannot load or a resource it cannot fetch; we fail. Its
    debug records are collected for the reasons of its errors, and kept from other loggers."""
    handler = _Collect()
    logger = logging.getLogger("weasyprint")
    level, propagate = logger.level, logger.propagate
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    logger.propagate = False
    try:
        yield
    except FatalURLFetchingError as error:
        raise RenderError(f"{what}: {error}: {reason(error.__cause__)}") from None
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
        logger.propagate = propagate
    if handler.messages:
        raise RenderError(f"{what}: " + "; ".join(dict.fromkeys(handler.messages)))


def layout_file_of(html: str, what: str) -> str:
    """The layout a document comes from, as messages name it: the file of its first element."""
    mark = FIRST_MARK.search(html)
    return mark.group(1) if mark else what


class Renderer:
    """Lays out HTML from the project with the project's fonts and nothing else. Each document
    takes the font configuration holding exactly the faces it registers (pnp/render/
    shared_fonts.py). Used as a context manager: at its end, the folders WeasyPrint copied the
    fonts of the renderer's own configurations into are removed."""

    def __init__(self, project: Project):
        os.environ.setdefault("SOURCE_DATE_EPOCH", FONT_TIMESTAMP)
        Image.MAX_IMAGE_PIXELS = MAX_IMAGE_PIXELS          # larger images raise, not warn
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        self.project = project
        self.fetcher = ProjectFetcher(project.root, project.layouts / "icons")
        self.own_fonts: dict = {}                  # configurations without a build's render inputs
        self.layout_file: str | None = None       # of the document laid out last, for `pdf`

    def __enter__(self) -> "Renderer":
        return self

    def __exit__(self, *exception) -> None:
        while self.own_fonts:
            remove_folder(self.own_fonts.popitem()[1])

    def check(self, html: str, layout_file: str) -> None:
        """The checks `pnp check` makes on a document, made again on what is typeset."""
        try:
            check_document(html, layout_file, self.project.root)
        except TemplateLimit as error:
            raise DataError([error.problem(error.file or layout_file, error.lineno,
                                           "a document the typesetter can lay out within pnp's limits")]) from None

    def layout(self, html: str, what: str, layout_file: str | None = None, tagged: bool = False):
        """The laid-out document; `layout_file` names it in messages (by default the layout
        of its first element). `tagged`: for a PDF/UA document (pnp/render/pdf_tags.py)."""
        layout_file = self.layout_file = layout_file or layout_file_of(html, what)
        self.check(html, layout_file)
        count_layout()
        doing = f"typesetting {what}"
        fonts = DocumentFonts(self.project.root, self.own_fonts)
        try:
            with (stage(layout_file, doing, RENDER_SECONDS, "RENDER_SECONDS"),
                  warnings_as_errors(f"{layout_file}, {doing}"), time_limit(layout_file, doing)):
                options = {"pdf_variant": PDF_VARIANT} if tagged else {}
                return HTML(string=html, base_url=PAGE_BASE,
                            url_fetcher=self.fetcher).render(font_config=fonts, **options)
        except RecursionError:
            fonts.failed()
            raise RenderError(f"{layout_file}, {doing}: its styles nest past what the typesetter can follow (a "
                              "custom property defined by another, by another... hundreds deep); use fewer "
                              "var() inside one another") from None
        except BaseException:
            fonts.failed()
            raise

    def pdf(self, document, what: str, layout_file: str | None = None, tagged: bool = False) -> bytes:
        """The PDF of a laid-out document (named in messages as `layout` named it); `tagged`:
        PDF/UA-1, each card drawn in it one described figure."""
        layout_file, doing = layout_file or self.layout_file or what, f"writing {what}"
        with (stage(layout_file, doing, RENDER_SECONDS, "RENDER_SECONDS"),
              warnings_as_errors(f"{layout_file}, {doing}"), time_limit(layout_file, doing)):
            if not tagged:
                return document.write_pdf()
            with described_figures():
                return document.write_pdf(pdf_variant=PDF_VARIANT)
