"""Layouts checked without WeasyPrint: every card's HTML rendered in the sandbox with strict
undefined variables, each deck's document checked as the build hands it to the typesetter
(`check_document`: nesting, elements, text, inline SVG, stylesheets), every picture a page or a
stylesheet names drawable, every font a stylesheet names found in the project, and every
stylesheet free of what the typesetter would print without end (an @counter-style without a
bound, a string of a million characters) or picture at any cost (an @page ten metres tall).

A missing layout, a template syntax error, a field the cards do not have, an unknown icon or
font becomes a Problem naming the layout file and line (and the card's data line), so
`pnp check` reports it as `FILE:LINE: what is wrong; how to fix it`.
"""

import difflib
import math
from collections import deque
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

import tinycss2

from jinja2 import TemplateNotFound, TemplateSyntaxError, UndefinedError
from jinja2.exceptions import SecurityError
from markupsafe import Markup

from pnp.contained import LimitExceeded
from pnp.data.decks import LoadedDeck, icon_names, icon_problem, unknown_icon_fix
from pnp.errors import DataError, Problem
from pnp.files import project_files, read_bytes, read_text
from pnp.games.base import Game
from pnp.limits import MAX_COUNTER_TEXT, MAX_CSS_STRING
from pnp.project import Project
from pnp.render.boards import board_html
from pnp.render.cards import DOCUMENT_TEMPLATE
from pnp.render.fitting import FitState
from pnp.render.icons import html_tags, icon_url, image_problem, svg_problem
from pnp.render.papers import LARGEST_PAPER_MM
from pnp.render.templates import (
    STYLESHEET_EXPECTED,
    TemplateLimit,
    deck_view,
    new_environment,
    game_view,
    plain_view,
    render,
    template_line,
)

FONT_FACE_START = re.compile(r"@font-face\s*{")
FAMILY = re.compile(r"font-family\s*:\s*([^;}\"]*(?:\"[^\"]*\"[^;}\"]*)*)")
SOURCE = re.compile(r"url\(\s*+[\"']?+([^\"')]{1,4096}+)[\"']?+\s*+\)")
GENERIC_FAMILIES = {"serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "inherit",
                    "initial", "unset", "emoji", "math"}
CSS_URL = re.compile(r"""url\(\s*+(?:&#3[49];|&quot;|["'])?+([^"')&\s]{1,4096}+)""")
LIMITS_EXPECTED = "a layout that renders within pnp's limits (pnp/limits.py)"
MISSING_ATTRIBUTE = re.compile(r"has no attribute '([^']+)'")
UNDEFINED_NAME = re.compile(r"'([^']+)' is undefined")


class UnknownIcon(Exception):
    def __init__(self, name: str):
        self.name = name
        super().__init__(name)


def _card_words(loaded: LoadedDeck, index: int | None) -> str:
    if index is None:
        return f"the back of the {loaded.deck.title}"
    where = loaded.located.line_of((index,))
    return f"{loaded.located.field_name((index,))} of {loaded.located.file}:{where}"


def _render_problem(error: Exception, project: Project, loaded: LoadedDeck, index: int | None,
                    template: str) -> Problem:
    card = _card_words(loaded, index)
    if isinstance(error, TemplateNotFound):
        return Problem(f"layouts/{template}", None, "(layout)", f"the layout file {error.name} under layouts/",
                       "no such file", f"Create layouts/{error.name} or fix the name that includes it")
    if isinstance(error, TemplateSyntaxError):
        return Problem(f"layouts/{error.name or template}", error.lineno, "(template syntax)",
                       "a complete Jinja template", error.message or "a syntax error",
                       "Close every {% ... %} block and {{ ... }} expression")
    file, line = template_line(error, project.layouts)
    file = file or f"layouts/{template}"
    if isinstance(error, UnknownIcon):
        return Problem(file, line, "icon", f"an icon that exists (rendering {card})",
                       f"'{error.name}'", unknown_icon_fix(error.name, icon_names(project)))
    if isinstance(error, UndefinedError):
        attribute = MISSING_ATTRIBUTE.search(str(error))
        if attribute:
            fields = sorted(loaded.deck.card.model_fields)
            close = difflib.get_close_matches(attribute.group(1), fields, n=1)
            hint = f"Did you mean '{close[0]}'? " if close else ""
            return Problem(file, line, f"card.{attribute.group(1)}", "a field the cards of the "
                           f"{loaded.deck.title} have ({', '.join(fields)})",
                           f"'{attribute.group(1)}' (rendering {card})",
                           f"{hint}Fix the layout, or declare the field in game.yaml")
        name = UNDEFINED_NAME.search(str(error))
        return Problem(file, line, name.group(1) if name else "(variable)",
                       "a name the layout context has: card, deck, game, fit, icon and the deck's tables "
                       "(docs/layouts.md)", f"{error} (rendering {card})")
    if isinstance(error, SecurityError):
        return Problem(file, line, "(sandbox)", "only what the sandbox allows", str(error))
    met = f"Met rendering {card}"
    if isinstance(error, TemplateLimit):
        return error.problem(file, line, LIMITS_EXPECTED, met)
    if isinstance(error, (RecursionError, MemoryError)):
        return Problem(file, line, "(limit)", LIMITS_EXPECTED, str(error) or type(error).__name__, met)
    return Problem(file, line, "(layout)", "a layout that renders", f"{type(error).__name__}: {error}", met)


