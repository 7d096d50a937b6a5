"""Verso's adapter: what only code can say about the game declared in card_data/verso/game.yaml
(the pair rules each card must keep, the engine's example kinds, the solo simulator)."""

from pnp.data.located import Located
from pnp.data.plain import as_plain
from pnp.errors import Problem
from pnp.games.base import Adapter, SimulationOption
from pnp.games.verso.cards import engine_cards
from pnp.games.verso.report import simulation_report
from pnp.games.verso.rulebook import aids_context, diagram, rulebook_context
from pnp.rules.verso import components
from pnp.rules.verso.deck import back_problems, pair_problems
from pnp.rules.verso.faces import FaceError, card_from
from pnp.rules.verso.kinds import KINDS
from pnp.rules.verso.simulate import simulate

COMPONENT_COUNTS = {"cards": (components.CARDS, "CARDS"), "aids": (components.PLAYER_AIDS, "PLAYER_AIDS")}


def _pairs(located: Located, cards: list) -> list[Problem]:
    """Every card keeps the pair rules; every face has one other face (V2)."""
    problems, engine_cards = [], []
    for index, card in enumerate(cards):
        try:
            engine_card = card_from(as_plain(card))
        except FaceError as error:
            problems.append(Problem(located.file, located.line_of((index,)), f"card {card.id}",
                                    "a face the engine can read", str(error)))
            continue
        engine_cards.append((index, engine_card))
        for rule in pair_problems(engine_card):
            problems.append(Problem(located.file, located.line_of((index,)), f"card {card.id}",
                                    f"a card whose faces keep the rule: {rule}",
                                    f"{engine_card.recto} | {engine_card.verso}",
                                    "Regenerate the deck: python scripts/generate_verso_deck.py"))
    lines = {card.id: index for index, card in engine_cards}
    for card_id, rule in back_problems([card for _, card in engine_cards]).items():
        problems.append(Problem(located.file, located.line_of((lines[card_id],)), f"card {card_id}",
                                "faces that always have the same other face", rule,
                                "Regenerate the deck: python scripts/generate_verso_deck.py"))
    return problems


def rules_context(loaded: list) -> dict:
    return {"cards": engine_cards(loaded)}


def simulator(loaded: list, games: int = 1000, seed: int = 1, solo: bool = True, progress=None) -> dict:
    return simulate(engine_cards(loaded), games, seed, progress)


ADAPTER = Adapter(
    component_counts=COMPONENT_COUNTS,
    deck_checks_by_key={"cards": (_pairs,)},
    kinds=KINDS,
    rules_context=rules_context,
    rulebook_context=rulebook_context,
    deck_context=aids_context,
    example_cards=diagram,
    simulator=simulator,
    simulation_options=(
        SimulationOption("games", "verso: how many solo games to play (default 1,000).", int, 1000,
                         low=1, high=1_000_000, runs=True),
        SimulationOption("solo", "verso: play the solo mode (the only mode simulated).", bool, None),
    ),
    simulation_report=simulation_report,
)
