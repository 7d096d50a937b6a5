"""What an export calls a card: a file-safe name, and the name a player reads."""

import re


def card_name(card) -> str:
    label = str(getattr(card, "id", None) or getattr(card, "name", None) or "card")
    return re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-") or "card"


def card_title(card) -> str:
    """What a player calls the card: its name or title, else its id."""
    for key in ("name", "title"):
        value = getattr(card, key, None)
        if isinstance(value, str) and value:
            return value
    return str(getattr(card, "id", None) or "card")
