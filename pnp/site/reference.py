"""The rules reference's pages on the download site: a folder per game and language
(`GAME/reference/`, `GAME/reference-en/` for a French game's English), with the rules, the
glossary, the cards, the rulings and the examples, each entry at its anchor, a picture of every
card, the icons the text draws, and the search index (a script, so that the search works from
disk too). The pages' words are the site's, in layouts/site/words.yaml; each page links to the
same page of the game's reference in the site's other languages (to the game's page in a
language it does not print in)."""

import json
import re
from dataclasses import replace

from markupsafe import Markup

from pnp.errors import DataError, Problem
from pnp.project import Project
from pnp.reference.entries import THUMBNAIL_ATTRIBUTE, build_reference, card_anchor, reference_names
from pnp.reference.search import PAGES, documents
from pnp.rulebook.render import THUMBNAIL_SCALE, find_card
from pnp.site.languages import page_file, page_frame, page_words
from pnp.site.pictures import card_faces
from pnp.site.sanitise import sanitised

REFERENCE_INK = "#1d1b18"              # the site's ink: the colour of icons in card text
PICTURE_WIDTH_PX = 240                 # a card's picture on the cards page (and drawn in the rules)
SHOWN_PX_PER_MM = 96 / 25.4 * 1.5      # a card drawn in the rules: half again its size on paper
ICON_SOURCE = re.compile(r'src="(pnp-icon:[a-z0-9-]+/[0-9a-f]{6})"')
TABS = ("rules", "glossary", "cards", "faq", "examples")
TAB_PAGES = dict(zip(TABS, (PAGES["rule"], PAGES["term"], PAGES["card"], PAGES["ruling"], PAGES["example"])))


def reference_folder(game, language: str) -> str:
    return "reference" if language == game.language else f"reference-{language}"


def card_pictures(project: Project, game, loaded: list) -> dict:
    """anchor -> (PNG, (width, height)) of each distinct card's face. Each deck is rendered as
    the build of `game` (in the reference's language) renders it, its title in that language
    too, so that its pages are the ones the build laid out, read from the page cache."""
    from pnp.render.cards import render_deck

    found = {}
    shown_decks = {d.key: d for d in (*game.declared_decks, *game.decks)}
    for deck in loaded:
        pages = {}
        for index, card in enumerate(deck.cards):
            pages.setdefault(str(card.id), index)
        if not pages:
            continue
        context = game.deck_context(loaded) if deck.deck.uses_rules else None
        pdf = render_deck(project, game, shown_decks.get(deck.deck.key, deck.deck), deck.cards,
                          str(deck.located.file), context, deck.located)
        faces = card_faces(pdf, list(pages.values()), PICTURE_WIDTH_PX, f"the {deck.deck.title}")
        for card_id, face in zip(pages, faces):
            found[card_anchor(deck.deck.key, card_id)] = face
    return found


def _picture_card(loaded: list, pictures: dict, names: dict):
    """A chapter's card(deck, id) on the site: the card's picture, a link to its entry."""
    def card(deck_key: str, card_id: str, scale: float = THUMBNAIL_SCALE) -> Markup:
        deck, found = find_card(loaded, deck_key, card_id)
        anchor = card_anchor(deck.key, found.id)
        width, height = pictures[anchor][1]
        shown = round(deck.width_mm * scale * SHOWN_PX_PER_MM)
        return Markup(f'<a class="ref-card-link" href="{PAGES["card"]}#{anchor}" '
                      f'{THUMBNAIL_ATTRIBUTE}="{deck.key}:{found.id}"><img src="pictures/{anchor}.png" '
                      f'alt="{Markup.escape(names.get(anchor, found.id))}" width="{width}" height="{height}" '
                      f'style="width: {shown}px"></a>')
    return card


def _with_icons(project: Project, html: str, icons: dict) -> Markup:
    """The icon URLs of the typesetter made files of the folder (icons/NAME-COLOUR.svg)."""
    from pnp.render.fetcher import coloured_icon

    def swap(match: re.Match) -> str:
        url = match.group(1)
        name, colour = url.removeprefix("pnp-icon:").split("/")
        path = f"icons/{name}-{colour}.svg"
        if path not in icons:
            try:
                icons[path] = coloured_icon(project.root, project.layouts / "icons", url)
            except PermissionError as error:
                raise DataError([Problem(f"layouts/icons/{name}.svg", None, "(icon)", "an icon the site can copy",
                                         str(error))]) from None
        return f'src="{path}"'
    return Markup(ICON_SOURCE.sub(swap, str(html)))


def _card_words(project: Project, game, reference, icons: dict) -> dict:
    from pnp.render.templates.filters import rules_text

    return {card.anchor: [sanitised(_with_icons(project, rules_text(text, game.inline_icons, REFERENCE_INK), icons))
                          for text in card.words] for card in reference.cards}


