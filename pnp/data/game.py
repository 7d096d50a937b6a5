"""What a game is once declared: its decks, their card schemas, counts and layouts, its boards,
modules and cover, and the hooks its rules engine's adapter fills (examples, rulebook numbers,
table pieces). The data layer loads a game's cards by it and the render layer prints them, so
it lives below both."""

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from pydantic import BaseModel

from pnp.data.located import Located
from pnp.errors import Problem, UsageError


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
    checks: tuple[Callable[[Located, list], list[Problem]], ...] = field(default=(), repr=False)   # a repr names no address: it keys cached sheets
    width_mm: float = 63.0
    height_mm: float = 88.0
    bleed_mm: float = 3.0
    shape: str = "rect"       # "rect": crop marks; "circle": cut circles (tokens)
    per_card_back: bool = False   # each card has its own back (player aids), else one back
    uses_rules: bool = False      # its layouts print the engine's numbers (deck_context)
    counts_by: dict = field(default_factory=dict)   # field -> {value: how many cards}
    fold_lines_mm: tuple = ()        # where a fold-over piece folds, from the top of its trim
    backs: bool = True               # False: one-sided pieces (standees fold their two sides)
    stock: str = "cardstock"         # what to print it on: "cardstock" or "paper"
    print_note: str | None = None    # how to cut or assemble it, as the download site says
    module: str | None = None        # the optional module it belongs to: built only on request
    sheet: str | None = None         # the sheet holding the deck, for an .xlsx data file
    declared_at: int | None = None                   # line of its count in game.yaml
    fields: dict = field(default_factory=dict, compare=False, repr=False)   # name -> its declaration (FieldSpec)


@dataclass(frozen=True)
class Board:
    """A piece larger than the paper (a playmat, a score board): printed at full size for a print
    shop, and tiled over home paper."""

    key: str                  # files KEY-full-size.pdf and KEY-tiles.pdf
    title: str                # what the tiles' labels call it, after the game's title
    layout: str               # its layout under layouts/, which sets its page and bleed
    width_mm: float
    height_mm: float
    stock: str = "cardstock"


@dataclass(frozen=True)
class Module:
    """An optional expansion of a game: its decks print only with `--module KEY`."""

    key: str
    title: str
    note: str | None = None


@dataclass(frozen=True)
class Cover:
    """The picture of the game on the download page: faces of a deck, fanned on a colour."""

    deck: str
    cards: tuple[str, ...] = ()       # card ids; none: the deck's first three distinct cards
    background: str = "#2b2b33"
    title_font: str | None = None     # a font under fonts/ for the game's title on its page
    alt: str | None = None            # the picture in words; by default the cards' names


