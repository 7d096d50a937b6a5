"""A game's rulebook source: Markdown files in card_data/GAME/rulebook/, in name order,
with worked examples in fenced blocks whose info string is `example`."""

from dataclasses import dataclass
from pathlib import Path

from markdown_it import MarkdownIt

from pnp.data.yaml_source import load_yaml_text
from pnp.errors import DataError
from pnp.files import read_text
from pnp.examples import Example, examples_in
from pnp.project import Project

EXAMPLE_INFO = "example"


@dataclass(frozen=True)
class SourceFile:
    path: Path
    shown: Path
    text: str


def markdown() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": True, "typographer": True}).enable(
        ["table", "replacements", "smartquotes"])


def rulebook_dir(project: Project, game_key: str) -> Path:
    return project.card_data / game_key / "rulebook"


def source_files(project: Project, game_key: str) -> list[SourceFile]:
    """The chapters, each inside the project, UTF-8 and within the file size limit."""
    folder = rulebook_dir(project, game_key)
    return [SourceFile(path, project.relative(path), read_text(path, project.relative(path), project.root))
            for path in sorted(folder.glob("*.md"))]


def example_blocks(source: SourceFile) -> list[Example]:
    """The examples in a Markdown file, located at their lines in that file."""
    examples, problems = [], []
    for token in markdown().parse(source.text):
        if token.type == "fence" and token.info.strip() == EXAMPLE_INFO:
            first_line = token.map[0] + 2          # the line after the opening fence, 1-based
            try:
                examples += examples_in(load_yaml_text(token.content, source.shown, first_line))
            except DataError as error:
                problems += error.problems
    if problems:
        raise DataError(problems)
    return examples


def rulebook_examples(project: Project, game_key: str) -> list[Example]:
    examples, problems = [], []
    for source in source_files(project, game_key):
        try:
            examples += example_blocks(source)
        except DataError as error:
            problems += error.problems
    if problems:
        raise DataError(problems)
    return examples
