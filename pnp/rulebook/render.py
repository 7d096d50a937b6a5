"""Rendering a rulebook: Jinja over the Markdown (sandboxed), markdown-it, a layout, WeasyPrint.

Numbers in the prose come from the engine through Jinja (`{{ ex["id"].total }}`, tables the
game computes); example blocks print as a diagram plus the engine's results; headings are
numbered and gathered into a table of contents whose page numbers WeasyPrint fills in.
"""

import re
from dataclasses import dataclass

import yaml
from jinja2 import TemplateSyntaxError, UndefinedError
from markupsafe import Markup

from pnp.errors import DataError, Problem, RenderError
from pnp.project import Project
from pnp.render.active_content import active_markup_problems
from pnp.render.fitting import FitState
from pnp.render.papers import paper_size
from pnp.render.pdf_tags import FIGURE_ALT
from pnp.render.printed_words import card_name, printed_words
from pnp.render.source_lines import mark_source_lines
from pnp.render.templates.syntax import syntax_error_place
from pnp.render.templates.views import ByDeck, UnknownDeck
from pnp.suggest import did_you_mean, listed
from pnp.render.templates import (card_view, deck_view, environment, game_view, limit_problem, plain_view,
                                  printed_card, render, template_line)
from pnp.rulebook.anchors import ANCHOR_LEVELS, heading_anchors
from pnp.rulebook.listings import fonts_credited, icon_credits, printed_rulings, prints_code, rulings, used_icons
from pnp.rulebook.literal_icons import literal_icon_problems
from pnp.rulebook.pagination import BLOCK_NUMBER, CHAPTER_NUMBER, INTRO_ENDINGS
from pnp.typography import CHAPTER_ATTRIBUTE
from pnp.rulebook.source import EXAMPLE_INFO, markdown, source_files

THUMBNAIL_SCALE = 0.5
SMALL_PAGE_MM = 160              # narrower pages (a booklet's A5) are `small-page` to the rulebook's stylesheets
CHAPTER_CLASS = "chapter"
LEAD_IN_CLASS = "lead-in"
FIRST_TAG = re.compile(r"<[a-zA-Z][a-zA-Z0-9]*")
REPEATED_PHRASE = re.compile(r"\b(\w+(?: \w+)+?)(?: \1\b)+")    # "2 spades 2 spades"; not "gall gall"


@dataclass(frozen=True)
class Heading:
    level: int
    number: str | None         # 1, 1.2; an h3 has none
    title: str
    anchor: str


ANY_DECK = "*"


class UnknownCard(RenderError):
    """A chapter's card(deck, id) names a card its deck does not have."""

    def __init__(self, deck: str, card_id, ids: list[str]):
        self.deck, self.card_id, self.ids = deck, card_id, ids
        super().__init__(f"the rulebook shows the card '{card_id}', which the {deck} lack")


def find_card(loaded: list, deck_key: str, card_id: str):
    """(deck, card) for a chapter's card(deck, id); card("*", id) is the deck that holds the id."""
    decks = {d.deck.key: d for d in loaded}
    if deck_key == ANY_DECK:
        deck_key = next((key for key, d in decks.items() if any(c.id == card_id for c in d.cards)), deck_key)
    loaded_deck = decks.get(deck_key)
    if loaded_deck is None:
        raise UnknownDeck("card(...)", deck_key, list(decks))
    found = next((c for c in loaded_deck.cards if c.id == card_id), None)
    if found is None:
        raise UnknownCard(loaded_deck.deck.title, card_id, [str(c.id) for c in loaded_deck.cards])
    return loaded_deck.deck, found


def thumbnails(env, loaded: list, game=None):
    """`card(deck, id)` for chapters: the real card face, rendered from the deck's own layout and
    scaled into the page. A plain function, so a chapter reaches nothing behind it."""
    def card(deck_key: str, card_id: str, scale: float = THUMBNAIL_SCALE) -> Markup:
        deck, found = find_card(loaded, deck_key, card_id)
        face = render(env.get_template(deck.face), card=card_view(found, game), deck=deck_view(deck),
                      fit=FitState().sizer(0), **({"game": game_view(game)} if game is not None else {}))
        face = Markup(" ".join(face.splitlines()))   # one line: the chapter's lines after it keep their numbers
        return Markup(
            f'<span class="thumb" data-pnp-thumbnail="{deck.key}:{found.id}" '
            f'{FIGURE_ALT}="{Markup.escape(card_description(deck, found, face))}" style="width: {deck.width_mm * scale:.2f}mm; '
            f'height: {deck.height_mm * scale:.2f}mm">'
            f'<span class="thumb-card" style="width: {deck.width_mm}mm; height: {deck.height_mm}mm; '
            f'{_thumbnail_geometry(deck)}transform: scale({scale})">{face}</span></span>')
    return card


