"""Card pages: one WeasyPrint document per deck, every face then the back, with bleed."""

import re

from markupsafe import Markup

from pnp.data.game import Deck, Game
from pnp.errors import DataError, Problem, RenderError
from pnp.project import Project
from pnp.render.box_tree import descendants
from pnp.render.cache import RenderCache
from pnp.render.fitting import FitState, overflows
from pnp.render.audit import Finding
from pnp.render.page_checks import PageLabel, collecting_now, page_findings, settle
from pnp.render.templates.environments import DOCUMENT_TEMPLATE
from pnp.render.templates import card_view, deck_view, environment, game_view, limit_problem, plain_view, render

MAX_FIT_PASSES = 8


def _card_label(card) -> str:
    return getattr(card, "id", None) or getattr(card, "name", "?")


def side_starts(document) -> list[int]:
    """The pages on which a card side starts (layouts/deck.html: one `.page` a side): a page
    that goes on with the side before it (its `.page` again, or a box cut from it that WeasyPrint
    set on a page of its own, outside any `.page`) is a spill, not a side."""
    starts, before = [], None
    for index, page in enumerate(document.pages):
        side = _side_element(page._page_box)
        if index == 0 or (side is not None and side is not before):
            starts.append(index)
        before = side if side is not None else before
    return starts


def _side_element(page_box):
    return next((box.element for box in descendants(page_box) if getattr(box, "element_tag", None) == "div"
                 and "page" in (box.element.get("class") or "").split()), None)


def _page_labels(deck: Deck, cards: list) -> list[PageLabel]:
    """Each page of a deck's document in a designer's words: faces, then backs."""
    faces = [PageLabel(f"{deck.title} '{_card_label(card)}' face", deck.shape, f"the faces of {deck.title}",
                       f"'{_card_label(card)}'") for card in cards]
    if not deck.backs:
        return faces
    backs = ([PageLabel(f"{deck.title} '{_card_label(card)}' back", deck.shape, f"the backs of {deck.title}",
                        f"'{_card_label(card)}'") for card in cards]
             if deck.per_card_back else [PageLabel(f"{deck.title} back", deck.shape)])
    return faces + backs


def _unfit(deck: Deck, cards: list, index: int, box: str, floor: float, located, file: str) -> Problem:
    """Text that does not fit even at its floor: the card's line in its data file."""
    card_index = index if index < len(cards) else index - len(cards)
    back = index >= len(cards)
    if located is not None and not (back and not deck.per_card_back):
        path = (card_index, box) if box in type(cards[card_index]).model_fields else (card_index,)
        where, field = located.line_of(path), located.field_name(path)
    else:
        where, field = None, "the back" if back else f"card {_card_label(cards[card_index])}"
    side = "back" if back else "face"
    return Problem(located.file if located is not None else file, where, field,
                   f"text that fits its '{box}' box on the {side} at {floor:g}pt or more",
                   "text that overflows it even at the smallest size the layout allows",
                   "Shorten the text, or give the box more room in the layout")


def _card_pages(face, back, views, deck, shown_deck, shown_game, state, extra) -> list:
    # Each page is the output of an autoescaping template, so it is safe markup.
    pages = [Markup(render(face, card=card, deck=shown_deck, game=shown_game, fit=state.sizer(index), **extra))
             for index, card in enumerate(views)]
    backs = (views if deck.per_card_back else [None]) if back is not None else []
    pages += [Markup(render(back, card=card, deck=shown_deck, game=shown_game, fit=state.sizer(len(views) + i),
                            **extra)) for i, card in enumerate(backs)]
    return pages


CARRIED = re.compile(r"counter-(?:increment|reset|set)|string-set|target-(?:counters?|text)|(?:open|close)-quote",
                     re.IGNORECASE)


def _carried_between_cards(html: str, root) -> bool:
    """Whether the deck's styles (its stylesheets, <style> elements and style attributes) may
    carry something from one card's page to the next, so that a card laid out without the
    cards before it would print otherwise."""
    from pnp.render.stylesheet_check import document_sheets

    return bool(CARRIED.search(html)) or any(CARRIED.search(sheet.css) for sheet in document_sheets(html, root))


