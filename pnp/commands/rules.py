"""`pnp rules`: compute a file of worked examples with a game's rules engine."""

import json
import sys
from pathlib import Path

import click
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from pnp.data.decks import load_game
from pnp.errors import EXIT_CHECK_FAILED, PnpError, UsageError
from pnp.examples import load_example_file, run_examples
from pnp.games import get_game
from pnp.commands.options import lang_option, project_at, project_option
from pnp.commands.report import console, errors, fail
from pnp.commands.types import PathType

CARD_KEYS_HINT = ("a card data file (its entries have no kind, setup or expect): worked examples live "
                  "in card_data/GAME/examples/*.yaml, as docs/worked-examples.md shows")


@click.command()
@click.argument("game_key", metavar="GAME")
@click.argument("file", required=False, type=PathType(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
@click.option("--kinds", is_flag=True, help="List the example kinds, their setup fields and result keys.")
@click.option("--lookup", "term", metavar="WORDS", help="Print the rules reference's entries for WORDS: the "
              "terms, cards, rules, rulings and examples in which each word begins a word.")
@click.option("--anchors", is_flag=True, help="List the anchor of every rulebook heading (a glossary term's rule:).")
@lang_option
@project_option
def rules(game_key: str, file: str | None, as_json: bool, kinds: bool, term: str | None, anchors: bool,
          language: str | None, project_dir: str | None) -> None:
    """Compute every worked example in FILE with GAME's rules engine; or look up the rules
    reference (--lookup), or list the rulebook's anchors (--anchors)."""
    try:
        project = project_at(project_dir)
        if file is not None:
            _refuse_another_game_s(project, game_key, Path(file))
        game = get_game(project, game_key)
        if term is not None or anchors:
            from pnp.commands.lookup import print_anchors, print_lookup

            if anchors:
                print_anchors(project, game, language)
            else:
                print_lookup(project, game, term, language, as_json)
            return
        if not game.kinds:
            raise UsageError(f"{game.title} has no rules engine (no `engine:` in its game.yaml), "
                             "so it has no worked examples to compute")
        if kinds:
            _print_kinds(game, as_json)
            return
        if file is None:
            raise UsageError("give an example FILE, or --kinds")
        path = Path(file)
        if not path.is_file():
            raise UsageError(f"{file}: no such file")
        examples = _example_file(path, file)
        outcomes = run_examples(examples, game.kinds, game.rules_context(load_game(project, game)))
    except PnpError as error:
        fail(error)
    if as_json:
        console.print_json(json.dumps([{"id": o.example.id, "kind": o.example.kind, "result": o.result,
                                        "agrees": not o.mismatches} for o in outcomes]))
    else:
        for outcome in outcomes:
            mark = "[green]ok[/]" if not outcome.mismatches else "[red]differs[/]"
            console.print(f"{mark} {escape(str(outcome.example.id))} ({escape(outcome.example.kind)})", highlight=False,
                          markup=True)
            for key, value in outcome.result.items():
                console.print(f"    {key}: {json.dumps(value)}", highlight=False, markup=False)
    wrong = [m for o in outcomes for m in o.mismatches]
    for mismatch in wrong:
        errors.print(str(mismatch), highlight=False, markup=False, soft_wrap=True)
    if wrong:
        sys.exit(EXIT_CHECK_FAILED)


def _refuse_another_game_s(project, game_key: str, path: Path) -> None:
    """A file of card_data/OTHER/ given with GAME is another game's examples: say whose."""
    from pnp.games import game_keys

    try:
        relative = path.resolve().relative_to(project.card_data.resolve())
    except ValueError:
        return
    owner = relative.parts[0] if len(relative.parts) > 1 else None
    if owner and owner != game_key and owner in game_keys(project):
        raise UsageError(f"{path} is a file of {owner}, not of {game_key}: run `pnp rules {owner} {path}`")


def _example_file(path: Path, shown: str):
    """The examples of a file; a card data file given by mistake is said so in one line."""
    from pnp.data.yaml_source import load_yaml

    if path.suffix == ".md":
        return _chapter_examples(path, shown)
    if path.suffix not in (".yaml", ".yml"):
        raise UsageError(f"{shown} is not a worked-examples file: examples are YAML, "
                         "in card_data/GAME/examples/*.yaml, or ```example blocks in a rulebook chapter (.md)")
    data = load_yaml(path, shown).data
    items = data if isinstance(data, list) else [data]
    if items and all(isinstance(item, dict) and not {"kind", "setup", "expect"} & set(item) for item in items):
        raise UsageError(f"{shown} is {CARD_KEYS_HINT}")
    return load_example_file(path, shown)


def _chapter_examples(path: Path, shown: str):
    """The ```example blocks of a rulebook chapter, at their lines in it."""
    from pnp.files import read_text
    from pnp.rulebook.source import SourceFile, example_blocks

    examples = example_blocks(SourceFile(path, Path(shown), read_text(path, shown)))
    if not examples:
        raise UsageError(f"{shown} holds no ```example block: docs/worked-examples.md shows one")
    return examples


def _print_kinds(game, as_json: bool) -> None:
    if as_json:
        console.print_json(json.dumps({name: {"summary": kind.summary,
                                              "setup": {f.name: f.describe() for f in kind.setup},
                                              "results": list(kind.results)}
                                       for name, kind in game.kinds.items()}))
        return
    table = Table(title=f"{game.title}: worked-example kinds", title_justify="left")
    for column in ("kind", "setup", "result keys"):
        table.add_column(column)
    for name, kind in game.kinds.items():
        setup = "\n".join(f"{f.name}: {f.describe()}" for f in kind.setup)
        table.add_row(Text.assemble(name, "\n", (kind.summary, "dim")), setup, "\n".join(kind.results))
    console.print(table)
