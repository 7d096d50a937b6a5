"""`pnp translate` and a build in another language, on the starter game (issue 30)."""

import re

import pypdfium2 as pdfium
from babel.messages.pofile import read_po, write_po

from pnp.typography import french_spaced
from tests.conftest import run_pnp

CATALOGUE = "card_data/tiny/locale/fr/messages.po"


def _in_french(tiny, language: str = "fr"):
    declaration = tiny.card_data / "tiny" / "game.yaml"
    declaration.write_text(declaration.read_text().replace("language: en\n", f"language: en\nlanguages: [en, {language}]\n"))
    chapters = tiny.card_data / "tiny" / "rulebook"
    (chapters / "en").mkdir()
    for chapter in list(chapters.glob("*.md")):
        chapter.rename(chapters / "en" / chapter.name)
    (chapters / language).mkdir()
    for chapter in (chapters / "en").glob("*.md"):
        (chapters / language / chapter.name).write_text(chapter.read_text().replace(
            "# How to play", "# Comment jouer\n\nLa première carte : {{ _(\"The Lantern\") }}."))


def _all_in_french(tiny) -> None:
    """The starter game whole in French: every entry as its source, but The Lantern; its terms word for word."""
    import yaml

    _in_french(tiny)
    run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root))
    _translate(tiny, {"The Lantern": "La Lanterne"}, every=lambda words: words)
    terms = yaml.safe_load((tiny.card_data / "tiny" / "glossary.yaml").read_text()) or []
    (tiny.card_data / "tiny" / "locale" / "fr" / "glossary.yaml").write_text(yaml.safe_dump(
        {t["term"]: {"term": t["term"], "rule": "comment-jouer", "definition": french_spaced(t["definition"])}
             for t in terms}))


def _translate(tiny, words: dict, every=None, language: str = "fr") -> None:
    """msgstr set from `words` (and every other entry by `every`, when given)."""
    path = tiny.root / CATALOGUE.replace("/fr/", f"/{language}/")
    with open(path, "rb") as file:
        catalogue = read_po(file, locale=language)
    for message in catalogue:
        if message.id and (message.id in words or every):
            written = words.get(message.id) or every(message.id)
            message.string = french_spaced(written) if language == "fr" and isinstance(written, str) else written
            message.flags.discard("fuzzy")
    with open(path, "wb") as file:
        write_po(file, catalogue, width=0)


def _text(pdf_path) -> str:
    document = pdfium.PdfDocument(str(pdf_path))
    try:
        return "\n".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()


def _line_of(tiny, needle: str) -> int:
    lines = (tiny.root / CATALOGUE).read_text().splitlines()
    return next(number for number, line in enumerate(lines, 1) if line.startswith("msgid") and needle in line)


def test_a_translated_string_prints_on_the_card(tiny, tmp_path):
    _in_french(tiny)
    result = run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root))
    assert result.exit_code == 1, result.output
    assert "card_data/tiny/cards.yaml" in result.output and "0/" in result.output
    catalogue = (tiny.root / CATALOGUE).read_text()
    assert 'msgid "The Lantern"' in catalogue and "#: card_data/tiny/cards.yaml:" in catalogue
    assert "layouts/rulebook.html" in result.output     # the shared skeleton's words: the cover's players
    _translate(tiny, {"The Lantern": "La Lanterne", "%(players)s players · %(time)s": "%(players)s joueurs · %(time)s"})
    refused = run_pnp("build", "tiny", "--lang", "fr", "--paper", "a4", "--out", str(tmp_path / "no"),
                      "--project", str(tiny.root))
    assert refused.exit_code == 2, refused.output
    assert f"{CATALOGUE}:{_line_of(tiny, 'The Raven')}: 'The Raven': expected its fr words" in refused.output
    assert not (tmp_path / "no").exists()
    forced = run_pnp("build", "tiny", "--lang", "fr", "--paper", "a4", "--force", "--out", str(tmp_path / "fr"),
                     "--project", str(tiny.root))
    assert forced.exit_code == 0, forced.output
    assert "prints the source words where a translation is missing" in forced.output
    text = _text(tmp_path / "fr" / "cards.pdf")
    assert "La Lanterne" in text and "The Lantern" not in text and "The Raven" in text
    rulebook = _text(tmp_path / "fr" / "rulebook.pdf")
    shown = rulebook.replace("\u00a0", " ")                  # French spaces and last words held, as printed
    assert "La première carte : La Lanterne." in shown and "2–4 joueurs · 20" in shown and " players ·" not in shown
    english = run_pnp("build", "tiny", "--paper", "a4", "--out", str(tmp_path / "en"), "--project", str(tiny.root))
    assert english.exit_code == 0, english.output
    assert "The Lantern" in _text(tmp_path / "en" / "cards.pdf")


