"""`pnp check` holds every text a game prints from its data to the rules of pnp/typography.py,
each in its own language: the cards' text fields (the source language), the rulings and the
glossary (the source's, and each language's under locale/LANG/), and each catalogue's
translations. A fault is refused at its line, with the characters to write."""

import os

from pnp.data.game import Game
from pnp.data.yaml_source import load_yaml
from pnp.errors import DataError, Problem
from pnp.project import Project
from pnp.typography import typography_faults

PRINTED_GAME_KEYS = ("title", "players", "play_time", "pitch")
PRINTED_RULING_KEYS = ("topic", "question", "ruling", "why")
PRINTED_TERM_KEYS = ("term", "definition")      # `also` finds a term; it is not printed


def typography_problems(project: Project, game: Game, loaded: list) -> list[Problem]:
    problems = _card_problems(loaded, game.source_language)
    folder = project.card_data / game.key
    problems += _declaration_problems(project, folder / "game.yaml", game.source_language)
    for language in game.languages or (game.source_language,):
        own = language == game.source_language
        base = folder if own else folder / "locale" / language
        problems += _listing_problems(project, base / "rulings.yaml", language, PRINTED_RULING_KEYS)
        problems += _listing_problems(project, base / "glossary.yaml", language, PRINTED_TERM_KEYS)
        if not own:
            problems += _catalogue_problems(project, game, language)
    return problems


def _problem(file, line, field: str, fault) -> Problem:
    return Problem(file, line, field, fault.expected, repr(fault.found), fault.fix)


def _card_problems(loaded: list, language: str) -> list[Problem]:
    problems, seen = [], set()
    for deck in loaded:
        located = deck.located
        for index, card in enumerate(deck.cards):
            for field in type(card).WORD_FIELDS:
                value = getattr(card, field, None)
                for position, text in (enumerate(value) if isinstance(value, list) else ((None, value),)):
                    path = (index, field) if position is None else (index, field, position)
                    for fault in typography_faults(text, language):
                        line = located.line_of(path)
                        if (line, field, fault.expected) not in seen:        # a CSV row's copies: once
                            seen.add((line, field, fault.expected))
                            problems.append(_problem(located.file, line, located.field_name(path), fault))
    return problems


def _declaration_problems(project: Project, path, language: str) -> list[Problem]:
    """What game.yaml says that a cover or the site prints: the title, players, time, pitch."""
    try:
        located = load_yaml(path, project.relative(path), project.root)
    except DataError:                   # its reader refuses it, at its line
        return []
    data = located.data if isinstance(located.data, dict) else {}
    return [_problem(located.file, located.line_of((key,)), key, fault) for key in PRINTED_GAME_KEYS
            for fault in typography_faults(data.get(key), language)]


def _listing_problems(project: Project, path, language: str, keys: tuple) -> list[Problem]:
    """A rulings or glossary file: a list of entries, or a mapping of ids to entries."""
    if not os.path.isfile(path):
        return []
    try:
        located = load_yaml(path, project.relative(path), project.root)
    except DataError:                   # its form is its reader's to refuse
        return []
    entries = located.data.items() if isinstance(located.data, dict) else enumerate(located.data or ())
    problems = []
    for name, entry in entries:
        if not isinstance(entry, dict):
            continue
        for key in keys:
            values = entry.get(key)
            for position, value in (enumerate(values) if isinstance(values, list) else ((None, values),)):
                path_to = (name, key) if position is None else (name, key, position)
                for fault in typography_faults(value, language):
                    field = f"{name if isinstance(name, str) else entry.get('term', entry.get('id', name + 1))}.{key}"
                    problems.append(_problem(located.file, located.line_of(path_to), field, fault))
    return problems


def _catalogue_problems(project: Project, game: Game, language: str) -> list[Problem]:
    from pnp.i18n.catalogue import catalogue_path, read_catalogue

    try:
        catalogue = read_catalogue(project, game.key, language)
    except DataError:                   # refused by its reader, at its line
        return []
    if catalogue is None:
        return []
    shown = project.relative(catalogue_path(project, game.key, language))
    problems = []
    for message in catalogue:
        if not message.id or message.fuzzy:
            continue
        for text in (message.string if isinstance(message.string, tuple) else (message.string,)):
            for fault in typography_faults(text, language):
                problems.append(_problem(shown, message.lineno, "msgstr", fault))
    return problems
