"""`pnp build`'s pieces: a deck's print sheets (cards imposed with marks and backs), the check
before print (pnp/editions.py builds games on papers from them).

Nothing is written until every file has rendered, so bad input leaves no output behind.
"""

import math

from pnp.check import check_game
from pnp.data.decks import LoadedDeck
from pnp.errors import CheckFailed, DataError, Problem, plural
from pnp.data.game import Game
from pnp.project import Project
from pnp.render.impose import impose
from pnp.render.marks import draw_sheet_marks, label_font_file
from pnp.render.papers import paper_name
from pnp.render.sheet_layout import PaperTooSmall, SheetLayout, Slot, page_offset, sheet_layout
from pnp.render.words import page_labels, sheet_words

def sheet_labels(game: Game, deck_title: str, sheets: int, duplex: str,
                 offset_mm: tuple[float, float] = (0.0, 0.0), circles: bool = False) -> list[str]:
    """Each page's label, in the language the game prints in."""
    return page_labels(f"{game.title} · {deck_title}", sheets, duplex, game.language, offset_mm, circles, game.words)


def _folded_deck(project: Project, game: Game, loaded: LoadedDeck, paper: str, cards_pdf: bytes) -> tuple[bytes, int]:
    """Face and back side by side on one-sided sheets, a fold line between them."""
    from pnp.render.impose import impose_folded

    deck = loaded.deck
    layout = deck_layout(game, deck, paper, 2 * deck.width_mm)
    sheets = math.ceil(len(loaded.cards) / layout.per_sheet)
    circles = deck.shape == "circle"
    labels = sheet_labels(game, deck.title, sheets, "fold", circles=circles)
    pairs = [layout.face_slots()[:min(layout.per_sheet, len(loaded.cards) - sheet * layout.per_sheet)]
             for sheet in range(sheets)]
    if circles:
        halves = [[Slot(s.row, s.column, s.x + side * deck.width_mm, s.y, deck.width_mm, s.height, s.clip)
                   for s in page for side in (0, 1)] for page in pairs]
        marks = draw_sheet_marks(layout, labels, label_font_file(project), "circle", halves,
                                 scale_text=sheet_words(game.language, game.words)["scale"])
        require_cuttable(game, deck, marks, halves, cards_pdf)
    else:
        marks = draw_sheet_marks(layout, labels, label_font_file(project), "rect", pairs, side_fold_mm=deck.width_mm,
                                 scale_text=sheet_words(game.language, game.words)["scale"])
        require_cuttable(game, deck, marks, pairs, cards_pdf)
    return impose_folded(cards_pdf, marks, layout, deck.width_mm, deck.per_card_back), len(labels)


def require_cuttable(game: Game, deck, marks: bytes, slots_per_page: list, cards_pdf: bytes) -> None:
    """Every piece on the sheets has crop marks on each edge; a round one's cut line shows
    against its edge (pnp/render/cut_checks.py): otherwise the deck is refused (exit 2)."""
    from pnp.render.cut_checks import cut_findings, edge_colours

    edges = edge_colours(cards_pdf) if deck.shape == "circle" else None
    found = cut_findings(marks, slots_per_page, deck.shape, edges)
    if found:
        raise DataError([Problem(f"card_data/{game.key}/game.yaml", deck.declared_at, f"{deck.key}: crop marks",
                                 "pieces that can be cut: crop marks on every edge of each, and a round piece's "
                                 "cut line at 3:1 or more against its edge colour", message,
                                 "Give the pieces room on the sheet (a smaller card or a larger --paper), or a "
                                 "ground the cut line shows on") for message in found])


def deck_layout(game: Game, deck, paper: str, width_mm: float) -> SheetLayout:
    """The deck's sheet on the paper; a card too large for it is the deck declaration's problem."""
    try:
        return sheet_layout(paper, width_mm, deck.height_mm, deck.bleed_mm, deck.shape == "circle")
    except PaperTooSmall:
        raise DataError([Problem(f"card_data/{game.key}/game.yaml", deck.declared_at, f"{deck.key}: size",
                                 f"a card that fits on {paper_name(paper)} paper with its crop marks and label",
                                 f"{width_mm:g} x {deck.height_mm:g} mm",
                                 "Print on a larger --paper, or make the card smaller")]) from None


