"""Words kept as data in another language beside the catalogue: card_data/GAME/locale/LANG/
glossary.yaml (each source term's words: term, also, rule, definition) and rulings.yaml (each
ruling's: topic, question, ruling, why). A mapping from the source's key to the words."""

import os

from pnp.data.yaml_source import load_yaml
from pnp.errors import DataError, Problem
from pnp.i18n.catalogue import HOW, locale_dir
from pnp.project import Project
from pnp.suggest import did_you_mean

GLOSSARY_WORDS = ("term", "also", "rule", "definition")
RULING_WORDS = ("topic", "question", "ruling", "why")
REQUIRED_GLOSSARY_WORDS = ("term", "rule", "definition")


def locale_file(project: Project, game_key: str, language: str, name: str):
    return locale_dir(project, game_key, language) / name


def locale_words(project: Project, game_key: str, language: str, name: str, keys: tuple,
                 required: tuple, known: list[str]) -> dict:
    """The words of locale/LANG/NAME by source key ({} when there is no such file); an entry
    that is not a mapping of `keys` with words, or whose key the source does not have, is
    refused at its line."""
    path = locale_file(project, game_key, language, name)
    if not os.path.lexists(path):
        return {}
    located = load_yaml(path, project.relative(path), project.root)
    shown, data = located.file, located.data
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise DataError([Problem(shown, 1, "(top)", f"a mapping from each source key to its words ({', '.join(keys)})",
                                 type(data).__name__, f"See {HOW}")])
    problems, words = [], {}
    for key, entry in data.items():
        line = located.key_line_of((key,)) or located.line_of((key,))
        if str(key) not in known:
            problems.append(Problem(shown, line, str(key), "a key of the source (" + ", ".join(known[:12])
                                    + (", ..." if len(known) > 12 else "") + ")", repr(key),
                                    did_you_mean(str(key), known, "Remove the entry, or name it as the source does")))
            continue
        if not isinstance(entry, dict):
            problems.append(Problem(shown, line, str(key), "a mapping with " + ", ".join(keys), repr(entry)[:80]))
            continue
        for field, value in entry.items():
            if field not in keys:
                problems.append(Problem(shown, located.line_of((key, field)), f"{key}, {field}",
                                        "one of " + ", ".join(keys), repr(field),
                                        did_you_mean(str(field), list(keys), "Remove it")))
            elif field == "also":
                if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
                    problems.append(Problem(shown, located.line_of((key, field)), f"{key}, also",
                                            "a list of other forms of the term", repr(value)[:80]))
            elif not isinstance(value, str) or not value.strip():
                problems.append(Problem(shown, located.line_of((key, field)), f"{key}, {field}", "some words",
                                        repr(value)[:80]))
        problems += [Problem(shown, line, f"{key}, {field}", f"the {field} in {language}", "nothing",
                             f"Add `{field}:` to the entry")
                     for field in required if field not in entry]
        words[str(key)] = entry
    if problems:
        raise DataError(problems)
    return words


def missing_keys(words: dict, known: list[str]) -> list[str]:
    return [key for key in known if key not in words]


def ruling_words(project: Project, game_key: str, language: str, ids: list[str]) -> dict:
    """locale/LANG/rulings.yaml: each ruling's topic, question, ruling and why in `language`."""
    return locale_words(project, game_key, language, "rulings.yaml", RULING_WORDS, RULING_WORDS, ids)
