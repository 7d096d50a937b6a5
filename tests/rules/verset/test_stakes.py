"""What may be staked with the souls held (ruling R7), against the rule written out longhand."""

import pytest

from pnp.rules.verset.stakes import RuleViolation, check_stake, may_raise, stake_range
from pnp.rules.verset.table import table_rules

TABLES = {
    "plain": table_rules(),
    "minimum 2": table_rules([{"op": "min_stake", "amount": 2}]),
    "fixed 3": table_rules([{"op": "stake_fixed", "amount": 3}]),
}


def placeable(stake: int, souls: int) -> bool:
    """Souls held can be staked, and the reserve may reach 0 only from a single soul."""
    return stake <= souls and (souls - stake >= 1 or souls == 1)


def legal(stake: int, souls: int, table: str) -> bool:
    asked = {"plain": range(1, 4), "minimum 2": range(2, 4), "fixed 3": range(3, 4)}[table]
    if any(placeable(s, souls) for s in asked):
        return stake in asked and placeable(stake, souls)
    most = max(s for s in range(1, 4) if placeable(s, souls))
    return stake == most


@pytest.mark.parametrize("table", TABLES)
def test_every_stake_for_every_reserve_matches_the_rule(table):
    for souls in range(1, 9):
        for stake in range(1, 4):
            wanted = legal(stake, souls, table)
            assert (stake in stake_range(TABLES[table], souls)) is wanted, (souls, stake)
            if wanted:
                check_stake(stake, TABLES[table], souls)
            else:
                with pytest.raises(RuleViolation, match="R7|here"):
                    check_stake(stake, TABLES[table], souls)


def test_a_raise_never_leaves_the_reserve_empty():
    for souls in range(1, 9):
        for stake in range(1, 4):
            assert may_raise(stake, TABLES["plain"], souls) is (stake < 3 and placeable(stake + 1, souls))
    assert not may_raise(1, TABLES["fixed 3"], 10)


def test_no_souls_no_stake():
    with pytest.raises(RuleViolation, match="R6"):
        stake_range(TABLES["plain"], 0)
