"""`pnp check`: the card data against its rules, and every worked example against the engine."""

from dataclasses import dataclass, field
from pathlib import Path

from pnp.checked import card_files, part_key, remember_sound, was_sound
from pnp.data.decks import load_game
from pnp.errors import DataError, Problem, RenderError
from pnp.examples import Example, Mismatch, load_example_file, run_examples
from pnp.files import MissingFile, project_files, project_font
from pnp.inputs import render_inputs
from pnp.data.game import Game
from pnp.credits import credit_problems
from pnp.typography_check import typography_problems
from pnp.data.shared_pictures import shared_picture_problems
from pnp.project import Project
from pnp.rulebook.source import rulebook_dir, rulebook_examples


@dataclass
class CheckReport:
    problems: list[Problem] = field(default_factory=list)
    mismatches: list[Mismatch] = field(default_factory=list)
    examples: int = 0
    decks: int = 0
    results: dict = field(default_factory=dict)   # example id -> the engine's result
    untranslated: list[str] = field(default_factory=list)   # what a language's build would refuse, in words

    @property
    def ok(self) -> bool:
        return not self.problems and not self.mismatches


def example_files(project: Project, game: Game) -> list[Path]:
    return project_files(project.card_data / game.key / "examples", project.root, (".yaml",), recursive=False)


def folder_problems(project: Project, game: Game) -> list[Problem]:
    """What a build would refuse in the folders it reads (the game's card data, the layouts, the
    fonts): a link anywhere (a loop of links too), a FIFO, a device, folders nested too deep."""
    problems = []
    for folder in (project.card_data / game.key, project.layouts, project.fonts):
        try:
            project_files(folder, project.root)
        except DataError as error:
            problems += error.problems
    return problems


def collect_examples(project: Project, game: Game) -> tuple[list[Example], list[Problem]]:
    """Every worked example of the game: example files, then rulebook blocks; ids unique."""
    examples, problems = [], []
    for path in example_files(project, game):
        try:
            examples += load_example_file(path, project.relative(path), project.root)
        except DataError as error:
            problems += error.problems
    try:
        examples += rulebook_examples(project, game.key)
    except DataError as error:
        problems += error.problems
    first: dict = {}
    for example in examples:
        if example.id in first and first[example.id] is not example:
            other = first[example.id]
            problems.append(Problem(example.located.file, example.line("id"), f"example {example.id}",
                                    "an id no other example of the game has", "a repeat",
                                    f"{other.located.file}:{other.line('id')} has it"))
        first.setdefault(example.id, example)
    return examples, problems


def example_results(project: Project, game: Game, loaded: list) -> dict:
    """Every worked example's result from the engine, by id (for a rulebook rendered beside
    the check: a fault here is the check's to report)."""
    examples, problems = collect_examples(project, game)
    if problems:
        raise DataError(problems)
    return {outcome.example.id: outcome.result
            for outcome in run_examples(examples, game.kinds, game.rules_context(loaded))}


def cover_problems(project: Project, game: Game, loaded: list) -> list[Problem]:
    """The cover's cards must be cards of its deck, and its title font a font of the project."""
    if game.cover is None or game.located is None:
        return []
    problems = []
    font = game.cover.title_font
    if font:
        problems += _title_font_problems(project, game, font)
    deck = next((d for d in loaded if d.deck.key == game.cover.deck), None)
    ids = [str(getattr(card, "id", "")) for card in deck.cards] if deck else []
    return problems + [Problem(game.located.file, game.located.line_of(("cover", "cards", index)), f"cover.cards[{index}]",
                    f"the id of a card of the deck {game.cover.deck}", repr(card_id),
                    f"Ids start: {', '.join(dict.fromkeys(ids[:6]))}")
            for index, card_id in enumerate(game.cover.cards) if card_id not in ids]


def data_file_problems(project: Project, game: Game, loaded: list) -> list[Problem]:
    """The engine's own files beside the decks (One Last Fight's difficulty bands), each read
    safely and checked against the decks: a file absent is not checked."""
    from pnp.data.yaml_source import load_yaml

    problems = []
    for name, check in game.file_checks:
        path = project.card_data / game.key / name
        if not path.is_file():
            continue
        try:
            problems += check(load_yaml(path, project.relative(path), project.root), loaded)
        except DataError as error:
            problems += error.problems
    return problems


