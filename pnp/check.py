"""`pnp check`: the card data against its rules, and every worked example against the engine."""

from dataclasses import dataclass, field
from pathlib import Path

from pnp.data.decks import load_game
from pnp.errors import DataError, Problem
from pnp.examples import Example, Mismatch, load_example_file, run_examples
from pnp.games.base import Game
from pnp.project import Project


@dataclass
class CheckReport:
    problems: list[Problem] = field(default_factory=list)
    mismatches: list[Mismatch] = field(default_factory=list)
    examples: int = 0
    decks: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems and not self.mismatches


def example_files(project: Project, game: Game) -> list[Path]:
    return sorted((project.card_data / game.key / "examples").glob("*.yaml"))


def collect_examples(project: Project, game: Game) -> tuple[list[Example], list[Problem]]:
    examples, problems = [], []
    for path in example_files(project, game):
        try:
            examples += load_example_file(path, project.relative(path))
        except DataError as error:
            problems += error.problems
    return examples, problems


def check_game(project: Project, game: Game, extra_examples: list[Example] = ()) -> CheckReport:
    report = CheckReport()
    try:
        loaded = load_game(project, game)
        report.decks = len(loaded)
    except DataError as error:
        report.problems += error.problems
        loaded = None
    examples, problems = collect_examples(project, game)
    examples += list(extra_examples)
    report.problems += problems
    report.examples = len(examples)
    if loaded is not None and examples:
        try:
            outcomes = run_examples(examples, game.kinds, game.rules_context(loaded))
            report.mismatches = [m for outcome in outcomes for m in outcome.mismatches]
        except DataError as error:
            report.problems += error.problems
    return report
