"""Inline-icon tokens a chapter would print as text: `{star}` draws a star on a card (the
`rules` filter reads card text), but a chapter is Markdown, where it stays "{star}"."""

import re

from pnp.errors import Problem

JINJA_PART = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.DOTALL)
CODE_PART = re.compile(r"^(```|~~~).*?^\1[^\n]*$|`[^`\n]+`", re.DOTALL | re.MULTILINE)
TOKEN = re.compile(r"\{([A-Za-z][\w-]*)\}")


def _blanked(match: re.Match) -> str:
    return re.sub(r"[^\n]", " ", match.group(0))


def literal_icon_problems(text: str, shown: str, inline_icons: dict) -> list[Problem]:
    """Every `{NAME}` of a declared inline icon in the chapter's prose (not inside {{ }}, {% %},
    or code), at its line."""
    prose = CODE_PART.sub(_blanked, JINJA_PART.sub(_blanked, text))
    problems = []
    for match in TOKEN.finditer(prose):
        name = match.group(1)
        if name in inline_icons:
            line = prose.count("\n", 0, match.start()) + 1
            problems.append(Problem(
                shown, line, "(text)", "an inline icon drawn by the rules filter",
                f"'{{{name}}}', which a chapter prints as text",
                f"Write {{{{ \"{{{name}}}\" | rules(\"#rrggbb\") }}}} to draw the {inline_icons[name]} icon in the "
                "colour given (docs/rulebook.md)"))
    return problems


def chapter_literal_icons(project, game) -> list[Problem]:
    """The problems above in every chapter of the game, in each of its languages (for a check
    that cannot render the chapters yet: the cards did not load)."""
    from pnp.rulebook.source import source_files

    return [problem for language in game.languages or (game.language,)
            for source in source_files(project, game.key, language)
            for problem in literal_icon_problems(source.text, str(source.shown), game.inline_icons)]
