"""Dice pools and challenges: how many dice a player rolls, and whether a roll succeeds.

A roll succeeds when each target number is met or beaten by a die of its own. Matching the
targets from the highest down, each to the smallest unused die that meets it, finds such an
assignment whenever one exists (a larger die is never needed where a smaller one will do).
"""

from collections import Counter
from functools import lru_cache

from pnp.rules.olf.components import ALL_YOU_VE_GOT, ATTRIBUTES, BASE_DICE, MAX_POWER


class RulesError(ValueError):
    pass


def pool_size(challenge, symbols: list[str], power: int = 0, insight: int = 0) -> int:
    """Dice rolled: one, plus each of the player's symbols the challenge shows (every symbol for
    All You've Got), plus a die per Power spent, plus Insight (on Slay Them!)."""
    unknown = [s for s in symbols if s not in ATTRIBUTES]
    if unknown:
        named = "symbol" if len(unknown) == 1 else "symbols"
        raise RulesError(f"unknown attribute {named} {', '.join(unknown)}: the symbols are {', '.join(ATTRIBUTES)}")
    if not 0 <= power <= MAX_POWER:
        raise RulesError(f"Power spent is 0 to {MAX_POWER} (no one holds more)")
    if insight < 0:
        raise RulesError("Insight is never below 0")
    if challenge == ALL_YOU_VE_GOT:
        matching = len(symbols)
    else:
        wanted = set(challenge)
        matching = sum(1 for s in symbols if s in wanted)
    return BASE_DICE + matching + power + insight


def match(dice: list[int], targets: list[int]) -> list[int] | None:
    """The die meeting each target (in the targets' order), or None when the roll fails."""
    left = Counter(dice)
    used: dict[int, list[int]] = {}
    for index in sorted(range(len(targets)), key=lambda i: -targets[i]):
        fits = [face for face in sorted(left) if face >= targets[index] and left[face]]
        if not fits:
            return None
        left[fits[0]] -= 1
        used[index] = fits[0]
    return [used[i] for i in range(len(targets))]


def meets(dice, targets) -> bool:
    """Whether a roll succeeds: `match` without the assignment, remembered by the faces and targets
    sorted (success depends on neither's order), as the simulator asks it thousands of times a game."""
    return _meets(tuple(sorted(dice)), tuple(sorted(targets)))


@lru_cache(maxsize=65536)
def _meets(dice: tuple, targets: tuple) -> bool:
    return match(list(dice), list(targets)) is not None
