"""Typography by rule, per language, for every text a game prints from its data (card fields,
rulings, the glossary, the catalogues' translations): what a proofreader marks, each fault with
the characters to write instead.

Chapters' prose is set by the Markdown typographer (pnp/rulebook/source.py: quotes of the
language, dashes, French spaces); data is checked here and refused at its line. What the rules
cannot see: a hyphen between two numbers that is not a range (a score "3-2" reads as one), a
word in French capitalised because it is a proper noun, and a quotation inside a quotation.
"""

import re
from dataclasses import dataclass
import html as html_lib
from html.parser import HTMLParser

from pnp.errors import Problem

AT_ATTRIBUTE = "data-pnp-at"                 # a tag's layout or chapter line (pnp/render/source_lines.py)
THUMBNAIL_ATTRIBUTE = "data-pnp-thumbnail"   # a card drawn in a chapter: its deck's, checked with its data
CHAPTER_ATTRIBUTE = "data-pnp-chapter"       # an example's chapter FILE:LINE (its own tags carry its layout's)
TAG = re.compile(r"<[^>]*>")
VOID_TAGS = ("img", "br", "hr", "meta", "link", "input", "col", "area", "base", "wbr", "source")
NARROW_NO_BREAK_SPACE = "\u202f"
NO_BREAK_SPACE = "\u00a0"
FRENCH_SPACES = (NARROW_NO_BREAK_SPACE, NO_BREAK_SPACE)
QUOTES = {"en": ("“", "”"), "fr": ("«" + NARROW_NO_BREAK_SPACE, NARROW_NO_BREAK_SPACE + "»")}
DEFAULT_QUOTES = QUOTES["en"]
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
EXCERPT = 12                             # characters shown either side of a fault

STRAIGHT_APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)|(?<=\ws)'(?=[\s.,;:!?)]|$)")   # don't; the players' cards
STRAIGHT_QUOTE = re.compile(r"[\"']")
HYPHEN_RANGE = re.compile(r"(?<![\w.,/-])([A-Z]?\d+)-([A-Z]?\d+)(?![\w/-]|[.,]\d)")
SPACED_HYPHEN = re.compile(r"(?<=\S) - (?=\S)")
HYPHEN_MINUS = re.compile(r"(?<![\w.,)/-])-(?=\d)")
FRENCH_HIGH_PUNCTUATION = re.compile(r"(?<=[^\s\u00a0\u202f])( ?)([;:!?»])|(«)( ?)(?=\S)")
URL_COLON = re.compile(r"^//")
PERCENT_SPACED = re.compile(r"(\d+(?:[.,]\d+)?)[ \u00a0\u202f]%")
PERCENT_CLOSE = re.compile(r"(\d+(?:[.,]\d+)?) ?%")          # French: none, or a space that may break


@dataclass(frozen=True)
class Fault:
    expected: str
    found: str
    fix: str


def typography_faults(text: str, language: str) -> list[Fault]:
    """Every typographic fault of `text` in `language` (a code: en, fr, ...)."""
    if not isinstance(text, str) or not text or CONTROL.search(text):
        return []                       # a control character is refused as such, before its typography
    faults = []
    for match in STRAIGHT_APOSTROPHE.finditer(text):
        faults.append(Fault("a typographic apostrophe (’)", _excerpt(text, match), "Write ’ for '"))
    opening, closing = QUOTES.get(language, DEFAULT_QUOTES)
    for match in STRAIGHT_QUOTE.finditer(STRAIGHT_APOSTROPHE.sub("’", text)):
        faults.append(Fault(f"typographic quotes ({opening.strip()} {closing.strip()})", _excerpt(text, match),
                            f"Write {opening}…{closing} for the straight quotes"))
    for match in HYPHEN_RANGE.finditer(text):
        faults.append(Fault("an en dash (–) between the ends of a range", _excerpt(text, match),
                            f"Write {match.group(1)}–{match.group(2)}"))
    for match in SPACED_HYPHEN.finditer(text):
        faults.append(Fault("a dash (–) between spaces, not a hyphen", _excerpt(text, match), "Write – for -"))
    for match in HYPHEN_MINUS.finditer(text):
        faults.append(Fault("a minus sign (−) before a negative number", _excerpt(text, match), "Write − for -"))
    spaced, close = PERCENT_SPACED.search(text), PERCENT_CLOSE.search(text)
    if language == "fr" and close:
        faults.append(Fault("a no-break space before % (French)", _excerpt(text, close),
                            f"Write {close.group(1)}{NARROW_NO_BREAK_SPACE}%"))
    elif language != "fr" and spaced:
        faults.append(Fault("no space before %", _excerpt(text, spaced), f"Write {spaced.group(1)}%"))
    if language == "fr":
        faults += _french_spaces(text)
    return list({fault.expected: fault for fault in reversed(faults)}.values())[::-1]    # the first of each kind


