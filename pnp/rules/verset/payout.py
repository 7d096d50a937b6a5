"""What a round's end does to the player's souls.

`returned` is what the player takes back from the table; `souls` is the net change of the
reserve (the stake left the reserve when it was placed). A loss returns nothing (unless an
effect makes it cost less than the stake) and may cost more than the stake, taken from the
reserve.
"""

from dataclasses import dataclass

from pnp.rules.verset.table import PLAIN_TABLE, TableRules

STAKE_BONUS = {1: 0, 2: 1, 3: 2}    # "a +1 bonus" at 2 souls, "+2" at 3
BLACKJACK_MULTIPLIER = 2            # "you DOUBLE your gains"
OPPONENT_EAGLE_EYE_EXTRA = 1        # "you lose your stake and one additional soul"
OPPONENT_BLACKJACK_MULTIPLIER = 2   # "you lose double your stake"
OUTCOMES = ("win", "lose", "tie")
HOWS = ("blackjack", "eagle_eye", "bust", "opponent_bust", "higher", "opponent_blackjack",
        "opponent_eagle_eye", "equal")


@dataclass(frozen=True)
class Payout:
    returned: int
    souls: int


def payout(stake: int, outcome: str, how: str, rules: TableRules = PLAIN_TABLE,
           loss_reduction: int = 0) -> Payout:
    if stake not in STAKE_BONUS:
        raise ValueError(f"a stake is 1, 2 or 3 souls, not {stake}")
    if outcome == "tie":
        return Payout(stake, 0)
    if outcome == "win":
        base = stake + STAKE_BONUS[stake]
        if how == "blackjack":
            returned = BLACKJACK_MULTIPLIER * base
        elif how == "eagle_eye":
            returned = base + rules.eagle_eye_bonus
        else:
            returned = base
        returned = max(0, returned + rules.win_bonus)
        return Payout(returned, returned - stake)
    if outcome == "lose":
        if how == "opponent_blackjack":
            cost = OPPONENT_BLACKJACK_MULTIPLIER * stake
        elif how == "opponent_eagle_eye":
            cost = stake + OPPONENT_EAGLE_EYE_EXTRA
        else:
            cost = stake
        cost = max(0, cost + rules.extra_loss - loss_reduction)
        return Payout(max(0, stake - cost), -cost)
    raise ValueError(f"an outcome is one of {', '.join(OUTCOMES)}, not {outcome!r}")
