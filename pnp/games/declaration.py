"""`card_data/GAME/game.yaml`: a game declared as data.

The declaration names the game, its decks (data file, count, size, layouts, card fields)
and, for a game with a rules engine, the engine's adapter package. It is checked like card
data: an unknown key, a wrong type or a layout that does not exist is a Problem naming the
line of game.yaml.
"""

import difflib
import os
import re
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from pnp.data.fields import FIELD_TYPES, SLUG_PATTERN, card_model
from pnp.data.located import Located
from pnp.data.schema import STRICT_KEYS, invalid, validate
from pnp.data.yaml_source import load_yaml
from pnp.errors import DataError, Problem
from pnp.files import project_files
from pnp.games.adapters import adapter_for, adapter_names
from pnp.games.base import Board, Cover, Deck, Game, Module
from pnp.project import Project

DECLARATION = "game.yaml"
CARD_WIDTH_MM = 63.0
CARD_HEIGHT_MM = 88.0
BLEED_MM = 3.0
DATA_SUFFIXES = (".yaml", ".yml", ".csv", ".xlsx")
CARD_SIZES_MM = {              # `size:` presets, width x height in millimetres
    "poker": (63.0, 88.0),
    "bridge": (57.0, 89.0),
    "tarot": (70.0, 120.0),
    "mini": (44.0, 63.0),
    "square": (70.0, 70.0),
}
CARD_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*$", re.IGNORECASE)
SMALLEST_CARD_MM, LARGEST_CARD_MM = 5.0, 1000.0


def card_size(value: str) -> tuple[float, float]:
    """A `size:` as width and height in mm: a preset name or WIDTHxHEIGHT (mm)."""
    text = str(value).strip().lower()
    if text in CARD_SIZES_MM:
        return CARD_SIZES_MM[text]
    match = CARD_SIZE.match(text)
    if not match:
        presets = ", ".join(f"{name} ({w:g}x{h:g})" for name, (w, h) in CARD_SIZES_MM.items())
        raise invalid(f"a card size: one of {presets}, or WIDTHxHEIGHT in mm such as 60x90", value)
    width, height = (float(side) for side in match.groups())
    if not all(SMALLEST_CARD_MM < side <= LARGEST_CARD_MM for side in (width, height)):
        raise invalid(f"each side more than {SMALLEST_CARD_MM:g} and at most {LARGEST_CARD_MM:g} mm", value)
    return width, height


class FieldSpec(BaseModel):
    model_config = STRICT_KEYS
    type: str
    required: bool = True
    default: str | int | bool | None = None
    min: int | None = None
    max: int | None = None
    choices: list[str | int] = []
    min_items: int | None = Field(default=None, ge=0)
    icons: bool = False
    help: str = ""

    @field_validator("type")
    @classmethod
    def _known_type(cls, value):
        if value not in FIELD_TYPES:
            close = difflib.get_close_matches(value, FIELD_TYPES, n=1)
            raise invalid("one of the field types " + ", ".join(FIELD_TYPES), value,
                          f"Did you mean '{close[0]}'?" if close else "See docs/game-declaration.md")
        return value

    @model_validator(mode="after")
    def _choices_for_choice(self):
        if self.type in ("choice", "choices") and not self.choices:
            raise invalid(f"a `choices:` list for a field of type {self.type}", "none", "List the values allowed")
        if self.type in ("choice", "choices"):
            self.__dict__["choices"] = [str(c) for c in self.choices]
        return self


HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


class ColourValue(BaseModel):
    model_config = STRICT_KEYS
    colour: str
    cue: str | None = Field(default=None, min_length=1)

    @field_validator("colour")
    @classmethod
    def _hex(cls, value: str) -> str:
        if not HEX_COLOUR.fullmatch(value):
            raise ValueError(f"a colour as #rrggbb (#2f5f92), not {value!r}")
        return value


