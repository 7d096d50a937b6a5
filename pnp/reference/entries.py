"""The entries of a game's rules reference, linked: each rule section with its words, each term
with its rule and the cards and rulings that use it, each card (one entry per distinct card,
with its count) with the rules, rulings, examples and terms that concern it, each ruling with the
cards and terms it names, each printed example with the cards it draws.

Links are found, not declared: a ruling concerns a card when it names it; a term, when the card
prints one of its forms; an example, when it draws the card or its setup names it; a rule
section, when it draws or names it. Everything here is plain data for the site's pages, its
search index and `pnp rules --lookup`."""

import re
from dataclasses import dataclass, replace
from html.parser import HTMLParser

from markupsafe import Markup

from pnp.reference.glossary import Term, load_glossary
from pnp.render.printed_words import NAME_FIELDS, card_name, printed_words
from pnp.rulebook.anchors import slug
from pnp.rulebook.listings import rulings
from pnp.rulebook.render import RulebookBody, find_card, rulebook_body
from pnp.typography import WORD_JOINER

THUMBNAIL_ATTRIBUTE = "data-pnp-thumbnail"       # deck:id on each card a chapter draws
EXAMPLE_WORDS = re.compile(r'<p\b[^>]*class="example-words"[^>]*>(.*?)</p>', re.S)   # the layouts' result line
MIN_NAME_LETTERS = 4          # a card named in a ruling or a rule: shorter names match too much
SKIPPED_TAGS = ("style", "script")


@dataclass(frozen=True)
class Section:
    anchor: str
    level: int
    number: str | None
    title: str
    text: str
    cards: tuple[str, ...]           # anchors of the cards drawn in it


@dataclass(frozen=True)
class CardEntry:
    anchor: str
    deck: str
    deck_title: str
    module: str | None
    id: str
    name: str
    words: tuple[str, ...]           # what the card prints in words (its text fields)
    values: tuple[tuple[str, str], ...]   # its other fields, as data
    count: int
    printed: str = ""                # every word its face prints (its layout's words, pictures' alt)
    rules: tuple[str, ...] = ()      # section anchors
    rulings: tuple[str, ...] = ()    # ruling anchors
    examples: tuple[str, ...] = ()   # example anchors
    terms: tuple[str, ...] = ()      # term anchors

    @property
    def described(self) -> str:
        """The card in words, for its picture's alternative text: its name and deck, then its
        text, or what its face prints when its data holds no words (Verso's values)."""
        named = self.name if self.name == self.deck_title else f"{self.name} ({self.deck_title})"
        return ". ".join(part for part in (named, *(self.words or (self.printed,)))
                         if part)


@dataclass(frozen=True)
class TermEntry:
    anchor: str
    term: Term
    rule_title: str
    cards: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()


@dataclass(frozen=True)
class RulingEntry:
    anchor: str
    id: str
    topic: str
    source: str
    question: str
    ruling: str
    why: str
    cards: tuple[str, ...] = ()
    terms: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return " ".join((self.topic, self.question, self.ruling, self.why))


@dataclass(frozen=True)
class ExampleEntry:
    anchor: str
    id: str
    title: str
    html: Markup
    under: str | None                # the anchor of the section it prints in
    text: str
    cards: tuple[str, ...] = ()
    words: str = ""                  # the engine's result in words, as the figure says it


@dataclass(frozen=True)
class Reference:
    game: str
    title: str
    language: str
    body: Markup                     # the chapters as the rulebook prints them
    sections: tuple[Section, ...]
    terms: tuple[TermEntry, ...]
    cards: tuple[CardEntry, ...]
    rulings: tuple[RulingEntry, ...]
    examples: tuple[ExampleEntry, ...]

    def section(self, anchor: str) -> Section | None:
        return next((s for s in self.sections if s.anchor == anchor), None)

    def card(self, anchor: str) -> CardEntry | None:
        return next((c for c in self.cards if c.anchor == anchor), None)


def card_anchor(deck_key: str, card_id) -> str:
    return f"card-{slug(deck_key)}--{slug(str(card_id))}"


def marker_card(loaded: list):
    """A chapter's card(deck, id) as an empty marker: what the reference needs to know of it."""
    def card(deck_key: str, card_id: str, scale: float = 0.5) -> Markup:
        deck, found = find_card(loaded, deck_key, card_id)
        return Markup(f'<span {THUMBNAIL_ATTRIBUTE}="{deck.key}:{found.id}"></span>')
    return card


