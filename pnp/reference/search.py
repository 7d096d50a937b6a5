"""What the reference's search looks through: one document per rule section, term, card, ruling
and example, each with the page and anchor it lands on. The site's pages search these documents
in the browser (MiniSearch, prefix matching); `pnp rules --lookup` matches them the same way here:
every word of the query begins a word of the entry (letter case and accents aside)."""

import re
import unicodedata
from dataclasses import dataclass

from pnp.reference.entries import Reference

PAGES = {"rule": "index.html", "term": "glossary.html", "card": "cards.html", "ruling": "faq.html",
         "example": "examples.html"}
KINDS = ("term", "card", "rule", "ruling", "example")     # of results that score the same
TITLE_WEIGHT = 3                     # a match in an entry's title counts this much more
EXACT_TITLE = 100                    # the entry is what was typed: first of its kind
EXCERPT_LETTERS = 180


@dataclass(frozen=True)
class Document:
    id: str
    kind: str                        # one of KINDS
    title: str
    text: str
    href: str                        # page#anchor, relative to the reference's folder
    shown: str = ""                  # what a result shows of it, when not the start of its text

    @property
    def excerpt(self) -> str:
        text = self.shown or self.text
        return text if len(text) <= EXCERPT_LETTERS else text[:EXCERPT_LETTERS].rsplit(" ", 1)[0] + " …"


def documents(reference: Reference) -> list[Document]:
    found = []
    for section in reference.sections:
        title = f"{section.number} {section.title}" if section.number else section.title
        found.append(Document(f"rule:{section.anchor}", "rule", title, section.text,
                              f"{PAGES['rule']}#{section.anchor}"))
    for entry in reference.terms:
        found.append(Document(f"term:{entry.anchor}", "term", entry.term.term,
                              " ".join((entry.term.definition, *entry.term.also)),
                              f"{PAGES['term']}#{entry.anchor}", entry.term.definition))
    for card in reference.cards:
        found.append(Document(f"card:{card.anchor}", "card", card.name,
                              " ".join((card.deck_title, *card.words, *(v for _, v in card.values), card.printed)),
                              f"{PAGES['card']}#{card.anchor}",
                              " · ".join((card.deck_title, " ".join(card.words) or card.printed))))
    for ruling in reference.rulings:
        found.append(Document(f"ruling:{ruling.anchor}", "ruling", f"{ruling.id} · {ruling.topic}",
                              " ".join((ruling.question, ruling.ruling, ruling.why)),
                              f"{PAGES['ruling']}#{ruling.anchor}"))
    for example in reference.examples:
        found.append(Document(f"example:{example.anchor}", "example", example.title, example.text,
                              f"{PAGES['example']}#{example.anchor}", example.words))
    return found


def folded(text: str) -> str:
    """Lower case, accents and apostrophes' shapes aside: what the browser's search does too."""
    text = unicodedata.normalize("NFD", text.replace("’", "'")).lower()
    return "".join(letter for letter in text if not unicodedata.combining(letter))


def words(text: str) -> list[str]:
    return re.findall(r"\w+", folded(text))


def lookup(found: list[Document], query: str) -> list[Document]:
    """The documents in which every word of `query` begins a word, best first: the entry whose
    title is what was typed, then by the share of the title and of the text that match (a
    short title matching counts more than a long one, as in the browser); a tie by KINDS."""
    wanted = words(query)
    if not wanted:
        return []
    scored = []
    for order, document in enumerate(found):
        title, text = words(document.title), words(document.text)
        score = EXACT_TITLE if title == wanted else 0
        for word in wanted:
            in_title = sum(w.startswith(word) for w in title)
            in_text = sum(w.startswith(word) for w in text)
            if not in_title and not in_text:
                break
            score += TITLE_WEIGHT * in_title / len(title) + in_text / (1 + len(text)) ** 0.5
        else:
            scored.append((-score, KINDS.index(document.kind), order, document))
    return [document for *_, document in sorted(scored, key=lambda item: item[:3])]
