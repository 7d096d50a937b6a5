"""The check of a game's chapters in one language: they render (every template, every
example figure, nothing that would run in a reader's browser), the rulebook's layout takes
them, and the glossary's terms name headings that exist. `pnp check` makes it; a build leaves
it to its rulebook task, which renders those very chapters to print them
(pnp.workers.rulebook_file): made once, not once to check and again to print. A sound verdict
is kept under the chapters' key (pnp.checked), whichever of the two made it."""

import json

from pnp.checked import card_files, part_key, remember_sound, was_sound
from pnp.errors import ChapterCheckFailed, DataError, Problem
from pnp.inputs import render_inputs
from pnp.project import Project
from pnp.rulebook.source import rulebook_dir

CHECKED_PAPER = "a4"          # the paper `pnp check` lays the chapters' HTML out for


def chapters_forced(game, language: str, complete_in: tuple) -> bool:
    """Whether the chapters print the source words where a translation is missing: unless the
    run must be complete in `language` (a build's own, without --force). The source language
    has none missing, so never: a build's verdict on its chapters is `pnp check`'s."""
    if language == game.source_language:
        return False
    return language not in complete_in or (game.words is not None and game.words.force)


def chapters_key(project: Project, game, language: str, force: bool, results: dict, files: list | None,
                 rendering: str) -> str | None:
    """The key of the chapters' verdict in `language`: what they read (their language's folder
    or its fallback, not the other languages'), the examples' results they print, how forced."""
    every = game.languages or (game.language,)
    read = rulebook_dir(project, game.key, language, game.source_language).name    # a fallback included
    others = tuple(f"{folder}/{other}" for other in every if other not in (language, read)
                   for folder in ("rulebook", "locale"))
    printed = json.dumps(results, sort_keys=True, default=repr)
    return part_key(files, f"chapters {language} force={force} ink_saver={game.ink_saver}\n{printed}", rendering,
                    others)


def chapter_problems(project: Project, shown, loaded: list, results: dict, body=None) -> tuple[object, list[Problem]]:
    """(the chapters' body, every problem of theirs) for `shown`, the game in the language
    checked; `body`: rendered already."""
    from pnp.reference.glossary import glossary_problems
    from pnp.rulebook.render import render_rulebook_html, rulebook_body
    from pnp.typography import printed_typography_problems

    try:
        body = body or rulebook_body(project, shown, loaded, results)
        render_rulebook_html(project, shown, loaded, results, CHECKED_PAPER, body)
    except DataError as error:
        return None, list(error.problems)
    fallback = f"card_data/{shown.key}/rulebook"
    return body, (glossary_problems(project, shown, [h.anchor for h in body.headings], shown.language)
                  + printed_typography_problems(body.html, shown.language, fallback))


def checked_rulebook_body(project: Project, game, loaded: list, results: dict, rendering: str, complete: bool):
    """The chapters' body as a build prints them (`game`: the edition's), checked as `pnp check`
    checks them (`complete`: the build refuses a missing translation) and the sound verdict
    kept, if the inputs did not change meanwhile. Raises ChapterCheckFailed with every problem."""
    from pnp.rulebook.render import rulebook_body

    files = card_files(project, game.key)
    before = part_key(files, "every input", rendering)
    force = chapters_forced(game, game.language, (game.language,) if complete else ())
    key = chapters_key(project, game, game.language, force, results, files, rendering)
    try:
        body = rulebook_body(project, game, loaded, results)
    except ChapterCheckFailed:
        raise
    except DataError as error:             # a chapter that does not even read
        raise ChapterCheckFailed(error.problems) from None
    if was_sound(key):
        return body
    _, problems = chapter_problems(project, game, loaded, results, body)
    if problems:
        raise ChapterCheckFailed(problems)
    if before == part_key(card_files(project, game.key), "every input", render_inputs(project)):
        remember_sound(key)
    return body
