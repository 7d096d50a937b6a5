"""Worked examples: load them, check their form, compute them with the engine, compare.

An example is `{id, kind, setup, expect}` with an optional `title` (docs/worked-examples.md). They
live in `card_data/GAME/examples/*.yaml` (a list each) and in rulebook sources (fenced blocks whose
info string is `example`), where the title is required: it heads the printed figure. Problems of form are DataErrors (exit 2); an `expect` the engine
disagrees with is a Mismatch (exit 1).
"""

import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from pnp.data.located import Located
from pnp.data.yaml_source import load_yaml
from pnp.errors import DataError, Problem
from pnp.rules.kinds import Kind, SetupError, plain
from pnp.suggest import did_you_mean

EXAMPLE_KEYS = ("id", "kind", "setup", "expect")
OPTIONAL_KEYS = ("title",)
MAX_TITLE_CHARS = 70            # one line of the rulebook's column at the title's size
FRACTION = re.compile(r"^-?\d+/\d+$")
FLOAT_TOLERANCE = 1e-9


@dataclass(frozen=True)
class Example:
    id: str
    kind: str
    setup: dict
    expect: dict
    located: Located
    path: tuple          # where the example sits in located.data
    title: str | None = None

    def line(self, *more) -> int | None:
        return self.located.line_of(self.path + more)

    def key_line(self, *more) -> int | None:
        return self.located.key_line_of(self.path + more)


@dataclass(frozen=True)
class Mismatch:
    example: Example
    key: str
    expected: object
    computed: object

    def __str__(self) -> str:
        return (f"{self.example.located.file}:{self.example.key_line('expect', self.key)}: example "
                f"{self.example.id}: expect.{self.key} is {_show(self.expected)}, "
                f"the engine computes {_show(self.computed)}")