def _title_font_problems(project: Project, game: Game, font: str) -> list[Problem]:
    where = (game.located.file, game.located.line_of(("cover", "title_font")), "cover.title_font")
    try:
        project_font(project.root, project.fonts / font, f"fonts/{font}")
    except MissingFile:
        fonts = [str(path.relative_to(project.fonts))
                 for path in project_files(project.fonts, project.root, (".woff", ".woff2"))]
        return [Problem(*where, "a font file under fonts/", f"'{font}', which does not exist",
                        "The bundled fonts are: " + ", ".join(fonts))]
    except DataError as error:
        return [Problem(*where, "a font file under fonts/", f"'{font}': {error.problems[0].found}",
                        error.problems[0].fix)]
    return []


def _layout_keys(files: list | None, game: Game, edition: str, rendering: str) -> dict:
    """The layout checks' keys (pnp.checked): None's for the whole game's part (boards, fonts,
    stylesheets: the data less every deck's file), and each deck's: the data less the other
    decks' files, or with them for a deck that prints the engine's numbers (they read every deck)."""
    sources = [deck.source for deck in game.decks]
    keys = {None: part_key(files, f"layouts {edition}", rendering, ("rulebook", *sources))}
    for deck in game.decks:
        others = () if deck.uses_rules else tuple(source for source in sources if source != deck.source)
        keys[deck.key] = part_key(files, f"layouts {edition} deck {deck.key}", rendering, ("rulebook", *others))
    return keys


def check_game(project: Project, game: Game, extra_examples: list[Example] = (),
               loaded: list | None = None, languages: tuple | None = None,
               complete_in: tuple | None = None, rendering: str | None = None, chapters: bool = True) -> CheckReport:
    """Card data (unless the caller loaded it), then layouts (rendered as HTML, no
    WeasyPrint), then worked examples, then the rulebook's chapters and the translations in
    `languages` (by default every language the game prints in; a build checks the one it
    prints): each translation consistent with its source, and complete in `complete_in` (a
    build's language); what another language still lacks is said in `untranslated`, not refused:
    a changed card text must not stop the source language's work. `rendering`: the project's
    render inputs (pnp.inputs.render_inputs), when read already. `chapters` False: a build's
    rulebook task checks the chapters as it renders them (pnp.rulebook.chapter_check)."""
    languages = tuple(languages if languages is not None else (game.languages or (game.language,)))
    from pnp.render.layout_check import layout_problems

    report = CheckReport()
    game = game.with_all_modules()
    report.problems = folder_problems(project, game)
    if report.problems:                   # the build refuses the folders before reading them
        return report
    complete_in = tuple(complete_in or ())
    if game.language in complete_in and game.language != game.source_language:
        from pnp.i18n.checks import translation_problems

        report.problems = translation_problems(project, game, (game.language,), complete_in)
        if report.problems:               # every missing word listed, before a layout meets the first
            return report
    # Keyed by the inputs read before the data is, and kept only if they are the same after the
    # check: a file saved meanwhile never lends its verdict to bytes that were not checked.
    files = card_files(project, game.key) if not extra_examples else None
    rendering = (rendering or render_inputs(project)) if files is not None else ""
    edition = f"{game.language} ink_saver={game.ink_saver} force={game.words is not None and game.words.force}"
    layout_keys = _layout_keys(files, game, edition, rendering)
    key = layout_keys[None]
    before = part_key(files, "every input", rendering)
    sound: list = []                      # the keys of the parts found sound
    if loaded is None:
        try:
            loaded = load_game(project, game)
        except DataError as error:
            report.problems += error.problems
    if loaded is not None:
        report.decks = len(loaded)
        report.problems += cover_problems(project, game, loaded) + data_file_problems(project, game, loaded)
        report.problems += credit_problems(project, game, loaded) + typography_problems(project, game, loaded)
        report.problems += shared_picture_problems(loaded)
        sound_decks = frozenset(deck for deck, deck_key in layout_keys.items() if deck and was_sound(deck_key))
        whole_game = not was_sound(key)
        if whole_game or len(sound_decks) < len(loaded):
            found = layout_problems(project, game, loaded, lambda: game.deck_context(loaded), sound_decks, whole_game)
            report.problems += found
            if not found:
                sound += [deck_key for deck_key in layout_keys.values() if deck_key]
    examples, problems = collect_examples(project, game)
    examples += list(extra_examples)
    report.problems += problems
    report.examples = len(examples)
    if loaded is not None and examples and not report.problems:
        try:
            outcomes = run_examples(examples, game.kinds, game.rules_context(loaded))
            report.mismatches = [m for outcome in outcomes for m in outcome.mismatches]
            report.results = {outcome.example.id: outcome.result for outcome in outcomes}
        except DataError as error:
            report.problems += error.problems
    if loaded is None and rulebook_dir(project, game.key).is_dir():   # what the chapters' text shows already
        from pnp.rulebook.literal_icons import chapter_literal_icons

        report.problems += chapter_literal_icons(project, game)
    others = [code for code in languages if code not in complete_in]
    if not report.problems:             # a msgstr that changes its msgid's icons or numbers, at its own line,
        from pnp.i18n.checks import translation_problems   # before a chapter that prints it meets it

        report.problems += translation_problems(project, game, others, ())
    if chapters and loaded is not None and not report.problems and rulebook_dir(project, game.key).is_dir():
        from pnp.rulebook.chapter_check import chapter_problems, chapters_forced, chapters_key

        for language in languages:
            force = chapters_forced(game, language, complete_in)
            key = chapters_key(project, game, language, force, report.results, files, rendering)
            if was_sound(key):
                continue
            try:
                shown = game.in_language(language, force=force)
            except DataError as error:      # its catalogue refused
                report.problems += error.problems
                continue
            _, found = chapter_problems(project, shown, loaded, report.results)
            report.problems += found
            if not found and key is not None:
                sound.append(key)
    if sound and before == part_key(card_files(project, game.key), "every input", render_inputs(project)):
        for key in sound:
            remember_sound(key)
    if not report.problems:
        from pnp.i18n.checks import untranslated_words

        report.untranslated = untranslated_words(project, game, others)
    return report


