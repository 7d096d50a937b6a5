"""Imposition: card pages placed as form XObjects onto the mark sheets (pikepdf)."""

import io

import pikepdf

from pnp.render.pdfio import save_deterministic
from pnp.render.sheet_layout import MM, SheetLayout, Slot


def _placement(name: str, slot: Slot) -> bytes:
    """Clip to the slot's trim plus the bleed it may keep, then draw the card's form there.

    The card form's origin is its TrimBox's lower-left corner (WeasyPrint puts it at 0,0).
    """
    x0, y0, x1, y1 = (value * MM for value in slot.clip)
    return (f"q {x0:.4f} {y0:.4f} {x1 - x0:.4f} {y1 - y0:.4f} re W n "
            f"1 0 0 1 {slot.x * MM:.4f} {slot.y * MM:.4f} cm /{name} Do Q\n").encode()


def _card_form(page: pikepdf.Page) -> pikepdf.Object:
    """The page as a form XObject that keeps its bleed (qpdf's form is bounded by TrimBox)."""
    form = page.as_form_xobject()
    form.BBox = page.obj.get("/BleedBox", page.mediabox)
    return form


def _forms(cards: pikepdf.Pdf, sheets: pikepdf.Pdf, per_card_back: bool, has_back: bool) -> tuple[list, list]:
    """The face forms, and the back form behind each face (none for one-sided pieces)."""
    forms = [sheets.copy_foreign(_card_form(page)) for page in cards.pages]
    if per_card_back:
        half = len(forms) // 2
        return forms[:half], forms[half:]
    if has_back:
        return forms[:-1], [forms[-1]] * (len(forms) - 1)
    return forms, []


def shift_page(pdf: pikepdf.Pdf, page: pikepdf.Page, offset_mm: tuple[float, float]) -> None:
    """Move everything on the page by the offset, as a transformation: nothing is re-rendered."""
    dx, dy = (value * MM for value in offset_mm)
    if dx or dy:
        page.contents_add(pdf.make_stream(f"q 1 0 0 1 {dx:.4f} {dy:.4f} cm\n".encode()), prepend=True)
        page.contents_add(pdf.make_stream(b"\nQ\n"), prepend=False)


def impose(card_pdf: bytes, marks_pdf: bytes, layout: SheetLayout, duplex: str,
           per_card_back: bool = False, has_back: bool = True,
           back_offset_mm: tuple[float, float] = (0.0, 0.0)) -> bytes:
    """Sheets of faces (and, unless duplex is "none", a back page after each, shifted by
    `back_offset_mm` to meet a printer that does not put the second side where the first is).

    card_pdf holds every face and then the back (or each card's back); marks_pdf one page per
    sheet page, in order.
    """
    cards = pikepdf.open(io.BytesIO(card_pdf))
    sheets = pikepdf.open(io.BytesIO(marks_pdf))
    forms, backs = _forms(cards, sheets, per_card_back, has_back)
    place_cards(sheets, forms, backs, layout, duplex, back_offset_mm)
    return save_deterministic(sheets)


def place_cards(sheets: pikepdf.Pdf, forms: list, backs: list, layout: SheetLayout, duplex: str,
                back_offset_mm: tuple[float, float] = (0.0, 0.0)) -> None:
    """Each face form into its slot on the marks pages (a face page, then its back page unless
    duplex is "none"), each back form behind its face."""
    per_sheet = layout.per_sheet
    sheet_pages = iter(sheets.pages)
    for first in range(0, len(forms), per_sheet):
        chunk = forms[first:first + per_sheet]
        _draw(sheets, next(sheet_pages), [(f"/Card{first + i}", form, slot)
                                  for i, (form, slot) in enumerate(zip(chunk, layout.face_slots()))])
        if duplex != "none":
            chunk_backs = backs[first:first + per_sheet]
            back_page = next(sheet_pages)
            _draw(sheets, back_page, [(f"/Back{first + i}", form, slot) for i, (form, slot) in
                                      enumerate(zip(chunk_backs, layout.back_slots(duplex)))])
            shift_page(sheets, back_page, back_offset_mm)


def impose_folded(card_pdf: bytes, marks_pdf: bytes, layout: SheetLayout, card_width: float,
                  per_card_back: bool = False) -> bytes:
    """One-sided sheets for printers without duplex: each slot holds a card's face and, to its
    right, its back, joined at a fold line. Folded behind along it, the back comes out upright
    behind the face; glued, the two halves make the card."""
    cards = pikepdf.open(io.BytesIO(card_pdf))
    sheets = pikepdf.open(io.BytesIO(marks_pdf))
    forms, backs = _forms(cards, sheets, per_card_back, True)
    place_folded(sheets, forms, backs, layout, card_width)
    return save_deterministic(sheets)


def place_folded(sheets: pikepdf.Pdf, forms: list, backs: list, layout: SheetLayout, card_width: float) -> None:
    """Each face and its back side by side in one slot, joined at the fold."""
    sheet_pages = iter(sheets.pages)
    for first in range(0, len(forms), layout.per_sheet):
        placements = []
        for i, slot in enumerate(layout.face_slots()[:len(forms) - first]):
            fold = slot.x + card_width
            x0, y0, x1, y1 = slot.clip
            face = Slot(slot.row, slot.column, slot.x, slot.y, card_width, slot.height, (x0, y0, fold, y1))
            back = Slot(slot.row, slot.column, fold, slot.y, card_width, slot.height, (fold, y0, x1, y1))
            placements += [(f"/Card{first + i}", forms[first + i], face), (f"/Back{first + i}", backs[first + i], back)]
        _draw(sheets, next(sheet_pages), placements)


def _draw(pdf: pikepdf.Pdf, page: pikepdf.Page, placements: list) -> None:
    """Add the card forms to a marks page, each in its own saved graphics state."""
    if "/Resources" not in page.obj:
        page.obj.Resources = pikepdf.Dictionary()
    if "/XObject" not in page.obj.Resources:
        page.obj.Resources.XObject = pikepdf.Dictionary()
    xobjects = page.obj.Resources.XObject
    stream = b""
    for name, form, slot in placements:
        xobjects[name] = form
        stream += _placement(name[1:], slot)
    # Cards first, marks over them: cut circles must show on the art; crop marks lie outside it.
    page.contents_add(pdf.make_stream(stream), prepend=True)
