"""The Last Wizard's adapter: what only code can say about the game declared in
card_data/wizard/game.yaml (the engine's example kinds, checks, tables and simulator)."""

from collections import Counter

from pnp.data.located import Located
from pnp.data.plain import as_plain
from pnp.errors import Problem, plural
from pnp.games.base import Adapter, SimulationOption
from pnp.games.wizard.report import simulation_report
from pnp.games.wizard.rulebook import aids_context, describe, diagram, rulebook_context
from pnp.rules.wizard import components
from pnp.rules.wizard.cards import CardError, card_from
from pnp.rules.wizard.kinds import KINDS
from pnp.rules.wizard.simulate import simulate
from pnp.rules.wizard.tokens import MAX_PLAYERS, MIN_PLAYERS, ROUND_TOKENS, SQUARE_TOKENS

DECKS = {"red": "red-deck", "blue": "blue-deck"}
COMPONENT_COUNTS = {
    "red-deck": (components.RED_CARDS, "RED_CARDS"), "blue-deck": (components.BLUE_CARDS, "BLUE_CARDS"),
    "player-aids": (components.PLAYER_AIDS, "PLAYER_AIDS"), "mage-pawns": (components.MAGE_PAWNS, "MAGE_PAWNS"),
    "round-tokens": (components.ROUND_TOKENS, "ROUND_TOKENS"),
    "square-tokens": (components.SQUARE_TOKENS, "SQUARE_TOKENS"),
    "first-player": (components.FIRST_PLAYER_TOKENS, "FIRST_PLAYER_TOKENS"),
}


def _playable(powers: dict, tags: tuple = ()):
    """A deck check: every card reads as the engine's card, and the deck carries the powers
    (and tags) the rulebook names, as many of each as it says."""
    def check(located: Located, cards: list) -> list[Problem]:
        problems = []
        for index, card in enumerate(cards):
            try:
                card_from(card.id, as_plain(card))
            except CardError as error:
                problems.append(Problem(located.file, located.line_of((index, "power")),
                                        located.field_name((index,)), "a card the engine can play", str(error)))
        have = Counter(card.power for card in cards if card.power)
        for power, wanted in powers.items():
            if have[power] != wanted:
                problems.append(Problem(located.file, located.line_of((0,)), "(deck) power",
                                        f"{plural(wanted, 'card')} with the {power} power (the rulebook names it)",
                                        str(have[power]), f"Give {plural(wanted, 'card')} `power: {power}`"))
        for tag in tags:
            if not any(tag in (card.tags or ()) for card in cards):
                problems.append(Problem(located.file, located.line_of((0,)), "(deck) tags",
                                        f"at least one card tagged {tag}", "none", f"Add `tags: [{tag}]` to a card"))
        return problems
    return check


def _token_table(table: dict, kind: str):
    """A deck check: the tokens used from N players are the rulebook's table, for every N."""
    def check(located: Located, cards: list) -> list[Problem]:
        problems = []
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            used = sorted(card.value for card in cards if card.from_players <= players)
            if used != sorted(table[players]):
                problems.append(Problem(located.file, located.line_of((0,)), "(deck) value, from_players",
                                        f"the {kind} tokens for {players} players: {sorted(table[players])}",
                                        str(used), "Fix a token's value or from_players"))
        return problems
    return check


def rules_context(loaded: list) -> dict:
    """The cards the engine reads, by id (both decks), and each deck's cards."""
    decks = {colour: [as_plain(card) for d in loaded if d.deck.key == key for card in d.cards]
             for colour, key in DECKS.items()}
    return {"cards": {card["id"]: card for cards in decks.values() for card in cards}, "decks": decks}


def simulator(loaded: list, games: int = 1000, players: int = 4, deck: str = "red", seed: int = 1,
              progress=None) -> dict:
    report = simulate(rules_context(loaded)["decks"][deck], games, seed, players, progress)
    return {**report, "deck": deck}


def simulation_labels(loaded: list) -> dict:
    return {card.id: card.name for d in loaded if d.deck.key in DECKS.values() for card in d.cards}


ADAPTER = Adapter(
    component_counts=COMPONENT_COUNTS,
    deck_checks_by_key={
        "red-deck": (_playable(components.RED_POWERS),),
        "blue-deck": (_playable(components.BLUE_POWERS, components.BLUE_TAGS),),
        "round-tokens": (_token_table(ROUND_TOKENS, "round"),),
        "square-tokens": (_token_table(SQUARE_TOKENS, "square"),),
    },
    kinds=KINDS,
    rules_context=rules_context,
    simulator=simulator,
    rulebook_context=rulebook_context,
    deck_context=aids_context,
    describe_example=describe,
    example_cards=diagram,
    simulation_options=(
        SimulationOption("games", "wizard: how many whole games to play (default 1,000).", int, 1000,
                         low=1, high=1_000_000, runs=True),
        SimulationOption("players", "wizard: how many players, 3 to 6 (default 4).", int, 4,
                         low=MIN_PLAYERS, high=MAX_PLAYERS),
        SimulationOption("deck", "wizard: the deck played, red (the default) or blue.", str, "red",
                         choices=tuple(DECKS)),
    ),
    simulation_labels=simulation_labels,
    simulation_report=simulation_report,
)
