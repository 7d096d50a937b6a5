"""Verso's cards as the engine plays them, read from the loaded decks."""

from pnp.data.plain import as_plain
from pnp.rules.verso.faces import card_from


def engine_cards(loaded: list) -> list:
    return [card_from(as_plain(card)) for d in loaded if d.deck.key == "cards" for card in d.cards]
