"""Every string of a game a player reads, where it is written: the words its layouts mark for
translation (`{% trans %}`, `_()`), its cards' text fields, the titles and notes of game.yaml.
`pnp translate` puts them in the catalogue; a build in another language needs each one translated."""

import re
from dataclasses import dataclass

from jinja2 import TemplateSyntaxError, nodes
from jinja2.ext import extract_from_ast

from pnp.data.decks import load_deck
from pnp.data.fields import id_fields
from pnp.errors import DataError, Problem
from pnp.files import project_files, read_text
from pnp.project import Project

GETTEXT_NAMES = ("_", "gettext", "ngettext")
LETTER = re.compile(r"[^\W\d_]")
COLOUR = re.compile(r"#[0-9a-fA-F]{3,8}")


@dataclass(frozen=True)
class Found:
    """One string and where it is written (its file as pnp names it, its line)."""

    message: str | tuple
    file: str
    line: int | None


def worth_translating(text) -> bool:
    """Words, not a number, a range of numbers ("3–6") or a colour ("#8e1b1f")."""
    return isinstance(text, str) and bool(LETTER.search(text)) and not COLOUR.fullmatch(text.strip())


def card_strings(project: Project, game, deck) -> list[Found]:
    loaded = load_deck(project, game, deck)
    located, model = loaded.located, deck.card
    skipped = id_fields(model)
    found = []
    for index, card in enumerate(loaded.cards):
        for name in model.WORD_FIELDS:
            if name in skipped:
                continue
            value = getattr(card, name, None)
            values = value if isinstance(value, list) else [value]
            for position, text in enumerate(values):
                if worth_translating(text):
                    path = (index, name, position) if isinstance(value, list) else (index, name)
                    found.append(Found(text, str(located.file), located.line_of(path) or located.line_of((index,))))
    return found


def declaration_strings(game) -> list[Found]:
    """The words of game.yaml a player reads: the game's title, pitch and time, its decks',
    boards' and modules' titles and notes, the cover's description."""
    located = game.located
    shown = str(located.file) if located is not None else "game.yaml"

    def at(*path):
        return located.line_of(path) if located is not None else None

    found = [Found(game.title, shown, at("title")), Found(game.pitch, shown, at("pitch")),
             Found(game.play_time, shown, at("play_time")), Found(game.players, shown, at("players"))]
    for index, deck in enumerate(game.declared_decks):
        found += [Found(deck.title, shown, at("decks", index, "title"))]
        if deck.print_note:
            found.append(Found(deck.print_note, shown, at("decks", index, "print_note")))
    for index, board in enumerate(game.boards):
        found.append(Found(board.title, shown, at("boards", index, "title")))
    for index, module in enumerate(game.modules):
        found.append(Found(module.title, shown, at("modules", index, "title")))
        if module.note:
            found.append(Found(module.note, shown, at("modules", index, "note")))
    if game.cover is not None and game.cover.alt:
        found.append(Found(game.cover.alt, shown, at("cover", "alt")))
    engine = f"pnp/games/{game.key}"
    found += [Found(words, engine, None) for words in game.printed_words]
    return [item for item in found if worth_translating(item.message)]


SKELETON = "rulebook.html"      # the layout every game's rulebook extends, its own words marked


def layout_strings(project: Project, game) -> list[Found]:
    """The words marked for translation in layouts/GAME/, and in the shared rulebook skeleton those
    of the blocks the game's rulebook leaves as they are: literal strings only (`_(card.name)`
    translates words the data already gives)."""
    from pnp.render.templates.environments import new_environment

    env = new_environment(project.layouts, game.inline_icons)
    folder = project.layouts / game.key
    found, problems, trees = [], [], {}
    for path in project_files(folder, project.root, (".html",)) if folder.is_dir() else []:
        shown = f"layouts/{path.relative_to(project.layouts).as_posix()}"
        try:
            trees[shown] = env.parse(read_text(path, shown, project.root), path.name, shown)
        except TemplateSyntaxError as error:
            problems.append(Problem(shown, error.lineno, "(layout)", "a layout Jinja can read", str(error.message)))
    own_rulebook = trees.get(f"layouts/{game.key}/{SKELETON}")
    if own_rulebook is not None and (project.layouts / SKELETON).is_file():
        try:
            skeleton = env.parse(read_text(project.layouts / SKELETON, f"layouts/{SKELETON}", project.root),
                                 SKELETON, f"layouts/{SKELETON}")
        except TemplateSyntaxError as error:
            problems.append(Problem(f"layouts/{SKELETON}", error.lineno, "(layout)", "a layout Jinja can read",
                                    str(error.message)))
        else:
            filled = {block.name for block in own_rulebook.find_all(nodes.Block)}
            for block in skeleton.find_all(nodes.Block):
                if block.name in filled:
                    block.body = []         # the game's words print there, not the skeleton's
            trees[f"layouts/{SKELETON}"] = skeleton
    if problems:
        raise DataError(problems)
    for shown, tree in trees.items():
        for line, name, message in extract_from_ast(tree, GETTEXT_NAMES, babel_style=True):
            message = message if isinstance(message, tuple) else (message,)
            strings = message[:2] if name == "ngettext" else message[:1]
            if None in strings or not worth_translating(strings[0]):
                continue
            found.append(Found(strings[0] if len(strings) == 1 else strings, shown, line))
    return found


def game_strings(project: Project, game) -> list[Found]:
    """Every string of the game to translate, in the order a translator meets them: the
    declaration, each deck's cards, then the layouts."""
    found, problems = declaration_strings(game), []
    for deck in game.declared_decks:
        try:
            found += card_strings(project, game, deck)
        except DataError as error:
            problems += error.problems
    if problems:
        raise DataError(problems)
    return found + layout_strings(project, game)
