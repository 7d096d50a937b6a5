"""Stylesheets free of what the typesetter would print without end (an @counter-style without
a bound, a string of a million characters) or picture at any cost (an @page ten metres tall)."""

import math
import os
from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import tinycss2

from pnp.errors import DataError, Problem
from pnp.files import project_files, read_text
from pnp.limits import MAX_COUNTER_TEXT, MAX_CSS_NESTING, MAX_CSS_STRING
from pnp.project import Project
from pnp.render.css_text import parsed, rule_tokens, style_elements
from pnp.render.named_pictures import sheet_picture_problems
from pnp.render.papers import LARGEST_PAPER_MM
from pnp.render.readable import PAGE_BASE, page_file, page_url
from pnp.tags import tag_list


STYLESHEET_EXPECTED = "a stylesheet the typesetter can finish"
STYLE_ATTRIBUTE = "*style-attribute* "         # what a style attribute's text is read after, as a rule

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


@lru_cache(maxsize=4096)
def _text_faults(css: str) -> tuple:
    """(line, message, fix) of what one stylesheet's text holds past the limits, kept for the
    same text (a card's style attributes recur in every card of a deck): strings and names
    past MAX_CSS_STRING (`content` prints one on every element it styles); functions and
    brackets nested past MAX_CSS_NESTING (calc() inside calc() five hundred times: the
    typesetter reads each level by recursion, and runs out of it)."""
    rules = parsed(css)
    found = [(token.source_line, f"a {token.type} of {len(token.value):,} characters, more than "
              f"{MAX_CSS_STRING:,} (MAX_CSS_STRING)", "Shorten it")
             for token in rule_tokens(rules) if token.type in ("string", "ident") and len(token.value) > MAX_CSS_STRING]
    waiting = [(node, 0) for node in rules]
    while waiting:
        node, depth = waiting.pop()
        nested = depth + (node.type in ("function", "() block", "[] block", "{} block"))
        if nested > MAX_CSS_NESTING:
            found.append((node.source_line, f"values nested more than {MAX_CSS_NESTING} deep (MAX_CSS_NESTING)",
                          "Write the value without so many functions or brackets inside one another"))
            break
        waiting += [(child, nested) for child in (*(getattr(node, "prelude", None) or ()),
                                                  *(getattr(node, "content", None) or ()),
                                                  *(getattr(node, "arguments", None) or ()))]
    return tuple(found)


def _descriptors(rule) -> dict:
    return {item.lower_name: [token for token in item.value if token.type not in ("whitespace", "comment")]
            for item in tinycss2.parse_blocks_contents(rule.content or [], skip_comments=True, skip_whitespace=True)
            if item.type == "declaration"}


def _at_rules(sheets: list[Sheet], keyword: str):
    """(sheet, rule) of each @KEYWORD rule of the sheets, inside @media and the like too."""
    for sheet in sheets:
        waiting = deque(parsed(sheet.css))
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
    faults = [StyleFault(sheet, *found) for sheet in sheets for found in _text_faults(sheet.css)]
    whole = [sheet for sheet in sheets if not sheet.css.startswith(STYLE_ATTRIBUTE)]    # at-rules live there only
    faults += _page_faults(whole)
    rules = _counter_rules(whole)
    for name in rules:
        fault = _counter_fault(name, rules, complete)
        if fault:
            sheet, line, _ = rules[name]
            faults.append(StyleFault(sheet, line, *fault))
    return tuple(faults)


def sheet_closure(first: Path, root: Path) -> list[Path]:
    """A stylesheet and every project file its @import rules read, through any depth."""
    return [root / sheet.shown for sheet in _sheet_files(first, root)]


def linked_sheets(html: str, root: Path) -> list[Path]:
    """The project stylesheets a page (or a template of one) links, and what they @import."""
    return [root / sheet.shown for sheet in document_sheets(html, root) if sheet.position is None]


def _sheet_files(first: Path, root: Path) -> list[Sheet]:
    """A linked stylesheet and those it @imports, each named as the typesetter's fetcher reads
    it (pnp.render.readable.page_file); one that cannot be read is the fetcher's to refuse,
    with its reason."""
    sheets, seen, waiting = [], set(), [first]
    while waiting:
        path = waiting.pop(0)
        if path in seen:
            continue
        seen.add(path)
        shown = str(path.relative_to(root))
        try:
            css = read_text(path, shown, root)
        except DataError:
            continue
        sheets.append(Sheet(css, shown))
        waiting += _imported(css, root, page_url(root, path))
    return sheets


def _imported(css: str, root: Path, base: str) -> list[Path]:
    """The project files a stylesheet's @import rules read, named from `base`. A text without
    "@" holds no at-rule (an at-keyword starts with a written "@"; no escape makes one), so it
    is not parsed: a card's style attributes, read for every card, are such texts."""
    if "@" not in css:
        return []
    found = []
    for rule in parsed(css):
        if rule.type == "at-rule" and rule.lower_at_keyword == "import":
            target = next((token.value for token in rule.prelude if token.type in ("string", "url")), None)
            path = page_file(root, target, base) if target else None
            if path is not None:
                found.append(path)
    return found


def document_sheets(html: str, root: Path | None) -> list[Sheet]:
    """The stylesheets a page uses: its <style> elements, its style attributes (each read as a
    rule's block) and, under `root` (the project, the page's base), the files it links and what
    they, or its <style> elements, @import."""
    sheets = [Sheet(css, "", start, tag_end) for start, tag_end, css in style_elements(html)]
    sheets += [Sheet(f"{STYLE_ATTRIBUTE}{{{tag.attribute('style')}}}", "", tag.start, tag.end) for tag in tag_list(html)
               if not tag.closing and "style" in tag.attributes.lower() and tag.attribute("style")]
    if root is not None:
        root = Path(root).resolve()
        linked = [page_file(root, tag.attribute("href") or "") for tag in tag_list(html)
                  if tag.name == "link" and not tag.closing]
        linked = [path for path in linked if path is not None and path.suffix.lower() == ".css"]
        linked += [path for sheet in sheets for path in _imported(sheet.css, root, PAGE_BASE)]
        for path in linked:
            sheets += [sheet for sheet in _sheet_files(path, root) if sheet not in sheets]
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
        problems += sheet_picture_problems(project, path, shown, sheet.css)
        problems += _import_problems(project, path, shown, sheet.css)
    return problems


def _import_problems(project: Project, path: Path, shown: str, css: str) -> list[Problem]:
    """Every @import names a stylesheet of the project that is there (the shared ones a game's
    stylesheet builds on: layouts/cards-base.css, layouts/fonts/FOLDER.css...)."""
    problems = []
    for rule in parsed(css):
        if rule.type != "at-rule" or rule.lower_at_keyword != "import":
            continue
        target = next((token.value for token in rule.prelude if token.type in ("string", "url")), None)
        where = Path(os.path.normpath(path.parent / target)) if target else None
        if where is not None and "://" not in target and not target.startswith("/") and where.is_file() \
                and where.is_relative_to(project.root):
            continue
        named = (f"layouts/{where.relative_to(project.layouts)}" if where is not None and where.is_relative_to(project.layouts)
                 else repr(target))
        problems.append(Problem(shown, rule.source_line, "@import", "a stylesheet of the project's layouts/",
                                f"{named}, which is not there" if where is not None else "no file named",
                                "Restore the file, or point the @import at a stylesheet under layouts/"))
    return problems