def _checking_environment(project: Project, game: Game):
    """The sandbox with an `icon` that refuses unknown or unsafe icons, kept for the process
    (each layout compiles once); the icons it knows are read afresh for every check."""
    env, known = _kept_checking_environment(project, tuple(sorted(game.inline_icons.items())))
    known.clear()
    known.update(icon_names(project))
    return env


@lru_cache(maxsize=8)
def _kept_checking_environment(project: Project, inline_icons: tuple):
    env = new_environment(project.layouts, dict(inline_icons), mark_lines=True)
    known: set = set()

    def icon(name, colour="#000000"):
        if name not in known:
            raise UnknownIcon(str(name))
        problem = icon_problem(project, name)
        if problem:
            raise TemplateLimit(f"layouts/icons/{name}.svg: {problem}")
        return icon_url(name, colour)
    env.globals["icon"] = icon
    return env, known


def layout_problems(project: Project, game: Game, loaded: list[LoadedDeck], context=None) -> list[Problem]:
    """Render every face and back of every deck as HTML, strictly, then each deck's document
    as the build hands it to the typesetter (checked as the build checks it: nesting,
    elements, text, SVG, stylesheets); report each fault once.

    `context` is a function giving the engine's tables, called only when a deck prints them.
    """
    env = _checking_environment(project, game)
    problems: dict = {}

    def report(found: list[Problem]) -> None:
        for problem in found:
            problems.setdefault((problem.file, problem.line, problem.field, problem.expected), problem)

    tables = None
    shown_game = game_view(game)
    for deck_loaded in loaded:
        deck = deck_loaded.deck
        extra = {}
        if deck.uses_rules:
            tables = tables if tables is not None else plain_view(context() if context else {})
            extra = tables
        pages = _deck_pages(project, env, deck_loaded, shown_game, extra, report)
        if pages is not None:
            report(_document_problems(project, env, deck_loaded, pages, shown_game, game.stylesheet))
    for board in game.boards:
        try:
            board_html(project, game, board)
        except DataError as error:     # reported like any card layout's fault
            report(error.problems)
    report(font_problems(project, game))
    report(stylesheet_problems(project))
    return list(problems.values())


def _deck_pages(project: Project, env, deck_loaded: LoadedDeck, shown_game, extra: dict, report) -> list | None:
    """Each face and back of a deck rendered as the build renders them (None after a fault)."""
    deck = deck_loaded.deck
    views = [plain_view(card) for card in deck_loaded.cards]
    jobs = [(deck.face, card, i) for i, card in enumerate(views)]
    if deck.backs:
        jobs += ([(deck.back, card, i) for i, card in enumerate(views)] if deck.per_card_back
                 else [(deck.back, None, None)])
    pages, faulty = [], False
    for template_name, card, index in jobs:
        try:
            template = env.get_template(template_name)
            html = render(template, card=card, deck=deck_view(deck), game=shown_game,
                          fit=FitState().sizer(0), **extra)
            pages.append(Markup(html))
            report(image_problems(project, template_name, html))
        except (LimitExceeded, MemoryError):
            raise                      # the memory is spent: nothing else can be checked
        except Exception as error:     # every other template fault is reported as a Problem
            report([_render_problem(error, project, deck_loaded, index, template_name)])
            faulty = True
    return None if faulty else pages


