"""`card_data/GAME/game.yaml`: a game declared as data.

The declaration names the game, its decks (data file, count, size, layouts, card fields)
and, for a game with a rules engine, the engine's adapter package. It is checked like card
data: an unknown key, a wrong type (its schema: spec.py) or a layout that does not exist (the
checks beyond the schema: declaration_checks.py) is a Problem naming the line of game.yaml.
"""

import os
from pathlib import Path

from pnp.data.fields import card_model
from pnp.data.game import Board, Cover, Deck, Game, Module
from pnp.data.located import Located
from pnp.data.schema import validate
from pnp.data.yaml_source import load_yaml
from pnp.errors import DataError, Problem
from pnp.games.adapters import adapter_for, adapter_names
from pnp.games.declaration_checks import deck_problems, layout_problems
from pnp.games.spec import CoverSpec, DeckSpec, GameSpec, card_size
from pnp.project import Project

__all__ = ["DECLARATION", "card_size", "game_keys", "load_declaration"]     # card_size: where the CLI finds it


DECLARATION = "game.yaml"


def game_keys(project: Project) -> list[str]:
    """The games of the project: each folder of card_data/ holding a game.yaml. A link there
    that leads to one is listed too, so that loading it refuses it by name; nothing else is
    read (a loop of links is no game)."""
    try:
        with os.scandir(project.card_data) as listing:
            entries = list(listing)
    except OSError:
        return []
    return sorted(entry.name for entry in entries
                  if (entry.is_dir(follow_symlinks=False) or entry.is_symlink())
                  and os.path.lexists(Path(entry.path) / DECLARATION))


def load_declaration(project: Project, key: str) -> Game:
    """The game declared in card_data/KEY/game.yaml, joined to its engine's adapter."""
    path = project.card_data / key / DECLARATION
    located = load_yaml(path, project.relative(path), project.root)
    if not isinstance(located.data, dict):
        raise DataError([Problem(located.file, 1, "(top)", "a mapping: title, language, players, "
                                 "play_time, pitch, stylesheet, decks", type(located.data).__name__)])
    spec = validate(located, GameSpec)
    adapter = None
    problems = []
    if spec.engine is not None:
        adapter = adapter_for(spec.engine)
        if adapter is None:
            problems.append(Problem(located.file, located.line_of(("engine",)), "engine",
                                    "the name of a rules engine adapter: " + (", ".join(adapter_names()) or "none"),
                                    repr(spec.engine), "Remove `engine:` for a game without rules"))
    vocabulary = adapter.effect_vocabulary if adapter else None
    problems += layout_problems(project, located, spec, key) + deck_problems(located, spec, vocabulary)
    if adapter is not None:
        problems += adapter.declaration_problems(located, spec)
    if problems:
        raise DataError(problems)
    decks = tuple(_deck(spec, index, deck, located, adapter) for index, deck in enumerate(spec.decks))
    boards = tuple(Board(b.key, b.title, b.layout, b.width_mm, b.height_mm, b.stock) for b in spec.boards)
    modules = tuple(Module(m.key, m.title, m.note) for m in spec.modules)
    cover = spec.cover or CoverSpec(deck=spec.decks[0].key)
    source = spec.source_language or spec.language

    def words_for(language: str, force: bool = False):
        from pnp.i18n.catalogue import game_words

        return game_words(project, key, source, language, force)

    game = Game(key=key, title=spec.title, language=source, boards=boards,
                decks=tuple(d for d in decks if d.module is None), declared_decks=decks, modules=modules,
                stylesheet=spec.stylesheet, players=spec.players, play_time=spec.play_time,
                pitch=spec.pitch, inline_icons=dict(spec.inline_icons), located=located,
                colours={value: coded.colour for deck in spec.decks if deck.colours is not None
                         for value, coded in deck.colours.values.items()},
                colour_cues={value: coded.cue for deck in spec.decks if deck.colours is not None
                             for value, coded in deck.colours.values.items() if coded.cue},
                cover=Cover(cover.deck, tuple(cover.cards), cover.background, cover.title_font, cover.alt),
                languages=tuple(spec.languages or [spec.language]), words_for=words_for,
                **(adapter.hooks() if adapter else {}))
    return game.in_language(spec.language)


def _deck(spec: GameSpec, index: int, deck: DeckSpec, located: Located, adapter) -> Deck:
    model = card_model("".join(part.title() for part in deck.key.split("-")), deck.fields, deck.id_from)
    checks = adapter.deck_checks(deck.key, deck) if adapter else ()
    return Deck(deck.key, deck.title, deck.data, model, deck.count, deck.count_rule, deck.face,
                deck.back, checks=checks, width_mm=deck.width_mm, height_mm=deck.height_mm,
                bleed_mm=deck.bleed_mm, shape=deck.shape, per_card_back=deck.per_card_back,
                uses_rules=deck.uses_rules, counts_by=deck.counts_by,
                fold_lines_mm=tuple(deck.fold_lines_mm), backs=deck.backs, stock=deck.stock,
                print_note=deck.print_note, module=deck.module,
                sheet=deck.sheet or deck.key,
                declared_at=located.line_of(("decks", index, "count")), fields=dict(deck.fields))