def _french_spaces(text: str) -> list[Fault]:
    faults = []
    for match in FRENCH_HIGH_PUNCTUATION.finditer(text):
        if match.group(2):
            mark = match.group(2)
            if mark == ":" and (URL_COLON.match(text[match.end():]) or text[match.end():match.end() + 1].strip()):
                continue                    # a URL, a time (10:30): no space either side
            if mark in "!?" and match.start() > 0 and text[match.start() - 1] in "!?":
                continue
            written = f"{NARROW_NO_BREAK_SPACE}{mark}" if mark != ":" else f"{NO_BREAK_SPACE}{mark}"
        else:
            written = f"«{NARROW_NO_BREAK_SPACE}"
        faults.append(Fault("a no-break space inside « » and before : ; ! ? (French)", _excerpt(text, match),
                            f"Write a no-break space (U+00A0, or U+202F before ; ! ? and inside « »): {written!r}"))
    return faults


SPACE_BEFORE = re.compile(r"[ \u00a0\u202f]?([;!?»])")
SPACE_BEFORE_COLON = re.compile(r"(?<=\S)[ \u00a0\u202f]?:(?!//)(?=\s|$)")
SPACE_AFTER_GUILLEMET = re.compile(r"«[ \u00a0\u202f]?")


def french_spaced(text: str) -> str:
    """French text with the no-break spaces its typography asks: a narrow one before ; ! ? and »
    and after «, a whole one before a colon (the Markdown typographer's last step)."""
    text = SPACE_BEFORE.sub(lambda m: NARROW_NO_BREAK_SPACE + m.group(1), text)
    text = SPACE_BEFORE_COLON.sub(NO_BREAK_SPACE + ":", text)
    text = SPACE_AFTER_GUILLEMET.sub("«" + NARROW_NO_BREAK_SPACE, text)
    return text.replace(NARROW_NO_BREAK_SPACE * 2, NARROW_NO_BREAK_SPACE)


MINUS = "−"


def capitalised(text: str) -> str:
    """Text as a sentence opens: its first letter a capital, the rest as written ("One-sided: ...")."""
    return text[:1].upper() + text[1:]


WORD_JOINER = "\u2060"
NUMERIC_RANGE = re.compile(r"(?<=\d)–(?=\d)")


def ranges_held(text: str) -> str:
    """A range of numbers ("11–13", "2–4") held whole across a line's end: a word joiner either
    side of its en dash, where Unicode allows a break after it ("ranks 11– / 13 carry")."""
    return NUMERIC_RANGE.sub(WORD_JOINER + "–" + WORD_JOINER, text) if "–" in text else text


def percent_set(text: str, language: str | None) -> str:
    """Percentages as `language` writes them: 59% (English), 59 % with a narrow no-break space
    (French)."""
    if language == "fr":
        return PERCENT_CLOSE.sub(lambda m: f"{m.group(1)}{NARROW_NO_BREAK_SPACE}%", text)
    return PERCENT_SPACED.sub(lambda m: f"{m.group(1)}%", text)


LAST_WORDS = re.compile(r"(\S+) (\S+)$")
UNBOUND_MARKS = ("%(", "{", "<", ">")   # a placeholder, an inline icon's {token}, markup: a picture may follow


def keep_last_words(text: str) -> str:
    """Text whose last two words a no-break space holds together, so that its last line never
    holds one word alone (a runt); not when the last one is a placeholder or an icon's {token}
    (WeasyPrint breaks a no-break space before a picture early)."""
    match = LAST_WORDS.search(text) if isinstance(text, str) and text.count(" ") >= 2 else None
    if match is None or any(mark in match.group(2) for mark in UNBOUND_MARKS):
        return text
    return f"{text[:match.start()]}{match.group(1)}{NO_BREAK_SPACE}{match.group(2)}"


