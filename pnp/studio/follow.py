"""What follows a card's preview, a few seconds behind it: the deck's print sheet that holds the
card, and the rulebook page that draws it, with every worked example checked again by the
engine and its verdict listed by chapter.

They render in a process of their own (WeasyPrint loaded once), so a card's preview never waits
behind a rulebook; and only the latest thing asked is rendered: what was asked while a render
was under way and asked again since is dropped, so a burst of edits renders once, not once an
edit."""

import io
import threading
import time
from dataclasses import dataclass

from pnp.data.decks import load_deck, load_game
from pnp.errors import DataError, PnpError
from pnp.project import Project
from pnp.studio.grid import error_words, kind_of, rows_of

SHEET_DPI = 90               # an A4 sheet about 740 px wide: its cards, marks and label legible
RULEBOOK_DPI = 80
FOLLOW_WAIT_SECONDS = 25     # a request's wait for its render before it answers "still rendering"
KEPT_RESULTS = 16


def _game(root: str, game_key: str, language: str | None, deck_key: str | None = None):
    """The game as `pnp build` prints the deck (with the deck's own module, if it has one), or
    with every module, as its rulebook is (`deck_key` None)."""
    from pnp.games import get_game

    project = Project.at(root)
    game = get_game(project, game_key)
    module = game.deck(deck_key).module if deck_key else None
    game = game.with_modules([module] if module else []) if deck_key else game.with_all_modules()
    return project, (game.in_language(language) if language else game)


def _page_png(pdf: bytes, index: int, dpi: int) -> bytes:
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[index].render(scale=dpi / 72).to_pil()
    finally:
        document.close()
    out = io.BytesIO()
    image.convert("RGB").save(out, format="PNG", compress_level=1)
    return out.getvalue()


