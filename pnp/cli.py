"""The `pnp` command line: the group of commands (each in its own module of pnp.commands) and
the program around it. Every refusal is a one-line error (exit 2), an example the engine
disagrees with exits 1; no path prints a traceback."""

import importlib
import os
import sys

import click

from pnp.atomic import DISK_FULL, write_error
from pnp.errors import EXIT_BAD_INPUT, PnpError
from pnp.commands.report import fail, report

REPORT_RESERVE_BYTES = 4 * 2**20   # memory set aside for saying that the memory cap was reached

# Each command by name, as "module:function"; a command's module is imported only when it runs
# (or when help lists it), so `pnp check` never loads the simulators' options nor the renderer.
COMMANDS = {
    "list": "pnp.commands.list:list_games", "new": "pnp.commands.new:new", "build": "pnp.commands.build:build",
    "watch": "pnp.commands.watch:watch", "proof": "pnp.commands.proof:proof", "check": "pnp.commands.check:check",
    "rules": "pnp.commands.rules:rules", "calibrate": "pnp.commands.calibrate:calibrate",
    "impose": "pnp.commands.impose:impose", "site": "pnp.commands.site:site", "serve": "pnp.commands.serve:serve",
    "export": "pnp.commands.export:export", "simulate": "pnp.commands.simulate:simulate",
    "translate": "pnp.commands.translate:translate", "studio": "pnp.commands.studio:studio",
}


class Commands(click.Group):
    """pnp's commands. A full disk (or a file size limit) met anywhere, in pnp's own writes or a
    library's temporary files, is one line and exit 2, never a traceback."""

    def list_commands(self, ctx) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module, function = COMMANDS[name].split(":")
        return getattr(importlib.import_module(module), function)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except OSError as error:
            if error.errno not in DISK_FULL:
                raise
            fail(write_error(error, error.filename or "a temporary file"))


@click.group(cls=Commands)
@click.version_option(package_name="pnp")
def main() -> None:
    """pnp: turn a tabletop game's data into print-and-play PDFs, checked before print."""


def all_commands() -> dict[str, click.Command]:
    """Every command of the group by name, each module imported."""
    return {name: main.get_command(None, name) for name in main.list_commands(None)}


def run() -> None:
    """The `pnp` program: the command runs in a child process under the operating system's
    limits, watched by this one (pnp.contained); then out without tearing the interpreter down.
    Everything is written and flushed by then; freeing a build's objects one by one only delays
    the exit (about 0.35 s after a build, bench/run.py)."""
    from pnp.contained import supervised

    code = supervised(run_command)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def run_command() -> int:
    """main() as the supervised work: its exit status, a limit reached reported in one line."""
    from pnp.contained import EXIT_WORKER_LOST, memory_error, out_of_memory, stage
    from pnp.stack_room import with_stack_room

    code = 0
    reserve = bytearray(REPORT_RESERVE_BYTES)       # given back to say that the memory ran out
    try:
        with stage("", "pnp " + " ".join(sys.argv[1:2])):
            with_stack_room(main)
    except SystemExit as stop:
        code = stop.code
    except MemoryError:
        del reserve
        report(memory_error())
        code = EXIT_BAD_INPUT
    except (OSError, SystemError, ImportError) as error:     # a library that could not be mapped in: an ImportError
        if not out_of_memory(error):
            raise
        del reserve
        report(memory_error())
        code = EXIT_BAD_INPUT
    except PnpError as error:
        del reserve
        report(error)
        code = error.exit_code
    except Exception as error:
        pools = sys.modules.get("concurrent.futures.process")      # none started, none broken: not imported
        if pools is None or not isinstance(error, pools.BrokenProcessPool):
            raise
        code = EXIT_WORKER_LOST
    if not isinstance(code, int):
        if code is not None:
            print(code, file=sys.stderr)
        code = 0 if code is None else 1
    sys.stdout.flush()
    sys.stderr.flush()
    return code


if __name__ == "__main__":
    run()
