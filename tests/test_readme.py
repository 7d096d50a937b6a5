"""The README documents exactly the options the CLI accepts, and opens with the two commands."""

import re

import click

from pnp.cli import all_commands
from tests.conftest import ROOT

README = (ROOT / "README.md").read_text()


def documented_options(command: str) -> dict[str, set[str]]:
    row = next(line for line in README.splitlines() if line.startswith(f"| `pnp {command}"))
    usage = row.split("`")[1].replace("\\|", "|")
    options = {}
    for name, choices in re.findall(r"(--[a-z-]+)(?: ([a-z0-9]+(?:\|[a-z0-9]+)*(?:\|WIDTHxHEIGHTmm)?|[A-Z]+))?", usage):
        options[name] = set(choices.split("|")) if choices and "|" in choices else set()
    for name in re.findall(r"`(--[a-z-]+) DIR`", README):
        options.setdefault(name, set())
    return options


def accepted_options(command: str) -> dict[str, set[str]]:
    options = {}
    for param in all_commands()[command].params:
        if isinstance(param, click.Option):
            choices = set(param.type.choices) if isinstance(param.type, click.Choice) else set(
                getattr(param.type, "documented", ()))
            options[param.opts[0]] = choices
    return options


def test_every_commands_options_in_the_readme_are_the_accepted_ones():
    for command in all_commands():
        documented = documented_options(command)
        accepted = accepted_options(command)
        accepted.pop("--project", None)
        documented.pop("--project", None)
        assert documented == accepted, command


def test_the_readme_opens_with_the_build_and_test_commands():
    blocks = re.findall(r"```sh\n(.*?)\n```", README, re.S)
    assert "pnp build verset --paper a4" in blocks[0]
    assert "pytest" in blocks[1] and ".[test]" in blocks[1]
    assert blocks[1] in (ROOT / ".ci" / "run").read_text()


def test_the_simulation_figures_say_the_runs_they_come_from():
    """Issue 28, item 12: a figure from a run longer than the default names its count; the
    simulate row gives each game's default count as the adapter has it."""
    from pnp.games.adapters import adapter_for, adapter_names

    counts = {name: next((o for o in adapter_for(name).simulation_options if o.runs), None)
              for name in adapter_names() if getattr(adapter_for(name), "simulation_options", ())}
    for game, option in counts.items():
        for command, said in re.findall(rf"`pnp simulate {game}([^`]*)`([^|]{{0,80}})", README):
            quoted = re.search(r"\b(\d{1,3}(?:,\d{3})+|\d+) (?:games|rounds|campaigns)\b", said)
            named = re.search(rf"--{option.name} (\d+)", command + said)
            if quoted and not named:
                assert int(quoted.group(1).replace(",", "")) == option.default, (game, said)
    row = next(line for line in README.splitlines() if line.startswith("| `pnp simulate"))
    for game, option in counts.items():
        assert f"{option.default:,}" in row, (game, option.name, option.default)


def test_the_games_option_gives_each_game_s_own_default():
    games = next(p for p in all_commands()["simulate"].params if p.name == "games")
    for game, default in {"olf": "500", "verdun": "1,000", "verso": "1,000", "wizard": "1,000"}.items():
        assert re.search(rf"{game}: [^.]*\(default {default}\)", games.help), (game, games.help)
