"""The one place WeasyPrint runs: confined to the project, warnings made errors, text fit checked."""

import logging
import os
import warnings
from contextlib import contextmanager

from PIL import Image

from weasyprint import HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import FatalURLFetchingError

from pnp.clock import wall_clock
from pnp.errors import RenderError
from pnp.limits import MAX_IMAGE_PIXELS, RENDER_SECONDS
from pnp.project import Project
from pnp.render.cache import count_layout
from pnp.render.fetcher import ProjectFetcher

# Performance advice, not a fault in the output: subsetting falls back to fontTools.
HARMLESS_WARNINGS = ("Using fontTools instead of HarfBuzz-Subset",)
# fontTools stamps each font subset with the time unless SOURCE_DATE_EPOCH is set; a fixed
# stamp keeps two builds of the same inputs byte-identical.
FONT_TIMESTAMP = "946684800"


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record):
        message = record.getMessage()
        if not message.startswith(HARMLESS_WARNINGS):
            self.messages.append(message)


def time_limit(what: str):
    """Stop a layout that runs past RENDER_SECONDS."""
    return wall_clock(RENDER_SECONDS, lambda: RenderError(
        f"{what}: the typesetter ran longer than {RENDER_SECONDS} s (RENDER_SECONDS)"))


@contextmanager
def warnings_as_errors(what: str):
    """WeasyPrint only logs a font it cannot load or a resource it cannot fetch; we fail."""
    handler = _Collect()
    logger = logging.getLogger("weasyprint")
    logger.addHandler(handler)
    try:
        yield
    except FatalURLFetchingError as error:
        raise RenderError(f"{what}: {error}: {error.__cause__}") from None
    finally:
        logger.removeHandler(handler)
    if handler.messages:
        raise RenderError(f"{what}: " + "; ".join(dict.fromkeys(handler.messages)))


class Renderer:
    """Lays out HTML from the project with the project's fonts and nothing else."""

    def __init__(self, project: Project):
        os.environ.setdefault("SOURCE_DATE_EPOCH", FONT_TIMESTAMP)
        Image.MAX_IMAGE_PIXELS = MAX_IMAGE_PIXELS          # larger images raise, not warn
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        self.project = project
        self.fetcher = ProjectFetcher(project.root, project.layouts / "icons")
        self.fonts = FontConfiguration()

    def layout(self, html: str, what: str):
        count_layout()
        with warnings_as_errors(what), time_limit(what):
            return HTML(string=html, base_url=str(self.project.root) + "/",
                        url_fetcher=self.fetcher).render(font_config=self.fonts)

    @staticmethod
    def pdf(document, what: str) -> bytes:
        with warnings_as_errors(what), time_limit(what):
            return document.write_pdf()
