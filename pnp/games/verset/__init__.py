"""Le Dernier Verset's adapter: what only code can say about the game declared in
card_data/verset/game.yaml (the engine's example kinds, checks and printed numbers)."""

from pnp.data.located import Located
from pnp.data.plain import as_plain
from pnp.errors import Problem
from pnp.games.base import Adapter, SimulationOption
from pnp.games.verset.rulebook import aids_context, describe, diagram, rulebook_context
from pnp.games.verset.report import simulation_report
from pnp.games.verset.table import PRINTED_WORDS, table_pieces
from pnp.rules.verset import components
from pnp.rules.verset.campaign import DIFFICULTIES
from pnp.rules.verset.effects_vocabulary import EFFECTS
from pnp.rules.verset.kinds import KINDS
from pnp.rules.verset.simulate import VARIANTS, Decks, simulate

# The decks the engine reads, and the name it knows each by.
CONTEXT_DECKS = {"verses": "verses", "abilities": "abilities", "bar-drinks": "drinks",
                 "organ-tunes": "tunes", "shadow-spectators": "spectators",
                 "glass-of-forgiveness": "glass"}
COMPONENT_COUNTS = {
    "playing-cards": (components.PLAYING_CARDS, "PLAYING_CARDS"),
    "verses": (components.VERSES, "VERSES"),
    "abilities": (components.ABILITIES, "ABILITIES"),
    "bar-drinks": (components.BAR_DRINKS, "BAR_DRINKS"),
    "organ-tunes": (components.ORGAN_TUNES, "ORGAN_TUNES"),
    "shadow-spectators": (components.SHADOW_SPECTATORS, "SHADOW_SPECTATORS"),
    "glass-of-forgiveness": (components.GLASS_OF_FORGIVENESS, "GLASS_OF_FORGIVENESS"),
}


def _has_card(card_id: str, why: str):
    def check(located: Located, cards: list) -> list[Problem]:
        if any(card.id == card_id for card in cards):
            return []
        return [Problem(located.file, located.line_of((0,)), "id",
                        f"a card with id '{card_id}' ({why})", "none",
                        f"Add the card or rename an existing card's id to '{card_id}'")]
    return check


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
            for step_index, step in enumerate(getattr(card, "effect", None) or ()):
                for name, param in EFFECTS.get(step.op, {}).items():
                    value = (step.model_extra or {}).get(name)
                    if param.ref and value not in ids.get(param.ref, set()):
                        where = (index, "effect", step_index, name)
                        problems.append(Problem(d.located.file, d.located.line_of(where),
                                                d.located.field_name(where), param.describe(),
                                                repr(value), "Use an id from " + ", ".join(sorted(ids.get(param.ref, ())))))
    return problems


def simulator(loaded: list, **options) -> dict:
    context = rules_context(loaded)
    decks = Decks(*(list(context[name].values()) for name in
                    ("verses", "abilities", "drinks", "tunes", "spectators", "glass")))
    return simulate(decks, **options)


def simulation_labels(loaded: list) -> dict:
    """Verse ids to the names printed on the cards, for the simulation report."""
    return {card.id: card.name for d in loaded if d.deck.key == "verses" for card in d.cards}


ADAPTER = Adapter(
    effect_vocabulary=EFFECTS,
    component_counts=COMPONENT_COUNTS,
    deck_checks_by_key={
        "verses": (_has_card(components.THREE_HEADED_WOLF, "the rulebook names it"),),
        "bar-drinks": (_has_card(components.FORGIVENESS_LIQUEUR, "the Glass of Forgiveness names it"),),
    },
    kinds=KINDS,
    rules_context=rules_context,
    simulator=simulator,
    checks=(_references,),
    rulebook_context=rulebook_context,
    deck_context=aids_context,
    describe_example=describe,
    example_cards=diagram,
    table_pieces=table_pieces,
    printed_words=PRINTED_WORDS,
    simulation_options=(
        SimulationOption("campaigns", "verset: how many whole campaigns to play (default 10,000).", int,
                         10_000, low=1, high=10_000_000, runs=True),
        SimulationOption("difficulty", "verset: the level played, tenderfoot, pistolero (the default) or legend.",
                         str, choices=tuple(DIFFICULTIES)),
        SimulationOption("variants", "verset: a variant in play (organ, bar, spectators, glass); repeat it "
                                     "for several.", str, choices=VARIANTS, multiple=True),
    ),
    simulation_labels=simulation_labels,
    simulation_report=simulation_report,
)
