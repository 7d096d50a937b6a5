"""The field types a game declares for its cards, and the card schema built from them.

A deck in `game.yaml` lists its card fields (`name: {type: text}`); this module turns that
list into a strict pydantic model, so card data is checked with the same messages whatever
the game. FIELD_TYPES is the documented allow-list (docs/game-declaration.md lists the same).
"""

import re
from typing import Annotated, Any, ClassVar, Literal

from pydantic import AfterValidator, BaseModel, Field, StringConstraints, create_model

from pnp.data.schema import SLUG_PATTERN, STRICT_KEYS, invalid
from pnp.limits import MAX_NUMBER_DIGITS


def _short(number: int) -> int:
    """A whole number YAML would take (a CSV or spreadsheet cell is parsed by the schema)."""
    if abs(number) >= 10 ** MAX_NUMBER_DIGITS:
        raise invalid(f"a whole number of at most {MAX_NUMBER_DIGITS} digits (MAX_NUMBER_DIGITS)", number)
    return number


Slug = Annotated[str, StringConstraints(pattern=SLUG_PATTERN)]
Text = Annotated[str, StringConstraints(min_length=1)]
Whole = Annotated[int, AfterValidator(_short)]

# type name -> what it holds (the docs and `pnp check` messages use these words)
FIELD_TYPES = {
    "text": "text, not empty; with `icons: true` it may hold inline icons such as {gall}",
    "slug": "lowercase words joined by hyphens, such as three-headed-wolf",
    "int": "a whole number, within `min` and `max` when they are given",
    "choice": "one of the values listed in `choices`",
    "bool": "true or false",
    "icon": "the name of an icon in layouts/icons/, such as wolf-head",
    "texts": "a list of texts (each line of a player aid, say)",
    "ints": "a list of whole numbers, each within `min` and `max` when they are given (target numbers, say)",
    "choices": "a list of values, each one of those listed in `choices` (attribute symbols, say)",
    "effects": "a list of steps `{op: NAME, ...}` for the game's rules engine, checked against its vocabulary",
}


LIST_TYPES = ("texts", "ints", "choices", "effects")
LIST_SEPARATOR = "|"        # a list in one cell of a CSV or spreadsheet deck: `4 | 5 | 6`


class Step(BaseModel):
    """One step of an effect: an `op` and its parameters (checked by the game's vocabulary)."""

    model_config = {**STRICT_KEYS, "extra": "allow"}
    op: str


class Card(BaseModel):
    """A card whose data has an `id` field (or none at all)."""

    model_config = STRICT_KEYS
    TEXT_FIELDS: ClassVar[tuple[str, ...]] = ()      # text fields that may hold inline icons
    WORD_FIELDS: ClassVar[tuple[str, ...]] = ()      # the fields a player reads (text, texts)
    ICON_FIELDS: ClassVar[tuple[str, ...]] = ()
    LIST_FIELDS: ClassVar[dict[str, tuple]] = {}     # lists a table's cell holds, items split at LIST_SEPARATOR:
                                                     # name -> (type, the choices allowed)
    STEP_FIELDS: ClassVar[tuple[str, ...]] = ()      # effects: mappings, which a cell cannot hold
    REQUIRED_IF: ClassVar[dict[str, str]] = {}       # field -> the field whose value makes it required
    SHARED_PICTURES: ClassVar[tuple[str, ...]] = ()  # icon fields whose cards may share a picture (`shared:`)


class CardWithMadeId(Card):
    """A card whose id is made from other fields (`id_from: "{rank}-{suit}"`)."""

    ID_FROM: ClassVar[str] = ""

    @property
    def id(self) -> str:
        return self.ID_FROM.format(**{name: getattr(self, name) for name in type(self).model_fields})


def id_fields(card_model) -> set:
    """The fields a card's id is made of (`id_from`): translating them would change the card."""
    made_from = getattr(card_model, "ID_FROM", "") or ""
    return set(re.findall(r"\{(\w+)", made_from))


def _bounded(spec) -> Any:
    """A whole number within the declared `min` and `max`, when they are given."""
    if spec.min is None and spec.max is None:
        return Whole
    return Annotated[Whole, Field(ge=spec.min, le=spec.max)]


def annotation(spec) -> Any:
    """The pydantic type of one declared field (`spec` is a FieldSpec of the declaration)."""
    kind = spec.type
    if kind == "text":
        return Text
    if kind == "slug":
        return Slug
    if kind == "int":
        return _bounded(spec)
    if kind == "choice":
        return Literal[tuple(spec.choices)]  # type: ignore[valid-type]
    if kind == "bool":
        return bool
    if kind == "icon":
        return Slug
    if kind == "texts":
        return Annotated[list[Text], Field(min_length=spec.min_items or 0)]
    if kind == "ints":
        return Annotated[list[_bounded(spec)], Field(min_length=spec.min_items or 0)]
    if kind == "choices":
        return Annotated[list[Literal[tuple(spec.choices)]], Field(min_length=spec.min_items or 0)]  # type: ignore[valid-type]
    if kind == "effects":
        return Annotated[list[Step], Field(min_length=spec.min_items or 0)]
    raise ValueError(f"unknown field type {kind!r}")


def card_model(name: str, fields: dict, id_from: str | None = None) -> type[Card]:
    """A strict card schema: declared fields only, optional ones defaulting to empty."""
    definitions = {}
    for field_name, spec in fields.items():
        kind = annotation(spec)
        if spec.required:
            definitions[field_name] = (kind, ...)
        elif spec.type in LIST_TYPES:
            definitions[field_name] = (kind, Field(default_factory=list))
        else:
            definitions[field_name] = (kind | None, spec.default)
    base = CardWithMadeId if id_from else Card
    model = create_model(name, __base__=base, **definitions)
    model.TEXT_FIELDS = tuple(n for n, s in fields.items() if s.type == "text" and s.icons)
    model.ICON_FIELDS = tuple(n for n, s in fields.items() if s.type == "icon")
    model.WORD_FIELDS = tuple(n for n, s in fields.items() if s.type in ("text", "texts"))
    model.LIST_FIELDS = {n: (s.type, tuple(s.choices)) for n, s in fields.items() if s.type in LIST_TYPES and s.type != "effects"}
    model.STEP_FIELDS = tuple(n for n, s in fields.items() if s.type == "effects")
    model.REQUIRED_IF = {n: s.required_if for n, s in fields.items() if s.required_if}
    model.SHARED_PICTURES = tuple(n for n, s in fields.items() if s.type == "icon" and s.shared)
    if id_from:
        model.ID_FROM = id_from
    return model
