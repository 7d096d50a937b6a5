"""The values options take, each checked by click before a command runs: a refused value is
one line naming the option, never echoed whole."""

import math
import re

import click

from pnp.render.papers import PAPER_HELP, PaperError, paper_key

SHOWN_CHARACTERS = 40       # of a refused option value echoed in its error
CARD_SIZE_PRESETS = "poker, bridge, tarot, mini, square"


def shown(value) -> str:
    """A value as an error quotes it: a value of thousands of characters is cut short."""
    text = str(value)
    return repr(text if len(text) <= SHOWN_CHARACTERS else text[:SHOWN_CHARACTERS] + "...")


class TextType(click.ParamType):
    """Text that says something: an empty or blank value is refused, never taken for the default."""

    name = "text"

    def convert(self, value, param, ctx):
        if not str(value).strip():
            self.fail("an empty value says nothing: give a value, or leave the option out", param, ctx)
        return value


class PathType(click.Path):
    """A path; an empty or blank one is refused (it would mean the current folder, or be ignored)."""

    def convert(self, value, param, ctx):
        if isinstance(value, str) and not value.strip():
            self.fail("an empty path names no file or folder: give one, or leave the option out", param, ctx)
        return super().convert(value, param, ctx)


class FiniteRange(click.FloatRange):
    """A number within a range; nan and infinities, which every comparison lets through, are refused."""

    def convert(self, value, param, ctx):
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{shown(value)} is not a number from {self.min:g} to {self.max:g}", param, ctx)
        return number


class WholeRange(click.IntRange):
    """A whole number within a range; a value of hundreds of digits is refused without being echoed."""

    def convert(self, value, param, ctx):
        if isinstance(value, str) and len(value.strip().lstrip("+-")) > SHOWN_CHARACTERS:
            self.fail(f"{shown(value)} is not a whole number{self._bounds_words()}", param, ctx)
        return super().convert(value, param, ctx)

    def _bounds_words(self) -> str:
        if self.min is None and self.max is None:
            return ""
        if self.max is None:
            return f" of at least {self.min}"
        if self.min is None:
            return f" of at most {self.max}"
        return f" from {self.min} to {self.max}"


class ChoiceType(click.Choice):
    """One of the choices; a long wrong value is not echoed whole."""

    def convert(self, value, param, ctx):
        if isinstance(value, str) and len(value) > SHOWN_CHARACTERS:
            self.fail(f"{shown(value)} is not one of {', '.join(map(str, self.choices))}", param, ctx)
        return super().convert(value, param, ctx)


class PaperType(click.ParamType):
    """A named paper or WIDTHxHEIGHTmm, turned into its key (`A4` -> `a4`, `320x450MM` -> `320x450mm`)."""

    name = "paper"
    documented = ("a3", "a4", "letter", "tabloid", "WIDTHxHEIGHTmm")

    def get_metavar(self, param, ctx=None) -> str:
        return "[" + "|".join(self.documented) + "]"

    def convert(self, value, param, ctx):
        if len(str(value)) > SHOWN_CHARACTERS:
            self.fail(f"{shown(value)} is not a paper: expected {PAPER_HELP}", param, ctx)
        try:
            return paper_key(str(value))
        except PaperError as error:
            self.fail(str(error), param, ctx)


AUTO_SIDE = re.compile(r"^\s*(auto|\d{1,4}(?:\.\d{1,2})?)\s*[x×]\s*(auto|\d{1,4}(?:\.\d{1,2})?)\s*(?:mm)?\s*$",
                       re.IGNORECASE)
MAX_AUTO_SIDE_MM = 1000.0


class CardSizeType(click.ParamType):
    """A card size: a preset (poker, bridge, tarot, mini, square) or WIDTHxHEIGHT in mm; with
    `auto`, one side may be `auto` (63xauto), None, for the other to come from the art."""

    name = "size"

    def __init__(self, auto: bool = False):
        self.auto = auto

    def convert(self, value, param, ctx):
        from pydantic_core import PydanticCustomError

        from pnp.games.declaration import card_size

        if len(str(value)) > SHOWN_CHARACTERS:
            self.fail(f"{shown(value)} is not a card size: expected a preset ({CARD_SIZE_PRESETS}) "
                      "or WIDTHxHEIGHT in mm", param, ctx)
        auto = AUTO_SIDE.match(str(value)) if self.auto else None
        if auto and (auto.group(1) == "auto") != (auto.group(2) == "auto"):
            width, height = (None if side == "auto" else float(side) for side in auto.groups())
            if all(side is None or (0 < side <= MAX_AUTO_SIDE_MM) for side in (width, height)):
                return width, height
        try:
            return card_size(value)
        except PydanticCustomError as error:     # the declaration's own words: what a size may be
            self.fail(error.message() + ("; or one side and auto, as 63xauto (the other from the images' "
                                         "proportions)" if self.auto else ""), param, ctx)


TEXT = TextType()
PAPER = PaperType()
