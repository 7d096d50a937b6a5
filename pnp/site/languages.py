"""The site in each of its languages, and its words.

The site's first language (English) keeps its pages' plain paths: `index.html`, `printing.html`,
`GAME/index.html`. Every other language a game of the site prints in gets the same pages beside
them, its code before `.html`: `index.fr.html`, `GAME/index.fr.html`; a page and its siblings
share a folder, so a relative link is the same on each. A rules reference has a folder a language
(`GAME/reference/`, `GAME/reference-fr/`, pnp.site.reference). Every page links to its siblings
in the other languages, and its navigation stays in its own.

What the pages say, other than the games' own words, is in layouts/site/words.yaml: one mapping a
language, with the same keys; `{name}` in a sentence is filled in by the page (a number, a title,
a link), wherever the language puts it."""

from pnp.errors import DataError, Problem
from pnp.project import Project

WORDS = "site/words.yaml"
SITE_LANGUAGE = "en"                    # the site's first language: its pages keep the plain paths


def site_languages(games) -> list[str]:
    """The site's first language, then every other language one of its games prints in."""
    found = [SITE_LANGUAGE]
    for game in games:
        found += [language for language in game.languages or (game.language,) if language not in found]
    return found


def complete_languages(project: Project, game) -> tuple[object, list[str]]:
    """The game as the site prints it: in each of its languages whose words are all translated,
    its source language always; each language left out said in a note. A translation that is
    wrong, not merely unfinished (a msgstr that drops a placeholder), is still refused."""
    from dataclasses import replace

    from pnp.i18n.checks import catalogue_problems
    from pnp.i18n.coverage import game_coverage

    source = game.source_game or game
    kept, notes = [], []
    for language in game.languages or (game.language,):
        if language == source.language:
            kept.append(language)
            continue
        problems = catalogue_problems(project, source, language)
        if problems:
            raise DataError(problems)
        coverage = game_coverage(project, source, language)
        if coverage.complete:
            kept.append(language)
            continue
        missing = len(coverage.missing) + len(coverage.fuzzy) + sum(len(found) for *_, found in coverage.others)
        notes.append(f"{game.title} in {language}: left out of the site, {missing} things still to translate "
                     f"(`pnp translate {game.key} --lang {language}` lists them)")
    return replace(game, languages=tuple(kept)), notes


def page_file(stem: str, language: str, extension: str = "html") -> str:
    """The file of a page (or a picture) in `language`: index.html, index.fr.html."""
    return f"{stem}.{extension}" if language == SITE_LANGUAGE else f"{stem}.{language}.{extension}"


def page_words(project: Project, language: str) -> dict:
    """The site's words in `language` (a word its translator has not written yet: the first
    language's)."""
    from pnp.data.yaml_source import load_yaml

    located = load_yaml(project.layouts / WORDS, f"layouts/{WORDS}", project.root)
    words = located.data if isinstance(located.data, dict) else {}
    found = words.get(language)
    if not isinstance(found, dict):
        raise DataError([Problem(f"layouts/{WORDS}", 1, language, "the site's words in each language a game "
                                 "of the site prints in", "nothing",
                                 f"Add `{language}:` with the words `{SITE_LANGUAGE}:` has")])
    first = words.get(SITE_LANGUAGE)
    return {**(first if isinstance(first, dict) else {}), **found}


def fill(text: str, **values) -> str:
    """The words with each `{name}` replaced by its value."""
    for name, value in values.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def counted(words: dict, key: str, number: int) -> str:
    """`3 pages`, `1 page`: the words `KEY_one` or `KEY_many`, with the number."""
    return fill(words[f"{key}_one" if number == 1 else f"{key}_many"], n=number)


def decimal(value: float, words: dict, places: str = "g") -> str:
    return format(value, places).replace(".", words["decimal"])


def size_words(size: int, words: dict) -> str:
    if size < 1024 * 1024:
        return fill(words["size_kb"], n=f"{size / 1024:.0f}")
    return fill(words["size_mb"], n=decimal(size / 1024 / 1024, words, ".1f"))


def listed(names: list[str], words: dict) -> str:
    """`A`, `A and B`, `A, B and C`."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {words['and']} " + names[-1]


def page_frame(site: dict, language: str, root: str, here: str, sibling) -> dict:
    """What site/base.html needs of a page in `language`: its navigation (the language's own
    pages) and its language switch, `sibling(other)` being the href of the page in `other`."""
    return {"lang": language, "root": root, "here": here, "suffix": "" if language == SITE_LANGUAGE else f".{language}",
            "site_title": site["title"], "nav_games": site["games"][language],
            "switch": [{"code": other, "name": site["names"][other], "href": sibling(other)}
                       for other in site["languages"] if other != language]}
