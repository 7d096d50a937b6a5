"""What a worked-example kind is: its setup fields and result keys, and how to compute it.

Shared by every game's engine; a game lists its kinds in a dict `KINDS`.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction


@dataclass(frozen=True)
class SetupField:
    name: str
    type: str                 # int, bool, str, cards, card, ints, strs
    required: bool = True
    choices: tuple = ()
    low: int | None = None
    high: int | None = None
    help: str = ""

    def describe(self) -> str:
        text = self.type
        if self.choices:
            text = "one of " + ", ".join(map(str, self.choices))
        elif self.low is not None:
            text = f"{self.type} from {self.low} to {self.high}"
        return text + ("" if self.required else " (optional)")


@dataclass(frozen=True)
class Kind:
    name: str
    summary: str
    setup: tuple[SetupField, ...]
    results: tuple[str, ...]
    compute: Callable[[dict, dict], dict]
    one_of: tuple[tuple[str, ...], ...] = field(default=())   # exactly one of these fields


class SetupError(ValueError):
    """A setup the kind cannot compute: names the field, and `at`, where inside it the fault is
    (`("players", 2, "hand")` points the message at the third player's hand)."""

    def __init__(self, field_name: str, message: str, at: tuple = ()):
        self.field = field_name
        self.at = tuple(at)
        super().__init__(message)


def plain(value):
    """Results as JSON-ready values: fractions as "a/b", tuples as lists, cards as text."""
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    return str(value)
