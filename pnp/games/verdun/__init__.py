"""Verdun's adapter: what only code can say about the game declared in card_data/verdun/game.yaml
(the box's counts, the troop deck the engine deals, the skulls it scores, the trick kinds)."""

from collections import Counter

from pnp.data.located import Located
from pnp.errors import Problem
from pnp.games.base import Adapter, SimulationOption
from pnp.games.verdun.names import engine_card
from pnp.games.verdun.report import simulation_report
from pnp.games.verdun.rulebook import describe, diagram, reference_context, rulebook_context
from pnp.rules.verdun import components
from pnp.rules.verdun.deck import TROOP_CARDS, standard_deck
from pnp.rules.verdun.game import MODES, simulate
from pnp.rules.verdun.kinds import KINDS
from pnp.rules.verdun.score import card_skulls

COMPONENT_COUNTS = {
    "troops": (TROOP_CARDS, "TROOP_CARDS"),
    "tactical": (components.TACTICAL_CARDS, "TACTICAL_CARDS"),
    "assets": (2 * len(components.ASSETS), "ASSETS, a team"),
    "fortifications": (2 * len(components.FORTIFICATIONS), "FORTIFICATIONS, a team"),
    "tactical-references": (components.TACTICAL_REFERENCES, "TACTICAL_REFERENCES"),
    "references": (components.REFERENCES, "REFERENCES"),
    "mud-and-blood-weather": (components.WEATHER_CARDS, "WEATHER_CARDS"),
    "mud-and-blood-weather-changes": (components.WEATHER_CHANGES, "WEATHER_CHANGES"),
    "mud-and-blood-references": (components.MUD_AND_BLOOD_REFERENCES, "MUD_AND_BLOOD_REFERENCES"),
}
def _troops(located: Located, cards: list) -> list[Problem]:
    """The troop deck is the one the engine deals, and each card carries the skulls it scores (D1)."""
    problems, reported = [], set()
    wanted, found = Counter(standard_deck()), Counter(engine_card(card) for card in cards)
    for index, card in enumerate(cards):
        name = engine_card(card)
        if found[name] != wanted[name] and name not in reported:
            reported.add(name)
            problems.append(Problem(located.file, located.line_of((index, "rank")), "rank",
                                    f"{wanted[name]} copies of {card.suit} {card.rank} (pnp/rules/verdun/deck.py)",
                                    f"{found[name]}", "Set the row's count"))
        if card.skulls != card_skulls(name):
            problems.append(Problem(located.file, located.line_of((index, "skulls")), "skulls",
                                    f"{card_skulls(name)} skulls for a {card.rank} (ruling D1, "
                                    "SKULL_BANDS and SKULLS_SPECIAL in pnp/rules/verdun/score.py)", str(card.skulls)))
    for name in sorted(set(wanted) - set(found)):
        problems.append(Problem(located.file, located.line_of(()), "rank",
                                f"{wanted[name]} copies of {name} (pnp/rules/verdun/deck.py)", "none",
                                "Add a row for it"))
    return problems


def _kinds(expected: tuple, constant: str):
    """A deck holds each kind of card as often as the engine counts it."""
    def check(located: Located, cards: list) -> list[Problem]:
        found = Counter(card.kind for card in cards)
        problems = []
        for kind, copies in expected:
            if found[kind] != copies:
                index = next((i for i, card in enumerate(cards) if card.kind == kind), None)
                problems.append(Problem(located.file, located.line_of((index, "kind") if index is not None else ()),
                                        "kind", f"{copies} {kind} cards ({constant} in pnp/rules/verdun/components.py)",
                                        str(found[kind])))
        for index, card in enumerate(cards):
            if card.kind not in dict(expected):
                problems.append(Problem(located.file, located.line_of((index, "kind")), "kind",
                                        "one of " + ", ".join(dict(expected)), card.kind))
        return problems
    return check


def _team_values(expected: tuple, constant: str):
    """Each team holds exactly the values the rules give it."""
    def check(located: Located, cards: list) -> list[Problem]:
        problems = []
        for team in ("french", "german"):
            values = sorted((card.value for card in cards if card.team == team), reverse=True)
            if values != sorted(expected, reverse=True):
                index = next((i for i, card in enumerate(cards) if card.team == team), 0)
                problems.append(Problem(located.file, located.line_of((index, "value")), "value",
                                        f"the {team} values {', '.join(map(str, sorted(expected, reverse=True)))} "
                                        f"({constant} in pnp/rules/verdun/components.py)",
                                        ", ".join(map(str, values))))
        return problems
    return check


def simulator(loaded: list, games: int = 1000, mode: str = "2v2", length: str = "standard",
              weather: bool = False, seed: int = 1, progress=None) -> dict:
    return simulate(mode, length, games, seed, progress, weather=weather)


ADAPTER = Adapter(
    component_counts=COMPONENT_COUNTS,
    deck_checks_by_key={
        "troops": (_troops,),
        "tactical": (_kinds(components.TACTICAL_DECK, "TACTICAL_DECK"),),
        "mud-and-blood-weather": (_kinds(components.WEATHER_DECK, "WEATHER_DECK"),),
        "mud-and-blood-weather-changes": (_kinds((("weather_changes", components.WEATHER_CHANGES),),
                                                 "WEATHER_CHANGES"),),
        "assets": (_team_values(components.ASSETS, "ASSETS"),),
        "fortifications": (_team_values(components.FORTIFICATIONS, "FORTIFICATIONS"),),
    },
    kinds=KINDS,
    deck_context=reference_context,
    rulebook_context=rulebook_context,
    describe_example=describe,
    example_cards=diagram,
    simulator=simulator,
    simulation_options=(
        SimulationOption("games", "verdun: how many rounds each match plays (default 1,000).", int, 1000,
                         low=1, high=1_000_000, runs=True),
        SimulationOption("mode", "verdun: 2v2 (default) or 1v1.", str, "2v2", choices=MODES),
        SimulationOption("length", "verdun: the standard (default) or the short game.", str, "standard",
                         choices=("standard", "short")),
        SimulationOption("weather", "verdun: play with the Mud and Blood weather deck.", bool, None),
    ),
    simulation_report=simulation_report,
)