def sheet_task(root: str, game_key: str, language: str | None, deck_key: str, row: int, paper: str) -> dict:
    """The print sheet of the deck holding row `row`'s card, as `pnp build` imposes it (faces)."""
    from pnp.build import build_deck, deck_layout
    from pnp.render.page_checks import collecting

    start = time.perf_counter()
    try:
        project, game = _game(root, game_key, language, deck_key)
        deck = game.deck(deck_key)
        loaded = load_deck(project, game, deck)
        context = game.deck_context(load_game(project, game)) if deck.uses_rules else None
        with collecting():
            pdf, _ = build_deck(project, game, loaded, paper, "long", context)
        card = rows_of(loaded.located, kind_of(deck) != "yaml")[row].cards.start
        layout = deck_layout(game, deck, paper, deck.width_mm)
        sheet = card // layout.per_sheet
        page = sheet * 2 if deck.backs else sheet
        slot = layout.face_slots()[card % layout.per_sheet]
        place = [slot.x / layout.width, (layout.height - slot.y - slot.height) / layout.height,
                 slot.width / layout.width, slot.height / layout.height]
        return {"png": _page_png(pdf, page, SHEET_DPI), "sheet": sheet + 1,
                "slot": [round(100 * value, 3) for value in place],
                "sheets": -(-len(loaded.cards) // layout.per_sheet), "problems": [],
                "seconds": time.perf_counter() - start}
    except PnpError as error:
        return {"png": None, "problems": error_words(error), "seconds": time.perf_counter() - start}
    except (IndexError, StopIteration):
        return {"png": None, "problems": [], "seconds": time.perf_counter() - start}


def example_verdicts(project: Project, game, loaded: list) -> tuple[list[dict], dict]:
    """Every worked example of the game, run by the engine: by chapter, each agreeing or not."""
    from pnp.check import collect_examples
    from pnp.examples import run_examples

    examples, problems = collect_examples(project, game)
    if problems:
        raise DataError(problems)
    outcomes = run_examples(examples, game.kinds, game.rules_context(loaded)) if examples else []
    verdicts = [{"file": str(outcome.example.located.file), "line": outcome.example.line("id"),
                 "id": outcome.example.id, "title": outcome.example.title or "",
                 "agrees": not outcome.mismatches, "mismatches": [str(m) for m in outcome.mismatches]}
                for outcome in outcomes]
    return verdicts, {outcome.example.id: outcome.result for outcome in outcomes}


def pages_drawing(pdf: bytes, name: str, deck_title: str) -> list[int]:
    """The pages of a tagged rulebook whose figures draw the card (their words start with its
    name and its deck's title, as pnp.rulebook.render.card_description says them)."""
    import pikepdf

    wanted = f"{name} ({deck_title})"
    with pikepdf.open(io.BytesIO(pdf)) as document:
        numbers = {page.objgen: index for index, page in enumerate(document.pages)}
        found: list[int] = []
        tree = document.Root.get("/StructTreeRoot")
        stack = [tree.get("/K")] if tree is not None else []
        while stack:
            node = stack.pop()
            if isinstance(node, pikepdf.Array):
                stack.extend(reversed(list(node)))
            elif isinstance(node, pikepdf.Dictionary):
                if node.get("/S") == "/Figure" and str(node.get("/Alt", "")).startswith(wanted):
                    page = node.get("/Pg")
                    if page is not None and page.objgen in numbers and numbers[page.objgen] not in found:
                        found.append(numbers[page.objgen])
                if node.get("/K") is not None:
                    stack.append(node.get("/K"))
    return sorted(found)


def _words_of(text: str) -> str:
    return " ".join(text.replace("\u2019", "'").split())


def page_texts(pdf: bytes, indices: list[int]) -> dict[int, str]:
    """The text of each page of `indices`, its words one space apart: where a worked example's
    title is printed, its verdict is shown."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        texts = {}
        for index in indices:
            page = document[index]
            text_page = page.get_textpage()
            texts[index] = _words_of(text_page.get_text_range())
            text_page.close()
            page.close()
        return texts
    finally:
        document.close()


def rulebook_task(root: str, game_key: str, language: str | None, deck_key: str, row: int, paper: str) -> dict:
    """The rulebook's pages that draw row `row`'s card, and every example's verdict."""
    from pnp.rulebook.source import rulebook_dir
    from pnp.rulebook.typeset import render_rulebook
    from pnp.render.page_checks import collecting

    start = time.perf_counter()
    answer: dict = {"pages": [], "examples": [], "problems": [], "seconds": 0.0}
    try:
        project, game = _game(root, game_key, language)
        loaded = load_game(project, game)
        answer["examples"], results = example_verdicts(project, game, loaded)
        if rulebook_dir(project, game.key).is_dir():
            deck = next(deck for deck in loaded if deck.deck.key == deck_key)
            card = deck.cards[rows_of(deck.located, kind_of(deck.deck) != "yaml")[row].cards.start]
            with collecting():
                pdf = render_rulebook(project, game, loaded, results, paper)
            name = getattr(card, "name", None) or getattr(card, "id", "")
            drawing = pages_drawing(pdf, str(name), deck.deck.title)
            texts = page_texts(pdf, drawing)
            answer["pages"] = [{"number": index + 1, "png": _page_png(pdf, index, RULEBOOK_DPI),
                                "examples": [verdict for verdict in answer["examples"]
                                             if verdict["title"] and _words_of(verdict["title"]) in texts[index]]}
                               for index in drawing]
    except PnpError as error:
        answer["problems"] = error_words(error)
    except (IndexError, StopIteration):
        pass
    answer["seconds"] = time.perf_counter() - start
    return answer


TASKS = {"sheet": sheet_task, "rulebook": rulebook_task}
SUPERSEDED, PENDING = "superseded", "pending"


@dataclass(frozen=True)
class Asked:
    kind: str                # "sheet" or "rulebook"
    game: str
    deck: str
    row: int
    version: int             # the studio's count of changes seen when asked


class Follow:
    """The follow-up renders, one process, latest first (see the module's docstring)."""

    def __init__(self, project: Project, language: str | None, paper: str):
        from pnp.pool import start_pool

        self.project, self.language, self.paper = project, language, paper
        self.pool = start_pool(1)            # before the server's threads: a fork copies no lock held
        self.lock = threading.Condition()
        self.wanted: dict = {}               # kind -> the latest Asked not yet started
        self.results: dict = {}              # Asked -> its answer
        self.running: set = set()
        self.stopped = False
        self.thread = threading.Thread(target=self._work, daemon=True)
        self.thread.start()

    def ask(self, asked: Asked, seconds: float = FOLLOW_WAIT_SECONDS) -> dict | str:
        """The answer for `asked`, rendered when it is the latest of its kind; SUPERSEDED when a
        later one replaced it before it started, PENDING when it is still rendering after
        `seconds` (the page asks again)."""
        deadline = time.monotonic() + seconds
        with self.lock:
            if asked not in self.results and asked not in self.running and self.wanted.get(asked.kind) != asked:
                self.wanted[asked.kind] = asked
                self.lock.notify_all()
            while asked not in self.results:
                if asked not in self.running and self.wanted.get(asked.kind) != asked:
                    return SUPERSEDED
                left = deadline - time.monotonic()
                if left <= 0 or self.stopped:
                    return PENDING
                self.lock.wait(left)
            return self.results[asked]

    def _work(self) -> None:
        while True:
            with self.lock:
                while not self.wanted and not self.stopped:
                    self.lock.wait()
                if self.stopped:
                    return
                kind = "sheet" if "sheet" in self.wanted else next(iter(self.wanted))
                asked = self.wanted.pop(kind)
                self.running.add(asked)
            try:
                answer = self.pool.submit(TASKS[asked.kind], str(self.project.root), asked.game, self.language,
                                          asked.deck, asked.row, self.paper).result()
            except Exception as error:       # a fault of pnp's own, or a worker lost: said, not raised
                answer = {"problems": [{"at": "", "message": f"the render failed ({type(error).__name__}: {error})",
                                        "fix": "", "field": "", "text": str(error)}], "png": None, "pages": []}
            with self.lock:
                self.running.discard(asked)
                self.results[asked] = answer
                while len(self.results) > KEPT_RESULTS:
                    self.results.pop(next(iter(self.results)))
                self.lock.notify_all()

    def stop(self) -> None:
        from pnp.pool import end_pool

        with self.lock:
            self.stopped = True
            self.lock.notify_all()
        end_pool(self.pool, wait=False)
