"""Black and grey text on the black plate only; other colours and black areas left to the profile."""

import pikepdf

from pnp.press.black_text import text_on_black_ink


def _stream(text: str) -> list:
    pdf = pikepdf.new()
    return list(pikepdf.parse_content_stream(pdf.make_stream(text.encode())))


def _text(instructions) -> str:
    return pikepdf.unparse_content_stream(instructions).decode()


def test_black_text_becomes_grey_zero_and_the_fill_comes_back_after_it():
    out = _text(text_on_black_ink(_stream("0 0 0 rg 0 0 10 10 re f BT /F1 9 Tf (a) Tj ET 0 0 5 5 re f")))
    assert out.split("\n") == ["0 0 0 rg", "0 0 10 10 re", "f", "BT", "0 g", "/F1 9 Tf", "(a) Tj", "ET",
                               "0 0 0 rg", "0 0 5 5 re", "f"]          # the square after the text: rich black


def test_grey_text_is_a_tint_of_black_and_near_black_ink_is_black():
    grey = _text(text_on_black_ink(_stream("0.5 0.5 0.5 rg BT (a) Tj ET")))
    assert "\n0.5 g\n" in grey
    navy = _text(text_on_black_ink(_stream("0.113725 0.062745 0.141176 rg BT (a) Tj ET")))   # #1d1024
    assert "\n0 g\n" in navy


def test_coloured_text_and_text_inside_saved_states_are_told_apart():
    red = _stream("0.8 0.1 0.1 rg BT (a) Tj ET")
    assert text_on_black_ink(red) is red
    nested = _text(text_on_black_ink(_stream("q 0 0 0 rg Q 0.8 0.1 0.1 rg BT (a) Tj ET")))
    assert " g\n" not in nested                  # the black was restored away by Q before the text


def test_what_is_drawn_at_opacity_zero_is_taken_out_and_its_state_made_opaque():
    """A CSS triangle's transparent borders: filled under /ca 0."""
    from pnp.press.invisible import drop_invisible

    pdf = pikepdf.new()
    page = pdf.add_blank_page(page_size=(100, 100))
    clear = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.ExtGState, ca=0))
    used_for_text = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.ExtGState, ca=0))
    page.obj.Resources = pikepdf.Dictionary(ExtGState=pikepdf.Dictionary(Clear=clear, Text=used_for_text))
    page.obj.Contents = pdf.make_stream(b"q /Clear gs 0 0 10 10 re f Q 0 0 5 5 re f q /Text gs BT (a) Tj ET Q")
    drop_invisible(pdf)
    operators = [str(i.operator) for i in pikepdf.parse_content_stream(page)]
    assert operators[:5] == ["q", "gs", "re", "n", "Q"] and operators[5:7] == ["re", "f"]   # the other square stays
    assert clear.ca == 1                 # only ever used for what it hid
    assert used_for_text.ca == 0         # text under it: left for the preflight to refuse
