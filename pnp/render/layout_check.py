"""Layouts checked without WeasyPrint: every card's HTML rendered in the sandbox with strict
undefined variables, each deck's document checked as the build hands it to the typesetter
(`check_document`: nesting, elements, text, inline SVG, stylesheets), every picture a page or a
stylesheet names drawable (named_pictures.py), every font a stylesheet names found in the
project (font_check.py), and every stylesheet free of what the typesetter would print without
end or picture at any cost (stylesheet_check.py).

A missing layout, a template syntax error, a field the cards do not have, an unknown icon or
font becomes a Problem naming the layout file and line (and the card's data line), so
`pnp check` reports it as `FILE:LINE: what is wrong; how to fix it`.
"""

import difflib
import re
from functools import lru_cache

from jinja2 import TemplateNotFound, TemplateSyntaxError, UndefinedError
from jinja2.exceptions import SecurityError
from markupsafe import Markup

from pnp.contained import LimitExceeded
from pnp.data.decks import LoadedDeck, icon_names, icon_problem, unknown_icon_fix
from pnp.data.game import Game
from pnp.errors import DataError, Problem
from pnp.project import Project
from pnp.render.boards import board_html
from pnp.render.templates.environments import DOCUMENT_TEMPLATE
from pnp.render.css_text import font_faces
from pnp.render.fitting import FitState
from pnp.render.font_check import SOURCE, font_problems
from pnp.typography import printed_typography_problems
from pnp.render.icons import icon_url
from pnp.render.named_pictures import image_problems, linked_sheet_problems
from pnp.render.stylesheet_check import stylesheet_problems
from pnp.render.raw_icons import raw_icon_problems
from pnp.render.templates.syntax import syntax_error_place
from pnp.render.templates.filters import COLOUR
from pnp.render.templates import (
    TemplateLimit,
    deck_view,
    new_environment,
    game_view,
    card_view,
    plain_view,
    render,
    template_line,
)

__all__ = ["SOURCE", "font_faces", "layout_problems"]      # SOURCE, font_faces: where the site found them first


LIMITS_EXPECTED = "a layout that renders within pnp's limits (pnp/limits.py)"
MISSING_ATTRIBUTE = re.compile(r"has no attribute '([^']+)'")
UNDEFINED_NAME = re.compile(r"'([^']+)' is undefined")


class UnknownIcon(Exception):
    def __init__(self, name: str):
        self.name = name
        super().__init__(name)


CARDS_MET = "\x00cards\x00"      # where a fault's message names the cards it was met on


def _card_words(loaded: LoadedDeck, indices: list) -> str:
    """The cards a fault was met on: one by its name and line, several as `cards 1-4, 7 of FILE`."""
    if indices == [None]:
        return f"the back of the {loaded.deck.title}"
    if len(indices) == 1:
        index = indices[0]
        where = loaded.located.line_of((index,))
        return f"{loaded.located.field_name((index,))} of {loaded.located.file}:{where}"
    runs, numbers = [], sorted(i + 1 for i in indices if i is not None)
    for number in numbers:
        if runs and number == runs[-1][1] + 1:
            runs[-1][1] = number
        else:
            runs.append([number, number])
    spans = ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in runs)
    back = " and the back" if None in indices else ""
    return f"cards {spans}{back} of {loaded.located.file}"


def _with_cards(problem: Problem, words: str) -> Problem:
    return Problem(problem.file, problem.line, problem.field, problem.expected.replace(CARDS_MET, words),
                   problem.found.replace(CARDS_MET, words), problem.fix.replace(CARDS_MET, words))


