"""A catalogue as translators' tools leave it, and as an attacker might: read safely, written
only where `--lang` says, the same bytes every time."""

import os

from babel.messages.catalog import Message

from pnp.i18n.checks import message_problems
from tests.commands.test_translate import CATALOGUE, _in_french, _translate
from tests.conftest import run_pnp


def _translated(tiny):
    _in_french(tiny)
    run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root))
    return tiny.root / CATALOGUE


def test_the_header_s_language_does_not_choose_the_file_written(tiny):
    path = _translated(tiny)
    path.write_text(path.read_text().replace('"Language: fr\\n"', '"Language: de\\n"'))
    assert run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root)).exit_code == 1
    assert not (tiny.card_data / "tiny" / "locale" / "de").exists() and path.is_file()


def test_a_locale_folder_that_is_a_link_is_not_written_through(tiny, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    os.symlink(outside, tiny.card_data / "tiny" / "locale")
    result = run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root))
    assert result.exit_code == 2 and "card_data/tiny/locale" in result.output and "link" in result.output
    assert list(outside.iterdir()) == []


def test_a_catalogue_in_another_charset_is_refused_at_its_header_line(tiny):
    path = _translated(tiny)
    path.write_text(path.read_text().replace("charset=utf-8", "charset=ISO-8859-1"))
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if "charset=" in text)
    assert result.exit_code == 2 and f"{CATALOGUE}:{line}: Content-Type: expected charset=UTF-8" in result.output


def test_a_second_run_writes_the_same_bytes_and_keeps_the_previous_source(tiny):
    path = _translated(tiny)
    _translate(tiny, {}, every=lambda words: words)
    cards = tiny.card_data / "tiny" / "cards.yaml"
    cards.write_text(cards.read_text().replace("name: The Raven", "name: The Ravens"))
    run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root))
    first = path.read_bytes()
    run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root))
    assert path.read_bytes() == first and b'#| msgid "The Raven"' in first and b"# |" not in first


def test_a_malformed_entry_is_refused_at_its_own_line(tiny):
    path = _translated(tiny)
    lines = path.read_text().splitlines()
    at = next(n for n, text in enumerate(lines) if text.startswith("msgstr") and n > 20)
    lines[at] = lines[at].replace("msgstr", "msgtsr")
    path.write_text("\n".join(lines) + "\n")
    result = run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root))
    assert result.exit_code == 2 and f"{CATALOGUE}:{at + 1}:" in result.output


def _problems(source, translation, where="layouts/tiny/card.html"):
    message = Message(source, translation, locations=[(where, 3)])
    message.lineno = 40
    return [str(problem) for problem in message_problems("messages.po", message)]


def test_a_stray_angle_bracket_or_comment_is_markup_changed():
    assert _problems("Worth points", "Vaut <!-- des points") and _problems("Worth points", "Vaut des points <style")


def test_a_lone_percent_in_a_layout_s_words_is_refused_and_two_are_fine():
    said = _problems("%(n)s%% sure", "sûr à %(n)s %")
    assert said and "write a percent sign as %%" in said[0].lower()
    assert _problems("%(n)s%% sure", "sûr à %(n)s %%") == []
    assert _problems("50% off", "50 % de moins", where="card_data/tiny/cards.yaml") == []      # data is not formatted


def test_a_plural_form_may_drop_the_count_but_not_invent_a_name():
    message = Message(("one point", "%(n)s points"), ("%(n)s point", "%(n)s points", "%(n)s points"),
                      locations=[("layouts/tiny/card.html", 3)])
    assert message_problems("messages.po", message) == []
    message.string = ("un point", "%(m)s points", "%(n)s points")
    assert "not in the source %(m)s" in str(message_problems("messages.po", message)[0])
