"""What a player may stake, and raise to, with the souls they hold (ruling R7).

The reserve may reach 0 only through the final stake: a player holding exactly one soul
stakes it. Otherwise a stake, raised or not, leaves at least one soul in the reserve. When
the table asks for more than that (a Verse's minimum, a fixed stake), the player stakes the
most allowed instead.
"""

from pnp.rules.verset.campaign import FINAL_STAKE_SOULS
from pnp.rules.verset.table import MAX_STAKE, TableRules

RESERVE_KEPT = 1                  # any other stake leaves at least this many souls


class RuleViolation(ValueError):
    """A setup or move the rules do not allow (a stake below a Verse's minimum, say)."""


def _souls(n: int) -> str:
    return f"{n} soul" if n == 1 else f"{n} souls"


def highest_stake(souls_held: int) -> int:
    """The most a player holding `souls_held` may put on the table, whatever the table asks."""
    if souls_held < FINAL_STAKE_SOULS:
        raise RuleViolation(f"a player holding {_souls(souls_held)} has nothing to stake: "
                            "the campaign ended when the souls ran out (ruling R6)")
    if souls_held == FINAL_STAKE_SOULS:
        return FINAL_STAKE_SOULS
    return min(MAX_STAKE, souls_held - RESERVE_KEPT)


def stake_range(rules: TableRules, souls_held: int | None = None) -> range:
    """Every stake allowed at this table; `souls_held` None: the reserve sets no limit."""
    low = rules.fixed_stake or rules.min_stake
    high = rules.fixed_stake or MAX_STAKE
    if souls_held is None:
        return range(low, high + 1)
    cap = highest_stake(souls_held)
    if cap < low:
        return range(cap, cap + 1)
    return range(low, min(high, cap) + 1)


def check_stake(stake: int, rules: TableRules, souls_held: int | None = None) -> None:
    allowed = stake_range(rules, souls_held)
    if stake in allowed:
        return
    if souls_held is not None and stake > highest_stake(souls_held):
        raise RuleViolation(
            f"a stake of {_souls(stake)} with {_souls(souls_held)} held: a stake may never be more "
            "than the souls held, and may leave none only when it is the last soul (ruling R7); "
            f"the stake allowed here is {_describe(allowed)}")
    if rules.fixed_stake is not None and souls_held is None:
        raise RuleViolation(f"the stake is fixed at {_souls(rules.fixed_stake)} here, not {stake}")
    if souls_held is not None and len(allowed) == 1 and allowed[0] < (rules.fixed_stake or rules.min_stake):
        raise RuleViolation(
            f"the table asks {_souls(rules.fixed_stake or rules.min_stake)}, more than a player holding "
            f"{_souls(souls_held)} may stake: they stake {_souls(allowed[0])}, the most allowed (ruling R7)")
    raise RuleViolation(f"a stake is {_describe(allowed)} here, not {stake}")


def may_raise(stake: int, rules: TableRules, souls_held: int | None = None) -> bool:
    """Whether the stake may go up one level after the deal (the blackjack aside)."""
    if not rules.can_adjust or stake >= MAX_STAKE:
        return False
    return souls_held is None or stake + 1 <= highest_stake(souls_held)


def _describe(allowed: range) -> str:
    if len(allowed) == 1:
        return _souls(allowed[0])
    return f"{allowed[0]} to {_souls(allowed[-1])}"