def _document_problems(project: Project, env, deck_loaded: LoadedDeck, pages: list, shown_game,
                       stylesheet: str) -> list[Problem]:
    """The deck's whole document, as the build hands it to the typesetter."""
    try:
        render(env.get_template(DOCUMENT_TEMPLATE), pages=pages, deck=deck_view(deck_loaded.deck),
               game=shown_game, stylesheet=stylesheet)
    except DataError as error:
        return list(error.problems)
    except (LimitExceeded, MemoryError):
        raise
    except Exception as error:     # a limit of the whole document, at the layout line it comes from
        file, line = template_line(error, project.layouts)
        file = file or f"layouts/{DOCUMENT_TEMPLATE}"
        met = f"Met in the document of the {deck_loaded.deck.title}, {len(pages)} pages"
        if isinstance(error, TemplateLimit):
            return [error.problem(file, line, LIMITS_EXPECTED, met)]
        return [Problem(file, line, "(layout)", "a layout that renders", f"{type(error).__name__}: {error}", met)]
    return []


def _picture_problem(project: Project, url: str) -> str | None:
    """Why the picture at `url` (as a page names it) cannot be drawn, read as the typesetter's
    fetcher reads it, or None."""
    if url.startswith("data:"):
        return "a picture written into the page (data:); pnp reads pictures from files of the project only"
    path = Path(os.path.normpath(project.root / unquote(urlsplit(url).path)))
    if "://" in url or url.startswith("/") or not path.is_relative_to(project.root):
        return "a file outside the project (or on the network)"
    try:
        data = read_bytes(path, str(path.relative_to(project.root)), project.root)
    except DataError as error:
        return error.problems[0].found or "a file pnp cannot read"
    return svg_problem(data) if path.suffix.lower() == ".svg" else image_problem(data)


def _marked_line(tag) -> int | None:
    mark = tag.attribute("data-pnp-at")
    line = mark.rpartition(":")[2] if mark else ""
    return int(line) if line.isdigit() else None


def _pictures_named(html: str) -> list[tuple[str, int | None]]:
    """(URL, layout line) of each picture a page names: an <img>'s `src`, a `url()` in a style
    attribute or a <style> element (outside its @font-face rules)."""
    found = []
    tags = list(html_tags(html))
    for index, tag in enumerate(tags):
        if tag.closing:
            continue
        urls = [tag.attribute("src") or ""] if tag.name == "img" else []
        urls += CSS_URL.findall(tag.attribute("style") or "") if "style" in tag.attributes else []
        if tag.name == "style" and tag.raw_text:
            end = tags[index + 1].start if index + 1 < len(tags) else len(html)
            urls += CSS_URL.findall(_without_font_faces(html[tag.end:end]))
        found += [(url, _marked_line(tag)) for url in urls if url]
    return found


def image_problems(project: Project, template_name: str, html: str) -> list[Problem]:
    """Every picture a page names (an <img>, a `url()` in its CSS) is a file inside the project
    that pnp can draw."""
    found, seen = [], set()
    for url, line in _pictures_named(html):
        if url.startswith(("pnp-icon:", "#")) or url in seen:
            continue
        seen.add(url)
        why = _picture_problem(project, url)
        if why:
            found.append(Problem(f"layouts/{template_name}", line, f"picture '{url}'", "a picture inside the "
                                 "project that pnp can draw", why))
    return found


def _sheet_picture_problems(project: Project, path: Path, shown: str, css: str) -> list[Problem]:
    """Every picture a stylesheet names outside its @font-face rules (a background, a list
    marker) is a file inside the project that pnp can draw; its URL is read from the sheet's
    folder, as the typesetter reads it."""
    found = []
    for rule in _parsed(css):
        if rule.type == "at-rule" and rule.lower_at_keyword in ("font-face", "import"):
            continue
        for token in _rule_tokens([rule]):
            url = token.value if token.type == "url" else (
                next((argument.value for argument in token.arguments if argument.type == "string"), None)
                if token.type == "function" and token.lower_name == "url" else None)
            if not url or url.startswith(("#", "pnp-icon:")):
                continue
            relative = os.path.relpath(os.path.normpath(path.parent / url), project.root) if "://" not in url else url
            why = _picture_problem(project, relative)
            if why:
                found.append(Problem(shown, token.source_line, f"url('{url}')", "a picture inside the project "
                                     "that pnp can draw", why))
    return found


