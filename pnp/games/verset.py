"""Le Dernier Verset: its decks, card schemas and the counts its rulebook sets."""

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, Field, StringConstraints

from pnp.data.located import Located
from pnp.data.plain import as_plain
from pnp.data.schema import STRICT_KEYS
from pnp.errors import Problem
from pnp.games.base import Deck, Game
from pnp.games.checks import effect_problems
from pnp.games.verset_rulebook import aids_context, describe, diagram, rulebook_context
from pnp.games.verset_table import table_pieces
from pnp.rules.verset.campaign import DIFFICULTIES
from pnp.rules.verset.effects_vocabulary import EFFECTS, RANKS
from pnp.rules.verset.kinds import KINDS
from pnp.rules.verset.simulate import VARIANTS, Decks, simulate

PLAYING_CARDS = 52
VERSES = 20
ABILITIES = 16
BAR_DRINKS = 6
ORGAN_TUNES = 6
SHADOW_SPECTATORS = 6
GLASS_OF_FORGIVENESS = 1
# The rulebook leaves the split of ability types to us; Uniques are "few in number".
ABILITY_TYPE_COUNTS = {"activatable": 8, "unique": 4, "permanent": 4}
MIN_DIFFICULTY, MAX_DIFFICULTY = 1, 3
# Soul tokens: 10 of one soul and 7 of five hold 45 souls. 10,000 simulated Tenderfoot
# campaigns with every variant (seed 1) never held more than 44 at once (99.9th percentile 36).
TOKEN_COUNTS = {1: 10, 5: 7}
TOKEN_DIAMETER_MM = 25.0
TOKEN_BLEED_MM = 2.0
PLAYER_AIDS = 2
AID_WIDTH_MM, AID_HEIGHT_MM = 105.0, 148.0   # A6: room for the odds tables at 7 pt and up
FORGIVENESS_LIQUEUR = "forgiveness-liqueur"
THREE_HEADED_WOLF = "three-headed-wolf"

Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
Text = Annotated[str, StringConstraints(min_length=1)]
Icon = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
Suit = Literal["hearts", "spades", "clubs", "diamonds"]
Rank = Literal[RANKS]  # type: ignore[valid-type]


class Step(BaseModel):
    """One step of a machine-readable effect; parameters are checked against EFFECTS."""

    model_config = {**STRICT_KEYS, "extra": "allow"}
    op: Literal[tuple(EFFECTS)]  # type: ignore[valid-type]


class PlayingCard(BaseModel):
    model_config = STRICT_KEYS
    TEXT_FIELDS: ClassVar[tuple[str, ...]] = ()
    rank: Rank
    suit: Suit
    name: Text
    icon: Icon | None = None
    quote: Text | None = None

    @property
    def id(self) -> str:
        return f"{self.rank}-{self.suit}"


class Token(BaseModel):
    model_config = STRICT_KEYS
    TEXT_FIELDS: ClassVar[tuple[str, ...]] = ()
    id: Slug
    value: int = Field(ge=min(TOKEN_COUNTS), le=max(TOKEN_COUNTS))
    name: Text


def _token_counts(located: Located, cards: list) -> list[Problem]:
    have = {value: sum(1 for card in cards if card.value == value) for value in TOKEN_COUNTS}
    if have == TOKEN_COUNTS and all(card.value in TOKEN_COUNTS for card in cards):
        return []
    return [Problem(located.file, located.line_of((0,)), "(deck) count",
                    ", ".join(f"{n} tokens of {v}" for v, n in TOKEN_COUNTS.items()),
                    ", ".join(f"{n} of {v}" for v, n in have.items()),
                    "Set the count column to match TOKEN_COUNTS in pnp/games/verset.py")]


class Aid(BaseModel):
    model_config = STRICT_KEYS
    TEXT_FIELDS: ClassVar[tuple[str, ...]] = ()
    id: Slug
    name: Text
    kind: Literal["round", "odds"]
    steps: list[Text] = []


class Verse(BaseModel):
    model_config = STRICT_KEYS
    TEXT_FIELDS: ClassVar[tuple[str, ...]] = ("ability",)
    id: Slug
    name: Text
    problem: Text
    difficulty: int = Field(ge=MIN_DIFFICULTY, le=MAX_DIFFICULTY)
    ability: Text
    effect: list[Step] = Field(min_length=1)
    icon: Icon


class Ability(BaseModel):
    model_config = STRICT_KEYS
    TEXT_FIELDS: ClassVar[tuple[str, ...]] = ("text",)
    id: Slug
    name: Text
    type: Literal["activatable", "unique", "permanent"]
    text: Text
    effect: list[Step] = Field(min_length=1)
    icon: Icon


class VariantCard(BaseModel):
    """A card of the Bar, the Cursed Organ, the Shadow Spectators or the Glass."""

    model_config = STRICT_KEYS
    TEXT_FIELDS: ClassVar[tuple[str, ...]] = ("text",)
    id: Slug
    name: Text
    text: Text
    effect: list[Step] = Field(min_length=1)
    icon: Icon
    flavour: Text | None = None


def _ability_type_counts(located: Located, cards: list) -> list[Problem]:
    problems = []
    for kind, wanted in ABILITY_TYPE_COUNTS.items():
        have = sum(1 for card in cards if card.type == kind)
        if have != wanted:
            problems.append(Problem(located.file, located.line_of((0,)), "(deck) type",
                                    f"{wanted} {kind} abilities", str(have),
                                    "Change the type of an ability so that the split is "
                                    + ", ".join(f"{n} {k}" for k, n in ABILITY_TYPE_COUNTS.items())))
    return problems


