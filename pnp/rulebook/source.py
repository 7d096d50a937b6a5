"""A game's rulebook source: Markdown files in card_data/GAME/rulebook/, in name order,
with worked examples in fenced blocks whose info string is `example`. A game printed in several
languages keeps one folder per language: rulebook/fr/, rulebook/en/."""

import re
from dataclasses import dataclass
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token

from pnp.data.yaml_source import load_yaml_text
from pnp.errors import DataError
from pnp.files import project_files, project_folders, read_text
from pnp.examples import Example, examples_in
from pnp.project import Project
from pnp.typography import DEFAULT_QUOTES, QUOTES, french_spaced, keep_last_words, percent_set, ranges_held

EXAMPLE_INFO = "example"
URL_CLASS = "url"            # an address, never hyphenated (layouts/rulebook-base.css)
ADDRESS_PARAGRAPH = "with-address"   # a paragraph holding one, set ragged-right (the same)
URL = re.compile(r"(?:https?://)?(?:[\w-]+\.)+(?:org|net|com|fr|io)\b(?:/[^\s()]*[^\s().,:;])?")


@dataclass(frozen=True)
class SourceFile:
    path: Path
    shown: Path
    text: str


def markdown(language: str | None = None) -> MarkdownIt:
    """The chapters' Markdown, set by its typographer in `language`'s quotes (and, in French,
    with the no-break spaces of pnp.typography before high punctuation and inside « »)."""
    quotes = QUOTES.get(language, DEFAULT_QUOTES)
    md = MarkdownIt("commonmark", {"html": True, "typographer": True,
                                   "quotes": [quotes[0], quotes[1], "‘", "’"]}).enable(
        ["table", "replacements", "smartquotes"])
    if language == "fr":
        md.core.ruler.push("french_spaces", _french_spaces)
    md.core.ruler.push("percent", lambda state: _percent_signs(state, language))
    md.core.ruler.push("ranges_held", _ranges_held)
    md.core.ruler.push("last_words_kept", _last_words_kept)
    md.core.ruler.push("addresses_unbroken", _addresses_unbroken)
    return md


def _addresses_unbroken(state) -> None:
    """Every web address of a paragraph in a span the stylesheet never hyphenates
    ("creati-vecommons.org"), and that paragraph set ragged-right. Names are left to hyphenate as words do: an inline box whose
    hyphenation differs from its line's makes WeasyPrint break the line's start short ("La /
    cam- / pagne..."), a worse fault than a hyphen in a name."""
    for before, token in zip(state.tokens, state.tokens[1:]):
        if token.type != "inline" or before.type != "paragraph_open" or not token.children:
            continue
        if not any(child.type == "text" and URL.search(child.content) for child in token.children):
            continue
        children = []
        for child in token.children:
            if child.type != "text" or not URL.search(child.content):
                children.append(child)
                continue
            start = 0
            for match in URL.finditer(child.content):
                children += [_text(child.content[start:match.start()]),
                             _html(f'<span class="{URL_CLASS}">'), _text(match.group(0)), _html("</span>")]
                start = match.end()
            children.append(_text(child.content[start:]))
        token.children = [child for child in children if child.type != "text" or child.content]
        before.attrJoin("class", ADDRESS_PARAGRAPH)         # set ragged: an address breaks only at a slash


def _text(content: str) -> Token:
    return Token("text", "", 0, content=content)


def _html(content: str) -> Token:
    return Token("html_inline", "", 0, content=content)


def _percent_signs(state, language: str | None) -> None:
    """A percentage as the language sets it: 59% in English, 59 % (a narrow no-break space) in French."""
    for token in state.tokens:
        for child in (token.children or ()) if token.type == "inline" else ():
            if child.type == "text" and "%" in child.content:
                child.content = percent_set(child.content, language)


