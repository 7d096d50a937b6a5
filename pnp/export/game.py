"""`pnp export GAME --for SERVICE`: a game's cards in the form a print shop or virtual tabletop
takes. Every deck of cards (rectangular, with a back) is exported; other pieces (round tokens,
one-sided pieces, boards) are listed as left out, to print from the PDFs."""

import csv
import io
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace

import pypdfium2 as pdfium

from pnp.data.decks import LoadedDeck, load_game
from pnp.errors import UsageError, plural
from pnp.export.images import png_bytes, rasterise
from pnp.export.names import card_name
from pnp.export.pages import as_bytes, service_pages
from pnp.export.press import PressFile, convert_files, pages_in_order, piece_words, press_settings, readme_lines
from pnp.export.services import DPI, PRODUCT_SIZES_IN, SERVICES, Service, product_size
from pnp.data.game import Game
from pnp.press.convert import PressSettings
from pnp.project import Project
from pnp.render.templates.views import printed_card


@dataclass
class Export:
    """What an export writes: (name, bytes) files, the manifest rows, the decks left out."""

    files: list = field(default_factory=list)
    rows: list = field(default_factory=list)
    left_out: list = field(default_factory=list)
    press: PressSettings | None = None          # the colour of PDF/X files, when the export has them


@dataclass(frozen=True)
class DeckSides:
    """A deck's rendered sides: faces in order, and the back pages (one, or one per card)."""

    loaded: LoadedDeck
    pdf: bytes

    @property
    def faces(self) -> int:
        return len(self.loaded.cards)

    def back_index(self, card: int) -> int:
        return self.faces + (card if self.loaded.deck.per_card_back else 0)


def exportable(loaded: LoadedDeck) -> str | None:
    """Why a deck is left out of exports, or None when it is a deck of cards."""
    deck = loaded.deck
    if deck.shape != "rect":
        return (f"{deck.title}: {deck.shape} pieces are not cards; print them from the build's {deck.key}.pdf "
                f"(pnp build), or export them for a press (--for press)")
    if not deck.backs:
        return (f"{deck.title}: one-sided pieces are not cards; print them from the build's {deck.key}.pdf "
                f"(pnp build), or export them for a press (--for press)")
    return None


def render_sides(project: Project, game: Game, decks: list[LoadedDeck],
                 pool: ProcessPoolExecutor | None = None, every: bool = False) -> tuple[list[DeckSides], list[str]]:
    """Each deck of cards (`every` deck, with `every`) rendered (faces, then backs), on `pool` when
    given (the largest deck first, as a build orders them), else in this process; the other decks'
    reasons to be left out."""
    exported = [loaded for loaded in decks if every or not exportable(loaded)]
    left_out = [] if every else [reason for reason in map(exportable, decks) if reason]
    if pool is None:
        pdfs = _render_here(project, game, exported, decks)
    else:
        pdfs = _render_on(pool, project, game, exported, decks)
    return [DeckSides(loaded, pdf) for loaded, pdf in zip(exported, pdfs)], left_out


def _render_here(project: Project, game: Game, exported: list[LoadedDeck], decks: list[LoadedDeck]) -> list[bytes]:
    from pnp.build import render_cards

    context = game.deck_context(decks) if any(d.deck.uses_rules for d in exported) else None
    return [render_cards(project, game, loaded, context if loaded.deck.uses_rules else None) for loaded in exported]


def _render_on(pool: ProcessPoolExecutor, project: Project, game: Game, exported: list[LoadedDeck],
               decks: list[LoadedDeck]) -> list[bytes]:
    from pnp.editions import game_job
    from pnp.workers import counted, deck_cards

    job = replace(game_job(project, game.key, game.language, {}), print_shop=game.print_shop)
    every_deck = tuple(loaded.deck.key for loaded in decks)      # the engine's tables see them all
    largest_first = sorted(range(len(exported)), key=lambda i: -len(exported[i].cards))
    futures = {i: pool.submit(counted, deck_cards, job, exported[i].deck.key, every_deck) for i in largest_first}
    try:
        return [futures[i].result()[0] for i in range(len(exported))]
    finally:
        for future in futures.values():
            future.cancel()


