"""`pnp build`: load and validate every deck, render, impose, then write every PDF.

Nothing is written until every deck has rendered, so bad input leaves no output behind.
"""

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pnp.atomic import write_atomically
from pnp.data.decks import LoadedDeck, load_game
from pnp.games.base import Game
from pnp.project import Project
from pnp.render.impose import impose
from pnp.render.marks import draw_sheet_marks
from pnp.render.sheet_layout import sheet_layout

DUPLEX_MODES = ("long", "short", "none")
LABEL_FONT = Path("eb-garamond") / "eb-garamond-latin-400-normal.woff"
DUPLEX_WORDS = {"long": "flip on the long edge", "short": "flip on the short edge"}


@dataclass(frozen=True)
class BuiltFile:
    path: Path
    pages: int
    cards: int
    size: int


def sheet_labels(game: Game, deck_title: str, sheets: int, duplex: str) -> list[str]:
    labels = []
    for number in range(1, sheets + 1):
        head = f"{game.title} · {deck_title} · sheet {number} of {sheets}"
        labels.append(f"{head} · front")
        if duplex != "none":
            labels.append(f"{head} · back ({DUPLEX_WORDS[duplex]})")
    return labels


def build_deck(project: Project, game: Game, loaded: LoadedDeck, paper: str,
               duplex: str) -> tuple[bytes, int]:
    """The deck's print sheets as one PDF, and its page count."""
    from pnp.render.cards import render_deck  # WeasyPrint is imported only to render

    deck = loaded.deck
    cards_pdf = render_deck(project, game, deck, loaded.cards, str(loaded.located.file))
    layout = sheet_layout(paper, deck.width_mm, deck.height_mm, deck.bleed_mm)
    labels = sheet_labels(game, deck.title, math.ceil(len(loaded.cards) / layout.per_sheet), duplex)
    marks = draw_sheet_marks(layout, labels, project.fonts / LABEL_FONT)
    return impose(cards_pdf, marks, layout, duplex), len(labels)


def build_game(project: Project, game: Game, paper: str, duplex: str, out_dir: Path,
               progress: Callable[[int, str], None] = lambda done, step: None) -> list[BuiltFile]:
    decks = load_game(project, game)
    rendered = []
    for done, loaded in enumerate(decks):
        progress(done, loaded.deck.title)
        rendered.append((loaded, build_deck(project, game, loaded, paper, duplex)))
    built = []
    for loaded, (pdf, pages) in rendered:
        path = out_dir / f"{loaded.deck.key}.pdf"
        write_atomically(path, pdf)
        built.append(BuiltFile(path, pages, len(loaded.cards), len(pdf)))
    return built
