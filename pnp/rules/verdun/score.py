"""A team's score: captured Assets, its own Assets still hidden, less a Victory Point per skull
on its casualties. The skulls are ours to set (ruling D1): the stronger the troop, the dearer
its loss."""

from pnp.rules.verdun.cards import GENERAL_RANKS, Troop, troop

SKULL_BANDS = ((2, 6, 1), (7, 10, 2), (11, 13, 3))
SKULLS_SPECIAL = {"general": 3, "spy": 1, "chaplain": 1, "reconnaissance": 2}


def skulls(card: Troop) -> int:
    if card.kind in SKULLS_SPECIAL:
        return SKULLS_SPECIAL[card.kind]
    return next(count for low, high, count in SKULL_BANDS if low <= card.rank <= high)


def card_skulls(card: str) -> int:
    """The skulls of a card as dealt (`FG`, `G7`, `XR`): a General's do not depend on the rank it
    is played as."""
    dealt = str(card).split(":")[0]
    return skulls(troop(f"{dealt}:{GENERAL_RANKS[-1]}" if dealt[1:] == "G" else dealt))


def score(captured: list[int], assets_left: list[int], casualties: list[Troop]) -> int:
    return sum(captured) + sum(assets_left) - sum(skulls(card) for card in casualties)


def winner(totals: dict) -> str | None:
    """The team with the most points over the rounds played (the least negative); None on a tie."""
    best = max(totals.values())
    leaders = [team for team, points in totals.items() if points == best]
    return leaders[0] if len(leaders) == 1 else None