# 3 souls, 35 cartes; not "2 and 3", "1 ou 2": a number held to a little word only stretches its line
LITTLE_WORDS = "and|or|of|to|in|on|at|by|for|nor|but|the|as|is|et|ou|à|de|du|des|en|le|la|les|un|une|sur|par|pour"
NUMBER_THEN_WORD = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)?) (?=[^\W\d_])(?!(?:" + LITTLE_WORDS + r")\b)")
OPERATOR_THEN_NUMBER = re.compile(r"(?<=\s)([+−×=]) (?=[−+]?\d)")               # 1 + 2, = 19
WORD_THEN_SIGNED = re.compile(r"(?<=[^\W\d_]) (?=[−+]\d)")                        # Élodie −1


def numbers_bound(text: str) -> str:
    """Text whose numbers keep to what they count, their operator and their owner across a line's
    end: "3 souls", "1 + 2", "Élodie −1" break as one (a no-break space), never "3 / souls". For
    cards and aids, whose text does not hyphenate: in a hyphenated paragraph, WeasyPrint (70)
    breaks a line holding a no-break space short ("Mud / and / Blood adds..."), so the rulebook's
    chapters are left without."""
    if not isinstance(text, str) or not any(c.isdigit() for c in text):
        return text
    text = NUMBER_THEN_WORD.sub(lambda m: m.group(1) + NO_BREAK_SPACE, text)
    text = OPERATOR_THEN_NUMBER.sub(lambda m: m.group(1) + NO_BREAK_SPACE, text)
    return WORD_THEN_SIGNED.sub(NO_BREAK_SPACE, text)


def line_ends_kept(text: str) -> str:
    """A printed text's numbers bound to their words (numbers_bound) and its last two words
    together (keep_last_words): what cards and aids print of their data and catalogues."""
    return keep_last_words(numbers_bound(text))


def signed(number) -> str:
    """A number with its sign, as a table of gains and losses prints it: +2, 0, −3 (a true minus;
    the `signed` filter of layouts and chapters)."""
    if not isinstance(number, (int, float)) or isinstance(number, bool):
        return str(number)
    return f"{number:+g}".replace("-", MINUS) if number else "0"


def _excerpt(text: str, match: re.Match) -> str:
    start, end = max(0, match.start() - EXCERPT), min(len(text), match.end() + EXCERPT)
    return ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")


def printed_typography_problems(html: str, language: str, fallback: str) -> list[Problem]:
    """Every fault in the text a page prints (a rulebook's chapters rendered, the examples' words
    and the rulings in them; a card's face as its layout renders it), at the FILE:LINE of the
    element that prints it; a card drawn in a chapter is its deck's, checked with its data."""
    if not typography_faults(html_lib.unescape(TAG.sub(" ", str(html))), language):
        return []                       # nothing to place: most pages, read without parsing them
    reader = _PrintedText()
    reader.feed(str(html))
    reader.close()
    problems, seen = [], set()
    for at, text in reader.texts:
        for fault in typography_faults(text, language):
            file, _, line = (at or fallback).rpartition(":")
            place = (file, int(line)) if line.isdigit() else (at or fallback, None)
            if (place, fault.expected) not in seen:
                seen.add((place, fault.expected))
                # the no-break spaces the typesetting put in are not the writer's: shown as spaces
                found = fault.found.replace(NO_BREAK_SPACE, " ").replace(NARROW_NO_BREAK_SPACE, " ")
                problems.append(Problem(place[0], place[1], "(printed text)", fault.expected, repr(found), fault.fix))
    return problems


class _PrintedText(HTMLParser):
    """The text of an HTML body, each run with the FILE:LINE of the innermost element that says
    where it was written; code, styles and card thumbnails left out."""

    SKIPPED = ("code", "pre", "style", "script")

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.texts: list[tuple[str, str]] = []
        self.stack: list[tuple[str, str, bool]] = []       # (tag, at, skipped)

    def handle_starttag(self, tag, attrs):
        if tag in VOID_TAGS:
            return
        attributes = dict(attrs)
        at = attributes.get(CHAPTER_ATTRIBUTE) or attributes.get(AT_ATTRIBUTE) or (self.stack[-1][1] if self.stack else "")
        skipped = (bool(self.stack) and self.stack[-1][2]) or tag in self.SKIPPED or THUMBNAIL_ATTRIBUTE in attributes
        self.stack.append((tag, at, skipped))

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        if data.strip() and not (self.stack and self.stack[-1][2]):
            self.texts.append((self.stack[-1][1] if self.stack else "", data))
