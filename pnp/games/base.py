"""A rules engine's adapter: what only code can say about a game (its example kinds, the checks
its engine needs of the card data, the numbers its printed pieces take from the engine), and
the options its simulator takes. The game itself is pnp/data/game.py."""

from collections.abc import Callable
from dataclasses import dataclass, field

from pnp.data.located import Located
from pnp.errors import Problem

__all__ = ["Adapter", "HOOKS", "SimulationOption"]


@dataclass(frozen=True)
class SimulationOption:
    """An option a game's simulator takes on the command line (`--campaigns`, `--players`)."""

    name: str                 # the keyword the simulator takes, and the option without `--`
    help: str
    type: type = int
    default: object = None    # None: the simulator's own default
    choices: tuple = ()
    low: int | None = None
    high: int | None = None
    multiple: bool = False
    runs: bool = False        # its value is how many games are played (the progress bar's total)


HOOKS = ("kinds", "rules_context", "simulator", "checks", "rulebook_context", "deck_context",
         "describe_example", "example_cards", "table_pieces", "simulation_options", "simulation_labels",
         "simulation_report", "simulation_files", "file_checks", "printed_words")


@dataclass(frozen=True)
class Adapter:
    """What only code can say about a game with a rules engine: its example kinds, the checks
    its engine needs of the card data, the numbers its printed pieces take from the engine.

    `component_counts` ties the declared counts to the engine's named constants:
    {deck key: (count, "NAME in pnp/rules/GAME/...")}. `deck_checks_by_key` adds checks to
    named decks; every field of type `effects` is checked against `effect_vocabulary`.
    """

    effect_vocabulary: dict | None = None
    component_counts: dict = field(default_factory=dict)
    deck_checks_by_key: dict = field(default_factory=dict)
    kinds: dict = field(default_factory=dict)
    rules_context: Callable[[list], dict] = lambda decks: {}
    simulator: Callable | None = None
    checks: tuple = ()
    rulebook_context: Callable[[list], dict] = lambda decks: {}
    deck_context: Callable[[list], dict] = lambda decks: {}
    describe_example: Callable = lambda kind, setup, result: ""
    example_cards: Callable = lambda kind, setup, result: []
    table_pieces: Callable | None = None
    simulation_options: tuple = ()
    simulation_labels: Callable = lambda decks: {}
    simulation_report: Callable = lambda report, names: []
    simulation_files: tuple = ()     # YAML files beside the decks its simulator reads (Located, by name)
    file_checks: tuple = ()          # (YAML file beside the decks, check(located, loaded decks) -> problems)
    printed_words: tuple = ()        # words its Python prints (table pieces): extracted for the catalogues

    def hooks(self) -> dict:
        return {name: getattr(self, name) for name in HOOKS}

    def deck_checks(self, key: str, spec) -> tuple:
        from pnp.games.checks import effect_problems

        effects = tuple(effect_problems(self.effect_vocabulary, name)
                        for name, field_spec in spec.fields.items() if field_spec.type == "effects")
        return effects + tuple(self.deck_checks_by_key.get(key, ()))

    def declaration_problems(self, located: Located, spec) -> list[Problem]:
        """The declared decks hold what the engine counts on."""
        problems = []
        declared = {deck.key: (index, deck) for index, deck in enumerate(spec.decks)}
        for key, (count, name) in self.component_counts.items():
            if key not in declared:
                problems.append(Problem(located.file, located.line_of(("decks",)), "decks",
                                        f"a deck with key '{key}' (the rules engine counts on it)", "none",
                                        f"Declare the deck '{key}'"))
            elif declared[key][1].count != count:
                index = declared[key][0]
                problems.append(Problem(located.file, located.line_of(("decks", index, "count")),
                                        f"decks[{index}].count", f"{count}, the rules' count ({name})",
                                        str(declared[key][1].count),
                                        "The rules set this count: change the rules engine, not only the data"))
        return problems
