"""The options several commands take are defined once (pnp.commands.options): the same name,
type, default and help wherever they appear; one module per command, each small."""

from collections import defaultdict
from pathlib import Path

import click

from pnp.cli import all_commands, main
from pnp.commands import options
from tests.conftest import ROOT

COMMAND_MODULE_LIMIT = 250      # lines of a module of pnp/commands
CLI_LIMIT = 120                 # lines of pnp/cli.py: the group and the program around it

# Each shared option and the variants its definition offers.
SHARED = {
    "--project": [options.project_option],
    "--paper": [options.paper_option(), options.paper_option(multiple=True), options.site_paper_option],
    "--duplex": [options.duplex_option(), options.duplex_option(two_sided_only=True)],
    "--duplex-offset": [options.duplex_offset_option],
    "--lang": [options.lang_option, options.translated_lang_option],
    "--module": [options.module_option],
    "--booklet": [options.booklet_option],
    "--force": [options.force_option],
    "--ink-saver": [options.ink_saver_option],
    "--jobs": [options.jobs_option(), options.jobs_option(one_in_process=False)],
    "--games": [options.games_option],
    "--port": [options.port_option(options.SERVE_PORT), options.port_option(options.STUDIO_PORT)],
}
# Options whose help says where each command writes, or what its title or JSON is: the same
# name and type, a help of their own.
OWN_HELP = {
    "--out": [options.out_folder_option(""), options.out_file_option(""), options.out_file_option("", Path)],
    "--title": [],
    "--json": [],
    "--ink-limit": [options.ink_limit_option("")],
}


def option_of(decorator) -> click.Option:
    return click.command()(decorator(lambda **_: None)).params[0]


def definition(param: click.Parameter, with_help: bool = True) -> tuple:
    info = param.to_info_dict()
    if not with_help:
        info.pop("help")
    return type(param.type), info, param.metavar, param.show_default


def taken_options() -> dict[str, list[tuple[str, click.Option]]]:
    """Each option name to the commands that take it; not the options each game's simulator
    declares for `pnp simulate` (its --games counts games to play)."""
    from pnp.commands.simulate import simulation_options

    declared = {f"--{name}" for name in simulation_options()}
    taken = defaultdict(list)
    for name, command in all_commands().items():
        for param in command.params:
            if isinstance(param, click.Option) and not (name == "simulate" and param.opts[0] in declared):
                taken[param.opts[0]].append((name, param))
    return taken


def test_each_shared_option_is_its_one_definition_in_every_command():
    taken = taken_options()
    for option, variants in SHARED.items():
        defined = [definition(option_of(variant)) for variant in variants]
        assert taken[option], f"no command takes {option}"
        for command, param in taken[option]:
            assert definition(param) in defined, f"pnp {command} {option} is not pnp.commands.options' own"


def test_an_option_with_a_help_of_its_own_shares_its_type():
    for option, variants in OWN_HELP.items():
        if not variants:
            continue
        defined = [definition(option_of(variant), with_help=False) for variant in variants]
        for command, param in taken_options()[option]:
            assert definition(param, with_help=False) in defined, f"pnp {command} {option}"


def test_an_option_two_commands_take_is_shared_or_says_why_not():
    for option, commands in taken_options().items():
        if len(commands) > 1:
            assert option in SHARED or option in OWN_HELP, (
                f"{option} is taken by {', '.join(c for c, _ in commands)}: define it in pnp.commands.options")


def test_no_help_sends_the_reader_to_another_command():
    for name, command in all_commands().items():
        for param in command.params:
            if isinstance(param, click.Option):
                assert "As for" not in (param.help or ""), f"pnp {name} {param.opts[0]}"


def test_each_command_lives_in_its_own_module():
    for name, command in all_commands().items():
        assert command.callback.__module__ == f"pnp.commands.{name}", name


def test_every_command_module_is_under_its_limit():
    for path in sorted((ROOT / "pnp" / "commands").glob("*.py")):
        lines = len(path.read_text().splitlines())
        assert lines < COMMAND_MODULE_LIMIT, f"{path.name}: {lines} lines"


def test_the_cli_is_the_group_only():
    import pnp.cli

    text = (ROOT / "pnp" / "cli.py").read_text()
    assert len(text.splitlines()) < CLI_LIMIT
    commands = [value for value in vars(pnp.cli).values() if isinstance(value, click.Command)]
    assert all(command is main or command.callback.__module__.startswith("pnp.commands.") for command in commands)
    assert "click.option" not in text and "@main.command" not in text
