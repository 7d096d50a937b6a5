"""Credits complete by construction (pnp/credits.py): a font or an icon a game uses and no credits
file names is refused by `pnp check`, with the file to credit it in and the entry to write."""

import shutil

import pytest

from tests.conftest import ROOT, run_pnp
from tests.test_editions import SHIPPED_GAMES


def own_icon(root, name="lamp", credit: str | None = None) -> None:
    """The designer's own icon, drawn on the first card, credited with `credit` when given."""
    shutil.copy(root / "layouts/icons/lantern-flame.svg", root / f"layouts/icons/{name}.svg")
    cards = root / "card_data/tiny/cards.yaml"
    cards.write_text(cards.read_text().replace("icon: lantern-flame", f"icon: {name}", 1))
    if credit is not None:
        with open(root / "layouts/icons/credits.yaml", "a") as credits:
            credits.write(f"{name}: {credit}\n")


def _said(root) -> tuple[int, str]:
    result = run_pnp("check", "tiny", "--project", str(root))
    return result.exit_code, " ".join(result.output.split())


def test_an_icon_added_without_a_credit_is_refused_with_the_entry_to_write(tiny):
    own_icon(tiny.root)
    code, said = _said(tiny.root)
    assert code == 2 and ("layouts/icons/credits.yaml: icon 'lamp': expected a credit for each icon the game "
                          "prints, found none. Add `lamp: {authors: [WHO], licence: LICENCE, source: WHERE}`") in said
    with open(tiny.root / "layouts/icons/credits.yaml", "a") as credits:
        credits.write("lamp: {authors: [Ann Designer]}\n")
    code, said = _said(tiny.root)
    assert code == 2 and "icon 'lamp': expected an entry with authors, licence, found no licence" in said
    credits = tiny.root / "layouts/icons/credits.yaml"
    credits.write_text(credits.read_text().replace("lamp: {authors: [Ann Designer]}", "lamp: {authors: [Ann Designer], licence: CC0 1.0}"))
    assert _said(tiny.root)[0] == 0


def test_a_font_added_without_a_credit_is_refused_at_its_font_face(tiny):
    (tiny.root / "fonts/mine").mkdir()
    shutil.copy(tiny.root / "fonts/rye/rye-latin-400-normal.woff", tiny.root / "fonts/mine/mine.woff")
    sheet = tiny.layouts / "tiny" / "cards.css"
    lines = sheet.read_text().splitlines()
    lines += ['@font-face { font-family: "Mine"; src: url("../../fonts/mine/mine.woff"); }',
              '.card .name { font-family: "Mine", serif; }']
    sheet.write_text("\n".join(lines) + "\n")
    code, said = _said(tiny.root)
    assert code == 2 and (f"layouts/tiny/cards.css:{len(lines) - 1}: font 'Mine': expected a credit for it in "
                          "fonts/fonts.yaml, found none. Add to fonts/fonts.yaml: `- {family: Mine, folder: mine, "
                          "authors: WHO, licence: LICENCE}`") in said, said
    with open(tiny.root / "fonts/fonts.yaml", "a") as fonts:
        fonts.write("- {family: Mine, folder: mine, authors: Ann Designer, licence: SIL Open Font License 1.1}\n")
    (tiny.root / "fonts/mine/OFL.txt").write_text("SIL Open Font License 1.1")
    assert _said(tiny.root)[0] == 0


def test_pnp_new_writes_the_credits_files_a_project_lacks(tiny):
    from pnp.credits import FONT_CREDITS, ICON_CREDITS

    for name in (FONT_CREDITS, ICON_CREDITS):
        (tiny.root / name).unlink()
    assert run_pnp("new", "other", "--project", str(tiny.root)).exit_code == 0
    import yaml

    assert yaml.safe_load((tiny.root / FONT_CREDITS).read_text()) == []
    assert yaml.safe_load((tiny.root / ICON_CREDITS).read_text()) == {}
    code, said = _said(tiny.root)          # the starter's fonts and icons are now uncredited: said so
    assert code == 2 and "font 'Rye': expected a credit for it in fonts/fonts.yaml" in said


def test_a_font_credit_names_a_folder_with_its_licence_and_a_misspelt_file_is_offered_the_right_one(tiny):
    (tiny.root / "fonts/mine").mkdir()
    shutil.copy(tiny.root / "fonts/rye/rye-latin-400-normal.woff", tiny.root / "fonts/mine/mine-400.woff")
    sheet = tiny.layouts / "tiny" / "cards.css"
    lines = sheet.read_text().splitlines() + ['@font-face { font-family: "Mine"; src: url("../../fonts/mine/mine-40.woff"); }',
                                             '.card .name { font-family: "Mine", serif; }']
    sheet.write_text("\n".join(lines) + "\n")
    code, said = _said(tiny.root)
    assert code == 2 and "found '../../fonts/mine/mine-40.woff', which does not exist. Did you mean " \
                         "'../../fonts/mine/mine-400.woff'?" in said, said
    assert "Add to fonts/fonts.yaml: `- {family: Mine, folder: mine," in said       # the folder read from the url
    sheet.write_text(sheet.read_text().replace("mine-40.woff", "mine-400.woff"))
    with open(tiny.root / "fonts/fonts.yaml", "a") as fonts:
        fonts.write("- {family: Mine, folder: mine, authors: Ann Designer, licence: SIL Open Font License 1.1}\n- Mine\n")
    code, said = _said(tiny.root)
    assert code == 2 and "font 'Mine', folder: expected a folder of fonts/ holding the font's licence text" in said
    assert "found 'mine', which holds none" in said and "entry 13: expected a mapping: family, folder" in said, said
    (tiny.root / "fonts/mine/OFL.txt").write_text("SIL Open Font License 1.1")
    fonts = tiny.root / "fonts/fonts.yaml"
    fonts.write_text(fonts.read_text().replace("- Mine\n", ""))
    assert _said(tiny.root)[0] == 0


def _plain(name: str) -> str:
    return "".join(character for character in name.lower() if character.isalnum())


@pytest.mark.parametrize("key", SHIPPED_GAMES)
def test_the_fonts_a_game_s_pdfs_embed_are_the_ones_its_credits_print(built_site, key):
    """Read back, both ways: each font embedded in the game's PDFs (its subset's name,
    EBGaramond-Regular) is one its rulebook's credits print (the label font of every sheet, EB
    Garamond, was missing), and each font they print is embedded (IBM Plex Mono, the code's
    face, was credited by rulebooks that print no code)."""
    import pikepdf
    import pypdfium2
    import yaml

    families = [font["family"] for font in yaml.safe_load((ROOT / "fonts/fonts.yaml").read_text())]
    pdf = pypdfium2.PdfDocument(built_site / key / "a4" / "rulebook.pdf")
    printed = " ".join(pdf[index].get_textpage().get_text_range() for index in range(len(pdf)))
    credited = [_plain(family) for family in families if family in printed]
    embedded = set()
    for path in sorted((built_site / key / "a4").glob("*.pdf")):
        with pikepdf.open(path) as document:
            embedded |= {str(obj.get("/FontName")).lstrip("/").split("+")[-1] for obj in document.objects
                         if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/FontDescriptor"}
    assert embedded
    assert not [name for name in embedded if not any(_plain(name).startswith(family) for family in credited)], \
        (embedded, credited)
    assert not [family for family in credited if not any(_plain(name).startswith(family) for name in embedded)], \
        (embedded, credited)
