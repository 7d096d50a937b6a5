"""Reprints: some cards of a game (errata, lost cards, what changed since a release), each
imposed on full sheets with its back, exactly as the full build prints it.

The cards are asked for by id (`--cards ID,DECK:ID,DECK:N`) or found by comparing the game as
it is with the game at a git revision (`--changed-since REV`): a card has changed when its
printed face or back differs, compared as rasterised pages, so a changed layout, icon, font or
engine number counts as well as a changed field.
"""

import difflib
import io
from dataclasses import dataclass, replace
from pathlib import Path

from pnp.scratch import scratch_folder
from pnp.data.decks import LoadedDeck
from pnp.errors import PnpError, UsageError
from pnp.gitrevision import tree_at
from pnp.project import Project

COMPARE_DPI = 50             # enough to see any change a player would; fast to rasterise
REPRINT_FOLDER = "{paper}-reprint"


@dataclass(frozen=True)
class Selection:
    """The cards to print, by deck key: indexes into the loaded deck, in deck order."""

    cards: dict
    notes: tuple = ()

    @property
    def count(self) -> int:
        return sum(len(indexes) for indexes in self.cards.values())


def card_id(card) -> str | None:
    value = getattr(card, "id", None)
    return str(value) if value is not None else None


def select_cards(loaded: list[LoadedDeck], asked: list[str]) -> Selection:
    """`ID` (a card id, in whichever deck has it), `DECK:ID`, or `DECK:N` (the Nth card)."""
    decks = {d.deck.key: d for d in loaded}
    where: dict = {}
    for d in loaded:
        for index, card in enumerate(d.cards):
            if card_id(card) is not None:
                where.setdefault(card_id(card), []).append((d.deck.key, index))
    chosen: dict = {}
    for text in asked:
        deck_key, _, ident = text.rpartition(":")
        if deck_key:
            if deck_key not in decks:
                raise UsageError(f"--cards {text}: no deck {deck_key!r}; the decks are " + ", ".join(decks))
            found = _in_deck(decks[deck_key], ident, text)
        else:
            found = where.get(ident, [])
            if len(found) > 1 and len({deck for deck, _ in found}) > 1:
                raise UsageError(f"--cards {text}: decks " + ", ".join(sorted({d for d, _ in found}))
                                 + f" each have it; say which, as DECK:{ident}")
            if not found:
                close = difflib.get_close_matches(ident, list(where), n=3)
                raise UsageError(f"--cards {text}: no card has this id" +
                                 (f"; did you mean {', '.join(close)}?" if close else
                                  "; `pnp list` names the decks, and DECK:N picks the Nth card of one"))
        for deck_key, index in found:
            chosen.setdefault(deck_key, set()).add(index)
    return Selection({key: sorted(chosen[key]) for key in decks if key in chosen})


def _in_deck(loaded: LoadedDeck, ident: str, text: str) -> list:
    matches = [(loaded.deck.key, i) for i, card in enumerate(loaded.cards) if card_id(card) == ident]
    if matches:
        return matches
    if ident.isdigit() and 1 <= int(ident) <= len(loaded.cards):
        return [(loaded.deck.key, int(ident) - 1)]
    raise UsageError(f"--cards {text}: {loaded.deck.title} has no card {ident!r} (ids, or numbers from 1 to "
                     f"{len(loaded.cards)})")


def reprint_deck(loaded: LoadedDeck, indexes: list[int], language: str = "en", catalogue=None) -> LoadedDeck:
    """The deck with only the chosen cards, titled as a reprint on its sheets' labels."""
    from pnp.render.words import sheet_words

    title = sheet_words(language, catalogue)["reprint"].format(title=loaded.deck.title, count=len(indexes))
    return LoadedDeck(replace(loaded.deck, title=title), [loaded.cards[i] for i in indexes], loaded.located)


def chosen_pages(cards_pdf: bytes, loaded: LoadedDeck, indexes: list[int]) -> bytes:
    """The deck's card pages (faces, then the back or each card's back) for the chosen cards."""
    import pikepdf

    from pnp.render.pdfio import save_deterministic

    count, deck = len(loaded.cards), loaded.deck
    with pikepdf.open(io.BytesIO(cards_pdf)) as source:
        pages = list(source.pages)
        wanted = [pages[i] for i in indexes]
        if deck.per_card_back:
            wanted += [pages[count + i] for i in indexes]
        elif deck.backs:
            wanted.append(pages[-1])
        chosen = pikepdf.new()
        chosen.pages.extend(wanted)
        return save_deterministic(chosen)


