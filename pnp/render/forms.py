"""Record sheets drawn with ReportLab: tick boxes, a table of rows, a tally; printable, or
fillable on screen with named AcroForm fields (text fields and check boxes)."""

import io
from pathlib import Path

import pikepdf

from pnp.render.form_spec import FormSpec
from pnp.render.marks import new_canvas, register_font
from pnp.render.papers import paper_size
from pnp.render.sheet_layout import MM

MARGIN_MM = 12.0
ROW_MM = 13.0
INK = (0.09, 0.08, 0.11)
BRASS = (0.77, 0.6, 0.27)
BONE = (0.95, 0.91, 0.81)


def draw_form(spec: FormSpec, paper: str, display_font, body_font, fillable: bool, ink_saver: bool = False) -> bytes:
    """The sheet; with the ink saver, its header band and shaded rows are drawn as outlines."""
    width, height = (v * MM for v in paper_size(paper))
    display = register_font(str(display_font), "PnpDisplay")
    body = register_font(str(body_font), "PnpBody")
    out = io.BytesIO()
    pdf = new_canvas(out, (width, height), body)
    pdf.setTitle(spec.title)
    left, right = MARGIN_MM * MM, width - MARGIN_MM * MM
    y = height - MARGIN_MM * MM

    pdf.setFillColorRGB(*INK)
    pdf.setFont(display, 20)
    pdf.drawString(left, y - 18, spec.title)
    pdf.setFont(body, 10)
    pdf.setFillColorRGB(0.3, 0.25, 0.17)
    pdf.drawRightString(right, y - 16, spec.subtitle)
    pdf.setStrokeColorRGB(*BRASS)
    pdf.setLineWidth(1.2)
    pdf.line(left, y - 26, right, y - 26)
    y -= 44

    box = 3.6 * MM
    for group in spec.groups:
        pdf.setFillColorRGB(*INK)
        pdf.setFont(display, 10)
        pdf.drawString(left, y, group.label)
        x = left + 32 * MM
        pdf.setFont(body, 10)
        for key, label in group.options:
            name = f"{group.key}_{key}"
            if fillable:
                pdf.acroForm.checkbox(name=name, tooltip=label, x=x, y=y - 2, size=box, buttonStyle="cross",
                                      borderColor=_colour(INK), fillColor=_colour(BONE), forceBorder=True)
            else:
                pdf.setStrokeColorRGB(*INK)
                pdf.setLineWidth(0.8)
                pdf.rect(x, y - 2, box, box)
            pdf.setFillColorRGB(*INK)
            pdf.drawString(x + box + 1.8 * MM, y, label)
            x += box + 4 * MM + pdf.stringWidth(label, body, 10) + 5 * MM
        y -= 8 * MM

    # The table: a header, then one row per duel.
    total_weight = sum(c.weight for c in spec.columns) + 0.6
    unit = (right - left) / total_weight
    first = 0.6 * unit
    xs = [left + first]
    for column in spec.columns:
        xs.append(xs[-1] + column.weight * unit)
    header = 12 * MM
    pdf.setFillColorRGB(*INK)
    pdf.setStrokeColorRGB(*INK)
    pdf.rect(left, y - header, right - left, header, stroke=int(ink_saver), fill=int(not ink_saver))
    pdf.setFillColorRGB(*(INK if ink_saver else BONE))
    pdf.setFont(body, 8.5)
    pdf.drawCentredString(left + first / 2, y - header / 2 - 3, spec.row_label)
    for column, x0, x1 in zip(spec.columns, xs, xs[1:]):
        words = column.label.split(" ")
        lines = [" ".join(words[:len(words) // 2 + len(words) % 2]), " ".join(words[len(words) // 2 + len(words) % 2:])]
        lines = [line for line in lines if line] if pdf.stringWidth(column.label, body, 8.5) > x1 - x0 - 4 else [column.label]
        for k, line in enumerate(lines):
            pdf.drawCentredString((x0 + x1) / 2, y - header / 2 + 2 - k * 10 + (len(lines) - 1) * 4, line)
    y -= header
    row_h = ROW_MM * MM
    pdf.setLineWidth(0.5)
    for row in range(1, spec.rows + 1):
        top = y - (row - 1) * row_h
        if row % 2 == 0 and not ink_saver:
            pdf.setFillColorRGB(0.97, 0.94, 0.87)
            pdf.rect(left, top - row_h, right - left, row_h, stroke=0, fill=1)
        pdf.setFillColorRGB(*INK)
        pdf.setFont(display, 11)
        pdf.drawCentredString(left + first / 2, top - row_h / 2 - 4, str(row))
        pdf.setStrokeColorRGB(0.6, 0.52, 0.36)
        pdf.line(left, top - row_h, right, top - row_h)
        for column, x0, x1 in zip(spec.columns, xs, xs[1:]):
            if fillable:
                pdf.acroForm.textfield(name=f"{spec.field_row}{row:02d}_{column.key}",
                                       tooltip=f"{spec.row_label} {row}: {column.label}",
                                       x=x0 + 0.6 * MM, y=top - row_h + 0.8 * MM, width=x1 - x0 - 1.2 * MM,
                                       height=row_h - 1.6 * MM, fontName="Helvetica", fontSize=9,
                                       borderWidth=0, fillColor=_colour(BONE), textColor=_colour(INK))
    for x in xs[:-1]:
        pdf.line(x, y, x, y - spec.rows * row_h)
    pdf.setStrokeColorRGB(*INK)
    pdf.setLineWidth(0.9)
    pdf.rect(left, y - spec.rows * row_h, right - left, spec.rows * row_h + header)
    y -= spec.rows * row_h + 10 * MM

    # The tally.
    pdf.setFont(display, 12)
    pdf.setFillColorRGB(*INK)
    pdf.drawString(left, y, spec.tally_title)
    y -= 8 * MM
    box_w = (right - left - (len(spec.tally) - 1) * 4 * MM) / len(spec.tally)
    for index, (key, label) in enumerate(spec.tally):
        x = left + index * (box_w + 4 * MM)
        pdf.setStrokeColorRGB(*INK)
        pdf.setLineWidth(0.9)
        pdf.rect(x, y - 12 * MM, box_w, 12 * MM)
        pdf.setFont(body, 8.5)
        pdf.drawString(x + 1.5 * MM, y - 3.6 * MM, label)
        if fillable:
            pdf.acroForm.textfield(name=key, tooltip=label, x=x + 1 * MM, y=y - 11.4 * MM, width=box_w - 2 * MM,
                                   height=6.6 * MM, fontName="Helvetica", fontSize=11, borderWidth=0,
                                   fillColor=_colour(BONE), textColor=_colour(INK))
    y -= 20 * MM

    if spec.reference:
        pdf.setFont(display, 10)
        pdf.drawString(left, y, spec.reference_title)
        y -= 5.5 * MM
        pdf.setFont(body, 9)
        for left_text, right_text in spec.reference:
            pdf.drawString(left + 2 * MM, y, left_text)
            pdf.drawString(left + 40 * MM, y, right_text)
            y -= 4.6 * MM
    pdf.showPage()
    pdf.save()
    return embed_field_font(out.getvalue(), body_font) if fillable else out.getvalue()


def _colour(rgb):
    from reportlab.lib.colors import Color
    return Color(*rgb)


FORM_FONT_CHARS = range(32, 256)        # the WinAnsi codes a form field can type


def _form_font(pdf: pikepdf.Pdf, font_file) -> pikepdf.Dictionary:
    """A whole (not subset) TrueType font in WinAnsi encoding: what a viewer needs to draw
    whatever a player types into a field."""
    from fontTools.ttLib import TTFont as FontFile

    from pnp.files import read_resolved

    font = FontFile(io.BytesIO(read_resolved(Path(font_file), str(font_file))), recalcTimestamp=False)
    font.flavor = None
    data = io.BytesIO()
    font.save(data)
    scale = 1000 / font["head"].unitsPerEm
    cmap, metrics = font.getBestCmap(), font["hmtx"].metrics
    widths = []
    for code in FORM_FONT_CHARS:
        char = bytes([code]).decode("cp1252", errors="ignore")
        glyph = cmap.get(ord(char)) if char else None
        widths.append(round(metrics[glyph][0] * scale) if glyph else 0)
    head, hhea = font["head"], font["hhea"]
    name = font["name"].getDebugName(6) or "PnpFormFont"
    descriptor = pikepdf.Dictionary(
        Type=pikepdf.Name.FontDescriptor, FontName=pikepdf.Name("/" + name), Flags=32,
        FontBBox=[round(v * scale) for v in (head.xMin, head.yMin, head.xMax, head.yMax)],
        ItalicAngle=0, Ascent=round(hhea.ascent * scale), Descent=round(hhea.descent * scale),
        CapHeight=round(getattr(font["OS/2"], "sCapHeight", hhea.ascent) * scale), StemV=80,
        FontFile2=pdf.make_stream(data.getvalue(), Length1=len(data.getvalue())))
    return pikepdf.Dictionary(
        Type=pikepdf.Name.Font, Subtype=pikepdf.Name.TrueType, BaseFont=pikepdf.Name("/" + name),
        FirstChar=FORM_FONT_CHARS[0], LastChar=FORM_FONT_CHARS[-1], Widths=widths,
        Encoding=pikepdf.Name.WinAnsiEncoding, FontDescriptor=pdf.make_indirect(descriptor))


def embed_field_font(pdf_bytes: bytes, font_file) -> bytes:
    """ReportLab's form fields can only name the standard fonts, which it leaves unembedded:
    every such font object becomes the body font, embedded whole."""
    pdf = pikepdf.open(io.BytesIO(pdf_bytes))
    standard = [obj for obj in pdf.objects if isinstance(obj, pikepdf.Dictionary)
                and obj.get("/Type") == "/Font" and "/FontDescriptor" not in obj
                and obj.get("/Subtype") == "/Type1"]
    if standard:
        replacement = pdf.make_indirect(_form_font(pdf, font_file))
        for obj in standard:
            obj.emplace(replacement)
    out = io.BytesIO()
    pdf.save(out, deterministic_id=True)
    return out.getvalue()