class _Sections(HTMLParser):
    """The chapters' HTML cut at each anchored heading: its title, words and the cards drawn."""

    def __init__(self, sections_only: bool = False):
        super().__init__(convert_charrefs=True)
        self.sections_only = sections_only      # a section's words without its examples' (their own entries)
        self.found: list[dict] = []
        self._heading = None
        self._skipping = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in SKIPPED_TAGS or (tag == "figure" and self.sections_only):
            self._skipping += 1
        if tag in ("h1", "h2", "h3") and attrs.get("id"):
            self.found.append({"anchor": attrs["id"], "level": int(tag[1]), "title": [], "text": [], "cards": []})
            self._heading = tag
        if self.found and attrs.get(THUMBNAIL_ATTRIBUTE):
            self.found[-1]["cards"].append(attrs[THUMBNAIL_ATTRIBUTE])
        if tag in ("p", "li", "td", "th", "br", "div", "figure", "dd", "dt") and self.found:
            self.found[-1]["text"].append(" ")

    def handle_endtag(self, tag):
        if tag in SKIPPED_TAGS or (tag == "figure" and self.sections_only):
            self._skipping = max(0, self._skipping - 1)
        if tag == self._heading:
            self._heading = None

    def handle_data(self, data):
        if not self.found or self._skipping:
            return
        self.found[-1]["title" if self._heading else "text"].append(data)


def plain_words(html: str) -> str:
    parser = _Sections()
    parser.found.append({"title": [], "text": [], "cards": []})
    parser.feed(str(html))
    return _squeezed("".join(parser.found[0]["text"]))


def card_markers(html: str) -> list[str]:
    return re.findall(rf'{THUMBNAIL_ATTRIBUTE}="([^"]+)"', str(html))


def _squeezed(text: str) -> str:
    """Words as a search reads them: spaces squeezed, and no word joiner (pnp.typography.ranges_held
    holds "11–13" whole on the page; in the index it would glue itself to "11")."""
    return re.sub(r"\s+", " ", text.replace(WORD_JOINER, "")).strip()


def _folded(text: str) -> str:
    return text.replace("’", "'").casefold()


def _naming(forms) -> re.Pattern | None:
    """A pattern that finds any of `forms` as whole words."""
    forms = sorted({_folded(form) for form in forms if form}, key=len, reverse=True)
    if not forms:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(form) for form in forms) + r")(?!\w)")


def _names(pattern: re.Pattern | None, text: str) -> bool:
    return bool(pattern and pattern.search(_folded(text)))


def face_words(env, deck, card, game=None) -> str:
    """The words a card's face prints, from its layout rendered as HTML (no typesetting)."""
    from pnp.render.fitting import FitState
    from pnp.render.templates import deck_view, game_view, plain_view, render

    try:
        shown = {"game": game_view(game)} if game is not None else {}
        html = render(env.get_template(deck.face), card=plain_view(card), deck=deck_view(deck),
                      fit=FitState().sizer(0), **shown)
    except Exception:          # a layout that needs the engine's tables: its data's words suffice
        return ""
    return printed_words(html)


def reference_names(cards: list, deck_title: str) -> dict:
    """card id -> what the reference calls the card: its name, else its deck's title when the
    deck holds no other card (Verdun's Assault token), else its id."""
    ids: dict = {}
    for card in cards:
        ids.setdefault(str(card.id), card)
    return {card_id: card_name(card, deck_title if len(ids) == 1 else card_id) for card_id, card in ids.items()}


def _card_entries(loaded: list, modules: dict, env=None, titles: dict | None = None, game=None) -> list[CardEntry]:
    entries, taken = [], set()
    for deck in loaded:
        counts: dict = {}
        first: dict = {}
        for card in deck.cards:
            counts[str(card.id)] = counts.get(str(card.id), 0) + 1
            first.setdefault(str(card.id), card)
        word_fields = getattr(type(next(iter(first.values()), None)), "WORD_FIELDS", ())
        deck_title = (titles or {}).get(deck.deck.key, deck.deck.title)
        names = reference_names(deck.cards, deck_title)
        for card_id, card in first.items():
            anchor = base = card_anchor(deck.deck.key, card_id)
            number = 1
            while anchor in taken:
                number += 1
                anchor = f"{base}-{number}"
            taken.add(anchor)
            name = names[card_id]
            words = []
            for field in word_fields:
                value = getattr(card, field, None)
                words += [str(v) for v in value] if isinstance(value, list) else [str(value)] if value else []
            words = [w for w in words if w and w != name]
            values = tuple((field, str(value)) for field, value in card.model_dump().items()
                           if field not in word_fields and field not in NAME_FIELDS and field not in ("id", "count")
                           and field not in type(card).ICON_FIELDS and isinstance(value, (str, int))
                           and not isinstance(value, bool) and value != "")
            entries.append(CardEntry(anchor, deck.deck.key, deck_title,
                                     modules.get(deck.deck.module),
                                     card_id, name, tuple(words), values, counts[card_id],
                                     face_words(env, deck.deck, card, game) if env is not None else ""))
    return entries


