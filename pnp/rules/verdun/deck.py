"""The troop deck and the deal: the standard and the short game, 2v2 and 1v1.

French and German suits of 30 each: two copies of 4-13, the General and the Spy, three copies of
2 and 3 (the source lists "two copies of the 4-13, and the G and S cards"; two of each General
and Spy make the 30); the friendly suit: two Chaplains and two Reconnaissance. The short game
removes every 2, 3, Chaplain and Reconnaissance.
"""

from random import Random

NATIONS = ("F", "G")
NUMBERS_TWICE = range(4, 14)
NUMBERS_THRICE = (2, 3)
COPIES_TWICE, COPIES_THRICE = 2, 3
SPECIALS_PER_NATION = ("G", "S")          # General and Spy, two of each
FRIENDLY = ("XC", "XR")                   # Chaplain and Reconnaissance, two of each
SHORT_GAME_REMOVED_RANKS = (2, 3)
TROOP_CARDS = 64
HAND = {("2v2", "short"): 12, ("2v2", "standard"): 16, ("1v1", "short"): 15, ("1v1", "standard"): 18}
PLAYERS = {"2v2": 4, "1v1": 2}
TRICK_CARDS = 4                           # four troop cards make a trick, in 1v1 too


def tricks(mode: str, game: str) -> int:
    """A round's tricks when no side loses its fifth Asset: the hands (2v2), or the whole deck
    played four cards a trick (1v1, the draw deck shared)."""
    deck = len(standard_deck() if game == "standard" else short_deck())
    return HAND[(mode, game)] if mode == "2v2" else deck // TRICK_CARDS


def standard_deck() -> list[str]:
    """Every troop card: a General is written without the rank it will be played as."""
    deck = []
    for nation in NATIONS:
        deck += [f"{nation}{rank}" for rank in NUMBERS_TWICE for _ in range(COPIES_TWICE)]
        deck += [f"{nation}{rank}" for rank in NUMBERS_THRICE for _ in range(COPIES_THRICE)]
        deck += [f"{nation}{special}" for special in SPECIALS_PER_NATION for _ in range(COPIES_TWICE)]
    deck += [card for card in FRIENDLY for _ in range(COPIES_TWICE)]
    assert len(deck) == TROOP_CARDS
    return deck


def short_deck() -> list[str]:
    removed = {f"{nation}{rank}" for nation in NATIONS for rank in SHORT_GAME_REMOVED_RANKS} | set(FRIENDLY)
    return [card for card in standard_deck() if card not in removed]


def deal(mode: str, game: str, rng: Random) -> tuple[list[list[str]], list[str]]:
    """Each player's hand and what is left (1v1: the shared draw deck; 2v2: unused cards)."""
    deck = standard_deck() if game == "standard" else short_deck()
    rng.shuffle(deck)
    size, players = HAND[(mode, game)], PLAYERS[mode]
    hands = [deck[i * size:(i + 1) * size] for i in range(players)]
    return hands, deck[players * size:]
