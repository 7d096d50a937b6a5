"""Ghostscript as pnp runs it: long files in parts, and a run that says it worked but wrote
nothing, or not a PDF, refused in words."""

import io
import stat

import pikepdf
import pytest

import pnp.press.ghostscript as ghostscript
from pnp.errors import RenderError
from pnp.press.profiles import press_profile


def _pages(count: int) -> bytes:
    pdf = pikepdf.new()
    for _ in range(count):
        page = pdf.add_blank_page(page_size=(72, 72))
        page.obj.Contents = pdf.make_stream(b"0.2 0.5 0.8 rg 0 0 36 36 re f")
    out = io.BytesIO()
    pdf.save(out)
    return out.getvalue()


def test_a_long_file_is_converted_and_measured_in_parts(monkeypatch):
    monkeypatch.setattr(ghostscript, "CHUNK_PAGES", 2)
    converted = ghostscript.to_cmyk(_pages(5), press_profile("swop").data, "1.4")
    assert len(pikepdf.open(io.BytesIO(converted)).pages) == 5
    rasters = list(ghostscript.ink_rasters(converted, 72))
    assert len(rasters) == 5 and all(raster.mode == "CMYK" and raster.size == (72, 72) for raster in rasters)


@pytest.mark.parametrize("writes, said", [("", "wrote no file"), ("echo garbage > \"$out\"", "unreadable PDF")])
def test_a_ghostscript_that_exits_0_without_a_pdf_is_refused(tmp_path, monkeypatch, writes, said):
    real = ghostscript.ghostscript()
    fake = tmp_path / "gs"
    fake.write_text(f'#!/bin/sh\n[ "$1" = -h ] && exec {real} -h\nfor a; do case "$a" in -sOutputFile=*) '
                    f'out="${{a#-sOutputFile=}}";; esac; done\n{writes}\nexit 0\n')
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setattr(ghostscript, "ghostscript", lambda: str(fake))
    with pytest.raises(RenderError, match=said):
        ghostscript.to_cmyk(_pages(1), press_profile("swop").data, "1.4", "01-cards.pdf")
