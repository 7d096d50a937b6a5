"""Typography by rule, per language (pnp/typography.py): each rule on the smallest text that
shows it, what it leaves alone, and the fixes the tool makes itself."""

import pytest

from pnp.rulebook.source import markdown
from pnp.typography import keep_last_words, numbers_bound, ranges_held, signed, typography_faults

NNBSP, NBSP = "\u202f", "\u00a0"


@pytest.mark.parametrize("text, language, expected", [
    ("Don't draw", "en", "a typographic apostrophe (’)"),
    ("the players' cards", "en", "a typographic apostrophe (’)"),
    ('He said "go"', "en", "typographic quotes (“ ”)"),
    ('Il dit "va"', "fr", "typographic quotes (« »)"),
    ("2-4 players", "en", "an en dash (–) between the ends of a range"),
    ("Missions O1-O10", "en", "an en dash (–) between the ends of a range"),
    ("Bram -4", "en", "a minus sign (−) before a negative number"),
    ("win - or lose", "en", "a dash (–) between spaces, not a hyphen"),
    ("Exemple : voilà", "fr", "a no-break space inside « » and before : ; ! ? (French)"),
    ("Quoi ?", "fr", "a no-break space inside « » and before : ; ! ? (French)"),
])
def test_each_rule_names_what_it_expects(text, language, expected):
    assert [fault.expected for fault in typography_faults(text, language)] == [expected]


@pytest.mark.parametrize("text, language", [
    ("Don’t draw “now”, 2–4 players, −1", "en"),
    ("french-G, well-known, 2-sided, 3.5-4", "en"),
    (f"Exemple{NBSP}: «{NNBSP}va{NNBSP}»{NNBSP}? à 10:30, https://example.org", "fr"),
    ("Example: what? Yes!", "en"),                      # English sets no space before : ? !
])
def test_right_typography_passes(text, language):
    assert typography_faults(text, language) == []


def test_one_fault_of_a_kind_per_text_with_the_characters_to_write():
    faults = typography_faults("2-4 and 6-8 players", "en")
    assert len(faults) == 1 and faults[0].fix == "Write 2–4"


def test_the_tool_sets_what_it_can_itself():
    assert signed(2) == "+2" and signed(-3) == "−3" and signed(0) == "0"
    assert keep_last_words("Draw a card, then +3.") == f"Draw a card, then{NBSP}+3."
    assert keep_last_words("Gain %(icon)s now %(icon)s") == "Gain %(icon)s now %(icon)s"   # a picture may fill it
    assert keep_last_words("Throw the %(n)s largest.") == f"Throw the %(n)s{NBSP}largest."
    french = markdown("fr").render('Voici : un « test » ? "cité" !')
    assert french == f"<p>Voici{NBSP}: un «{NNBSP}test{NNBSP}»{NNBSP}? «{NNBSP}cité{NNBSP}»{NNBSP}!</p>\n"
    assert markdown("en").render("It's \"quoted\".") == "<p>It’s “quoted”.</p>\n"


def test_a_number_keeps_to_what_it_counts_its_operator_and_its_owner():
    assert numbers_bound("you score 7 points, 1 + 2 and Élodie −1") == \
        f"you score 7{NBSP}points, 1 +{NBSP}2 and Élodie{NBSP}−1"             # not to a little word
    assert numbers_bound("in 1849, from 12") == "in 1849, from 12"     # no word after its number


def test_a_chapter_keeps_its_addresses_whole_and_leaves_names_to_hyphenate_as_words_do():
    html = markdown("en").render("Then Abigail pours the glass (creativecommons.org/licenses/by/3.0) tonight.")
    assert '<span class="url">creativecommons.org/licenses/by/3.0</span>' in html
    assert html.startswith('<p class="with-address">')             # set ragged: the line before it would gape
    assert "Then Abigail pours" in html                   # no box of its own: WeasyPrint breaks lines short at one


def test_french_punctuation_after_a_word_in_bold_takes_its_space():
    assert markdown("fr").render("**Lorc** : dragon ; **Skoll** ?") == \
        f"<p><strong>Lorc</strong>{NBSP}: dragon{NNBSP}; <strong>Skoll</strong>{NNBSP}?</p>\n"


def test_a_numeric_range_is_held_whole_and_its_dash_kept():
    """"ranks 11– / 13" broke at the dash (Unicode allows a break after an en dash): a word joiner
    either side holds a range of numbers; a dash between words is left alone."""
    joiner = "\u2060"
    assert ranges_held("ranks 11–13 carry 3") == f"ranks 11{joiner}–{joiner}13 carry 3"
    assert ranges_held("Paris–Verdun, 2 – 4") == "Paris–Verdun, 2 – 4"
    from pnp.rulebook.source import markdown
    assert joiner in markdown("en").render("Ranks 11–13.") and joiner not in markdown("en").render("# Ranks 11–13")
