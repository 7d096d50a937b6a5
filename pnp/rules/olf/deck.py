"""The challenge deck, built phase by phase: End under Lair under Approach, Slay Them! last.

Each phase is shuffled on its own (its challenge cards, its Nemesis Challenge card, its Moment)
and laid on top of the one before, so the deck is drawn Approach, then Lair, then End, then
Slay Them!.
"""

from dataclasses import dataclass
from random import Random

from pnp.rules.olf.components import DECK_SIZE, PHASES, SLAY_THEM


@dataclass(frozen=True)
class DeckCard:
    phase: str
    kind: str            # challenge, nemesis, moment, slay
    id: str


def build_deck(challenges: dict[str, list[str]], moments: list[str], rng: Random) -> list[DeckCard]:
    """The 29 cards, top first. `challenges` lists each phase's challenge card ids."""
    moment_pile = list(moments)
    rng.shuffle(moment_pile)
    layers = []
    for phase, count, nemesis, moment_count in reversed(PHASES):   # End first: it goes at the bottom
        pile = list(challenges[phase])
        rng.shuffle(pile)
        cards = [DeckCard(phase, "challenge", card) for card in pile[:count]]
        cards += [DeckCard(phase, "nemesis", f"nemesis-{phase}") for _ in range(nemesis)]
        cards += [DeckCard(phase, "moment", moment_pile.pop()) for _ in range(moment_count)]
        rng.shuffle(cards)
        layers.append(cards)
    deck = [card for layer in reversed(layers) for card in layer]
    deck += [DeckCard("slay", "slay", "slay-them") for _ in range(SLAY_THEM)]
    assert len(deck) == DECK_SIZE
    return deck


def phase_sizes() -> list[int]:
    """Cards per phase, top first, Slay Them! last."""
    return [count + nemesis + moments for _, count, nemesis, moments in PHASES] + [SLAY_THEM]
