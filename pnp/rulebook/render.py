"""Rendering a rulebook: Jinja over the Markdown (sandboxed), markdown-it, a layout, WeasyPrint.

Numbers in the prose come from the engine through Jinja (`{{ ex["id"].total }}`, tables the
game computes); example blocks print as a diagram plus the engine's results; headings are
numbered and gathered into a table of contents whose page numbers WeasyPrint fills in.
"""

import re
from dataclasses import dataclass

import yaml
from jinja2 import TemplateError
from markupsafe import Markup

from pnp.errors import RenderError
from pnp.project import Project
from pnp.render.fitting import FitState
from pnp.render.sheet_layout import HALF_PAPERS_MM, PAPERS_MM
from pnp.render.templates import environment
from pnp.rulebook.source import EXAMPLE_INFO, markdown, source_files

THUMBNAIL_SCALE = 0.5
PAGE_SIZES_MM = {**PAPERS_MM, **HALF_PAPERS_MM}


@dataclass(frozen=True)
class Heading:
    level: int
    number: str
    title: str
    anchor: str


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


class Thumbnails:
    """Real card faces, rendered from the decks' own layouts, scaled into the page."""

    def __init__(self, env, loaded: list):
        self.env = env
        self.decks = {d.deck.key: d for d in loaded}

    def __call__(self, deck_key: str, card_id: str, scale: float = THUMBNAIL_SCALE) -> Markup:
        loaded = self.decks.get(deck_key)
        if loaded is None:
            raise RenderError(f"the rulebook shows a card of the deck '{deck_key}', which the game lacks")
        card = next((c for c in loaded.cards if c.id == card_id), None)
        if card is None:
            raise RenderError(f"the rulebook shows the card '{card_id}', which the {loaded.deck.title} lack")
        deck = loaded.deck
        face = self.env.get_template(deck.face).render(card=card, deck=deck, fit=FitState().sizer(0))
        return Markup(
            f'<span class="thumb" style="width: {deck.width_mm * scale:.2f}mm; '
            f'height: {deck.height_mm * scale:.2f}mm">'
            f'<span class="thumb-card" style="width: {deck.width_mm}mm; height: {deck.height_mm}mm; '
            f'transform: scale({scale})">{face}</span></span>')


def _rulings(project: Project, game) -> list:
    path = project.card_data / game.key / "rulings.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else []


def _fonts(project: Project) -> list:
    path = project.fonts / "fonts.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else []


def _icon_authors(project: Project) -> dict:
    """Author -> icon names, from layouts/icons/credits.yaml."""
    credits = yaml.safe_load((project.layouts / "icons" / "credits.yaml").read_text(encoding="utf-8"))
    authors: dict = {}
    for name, entry in sorted(credits.items()):
        for author in entry["authors"]:
            authors.setdefault(author.replace("-", " ").title(), []).append(name)
    return dict(sorted(authors.items()))


def _number_headings(tokens) -> list[Heading]:
    """Number chapters (h1) and sections (h2); give each an anchor for the contents."""
    headings, chapter, section = [], 0, 0
    for index, token in enumerate(tokens):
        if token.type != "heading_open" or token.tag not in ("h1", "h2"):
            continue
        inline = tokens[index + 1]
        if token.tag == "h1":
            chapter, section = chapter + 1, 0
            number = str(chapter)
        else:
            section += 1
            number = f"{chapter}.{section}"
        # The children carry the typographer's quotes and dashes, as the heading prints.
        title = "".join(child.content for child in inline.children or ()
                        if child.type in ("text", "code_inline")) or inline.content
        anchor = f"s{number.replace('.', '-')}-{_slug(title)}"
        token.attrSet("id", anchor)
        token.attrSet("data-number", number)
        headings.append(Heading(int(token.tag[1]), number, title, anchor))
    return headings


def render_rulebook_html(project: Project, game, loaded: list, results: dict, page_size: str) -> str:
    env = environment(project.layouts, game.inline_icons)
    prose = environment(project.layouts, game.inline_icons, trim=False)
    thumbnails = Thumbnails(env, loaded)
    context = dict(game.rulebook_context(loaded))
    context.update(ex=results, card=thumbnails, rulings=_rulings(project, game),
                   fonts=_fonts(project), icon_authors=_icon_authors(project))
    parts = []
    for source in source_files(project, game.key):
        try:
            parts.append(prose.from_string(source.text).render(**context))
        except TemplateError as error:
            line = getattr(error, "lineno", None)
            raise RenderError(f"{source.shown}:{line or '?'}: {error}") from None
    md = markdown()
    figure = env.get_template(f"{game.key}/example.html")

    def render_fence(renderer, tokens, index, options, env_):
        token = tokens[index]
        if token.info.strip() != EXAMPLE_INFO:
            return f"<pre><code>{Markup.escape(token.content)}</code></pre>\n"
        example = yaml.safe_load(token.content)
        result = results[example["id"]]
        return figure.render(example=example, result=result, game=game, card=thumbnails,
                             words=game.describe_example(example["kind"], example["setup"], result),
                             diagram=game.example_cards(example["kind"], example["setup"], result))

    md.add_render_rule("fence", render_fence)
    tokens = md.parse("\n\n".join(parts))
    headings = _number_headings(tokens)
    body = Markup(md.renderer.render(tokens, md.options, {}))
    layout = env.get_template(f"{game.key}/rulebook.html")
    return layout.render(body=body, headings=headings, game=game, page_size="{:g}mm {:g}mm".format(*PAGE_SIZES_MM[page_size]),
                         **context)


def render_rulebook(project: Project, game, loaded: list, results: dict, page_size: str) -> bytes:
    """The rulebook as a PDF; card thumbnails are checked for text that does not fit."""
    from pnp.render.cache import RenderCache

    what = f"{game.title} rulebook"
    html = render_rulebook_html(project, game, loaded, results, page_size)
    cache = RenderCache(project.root)
    key = cache.key("rulebook", html)
    cached = cache.get(key)
    if cached is not None:
        return cached
    from pnp.render.fitting import overflows
    from pnp.render.weasy import Renderer   # WeasyPrint loads only when something renders

    renderer = Renderer(project)
    document = renderer.layout(html, what)
    for number, page in enumerate(document.pages, 1):
        for name, _ratio in overflows(page):
            raise RenderError(f"{what}, page {number}: a card's {name} text does not fit its box")
    return cache.put(key, renderer.pdf(document, what))
