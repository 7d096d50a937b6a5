"""`pnp translate`: a language's catalogue brought up to date with the game, and how much of the
game is translated into it."""

import sys

import click

from pnp.errors import EXIT_CHECK_FAILED, PnpError, UsageError
from pnp.games import get_game
from pnp.commands.options import project_at, project_option, translated_lang_option
from pnp.commands.report import console, fail


MISSES_SHOWN = 15


@click.command()
@click.argument("game_key", metavar="GAME")
@translated_lang_option
@project_option
def translate(game_key: str, language: str, project_dir: str | None) -> None:
    """Bring GAME's catalogue in LANG up to date (every string of its cards, titles and layouts:
    new ones added, changed ones marked fuzzy, gone ones dropped), then print how much is
    translated, file by file, with the glossary, the rulings and the rulebook's chapters. Exit 1
    while anything is missing or fuzzy (docs/translating.md)."""
    from pnp.i18n.catalogue import catalogue_path, known_locale, write_catalogue
    from pnp.i18n.coverage import game_coverage, updated_catalogue

    try:
        project = project_at(project_dir)
        game = get_game(project, game_key)
        language = language.strip()
        known_locale(language)
        source = game.source_game or game
        if language == source.language:
            console.print(f"{game.title} is written in {language}: its own words need no catalogue (100 %)")
            return
        catalogue = updated_catalogue(project, source, language)
        coverage = game_coverage(project, source, language, catalogue)     # the glossary and rulings read first
        write_catalogue(project, game.key, language, catalogue)
        from pnp.i18n.terms import glossary_pairs, term_misses

        misses = term_misses(glossary_pairs(project, source, language), catalogue)
    except PnpError as error:
        fail(error)
    shown = project.relative(catalogue_path(project, game.key, language))
    console.print(f"{source.title} in {language}: {shown}", highlight=False)
    for line in coverage.lines():
        console.print("  " + line, highlight=False, markup=False)
    for miss in misses[:MISSES_SHOWN]:
        console.print(f"{shown}:{miss.line or '?'}: glossary: '{miss.term}' is '{miss.words}' in {language}, not "
                      f"in this msgstr (of {miss.message[:60]!r})", highlight=False, markup=False)
    if len(misses) > MISSES_SHOWN:
        console.print(f"... and {len(misses) - MISSES_SHOWN} more entries that translate a glossary term otherwise",
                      highlight=False)
    if language not in (game.languages or ()):
        console.print(f"{language} is not among the languages of card_data/{game.key}/game.yaml yet: add it to "
                      f"`languages:` to build it", highlight=False)
    if not coverage.complete:
        for line in coverage.problems_in_words():
            console.print(line, highlight=False, markup=False)
        sys.exit(EXIT_CHECK_FAILED)
