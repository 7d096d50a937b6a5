"""`pnp proof`: every card, board and rulebook page of a game once, each layout finding outlined
in red and numbered, its line written beside the piece, so that a designer sees them at a glance.

The pieces are rendered as the build renders them (pnp/render/page_checks.py keeps them instead
of refusing them); each is placed on the proof page as a form (its own vector drawing, scaled
down only when it does not fit), with the notes drawn by ReportLab over it.
"""

import io
from dataclasses import dataclass

import pikepdf
from reportlab.lib.utils import simpleSplit

from pnp.data.decks import load_game
from pnp.games import get_game
from pnp.project import Project
from pnp.render.marks import label_font, label_font_file, new_canvas
from pnp.render.page_checks import Checked, collecting, findings_as_problems
from pnp.render.papers import paper_size
from pnp.render.sheet_layout import MM

MARGIN_MM = 10.0
NOTES_MM = 72.0
GAP_MM = 5.0
LABEL_MM = 6.0
NOTE_PT = 6.5
LABEL_PT = 8.0
OUTLINE_PT = 0.8
OUTLINE_GROW_MM = 0.4
RED = (0.86, 0.05, 0.05)


@dataclass
class Proof:
    pdf: bytes
    pieces: int
    problems: list


@dataclass(frozen=True)
class _Placed:
    document: int
    page: int
    x: float            # bottom-left of the piece's media box on the proof page, in points
    y: float
    scale: float


def render_pieces(project: Project, game, loaded: list, paper: str, results: dict | None = None,
                  rulebook: bool = True) -> list[Checked]:
    """Every deck, board and the rulebook (unless not `rulebook`) rendered as the build renders
    them, each kept with its findings (none refused); `results` are the worked examples' (computed
    when not given)."""
    from pnp.check import example_results
    from pnp.render.boards import render_board
    from pnp.render.cards import render_deck
    from pnp.rulebook.typeset import render_rulebook

    with collecting() as documents:
        context = None
        for deck in loaded:
            if deck.deck.uses_rules and context is None:
                context = game.deck_context(loaded)
            render_deck(project, game, deck.deck, deck.cards, str(deck.located.file),
                        context if deck.deck.uses_rules else None, deck.located)
        for board in game.boards:
            render_board(project, game, board)
        if rulebook and (project.card_data / game.key / "rulebook").is_dir():
            render_rulebook(project, game, loaded, results if results is not None
                            else example_results(project, game, loaded), paper)
    return documents


def _notes(checked: Checked, page: int) -> list:
    return [finding for label, finding in checked.found if finding.page == page]