def _size_words(deck) -> tuple[str, tuple[float, float]]:
    name, width, height = product_size(deck.width_mm, deck.height_mm)
    words = (f"{name} ({width:g} x {height:g} in)" if name != "custom"
             else f"custom {deck.width_mm:g} x {deck.height_mm:g} mm (check the service offers it)")
    return words, (width, height)


def export_print_shop(game: Game, sides: list[DeckSides], service: Service, export: Export,
                      settings: PressSettings | None = None) -> None:
    """mpc and tgc: a PNG per distinct face, its back, quantities in the manifest.
    dtc: a PDF/X file per deck, back then front for every card."""
    bleed_in = service.bleed_px / DPI
    press_files = []
    for number, deck_sides in enumerate(sides, start=1):
        deck = deck_sides.loaded.deck
        size_words, trim_in = _size_words(deck)
        pages = service_pages(deck_sides.pdf, trim_in, bleed_in)
        folder = f"{number:02d}-{deck.key}"
        cards = deck_sides.loaded.cards
        if not service.images:
            order = [index for card in range(len(cards)) for index in (deck_sides.back_index(card), card)]
            for index in order:
                pages.pages.append(pages.pages[index])
            del pages.pages[:len(pages.pages) - len(order)]
            name = f"{folder}.pdf"
            pieces = tuple(piece_words(deck.title, card, side) for card in cards for side in ("back", "front"))
            press_files.append(PressFile(name, f"{game.title}: {deck.title}", as_bytes(pages), pieces))
            export.rows += [(deck.title, card_name(card), 1, f"{name} page {2 * i + 2}",
                             f"{name} page {2 * i + 1}", size_words) for i, card in enumerate(cards)]
            continue
        size = tuple(round((side + 2 * bleed_in) * DPI) for side in trim_in)
        document = pdfium.PdfDocument(as_bytes(pages))
        images = {}
        def image(index):
            if index not in images:
                images[index] = png_bytes(rasterise(document, index, size))
            return images[index]
        distinct: dict = {}
        for index, card in enumerate(cards):
            key = (image(index), image(deck_sides.back_index(index)))
            distinct.setdefault(key, [card, 0])[1] += 1
        shared_back = not deck.per_card_back
        if shared_back:
            export.files.append((f"{folder}/back.png", image(deck_sides.back_index(0))))
        for order, ((front, back), (card, count)) in enumerate(distinct.items(), start=1):
            stem = f"{folder}/{order:03d}-{card_name(card)}"
            export.files.append((f"{stem}-front.png", front))
            if not shared_back:
                export.files.append((f"{stem}-back.png", back))
            export.rows.append((deck.title, card_name(card), count, f"{stem}-front.png",
                                f"{folder}/back.png" if shared_back else f"{stem}-back.png", size_words))
        document.close()
    if press_files:
        _convert(press_files, settings, export)


def _convert(press_files: list[PressFile], settings: PressSettings, export: Export) -> None:
    from pnp.preflight import PreflightFailed

    written, faults = convert_files(press_files, settings)
    if faults:
        raise PreflightFailed(faults)
    export.files += written
    export.press = settings


def export_press(project: Project, game: Game, sides: list[DeckSides], export: Export,
                 settings: PressSettings) -> None:
    """Every deck at its own size and bleed, front then back of each piece, and every board at
    full size, as PDF/X files."""
    from pnp.render.boards import render_board

    press_files = []
    for number, deck_sides in enumerate(sides, start=1):
        deck, cards = deck_sides.loaded.deck, deck_sides.loaded.cards
        sides_of = ("front", "back") if deck.backs else ("front",)
        order = [index for card in range(len(cards))
                 for index in ((card, deck_sides.back_index(card)) if deck.backs else (card,))]
        name = f"{number:02d}-{deck.key}.pdf"
        pieces = tuple(piece_words(deck.title, card, side) for card in cards for side in sides_of)
        press_files.append(PressFile(name, f"{game.title}: {deck.title}",
                                     pages_in_order(deck_sides.pdf, order), pieces))
        size = f"{deck.width_mm:g} x {deck.height_mm:g} mm, {deck.bleed_mm:g} mm bleed"
        step = len(sides_of)
        export.rows += [(deck.title, card_name(card), 1, f"{name} page {step * i + 1}",
                         f"{name} page {step * i + 2}" if deck.backs else "", size) for i, card in enumerate(cards)]
    for number, board in enumerate(game.boards, start=len(sides) + 1):
        name = f"{number:02d}-{board.key}.pdf"
        press_files.append(PressFile(name, f"{game.title}: {board.title}", render_board(project, game, board),
                                     (f"{board.title} board",)))
        export.rows.append((board.title, board.key, 1, f"{name} page 1", "",
                            f"{board.width_mm:g} x {board.height_mm:g} mm"))
    _convert(press_files, settings, export)


