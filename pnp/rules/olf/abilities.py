"""The six characters' Special Abilities (source: "Special Abilities"): what each does to a roll,
a loss or the deck. The card data names a character's ability by `ability_name` and its "Use X"
by `uses`; the Special Ability die counts the uses left, for the whole game (ruling O8).

After a roll fails, the roller's own abilities come first, then an ally's (O9)."""

from pnp.rules.olf.components import DIE_SIDES
from pnp.rules.olf.dice import RulesError

OATHBOUND = "Oathbound"         # the Knight: an ally's failed roll, one die again, for 1 Heart
HEX = "Hex"                     # the Witch: one die +1 after a roll
LEGERDEMAIN = "Legerdemain"     # the Illusionist: every die again after a roll
BULWARK = "Bulwark"             # the Heavy: takes an ally's Heart loss in a Party Challenge
KNOWN_ROADS = "Known Roads"     # the Cartographer: a look at the next card when a Challenge is revealed
LAST_RITES = "Last Rites"       # the Penitent: Soul and Insight when an ally Faces Death
CHARACTER_ABILITIES = (OATHBOUND, HEX, LEGERDEMAIN, BULWARK, KNOWN_ROADS, LAST_RITES)
ROLL_ABILITIES = (OATHBOUND, HEX, LEGERDEMAIN)      # the ones that change a roll's odds

HEX_STEP = 1
OATHBOUND_HEART = 1             # the Knight's cost
OATHBOUND_DICE = 1              # dice rolled again
LAST_RITES_SOUL = 2
LAST_RITES_INSIGHT = 1


def known(ability: str) -> str:
    if ability not in CHARACTER_ABILITIES:
        raise RulesError(f"unknown Special Ability {ability!r}: the engine plays {', '.join(CHARACTER_ABILITIES)}")
    return ability


def spend_use(uses_left: int | None) -> int | None:
    """One use of a "Use X" ability; None is an ability without a limit."""
    if uses_left is None:
        return None
    if uses_left < 1:
        raise RulesError("no use left on the Special Ability die")
    return uses_left - 1


def _faces(dice: list[int], field: str) -> list[int]:
    if not all(isinstance(d, int) and 1 <= d <= DIE_SIDES for d in dice):
        raise RulesError(f"{field}: die faces are 1 to {DIE_SIDES}")
    return list(dice)


def legerdemain(dice: list[int], rolled: list[int]) -> list[int]:
    """Every die rolled again; the second roll stands."""
    if len(rolled) != len(dice):
        raise RulesError(f"Legerdemain rolls all {len(dice)} dice again, not {len(rolled)}")
    return _faces(rolled, "rolled")


def hex_die(dice: list[int], die: int) -> list[int]:
    """One die showing `die` turned up by one (a 6 stays a 6)."""
    if die not in dice:
        raise RulesError(f"Hex raises one of the dice rolled ({dice}), not a {die}")
    result = list(dice)
    result[result.index(die)] = min(DIE_SIDES, die + HEX_STEP)
    return result


def oathbound(dice: list[int], die: int, rolled: list[int]) -> list[int]:
    """One die showing `die` rolled again, showing `rolled`'s one face."""
    if die not in dice:
        raise RulesError(f"Oathbound rolls again one of the dice rolled ({dice}), not a {die}")
    if len(rolled) != OATHBOUND_DICE:
        raise RulesError(f"Oathbound rolls {OATHBOUND_DICE} die again, not {len(rolled)}")
    result = list(dice)
    result[result.index(die)] = _faces(rolled, "rolled")[0]
    return result


def bulwark_takes(heavy_heart: int, loss: int) -> bool:
    """Whether the Heavy can take an ally's loss: any living Heavy can, even to Face Death."""
    return heavy_heart > 0 and loss > 0


def last_rites(soul: int, insight: int) -> tuple[int, int]:
    """The Penitent's Soul and the party's Insight after an ally Faces Death."""
    return soul + LAST_RITES_SOUL, insight + LAST_RITES_INSIGHT


def known_roads(deck: list, revealed: int):
    """The card under the one just revealed (position `revealed`), or None at the bottom; it goes
    back where it was."""
    return deck[revealed + 1] if revealed + 1 < len(deck) else None
