"""`pnp simulate`: whole games played with an engine's baseline strategy, and their balance.
Each game's simulator declares its own options; the command takes every one of them and
refuses those the named game's simulator does not take."""

import json
from dataclasses import replace

import click
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from pnp.data.decks import load_game
from pnp.data.write_back import CardValue, write_card_values
from pnp.data.yaml_source import load_yaml
from pnp.errors import PnpError, UsageError, possessive
from pnp.games import get_game
from pnp.commands.options import project_at, project_option
from pnp.commands.report import console, errors, fail
from pnp.commands.types import TEXT, WholeRange

DEFAULT_SEED = 1


def simulation_options() -> dict:
    """Every option any engine's simulator takes, by name (adapters are found by name)."""
    from pnp.games.adapters import adapter_for, adapter_names

    options: dict = {}
    for name in adapter_names():
        for option in getattr(adapter_for(name), "simulation_options", ()):
            if option.name in options and option.help not in options[option.name].help:
                # an option several games take: each game's help, and so its own default
                options[option.name] = replace(options[option.name], help=f"{options[option.name].help} {option.help}")
            options.setdefault(option.name, option)
    return options


def _simulation_click_options(command):
    for option in reversed(list(simulation_options().values())):
        if option.type is bool:
            command = click.option(f"--{option.name}", is_flag=True, default=None, help=option.help)(command)
            continue
        kind = WholeRange(option.low, option.high) if option.type is int else TEXT
        command = click.option(f"--{option.name}", multiple=option.multiple, type=kind, help=option.help)(command)
    return command


def _simulation_arguments(game, given: dict) -> dict:
    """The options the game's simulator takes, checked; an option it does not take is refused."""
    accepted = {option.name: option for option in game.simulation_options}
    arguments = {}
    for name, value in given.items():
        if value is None or value == ():
            continue
        option = accepted.get(name)
        if option is None:
            takes = ", ".join(f"--{n}" for n in accepted) or "no options"
            raise UsageError(f"--{name}: {possessive(game.title)} simulator takes {takes} and --seed")
        values = [str(v).lower() if option.choices else v for v in (value if option.multiple else [value])]
        for item in values:
            if option.choices and item not in option.choices:
                raise UsageError(f"--{name} {item}: {possessive(game.title)} simulator takes one of {', '.join(option.choices)}")
        arguments[name] = tuple(values) if option.multiple else values[0]
    for option in game.simulation_options:
        if option.name not in arguments and option.default is not None:
            arguments[option.name] = option.default
    return arguments


class SimulationFiles:
    """The YAML files beside the decks that the game's simulator may read, each loaded (safely,
    inside the project) only when the simulator asks for it; `get` gives None for one absent."""

    def __init__(self, project, game):
        self.project, self.folder, self.names = project, project.card_data / game.key, game.simulation_files

    def get(self, name: str):
        path = self.folder / name
        if name not in self.names or not path.is_file():
            return None
        return load_yaml(path, self.project.relative(path), self.project.root)


def write_back(project, game, loaded: list, writes: list[dict]) -> None:
    """Card values a simulator proposes (`report["write"]`), written to their decks' files."""
    by_deck: dict = {}
    for write in writes:
        by_deck.setdefault(write["deck"], []).append(CardValue(write["card"], write["field"], write["value"]))
    for deck in loaded:
        if deck.deck.key in by_deck:
            path = project.card_data / game.key / deck.deck.source
            write_card_values(path, project.relative(path), project.root, deck.located, by_deck[deck.deck.key])


@click.command()
@click.argument("game_key", metavar="GAME")
@click.option("--seed", type=WholeRange(), default=DEFAULT_SEED, show_default=True,
              help="The random seed: the same seed gives the same numbers.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@project_option
@_simulation_click_options
def simulate(game_key: str, seed: int, as_json: bool, project_dir: str | None, **given) -> None:
    """Play whole games of GAME with its engine's baseline strategy and report the balance.
    Each game's simulator takes its own options (verset: --campaigns, --difficulty, --variants)."""
    try:
        project = project_at(project_dir)
        game = get_game(project, game_key)
        if game.simulator is None:
            raise UsageError(f"{game.title} has no simulator")
        options = {"seed": seed, **_simulation_arguments(game, given)}
        loaded = load_game(project, game)
        if game.simulation_files:
            options["files"] = SimulationFiles(project, game)
        total = next((options.get(o.name) for o in game.simulation_options if o.runs), None)
        if errors.is_terminal and not as_json and total:
            with Progress(TextColumn("{task.description}", markup=False), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                          TimeElapsedColumn(), console=errors, transient=True) as progress:
                task = progress.add_task(f"{game.title}: simulating", total=total)
                report = game.simulator(loaded, progress=lambda n: progress.advance(task, n), **options)
        else:
            report = game.simulator(loaded, **options)
        write_back(project, game, loaded, report.get("write", []))
    except PnpError as error:
        fail(error)
    if as_json:
        console.print_json(json.dumps(report))
    else:
        print_report(game, loaded, report)
    if report.get("error"):              # what the simulator could not do, once its report is out
        fail(UsageError(report["error"]))


def print_report(game, loaded: list, report: dict) -> None:
    console.print(f"{game.title}:", highlight=False)
    for item in game.simulation_report(report, game.simulation_labels(loaded)):
        if isinstance(item, str):
            console.print(item, highlight=False, markup=False)
            continue
        table = Table(title=item["title"], title_justify="left")
        for column, justify in item["columns"]:
            table.add_column(column, justify=justify)
        for row in item["rows"]:
            table.add_row(*(str(cell) for cell in row))
        console.print(table)