class ColourCoding(BaseModel):
    """Which field's values the cards' colours tell apart, and the colour (and any second cue:
    an icon, a shape, a letter) of each value; checked for colour-blind players."""

    model_config = STRICT_KEYS
    field: str
    values: dict[str, ColourValue] = Field(min_length=2)

    @field_validator("values", mode="before")
    @classmethod
    def _shorthand(cls, value):
        if isinstance(value, dict):
            return {str(k): ({"colour": v} if isinstance(v, str) else v) for k, v in value.items()}
        return value


class DeckSpec(BaseModel):
    model_config = STRICT_KEYS
    key: str = Field(pattern=SLUG_PATTERN)
    title: str = Field(min_length=1)
    data: str = Field(min_length=1)
    sheet: str | None = Field(default=None, min_length=1, max_length=31)
    count: int = Field(ge=1, le=10_000)
    count_rule: str = Field(min_length=1)
    face: str = Field(min_length=1)
    back: str | None = Field(default=None, min_length=1)
    backs: bool = True
    fold_lines_mm: list[float] = []
    size: str | None = None
    width_mm: float = Field(default=CARD_WIDTH_MM, gt=5, le=1000)
    height_mm: float = Field(default=CARD_HEIGHT_MM, gt=5, le=1000)
    bleed_mm: float = Field(default=BLEED_MM, ge=0, le=10)
    shape: Literal["rect", "circle"] = "rect"
    per_card_back: bool = False
    uses_rules: bool = False
    stock: Literal["cardstock", "paper"] = "cardstock"
    titles: dict[str, str] = {}
    print_note: str | None = Field(default=None, min_length=1)
    module: str | None = Field(default=None, pattern=SLUG_PATTERN)
    id_from: str | None = None
    counts_by: dict[str, dict[str | int, int]] = {}
    colours: ColourCoding | None = None
    fields: dict[str, FieldSpec] = Field(min_length=1)

    @field_validator("size", mode="before")
    @classmethod
    def _size(cls, value):
        if value is not None:
            card_size(value)
        return value if value is None else str(value)

    @model_validator(mode="after")
    def _sheet_of_a_workbook(self):
        if self.sheet is not None and not self.data.endswith(".xlsx"):
            raise invalid("`sheet:` only with an .xlsx data file", f"sheet: {self.sheet} with data: {self.data}",
                          "Remove `sheet:`")
        return self

    @model_validator(mode="after")
    def _size_or_sides(self):
        """`size:` sets width_mm and height_mm; both ways at once would be two answers."""
        if self.size is not None:
            if {"width_mm", "height_mm"} & self.model_fields_set:
                raise invalid("either `size:` or `width_mm:` and `height_mm:`, not both", f"size: {self.size}",
                              "Keep one of the two")
            self.__dict__["width_mm"], self.__dict__["height_mm"] = card_size(self.size)
        return self

    @model_validator(mode="after")
    def _backs_and_folds(self):
        if self.backs and self.back is None:
            raise invalid("a `back:` layout (or `backs: false` for one-sided pieces)", "none",
                          "Name the back layout")
        for fold in self.fold_lines_mm:
            if not 0 < fold < self.height_mm:
                raise invalid(f"fold lines inside the piece, between 0 and {self.height_mm:g} mm", fold)
        return self

    @field_validator("data")
    @classmethod
    def _data_file(cls, value):
        if "/" in value or "\\" in value or not value.endswith(DATA_SUFFIXES):
            raise invalid("a file name in the game's folder ending in " + ", ".join(DATA_SUFFIXES), value)
        return value


class BoardSpec(BaseModel):
    model_config = STRICT_KEYS
    key: str = Field(pattern=SLUG_PATTERN)
    title: str = Field(min_length=1)
    layout: str = Field(min_length=1)
    width_mm: float = Field(gt=50, le=3000)
    height_mm: float = Field(gt=50, le=3000)
    stock: Literal["cardstock", "paper"] = "cardstock"