def _ranges_held(state) -> None:
    """A numeric range held whole in the text (not in a heading: the contents and the PDF's outline
    read it, and a word joiner there is a character a viewer may show)."""
    for before, token in zip(state.tokens, state.tokens[1:]):
        for child in (token.children or ()) if token.type == "inline" and before.type != "heading_open" else ():
            if child.type == "text":
                child.content = ranges_held(child.content)


def _last_words_kept(state) -> None:
    """Each paragraph's last two words held together: no word, nor a hyphenated word's end, alone
    on a paragraph's last line (a heading keeps its words as written: the contents and the PDF's
    outline read them)."""
    for before, token in zip(state.tokens, state.tokens[1:]):
        if token.type == "inline" and before.type != "heading_open" and token.children \
                and token.children[-1].type == "text":
            token.children[-1].content = keep_last_words(token.children[-1].content)


def _french_spaces(state) -> None:
    for token in state.tokens:
        for index, child in enumerate((token.children or ()) if token.type == "inline" else ()):
            if child.type == "text":
                # a text after a word in bold or italic ("**Lorc** : ...") is spaced as its sequel
                after_word = index > 0 and token.children[index - 1].type.endswith("_close")
                child.content = french_spaced("x" + child.content)[1:] if after_word else french_spaced(child.content)


def rulebook_dir(project: Project, game_key: str, language: str | None = None,
                 source_language: str | None = None) -> Path:
    """The chapters' folder: rulebook/LANGUAGE/ when the game keeps one per language; the
    source language's when LANGUAGE has none yet (a build refuses that unless --force)."""
    folder = project.card_data / game_key / "rulebook"
    folders = project_folders(folder, project.root) if language is not None else []
    for code in (language, source_language):
        if code is not None and folder / code in folders:
            return folder / code
    return folder


def language_dirs(project: Project, game_key: str) -> list[Path]:
    """Every folder of chapters: the language folders, or the rulebook folder itself."""
    folder = rulebook_dir(project, game_key)
    return project_folders(folder, project.root) or [folder]


def _sources(project: Project, folder: Path) -> list[SourceFile]:
    return [SourceFile(path, project.relative(path), read_text(path, project.relative(path), project.root))
            for path in project_files(folder, project.root, (".md",), recursive=False)]


def source_files(project: Project, game_key: str, language: str | None = None,
                 source_language: str | None = None) -> list[SourceFile]:
    """The chapters, each inside the project, UTF-8 and within the file size limit."""
    return _sources(project, rulebook_dir(project, game_key, language, source_language))


def example_blocks(source: SourceFile) -> list[Example]:
    """The examples in a Markdown file, located at their lines in that file."""
    examples, problems = [], []
    for token in markdown().parse(source.text):
        if token.type == "fence" and token.info.strip() == EXAMPLE_INFO:
            first_line = token.map[0] + 2          # the line after the opening fence, 1-based
            try:
                examples += examples_in(load_yaml_text(token.content, source.shown, first_line), titled=True)
            except DataError as error:
                problems += error.problems
    if problems:
        raise DataError(problems)
    return examples


def rulebook_examples(project: Project, game_key: str) -> list[Example]:
    """The examples of every language's chapters; an example printed in two languages is one
    example, and must be the same in both (the same setup, the same expected numbers)."""
    examples, problems = [], []
    first: dict = {}
    for folder in language_dirs(project, game_key):
        for source in _sources(project, folder):
            try:
                found = example_blocks(source)
            except DataError as error:
                problems += error.problems
                continue
            for example in found:
                other = first.get(example.id)
                if other is None:
                    first[example.id] = example
                    examples.append(example)
                elif _translated(other, example):
                    continue
                else:
                    examples.append(example)        # a real repeat: the check names it
    if problems:
        raise DataError(problems)
    return examples


def _translated(a: Example, b: Example) -> bool:
    """The same example printed in another language's chapters."""
    return ((a.kind, a.setup, a.expect) == (b.kind, b.setup, b.expect)
            and Path(str(a.located.file)).parent != Path(str(b.located.file)).parent)
