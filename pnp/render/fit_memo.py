"""The font sizes text fitting settled on for each card, remembered between builds.

A deck whose one card needs a smaller name is laid out twice on every build: once at the
layout's sizes, once with that card shrunk. When a designer edits another card, the shrunk
card is unchanged, and the size it settled on is known: the memo hands it to the first
layout, so the deck is laid out once.

An entry belongs to one card page as the first pass renders it (the layout's own sizes),
its place in the deck, and the document around the pages (the deck's stylesheet and
settings), under the render cache's salt (every layout, font, icon and pnp source file):
the same card in the same deck and layouts shrinks the same way, so a build seeded from
the memo writes the very bytes a cold build does. Fitting only ever shrinks a box, and a
card's boxes are measured on its own page, so a size settled on once is where the cold
passes end. Entries are signed like the cached pages (pnp.render.cache); a size outside
the floor and base the layout asks is ignored.
"""

import hashlib
import json

from pnp.render.cache import RenderCache
from pnp.render.fitting import FitState

KEPT_PER_CARD = 4                  # entries kept per card page: a few editions' worth (language, ink saver)


class FitMemo:
    def __init__(self, cache: RenderCache, deck_key: str, shell: str, pages: list[str]):
        self.cache = cache
        self.key = cache.key(f"fit:{deck_key}", "")
        self.shell = hashlib.sha256(shell.encode()).hexdigest()
        self.cards = [hashlib.sha256(f"{self.shell}\n{index}\n{page}".encode()).hexdigest()
                      for index, page in enumerate(pages)]

    def _entries(self) -> dict:
        found = self.cache.get(self.key, ".json")
        if found is None:
            return {}
        try:
            entries = json.loads(found)
        except ValueError:
            return {}
        return entries if isinstance(entries, dict) else {}

    def seed(self, state: FitState) -> bool:
        """The sizes settled on before put into `state` (whose limits the first pass filled);
        True when any was."""
        entries = self._entries()
        seeded = False
        for index, card in enumerate(self.cards):
            sizes = entries.get(card)
            if not isinstance(sizes, dict):
                continue
            for name, size in sizes.items():
                base, floor = state.limits.get((index, name), (None, None))
                if base is not None and isinstance(size, (int, float)) and floor <= size < base:
                    state.sizes[(index, name)] = float(size)
                    seeded = True
        return seeded

    def remember(self, state: FitState) -> None:
        """The sizes this deck's cards settled on where fitting shrank them, beside the
        entries of other editions, newest first."""
        settled: dict = {}
        for (index, name), size in sorted(state.sizes.items()):
            settled.setdefault(self.cards[index], {})[name] = size
        old = self._entries()
        if all(old.get(card) == sizes for card, sizes in settled.items()):
            return
        kept = {**settled, **{card: sizes for card, sizes in old.items() if card not in settled}}
        limit = KEPT_PER_CARD * max(len(self.cards), 1)
        self.cache.put(self.key, json.dumps(dict(list(kept.items())[:limit]), sort_keys=False).encode(), ".json")