def _decks(reference) -> list[dict]:
    decks: dict = {}
    for card in reference.cards:
        deck = decks.setdefault(card.deck, {"anchor": f"deck-{card.deck}", "title": card.deck_title,
                                            "module": card.module, "cards": []})
        deck["cards"].append(card)
    return list(decks.values())


def _headings_under_the_page_s(html: str) -> Markup:
    """The chapters one level down: the page's title is its h1, a chapter an h2."""
    return Markup(re.sub(r"<(/?)h([1-5])\b", lambda m: f"<{m.group(1)}h{int(m.group(2)) + 1}", str(html)))


def _letters(reference) -> list[tuple[str, str]]:
    """The glossary's initials, each with the anchor of its first term (accents aside: É is E)."""
    from pnp.reference.search import folded

    found: dict = {}
    for entry in reference.terms:
        found.setdefault(folded(entry.term.term)[:1].upper(), entry.anchor)
    return list(found.items())


def _without_ids(html: str) -> Markup:
    """An example's figure as the examples page shows it: its anchor is its section's."""
    return Markup(re.sub(r'(<figure\b[^>]*?)\sid="[^"]*"', r"\1", str(html), count=1))


def reference_files(project: Project, game, loaded: list, results: dict, examples: list, render_page,
                    common: dict, languages: list[str]) -> list[tuple[str, bytes]]:
    """Every file of the game's reference in each of `languages`, by site path; `render_page`
    renders a site template with the page's context; `common["site"]` is the site's languages
    and navigation (pnp.site.languages.page_frame)."""
    files: list[tuple[str, bytes]] = []
    for language in languages:
        shown = game.in_language(language)
        folder = f"{game.key}/{reference_folder(game, language)}"
        words = page_words(project, language)
        titles = {d.key: d.title for d in shown.declared_decks}
        names = {card_anchor(d.deck.key, card_id): name for d in loaded
                 for card_id, name in reference_names(d.cards, titles.get(d.deck.key, d.deck.title)).items()}
        pictures = card_pictures(project, shown, loaded)
        reference = build_reference(project, shown, loaded, results, examples, _picture_card(loaded, pictures, names))
        icons: dict = {}
        body = sanitised(_with_icons(project, _headings_under_the_page_s(reference.body), icons))
        hrefs, labels = _targets(reference)
        context = {"ref": reference, "words": words, "hrefs": hrefs, "names": labels, "pages": TAB_PAGES,
                   "tabs": [(key, words[key]) for key in TABS], "body": body,
                   "card_words": _card_words(project, shown, reference, icons), "decks": _decks(reference),
                   "letters": _letters(reference),
                   "pictures": {anchor: {"src": f"pictures/{anchor}.png", "width": size[0], "height": size[1]}
                                for anchor, (_, size) in pictures.items()}}
        context["ref"] = replace(reference, examples=tuple(
            replace(e, html=sanitised(_with_icons(project, _without_ids(e.html), icons))) for e in reference.examples))
        for key in TABS:
            def sibling(other: str, name: str = TAB_PAGES[key]) -> str:
                return f"../{reference_folder(game, other)}/{name}" if other in languages \
                    else f"../{page_file('index', other)}"
            frame = page_frame(common["site"], language, "../../", game.key, sibling)
            page = render_page(f"reference/{key}.html", page=key, page_title=words[key], **frame, **context)
            files.append((f"{folder}/{TAB_PAGES[key]}", page))
        index = [{"id": d.id, "kind": d.kind, "title": d.title, "text": d.text, "href": d.href, "excerpt": d.excerpt}
                 for d in documents(reference)]
        script = "window.PNP_REFERENCE = " + json.dumps(index, ensure_ascii=False, sort_keys=True) + ";\n"
        files.append((f"{folder}/search-index.js", script.encode()))
        files += [(f"{folder}/pictures/{anchor}.png", png) for anchor, (png, _) in sorted(pictures.items())]
        files += [(f"{folder}/{path}", data) for path, data in sorted(icons.items())]
    return files


def _targets(reference) -> tuple[dict, dict]:
    """Every entry's page#anchor and its name, by anchor."""
    hrefs, labels = {}, {}
    for section in reference.sections:
        hrefs[section.anchor] = f"{PAGES['rule']}#{section.anchor}"
        labels[section.anchor] = f"{section.number} {section.title}" if section.number else section.title
    for entry in reference.terms:
        hrefs[entry.anchor], labels[entry.anchor] = f"{PAGES['term']}#{entry.anchor}", entry.term.term
    for card in reference.cards:
        hrefs[card.anchor], labels[card.anchor] = f"{PAGES['card']}#{card.anchor}", card.name
    for ruling in reference.rulings:
        hrefs[ruling.anchor], labels[ruling.anchor] = f"{PAGES['ruling']}#{ruling.anchor}", f"{ruling.id} · {ruling.topic}"
    for example in reference.examples:
        hrefs[example.anchor], labels[example.anchor] = f"{PAGES['example']}#{example.anchor}", example.title
    return hrefs, labels