def font_faces(css: str):
    """(start, end, body) of each @font-face rule, read in one pass (a rule left open ends the
    reading, as it ends the stylesheet)."""
    position = 0
    while (start := FONT_FACE_START.search(css, position)) is not None:
        close = css.find("}", start.end())
        if close < 0:
            return
        yield start.start(), close + 1, css[start.end():close]
        position = close + 1


def _without_font_faces(css: str) -> str:
    """The CSS with each @font-face rule blanked out, its line breaks kept."""
    parts, position = [], 0
    for start, end, _ in font_faces(css):
        parts += [css[position:start], "\n" * css.count("\n", start, end)]
        position = end
    return "".join(parts) + css[position:]


def _faces_declared(css: str) -> set[str]:
    """The families the @font-face rules of a stylesheet declare."""
    families = set()
    for _, _, body in font_faces(css):
        family = FAMILY.search(body)
        if family:
            families.add(family.group(1).strip().strip("\"'"))
    return families


def declared_families(project: Project) -> set[str]:
    """Every family an @font-face of the project's stylesheets declares (a stylesheet that
    cannot be read, or links out of the project, declares none: `pnp check` reports it)."""
    declared = set()
    for path in sorted(project.layouts.rglob("*.css")):
        try:
            declared |= _faces_declared(read_text(path, f"layouts/{path.relative_to(project.layouts)}", project.root))
        except DataError:
            continue
    return declared


def font_problems(project: Project, game: Game) -> list[Problem]:
    """Every font a layout names is declared by an @font-face whose file is in the project."""
    declared, problems = set(), []
    css_files = sorted(project.layouts.rglob("*.css"))
    texts = {}
    for path in css_files + sorted(project.layouts.rglob("*.html")):
        shown = f"layouts/{path.relative_to(project.layouts)}"
        try:
            texts[path] = read_text(path, shown, project.root)
        except DataError as error:
            problems += error.problems
    for path in css_files:
        if path not in texts:
            continue
        text = texts[path]
        shown = f"layouts/{path.relative_to(project.layouts)}"
        for start, end, body in font_faces(text):
            line = text.count("\n", 0, start) + 1
            declared |= _faces_declared(text[start:end])
            for url in SOURCE.findall(body):
                target = (path.parent / url).resolve()
                if not target.is_file() or not target.is_relative_to(project.root):
                    fonts = sorted(str(p.relative_to(project.root)) for p in project.fonts.rglob("*.woff*")
                                   if p.resolve().is_relative_to(project.root))
                    why = ("a link to a file outside the project" if not target.is_relative_to(project.root)
                           else "which does not exist")
                    problems.append(Problem(shown, line, "@font-face src", "a font file inside the project",
                                            f"'{url}', {why}", "The bundled fonts are: " + ", ".join(fonts)))
    for path, text in texts.items():
        shown = f"layouts/{path.relative_to(project.layouts)}"
        outside = _without_font_faces(text)
        for offset, css in _css_parts(outside, path.suffix == ".html"):
            for match in FAMILY.finditer(css):
                for family in match.group(1).split(","):
                    name = family.strip().strip("\"'")
                    if name and name not in declared and name.lower() not in GENERIC_FAMILIES and "{" not in name:
                        line = outside.count("\n", 0, offset + match.start()) + 1
                        close = difflib.get_close_matches(name, sorted(declared), n=1)
                        problems.append(Problem(shown, line, "font-family", "a font declared by an @font-face "
                                                f"rule ({', '.join(sorted(declared))}) or a generic family",
                                                f"'{name}'", f"Did you mean '{close[0]}'?" if close else
                                                "Add an @font-face rule for it, with a font file in fonts/"))
    return problems


STYLE_ATTRIBUTE = re.compile(r"""\bstyle\s*=\s*(?:"([^"]*)"|'([^']*)')""")
STYLE_START = re.compile(r"<style\b", re.I)


def _style_elements(html: str):
    """(start of its tag, end of its tag, CSS) of each <style> element of a page."""
    if not STYLE_START.search(html):
        return
    tags = list(html_tags(html))
    for index, tag in enumerate(tags):
        if tag.name == "style" and tag.raw_text:
            end = tags[index + 1].start if index + 1 < len(tags) else len(html)
            yield tag.start, tag.end, html[tag.end:end]


def _css_parts(text: str, html: bool):
    """(offset, CSS) of a stylesheet (all of it) or of an HTML layout (its <style> elements and
    style attributes: a family named in an attribute ends at the attribute's quote)."""
    if not html:
        yield 0, text
        return
    for _, tag_end, css in _style_elements(text):
        yield tag_end, css
    for match in STYLE_ATTRIBUTE.finditer(text):
        group = 1 if match.group(1) is not None else 2
        yield match.start(group), match.group(group)


