"""Card pages: one WeasyPrint document per deck, every face then the back, with bleed."""

import logging
import os
from contextlib import contextmanager

from markupsafe import Markup
from weasyprint import HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import FatalURLFetchingError

from pnp.errors import RenderError
from pnp.games.base import Deck, Game
from pnp.project import Project
from pnp.render.fetcher import ProjectFetcher
from pnp.render.fitting import FitState, overflows
from pnp.render.templates import environment

MAX_FIT_PASSES = 8
# Performance advice, not a fault in the output: subsetting falls back to fontTools.
HARMLESS_WARNINGS = ("Using fontTools instead of HarfBuzz-Subset",)
DOCUMENT_TEMPLATE = "deck.html"


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


@contextmanager
def _warnings_as_errors(what: str):
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


def _card_label(card) -> str:
    return getattr(card, "id", None) or getattr(card, "name", "?")


def render_deck(project: Project, game: Game, deck: Deck, cards: list,
                source_file: str = "") -> bytes:
    """A PDF of len(cards) + 1 card-sized pages: each face in order, then the deck's back.

    Each page is trim plus bleed (MediaBox/BleedBox) with the TrimBox set by WeasyPrint.
    """
    os.environ.setdefault("SOURCE_DATE_EPOCH", FONT_TIMESTAMP)
    env = environment(project.layouts, game.inline_icons)
    document = env.get_template(DOCUMENT_TEMPLATE)
    face = env.get_template(deck.face)
    back = env.get_template(deck.back)
    fetcher = ProjectFetcher(project.root, project.layouts / "icons")
    fonts = FontConfiguration()
    state = FitState()
    what = f"{deck.title} ({source_file or deck.source})"

    for _ in range(MAX_FIT_PASSES):
        # Each page is the output of an autoescaping template, so it is safe markup.
        pages = [Markup(face.render(card=card, deck=deck, game=game, fit=state.sizer(index)))
                 for index, card in enumerate(cards)]
        pages.append(Markup(back.render(deck=deck, game=game, fit=state.sizer(len(cards)))))
        html = document.render(pages=pages, deck=deck, game=game, stylesheet=game.stylesheet)
        with _warnings_as_errors(what):
            rendered = HTML(string=html, base_url=str(project.root) + "/",
                            url_fetcher=fetcher).render(font_config=fonts)
        if len(rendered.pages) != len(pages):
            raise RenderError(f"{what}: the layout made {len(rendered.pages)} pages for "
                              f"{len(pages)} cards; a card spills onto a second page")
        stuck = []
        shrunk = False
        for index, page in enumerate(rendered.pages):
            for name, ratio in overflows(page):
                if state.shrink(index, name, ratio):
                    shrunk = True
                else:
                    who = _card_label(cards[index]) if index < len(cards) else "the back"
                    stuck.append(f"card {who}: its {name} text does not fit even at "
                                 f"{state.limits[(index, name)][1]}pt")
        if stuck:
            raise RenderError(f"{what}: " + "; ".join(stuck) + ". Shorten the text")
        if not shrunk:
            with _warnings_as_errors(what):
                return rendered.write_pdf()
    raise RenderError(f"{what}: text fitting did not settle in {MAX_FIT_PASSES} passes")