def make_proof(project: Project, game_key: str, paper: str, language: str | None = None,
               ink_saver: bool = False) -> Proof:
    game = get_game(project, game_key).in_language(language).with_all_modules().printed_light(ink_saver)
    documents = render_pieces(project, game, load_game(project, game), paper)
    sources = [pikepdf.open(io.BytesIO(d.pdf)) for d in documents]
    width, height = (side * MM for side in paper_size(paper))
    font = label_font(label_font_file(project))
    out = io.BytesIO()
    canvas = new_canvas(out, (width, height), font)
    canvas.setTitle(f"Proof: {game.title}")
    placed_per_page: list[list[_Placed]] = [[]]
    area_w = width - 2 * MARGIN_MM * MM - NOTES_MM * MM - GAP_MM * MM
    top = height - MARGIN_MM * MM
    y = top
    pieces = 0
    for d_index, (checked, source) in enumerate(zip(documents, sources)):
        shown: set = set()
        for p_index, page in enumerate(source.pages):
            name = checked.labels[p_index].name if p_index < len(checked.labels) else None
            if name is not None and name in shown and not _notes(checked, p_index):
                continue                      # a copy of a card already shown (a count above 1)
            shown.add(name)
            media = [float(v) for v in page.mediabox]
            trim = [float(v) for v in page.get("/TrimBox", page.mediabox)]
            page_w, page_h = media[2] - media[0], media[3] - media[1]
            scale = min(1.0, area_w / page_w, (top - MARGIN_MM * MM - LABEL_MM * MM) / page_h)
            needed = page_h * scale + LABEL_MM * MM
            if y - needed < MARGIN_MM * MM and y < top:
                canvas.showPage()
                placed_per_page.append([])
                y = top
            label = checked.labels[p_index].name if p_index < len(checked.labels) else f"{checked.what} {p_index + 1}"
            canvas.setFont(font, LABEL_PT)
            canvas.setFillColorRGB(0, 0, 0)
            canvas.drawString(MARGIN_MM * MM, y - LABEL_PT, label)
            x0, y0 = MARGIN_MM * MM, y - needed
            placed_per_page[-1].append(_Placed(d_index, p_index, x0, y0, scale))
            lowest = _outline(canvas, font, checked, p_index, media, trim, x0, y0, scale, y - LABEL_MM * MM, width)
            y = min(y - needed, lowest) - GAP_MM * MM
            pieces += 1
    canvas.showPage()
    canvas.save()
    proof = pikepdf.open(io.BytesIO(out.getvalue()))
    for page, placed in zip(proof.pages, placed_per_page):
        for item in placed:
            source_page = sources[item.document].pages[item.page]
            source_page.trimbox = source_page.mediabox      # the form shows the bleed too
            media = [float(v) for v in source_page.mediabox]
            w, h = (media[2] - media[0]) * item.scale, (media[3] - media[1]) * item.scale
            page.add_underlay(proof.copy_foreign(source_page.as_form_xobject()),
                              pikepdf.Rectangle(item.x, item.y, item.x + w, item.y + h))
    written = io.BytesIO()
    proof.save(written, deterministic_id=True)
    problems = findings_as_problems([pair for checked in documents for pair in checked.found])
    return Proof(written.getvalue(), pieces, problems)


def _outline(canvas, font, checked: Checked, page: int, media, trim, x0: float, y0: float, scale: float,
             notes_top: float, width: float) -> float:
    """Red boxes round each finding on the piece, numbered, and the numbered notes beside it;
    returns how far down the notes reach."""
    findings = _notes(checked, page)
    if not findings:
        return notes_top
    bleed_left, bleed_top = trim[0] - media[0], media[3] - trim[3]
    page_h = media[3] - media[1]
    notes_x = width - MARGIN_MM * MM - NOTES_MM * MM
    text_y = lowest = notes_top
    canvas.setLineWidth(OUTLINE_PT)
    for number, finding in enumerate(findings, 1):
        fx0, fy0, fx1, fy1 = finding.rect
        grow = OUTLINE_GROW_MM
        left = x0 + (bleed_left + (fx0 - grow) * MM) * scale
        right = x0 + (bleed_left + (fx1 + grow) * MM) * scale
        upper = y0 + (page_h - bleed_top - (fy0 - grow) * MM) * scale
        lower = y0 + (page_h - bleed_top - (fy1 + grow) * MM) * scale
        canvas.setStrokeColorRGB(*RED)
        canvas.rect(left, lower, right - left, upper - lower, stroke=1, fill=0)
        canvas.setFillColorRGB(*RED)
        canvas.setFont(font, NOTE_PT)
        canvas.drawString(right + 0.5 * MM, upper - NOTE_PT * 0.8, str(number))
        note = f"{number}. {finding.at}: {finding.kind}: {finding.message}"
        canvas.setFillColorRGB(0.55, 0, 0)
        if text_y is None:                    # the column is full: outlines only
            continue
        lines = simpleSplit(note, font, NOTE_PT, NOTES_MM * MM)
        if text_y - NOTE_PT * 1.2 * (len(lines) + 1) < MARGIN_MM * MM:
            canvas.drawString(notes_x, text_y - NOTE_PT, f"… and {len(findings) - number + 1} more: pnp build lists them")
            lowest, text_y = text_y - NOTE_PT * 1.2, None
            continue
        for line in lines:
            canvas.drawString(notes_x, text_y - NOTE_PT, line)
            text_y -= NOTE_PT * 1.2
        text_y -= NOTE_PT * 0.4
        lowest = text_y
    return lowest
