"""What the studio does, apart from HTTP: the games' decks as grids, edits written back, a card's
preview, and the changes seen on disk. One lock runs the work one request at a time (the build's
limits and stages are the process's own); waiting for a change holds no lock."""

import sys
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

from pnp.data.decks import icon_names, load_game
from pnp.errors import PnpError, UsageError
from pnp.games import game_keys, get_game
from pnp.project import Project
from pnp.studio.edits import Edit, StaleEdit, apply_edit
from pnp.studio.grid import deck_grid, error_words
from pnp.studio.preview import Preview, card_preview

KEPT_IMAGES = 64                 # previews kept for the page to fetch (a few decks' worth of clicks)
CHANGES_WAIT_SECONDS = 20        # a long poll's wait before it answers "nothing yet"


@dataclass
class Changes:
    version: int = 0
    paths: list = field(default_factory=list)


class Studio:
    def __init__(self, project: Project, keys: list[str], language: str | None = None, paper: str = "a4",
                 follow: bool = True):
        from pnp.studio.follow import Follow

        self.project = project
        self.follow_ups = Follow(project, language, paper) if follow else None
        self.keys = keys
        self.language = language
        self.work = threading.RLock()
        self.changed = threading.Condition()
        self.changes = Changes()
        self.images: OrderedDict = OrderedDict()
        self.images_lock = threading.Lock()
        self._games: dict = {}
        self._declared = 0               # bumped by a save that may change a game's declaration
        self._written: dict = {}         # path -> digest of the bytes the studio itself wrote there
        self._coverage = None            # the translation's coverage in the studio's language, read once a save
        self._inputs_read = False        # the render inputs (layouts, fonts) read since they last changed

    # --- games and decks ---------------------------------------------------------------------

    def game(self, key: str):
        """The game as declared now (read again once its files change), in the studio's language."""
        if key not in self.keys:
            raise UsageError(f"no game {key!r} in this studio: {', '.join(self.keys)}")
        version = self._declared
        if key not in self._games or self._games[key][0] != version:
            game = get_game(self.project, key).with_all_modules()
            self._games[key] = (version, game)
        return self._games[key][1]

    def deck(self, game, key: str):
        for deck in game.declared_decks or game.decks:
            if deck.key == key:
                return deck
        raise UsageError(f"{game.title} has no deck {key!r}")

    def overview(self) -> dict:
        games = []
        with self.work:
            for key in self.keys:
                try:
                    game = self.game(key)
                except PnpError as error:
                    games.append({"key": key, "title": key, "decks": [], "problem": str(error)})
                    continue
                games.append({"key": key, "title": game.title, "language": self.language or game.language,
                              "decks": [{"key": deck.key, "title": deck.title, "file": deck.source}
                                        for deck in game.declared_decks or game.decks]})
        return {"games": games, "version": self.changes.version}

    def grid(self, game_key: str, deck_key: str) -> dict:
        with self.work:
            game = self.game(game_key)
            grid = deck_grid(self.project, game, self.deck(game, deck_key), icon_names(self.project))
            grid["changes"] = self.changes.version
            return grid

    def edit(self, game_key: str, edit: Edit) -> dict:
        """The edit written; the deck's grid as the file now holds it, or the refusal with it."""
        with self.work:
            game = self.game(game_key)
            try:
                apply_edit(self.project, game, edit, icon_names(self.project), self._written)
                self._coverage = None
                refusal = None
            except StaleEdit as error:
                refusal = {"message": str(error), "stale": True}
            except PnpError as error:
                refusal = {"message": _words(error), "stale": False}
            grid = self.grid(game_key, edit.deck)
            grid["refused"] = refusal
            return grid

    # --- previews ----------------------------------------------------------------------------

    def preview(self, game_key: str, deck_key: str, row: int) -> dict:
        with self.work:
            self._read_inputs()
            game = self.game(game_key)
            deck = self.deck(game, deck_key)
            shown = game.in_language(self.language) if self.language else game
            untranslated = self._untranslated(game, deck, row)
            if untranslated:             # what `pnp build --lang` refuses is not printed in the source's words
                return Preview(problems=untranslated).as_json(self._keep_image)
            preview = card_preview(self.project, shown, deck, row, self._context(shown, deck))
            return preview.as_json(self._keep_image)

    def _untranslated(self, game, deck, row: int) -> list[dict]:
        """The row's words with no translation in the studio's language (a build in it refuses
        them): each as a problem, at the catalogue's line or the card's."""
        from pnp.data.decks import read_source
        from pnp.i18n.coverage import game_coverage
        from pnp.studio.grid import deck_file, kind_of, rows_of

        if not self.language or self.language == game.language:
            return []
        if self._coverage is None:
            self._coverage = game_coverage(self.project, game.source_game or game, self.language)
        rows = rows_of(read_source(self.project, game, deck), kind_of(deck) != "yaml")
        if not 0 <= row < len(rows):
            return []
        first = _line_number(rows[row].place)
        last = _line_number(rows[row + 1].place) - 1 if row + 1 < len(rows) and kind_of(deck) == "yaml" else first
        shown = str(self.project.relative(deck_file(self.project, game, deck)))
        said = []
        for message, where, _ in self._coverage.missing + self._coverage.fuzzy:
            file, _, place = where.rpartition(":")
            if file == shown and first is not None and first <= (_line_number(place) or 0) <= last:
                said.append({"at": where, "message": f"its {self.language} words: {message!r} is not translated in "
                             f"{self._coverage.catalogue}", "fix": f"Run `pnp translate {game.key} --lang "
                             f"{self.language}` and translate it there", "field": "", "text": where})
        return said

    def follow(self, kind: str, game_key: str, deck_key: str, row: int) -> dict:
        """The deck's sheet (`kind` "sheet") or the rulebook's pages and examples ("rulebook")
        for the row's card, rendered behind its preview; {"superseded": true} when a later
        request replaced this one before it rendered, {"pending": true} while it renders still."""
        from pnp.studio.follow import TASKS, Asked

        if kind not in TASKS or self.follow_ups is None:
            raise UsageError(f"nothing follows a card as {kind!r}")
        with self.work:
            self.deck(self.game(game_key), deck_key)
        answer = self.follow_ups.ask(Asked(kind, game_key, deck_key, row, self.changes.version))
        if isinstance(answer, str):                 # superseded, or pending: the page asks again
            return {answer: True}
        shown = {key: value for key, value in answer.items() if key not in ("png", "pages")}
        if answer.get("png"):
            shown["url"] = self._keep_image(answer["png"])
        shown["pages"] = [{"number": page["number"], "url": self._keep_image(page["png"]),
                           "examples": page.get("examples", [])} for page in answer.get("pages", [])]
        return shown

    def warm(self) -> None:
        """The first deck's first card rendered once, so that the designer's first edit finds
        WeasyPrint loaded and its fonts read."""
        try:
            game = self.game(self.keys[0])
            decks = game.declared_decks or game.decks
            if decks:
                self.preview(self.keys[0], decks[0].key, 0)
        except PnpError:
            pass                          # the page says what is wrong when it asks
        except Exception as error:        # a fault of pnp's own: one line, and the studio goes on
            print(f"pnp studio: the first preview failed ({type(error).__name__}: {error})", file=sys.stderr)

    def stop(self) -> None:
        if self.follow_ups is not None:
            self.follow_ups.stop()

    def _read_inputs(self) -> None:
        """The page cache's salt (every layout, icon and font digested: 75 ms for the shipped
        games) read once, and again only after a save under layouts/ or fonts/, not per preview."""
        from pnp.inputs import render_inputs
        from pnp.render.cache import use_salt

        if not self._inputs_read:
            use_salt(self.project.root, render_inputs(self.project))
            self._inputs_read = True

    def _context(self, game, deck):
        """What a deck that prints the engine's numbers reads (None when the game's data does
        not load: the preview then says what its layout misses)."""
        if not deck.uses_rules:
            return None
        try:
            return game.deck_context(load_game(self.project, game))
        except PnpError:
            return None

    def _keep_image(self, png: bytes) -> str:
        import hashlib

        name = hashlib.sha256(png).hexdigest()[:24]
        with self.images_lock:
            self.images[name] = png
            self.images.move_to_end(name)
            while len(self.images) > KEPT_IMAGES:
                self.images.popitem(last=False)
        return f"/api/image/{name}.png"

    def image(self, name: str) -> bytes | None:
        with self.images_lock:
            return self.images.get(name)

    def icon(self, name: str) -> bytes | None:
        """An icon of layouts/icons/, as the grid shows it (an <img>: no script of it runs)."""
        from pnp.data.decks import icon_problem
        from pnp.files import read_bytes

        if name not in icon_names(self.project) or icon_problem(self.project, name):
            return None
        path = self.project.layouts / "icons" / f"{name}.svg"
        return read_bytes(path, f"layouts/icons/{name}.svg", self.project.root)

    def inline_icons(self, game_key: str) -> dict:
        with self.work:
            return dict(self.game(game_key).inline_icons)

    # --- changes on disk ---------------------------------------------------------------------

    def saw(self, paths: list[Path]) -> None:
        """Saves seen on disk: news for the page, but for the studio's own (the file as it wrote it)."""
        paths = [Path(path) for path in paths if not self._own_save(path)]
        if not paths:
            return
        self._coverage = None
        inputs = (self.project.layouts, self.project.fonts)
        if any(Path(path).is_relative_to(folder) for path in paths for folder in inputs):
            self._inputs_read = False
        decks = {self.project.card_data / key / deck.source for key, (_, game) in self._games.items()
                 for deck in game.declared_decks or game.decks}
        if not all(Path(path) in decks for path in paths):        # a deck's own data leaves its game as declared
            self._declared += 1
        with self.changed:
            self.changes = Changes(self.changes.version + 1,
                                   sorted(str(self.project.relative(path)) for path in paths))
            self.changed.notify_all()

    def _own_save(self, path) -> bool:
        """Whether the file at `path` holds what the studio itself last wrote there."""
        import hashlib
        import os

        real = os.path.realpath(path)
        wrote = self._written.get(real)
        if wrote is None:
            return False
        try:
            with open(real, "rb") as data:    # what was saved at the path: compared, never used
                same = hashlib.sha256(data.read()).hexdigest() == wrote
        except OSError:
            same = False
        if not same:
            self._written.pop(real, None)
        return same

    def wait_for_change(self, since: int, seconds: float = CHANGES_WAIT_SECONDS) -> dict:
        deadline = time.monotonic() + seconds
        with self.changed:
            while self.changes.version <= since:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self.changed.wait(left)
            return {"version": self.changes.version, "paths": self.changes.paths}


def _line_number(place) -> int | None:
    """A line, or a cell's row (`cards!B3`: 3)."""
    order = getattr(place, "order", None)
    if order:
        return order[0]
    text = str(place)
    digits = text.rsplit("!", 1)[-1].lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ") if "!" in text else text
    return int(digits) if digits.isdigit() else None


def _words(error: PnpError) -> str:
    return "; ".join(words["text"] for words in error_words(error)[:3])


def studio_games(project: Project, key: str | None) -> list[str]:
    keys = game_keys(project)
    if key is None:
        if not keys:
            raise UsageError(f"{project.root} holds no game yet: `pnp new GAME` makes one")
        return keys
    get_game(project, key)
    return [key]
