"""What the schema of game.yaml cannot say alone: every layout it names exists, its languages,
modules and cover agree with its decks, each deck's keys, fields and counts agree with each
other, and the colours that tell cards apart stay apart for colour-blind players."""

import difflib
import os
import re
from pathlib import Path

from pnp.data.located import Located
from pnp.errors import DataError, Problem
from pnp.files import project_files, read_text
from pnp.games.spec import DeckSpec, GameSpec
from pnp.project import Project
from pnp.suggest import did_you_mean


def _present(path: Path) -> bool:
    """A file at `path`, or anything its reader will name (a link, a FIFO): only an absent
    file is said not to exist."""
    return os.path.lexists(path) and not path.is_dir()


def _layout_names(project: Project) -> list[str]:
    """The layouts, for a suggestion (none when the layouts hold what pnp refuses: the
    build names that)."""
    try:
        return [str(p.relative_to(project.layouts)) for p in project_files(project.layouts, project.root, (".html",))]
    except DataError:
        return []


def layout_problems(project: Project, located: Located, spec: GameSpec, key: str) -> list[Problem]:
    problems = []

    def need(path: str, where: tuple, what: str):
        if not _present(project.layouts / path):
            close = difflib.get_close_matches(path, _layout_names(project), n=1)
            problems.append(Problem(located.file, located.line_of(where), located.field_name(where),
                                    f"{what} under layouts/", f"'{path}', which does not exist",
                                    f"Did you mean '{close[0]}'?" if close else f"Create layouts/{path}"))
    if not _present(project.layouts / spec.stylesheet):
        problems.append(Problem(located.file, located.line_of(("stylesheet",)), "stylesheet",
                                "a stylesheet under layouts/", f"'{spec.stylesheet}', which does not exist",
                                f"Create layouts/{spec.stylesheet}"))
    for index, deck in enumerate(spec.decks):
        need(deck.face, ("decks", index, "face"), "a face layout")
        if deck.back is not None:
            need(deck.back, ("decks", index, "back"), "a back layout")
    for index, board in enumerate(spec.boards):
        need(board.layout, ("boards", index, "layout"), "a board layout")
    texts = _game_layout_texts(project, spec, key)
    for index, deck in enumerate(spec.decks):
        if deck.colours is not None:
            problems += _cue_problems(project, located, spec, deck, ("decks", index, "colours", "values"), texts)
    problems += _colour_property_problems(spec, texts)
    for index, code in enumerate(spec.languages):
        if not (len(code) == 2 and code.isalpha() and code.islower()):
            problems.append(Problem(located.file, located.line_of(("languages", index)), f"languages[{index}]",
                                    "a two-letter language code such as fr or en", repr(code)))
    if spec.languages and spec.languages[0] != spec.language:
        problems.append(Problem(located.file, located.line_of(("languages",)), "languages",
                                f"the game's language, {spec.language}, first (it is the default)",
                                repr(spec.languages)))
    modules = [module.key for module in spec.modules]
    for index, module in enumerate(spec.modules):
        if modules.index(module.key) != index:
            problems.append(Problem(located.file, located.line_of(("modules", index, "key")), f"modules[{index}].key",
                                    "a module key no other module has", repr(module.key)))
    for index, deck in enumerate(spec.decks):
        if deck.module is not None and deck.module not in modules:
            problems.append(Problem(located.file, located.line_of(("decks", index, "module")),
                                    f"decks[{index}].module",
                                    "the key of a module declared under `modules:`: " + (", ".join(modules) or "none"),
                                    repr(deck.module), "Declare the module, or remove `module:` from the deck"))
    if spec.cover is not None and spec.cover.deck not in {deck.key for deck in spec.decks}:
        problems.append(Problem(located.file, located.line_of(("cover", "deck")), "cover.deck",
                                "the key of one of the game's decks: " + ", ".join(d.key for d in spec.decks),
                                repr(spec.cover.deck)))
    return problems


CSS_CLASS = re.compile(r"\.(-?[A-Za-z_][A-Za-z0-9_-]*)")
CLASS_ATTRIBUTE = re.compile(r"""\bclass\s*=\s*["']([^"']*)["']""")
CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)
COLOUR_PROPERTY = re.compile(r"var\(\s*--colour-([A-Za-z0-9_-]+)")