def fit_problems(project: Project, game: Game, results: dict | None = None) -> list[Problem]:
    """Every deck and the rulebook (in each of its languages, on A4) laid out as the build lays
    them out (through the page cache: what a build made already costs nothing): each card whose
    text cannot fit its box, and what else only a laid-out page shows. `pnp check` alone
    renders HTML only; this is its `--measure-fit`. Boards, aids and tokens are the build's."""
    from pnp.render.cards import render_deck

    game = game.with_all_modules()          # as check_game reads it, the rulebook included
    loaded = load_game(project, game)
    problems = _rulebook_page_problems(project, game, loaded, results) if results is not None else []
    for deck in loaded:
        context = game.deck_context(loaded) if deck.deck.uses_rules else None
        try:
            render_deck(project, game, deck.deck, deck.cards, str(deck.located.file), context, deck.located)
        except DataError as error:
            problems += error.problems
        except RenderError as error:
            problems.append(Problem(deck.located.file, None, "(layout)", "cards laid out on their pages",
                                    str(error), "Fix the layout, or shorten the card"))
    return problems


def _rulebook_page_problems(project: Project, game: Game, loaded: list, results: dict) -> list[Problem]:
    if not rulebook_dir(project, game.key).is_dir():
        return []
    from pnp.rulebook.typeset import render_rulebook

    problems: list[Problem] = []
    for language in game.languages or (game.language,):
        try:                # a translation still under way is laid out with the source's words where it has none
            render_rulebook(project, game.in_language(language, force=language != game.source_language),
                            loaded, results, "a4")
        except DataError as error:
            problems += error.problems
        except RenderError as error:
            problems.append(Problem(f"card_data/{game.key}/rulebook", None, "(rulebook)", "pages laid out",
                                    str(error), "Fix the chapter or the layout it names"))
    return problems
