"""The schema of `card_data/GAME/game.yaml`: what each key of a game's declaration may hold (its
decks, boards, modules and cover), checked like card data, each fault a Problem naming the line."""

import difflib
import re
from typing import Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from pnp.suggest import did_you_mean
from pnp.data.fields import FIELD_TYPES, SLUG_PATTERN
from pnp.data.schema import STRICT_KEYS, invalid


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
        raise invalid(f"a card size: one of {presets}, or WIDTHxHEIGHT in mm such as 60x90", value,
                      did_you_mean(text, list(CARD_SIZES_MM), "Use a preset's name, or the card's own size (60x90)"))
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
    required_if: str | None = Field(default=None, min_length=1)
    shared: str | None = Field(default=None, min_length=1)   # an icon field: why its cards may share a picture
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
CSS_NAME = re.compile(r"[A-Za-z0-9_-]+")


class ColourValue(BaseModel):
    model_config = STRICT_KEYS
    colour: str
    cue: str | None = Field(default=None, min_length=1)

    @field_validator("colour")
    @classmethod
    def _hex(cls, value: str) -> str:
        if not HEX_COLOUR.fullmatch(value):
            raise invalid("a colour as \"#rrggbb\", in quotes (\"#2f5f92\")", value)
        return value


class ColourCoding(BaseModel):
    """Which field's values the cards' colours tell apart, and the colour (and any second cue:
    an icon, a shape, a letter) of each value; checked for colour-blind players."""

    model_config = STRICT_KEYS
    field: str
    values: dict[str, ColourValue]

    @field_validator("values")
    @classmethod
    def _css_names(cls, values):
        """Two values or more (colours tell cards apart), each naming a custom property the layouts
        read, var(--colour-VALUE)."""
        if len(values) < 2:
            raise invalid("two values or more, each with its colour (colours tell cards apart)",
                          list(values),
                          "Add the colour of every other value of the field")
        for name in values:
            if not CSS_NAME.fullmatch(name):
                raise invalid("values named by letters, digits, hyphens and underscores (each is var(--colour-VALUE) "
                              "in the layouts)", name)
        return values

    @field_validator("values", mode="before")
    @classmethod
    def _shorthand(cls, value):
        if isinstance(value, dict):
            for name, colour in value.items():
                if colour is None:          # `blue: #2563b8`: YAML reads what follows # as a comment
                    raise invalid(f"a colour for '{name}' as \"#rrggbb\", in quotes", "nothing",
                                  "Quote the colour: YAML reads an unquoted # as the start of a comment")
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
    source_language: str | None = Field(default=None, pattern=r"^[a-z]{2}$")
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