# --- stylesheets: text the typesetter would print without end, pages too large to picture ------------


# The predefined additive styles (WeasyPrint's html5_ua.css) print numbers up to 19,999 at most.
PREDEFINED_ADDITIVE = frozenset({
    "armenian", "upper-armenian", "lower-armenian", "georgian", "hebrew", "lower-roman", "upper-roman",
    "japanese-informal", "japanese-formal", "korean-hangul-formal", "korean-hanja-informal",
    "korean-hanja-formal"})
PREDEFINED_ADDITIVE_RANGE = 19_999
GROWING_SYSTEMS = ("symbolic", "additive")


@dataclass(frozen=True)
class Sheet:
    """A stylesheet as the typesetter reads it: a file (`position` None) or a <style> element
    of a page (`position`: where its tag stands in the HTML)."""

    css: str
    shown: str
    position: int | None = None
    tag_end: int | None = None


@dataclass(frozen=True)
class StyleFault:
    sheet: Sheet
    line: int                 # in the sheet's text
    message: str
    fix: str = ""


def _tokens(nodes):
    """Every token of a parsed stylesheet, blocks and functions opened, without recursion."""
    stack = list(reversed(nodes))
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(getattr(node, "content", None) or []))
        stack.extend(reversed(getattr(node, "arguments", None) or []))


@lru_cache(maxsize=32)
def _parsed(css: str) -> tuple:
    """The rules of a stylesheet, parsed once for every check that reads them."""
    return tuple(tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True))


def _rule_tokens(rules):
    """Every token of the rules, their preludes and blocks opened."""
    for rule in rules:
        yield from _tokens(list(getattr(rule, "prelude", None) or []) + list(getattr(rule, "content", None) or []))


def _long_words(sheet: Sheet) -> list[StyleFault]:
    """Strings and names past MAX_CSS_STRING: `content` prints one on every element it styles."""
    return [StyleFault(sheet, token.source_line, f"a {token.type} of {len(token.value):,} characters, more than "
                       f"{MAX_CSS_STRING:,} (MAX_CSS_STRING)", "Shorten it")
            for token in _rule_tokens(_parsed(sheet.css))
            if token.type in ("string", "ident") and len(token.value) > MAX_CSS_STRING]


def _descriptors(rule) -> dict:
    return {item.lower_name: [token for token in item.value if token.type not in ("whitespace", "comment")]
            for item in tinycss2.parse_blocks_contents(rule.content or [], skip_comments=True, skip_whitespace=True)
            if item.type == "declaration"}


def _at_rules(sheets: list[Sheet], keyword: str):
    """(sheet, rule) of each @KEYWORD rule of the sheets, inside @media and the like too."""
    for sheet in sheets:
        waiting = deque(_parsed(sheet.css))
        while waiting:
            rule = waiting.popleft()
            if rule.type != "at-rule":
                continue
            if rule.lower_at_keyword == keyword:
                yield sheet, rule
            elif rule.content is not None:
                waiting.extendleft(reversed(tinycss2.parse_rule_list(rule.content, skip_comments=True,
                                                                     skip_whitespace=True)))


def _counter_rules(sheets: list[Sheet]) -> dict:
    """name -> (sheet, line, descriptors) of every @counter-style (a later one of a name wins,
    as in the cascade)."""
    return {tinycss2.serialize(rule.prelude).strip(): (sheet, rule.source_line, _descriptors(rule))
            for sheet, rule in _at_rules(sheets, "counter-style")}


MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "q": 0.25, "in": 25.4, "pt": 25.4 / 72, "pc": 25.4 / 6,
               "px": 25.4 / 96, "em": 25.4 / 6, "rem": 25.4 / 6}     # an em as the default 16 px


def _page_faults(sheets: list[Sheet]) -> list[StyleFault]:
    """An @page larger than the largest paper: every picture of its pages (the page checks,
    the site's thumbnails, the ink measure) grows with its area."""
    faults = []
    for sheet, rule in _at_rules(sheets, "page"):
        sides = [token.value * MM_PER_UNIT[token.lower_unit] for token in _descriptors(rule).get("size", [])
                 if token.type == "dimension" and token.lower_unit in MM_PER_UNIT]
        if any(not math.isfinite(side) or abs(side) > LARGEST_PAPER_MM for side in sides):
            size = " x ".join(f"{side:,.0f}" for side in sides)
            faults.append(StyleFault(sheet, rule.source_line, f"an @page of {size} mm, larger than the largest paper "
                                     f"({LARGEST_PAPER_MM:,.0f} mm a side, LARGEST_PAPER_MM)",
                                     "Give the page a size a printer takes"))
    return faults


