"""`pnp proof GAME --cmyk PROFILE`: every card, token and board of a game once, as the screen
shows it beside how the press will print it (the soft proof, pnp.press.softproof), the areas out
of the press's gamut outlined, the colours that shift most listed with their dE00, and the
contrast and colour-blind checks run again on the printed colours.

The pieces are rendered as the build renders them, with the page cache off (the layout checks
read every page) and the printed colours set for them (pnp.render.print_colours).
"""

import io
from dataclasses import dataclass

import pypdfium2 as pdfium
from PIL import Image
from reportlab.lib.utils import ImageReader, simpleSplit

from pnp.data.decks import load_game
from pnp.games import get_game
from pnp.press.ghostscript import INTENT_WORDS
from pnp.press.profiles import PressProfile
from pnp.press.softproof import (OUT_OF_GAMUT_DELTA_E, ColourShift, SoftProof, delta_e_map, gamut_outline,
                                 largest_shifts)
from pnp.project import Project
from pnp.render.colours import MIN_COLOUR_BLIND_DELTA_E, colour_blind_clashes, hex_colour, hex_rgb
from pnp.render.marks import label_font, label_font_file, new_canvas
from pnp.render.page_checks import findings_as_problems
from pnp.render.papers import paper_size
from pnp.render.print_colours import PrintColours, proofing
from pnp.render.sheet_layout import MM

PROOF_DPI = 150
MAX_PROOF_PIXELS = 1_500_000        # a board is proofed at a lower resolution than a card
MARGIN_MM = 10.0
GAP_MM = 4.0
LABEL_PT = 8.0
NOTE_PT = 7.0
ROW_MM = 70.0                       # the most a piece's pictures are tall
NOTES_MM = 58.0
SWATCH_MM = 4.0
RED = (0.86, 0.05, 0.05)
VISIBLE_DELTA_E = 1.0               # a shift under it is not listed: the eye does not see it
OUTLINE_PT = 0.8


@dataclass
class ColourProof:
    pdf: bytes
    pieces: int
    problems: list              # layout findings in print (Problems)
    clashes: list[str]          # colour-blind clashes of the printed colours, in words
    out_of_gamut: list[str]     # the pieces with areas out of gamut, with their share


def make_colour_proof(project: Project, game_key: str, profile: PressProfile, ink_limit: int, paper: str,
                      language: str | None = None) -> ColourProof:
    from pnp.proof import render_pieces

    game = get_game(project, game_key).in_language(language).with_all_modules().printed_by_a_shop()   # as the press export renders it
    proof = SoftProof(profile, ink_limit)
    with proofing(PrintColours(proof.printed_colour, profile.condition if profile.registry else profile.key)):
        documents = render_pieces(project, game, load_game(project, game), paper, rulebook=False)
    clashes = _colour_blind_in_print(game, proof)
    width, height = (side * MM for side in paper_size(paper))
    font = label_font(label_font_file(project))
    out = io.BytesIO()
    canvas = new_canvas(out, (width, height), font)
    canvas.setTitle(f"Soft proof: {game.title}, {profile.description}")
    y = _summary(canvas, font, game.title, profile, ink_limit, clashes, width, height)
    pieces, gamut = 0, []
    for checked in documents:
        document = pdfium.PdfDocument(io.BytesIO(checked.pdf))
        shown: set = set()
        for index in range(len(document)):
            label = checked.labels[index].name if index < len(checked.labels) else f"{checked.what} {index + 1}"
            findings = [finding for _, finding in checked.found if finding.page == index and "in print" in finding.kind]
            if label in shown and not findings:
                continue                            # a copy of a card already shown
            shown.add(label)
            screen = document[index].render(scale=_scale(document[index])).to_pil().convert("RGB")
            printed = proof.printed_image(screen)
            delta = delta_e_map(screen, printed)
            outlined, share = gamut_outline(printed, delta_e_map(screen, proof.in_gamut_image(screen)))
            if share > 0:
                gamut.append(f"{label}: {share:.0%} of its area out of the press's gamut")
            shifts = [shift for shift in largest_shifts(screen, printed, delta) if shift.delta_e >= VISIBLE_DELTA_E]
            y = _piece(canvas, font, label, screen, outlined, shifts, share,
                       findings, _bleed_mm(document[index]), document[index].get_size(), y, width, height)
            pieces += 1
        document.close()
    canvas.showPage()
    canvas.save()
    problems = findings_as_problems([pair for checked in documents for pair in checked.found
                                     if "in print" in pair[1].kind])
    return ColourProof(out.getvalue(), pieces, problems, clashes, gamut)


def _scale(page) -> float:
    """PROOF_DPI, or less for a board whose picture would pass MAX_PROOF_PIXELS."""
    width, height = page.get_size()
    return min(PROOF_DPI / 72, (MAX_PROOF_PIXELS / (width * height)) ** 0.5)


def _bleed_mm(page) -> tuple[float, float]:
    """The left and top bleed of a piece's page (its TrimBox inside its MediaBox), in mm."""
    media, trim = page.get_mediabox(), page.get_trimbox()
    return (trim[0] - media[0]) / MM, (media[3] - trim[3]) / MM


def _colour_blind_in_print(game, proof: SoftProof) -> list[str]:
    printed = {name: hex_colour(proof.printed_colour(hex_rgb(colour))) for name, colour in game.colours.items()}
    return [f"'{first}' {game.colours[first]} and '{second}' {game.colours[second]} print as {printed[first]} and "
            f"{printed[second]}: {worst:.1f} apart under {kind} (a colour-blind player needs "
            f"{MIN_COLOUR_BLIND_DELTA_E:g})"
            for first, second, kind, worst in colour_blind_clashes(printed, game.colour_cues)]


