"""Schema validation: pydantic models that forbid unknown keys, with errors as Problems.

A card type is a pydantic model with `model_config = STRICT_KEYS`. Validation errors are
turned into Problems that name the file, the line, the field, what was expected, what was
found and how to fix it.
"""

import difflib
import re
from pathlib import PurePosixPath
from typing import Any

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError
from pydantic_core import PydanticCustomError

from pnp.data.located import Located
from pnp.errors import DataError, Problem
from pnp.limits import MAX_NUMBER_DIGITS
from pnp.suggest import closest, did_you_mean

SLUG_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
STRICT_KEYS = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)


def invalid(expected: str, found: Any, fix: str = "") -> PydanticCustomError:
    """An error for a custom validator to raise, in the Problem's own terms."""
    return PydanticCustomError("pnp", "expected {expected}, found {found}",
                               {"expected": expected, "found": repr(found), "fix": fix})


def _allowed_keys(model: type[BaseModel], loc: tuple) -> list[str]:
    """The keys the model accepts at the mapping that holds loc[-1]."""
    current: Any = model
    for part in loc[:-1]:
        if isinstance(part, int) or current is None:
            continue
        field = getattr(current, "model_fields", {}).get(part)
        if field is None:
            return []
        annotation = field.annotation
        current = _model_in(annotation)
    return sorted(getattr(current, "model_fields", {}).keys()) if current else []


def _model_in(annotation: Any) -> Any:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()):
        found = _model_in(arg)
        if found is not None:
            return found
    return None


def _slug_of(text) -> str:
    """`The Raven` as a slug: the-raven (empty when nothing of it is a letter or a digit)."""
    return "-".join(re.findall(r"[a-z0-9]+", str(text).lower()))


def _a(word) -> str:
    """The article before a column's name: `an icon column`, `a value column`."""
    return "an" if str(word)[:1].lower() in "aeiou" else "a"


def missing_fix(located: Located, name) -> str:
    """How to give a missing field: a key in YAML, a cell or a column in a table."""
    if not located.columns:
        return f"Add `{name}:` to this entry"
    if name in located.columns:
        return f"Fill its cell in the {name} column"
    return f"Add {_a(name)} {name} column to the header and fill it"


def _problem(located: Located, model: type[BaseModel], error: dict, base: tuple) -> Problem:
    loc = tuple(part for part in error["loc"] if not (isinstance(part, str) and "[" in part))
    loc = tuple(part for part in loc if part not in ("function-after", "function-plain"))
    path = base + loc
    line = located.line_of(path)
    field = located.field_name(path)
    kind = error["type"]
    ctx = error.get("ctx", {})
    found = error.get("input")
    if kind == "pnp":
        return Problem(located.file, line, field, ctx["expected"], ctx["found"], ctx.get("fix", ""))
    if kind == "missing":
        return Problem(located.file, line, field, "this field (it is required)", "nothing",
                       missing_fix(located, loc[-1]))
    if kind == "extra_forbidden":
        allowed = _allowed_keys(model, loc)
        close = difflib.get_close_matches(str(loc[-1]), allowed, n=1)
        fix = f"Did you mean '{close[0]}'?" if close else "Remove it"
        return Problem(located.file, line, field, "one of the keys " + ", ".join(allowed),
                       f"unknown key '{loc[-1]}'", fix)
    if kind in ("int_parsing", "int_type", "int_from_float"):
        return Problem(located.file, line, field, "a whole number", repr(found))
    if kind == "int_parsing_size":
        return Problem(located.file, line, field, f"a whole number of at most {MAX_NUMBER_DIGITS} digits "
                       "(MAX_NUMBER_DIGITS)", repr(found))
    if kind in ("bool_parsing", "bool_type"):
        return Problem(located.file, line, field, "true or false", repr(found))
    if kind in ("string_type",):
        return Problem(located.file, line, field, "text", repr(found), "Quote the value")
    if kind in ("list_type",):
        return Problem(located.file, line, field, "a list", repr(found))
    if kind in ("model_type", "dict_type", "model_attributes_type"):
        return Problem(located.file, line, field, "a mapping of keys to values", repr(found))
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        words = {"greater_than_equal": "at least", "less_than_equal": "at most",
                 "greater_than": "more than", "less_than": "less than"}[kind]
        bound = next(iter(ctx.values()))
        declared = {"greater_than_equal": "min", "less_than_equal": "max"}.get(kind)
        declaration = f"{PurePosixPath(str(located.file)).parent}/game.yaml"
        fix = (f"Give it a number {words} {bound}, or change the field's `{declared}: {bound}` among the deck's "
               f"fields: in {declaration}"
               if declared and not str(located.file).endswith("game.yaml") else "")
        return Problem(located.file, line, field, f"a number {words} {bound}", repr(found), fix)
    if kind == "literal_error":
        choices = re.findall(r"'((?:[^'\\]|\\.)*)'", ctx["expected"])
        return Problem(located.file, line, field, f"one of {ctx['expected']}", repr(found),
                       did_you_mean(str(found), choices, "Use one of the values listed in the field's `choices`"))
    if kind in ("string_too_short", "too_short"):
        return Problem(located.file, line, field, "a value that is not empty", repr(found))
    if kind in ("string_too_long", "too_long"):
        return Problem(located.file, line, field, error["msg"].lower(), repr(found))
    if kind == "string_pattern_mismatch" and ctx["pattern"] == SLUG_PATTERN:
        return Problem(located.file, line, field, "lowercase words joined by hyphens, such as the-raven", repr(found),
                       f"Write it as {_slug_of(found)}" if _slug_of(found) else "")
    if kind == "string_pattern_mismatch":
        return Problem(located.file, line, field, f"text matching {ctx['pattern']}", repr(found))
    return Problem(located.file, line, field, error["msg"], repr(found))