def _render_problem(error: Exception, project: Project, loaded: LoadedDeck, template: str) -> Problem:
    """The fault, its cards named by CARDS_MET (the same fault on every card is reported once)."""
    card = CARDS_MET
    if isinstance(error, TemplateNotFound):
        return Problem(f"layouts/{template}", None, "(layout)", f"the layout file {error.name} under layouts/",
                       "no such file", f"Create layouts/{error.name} or fix the name that includes it")
    if isinstance(error, TemplateSyntaxError):
        line, fix = syntax_error_place(error)
        return Problem(f"layouts/{error.name or template}", line, "(template syntax)",
                       "a complete Jinja template", error.message or "a syntax error", fix)
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
            return Problem(file, line, f"card.{attribute.group(1)}", "a field of the deck "
                           f"{loaded.deck.title} ({', '.join(fields)})",
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

    def icon(name, colour="#000000", ink_saver_colour=None):
        if name not in known:
            raise UnknownIcon(str(name))
        problem = icon_problem(project, name)
        if problem:
            raise TemplateLimit(f"layouts/icons/{name}.svg: {problem}")
        if ink_saver_colour is not None and not COLOUR.match(str(ink_saver_colour)):
            raise TemplateLimit(f"icon('{name}', ...): the colour kept on the ink saver is {str(ink_saver_colour)[:40]!r}; "
                                "expected a colour written #rrggbb, as '#1d1024'")
        return icon_url(name, colour)
    env.globals["icon"] = icon
    return env, known


def layout_problems(project: Project, game: Game, loaded: list[LoadedDeck], context=None,
                    sound_decks: frozenset = frozenset(), whole_game: bool = True) -> list[Problem]:
    """Render every face and back of every deck as HTML, strictly, then each deck's document
    as the build hands it to the typesetter (checked as the build checks it: nesting,
    elements, text, SVG, stylesheets); report each fault once.

    `context` is a function giving the engine's tables, called only when a deck prints them.
    `sound_decks`: the keys of decks found sound with today's inputs (pnp.checked), not checked
    again; `whole_game`: the boards, fonts and stylesheets too.
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
        if deck.key in sound_decks:
            continue
        extra = {}
        if deck.uses_rules:
            tables = tables if tables is not None else plain_view(context() if context else {})
            extra = tables
        pages = _deck_pages(project, env, deck_loaded, shown_game, extra, report, game)
        if pages is not None:
            report(_document_problems(project, env, deck_loaded, pages, shown_game, game.stylesheet))
    for board in game.boards if whole_game else ():
        try:
            board_html(project, game, board)
        except DataError as error:     # reported like any card layout's fault
            report(error.problems)
    if whole_game:
        report(font_problems(project, game))
        report(stylesheet_problems(project))
    return list(problems.values())


def _deck_pages(project: Project, env, deck_loaded: LoadedDeck, shown_game, extra: dict, report,
                game) -> list | None:
    """Each face and back of a deck rendered as the build renders them (None after a fault)."""
    deck = deck_loaded.deck
    inline_icons = game.inline_icons
    views = [card_view(card, game) for card in deck_loaded.cards]
    jobs = [(deck.face, card, i) for i, card in enumerate(views)]
    if deck.backs:
        jobs += ([(deck.back, card, i) for i, card in enumerate(views)] if deck.per_card_back
                 else [(deck.back, None, None)])
    pages, faults, printed_raw = [], {}, {}
    for template_name, card, index in jobs:
        try:
            template = env.get_template(template_name)
            html = render(template, card=card, deck=deck_view(deck), game=shown_game,
                          fit=FitState().sizer(0), **extra)
            pages.append(Markup(html))
            report(image_problems(project, template_name, html) + linked_sheet_problems(project, template_name, html)
                   + printed_typography_problems(html, game.language, f"layouts/{template_name}"))
            if index is not None:
                for problem in raw_icon_problems(env.loader.get_source(env, template_name)[0], template_name, html,
                                                 deck_loaded.cards[index], deck.card.TEXT_FIELDS,
                                                 inline_icons, CARDS_MET):
                    printed_raw.setdefault(problem, []).append(index)
        except (LimitExceeded, MemoryError):
            raise                      # the memory is spent: nothing else can be checked
        except Exception as error:     # every other template fault is reported as a Problem
            faults.setdefault(_render_problem(error, project, deck_loaded, template_name), []).append(index)
    report([_with_cards(problem, _card_words(deck_loaded, indices))
            for problem, indices in (faults | printed_raw).items()])
    return None if faults else pages


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
