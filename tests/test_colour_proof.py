"""`pnp proof GAME --cmyk PROFILE`, the soft proof, on the starter game with colours planted
that pass on screen and fail in print: a card's number white on a green (4.64:1 on screen, 4.23:1
printed on FOGRA39), two coded colours a colour-blind player tells apart on screen (ΔE00 17.9)
and not once printed (4.2), and a background far out of the press's gamut (sRGB's green)."""

import io

import numpy as np
import pypdfium2

from tests.conftest import run_pnp

PLANTED_CSS = """
.card { background: #00ff00; }
.card .value { background: #008800; color: #ffffff; }
"""
CODED = """    colours:
      field: name
      values:
        ink: {colour: '#0000ff'}
        dusk: {colour: '#404080'}
    fields:
"""


def test_the_soft_proof_finds_what_only_the_press_gets_wrong(tiny, tmp_path):
    css = tiny.root / "layouts/tiny/cards.css"
    css.write_text(css.read_text() + PLANTED_CSS)
    declaration = tiny.card_data / "tiny" / "game.yaml"
    declaration.write_text(declaration.read_text().replace("    fields:\n", CODED, 1))
    assert run_pnp("check", "tiny", "--project", str(tiny.root)).exit_code == 0      # fine on screen
    out = tmp_path / "soft.pdf"
    result = run_pnp("proof", "tiny", "--cmyk", "fogra39", "--project", str(tiny.root), "--out", str(out))
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "layouts/tiny/card.html:7" in text and "once printed (FOGRA39)" in text
    assert "'ink' #0000ff and 'dusk' #404080 print as" in text and "under protanopia" in text
    assert "7 pieces, 6 pieces with colours out of gamut" in text          # the back is not green
    page = pypdfium2.PdfDocument(io.BytesIO(out.read_bytes()))[0]
    image = np.asarray(page.render(scale=2).to_pil().convert("RGB")).astype(int)
    magenta = (image[:, :, 0] > 220) & (image[:, :, 1] < 40) & (image[:, :, 2] > 220)
    green = (image[:, :, 0] < 30) & (image[:, :, 1] > 240) & (image[:, :, 2] < 30)
    assert magenta.sum() > 500 and green.sum() > 5000          # the outline on the print; the screen's green


def test_the_soft_proof_options_are_checked_before_anything_renders(tiny, tmp_path):
    alone = run_pnp("proof", "tiny", "--ink-limit", "260", "--project", str(tiny.root))
    assert alone.exit_code == 2 and "--ink-limit: only with --cmyk" in alone.output
    missing = run_pnp("proof", "tiny", "--cmyk", "/usr/share/color/icc/none.icc", "--project", str(tiny.root))
    assert missing.exit_code == 2 and "--cmyk /usr/share/color/icc/none.icc: cannot read it" in missing.output
    assert not (tiny.root / "output").exists()
    data = tiny.card_data / "tiny" / "cards.yaml"
    before = data.read_bytes()
    over = run_pnp("proof", "tiny", "--cmyk", "swop", "--project", str(tiny.root), "--out", str(data))
    assert over.exit_code == 2 and "inside the project's card_data/" in over.output and data.read_bytes() == before
    note = tmp_path / "notes.txt"
    note.write_text("mine")
    over = run_pnp("proof", "tiny", "--project", str(tiny.root), "--out", str(note))
    assert over.exit_code == 2 and "is not a PDF" in over.output and note.read_text() == "mine"
