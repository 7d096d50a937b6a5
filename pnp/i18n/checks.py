"""What `pnp check` and a build ask of a translation: each msgstr keeps its msgid's placeholders,
inline icons, markup and numbers (a translator may move them, never drop, add or change one);
and a build in a language has every string translated, unless --force."""

import re
from collections import Counter

from pnp.errors import CONTROL_CHARACTER, CONTROL_EXPECTED, CONTROL_FIX, DataError, Problem
from pnp.i18n.catalogue import HOW, catalogue_path, is_translated, read_catalogue
from pnp.render.active_content import ACTIVE_EXPECTED, ACTIVE_FIX, active_markup

PLACEHOLDER = re.compile(r"%\([A-Za-z_]\w*\)[sdif]|%%|\{[A-Za-z_][\w-]*\}")
MARKUP = re.compile(r"</?[A-Za-z][^<>]*>|<!--|-->|\*\*|<|>")      # a stray < or > is markup changed too
NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
PERCENT_FORMAT = re.compile(r"%%|%\([A-Za-z_]\w*\)[sdif]")           # what a layout's words may hold after a %

KINDS = (("placeholders and inline icons", PLACEHOLDER), ("markup", MARKUP), ("numbers", NUMBER))


def _kept(source: str, translation: str, find) -> tuple[list, list]:
    """What the translation lost and what it added, of what `find` finds."""
    wanted, found = Counter(find(source)), Counter(find(translation))
    return sorted((wanted - found).elements()), sorted((found - wanted).elements())


def _numbers(text: str) -> list:
    """Numbers as a reader takes them: 1,5 is 1.5."""
    return [number.replace(",", ".") for number in NUMBER.findall(text)]


def _lone_percent(text: str) -> bool:
    """A % that is neither %% nor %(name)s: the layout's words are %-formatted, it would fail or misprint."""
    return "%" in PERCENT_FORMAT.sub("", text)


def _formatted(message) -> bool:
    """Words a layout or the engine prints through `_()`: %-format strings (card data is not)."""
    return any(not str(file).startswith("card_data/") for file, _ in message.locations)


def _plural_problems(shown: str, message, sources: tuple, translations: tuple) -> list[Problem]:
    """A plural: each form may drop the count (French says "un point", or "1 point": a 1 or a 0
    for each placeholder it drops), never use a placeholder or another number neither source
    has; each keeps the markup of one of its sources, exactly."""
    problems = []
    field = f"msgstr of {_short(sources[0])}"
    for find, what in ((PLACEHOLDER.findall, "placeholders"), (_numbers, "numbers")):
        allowed = Counter()
        for source in sources:
            allowed |= Counter(find(source))
        counted = max(len(PLACEHOLDER.findall(source)) for source in sources)
        for index, form in enumerate(translations):
            extra = sorted((Counter(find(form)) - allowed).elements())
            if what == "numbers":                # a form may write its dropped count as 1 (or 0)
                dropped = counted - len(PLACEHOLDER.findall(form))
                for written in ("1", "0"):
                    while dropped > 0 and written in extra:
                        extra.remove(written)
                        dropped -= 1
            if extra:
                problems.append(Problem(shown, message.lineno, f"{field} [{index}]", f"the {what} of its msgid and "
                                        f"msgid_plural: {' '.join(sorted(allowed.elements())) or 'none'}",
                                        f"not in the source {' '.join(extra)}", f"Keep to the source's {what} ({HOW})"))
    markups = [sorted(MARKUP.findall(source)) for source in sources]
    for index, form in enumerate(translations):
        if sorted(MARKUP.findall(form)) not in markups:
            problems.append(Problem(shown, message.lineno, f"{field} [{index}]",
                                    f"the source's markup: {' '.join(MARKUP.findall(sources[-1])) or 'none'}",
                                    " ".join(MARKUP.findall(form)) or "none",
                                    f"Keep each one of the source's markup in every form ({HOW})"))
    return problems