def _game_layout_texts(project: Project, spec: GameSpec, key: str) -> dict:
    """The game's own stylesheets and layouts (its folder of layouts/ and its stylesheet), by name."""
    try:
        paths = project_files(project.layouts / key, project.root, (".css", ".html")) if (project.layouts / key).is_dir() else []
    except DataError:               # a link there: the stylesheet check names it
        paths = []
    names = {f"layouts/{path.relative_to(project.layouts).as_posix()}": path for path in paths}
    names.setdefault(f"layouts/{spec.stylesheet}", project.layouts / spec.stylesheet)
    texts = {}
    for shown, path in names.items():
        try:
            texts[shown] = read_text(path, shown, project.root)
        except (DataError, OSError):    # not there or unreadable: named elsewhere
            continue
    return texts


def _cue_problems(project: Project, located: Located, spec: GameSpec, deck: DeckSpec, where: tuple,
                  texts: dict) -> list[Problem]:
    """A colour's `cue:` is something the cards print: an icon of layouts/icons/ (`cue: hearts`), or
    a class the game's stylesheets style or its layouts write (Verso's shape, `.circle`). The
    colour-blind check takes a cue's word for it that the values differ, so a cue must exist."""
    cued = {value: coded.cue for value, coded in deck.colours.values.items() if coded.cue}
    if not cued:
        return []
    classes = set()
    for shown, text in texts.items():
        if shown.endswith(".css"):
            classes |= set(CSS_CLASS.findall(CSS_COMMENT.sub("", text)))
        else:
            classes |= {name for value in CLASS_ATTRIBUTE.findall(text) for name in value.split()}
    try:
        icons = [path.stem for path in project_files(project.layouts / "icons", project.root, (".svg",), recursive=False)]
    except DataError:                   # the icons' folder is refused (a link out of the project): said there
        return []
    problems = []
    for value, cue in cued.items():
        if cue not in classes and cue not in icons:
            problems.append(Problem(
                located.file, located.line_of(where + (value, "cue")), f"{deck.key}: colours.values.{value}.cue",
                "a cue the cards print: an icon of layouts/icons/, or a class the game's stylesheet styles "
                "(such as .circle)", repr(cue),
                did_you_mean(cue, icons + sorted(classes), "Name the icon or the class that tells this value apart")))
    return problems


def _colour_property_problems(spec: GameSpec, texts: dict) -> list[Problem]:
    """Each var(--colour-NAME) the game's stylesheets and layouts read is a colour game.yaml declares
    (an undefined one prints nothing, and the build's typesetter names another file)."""
    declared = sorted({value for deck in spec.decks if deck.colours is not None for value in deck.colours.values})
    problems = []
    for shown, text in texts.items():
        for match in COLOUR_PROPERTY.finditer(text):
            if match.group(1) not in declared:
                problems.append(Problem(
                    shown, text.count("\n", 0, match.start()) + 1, f"var(--colour-{match.group(1)})",
                    "a colour a deck's `colours:` declares in game.yaml: " + (", ".join(declared) or "none declared"),
                    repr(match.group(1)), did_you_mean(match.group(1), declared, "Declare it under a deck's `colours:`")))
    return problems


def deck_problems(located: Located, spec: GameSpec, vocabulary) -> list[Problem]:
    problems = []
    seen: dict = {}
    coloured: dict = {}             # a colour value -> its colour and the first deck that gives it
    for index, deck in enumerate(spec.decks):
        where = ("decks", index)
        if deck.key in seen:
            problems.append(Problem(located.file, located.line_of(where + ("key",)), f"decks[{index}].key",
                                    "a deck key no other deck has", repr(deck.key), f"Line {seen[deck.key]} has it"))
        seen.setdefault(deck.key, located.line_of(where + ("key",)))
        names = set(deck.fields)
        if deck.id_from:
            wanted = {part.split("}")[0] for part in deck.id_from.split("{")[1:]}
            if not wanted <= names or "id" in names:
                problems.append(Problem(located.file, located.line_of(where + ("id_from",)),
                                        f"decks[{index}].id_from", "a pattern of field names such as '{rank}-{suit}' "
                                        "for a deck without an `id` field", repr(deck.id_from)))
        for field_name, counts in deck.counts_by.items():
            if field_name not in names:
                problems.append(Problem(located.file, located.line_of(where + ("counts_by", field_name)),
                                        f"decks[{index}].counts_by", "the name of one of the deck's fields",
                                        repr(field_name)))
            elif sum(counts.values()) != deck.count:
                problems.append(Problem(located.file, located.line_of(where + ("counts_by", field_name)),
                                        f"decks[{index}].counts_by.{field_name}",
                                        f"counts adding up to the deck's count, {deck.count}", str(sum(counts.values()))))
        if deck.colours is not None:
            problems += _colour_problems(located, deck, where)
            for value, coded in deck.colours.values.items():
                first = coloured.setdefault(value, (coded.colour, deck.key))
                if first[0].lower() != coded.colour.lower():
                    problems.append(Problem(located.file, located.line_of(where + ("colours", "values", value)),
                                            f"{deck.key}: colours.values.{value}",
                                            f"one colour for '{value}' in every deck (its layouts' var(--colour-{value}))",
                                            f"{coded.colour}, where the deck {first[1]} gives {first[0]}",
                                            "Give it the same colour, or name the value otherwise"))
        for field_name, field in deck.fields.items():
            if field.required_if is not None:
                problems += _required_if_problems(located, deck, where + ("fields", field_name), field_name)
            if field.type == "effects" and vocabulary is None:
                problems.append(Problem(located.file, located.line_of(where + ("fields", field_name)),
                                        f"decks[{index}].fields.{field_name}",
                                        "a game with a rules engine (`engine:`) for a field of type effects",
                                        "no engine", "Give the field another type, or name the engine"))
    return problems


