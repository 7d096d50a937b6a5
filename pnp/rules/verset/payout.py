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
HOWS_BY_OUTCOME = {             # what rounds.decide can say: a bust always loses, a blackjack always wins
    "win": ("blackjack", "eagle_eye", "opponent_bust", "higher", "equal"),
    "lose": ("bust", "opponent_blackjack", "opponent_eagle_eye", "higher", "equal"),
    "tie": ("equal",),
}
TIED = {"player": "win", "opponent": "lose", None: "tie"}     # what a tie is, by the side a Verse gives it to
NOUNS = {"win": "win", "lose": "loss", "tie": "tie"}


def outcome_error(outcome: str, how: str, rules: TableRules = PLAIN_TABLE) -> str | None:
    """Why no round ends `outcome` by `how` at this table, or None when one can."""
    if how not in HOWS_BY_OUTCOME[outcome]:
        return (f"no round ends in a {NOUNS[outcome]} by {how}: a {NOUNS[outcome]} comes by "
                f"{', '.join(HOWS_BY_OUTCOME[outcome])}")
    if how == "equal" and outcome != TIED[rules.ties_to]:
        return (f"equal totals are a {NOUNS[TIED[rules.ties_to]]} at this table"
                + (" (a Verse gives ties to one side)" if rules.ties_to else "; only a Verse gives them to a side"))
    return None


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