def message_problems(shown: str, message) -> list[Problem]:
    """One catalogue entry's translation against its source. What would run in a browser or
    rewrite a terminal is refused in every string written, an entry half translated or fuzzy
    too (a plural missing a form is not translated, yet its other forms are text of the
    stranger's all the same); the rest is asked of a translated entry only."""
    if not message.id:
        return []
    sources = message.id if isinstance(message.id, tuple) else (message.id,)
    translations = tuple(text for text in (message.string if isinstance(message.string, (list, tuple))
                                           else (message.string,)) if text is not None)
    problems = [Problem(shown, message.lineno, f"msgstr of {_short(sources[0])}", ACTIVE_EXPECTED, what, ACTIVE_FIX)
                for translation in translations for _, what in active_markup(translation)]
    problems += [Problem(shown, message.lineno, f"msgstr of {_short(sources[0])}", CONTROL_EXPECTED,
                         repr(CONTROL_CHARACTER.search(text).group()), CONTROL_FIX)
                 for text in (*sources, *translations) if CONTROL_CHARACTER.search(text)]
    if not is_translated(message):
        return problems
    if _formatted(message):
        problems += [Problem(shown, message.lineno, f"msgstr of {_short(sources[0])}", "a % written %% (these words "
                             "are %-formatted: %(name)s is a placeholder)", _short(translation),
                             f"Write a percent sign as %% ({HOW})")
                     for translation in translations if _lone_percent(translation)]
    if len(sources) > 1:
        return problems + _plural_problems(shown, message, sources, translations)
    for translation in translations:
        source = sources[0]
        for what, pattern in KINDS:
            lost, added = _kept(source, translation, _numbers if pattern is NUMBER else pattern.findall)
            if lost or added:
                found = "; ".join(part for part in (f"missing {' '.join(lost)}" if lost else "",
                                                    f"not in the source {' '.join(added)}" if added else "") if part)
                problems.append(Problem(shown, message.lineno, f"msgstr of {_short(source)}",
                                        f"the source's {what}: {' '.join(pattern.findall(source)) or 'none'}",
                                        found, f"Keep each one of the source's {what} in the translation ({HOW})"))
    return problems


def _short(text: str) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= 50 else text[:47] + "...")


def catalogue_problems(project, game, language: str) -> list[Problem]:
    """Every translation of the language's catalogue that changes its source's placeholders,
    icons, markup or numbers, at its line; a malformed catalogue at its line."""
    try:
        catalogue = read_catalogue(project, game.key, language)
    except DataError as error:
        return error.problems
    if catalogue is None:
        return []
    shown = str(project.relative(catalogue_path(project, game.key, language)))
    return [problem for message in catalogue for problem in message_problems(shown, message)]


def missing_words(project, game, language: str) -> list[str]:
    """What a build in `language` would print in the source language: the strings of the game
    its catalogue does not translate, the glossary's terms, the rulings and the chapters missing."""
    from pnp.i18n.coverage import game_coverage

    coverage = game_coverage(project, game.source_game or game, language)
    return [] if coverage.complete else coverage.problems_in_words()


def translation_problems(project, game, languages, complete_in) -> list[Problem]:
    """Each language's catalogue consistent with its sources; those of `complete_in` complete."""
    problems = []
    source = game.source_game or game
    for language in languages:
        if language == source.language:
            continue
        problems += catalogue_problems(project, source, language)
        if language not in complete_in:
            continue
        from pnp.i18n.coverage import game_coverage, missing_problems

        try:
            problems += missing_problems(game_coverage(project, source, language), game.key)
        except DataError as error:
            problems += error.problems
    return problems


def untranslated_words(project, game, languages) -> list[str]:
    """For `pnp check`: one line per language its build would refuse for missing words."""
    from pnp.i18n.coverage import game_coverage

    source = game.source_game or game
    said = []
    for language in languages:
        if language == source.language:
            continue
        coverage = game_coverage(project, source, language)
        if not coverage.complete:
            missing = len(coverage.missing) + len(coverage.fuzzy) + sum(len(m) for *_, m in coverage.others)
            said.append(f"{language}: {missing} things to translate before `pnp build {game.key} --lang {language}` "
                        f"(`pnp translate {game.key} --lang {language}` lists them)")
    return said