def _required_if_problems(located: Located, deck: DeckSpec, where: tuple, name: str) -> list[Problem]:
    """`required_if: OTHER` makes an optional field required on the cards where OTHER has a value:
    OTHER is another field of the deck, and the field is optional with no default."""
    spec, at = deck.fields[name], located.line_of(where + ("required_if",))
    shown = f"{deck.key}: fields.{name}.required_if"
    others = [other for other in deck.fields if other != name]
    if spec.required_if not in others:
        return [Problem(located.file, at, shown, "another field of the deck: " + ", ".join(others),
                        repr(spec.required_if), did_you_mean(spec.required_if, others, "Name one of the deck's fields"))]
    if spec.required:
        written = "required: true" if "required" in spec.model_fields_set else "no `required: false` (a field is required by default)"
        return [Problem(located.file, at, shown, f"an optional field (it is required only when {spec.required_if} "
                        "has a value)", written, "Add `required: false` to the field")]
    if spec.default is not None:
        return [Problem(located.file, at, shown, "a field without a `default:` (a default fills every blank, so "
                        "nothing would ever be asked for)", f"default: {spec.default!r}", "Remove one of the two")]
    return []


def _colour_problems(located: Located, deck: DeckSpec, where: tuple) -> list[Problem]:
    """Colours that tell cards apart must stay apart for colour-blind players (ΔE2000 15 or more
    under deuteranopia, protanopia and tritanopia), unless a second cue differs too."""
    from pnp.render.colours import MIN_COLOUR_BLIND_DELTA_E, colour_blind_clashes

    coding, problems = deck.colours, []
    if coding.field not in deck.fields:
        return [Problem(located.file, located.line_of(where + ("colours", "field")), f"{deck.key}: colours.field",
                        "the name of one of the deck's fields: " + ", ".join(deck.fields), repr(coding.field),
                        did_you_mean(coding.field, list(deck.fields), "Name the field whose values the colours tell apart"))]
    field = deck.fields[coding.field]
    if field.type in ("choice", "choices"):
        for value in coding.values:
            if value not in field.choices:
                problems.append(Problem(located.file, located.line_of(where + ("colours", "values", value)),
                                        f"{deck.key}: colours.values.{value}",
                                        f"a value of the field {coding.field}: {', '.join(field.choices)}",
                                        repr(value), did_you_mean(value, field.choices, "Remove it")))
        uncoloured = [choice for choice in field.choices if choice not in coding.values]
        if uncoloured:                  # a card of that value would print var(--colour-...) undefined
            problems.append(Problem(located.file, located.line_of(where + ("colours", "values")),
                                    f"{deck.key}: colours.values",
                                    f"a colour for every value of the field {coding.field}: {', '.join(field.choices)}",
                                    "none for " + ", ".join(repr(choice) for choice in uncoloured),
                                    "Give each its colour"))
    colours = {name: value.colour for name, value in coding.values.items()}
    cues = {name: value.cue for name, value in coding.values.items() if value.cue}
    for first, second, kind, worst in colour_blind_clashes(colours, cues):
        one, two = coding.values[first], coding.values[second]
        problems.append(Problem(
            located.file, located.line_of(where + ("colours", "values", second)),
            f"{deck.key}: colours.values.{second}",
            f"colours a colour-blind player tells apart: ΔE2000 {MIN_COLOUR_BLIND_DELTA_E:g} or more "
            "under deuteranopia, protanopia and tritanopia",
            f"colour-blind: '{first}' {one.colour} and '{second}' {two.colour} are {worst:.1f} apart "
            f"under {kind}", "Change one colour (lightness differs most for every eye), or give each "
            "value a second cue that differs (`cue:` an icon, a shape, a letter)"))
    return problems