def _words(tokens) -> list[str]:
    return [token.lower_value for token in tokens if token.type == "ident"]


def _symbol_length(token) -> int:
    return len(token.value) if token.type in ("string", "ident") else 1


def _whole_number(token) -> float:
    if token.type == "number" and token.is_integer:
        return float(token.int_value)
    return math.inf


def _largest_number(tokens) -> float:
    """The largest magnitude a `range` lets the style print (infinite when it is `auto` or open)."""
    bounds = [token for token in tokens if token.type in ("number", "ident")]
    if not bounds or any(token.type == "ident" for token in bounds):
        return math.inf
    return max(abs(_whole_number(token)) for token in bounds)


def _longest_number(system: str, descriptors: dict) -> float:
    """Characters the longest number of a symbolic or additive style takes (before its pad):
    a symbolic one repeats a symbol once more for each round of its symbols; an additive one
    writes its largest weight as often as it fits, then each smaller weight fewer times than
    the next larger one over it."""
    largest = _largest_number(descriptors.get("range", []))
    if system == "symbolic":
        symbols = descriptors.get("symbols", [])
        if not symbols:
            return 0
        return largest / len(symbols) * max(map(_symbol_length, symbols)) + 1
    pairs = [pair for pair in _split_commas(descriptors.get("additive-symbols", [])) if len(pair) == 2]
    weights = sorted({_whole_number(pair[0]) for pair in pairs if 0 < _whole_number(pair[0]) < math.inf},
                     reverse=True)
    if not weights:
        return 0
    if math.isinf(largest):
        return math.inf
    times = largest // weights[0] + sum((larger - 1) // smaller for larger, smaller in zip(weights, weights[1:]))
    return times * max(_symbol_length(pair[1]) for pair in pairs)


def _split_commas(tokens) -> list[list]:
    parts, current = [], []
    for token in tokens:
        if token.type == "literal" and token.value == ",":
            parts.append(current)
            current = []
        else:
            current.append(token)
    return parts + [current]


def _pad_length(descriptors: dict) -> float:
    pad = descriptors.get("pad", [])
    numbers = [token for token in pad if token.type == "number"]
    symbols = [token for token in pad if token.type in ("string", "ident", "url")]
    if not numbers or not symbols:
        return 0
    return _whole_number(numbers[0]) * _symbol_length(symbols[0])


def _resolved(name: str, rules: dict, complete: bool) -> tuple[str, dict]:
    """The system a style prints with (following `extends`, as WeasyPrint does) and its
    descriptors, each taken from the first style of the chain that sets it. `unknown` when it
    extends a style not among the sheets (`complete` False: others may define it)."""
    merged, seen = {}, set()
    while True:
        seen.add(name)
        merged = {**rules[name][2], **merged}
        words = _words(rules[name][2].get("system", []))
        if words[:1] != ["extends"]:
            return (words[0] if words else "symbolic"), merged
        target = words[1] if len(words) > 1 else ""
        if target in PREDEFINED_ADDITIVE and target not in rules:
            return "predefined-additive", merged
        if target not in rules or target in seen:
            return ("unknown" if target not in rules and not complete else "decimal"), merged
        name = target


RANGE_FIX = "Give it a `range` that ends sooner (range: 1 99)"