def export_game(project: Project, game: Game, service_key: str, base_url: str = "",
                pool: ProcessPoolExecutor | None = None, press: PressSettings | None = None) -> Export:
    """What an export writes; the decks render on `pool` when given (pnp.pool.start_pool);
    `press` is the colour of a dtc or press export (the service's defaults when not given)."""
    service = SERVICES.get(service_key)
    if service is None:
        raise UsageError(f"--for {service_key}: pnp exports for {', '.join(SERVICES)}")
    if service.press is not None and press is None:
        press = press_settings(service.press, None, None, None)
    game = game.printed_by_a_shop()
    decks = load_game(project, game)
    sides, left_out = render_sides(project, game, decks, pool, every=service.key == "press")
    sides = [replace(side, loaded=replace(side.loaded, cards=[printed_card(card, game) for card in side.loaded.cards]))
             for side in sides]                 # the manifest names the cards as they print
    if not sides and not (service.key == "press" and game.boards):
        raise UsageError(f"{game.title} has no deck of cards to export (only {', '.join(left_out)})")
    export = Export(left_out=left_out)
    if service.key == "tts":
        from pnp.export.tts import export_tts

        export_tts(game, sides, export, base_url)
    elif service.key == "press":
        export_press(project, game, sides, export, press)
    else:
        export_print_shop(game, sides, service, export, press)
    export.files.append(("manifest.csv", manifest(export)))
    export.files.append(("README.txt", readme(game, service, export)))
    return export


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")     # what a spreadsheet reads as the start of a formula


def spreadsheet_safe(value) -> str:
    """A cell a spreadsheet shows as text, never runs: one starting as a formula would (=, +, -,
    @, tab, carriage return) gets a leading apostrophe (OWASP's rule against CSV injection), so a
    card named `=HYPERLINK(...)` is shown as written."""
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_bytes(header: tuple, rows: list) -> bytes:
    """A CSV file pnp writes: every cell made spreadsheet-safe, lines ended as RFC 4180 says (so a
    cell holding a carriage return is quoted, and cannot start a row of its own)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    for row in (header, *rows):
        writer.writerow([spreadsheet_safe(cell) for cell in row])
    return out.getvalue().encode()


def manifest(export: Export) -> bytes:
    return csv_bytes(("deck", "card", "count", "front", "back", "size"), export.rows)


def readme(game: Game, service: Service, export: Export) -> bytes:
    decks = dict.fromkeys(row[0] for row in export.rows)
    piece, group = ("piece", "file") if service.key == "press" else ("card", "deck")
    lines = [f"{game.title} for {service.name}", "", service.upload, ""]
    if export.press is not None:
        lines += readme_lines(export.press)
    lines += [f"manifest.csv lists every {piece}: its deck, name, how many copies, its files, its size "
              f"({plural(sum(int(row[2]) for row in export.rows), piece)} in {plural(len(decks), group)}).", ""]
    if export.left_out:
        lines += ["Left out (not cards):"] + [f"  {reason}" for reason in export.left_out] + [""]
    if service.key != "press":
        lines.append("Sizes: " + "; ".join(f"{name} {w:g} x {h:g} in" for name, (w, h) in PRODUCT_SIZES_IN.items()))
    return ("\n".join(lines) + "\n").encode()
