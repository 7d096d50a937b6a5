"""What each built file is and how to print it, from the game's declaration."""

from dataclasses import dataclass

from pnp.data.game import Game

STOCK_WORDS = {"cardstock": "cardstock (200-300 g/m², 110 lb)", "paper": "paper (80-120 g/m², 20-32 lb)"}
SCALE_WORDS = "100 % scale (actual size)"


@dataclass(frozen=True)
class Printing:
    title: str
    stock: str
    sides: str
    note: str = ""


def _words(name: str) -> str:
    stem = name.removesuffix(".pdf").replace("-", " ")
    return stem[:1].upper() + stem[1:]


def how_to_print(game: Game, name: str, paper_title: str) -> Printing:
    """The file's title and what to print it on and how."""
    for deck in game.declared_decks:
        if name == f"{deck.key}.pdf":
            sides = ("double-sided, flip on the long edge" if deck.backs
                     else "single-sided" + (" (fold on the dashed line)" if deck.fold_lines_mm else ""))
            cut = deck.print_note or ("cut the circles" if deck.shape == "circle" else "cut along the crop marks")
            return Printing(deck.title, STOCK_WORDS[deck.stock], sides,
                            f"{deck.width_mm:g} x {deck.height_mm:g} mm; {cut}")
    for board in game.boards:
        if name == f"{board.key}-full-size.pdf":
            return Printing(f"{board.title[:1].upper()}{board.title[1:]} at full size", STOCK_WORDS[board.stock],
                            "single-sided, at a print shop",
                            f"one page of {board.width_mm:g} x {board.height_mm:g} mm with 3 mm bleed")
        if name == f"{board.key}-tiles.pdf":
            return Printing(f"{board.title[:1].upper()}{board.title[1:]}, tiled", STOCK_WORDS[board.stock],
                            "single-sided", f"on {paper_title}: trim each tile on its outline and tape them "
                                            "edge to edge, crosses on crosses")
    if name == "rulebook.pdf":
        return Printing("Rulebook", STOCK_WORDS["paper"], "double-sided, flip on the long edge (or single-sided)")
    if name == "rulebook-booklet.pdf":
        return Printing("Rulebook booklet", STOCK_WORDS["paper"], "double-sided, flip on the short edge",
                        "fold the stack in half and staple it on the fold")
    if "fillable" in name:
        return Printing(_words(name), STOCK_WORDS["paper"], "single-sided", "fill it in on screen, or print it")
    return Printing(_words(name), STOCK_WORDS["paper"], "single-sided")