@dataclass(frozen=True)
class Game:
    """A game: a folder of data with its game.yaml, a folder of layouts, and optionally a
    rules engine whose adapter fills the hooks below."""

    key: str
    title: str
    language: str
    decks: tuple[Deck, ...]
    stylesheet: str                       # shared card stylesheet under layouts/
    boards: tuple[Board, ...] = ()
    players: str = ""
    play_time: str = ""
    pitch: str = ""
    inline_icons: dict[str, str] = field(default_factory=dict)  # {token} -> icon file stem
    colour_cues: dict[str, str] = field(default_factory=dict)  # a coded value's second cue (an icon, a letter)
    colours: dict[str, str] = field(default_factory=dict)   # a deck's `colours:` value -> #rrggbb, every deck's:
                                                            # its layouts' var(--colour-VALUE)
    located: Located | None = field(default=None, compare=False, repr=False)
    cover: Cover | None = None
    languages: tuple = ()                 # the languages it prints in, the default first
    modules: tuple[Module, ...] = ()      # optional expansions, built only when asked for
    declared_decks: tuple[Deck, ...] = () # every deck, modules' included; `decks` are those built
    kinds: dict = field(default_factory=dict)             # worked-example kinds of its engine
    rules_context: Callable[[list], dict] = lambda decks: {}  # card data for the engine
    simulator: Callable | None = None                     # (decks, **options) -> report
    checks: tuple = ()                                    # (loaded decks) -> problems across decks
    rulebook_context: Callable[[list], dict] = lambda decks: {}  # what the rulebook prints
    deck_context: Callable[[list], dict] = lambda decks: {}      # what decks with uses_rules print
    describe_example: Callable = lambda kind, setup, result: ""   # an example's results in words
    example_cards: Callable = lambda kind, setup, result: []      # rows of cards to draw
    table_pieces: Callable | None = None   # (project, game, paper) -> [(file, pdf, pages)]: mats, sheets
    simulation_options: tuple = ()       # SimulationOptions the simulator takes, beyond --seed
    simulation_labels: Callable = lambda decks: {}         # ids in a report -> names to print
    simulation_report: Callable = lambda report, names: []  # lines and tables to print
    simulation_files: tuple = ()          # YAML files in card_data/GAME/ its simulator reads
    file_checks: tuple = ()               # (YAML file in card_data/GAME/, check(located, loaded) -> problems)
    ink_saver: bool = False               # printed with the ink saver: what the layouts read to print light
    print_shop: bool = False              # printed by a print shop (pnp export): no notes on home printing
    printed_words: tuple = ()             # words its engine's adapter prints itself (table pieces' labels)
    words: object | None = field(default=None, compare=False, repr=False)   # pnp.i18n Words: None in its source language
    words_for: Callable | None = field(default=None, compare=False, repr=False)  # (language, force) -> Words
    source_game: "Game | None" = field(default=None, compare=False, repr=False)  # the game in its source language

    def printed_by_a_shop(self) -> "Game":
        """The game as `pnp export` renders it for a print shop: layouts leave out what they say
        to a home printer (`game.print_shop`; `{% if not game.print_shop %}`)."""
        return replace(self, print_shop=True)

    def printed_light(self, ink_saver: bool = True) -> "Game":
        """The game as the ink saver prints it (`pnp build --ink-saver`): every layout reads the switch."""
        return replace(self, ink_saver=ink_saver)

    @property
    def source_language(self) -> str:
        """The language its data and layouts are written in; the others come from catalogues."""
        return (self.source_game or self).language

    def in_language(self, language: str | None, force: bool = False) -> "Game":
        """The game as printed in `language` (one of its languages): its titles, notes and, through
        `words`, its cards and layouts in it. `force` prints the source words where a translation
        is missing (a build refuses them otherwise)."""
        source = self.source_game or self
        if language is None and (self.words is None or self.words.force == force):
            return self
        language = language or self.language
        if language == source.language:
            return source
        words = source.words_for(language, force) if source.words_for else None
        if words is None:
            return replace(source, language=language, source_game=source)
        say = words.get

        def titled(decks):
            return tuple(replace(d, title=say(d.title),
                                 print_note=say(d.print_note)) for d in decks)
        return replace(source, language=language, title=say(source.title), pitch=say(source.pitch),
                       play_time=say(source.play_time), players=say(source.players),
                       decks=titled(source.decks), declared_decks=titled(source.declared_decks),
                       boards=tuple(replace(b, title=say(b.title)) for b in source.boards),
                       modules=tuple(replace(m, title=say(m.title), note=say(m.note)) for m in source.modules),
                       cover=replace(source.cover, alt=say(source.cover.alt)) if source.cover else None,
                       words=words, source_game=source)

    def with_modules(self, keys) -> "Game":
        """The game with these optional modules' decks among those it builds. An unknown key is a
        UsageError naming the game's modules."""
        known = [module.key for module in self.modules]
        for key in keys:
            if key not in known:
                raise UsageError(f"--module {key}: {self.title} has "
                                 + (f"the modules {', '.join(known)}" if known else "no modules"))
        return replace(self, decks=tuple(d for d in self.declared_decks
                                         if d.module is None or d.module in keys))

    def with_all_modules(self) -> "Game":
        return self.with_modules([module.key for module in self.modules])

    def module(self, key: str) -> Module:
        return next(module for module in self.modules if module.key == key)

    def deck(self, key: str) -> Deck:
        for deck in self.declared_decks:
            if deck.key == key:
                return deck
        raise KeyError(key)