def card_description(deck, card, face: str) -> str:
    """A card drawn in a chapter in words, for the tagged PDF: its name, its deck, and what its
    face prints (its values and text, in the rulebook's language)."""
    name = card_name(card)
    printed = printed_words(face)
    if name:
        printed = " ".join(printed.replace(name, " ").split())
    printed = REPEATED_PHRASE.sub(r"\1", printed)         # a corner index printed twice, said once
    head = f"{name} ({deck.title})" if name else deck.title
    return f"{head}: {printed}" if printed else head


def _thumbnail_geometry(deck) -> str:
    """The deck's own card size and bleed, for layouts/rulebook-base.css to place the face's
    .bleed and .trim boxes as layouts/deck.html does on the card sheets (any size, any bleed)."""
    bleed, width, height = deck.bleed_mm, deck.width_mm, deck.height_mm
    return (f"--thumb-bleed: {bleed:g}mm; --thumb-bleed-offset: {-bleed:g}mm; --thumb-trim-width: {width:g}mm; "
            f"--thumb-trim-height: {height:g}mm; --thumb-bleed-width: {width + 2 * bleed:g}mm; "
            f"--thumb-bleed-height: {height + 2 * bleed:g}mm; ")


def _number_headings(tokens) -> list[Heading]:
    """Number chapters (h1) and sections (h2) for the contents; give every heading to h3 its
    stable anchor (pnp.rulebook.anchors: its words, not its number)."""
    found, chapter, section = [], 0, 0
    for index, token in enumerate(tokens):
        if token.type != "heading_open" or int(token.tag[1]) not in ANCHOR_LEVELS:
            continue
        inline = tokens[index + 1]
        number = None
        if token.tag == "h1":
            chapter, section = chapter + 1, 0
            number = str(chapter)
        elif token.tag == "h2":
            section += 1
            number = f"{chapter}.{section}"
        # The children carry the typographer's quotes and dashes, as the heading prints.
        title = "".join(child.content for child in inline.children or ()
                        if child.type in ("text", "code_inline")) or inline.content
        found.append((token, number, title))
    anchors = heading_anchors([(int(token.tag[1]), title) for token, _, title in found])
    headings = []
    for (token, number, title), anchor in zip(found, anchors):
        token.attrSet("id", anchor)
        if number is not None:
            token.attrSet("data-number", number)
        headings.append(Heading(int(token.tag[1]), number, title, anchor))
    return headings


def _mark_chapter_lines(tokens, parts: list[str], shown: list[str]) -> None:
    """Each block of the chapters tagged with its chapter file and line, for the layout checks
    (the line of the chapter as Jinja rendered it: the source's, unless a loop added lines)."""
    starts, line = [], 0
    for part in parts:
        starts.append(line)
        line += part.count("\n") + 2
    for token in tokens:
        if not token.map or (token.nesting != 1 and token.type not in ("html_block", "fence")):
            continue
        index = max(i for i, start in enumerate(starts) if start <= token.map[0])
        line = token.map[0] - starts[index] + 1
        if token.type == "html_block":         # HTML written in the chapter: its own tags marked
            token.content = mark_source_lines(token.content, shown[index], line, jinja=False)
        elif token.type == "fence":            # an example: its tags carry its layout's lines
            token.meta = {**(token.meta or {}), "at": f"{shown[index]}:{line}"}
        else:
            token.attrSet("data-pnp-at", f"{shown[index]}:{line}")


def _number_blocks(tokens) -> None:
    """Each block of the chapters numbered (`data-block`), for the re-flow to name it."""
    number = 0
    for token in tokens:
        if token.level != 0 or not (token.nesting == 1 or token.type in ("html_block", "fence")):
            continue
        number += 1
        if token.type == "html_block":
            token.content = FIRST_TAG.sub(lambda m: f'{m.group(0)} {BLOCK_NUMBER}="{number}"', token.content, count=1)
        elif token.type == "fence":
            token.meta = {**(token.meta or {}), "block": number}
        else:
            token.attrSet(BLOCK_NUMBER, str(number))