def _has_card(card_id: str, why: str):
    def check(located: Located, cards: list) -> list[Problem]:
        if any(card.id == card_id for card in cards):
            return []
        return [Problem(located.file, located.line_of((0,)), "id",
                        f"a card with id '{card_id}' ({why})", "none",
                        f"Add the card or rename an existing card's id to '{card_id}'")]
    return check


EFFECT_CHECK = effect_problems(EFFECTS)
BACK = "verset/back.html"

CONTEXT_DECKS = {"verses": "verses", "abilities": "abilities", "bar-drinks": "drinks",
                 "organ-tunes": "tunes", "shadow-spectators": "spectators",
                 "glass-of-forgiveness": "glass"}


def rules_context(loaded: list) -> dict:
    """The card data the engine reads, by deck and id."""
    return {CONTEXT_DECKS[d.deck.key]: {card.id: as_plain(card) for card in d.cards}
            for d in loaded if d.deck.key in CONTEXT_DECKS}


def _references(loaded: list) -> list[Problem]:
    """Every card an effect names exists in the deck it names."""
    ids = {d.deck.key: {card.id for card in d.cards} for d in loaded}
    problems = []
    for d in loaded:
        for index, card in enumerate(d.cards):
            for step_index, step in enumerate(getattr(card, "effect", ())):
                for name, param in EFFECTS[step.op].items():
                    value = (step.model_extra or {}).get(name)
                    if param.ref and value not in ids.get(param.ref, set()):
                        where = (index, "effect", step_index, name)
                        problems.append(Problem(d.located.file, d.located.line_of(where),
                                                d.located.field_name(where), param.describe(),
                                                repr(value), "Use an id from " + ", ".join(sorted(ids[param.ref]))))
    return problems


def simulator(loaded: list, **options) -> dict:
    context = rules_context(loaded)
    decks = Decks(*(list(context[name].values()) for name in
                    ("verses", "abilities", "drinks", "tunes", "spectators", "glass")))
    return simulate(decks, **options)


VERSET = Game(
    key="verset",
    title="Le Dernier Verset",
    language="en",
    stylesheet="verset/cards.css",
    kinds=KINDS,
    rules_context=rules_context,
    simulator=simulator,
    rulebook_context=rulebook_context,
    deck_context=aids_context,
    describe_example=describe,
    example_cards=diagram,
    table_pieces=table_pieces,
    simulation_choices={"difficulty": tuple(DIFFICULTIES), "variants": VARIANTS},
    checks=(_references,),
    inline_icons={"gall": "flame", "hearts": "hearts", "spades": "spades",
                  "clubs": "clubs", "diamonds": "diamonds"},
    decks=(
        Deck("playing-cards", "Playing cards", "playing_cards.csv", PlayingCard, PLAYING_CARDS,
             "a 52-card deck in four suits", "verset/playing-card.html",
             BACK),
        Deck("verses", "Verse cards", "verses.yaml", Verse, VERSES, "the 20 Verse cards",
             "verset/verse.html", BACK,
             checks=(EFFECT_CHECK, _has_card(THREE_HEADED_WOLF, "the rulebook names it"))),
        Deck("abilities", "Special abilities", "abilities.yaml", Ability, ABILITIES,
             "16 special ability cards", "verset/ability.html", BACK,
             checks=(EFFECT_CHECK, _ability_type_counts)),
        Deck("bar-drinks", "Bar drinks", "bar.yaml", VariantCard, BAR_DRINKS,
             "the Bar's set of 6 cards", "verset/variant.html", BACK,
             checks=(EFFECT_CHECK, _has_card(FORGIVENESS_LIQUEUR, "the Bar sells it"))),
        Deck("organ-tunes", "Cursed Organ tunes", "organ.yaml", VariantCard, ORGAN_TUNES,
             "the Cursed Organ's set of 6 cards", "verset/variant.html",
             BACK, checks=(EFFECT_CHECK,)),
        Deck("shadow-spectators", "Shadow Spectators", "spectators.yaml", VariantCard,
             SHADOW_SPECTATORS, "the Shadow Spectators' set of 6 cards", "verset/variant.html",
             BACK, checks=(EFFECT_CHECK,)),
        Deck("soul-tokens", "Soul tokens", "tokens.csv", Token, sum(TOKEN_COUNTS.values()),
             "enough chips for the richest simulated campaign", "verset/token.html", BACK,
             checks=(_token_counts,), width_mm=TOKEN_DIAMETER_MM, height_mm=TOKEN_DIAMETER_MM,
             bleed_mm=TOKEN_BLEED_MM, shape="circle"),
        Deck("player-aids", "Player aids", "aids.yaml", Aid, PLAYER_AIDS, "two A6 player aids",
             "verset/aid.html", "verset/aid-back.html", width_mm=AID_WIDTH_MM,
             height_mm=AID_HEIGHT_MM, per_card_back=True, uses_rules=True),
        Deck("glass-of-forgiveness", "Glass of Forgiveness", "glass.yaml", VariantCard,
             GLASS_OF_FORGIVENESS, "one Glass of Forgiveness card", "verset/variant.html",
             BACK, checks=(EFFECT_CHECK,)),
    ),
)
