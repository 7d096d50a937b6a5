"""One trick: totals by colour, the fortification, the winner, casualties and the tactical award.

Each card counts for the side of its colour, whoever played it; friendly cards (Chaplain,
Reconnaissance) count for the side of the player who played them. The Spy copies the value of
the card played before it (0 when it leads) and is a 0 as a casualty. The Defenders win ties.
"""

from dataclasses import dataclass, field

from pnp.rules.verdun.cards import SPY_CASUALTY_RANK, SPY_LED_RANK, Troop

TACTICAL = ("decoy", "mustard_gas", "air_strike", "artillery", "stratagem", "weather_changes")
WEATHER = ("fog", "clear_skies", "flare", "good_weather", "rain", "sniper")
AIR_STRIKE = 3
CLEAR_SKIES_AIR_STRIKE = 5
FLARE_BELOW = 5                # a night attack kills every troop below rank 5
RAIN_CAP = 9                   # rain: every rank above 9 acts as 9


class TrickError(ValueError):
    pass


@dataclass(frozen=True)
class Play:
    player: str
    team: str                  # French or German
    card: Troop
    tactical: str | None = None


@dataclass
class Outcome:
    totals: dict
    fortification_revealed: bool
    winner: str
    overrun: bool
    casualties: dict
    tactical_award: list
    captured: int | None
    cancelled: list = field(default_factory=list)


def _other(side: str) -> str:
    return "German" if side == "French" else "French"


def _tacticals(plays: list[Play]) -> list[tuple[int, str]]:
    """(play index, tactical) that take effect: Reconnaissance bars its opponents' later tactical
    cards; a Stratagem cancels the tactical card played just before it that still stands."""
    standing: list[tuple[int, str]] = []
    barred: set[str] = set()
    for index, play in enumerate(plays):
        if play.tactical is not None:
            if play.tactical not in TACTICAL:
                raise TrickError(f"{play.player}: a tactical card is one of {', '.join(TACTICAL)}, not '{play.tactical}'")
            if play.team in barred:
                raise TrickError(f"{play.player} cannot play {play.tactical}: the other side's Reconnaissance "
                                 "bars tactical cards for the rest of the trick")
            if play.tactical == "stratagem":
                if not standing:
                    raise TrickError(f"{play.player}'s Stratagem has no tactical card to cancel")
                standing.pop()
            else:
                standing.append((index, play.tactical))
        if play.card.kind == "reconnaissance":
            barred.add(_other(play.team))
    return standing


def resolve(attackers: str, target: dict, plays: list[Play], weather: str | None = None) -> Outcome:
    if attackers not in ("French", "German"):
        raise TrickError("the attackers are French or German")
    tacticals = _tacticals(plays)
    effects = [name for _, name in tacticals]
    if "weather_changes" in effects:
        weather = None
    sides = [play.card.side if play.card.side != "friendly" else play.team for play in plays]

    def value(index: int) -> int:
        card = plays[index].card
        if card.kind == "spy":
            return value(index - 1) if index > 0 else SPY_LED_RANK
        rank = card.rank
        return min(rank, RAIN_CAP) if weather == "rain" else rank

    def casualty_rank(index: int) -> int:
        return SPY_CASUALTY_RANK if plays[index].card.kind == "spy" else value(index)

    dead = set()
    if weather == "flare":
        dead |= {i for i in range(len(plays)) if casualty_rank(i) < FLARE_BELOW}
    if weather == "sniper":
        living = [i for i in range(len(plays)) if i not in dead]
        if living:
            top = max(casualty_rank(i) for i in living)
            dead |= {i for i in living if casualty_rank(i) == top}
    fighting = [i for i in range(len(plays)) if i not in dead]
    totals = {"French": 0, "German": 0}
    for i in fighting:
        totals[sides[i]] += value(i)
    for index, name in tacticals:
        if name == "air_strike":
            totals[plays[index].team] += CLEAR_SKIES_AIR_STRIKE if weather == "clear_skies" else AIR_STRIKE
    defenders = _other(attackers)
    fortification = int(target.get("fortification", 0))
    revealed = bool(target.get("revealed", False))
    defence = totals[defenders] + (fortification if revealed else 0)
    newly_revealed = False
    if defence < totals[attackers] and not revealed:
        newly_revealed = True
        defence += fortification
    winner = defenders if defence >= totals[attackers] else attackers
    overrun = winner == attackers
    casualties = {"French": [], "German": []}
    by_side = {side: [i for i in fighting if sides[i] == side] for side in casualties}
    battle = all(by_side.values())
    lost = set(dead)
    decoys = {plays[index].team for index, name in tacticals if name == "decoy"}

    def lowest(indices):
        if not indices:
            return set()
        low = min(casualty_rank(i) for i in indices)
        return {i for i in indices if casualty_rank(i) == low}

    def highest(indices):
        if not indices:
            return set()
        top = max(casualty_rank(i) for i in indices)
        return {i for i in indices if casualty_rank(i) == top}

    for side in casualties:
        mine = by_side[side]
        if side in decoys:
            lost |= lowest(mine)
            continue
        if "artillery" in effects:
            lost |= set(mine)
            continue
        if not battle and "mustard_gas" not in effects:
            continue
        pick = highest if (side != winner or weather == "fog") else lowest
        first = pick(mine) if battle else set()
        lost |= first
        if "mustard_gas" in effects:
            lost |= pick([i for i in mine if i not in first])
    for i in sorted(lost):
        casualties[sides[i]].append(str(plays[i].card))
    survivors = [i for i in range(len(plays)) if i not in lost]
    award = []
    if survivors:
        top = max(casualty_rank(i) for i in survivors)
        award = list(dict.fromkeys(plays[i].player for i in survivors if casualty_rank(i) == top))
    captured = int(target["asset"]) if overrun and target.get("asset") is not None else None
    return Outcome(totals, newly_revealed, winner, overrun, casualties, award, captured)