def _show(value) -> str:
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    if isinstance(value, list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    return str(value)


def examples_in(located: Located, base: tuple = (), titled: bool = False) -> list[Example]:
    """The examples of a parsed YAML list (or a single mapping), with their form checked;
    `titled`: each must have a title (a printed example)."""
    data = located.data
    items = [(base, data)] if isinstance(data, dict) else list(
        ((base + (i,)), item) for i, item in enumerate(data or []))
    if not isinstance(data, (dict, list)):
        raise DataError([Problem(located.file, 1, "(top)", "a list of examples", type(data).__name__)])
    examples, problems = [], []
    for path, item in items:
        where = located.line_of(path)
        if not isinstance(item, dict):
            problems.append(Problem(located.file, where, "(example)", "a mapping with " +
                                    ", ".join(EXAMPLE_KEYS), repr(item)))
            continue
        label = f"example {item.get('id', '?')}"
        for key in sorted(set(item) - set(EXAMPLE_KEYS) - set(OPTIONAL_KEYS)):
            problems.append(Problem(located.file, located.line_of(path + (key,)), f"{label}, {key}",
                                    "only the keys " + ", ".join(EXAMPLE_KEYS + OPTIONAL_KEYS), f"'{key}'",
                                    "Remove it"))
        problems += _title_problems(located, path, label, item, titled)
        for key in EXAMPLE_KEYS:
            wanted = str if key in ("id", "kind") else dict
            if not isinstance(item.get(key), wanted):
                problems.append(Problem(located.file, where, f"{label}, {key}",
                                        "text" if wanted is str else "a mapping",
                                        repr(item.get(key)) if key in item else "nothing"))
        if not problems:
            examples.append(Example(item["id"], item["kind"], item["setup"], item["expect"], located, path,
                                    item.get("title")))
    seen: dict = {}
    for example in examples:
        if example.id in seen:
            problems.append(Problem(located.file, example.line("id"), f"example {example.id}",
                                    "an id used once", "a repeat", f"Line {seen[example.id]} has it"))
        seen.setdefault(example.id, example.line("id"))
    if problems:
        raise DataError(problems)
    return examples


def _title_problems(located: Located, path: tuple, label: str, item: dict, titled: bool) -> list[Problem]:
    title = item.get("title")
    if title is None:
        if not titled:
            return []
        return [Problem(located.file, located.line_of(path), f"{label}, title",
                        "a title a reader would write, heading the printed example", "nothing",
                        "Add `title: ...` under the id, e.g. `title: Leaving while in the lead`")]
    if not isinstance(title, str) or not title.strip():
        return [Problem(located.file, located.line_of(path + ("title",)), f"{label}, title", "text",
                        repr(title))]
    if len(title) > MAX_TITLE_CHARS:
        return [Problem(located.file, located.line_of(path + ("title",)), f"{label}, title",
                        f"at most {MAX_TITLE_CHARS} characters", f"{len(title)} characters", "Shorten it")]
    return []


def load_example_file(path: Path, shown, root: Path | None = None) -> list[Example]:
    return examples_in(load_yaml(path, shown, root))


def _check_value(spec, value) -> bool:
    kinds = {"int": int, "bool": bool, "str": str}
    if spec.type in kinds:
        if spec.type == "int" and isinstance(value, bool):
            return False
        if not isinstance(value, kinds[spec.type]):
            return False
        if spec.choices and value not in spec.choices:
            return False
        return spec.low is None or spec.low <= value <= spec.high
    if spec.type in ("cards", "ints", "strs"):
        item = {"cards": (str, int), "ints": int, "strs": str}[spec.type]
        return (isinstance(value, list)
                and all(isinstance(v, item) and not isinstance(v, bool) for v in value)
                and (not spec.choices or all(v in spec.choices for v in value)))
    return True


def check_form(example: Example, kinds: dict[str, Kind]) -> list[Problem]:
    """Problems with an example's kind, setup fields and expect keys (before computing)."""
    file, label = example.located.file, f"example {example.id}"
    kind = kinds.get(example.kind)
    if kind is None and not kinds:
        return [Problem(file, example.line("kind"), f"{label}, kind", "a worked example only in a game "
                        "with a rules engine (`engine:` in its game.yaml)", repr(example.kind),
                        "This game has no rules engine to compute it: remove the ```example block, "
                        "or write the example as prose")]
    if kind is None:
        return [Problem(file, example.line("kind"), f"{label}, kind", "one of " + ", ".join(sorted(kinds)),
                        repr(example.kind), did_you_mean(str(example.kind), sorted(kinds),
                                                         "See `pnp rules GAME --kinds`"))]
    problems = []
    fields = {spec.name: spec for spec in kind.setup}
    for name in sorted(set(example.setup) - set(fields)):
        problems.append(Problem(file, example.line("setup", name), f"{label}, setup.{name}",
                                f"a setup field of '{kind.name}' ({', '.join(fields)})", f"'{name}'"))
    for spec in kind.setup:
        if spec.name not in example.setup:
            if spec.required:
                problems.append(Problem(file, example.key_line("setup"), f"{label}, setup.{spec.name}",
                                        spec.describe(), "nothing", f"Add `{spec.name}:` to the setup"))
        elif not _check_value(spec, example.setup[spec.name]):
            problems.append(Problem(file, example.line("setup", spec.name), f"{label}, setup.{spec.name}",
                                    spec.describe(), repr(example.setup[spec.name])))
    for group in kind.one_of:
        given = [name for name in group if name in example.setup]
        if len(given) != 1:
            problems.append(Problem(file, example.key_line("setup"), f"{label}, setup",
                                    "exactly one of " + ", ".join(group), ", ".join(given) or "neither"))
    for key in sorted(set(example.expect) - set(kind.results)):
        problems.append(Problem(file, example.line("expect", key), f"{label}, expect.{key}",
                                f"a result key of '{kind.name}' ({', '.join(kind.results)})", f"'{key}'"))
    return problems


def compute(example: Example, kinds: dict[str, Kind], context: dict) -> dict:
    try:
        return plain(kinds[example.kind].compute(example.setup, context))
    except SetupError as error:
        raise DataError([Problem(example.located.file, example.line("setup", error.field, *error.at),
                                 f"example {example.id}, setup.{error.field}", "a setup the rules allow",
                                 str(error))]) from None


def _same(expected, computed) -> bool:
    if isinstance(computed, str) and FRACTION.match(computed):
        if isinstance(expected, str) and FRACTION.match(expected):
            return Fraction(expected) == Fraction(computed)
        if isinstance(expected, (int, float)) and not isinstance(expected, bool):
            return abs(float(Fraction(computed)) - expected) <= FLOAT_TOLERANCE
        return False
    if isinstance(expected, list) and isinstance(computed, list):
        return len(expected) == len(computed) and all(_same(e, c) for e, c in zip(expected, computed))
    if isinstance(expected, bool) or isinstance(computed, bool):
        return expected is computed           # true is not 1
    return expected == computed


def mismatches(example: Example, result: dict) -> list[Mismatch]:
    return [Mismatch(example, key, value, result[key]) for key, value in example.expect.items()
            if not _same(value, result[key])]


@dataclass(frozen=True)
class Outcome:
    example: Example
    result: dict | None
    mismatches: list


def run_examples(examples: list[Example], kinds: dict[str, Kind], context: dict) -> list[Outcome]:
    """Check the form of every example first (all problems at once), then compute each."""
    problems = [p for example in examples for p in check_form(example, kinds)]
    if problems:
        raise DataError(problems)
    outcomes, problems = [], []
    for example in examples:
        try:
            result = compute(example, kinds, context)
        except DataError as error:
            problems += error.problems
            continue
        outcomes.append(Outcome(example, result, mismatches(example, result)))
    if problems:
        raise DataError(problems)
    return outcomes
