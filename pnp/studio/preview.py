"""One card rendered as the build renders it (its deck's layouts, the page cache, the layout
checks), rasterised for the studio: the face and the back with their bleed, and every finding
(overlap, frame, contrast, fit, fallback font, colour-blind) with the rectangle it is at and the
layout or data FILE:LINE it comes from. A card whose data is refused is not rendered: its
problems are the answer."""

import hashlib
import io
import time
from collections import OrderedDict
from dataclasses import dataclass, field, replace

from pnp.data.game import Deck, Game
from pnp.errors import DataError, PnpError
from pnp.project import Project
from pnp.studio.grid import deck_file, error_words, problem_words, row_card

PREVIEW_DPI = 200            # a poker card's face is about 540 px wide: sharp at twice the screen's size
MM_PER_INCH = 25.4


@dataclass
class Preview:
    sides: list = field(default_factory=list)       # (name, PNG bytes)
    findings: list = field(default_factory=list)    # what the checks found, with where
    problems: list = field(default_factory=list)    # what keeps the card from rendering
    seconds: float = 0.0

    def as_json(self, image_url) -> dict:
        return {"sides": [{"side": name, "url": image_url(png)} for name, png in self.sides],
                "findings": self.findings, "problems": self.problems, "rendered": bool(self.sides),
                "seconds": round(self.seconds, 3)}


KEPT_PICTURES = 32               # PDFs rasterised lately (a deck's shared back, a card clicked again)
_pictures: OrderedDict = OrderedDict()


def rasterised(pdf: bytes, dpi: int = PREVIEW_DPI) -> list[bytes]:
    """Each page of the PDF as a PNG, its media box (trim and bleed) whole; the same PDF again
    (a back the whole deck shares) is not rasterised again."""
    key = (hashlib.sha256(pdf).digest(), dpi)
    if key not in _pictures:
        _pictures[key] = _rasterised(pdf, dpi)
        while len(_pictures) > KEPT_PICTURES:
            _pictures.popitem(last=False)
    _pictures.move_to_end(key)
    return _pictures[key]


def _rasterised(pdf: bytes, dpi: int) -> list[bytes]:
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        pictures = []
        for page in document:
            image = page.render(scale=dpi / 72, may_draw_forms=True).to_pil()
            out = io.BytesIO()
            image.convert("RGB").save(out, format="PNG", compress_level=1)
            pictures.append(out.getvalue())
            page.close()
        return pictures
    finally:
        document.close()


def _finding(finding, number: int) -> dict:
    shown = {"kind": finding.kind, "at": finding.at, "message": finding.message, "page": finding.page,
             "rect": [round(value, 2) for value in finding.rect], "side": "back" if finding.page >= 1 else "face",
             "row": None, "column": None}
    if finding.problem is not None:
        words = problem_words(finding.problem)
        shown.update(at=words["at"], message=words["text"], row=number)
    return shown


def card_preview(project: Project, game: Game, deck: Deck, number: int, context=None,
                 dpi: int = PREVIEW_DPI) -> Preview:
    """Row `number` of the deck rendered alone (its first copy): the pictures and the findings,
    or the problems that keep it from rendering."""
    from pnp.render.cards import render_deck
    from pnp.render.page_checks import collecting

    start = time.perf_counter()
    preview = Preview()
    try:
        loaded, row = row_card(project, game, deck, number)
    except DataError as error:
        preview.problems = error_words(error)
        preview.seconds = time.perf_counter() - start
        return preview
    shown = str(project.relative(deck_file(project, game, deck)))
    # A back shared by the whole deck is laid out on its own: it does not change with the card,
    # so the page cache answers it, and an edit lays out the face alone.
    shared_back = deck.backs and not deck.per_card_back
    documents = [(replace(deck, backs=False), loaded.cards, 0), (deck, [], 1)] if shared_back \
        else [(deck, loaded.cards, 0)]
    try:
        for shown_deck, cards, first_page in documents:
            with collecting() as checked:
                pdf = render_deck(project, game, shown_deck, cards, shown, context, loaded.located)
            names = ("face", "back")[first_page:]
            preview.sides += list(zip(names, rasterised(pdf, dpi)))
            preview.findings += [_finding(replace(finding, page=finding.page + first_page), number)
                                 for document in checked for _, finding in document.found]
    except PnpError as error:
        preview.problems = error_words(error, shown)
        preview.sides = []
    preview.seconds = time.perf_counter() - start
    return preview

