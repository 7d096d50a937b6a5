"""The words a piece of HTML prints: its text and its pictures' alternative text, in reading
order, for a card's description (a rulebook figure's alternative text, the reference's search)."""

import re
from html.parser import HTMLParser

SKIPPED_TAGS = ("style", "script")
NAME_FIELDS = ("name", "title")       # a card's name, when its data has one


def card_name(card, otherwise=None):
    """The card's name or title, else `otherwise`."""
    return next((str(getattr(card, field)) for field in NAME_FIELDS if getattr(card, field, None)), otherwise)


class _Words(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.words: list[str] = []
        self._skipping = 0

    def handle_starttag(self, tag, attrs):
        self._skipping += tag in SKIPPED_TAGS
        alt = dict(attrs).get("alt")
        self.words.append(f" {alt} " if tag == "img" and alt else " ")

    def handle_endtag(self, tag):
        self._skipping -= tag in SKIPPED_TAGS and self._skipping > 0
        self.words.append(" ")

    def handle_data(self, data):
        if not self._skipping:
            self.words.append(data)


def printed_words(html: str) -> str:
    parser = _Words()
    parser.feed(str(html))
    parser.close()
    return re.sub(r"\s+", " ", "".join(parser.words)).strip()