def _mark_lead_ins(tokens) -> None:
    """A paragraph of a chapter that ends with a colon introduces what follows: `lead-in`, kept
    with it on its page (layouts/rulebook-base.css); so does a list whose last item does ("5. Deal
    as follows:" over the table of hands)."""
    opened = []
    for index, token in enumerate(tokens[:-1]):
        if token.type == "paragraph_open" and token.level == 0 and \
                tokens[index + 1].content.rstrip().endswith(INTRO_ENDINGS):
            token.attrJoin("class", LEAD_IN_CLASS)
        elif token.type in ("bullet_list_open", "ordered_list_open") and token.level == 0:
            opened.append(token)
        elif token.type in ("bullet_list_close", "ordered_list_close") and token.level == 0 and opened:
            start = opened.pop()
            said = next((t.content for t in reversed(tokens[:index]) if t.type == "inline"), "")
            if said.rstrip().endswith(INTRO_ENDINGS):
                start.attrJoin("class", LEAD_IN_CLASS)


def _in_chapters(tokens) -> list:
    """Each chapter (an h1 and what follows it) in its own <section class="chapter">: what the
    rulebook's re-flow tightens when a chapter's last page would be near empty."""
    from markdown_it.token import Token

    def tag(text: str):
        token = Token("html_block", "", 0)
        token.content = text
        return token

    wrapped, opened = [], 0
    for token in tokens:
        if token.type == "heading_open" and token.tag == "h1" and token.level == 0:
            if opened:
                wrapped.append(tag("</section>\n"))
            opened += 1
            wrapped.append(tag(f'<section class="{CHAPTER_CLASS}" {CHAPTER_NUMBER}="{opened}">\n'))
        wrapped.append(token)
    if opened:
        wrapped.append(tag("</section>\n"))
    return wrapped


@dataclass(frozen=True)
class RulebookBody:
    """The chapters rendered to HTML, before the layout: what the PDF prints and what the
    rules reference shows."""

    html: Markup
    headings: list[Heading]        # every anchored heading, h1 to h3 (an h3 has no number)
    context: dict                  # what the chapters were rendered with (for the layout)
    examples: list = ()            # PrintedExample, in the order they print


@dataclass(frozen=True)
class PrintedExample:
    id: str
    title: str
    html: Markup                   # the figure as the rulebook prints it
    under: str | None              # the anchor of the heading it prints under


def rulebook_body(project: Project, game, loaded: list, results: dict, card=None) -> RulebookBody:
    """The chapters as HTML. `card` draws a chapter's card(deck, id): by default the card's own
    face, scaled (the PDF); the rules reference passes one that shows its picture."""
    env = environment(project.layouts, game.inline_icons)
    prose = environment(project.layouts, game.inline_icons, trim=False)
    card = card or thumbnails(env, loaded, game)
    context = {"counts": ByDeck("counts", {d.deck.key: len(d.cards) for d in loaded}),
               "components": [{"key": d.deck.key, "title": d.deck.title, "count": len(d.cards)} for d in loaded],
               "deck_cards": ByDeck("deck_cards", {d.deck.key: [printed_card(c, game) for c in d.cards]
                                                   for d in loaded})}
    context.update(game.rulebook_context(loaded))
    context = plain_view(context)
    sources = source_files(project, game.key, game.language, game.source_language)
    context.update(ex=results, card=card, rulings=printed_rulings(rulings(project, game), game.language),
                   fonts=fonts_credited(project, game, prints_code([source.text for source in sources])))
    context["icon_authors"], context["other_icons"] = icon_credits(project, used_icons(project, game, loaded))
    shown_game = game_view(game)
    parts, shown, problems = [], [], []
    for source in sources:
        shown.append(str(source.shown))
        problems += literal_icon_problems(source.text, str(source.shown), game.inline_icons)
        try:
            parts.append(render(prose.from_string(source.text), **{"game": shown_game, **context}))
        except Exception as error:      # any fault of a chapter: its FILE:LINE, never a traceback
            problems.append(_prose_problem(error, source))
    if problems:
        raise DataError(problems)
    md = markdown(game.language)
    try:
        figure = env.get_template(f"{game.key}/example.html")
    except Exception as error:
        raise limit_problem(error, project.layouts, f"layouts/{game.key}/example.html") from None

    def render_fence(renderer, tokens, index, options, env_):
        token = tokens[index]
        if token.info.strip() != EXAMPLE_INFO:
            return f"<pre><code>{Markup.escape(token.content)}</code></pre>\n"
        example = yaml.safe_load(token.content)
        result = results[example["id"]]
        html = render(figure, example=example, result=result, game=shown_game, card=card,
                      words=game.describe_example(example["kind"], example["setup"], result),
                      diagram=game.example_cards(example["kind"], example["setup"], result))
        under = next((t.attrGet("id") for t in reversed(tokens[:index]) if t.type == "heading_open"
                      and t.attrGet("id")), None)
        printed.append(PrintedExample(str(example["id"]), str(example.get("title", example["id"])), Markup(html),
                                      under))
        meta = token.meta or {}
        marks = "".join(f' {name}="{Markup.escape(meta[key])}"' for name, key in
                        ((CHAPTER_ATTRIBUTE, "at"), (BLOCK_NUMBER, "block")) if key in meta)
        return FIRST_TAG.sub(lambda m: m.group(0) + marks, html, count=1)

    md.add_render_rule("fence", render_fence)
    printed: list[PrintedExample] = []
    try:
        tokens = md.parse("\n\n".join(parts))
        _mark_chapter_lines(tokens, parts, shown)
        headings = _number_headings(tokens)
        _mark_lead_ins(tokens)
        _number_blocks(tokens)
        tokens = _in_chapters(tokens)
        html = md.renderer.render(tokens, md.options, {})
    except DataError:
        raise
    except Exception as error:          # a fault of an example's layout: FILE:LINE
        raise limit_problem(error, project.layouts, f"layouts/{game.key}/example.html") from None
    running = active_markup_problems(html, shown[0] if shown else f"card_data/{game.key}/rulebook")
    if running:
        raise DataError(running)
    return RulebookBody(Markup(html), headings, context, printed)


