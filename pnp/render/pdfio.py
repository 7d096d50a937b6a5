"""Saving PDFs the same way every time."""

import io

import pikepdf


def save_deterministic(pdf: pikepdf.Pdf) -> bytes:
    """Bytes that depend only on the content: no dates, a content-derived /ID.

    qpdf keeps the first /ID entry of the file it read; ReportLab's differs from process to
    process, so it is dropped before saving.
    """
    if "/ID" in pdf.trailer:
        del pdf.trailer["/ID"]
    add_page_boxes(pdf)
    pdf.docinfo = pdf.make_indirect(pikepdf.Dictionary(Producer=pikepdf.String("pnp")))
    out = io.BytesIO()
    pdf.save(out, deterministic_id=True, compress_streams=True,
             object_stream_mode=pikepdf.ObjectStreamMode.generate)
    return out.getvalue()


def save_deterministic_file(pdf: pikepdf.Pdf, path) -> None:
    """As save_deterministic, straight to a file, and with every stream kept as it is: placed
    images (JPEG, PNG data) are neither decoded nor compressed again, and a large sheet is
    never held in memory whole."""
    if "/ID" in pdf.trailer:
        del pdf.trailer["/ID"]
    add_page_boxes(pdf)
    pdf.docinfo = pdf.make_indirect(pikepdf.Dictionary(Producer=pikepdf.String("pnp")))
    pdf.save(path, deterministic_id=True, compress_streams=True,
             stream_decode_level=pikepdf.StreamDecodeLevel.none, object_stream_mode=pikepdf.ObjectStreamMode.generate)


def normalise(pdf_bytes: bytes) -> bytes:
    return save_deterministic(pikepdf.open(io.BytesIO(pdf_bytes)))


def add_page_boxes(pdf: pikepdf.Pdf) -> None:
    """A page without a TrimBox or BleedBox is a whole sheet (printed at 100 %, nothing cut off
    by the printer): its boxes are its MediaBox. Print shops' checkers ask for both."""
    for page in pdf.pages:
        for box in ("/TrimBox", "/BleedBox"):
            if box not in page.obj:
                page.obj[box] = pikepdf.Array([float(v) for v in page.mediabox])