def test_every_string_translated_builds_and_translate_says_100(tiny, tmp_path):
    _in_french(tiny)
    card = tiny.layouts / "tiny" / "card.html"
    card.write_text(card.read_text().replace('<div class="value">', '<div class="value" title="{{ _("Value") }}">'))
    run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root))
    assert 'msgid "Value"' in (tiny.root / CATALOGUE).read_text()
    _translate(tiny, {"Value": "Valeur"}, every=lambda words: words)
    (tiny.card_data / "tiny" / "locale" / "fr" / "glossary.yaml").write_text("")
    result = run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root))
    glossary_terms = [line for line in result.output.splitlines() if "glossary.yaml" in line]
    if glossary_terms and "100 %" not in glossary_terms[0]:        # the starter's terms, word for word
        import yaml

        terms = yaml.safe_load((tiny.card_data / "tiny" / "glossary.yaml").read_text())
        (tiny.card_data / "tiny" / "locale" / "fr" / "glossary.yaml").write_text(yaml.safe_dump(
            {t["term"]: {"term": t["term"], "rule": "comment-jouer", "definition": french_spaced(t["definition"])}
             for t in terms}))
        result = run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1].rstrip().endswith("100 %") or "total" in result.output
    built = run_pnp("build", "tiny", "--lang", "fr", "--paper", "letter", "--out", str(tmp_path / "fr"),
                    "--project", str(tiny.root))
    assert built.exit_code == 0, built.output


def test_a_changed_source_string_becomes_fuzzy_and_the_build_says_so(tiny, tmp_path):
    _in_french(tiny)
    run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root))
    _translate(tiny, {}, every=lambda words: words)
    cards = tiny.card_data / "tiny" / "cards.yaml"
    cards.write_text(cards.read_text().replace("Look at the top card of the deck, then put it back.",
                                               "Look at the top card of the deck, then put it back on top."))
    result = run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root))
    assert result.exit_code == 1 and "changed since it was translated (fuzzy)" in result.output, result.output
    catalogue = (tiny.root / CATALOGUE).read_text()
    assert "#, fuzzy" in catalogue and '#| msgid "Look at the top card of the deck, then put it back."' in catalogue
    built = run_pnp("build", "tiny", "--lang", "fr", "--paper", "a4", "--out", str(tmp_path / "fr"),
                    "--project", str(tiny.root))
    assert built.exit_code == 2
    line = _line_of(tiny, "then put it back on top")
    assert f"{CATALOGUE}:{line}: 'Look at the top card of the deck, then put it back on top.': expected its fr " \
           "words, found a translation marked fuzzy" in built.output


def test_a_gone_string_is_dropped_from_the_catalogue(tiny):
    _in_french(tiny)
    run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root))
    card = tiny.layouts / "tiny" / "card.html"
    card.write_text(card.read_text().replace("{{ card.value }}", '{{ card.value }} {{ _("points") }}'))
    run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root))
    assert 'msgid "points"' in (tiny.root / CATALOGUE).read_text()
    card.write_text(card.read_text().replace(' {{ _("points") }}', ""))
    run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root))
    assert 'msgid "points"' not in (tiny.root / CATALOGUE).read_text()