def _pictures(cards_pdf: bytes, loaded: LoadedDeck) -> list[tuple]:
    """Each card as printed, face and back, as pixels: what a player would see differ."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(cards_pdf)
    try:
        def picture(index: int) -> bytes:
            return document[index].render(scale=COMPARE_DPI / 72).to_pil().tobytes()

        count, deck = len(loaded.cards), loaded.deck
        shared_back = picture(len(document) - 1) if deck.backs and not deck.per_card_back else b""
        return [(picture(i), picture(count + i) if deck.per_card_back else shared_back) for i in range(count)]
    finally:
        document.close()


def changed_cards(project: Project, game, loaded: list[LoadedDeck], revision: str, render) -> Selection:
    """The cards whose print differs from the game's at the revision (new cards included).
    `render(project, game, loaded_deck)` gives a deck's card pages."""
    from pnp.data.decks import load_game
    from pnp.games import get_game

    with scratch_folder("pnp-changed-since-") as root:
        if not tree_at(project, revision, game.key, root):
            return Selection({d.deck.key: list(range(len(d.cards))) for d in loaded},
                             (f"{game.title} did not exist at {revision}: every card is new",))
        try:
            old_project = Project.at(root)
            old_game = (get_game(old_project, game.key).in_language(game.language).with_all_modules()
                        .printed_light(game.ink_saver))
            old_loaded = {d.deck.key: d for d in load_game(old_project, old_game)}
        except PnpError as error:
            raise UsageError(f"--changed-since {revision}: the card data as it was then cannot be read by this "
                             f"pnp ({str(error).splitlines()[0]}); reprint with --cards instead") from None
        chosen, notes = {}, []
        for deck in loaded:
            before = old_loaded.get(deck.deck.key)
            if before is None:
                chosen[deck.deck.key] = list(range(len(deck.cards)))
                notes.append(f"{deck.deck.title} is new since {revision}")
                continue
            now = _pictures(render(project, game, deck), deck)
            then = _pictures(render(old_project, old_game, before), before)
            ids_then = {card_id(card): n for n, card in enumerate(before.cards)}
            changed = []
            for index, card in enumerate(deck.cards):
                ident = card_id(card)
                old_index = ids_then.get(ident) if ident is not None else (index if index < len(then) else None)
                if old_index is None or then[old_index] != now[index]:
                    changed.append(index)
            if changed:
                chosen[deck.deck.key] = changed
        return Selection(chosen, tuple(notes))


def reprint_folder(project: Project, game, paper: str, duplex: str, language: str | None = None) -> Path:
    """output/GAME/PAPER-reprint[-ink-saver][-MODE][-LANGUAGE]: beside the full build, never in its folder."""
    from pnp.output import output_folder

    return output_folder(project, game, REPRINT_FOLDER.format(paper=paper), duplex, language, game.ink_saver)


def build_reprint(project: Project, game_key: str, papers: tuple, options, modules: tuple = (),
                  language: str | None = None, asked: list[str] | None = None, revision: str | None = None,
                  out_dir: Path | None = None) -> tuple[object, Selection, list, list]:
    """Check the game, choose its cards, impose them on each paper and write each paper's
    reprint folder (all or nothing; emptied when no card was chosen). Returns the game, the
    selection, for each paper its folder and the files written, and what --force let through."""
    from pnp.build import build_deck, check_before_build, render_cards
    from pnp.data.decks import load_game
    from pnp.games import get_game
    from pnp.output import write_outputs
    from pnp.preflight import require_preflight

    light = options.ink_saver
    everything = get_game(project, game_key).in_language(language).with_all_modules().printed_light(light)
    printed = get_game(project, game_key).in_language(language).with_modules(modules).printed_light(light)
    loaded = load_game(project, everything)
    _, skipped = check_before_build(project, everything, options.force, loaded)
    shown = [d for d in loaded if d.deck.key in {deck.key for deck in printed.decks}]
    decks_of = {project.root: loaded}
    contexts: dict = {}
    pages: dict = {}

    def render(on_project, on_game, deck):
        """A deck's card pages, rendered once whether compared or printed (its game's loaded
        decks are the ones it came with: the project's, or the revision's)."""
        key = (on_project.root, deck.deck.key)
        if key not in pages:
            context = None
            if deck.deck.uses_rules:
                if on_project.root not in contexts:
                    all_decks = decks_of.get(on_project.root) or load_game(on_project, on_game)
                    contexts[on_project.root] = on_game.deck_context(all_decks)
                context = contexts[on_project.root]
            pages[key] = render_cards(on_project, on_game, deck, context)
        return pages[key]

    selection = (changed_cards(project, everything, shown, revision, render) if revision
                 else select_cards(shown, asked or []))
    made: dict = {paper: [] for paper in papers}
    for deck in shown:
        indexes = selection.cards.get(deck.deck.key)
        if not indexes:
            continue
        chosen = chosen_pages(render(project, everything, deck), deck, indexes)
        subset = reprint_deck(deck, indexes, printed.language, printed.words)
        for paper in papers:
            pdf, sheets = build_deck(project, printed, subset, paper, options.duplex, None,
                                     options.back_offset_mm, cards_pdf=chosen)
            made[paper].append((f"{deck.deck.key}.pdf", pdf, sheets, len(indexes)))
    written = []
    for paper in papers:
        require_preflight([(name, pdf) for name, pdf, _, _ in made[paper]])
    for paper in papers:
        folder = out_dir or reprint_folder(project, printed, paper, options.duplex, language)
        written.append((paper, folder, write_outputs(folder, made[paper], owned=out_dir is None)))
    return printed, selection, written, skipped