def _summary(canvas, font, title: str, profile: PressProfile, ink_limit: int, clashes: list[str],
             width: float, height: float) -> float:
    lines = [f"Soft proof of {title}: {profile.description}",
             f"Left: the screen (sRGB). Right: as the press prints it (converted {INTENT_WORDS}, total ink at most "
             f"{ink_limit} %), on the paper's white and with the press's own black (a screen's black is "
             f"deeper than any ink). Outlined in magenta: colours out of the press's gamut (a shift of dE00 "
             f"{OUT_OF_GAMUT_DELTA_E:g} or more besides the depth of black). Beside each piece: its colours that "
             f"shift most (screen, then print, and dE00: under 1 unseen, 2 to 3 seen side by side, over 5 plain). "
             f"Numbered in red: contrast too low once printed."]
    lines += [f"Colour-blind, once printed: {clash}" for clash in clashes] or \
        ["Colour-blind, once printed: every coded colour still tells apart."]
    y = height - MARGIN_MM * MM
    canvas.setFillColorRGB(0, 0, 0)
    for number, line in enumerate(lines):
        size = LABEL_PT + 2 if number == 0 else NOTE_PT
        canvas.setFont(font, size)
        for part in simpleSplit(line, font, size, width - 2 * MARGIN_MM * MM):
            canvas.drawString(MARGIN_MM * MM, y - size, part)
            y -= size * 1.3
        y -= size * 0.4
    return y - GAP_MM * MM


def _piece(canvas, font, label: str, screen: Image.Image, printed: Image.Image, shifts: list[ColourShift],
           share: float, findings: list, bleed: tuple[float, float], size_pt: tuple[float, float], y: float,
           width: float, height: float) -> float:
    """One piece: its label, the screen and the printed pictures side by side, its notes."""
    area_w = width - 2 * MARGIN_MM * MM - NOTES_MM * MM - 2 * GAP_MM * MM
    piece_w, piece_h = size_pt
    scale = min(1.0, area_w / 2 / piece_w, ROW_MM * MM / piece_h)
    shown_w, shown_h = piece_w * scale, piece_h * scale
    needed = shown_h + LABEL_PT * 1.6
    if y - needed < MARGIN_MM * MM:
        canvas.showPage()
        y = height - MARGIN_MM * MM
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont(font, LABEL_PT)
    canvas.drawString(MARGIN_MM * MM, y - LABEL_PT, label)
    top = y - LABEL_PT * 1.6
    left = MARGIN_MM * MM
    canvas.drawImage(ImageReader(screen), left, top - shown_h, shown_w, shown_h)
    right = left + shown_w + GAP_MM * MM
    canvas.drawImage(ImageReader(printed), right, top - shown_h, shown_w, shown_h)
    _outline_findings(canvas, font, findings, bleed, right, top, scale)
    notes_x = right + shown_w + GAP_MM * MM
    _notes(canvas, font, shifts, share, findings, notes_x, top, width - MARGIN_MM * MM - notes_x)
    return top - shown_h - GAP_MM * MM


def _outline_findings(canvas, font, findings: list, bleed: tuple[float, float], x0: float, top: float,
                      scale: float) -> None:
    canvas.setLineWidth(OUTLINE_PT)
    for number, finding in enumerate(findings, 1):
        fx0, fy0, fx1, fy1 = finding.rect
        left, right = x0 + (bleed[0] + fx0) * MM * scale, x0 + (bleed[0] + fx1) * MM * scale
        upper, lower = top - (bleed[1] + fy0) * MM * scale, top - (bleed[1] + fy1) * MM * scale
        canvas.setStrokeColorRGB(*RED)
        canvas.rect(left, lower, right - left, upper - lower, stroke=1, fill=0)
        canvas.setFillColorRGB(*RED)
        canvas.setFont(font, NOTE_PT)
        canvas.drawString(right + 0.5 * MM, upper - NOTE_PT * 0.8, str(number))


def _notes(canvas, font, shifts: list[ColourShift], share: float, findings: list, x: float, top: float,
           width: float) -> None:
    y = top
    canvas.setFont(font, NOTE_PT)
    canvas.setFillColorRGB(0, 0, 0)
    heading = (f"Out of gamut: {share:.1%} of the piece" if share else "Every colour within the press's gamut")
    canvas.drawString(x, y - NOTE_PT, heading)
    y -= NOTE_PT * 1.6
    if not shifts:
        canvas.drawString(x, y - NOTE_PT, f"No colour shifts visibly (every dE00 under {VISIBLE_DELTA_E:g})")
        y -= NOTE_PT * 1.6
    for shift in shifts:
        for offset, colour in ((0, shift.screen), (SWATCH_MM, shift.printed)):
            canvas.setFillColorRGB(*(channel / 255 for channel in colour))
            canvas.rect(x + offset * MM, y - SWATCH_MM * MM, SWATCH_MM * MM, SWATCH_MM * MM, stroke=0, fill=1)
        canvas.setFillColorRGB(0, 0, 0)
        words = (f"{hex_colour([c / 255 for c in shift.screen])} to {hex_colour([c / 255 for c in shift.printed])}: "
                 f"dE00 {shift.delta_e:.1f} ({shift.share:.1%} of it)")
        canvas.drawString(x + 2 * SWATCH_MM * MM + 1.5 * MM, y - SWATCH_MM * MM + 1.2, words)
        y -= (SWATCH_MM + 1.2) * MM
    canvas.setFillColorRGB(*RED)
    for number, finding in enumerate(findings, 1):
        for line in simpleSplit(f"{number}. {finding.at}: {finding.subject} {finding.what} ({finding.detail})",
                                font, NOTE_PT, width):
            canvas.drawString(x, y - NOTE_PT, line)
            y -= NOTE_PT * 1.2