def test_a_translation_that_drops_an_icon_or_changes_a_number_is_refused_at_its_line(tiny):
    _in_french(tiny)
    run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root))
    source = "Draw a card. If it is worth 5 or more, gain {star}."
    _translate(tiny, {source: "Piochez une carte. Si elle vaut 5 ou plus, gagnez une étoile."})
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    line = _line_of(tiny, "Draw a card.")
    assert result.exit_code == 2
    assert f"{CATALOGUE}:{line}: msgstr of " in result.output and "missing {star}" in result.output
    _translate(tiny, {source: "Piochez une carte. Si elle vaut 6 ou plus, gagnez {star}."})
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    assert result.exit_code == 2 and "missing 5; not in the source 6" in result.output, result.output


def test_the_source_language_needs_no_catalogue(tiny):
    result = run_pnp("translate", "tiny", "--lang", "en", "--project", str(tiny.root))
    assert result.exit_code == 0 and "100 %" in result.output
    assert not (tiny.card_data / "tiny" / "locale").exists()


def test_an_unknown_language_code_is_refused(tiny):
    result = run_pnp("translate", "tiny", "--lang", "xx", "--project", str(tiny.root))
    assert result.exit_code == 2 and "--lang xx" in result.output


def test_a_malformed_catalogue_is_refused_at_its_line(tiny):
    _in_french(tiny)
    run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root))
    path = tiny.root / CATALOGUE
    path.write_text(path.read_text().replace('msgstr ""\n\n#', 'msgstr "unclosed\n\n#', 2))
    result = run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root))
    assert result.exit_code == 2 and f"{CATALOGUE}:" in result.output and "Traceback" not in result.output


def test_a_string_of_megabytes_in_a_catalogue_is_refused_at_its_line(tiny):
    from pnp.limits import MAX_CATALOGUE_STRING

    _in_french(tiny)
    run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root))
    path = tiny.root / CATALOGUE
    text = path.read_text()
    line = text[:text.index('msgstr ""\n\n#')].count("\n") + 1
    path.write_text(text.replace('msgstr ""\n\n#', f'msgstr "{"x" * (MAX_CATALOGUE_STRING + 1)}"\n\n#', 1))
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    assert result.exit_code == 2 and "MAX_CATALOGUE_STRING" in result.output and "Traceback" not in result.output
    assert f"{CATALOGUE}:{line - 1}:" in result.output or f"{CATALOGUE}:{line}:" in result.output


def test_a_game_printed_first_in_another_language_than_its_source(tiny, tmp_path):
    _all_in_french(tiny)
    declaration = tiny.card_data / "tiny" / "game.yaml"
    declaration.write_text(declaration.read_text().replace("language: en\nlanguages: [en, fr]\n",
                                                           "language: fr\nsource_language: en\nlanguages: [fr, en]\n"))
    french = run_pnp("build", "tiny", "--paper", "a4", "--out", str(tmp_path / "fr"), "--project", str(tiny.root))
    assert french.exit_code == 0, french.output
    assert "La Lanterne" in _text(tmp_path / "fr" / "cards.pdf")
    english = run_pnp("build", "tiny", "--paper", "a4", "--lang", "en", "--out", str(tmp_path / "en"),
                      "--project", str(tiny.root))
    assert english.exit_code == 0, english.output
    assert "The Lantern" in _text(tmp_path / "en" / "cards.pdf")
    assert run_pnp("translate", "tiny", "--lang", "en", "--project", str(tiny.root)).exit_code == 0


def test_check_says_what_a_language_lacks_without_refusing_it(tiny):
    _in_french(tiny)
    run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root))
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    assert result.exit_code == 0, result.output
    assert "not yet translated: fr: " in result.output and "pnp translate tiny --lang fr" in result.output