class ModuleSpec(BaseModel):
    """An optional expansion: its decks are built only when asked for (`--module KEY`)."""
    model_config = STRICT_KEYS
    key: str = Field(pattern=SLUG_PATTERN)
    title: str = Field(min_length=1)
    note: str | None = Field(default=None, min_length=1)


class CoverSpec(BaseModel):
    """The cards the download page shows for the game: a fan of faces from one deck."""
    model_config = STRICT_KEYS
    deck: str = Field(pattern=SLUG_PATTERN)
    cards: list[str] = Field(default=[], max_length=5)
    background: str = Field(default="#2b2b33", pattern=r"^#[0-9a-fA-F]{6}$")
    title_font: str | None = Field(default=None, pattern=r"^[a-z0-9-]+/[a-z0-9-]+\.woff2?$")
    alt: str | None = Field(default=None, min_length=1)


class GameSpec(BaseModel):
    model_config = STRICT_KEYS
    title: str = Field(min_length=1)
    language: str = Field(pattern=r"^[a-z]{2}$")
    languages: list[str] = []
    players: str = Field(min_length=1)
    play_time: str = Field(min_length=1)
    pitch: str = Field(min_length=1)
    stylesheet: str = Field(min_length=1)
    engine: str | None = None
    inline_icons: dict[str, str] = {}
    decks: list[DeckSpec] = Field(min_length=1)
    boards: list[BoardSpec] = []
    modules: list[ModuleSpec] = []
    cover: CoverSpec | None = None

    @field_validator("players", "play_time", mode="before")
    @classmethod
    def _as_text(cls, value):
        return str(value) if isinstance(value, int) else value


def game_keys(project: Project) -> list[str]:
    """The games of the project: each folder of card_data/ holding a game.yaml. A link there
    that leads to one is listed too, so that loading it refuses it by name; nothing else is
    read (a loop of links is no game)."""
    try:
        with os.scandir(project.card_data) as listing:
            entries = list(listing)
    except OSError:
        return []
    return sorted(entry.name for entry in entries
                  if (entry.is_dir(follow_symlinks=False) or entry.is_symlink())
                  and os.path.lexists(Path(entry.path) / DECLARATION))


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


def _layout_problems(project: Project, located: Located, spec: GameSpec) -> list[Problem]:
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


def _deck_problems(located: Located, spec: GameSpec, vocabulary) -> list[Problem]:
    problems = []
    seen: dict = {}
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
        for field_name, field in deck.fields.items():
            if field.type == "effects" and vocabulary is None:
                problems.append(Problem(located.file, located.line_of(where + ("fields", field_name)),
                                        f"decks[{index}].fields.{field_name}",
                                        "a game with a rules engine (`engine:`) for a field of type effects",
                                        "no engine", "Give the field another type, or name the engine"))
    return problems


def _colour_problems(located: Located, deck: DeckSpec, where: tuple) -> list[Problem]:
    """Colours that tell cards apart must stay apart for colour-blind players (ΔE2000 15 or more
    under deuteranopia, protanopia and tritanopia), unless a second cue differs too."""
    from pnp.render.colours import MIN_COLOUR_BLIND_DELTA_E, colour_blind_distances

    coding, problems = deck.colours, []
    if coding.field not in deck.fields:
        return [Problem(located.file, located.line_of(where + ("colours", "field")), f"{deck.key}: colours.field",
                        "the name of one of the deck's fields", repr(coding.field))]
    field = deck.fields[coding.field]
    if field.type in ("choice", "choices"):
        for value in coding.values:
            if value not in field.choices:
                problems.append(Problem(located.file, located.line_of(where + ("colours", "values", value)),
                                        f"{deck.key}: colours.values.{value}",
                                        f"a value of the field {coding.field}: {', '.join(field.choices)}",
                                        repr(value)))
    names = list(coding.values)
    for index, first in enumerate(names):
        for second in names[index + 1:]:
            one, two = coding.values[first], coding.values[second]
            if one.cue and two.cue and one.cue != two.cue:
                continue
            distances = colour_blind_distances(one.colour, two.colour)
            kind, worst = min(distances.items(), key=lambda item: item[1])
            if worst < MIN_COLOUR_BLIND_DELTA_E:
                problems.append(Problem(
                    located.file, located.line_of(where + ("colours", "values", second)),
                    f"{deck.key}: colours.values.{second}",
                    f"colours a colour-blind player tells apart: ΔE2000 {MIN_COLOUR_BLIND_DELTA_E:g} or more "
                    "under deuteranopia, protanopia and tritanopia",
                    f"colour-blind: '{first}' {one.colour} and '{second}' {two.colour} are {worst:.1f} apart "
                    f"under {kind}", "Change one colour (lightness differs most for every eye), or give each "
                    "value a second cue that differs (`cue:` an icon, a shape, a letter)"))
    return problems


