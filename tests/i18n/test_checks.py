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
