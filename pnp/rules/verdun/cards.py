"""Troop cards, written `SIDE RANK`: side F (French), G (German) or X (friendly); rank 2-13, G
(General), S (Spy), C (Chaplain), R (Reconnaissance). A General names the rank it is played as:
`FG:14`, `GG:1`."""

import re
from dataclasses import dataclass
from functools import lru_cache

SIDES = {"F": "French", "G": "German", "X": "friendly"}
GENERAL_RANKS = (1, 14)
CHAPLAIN_RANK = 2
RECONNAISSANCE_RANK = 8
SPY_CASUALTY_RANK = 0          # "The Spy is always treated as a 0" when casualties are taken
SPY_LED_RANK = 0               # a Spy that leads copies nothing
CARD = re.compile(r"^([FGX])(\d{1,2}|G(?::(\d{1,2}))?|S|C|R)$")


class CardError(ValueError):
    pass


@dataclass(frozen=True)
class Troop:
    text: str
    side: str                  # French, German or friendly
    kind: str                  # number, general, spy, chaplain, reconnaissance
    rank: int | None = None    # a number's rank, or the rank a General is played as

    def __str__(self) -> str:
        return self.text


@lru_cache(maxsize=None)
def troop(text: str) -> Troop:
    match = CARD.match(str(text).strip())
    if not match:
        raise CardError(f"a troop card is written SIDE RANK, such as F6, G13, FG:14, GS, XC or XR, not '{text}'")
    side, rank, played = SIDES[match.group(1)], match.group(2), match.group(3)
    if side == "friendly" and rank not in ("C", "R"):
        raise CardError(f"'{text}': the friendly suit holds only the Chaplain (XC) and Reconnaissance (XR)")
    if rank.startswith("G"):
        if played is None or int(played) not in GENERAL_RANKS:
            raise CardError(f"'{text}': a General is played as 1 or 14, written FG:14 or GG:1")
        return Troop(text, side, "general", int(played))
    if rank in ("C", "R"):
        if side != "friendly":
            raise CardError(f"'{text}': the Chaplain and Reconnaissance are friendly cards, written XC and XR")
        return Troop(text, side, "chaplain" if rank == "C" else "reconnaissance",
                     CHAPLAIN_RANK if rank == "C" else RECONNAISSANCE_RANK)
    if rank == "S":
        return Troop(text, side, "spy")
    if side == "friendly":
        raise CardError(f"'{text}': the friendly suit holds only the Chaplain (XC) and Reconnaissance (XR)")
    if not 2 <= int(rank) <= 13:
        raise CardError(f"'{text}': numbered troops run from 2 to 13")
    return Troop(text, side, "number", int(rank))