def load_declaration(project: Project, key: str) -> Game:
    """The game declared in card_data/KEY/game.yaml, joined to its engine's adapter."""
    path = project.card_data / key / DECLARATION
    located = load_yaml(path, project.relative(path), project.root)
    if not isinstance(located.data, dict):
        raise DataError([Problem(located.file, 1, "(top)", "a mapping: title, language, players, "
                                 "play_time, pitch, stylesheet, decks", type(located.data).__name__)])
    spec = validate(located, GameSpec)
    adapter = None
    problems = []
    if spec.engine is not None:
        adapter = adapter_for(spec.engine)
        if adapter is None:
            problems.append(Problem(located.file, located.line_of(("engine",)), "engine",
                                    "the name of a rules engine adapter: " + (", ".join(adapter_names()) or "none"),
                                    repr(spec.engine), "Remove `engine:` for a game without rules"))
    vocabulary = adapter.effect_vocabulary if adapter else None
    problems += _layout_problems(project, located, spec) + _deck_problems(located, spec, vocabulary)
    if adapter is not None:
        problems += adapter.declaration_problems(located, spec)
    if problems:
        raise DataError(problems)
    decks = tuple(_deck(spec, index, deck, located, adapter) for index, deck in enumerate(spec.decks))
    boards = tuple(Board(b.key, b.title, b.layout, b.width_mm, b.height_mm, b.stock) for b in spec.boards)
    modules = tuple(Module(m.key, m.title, m.note) for m in spec.modules)
    cover = spec.cover or CoverSpec(deck=spec.decks[0].key)
    return Game(key=key, title=spec.title, language=spec.language, boards=boards,
                decks=tuple(d for d in decks if d.module is None), declared_decks=decks, modules=modules,
                stylesheet=spec.stylesheet, players=spec.players, play_time=spec.play_time,
                pitch=spec.pitch, inline_icons=dict(spec.inline_icons), located=located,
                cover=Cover(cover.deck, tuple(cover.cards), cover.background, cover.title_font, cover.alt),
                languages=tuple(spec.languages or [spec.language]),
                **(adapter.hooks() if adapter else {}))


def _deck(spec: GameSpec, index: int, deck: DeckSpec, located: Located, adapter) -> Deck:
    model = card_model("".join(part.title() for part in deck.key.split("-")), deck.fields, deck.id_from)
    checks = adapter.deck_checks(deck.key, deck) if adapter else ()
    return Deck(deck.key, deck.title, deck.data, model, deck.count, deck.count_rule, deck.face,
                deck.back, checks=checks, width_mm=deck.width_mm, height_mm=deck.height_mm,
                bleed_mm=deck.bleed_mm, shape=deck.shape, per_card_back=deck.per_card_back,
                uses_rules=deck.uses_rules, counts_by=deck.counts_by,
                fold_lines_mm=tuple(deck.fold_lines_mm), backs=deck.backs, stock=deck.stock,
                titles=dict(deck.titles), print_note=deck.print_note, module=deck.module,
                sheet=deck.sheet or deck.key,
                declared_at=located.line_of(("decks", index, "count")))