def _counter_fault(name: str, rules: dict, complete: bool) -> tuple[str, str] | None:
    """(what is wrong, how to fix it) with one @counter-style, or None."""
    sheet, line, own = rules[name]
    system, descriptors = _resolved(name, rules, complete)
    if _words(own.get("system", []))[:1] == ["extends"] and ("symbols" in own or "additive-symbols" in own):
        return (f"@counter-style {name}: `extends` with its own symbols",
                "Remove `symbols` and `additive-symbols` (CSS ignores them there, the typesetter does not)")
    pad = _pad_length(descriptors)
    if pad > MAX_COUNTER_TEXT:
        return (f"@counter-style {name}: a `pad` of {pad:,.0f} characters, more than {MAX_COUNTER_TEXT:,} "
                "(MAX_COUNTER_TEXT)", "Pad to fewer digits")
    if system == "predefined-additive" and "range" in descriptors:
        if _largest_number(descriptors["range"]) > PREDEFINED_ADDITIVE_RANGE:
            return (f"@counter-style {name}: a `range` past {PREDEFINED_ADDITIVE_RANGE:,}, where the style it "
                    "extends ends (MAX_COUNTER_TEXT)", RANGE_FIX)
    if system in GROWING_SYSTEMS:
        longest = _longest_number(system, descriptors) + pad
        if math.isinf(longest):
            return (f"@counter-style {name}: {system}, with no finite `range` (MAX_COUNTER_TEXT)", RANGE_FIX)
        if longest > MAX_COUNTER_TEXT:
            return (f"@counter-style {name}: numbers of up to {longest:,.0f} characters, more than "
                    f"{MAX_COUNTER_TEXT:,} (MAX_COUNTER_TEXT)", RANGE_FIX)
    return None


def stylesheet_faults(sheets: list[Sheet], complete: bool = True) -> list[StyleFault]:
    """What the stylesheets of one document would make the typesetter print without end: a
    string or name past MAX_CSS_STRING, an @counter-style whose numbers (its range, symbols
    and pad) may pass MAX_COUNTER_TEXT characters, an @page larger than the largest paper. `complete`: `sheets` are all the document
    has (a style extending one defined elsewhere is judged only then)."""
    return list(_faults(tuple(sheets), complete))


@lru_cache(maxsize=64)
def _faults(sheets: tuple, complete: bool) -> tuple:
    faults = [fault for sheet in sheets for fault in _long_words(sheet)] + _page_faults(list(sheets))
    rules = _counter_rules(list(sheets))
    for name in rules:
        fault = _counter_fault(name, rules, complete)
        if fault:
            sheet, line, _ = rules[name]
            faults.append(StyleFault(sheet, line, *fault))
    return tuple(faults)


def _sheet_files(first: Path, root: Path) -> list[Sheet]:
    """A linked stylesheet and those it @imports, read as the typesetter's fetcher reads them
    (one that cannot be read is the fetcher's to refuse, with its reason)."""
    sheets, seen, waiting = [], set(), [first]
    while waiting:
        path = Path(os.path.normpath(waiting.pop(0)))
        if path in seen or not path.is_relative_to(root):
            continue
        seen.add(path)
        shown = str(path.relative_to(root))
        try:
            css = read_text(path, shown, root)
        except DataError:
            continue
        sheets.append(Sheet(css, shown))
        for rule in _parsed(css):
            if rule.type == "at-rule" and rule.lower_at_keyword == "import":
                target = next((token.value for token in rule.prelude if token.type in ("string", "url")), None)
                if target and "://" not in target and not target.startswith("/"):
                    waiting.append(path.parent / target)
    return sheets


def document_sheets(html: str, root: Path | None) -> list[Sheet]:
    """The stylesheets a page uses: its <style> elements and, under `root` (the project, the
    page's base), the files it links and what they @import."""
    sheets = [Sheet(css, "", start, tag_end) for start, tag_end, css in _style_elements(html)]
    if root is not None:
        root = Path(root).resolve()
        hrefs = [tag.attribute("href") or "" for tag in html_tags(html) if tag.name == "link" and not tag.closing]
        for href in hrefs:
            if href.endswith(".css") and "://" not in href and not href.startswith("/"):
                sheets += [sheet for sheet in _sheet_files(root / href, root) if sheet not in sheets]
    return sheets


def stylesheet_problems(project: Project) -> list[Problem]:
    """The stylesheet check on every stylesheet under layouts/, each on its own (a style it
    extends from another file is judged with the page that links both)."""
    try:
        paths = project_files(project.layouts, project.root, (".css",))
    except DataError as error:
        return list(error.problems)
    problems = []
    for path in paths:
        shown = f"layouts/{path.relative_to(project.layouts)}"
        try:
            sheet = Sheet(read_text(path, shown, project.root), shown)
        except DataError as error:
            problems += error.problems
            continue
        problems += [Problem(shown, fault.line, "(stylesheet)", STYLESHEET_EXPECTED, fault.message, fault.fix)
                     for fault in stylesheet_faults([sheet], complete=False)]
        problems += _sheet_picture_problems(project, path, shown, sheet.css)
    return problems
