"""A game's glossary: card_data/GAME/glossary.yaml, its terms and keywords A to Z, each with a
definition and the anchor of the rule that explains it. A game printed in several languages
gives a term's words in another language in card_data/GAME/locale/LANG/glossary.yaml
(pnp.i18n.locale_data), as it does its rulings'."""

import os
from dataclasses import dataclass

from pnp.data.yaml_source import load_yaml
from pnp.errors import DataError, Problem
from pnp.project import Project
from pnp.suggest import did_you_mean

GLOSSARY_FILE = "glossary.yaml"
TERM_KEYS = ("term", "also", "rule", "definition")
REQUIRED_KEYS = ("term", "rule", "definition")
HOW = "docs/reference.md"


@dataclass(frozen=True)
class Term:
    term: str
    also: tuple[str, ...]        # other forms that find it: plurals, verb forms
    rule: str                    # the anchor of the rulebook heading that explains it
    definition: str
    line: int | None             # of its entry in glossary.yaml
    untranslated: bool = False   # in another language than the source's, with no words in it yet

    @property
    def forms(self) -> tuple[str, ...]:
        return (self.term, *self.also)


def glossary_path(project: Project, game_key: str):
    return project.card_data / game_key / GLOSSARY_FILE


def _words_problems(shown, line, where: str, words, languages: tuple) -> list[Problem]:
    """What is wrong with one entry's words (the entry itself, or its words in a language)."""
    if not isinstance(words, dict):
        return [Problem(shown, line, where, "a mapping with " + ", ".join(TERM_KEYS), repr(words)[:80])]
    problems = [Problem(shown, line, f"{where}, {key}", "one of " + ", ".join(TERM_KEYS + languages),
                        f"'{key}'", did_you_mean(str(key), list(TERM_KEYS + languages), "Remove it"))
                for key in words if key not in TERM_KEYS + languages]
    for key in ("term", "rule", "definition"):
        if key in words and (not isinstance(words[key], str) or not words[key].strip()):
            problems.append(Problem(shown, line, f"{where}, {key}", "some words", repr(words[key])[:80]))
    also = words.get("also", [])
    if not isinstance(also, list) or not all(isinstance(form, str) and form.strip() for form in also):
        problems.append(Problem(shown, line, f"{where}, also", "a list of other forms of the term",
                                repr(also)[:80], "Write also: [Stratagems, stratagem's]"))
    return problems


def load_glossary(project: Project, game, language: str | None = None) -> list[Term]:
    """The terms in `language` (the game's own by default), A to Z; no file, no terms. Each
    entry's form is checked (names its line); its rule anchor is checked by glossary_problems."""
    path = glossary_path(project, game.key)
    if not os.path.lexists(path):
        return []
    located = load_yaml(path, project.relative(path), project.root)
    shown, data = located.file, located.data
    if data is None:
        return []
    if not isinstance(data, list):
        raise DataError([Problem(shown, 1, "(top)", "a list of terms, each with " + ", ".join(REQUIRED_KEYS),
                                 type(data).__name__, f"See {HOW}")])
    language = language or game.language
    problems, terms = [], []
    translated = {}
    if language != game.source_language:
        from pnp.i18n.locale_data import GLOSSARY_WORDS, locale_words

        known = [entry["term"].strip() for entry in data if isinstance(entry, dict) and isinstance(entry.get("term"), str)]
        translated = locale_words(project, game.key, language, GLOSSARY_FILE, GLOSSARY_WORDS, REQUIRED_KEYS, known)
    for index, entry in enumerate(data):
        line = located.line_of((index,))
        where = f"term {index + 1}" + (f" ({entry['term']})" if isinstance(entry, dict)
                                       and isinstance(entry.get("term"), str) else "")
        found = _words_problems(shown, line, where, entry, ())
        if not found:
            missing = [key for key in REQUIRED_KEYS if key not in entry]
            found += [Problem(shown, line, f"{where}, {key}", "the term's " + key, "nothing",
                              f"Add `{key}:` to the entry ({HOW})") for key in missing]
        if found:
            problems += found
            continue
        words = {**entry, **translated.get(entry["term"].strip(), {})}
        untranslated = language != game.source_language and entry["term"].strip() not in translated
        terms.append(Term(words["term"].strip(), tuple(form.strip() for form in words.get("also", ())),
                          words["rule"].strip(), words["definition"].strip(), line, untranslated))
    seen: dict = {}
    for term in terms:
        other = seen.setdefault(term.term.casefold(), term)
        if other is not term:
            problems.append(Problem(shown, term.line, term.term, "each term once",
                                    f"a second '{term.term}' (the first is at line {other.line})",
                                    "Merge the two entries"))
    if problems:
        raise DataError(problems)
    return sorted(terms, key=lambda term: term.term.casefold())


def glossary_problems(project: Project, game, anchors: list[str], language: str | None = None) -> list[Problem]:
    """Each term's `rule:` must be an anchor of the rulebook's headings in that language."""
    try:
        terms = load_glossary(project, game, language)
    except DataError as error:
        return error.problems
    shown = project.relative(glossary_path(project, game.key))
    language = language or game.language
    where = "" if language == game.language else f" ({language})"
    return [Problem(shown, term.line, f"{term.term}, rule{where}", "the anchor of a rulebook heading",
                    f"'{term.rule}'", did_you_mean(term.rule, anchors,
                                                   f"`pnp rules {game.key} --anchors` lists them"))
            for term in terms if term.rule not in anchors and not term.untranslated]