def test_an_export_in_french_names_and_prints_its_cards_in_french(tiny, tmp_path):
    _all_in_french(tiny)
    result = run_pnp("export", "tiny", "--for", "dtc", "--lang", "fr", "--project", str(tiny.root))
    assert result.exit_code == 0, result.output
    folder = tiny.root / "output" / "tiny" / "export-dtc-fr"
    assert "the-lantern" in (folder / "manifest.csv").read_text()          # cards are named by id there
    assert "La Lanterne" in _text(next(folder.rglob("*.pdf")))
    refused = run_pnp("export", "tiny", "--for", "dtc", "--lang", "de", "--project", str(tiny.root))
    assert refused.exit_code == 2 and "--lang de" in refused.output


def test_a_locale_folder_swapped_for_a_link_while_writing_never_writes_outside(tiny, tmp_path):
    """Each folder on the way is checked for links, then opened with no link followed: a link
    swapped in between is refused, never written through (40 writes while another process
    swaps the folder for a link to outside and back, as fast as it can)."""
    import subprocess
    import sys

    from babel.messages.catalog import Catalog

    from pnp.errors import PnpError
    from pnp.i18n.catalogue import locale_dir, write_catalogue

    outside = tmp_path / "outside"
    outside.mkdir()
    folder = locale_dir(tiny, "tiny", "fr")
    folder.mkdir(parents=True, exist_ok=True)
    swapping = ("import os, sys\n"
                "folder, aside, outside = sys.argv[1:]\n"
                "while True:\n"
                "    os.rename(folder, aside); os.symlink(outside, folder)\n"
                "    os.unlink(folder); os.rename(aside, folder)\n")
    swapper = subprocess.Popen([sys.executable, "-c", swapping, str(folder), str(folder.with_name("fr-real")),
                                str(outside)])
    try:
        for _ in range(40):
            try:
                write_catalogue(tiny, "tiny", "fr", Catalog(locale="fr"))
            except (PnpError, OSError):
                pass                           # refused, or the folder away at that instant
    finally:
        swapper.kill()
        swapper.wait()
    assert list(outside.iterdir()) == []


def test_the_catalogue_is_written_through_no_link_the_walk_meets(tiny, tmp_path):
    """What the race above relies on: the folders are opened one by one with no link followed,
    not resolved first (resolving would follow a link swapped in after the check)."""
    import pytest

    from pnp.atomic import write_atomically
    from pnp.errors import UsageError
    from pnp.i18n.catalogue import catalogue_path

    outside = tmp_path / "outside"
    outside.mkdir()
    path = catalogue_path(tiny, "tiny", "fr")
    path.parent.parent.mkdir(parents=True, exist_ok=True)
    path.parent.symlink_to(outside)
    with pytest.raises(UsageError, match="is a link"):
        write_atomically(path, b"msgid", resolve=False)
    assert list(outside.iterdir()) == []


def test_a_language_pnp_has_no_sheet_words_for_takes_them_from_the_catalogue(tiny, tmp_path):
    """German: the sheets' labels (sheet, front, back, the scale bar's words) are the game's to
    translate, listed by `pnp translate`, printed from its catalogue."""
    import yaml

    _in_french(tiny, "de")
    listed = run_pnp("translate", "tiny", "--lang", "de", "--project", str(tiny.root))
    assert re.search(r"pnp/render/words.py +0/\d+ ", listed.output), listed.output     # the sheets' words, to translate
    _translate(tiny, {"sheet {number} of {sheets}": "Blatt {number} von {sheets}", "front": "Vorderseite"},
               every=lambda words: words, language="de")
    terms = yaml.safe_load((tiny.card_data / "tiny" / "glossary.yaml").read_text()) or []
    (tiny.card_data / "tiny" / "locale" / "de" / "glossary.yaml").write_text(yaml.safe_dump(
        {t["term"]: {"term": t["term"], "rule": "comment-jouer", "definition": french_spaced(t["definition"])}
             for t in terms}))
    built = run_pnp("build", "tiny", "--lang", "de", "--out", str(tmp_path / "de"), "--project", str(tiny.root))
    assert built.exit_code == 0, built.output
    assert "Tiny · Cards · Blatt 1 von 1 · Vorderseite" in _text(tmp_path / "de" / "cards.pdf")
