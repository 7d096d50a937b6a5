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

NARROW_NO_BREAK_SPACE = "\u202f"
NO_BREAK_SPACE = "\u00a0"
FRENCH_SPACES = (NARROW_NO_BREAK_SPACE, NO_BREAK_SPACE)
QUOTES = {"en": ("“", "”"), "fr": ("«" + NARROW_NO_BREAK_SPACE, NARROW_NO_BREAK_SPACE + "»")}
DEFAULT_QUOTES = QUOTES["en"]
EXCERPT = 12                             # characters shown either side of a fault

STRAIGHT_APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)|(?<=\ws)'(?=[\s.,;:!?)]|$)")   # don't; the players' cards
STRAIGHT_QUOTE = re.compile(r"[\"']")
HYPHEN_RANGE = re.compile(r"(?<![\w.,/-])([A-Z]?\d+)-([A-Z]?\d+)(?![\w/-]|[.,]\d)")
SPACED_HYPHEN = re.compile(r"(?<=\S) - (?=\S)")
HYPHEN_MINUS = re.compile(r"(?<![\w.,)/-])-(?=\d)")
FRENCH_HIGH_PUNCTUATION = re.compile(r"(?<=[^\s\u00a0\u202f])( ?)([;:!?»])|(«)( ?)(?=\S)")
URL_COLON = re.compile(r"^//")


@dataclass(frozen=True)
class Fault:
    expected: str
    found: str
    fix: str


def typography_faults(text: str, language: str) -> list[Fault]:
    """Every typographic fault of `text` in `language` (a code: en, fr, ...)."""
    if not isinstance(text, str) or not text:
        return []
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


def signed(number) -> str:
    """A number with its sign, as a table of gains and losses prints it: +2, 0, −3 (a true minus;
    the `signed` filter of layouts and chapters)."""
    if not isinstance(number, (int, float)) or isinstance(number, bool):
        return str(number)
    return f"{number:+g}".replace("-", MINUS) if number else "0"


def _excerpt(text: str, match: re.Match) -> str:
    start, end = max(0, match.start() - EXCERPT), min(len(text), match.end() + EXCERPT)
    return ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")