def render_rulebook_html(project: Project, game, loaded: list, results: dict, page_size: str,
                         body: RulebookBody | None = None, booklet: bool = False) -> str:
    """The rulebook's whole HTML; `booklet`: it ends with a back cover (pnp.rulebook.booklet)."""
    body = body or rulebook_body(project, game, loaded, results)
    try:
        layout = environment(project.layouts, game.inline_icons).get_template(f"{game.key}/rulebook.html")
        width, height = paper_size(page_size)
        return render(layout, body=body.html, headings=[h for h in body.headings if h.number is not None],
                      game=game_view(game), page_size=f"{width:g}mm {height:g}mm", small_page=width < SMALL_PAGE_MM,
                      booklet=booklet, **body.context)
    except Exception as error:          # a fault of the rulebook's layouts: FILE:LINE
        raise limit_problem(error, project.layouts, f"layouts/{game.key}/rulebook.html") from None


def _prose_problem(error: Exception, source) -> Problem:
    """A fault in a rulebook chapter, at its line of the Markdown file (memory spent is no fault of
    the chapter's: it stays the memory cap's, told in its one line)."""
    if isinstance(error, MemoryError):
        raise error
    _, line = template_line(error, None, pseudo=str(source.shown))
    message = getattr(error, "message", None) or str(error) or type(error).__name__
    names = ("ex, card, counts, components, deck_cards, rulings, fonts, icon_authors, other_icons and the game's "
             "own tables")
    if isinstance(error, DataError):
        return error.problems[0]
    if hasattr(error, "problem_at"):        # words the chapter asked for that its language does not have
        return error.problem_at(source.shown, line)
    if isinstance(error, UnknownDeck):
        return Problem(source.shown, line, error.table, f"a deck key of the game ({', '.join(error.decks)})",
                       f"'{error.key}'", did_you_mean(str(error.key), error.decks,
                                                      "Use one of the game's deck keys (game.yaml, `key:`)"))
    if isinstance(error, UnknownCard):
        return Problem(source.shown, line, "card(...)", f"a card id of the {error.deck}", f"'{error.card_id}'",
                       did_you_mean(str(error.card_id), error.ids, f"Their ids are {listed(str(error.card_id), error.ids)}"))
    if isinstance(error, RenderError):
        return Problem(source.shown, line, "card(...)", "a deck key and a card id of the game", message)
    if isinstance(error, UndefinedError):
        return Problem(source.shown, line, "(rulebook)", f"names the rulebook context has ({names}; "
                       "docs/rulebook.md)", message, "Fix the name, or cite an example id that exists")
    if isinstance(error, TemplateSyntaxError):
        line, fix = syntax_error_place(error)
        return Problem(source.shown, line, "(rulebook)", "a complete Jinja template in the chapter", message, fix)
    return Problem(source.shown, line, "(rulebook)", "a chapter that renders within pnp's limits "
                   "(pnp/limits.py)", f"{type(error).__name__}: {message}")