def _header_place(located: Located, name: str | None):
    """Where a table deck's header names `name` (its first cell when None): line 1 of a CSV file,
    the column's cell in a sheet's first row."""
    first = located.lines.get((), 1)
    if name is None or not hasattr(first, "sheet"):
        return first
    from pnp.data.xlsx_source import Cell

    return Cell(first.sheet, first.order[0], located.columns.index(name) + 1)


def _header_problems(located: Located, root, errors: list[dict]) -> tuple[list[Problem], list[dict]]:
    """A table deck's header faults, each once at the header (a misspelt column is one fault,
    not one a row): an unknown column, and a required field no column names. The other errors
    are handed back."""
    if not located.columns:
        return [], errors
    unknown = sorted({e["loc"][-1] for e in errors if e["type"] == "extra_forbidden" and e["loc"][-1] in located.columns},
                     key=located.columns.index)
    missing = sorted({e["loc"][-1] for e in errors if e["type"] == "missing" and e["loc"][-1] not in located.columns})
    fields = sorted(getattr(root, "model_fields", {}))
    problems, renamed = [], set()
    for column in unknown:
        close = closest(column, missing or fields, 1)
        renamed |= set(close) & set(missing)
        problems.append(Problem(located.file, _header_place(located, column), f"column '{column}'",
                                "a column named after one of the deck's fields: " + ", ".join(fields),
                                f"'{column}'", f"Did you mean '{close[0]}'? Rename the header cell" if close
                                else "Rename the header cell to a field, or remove the column"))
    for name in missing:
        if name not in renamed:
            problems.append(Problem(located.file, _header_place(located, None), "(header)",
                                    f"{_a(name)} {name} column (the field is required)", "none",
                                    f"Add {_a(name)} {name} column to the header and fill it"))
    rest = [e for e in errors if not (e["type"] == "extra_forbidden" and e["loc"][-1] in unknown
                                      or e["type"] == "missing" and e["loc"][-1] in missing)]
    return problems, rest


def validate(located: Located, model: Any, base: tuple = ()) -> Any:
    """Validate located.data against a model or type; all problems are raised at once."""
    adapter = TypeAdapter(model)
    try:
        return adapter.validate_python(located.data)
    except ValidationError as error:
        root = _model_in(model) or model
        header, errors = _header_problems(located, root, error.errors())
        problems = header + [_problem(located, root, e, base) for e in errors]
        # Copies of one CSV row share a line: report each fault of the row once.
        unique = {(p.line, p.field.split(", ")[-1], p.expected, p.found): p for p in reversed(problems)}
        raise DataError(sorted(unique.values(), key=lambda p: (p.line or 0)) ) from None