def render_deck(project: Project, game: Game, deck: Deck, cards: list,
                source_file: str = "", context: dict | None = None, located=None) -> bytes:
    """A PDF of card-sized pages: each face in order, then the deck's back (or, for a deck
    with a back per card, each card's back in order). `context` is extra data for the
    layouts, such as the engine's tables.

    Each page is trim plus bleed (MediaBox/BleedBox) with the TrimBox set by WeasyPrint.
    """
    what = f"{deck.title} ({source_file or deck.source})"
    env = environment(project.layouts, game.inline_icons)
    try:
        document, face = (env.get_template(name) for name in (DOCUMENT_TEMPLATE, deck.face))
        back = env.get_template(deck.back) if deck.backs else None
    except Exception as error:          # a missing or broken layout: FILE:LINE, never a traceback
        raise limit_problem(error, project.layouts, what) from None
    cache = RenderCache(project.root)
    state = FitState()

    extra = plain_view(context or {})
    views = [card_view(card, game) for card in cards]
    shown_deck, shown_game = deck_view(deck), game_view(game)

    def deck_html(pages: list) -> str:
        try:
            return render(document, pages=pages, deck=shown_deck, game=shown_game, stylesheet=game.stylesheet)
        except Exception as error:      # a template fault or limit: FILE:LINE, never a traceback
            raise limit_problem(error, project.layouts, what) from None

    def card_pages() -> list:
        try:
            return _card_pages(face, back, views, deck, shown_deck, shown_game, state, extra)
        except Exception as error:
            raise limit_problem(error, project.layouts, what) from None

    html = deck_html(card_pages())      # at the layout's sizes: it decides everything after it
    key = cache.key(f"deck:{deck.key}", html)
    cached = cache.get(key)
    if cached is not None:
        settle(what, cached, _page_labels(deck, cards), [])
        return cached
    # WeasyPrint loads only when something must be rendered.
    from pnp.render.weasy import Renderer

    with Renderer(project) as renderer:
        expected = len(cards) + ((len(cards) if deck.per_card_back else 1) if deck.backs else 0)

        def laid_out(html: str):
            document = renderer.layout(html, what, f"layouts/{deck.face}")
            if len(document.pages) != expected:
                starts = side_starts(document)
                if len(starts) != expected:
                    raise RenderError(f"{what}: the layout made {len(document.pages)} pages for "
                                      f"{expected} card sides; a card spills onto a second page")
                # A side whose text ran onto a page of its own: that page is dropped, and the side
                # is told as text that does not fit (pnp.render.fitting.overflows), so it shrinks.
                document = document.copy([document.pages[index] for index in starts])
            return document

        labels = _page_labels(deck, cards)
        unfit: list = []               # a proof's: text at its floor that still overflows, outlined

        def shrunk_of(document, indices) -> set:
            """The sides among `indices` whose text overflowed and was shrunk; a side already at
            its floor is refused, with every other one (a proof keeps it, outlined)."""
            shrunk, stuck = set(), []
            for index in indices:
                for name, ratio, box in overflows(document.pages[index]):
                    if state.shrink(index, name, ratio):
                        shrunk.add(index)
                        continue
                    floor = state.limits[(index, name)][1]
                    problem = _unfit(deck, cards, index, name, floor, located, source_file or deck.source)
                    stuck.append(problem)
                    at = f"{problem.file}:{problem.line}" if problem.line else str(problem.file)
                    unfit.append((labels[index], Finding(
                        "overflows", at, f"overflows its box even at {floor:g} pt, the smallest the layout allows",
                        f"'{name}' on {labels[index].name}", "", box, index, problem)))
            if stuck and not collecting_now():
                raise DataError(stuck)
            return shrunk

        whole = laid_out(html)
        sides = list(whole.pages)
        shrinking = shrunk_of(whole, range(expected))
        alone = None                   # whether a side may be laid out without the cards before it
        for _ in range(MAX_FIT_PASSES - 1):
            if not shrinking:
                break
            if alone is None:          # the deck's stylesheets read only when a side shrank
                alone = not _carried_between_cards(html, project.root)
            # Only the sides that shrank are laid out again, in place among empty pages (each side
            # is measured on its own page, so the others are as the whole deck's pass left them),
            # unless the styles carry something from card to card (a counter, a running string).
            again = laid_out(deck_html([page if index in shrinking or not alone else Markup("")
                                        for index, page in enumerate(card_pages())]))
            for index in shrinking:
                sides[index] = again.pages[index]
            shrinking = shrunk_of(again, sorted(shrinking))
        if shrinking:
            raise RenderError(f"{what}: text fitting did not settle in {MAX_FIT_PASSES} passes")
        rendered = whole.copy(sides)
        pdf = renderer.pdf(rendered, what, f"layouts/{deck.face}")
        if settle(what, pdf, labels, unfit + page_findings(rendered, labels, project, pdf)):
            cache.put(key, pdf)
    return pdf
