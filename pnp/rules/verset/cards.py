"""Cards of the 52-card deck: written `A`, `10`, `Qh`, `10s` (suit letters h d c s)."""

from dataclasses import dataclass

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = {"h": "hearts", "d": "diamonds", "c": "clubs", "s": "spades"}
FACE_VALUE = 10
ACE_LOW, ACE_HIGH = 1, 11
TEN_VALUE_RANKS = ("10", "J", "Q", "K")


class CardError(ValueError):
    """A card written in a way the rules do not know."""


@dataclass(frozen=True, order=True)
class Card:
    rank: str
    suit: str | None = None

    def __str__(self) -> str:
        return self.rank + (self.suit or "")


def parse_card(text: str | int) -> Card:
    text = str(text).strip()
    for rank in sorted(RANKS, key=len, reverse=True):
        if text.upper().startswith(rank):
            rest = text[len(rank):].lower()
            if rest == "":
                return Card(rank)
            if rest in SUITS:
                return Card(rank, rest)
    raise CardError(f"'{text}' is not a card: write a rank ({' '.join(RANKS)}) "
                    f"optionally followed by a suit letter ({' '.join(SUITS)}), such as Qh or 10s")


def parse_cards(texts) -> tuple[Card, ...]:
    return tuple(parse_card(text) for text in texts)


def full_deck() -> tuple[Card, ...]:
    """The 52 cards, each rank in each suit."""
    return tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)


def base_value(card: Card) -> int:
    """A card's value with an ace counted low."""
    if card.rank == "A":
        return ACE_LOW
    if card.rank in ("J", "Q", "K"):
        return FACE_VALUE
    return int(card.rank)