def _setup_strings(value) -> list[str]:
    if isinstance(value, dict):
        return [s for item in value.values() for s in _setup_strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in _setup_strings(item)]
    return [str(value)] if isinstance(value, str) else []


def build_reference(project, game, loaded: list, results: dict, examples: list = (), card=None) -> Reference:
    """The reference of `game` in its language (`game.in_language(...)` for another), every
    module's cards included. `card` draws a chapter's card (the site passes its pictures);
    `examples` are the game's worked examples, for what each one's setup names."""
    body: RulebookBody = rulebook_body(project, game, loaded, results, card or marker_card(loaded))
    parser = _Sections(sections_only=True)
    parser.feed(str(body.html))
    headings = {h.anchor: h for h in body.headings}
    from pnp.render.templates import environment, printed_card

    printed = [replace(d, cards=[printed_card(card, game) for card in d.cards]) for d in loaded]
    cards = _card_entries(printed, {m.key: m.title for m in game.modules},
                          environment(project.layouts, game.inline_icons),
                          {d.key: d.title for d in game.declared_decks}, game)
    by_marker = {f"{c.deck}:{c.id}": c.anchor for c in cards}
    sections = [Section(found["anchor"], found["level"], headings[found["anchor"]].number if found["anchor"]
                        in headings else None, _squeezed("".join(found["title"])), _squeezed("".join(found["text"])),
                        tuple(dict.fromkeys(by_marker[m] for m in found["cards"] if m in by_marker)))
                for found in parser.found]
    titles = {s.anchor: s.title for s in sections}
    terms = [TermEntry(f"term-{slug(t.term)}", t, titles.get(t.rule, t.rule)) for t in load_glossary(project, game)]
    ruling_entries = [RulingEntry(f"ruling-{slug(str(r['id']))}", str(r["id"]), str(r["topic"]), str(r.get("source", "")),
                                  str(r["question"]), str(r["ruling"]), str(r["why"]))
                      for r in rulings(project, game)]
    setups = {str(e.id): _setup_strings(e.setup) for e in examples}
    example_entries = []
    for printed in body.examples:
        drawn = [by_marker[m] for m in card_markers(printed.html) if m in by_marker]
        named = [c.anchor for c in cards if str(c.id) in setups.get(printed.id, ())]
        said = EXAMPLE_WORDS.search(str(printed.html))
        example_entries.append(ExampleEntry(f"example-{slug(printed.id)}", printed.id, printed.title, printed.html,
                                            printed.under, plain_words(printed.html),
                                            tuple(dict.fromkeys(drawn + named)),
                                            plain_words(said.group(1)) if said else ""))
    return _linked(game, body.html, sections, terms, cards, ruling_entries, example_entries)


def _linked(game, body, sections, terms, cards, ruling_entries, example_entries) -> Reference:
    """Every cross link, both ways."""
    card_names = {c.anchor: _naming([c.name]) if len(c.name) >= MIN_NAME_LETTERS else None for c in cards}
    term_forms = {t.anchor: _naming(t.term.forms) for t in terms}
    linked_cards = []
    for card in cards:
        printed = " ".join((card.name, *card.words))
        linked_cards.append(replace(
            card,
            rules=tuple(s.anchor for s in sections if card.anchor in s.cards
                        or _names(card_names[card.anchor], s.text)),
            rulings=tuple(r.anchor for r in ruling_entries if _names(card_names[card.anchor], r.text)),
            examples=tuple(e.anchor for e in example_entries if card.anchor in e.cards),
            terms=tuple(t.anchor for t in terms if _names(term_forms[t.anchor], printed))))
    linked_terms = [replace(t, cards=tuple(c.anchor for c in linked_cards if t.anchor in c.terms),
                             rulings=tuple(r.anchor for r in ruling_entries if _names(term_forms[t.anchor], r.text)))
                    for t in terms]
    linked_rulings = [replace(r, cards=tuple(c.anchor for c in linked_cards if r.anchor in c.rulings),
                               terms=tuple(t.anchor for t in linked_terms if r.anchor in t.rulings))
                      for r in ruling_entries]
    return Reference(game.key, game.title, game.language, body, tuple(sections), tuple(linked_terms),
                     tuple(linked_cards), tuple(linked_rulings), tuple(example_entries))
