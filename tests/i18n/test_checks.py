"""A translation keeps its source's placeholders, icons, markup and numbers."""

from babel.messages.catalog import Message

from pnp.i18n.checks import message_problems


def _problems(source, translation):
    message = Message(source, translation)
    message.lineno = 12
    return message_problems("messages.po", message)


def test_a_faithful_translation_passes():
    assert _problems("Gain {gall} if you have 5 or more <b>souls</b>.",
                     "Gagnez {gall} si vous avez 5 <b>âmes</b> ou plus.") == []
    assert _problems("%(count)s cards", "%(count)s cartes") == []
    assert _problems("1.5 souls", "1,5 âme") == []


def test_a_dropped_icon_a_changed_number_and_lost_markup_are_each_named():
    found = _problems("Gain {gall} if you have 5 or more <b>souls</b>.", "Gagnez une bile avec 6 âmes ou plus.")
    said = [str(problem) for problem in found]
    assert len(found) == 3 and all(text.startswith("messages.po:12: msgstr of ") for text in said)
    assert "missing {gall}" in said[0] and "missing </b> <b>" in said[1] and "missing 5; not in the source 6" in said[2]


def test_an_added_placeholder_is_refused():
    assert "not in the source %(n)s" in str(_problems("Draw a card", "Piochez %(n)s carte")[0])


def test_an_untranslated_or_fuzzy_entry_is_not_checked():
    assert _problems("Gain {gall}", "") == []
    fuzzy = Message("Gain {gall}", "Gagnez", flags=["fuzzy"])
    assert message_problems("messages.po", fuzzy) == []


def test_every_plural_form_keeps_its_markup_and_adds_no_number_or_placeholder():
    """A form may drop the count ("un point"), not plant markup nor change a number."""
    sources = ("%(count)s <b>point</b>", "%(count)s <b>points</b>")
    assert _problems(sources, ("un <b>point</b>", "%(count)s <b>points</b>")) == []
    planted = [str(p) for p in _problems(sources, ("un <b>point</b>", '%(count)s <iframe src=x></iframe>points'))]
    assert any("[1]" in text and "found <iframe src=x> </iframe>" in text for text in planted)   # the markup
    assert any("a <iframe> element" in text for text in planted)                                # what would run
    assert "not in the source 3" in str(_problems(("1 card", "%(n)s cards"), ("une carte", "3 cartes"))[0])
    assert _problems(("%(count)s point", "%(count)s points"), ("1 point", "%(count)s points")) == []
    assert "not in the source 5" in str(_problems(("%(count)s point", "%(count)s points"),
                                                  ("1 point", "%(count)s points, 5 bonus"))[0])
    assert "not in the source %(x)s" in str(_problems(("%(n)s card", "%(n)s cards"), ("une", "%(x)s cartes"))[0])


def test_a_script_or_a_control_character_in_a_translation_is_refused_at_its_line():
    found = [str(p) for p in _problems("Read <a href=\"#rules\">the rules</a>",
                                       "Lisez <a href=\"javascript:alert(1)\">les règles</a>")]
    assert any(text.startswith("messages.po:12:") and "javascript: URL" in text for text in found)
    for planted in ("Piochez\x1b]0;owned\x07", "Pio\x00chez", "Pio\x9bchez"):
        assert any("control characters" in str(p) for p in _problems("Draw", planted)), planted
    assert _problems("Draw\tone", "Piochez\tune") == []


def test_a_half_translated_or_fuzzy_entry_is_still_refused_what_would_run_or_rewrite_a_terminal():
    half = Message(("%(count)s point", "%(count)s points"), ("%(count)s point", "<iframe src=x></iframe>", ""))
    half.lineno = 12
    assert any("a <iframe> element" in str(p) for p in message_problems("messages.po", half))
    fuzzy = Message("Draw", "Pio\x1bchez", flags=["fuzzy"])
    assert any("control characters" in str(p) for p in message_problems("messages.po", fuzzy))
