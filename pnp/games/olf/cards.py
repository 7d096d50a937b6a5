"""One Last Fight's cards as plain data, as the simulator and the tuner read them."""

from pnp.data.plain import as_plain
from pnp.games.olf.aid import PHASES as PHASE_DECKS


def game_data(loaded: list) -> dict:
    """The cards as plain data, for the simulator."""
    cards = {d.deck.key: [as_plain(card) for card in d.cards] for d in loaded}
    return {"characters": cards["characters"], "equipment": cards["equipment"], "loot": cards["loot"],
            "moments": cards["moments"], "nemeses": cards["nemeses"],
            "decks": {key: cards[key] for key in (*PHASE_DECKS, "slay-them")}}
