"""What a game declares: its decks, their card schemas, counts and layouts."""

from collections.abc import Callable
from dataclasses import dataclass, field

from pydantic import BaseModel

from pnp.data.located import Located
from pnp.errors import Problem

CARD_WIDTH_MM = 63.0
CARD_HEIGHT_MM = 88.0
BLEED_MM = 3.0


@dataclass(frozen=True)
class Deck:
    """One printable deck: a data file, a card schema, a face and a back layout."""

    key: str                  # file stem of the output PDF, e.g. "verses"
    title: str                # what a player calls it, e.g. "Verse cards"
    source: str               # data file under card_data/GAME/
    card: type[BaseModel]     # schema of one card
    count: int                # how many cards the rulebook says the deck holds
    count_rule: str           # where that count comes from, quoted in errors
    face: str                 # face layout under layouts/, e.g. "verset/verse.html"
    back: str                 # back layout
    checks: tuple[Callable[[Located, list], list[Problem]], ...] = ()
    width_mm: float = CARD_WIDTH_MM
    height_mm: float = CARD_HEIGHT_MM
    bleed_mm: float = BLEED_MM
    shape: str = "rect"       # "rect": crop marks; "circle": cut circles (tokens)
    per_card_back: bool = False   # each card has its own back (player aids), else one back
    uses_rules: bool = False      # its layouts print the engine's numbers (rulebook_context)


@dataclass(frozen=True)
class Game:
    """A game: a folder of data, a folder of layouts and a declaration like this one."""

    key: str
    title: str
    language: str
    decks: tuple[Deck, ...]
    stylesheet: str                       # shared card stylesheet under layouts/
    inline_icons: dict[str, str] = field(default_factory=dict)  # {token} -> icon file stem
    kinds: dict = field(default_factory=dict)             # worked-example kinds of its engine
    rules_context: Callable[[list], dict] = lambda decks: {}  # card data for the engine
    simulator: Callable | None = None                     # (decks, **options) -> report
    checks: tuple = ()                                    # (loaded decks) -> problems across decks
    rulebook_context: Callable[[list], dict] = lambda decks: {}  # what the rulebook prints
    deck_context: Callable[[list], dict] = lambda decks: {}      # what decks with uses_rules print
    describe_example: Callable = lambda kind, setup, result: ""   # an example's results in words
    example_cards: Callable = lambda kind, setup, result: []      # rows of cards to draw
    table_pieces: Callable | None = None   # (project, game, paper) -> [(file, pdf, pages)]: mats, sheets
    simulation_choices: dict = field(default_factory=dict)  # "difficulty"/"variants" -> allowed values

    def deck(self, key: str) -> Deck:
        for deck in self.decks:
            if deck.key == key:
                return deck
        raise KeyError(key)