def render_cards(project: Project, game: Game, loaded: LoadedDeck, context: dict | None = None) -> bytes:
    """The deck's card pages (each face, then the back or backs), the same for every paper."""
    from pnp.render.cards import render_deck

    return render_deck(project, game, loaded.deck, loaded.cards, str(loaded.located.file), context, loaded.located)


def build_deck(project: Project, game: Game, loaded: LoadedDeck, paper: str,
               duplex: str, context: dict | None = None,
               back_offset_mm: tuple[float, float] = (0.0, 0.0), cards_pdf: bytes | None = None) -> tuple[bytes, int]:
    """The deck's print sheets as one PDF, and its page count. `context` carries the engine's
    tables for decks that print them; `back_offset_mm` moves every back page (duplex);
    `cards_pdf` is the deck's card pages when already rendered (for another paper)."""
    deck = loaded.deck
    duplex = duplex if deck.backs else "none"          # one-sided pieces print fronts only
    if cards_pdf is None:
        cards_pdf = render_cards(project, game, loaded, context)
    if duplex == "fold":
        return _folded_deck(project, game, loaded, paper, cards_pdf)
    layout = deck_layout(game, deck, paper, deck.width_mm)
    sheets = math.ceil(len(loaded.cards) / layout.per_sheet)
    labels = sheet_labels(game, deck.title, sheets, duplex, back_offset_mm)
    slots = []
    for sheet in range(sheets):
        count = min(layout.per_sheet, len(loaded.cards) - sheet * layout.per_sheet)
        slots.append(layout.face_slots()[:count])
        if duplex != "none":
            slots.append(layout.back_slots(duplex)[:count])
    font = label_font_file(project)
    folds = [deck.fold_lines_mm if page % (1 if duplex == "none" else 2) == 0 else () for page in range(len(slots))]
    marks = draw_sheet_marks(layout, labels, font, deck.shape, slots, folds,
                             scale_text=sheet_words(game.language, game.words)["scale"])
    require_cuttable(game, deck, marks, slots, cards_pdf)
    return (impose(cards_pdf, marks, layout, duplex, deck.per_card_back, deck.backs,
                   page_offset(layout, back_offset_mm)), len(labels))


def check_before_build(project: Project, game: Game, force: bool, loaded: list | None = None,
                       rendering: str | None = None, chapters: bool = True) -> tuple[dict | None, list[str]]:
    """Card data, layouts and worked examples are checked before anything prints.

    A problem in the input stops the build (exit 2); an example the engine disagrees with
    stops it too (exit 1) unless --force, which builds with the engine's numbers and says so.
    Returns the engine's results for the rulebook and what --force let through. `chapters`
    False: the build's rulebook task checks the chapters as it renders them.
    """
    report = check_game(project, game, loaded=loaded, languages=(game.language,),
                        complete_in=() if force else (game.language,), rendering=rendering, chapters=chapters)
    if report.problems:
        raise DataError(report.problems)
    if report.mismatches and not force:
        raise CheckFailed([str(m) for m in report.mismatches])
    skipped = []
    if force and game.language != game.source_language:
        from pnp.i18n.checks import missing_words

        missing = missing_words(project, game, game.language)
        if missing:
            skipped.append(f"the {game.language} edition prints the source words where a translation is missing:")
            skipped += [f"  {line}" for line in missing]
    if report.mismatches:
        skipped.append(f"{plural(len(report.mismatches), 'worked example')} "
                       f"{'disagrees' if len(report.mismatches) == 1 else 'disagree'} with the engine; "
                       "the rulebook prints the engine's numbers:")
        skipped += [f"  {m}" for m in report.mismatches]
    return report.results, skipped
