"""What each built file is and how to print it, from the game's declaration, in the words of
the page's language (layouts/site/words.yaml)."""

from dataclasses import dataclass

from pnp.data.game import Game
from pnp.site.languages import decimal, fill
from pnp.typography import capitalised


@dataclass(frozen=True)
class Printing:
    title: str
    stock: str
    sides: str
    note: str = ""


def _words(game: Game, name: str) -> str:
    """The title of a file no deck or board declares (an engine's sheet): its name in words, in
    the game's language where its catalogue has them ("Campaign sheet")."""
    stem = name.removesuffix(".pdf").replace("-", " ")
    title = capitalised(stem)
    return game.words.get(title) if game.words is not None else title


def how_to_print(game: Game, name: str, paper_title: str, words: dict) -> Printing:
    """The file's title (the game's, in the language `game` is in) and what to print it on and
    how (in `words`, the page's)."""
    def say(key: str, **values) -> str:
        return fill(words[key], **values)

    def size(width: float, height: float) -> dict:
        return {"width": decimal(width, words), "height": decimal(height, words)}

    paper = say("stock_paper", paper=paper_title)
    for deck in game.declared_decks:
        if name == f"{deck.key}.pdf":
            sides = say("sides_long") if deck.backs else say("sides_fold" if deck.fold_lines_mm else "sides_single")
            cut = deck.print_note or say("cut_circles" if deck.shape == "circle" else "cut_marks")
            return Printing(deck.title, say(f"stock_{deck.stock}", paper=paper_title), sides,
                            say("deck_note", **size(deck.width_mm, deck.height_mm), cut=cut))
    for board in game.boards:
        stock = say(f"stock_{board.stock}", paper=paper_title)
        if name == f"{board.key}-full-size.pdf":
            return Printing(capitalised(say("board_full_size", board=board.title)), stock, say("sides_print_shop"),
                            say("board_full_size_note", **size(board.width_mm, board.height_mm)))
        if name == f"{board.key}-tiles.pdf":
            return Printing(capitalised(say("board_tiles", board=board.title)), stock, say("sides_single"),
                            say("board_tiles_note", paper=paper_title))
    if name == "rulebook.pdf":
        return Printing(say("rulebook"), paper, say("sides_long_or_single"))
    if name == "rulebook-booklet.pdf":
        return Printing(say("rulebook_booklet"), paper, say("sides_short"), say("booklet_note"))
    if name.endswith("-fillable.pdf"):
        return Printing(say("fillable", file=_words(game, name.removesuffix("-fillable.pdf"))), paper,
                        say("sides_single"), say("fillable_note"))
    return Printing(_words(game, name), paper, say("sides_single"))
