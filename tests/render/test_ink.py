"""A file's ink figure: the mean darkness of its pages, measured once for its bytes."""

import pytest
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from pnp.render import ink


def _pdf(path, dark: float):
    page = canvas.Canvas(str(path), pagesize=A4, invariant=1)
    if dark:
        page.rect(0, 0, A4[0], A4[1] * dark, fill=1, stroke=0)
    page.showPage()
    page.save()
    return path


@pytest.mark.quick
def test_ink_is_measured_once_for_the_same_bytes(tmp_path, cache_on, monkeypatch):
    blank, half = _pdf(tmp_path / "blank.pdf", 0), _pdf(tmp_path / "half.pdf", 0.5)
    assert ink.file_ink_coverage(blank) == 0.0
    assert ink.file_ink_coverage(half) == pytest.approx(0.5, abs=0.02)
    measured = []
    monkeypatch.setattr(ink, "ink_coverage", lambda pdf: measured.append(pdf) or 0.25)
    assert ink.file_ink_coverage(half) == pytest.approx(0.5, abs=0.02) and not measured
    _pdf(tmp_path / "half.pdf", 0.25)                  # other bytes under the same name
    assert ink.file_ink_coverage(half) == 0.25 and len(measured) == 1


def test_a_pdf_measured_before_it_is_written_is_not_measured_again(tmp_path, cache_on, monkeypatch):
    """pnp build measures each file as it arrives from the pool; its closing table reads the figure kept."""
    half = _pdf(tmp_path / "half.pdf", 0.5)
    assert ink.kept_ink_coverage(half.read_bytes()) == pytest.approx(0.5, abs=0.02)
    monkeypatch.setattr(ink, "ink_coverage", lambda pdf: pytest.fail("measured twice"))
    assert ink.file_ink_coverage(half) == pytest.approx(0.5, abs=0.02)
