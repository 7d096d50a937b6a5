"""The campaign around the duels: difficulty, gall, the hand limit, the score and endings."""

from dataclasses import dataclass

DUELS = 10
VERSES_DRAWN_PER_DUEL = 2
ROUNDS_TO_WIN_DUEL = 2
HAND_LIMIT = 4                    # Permanents in play do not count
ACTIVATABLE_REST = 1              # duels a used Activatable ability sits out after its own (R20)
GALL_FOR_ONE = 4                  # one ability at random
GALL_FOR_CHOICE = 6               # draw two, keep one
BAR_DRINK_COST = 3
ORGAN_COST = 1
FINAL_STAKE_SOULS = 1             # the one moment a player may go down to 0 souls


@dataclass(frozen=True)
class Difficulty:
    key: str
    name: str
    mode: str
    initial_abilities: int
    initial_souls: int
    duel_won_souls: int


DIFFICULTIES = {
    "tenderfoot": Difficulty("tenderfoot", "Tenderfoot", "Easy", 2, 15, 2),
    "pistolero": Difficulty("pistolero", "Pistolero", "Normal", 1, 13, 1),
    "legend": Difficulty("legend", "Legend of the West", "Hard", 0, 11, 0),
}

# (lowest total, ending): the highest threshold not above the total names the ending.
ENDINGS = ((31, "Redemption"), (21, "Forgotten Psalm"), (11, "New Verse"),
           (1, "Silent Song"), (None, "Eternal Wandering"))


def ending(total: int) -> str:
    for lowest, name in ENDINGS:
        if lowest is None or total >= lowest:
            return name
    raise AssertionError("unreachable")


def final_score(souls: int, gall: list[int]) -> dict:
    """Soul Transfer: unspent gall adds to the souls left, unless the souls ran out.

    A campaign that ran out of souls ended at once (ruling R6): its gall is never transferred.
    """
    total = souls + sum(gall) if souls > 0 else souls
    return {"total": total, "ending": ending(total)}


def spend_gall(gall: list[int], buy: str) -> dict:
    """Hand in defeated Verses for an ability; what exceeds the price is lost."""
    price = {"one": GALL_FOR_ONE, "choice": GALL_FOR_CHOICE}[buy]
    handed = sum(gall)
    if handed < price:
        return {"allowed": False, "spent": 0, "lost": 0, "price": price}
    return {"allowed": True, "spent": price, "lost": handed - price, "price": price}


def cheapest_payment(gall: list[int], price: int) -> list[int] | None:
    """The defeated Verses to hand in for `price` gall, losing as little as possible
    (then handing in as few Verses as possible). None when they are not enough."""
    best = None
    count = len(gall)
    for mask in range(1, 1 << count):
        chosen = [gall[i] for i in range(count) if mask >> i & 1]
        paid = sum(chosen)
        if paid >= price:
            key = (paid - price, len(chosen))
            if best is None or key < best[0]:
                best = (key, chosen)
    return None if best is None else sorted(best[1])


def glass_refund(stakes: list[int]) -> int:
    """What the Glass of Forgiveness gives back (ruling R27): "all the souls you had staked
    during that duel", the stake of each of its rounds; what the rounds paid or took beyond
    their stakes stays."""
    return sum(stakes)


def over_hand_limit(hand: list[str]) -> int:
    """How many abilities must be discarded (Permanents in play are not in `hand`)."""
    return max(0, len(hand) - HAND_LIMIT)
