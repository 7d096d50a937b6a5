"""Anchors for a rulebook's headings that outlive a rebuild and a reordering of its chapters:
made of the headings' own words, a section's under its chapter's, never of their numbers (a
link to "Busting" stays a link to it when a chapter is added before it)."""

import re
import unicodedata

ANCHOR_LEVELS = (1, 2, 3)            # chapters, sections, subsections


def slug(text: str) -> str:
    """Lower-case ASCII letters and digits, hyphens between words; an accent dropped, not its
    letter (`Le matériel` gives `le-materiel`)."""
    text = unicodedata.normalize("NFKD", text.replace("œ", "oe").replace("æ", "ae").replace("Œ", "Oe"))
    text = "".join(letter for letter in text if not unicodedata.combining(letter))
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"


def heading_anchors(headings: list[tuple[int, str]]) -> list[str]:
    """An anchor for each (level, title), in order: `busting` for a chapter, `busting--the-ace`
    for a section of it, one more `--` for a subsection; a second heading of the same words
    under the same parent takes `-2`, and so on, in the order they come."""
    anchors, path, taken = [], {}, {}
    for level, title in headings:
        parent = next((path[above] for above in range(level - 1, 0, -1) if above in path), None)
        base = f"{parent}--{slug(title)}" if parent else slug(title)
        taken[base] = taken.get(base, 0) + 1
        anchor = base if taken[base] == 1 else f"{base}-{taken[base]}"
        path = {kept: value for kept, value in path.items() if kept < level} | {level: anchor}
        anchors.append(anchor)
    return anchors
