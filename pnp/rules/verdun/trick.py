"""One trick: totals by colour, the fortification, the winner, casualties and the tactical award.

Each card counts for the side of its colour, whoever played it; friendly cards (Chaplain,
Reconnaissance) count for the side of the player who played them. The Spy copies the value of
the troop card played before it (0 when it leads) and is a 0 as a casualty. The Defenders win ties.

A trick is a list of plays in the order they happen. A play is a troop card, perhaps with a
Tactical card, or a Stratagem alone: an answer, played out of turn the moment the Tactical card
it cancels is played, so it comes right after that card's play. A Stratagem written with the
next troop card is the same answer, made just before that card (ruling D14).
"""

from dataclasses import dataclass, field

from pnp.rules.verdun.cards import SPY_CASUALTY_RANK, SPY_LED_RANK, Troop
from pnp.rules.verdun.deck import TRICK_CARDS

TACTICAL = ("decoy", "mustard_gas", "air_strike", "artillery", "stratagem", "weather_changes")
ANSWER = "stratagem"           # the one Tactical card played as a reaction, never with a troop
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
    card: Troop | None         # None for a Stratagem played as an answer
    tactical: str | None = None

    @property
    def answer(self) -> bool:
        return self.card is None


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
    parts: dict = field(default_factory=dict)     # each side's total, value by value, in play order


def _other(side: str) -> str:
    return "German" if side == "French" else "French"


def check(plays: list[Play]) -> None:
    """Raise TrickError at the first play the rules forbid: an unknown Tactical card, a play
    without a troop card that is not a Stratagem, a Stratagem that does not come right after the
    Tactical card it cancels or that answers a Stratagem already followed by its troop card
    (ruling D14), a Tactical card barred by the other side's
    Reconnaissance (ruling D3), a troop card past the trick's four."""
    barred: set[str] = set()
    troops = 0
    for index, play in enumerate(plays):
        troops += not play.answer
        if troops > TRICK_CARDS:
            raise TrickError(f"{play.player}: a trick is {TRICK_CARDS} troop cards, in 1v1 too; this is troop card {troops}")
        if play.tactical is not None and play.tactical not in TACTICAL:
            raise TrickError(f"{play.player}: a tactical card is one of {', '.join(TACTICAL)}, not '{play.tactical}'")
        if play.answer and play.tactical != ANSWER:
            raise TrickError(f"{play.player}: a play without a troop card is a Stratagem answering the play "
                             "before it, {player, team, tactical: stratagem}")
        if play.tactical == ANSWER and (index == 0 or plays[index - 1].tactical is None):
            raise TrickError(f"{play.player}'s Stratagem has no Tactical card to cancel: it answers one as it "
                             "is played, so it comes right after the play that carries it (ruling D14)")
        if play.tactical == ANSWER and index > 0 and plays[index - 1].tactical == ANSWER \
                and plays[index - 1].card is not None:
            raise TrickError(f"{play.player}'s Stratagem comes too late: the Stratagem it would cancel was "
                             f"written with {plays[index - 1].player}'s troop card, which is down already. "
                             "To answer a Stratagem, write both as plays of their own, "
                             "{player, team, tactical: stratagem}, one right after the other (ruling D14)")
        if play.tactical is not None and play.team in barred:
            raise TrickError(f"{play.player} cannot play {play.tactical}: the other side's Reconnaissance "
                             "bars tactical cards for the rest of the trick")
        if play.card is not None and play.card.kind == "reconnaissance":
            barred.add(_other(play.team))


def standing(plays: list[Play]) -> list[int]:
    """The plays whose Tactical card takes effect: a Stratagem cancels the card played just
    before it, another Stratagem included, unless a Stratagem cancels it in turn (ruling D14)."""
    stands = [False] * len(plays)
    for index in reversed(range(len(plays))):
        answered = index + 1 < len(plays) and plays[index + 1].tactical == ANSWER and stands[index + 1]
        stands[index] = plays[index].tactical is not None and not answered
    return [index for index, stand in enumerate(stands) if stand]


def resolve(attackers: str, target: dict, plays: list[Play], weather: str | None = None) -> Outcome:
    if attackers not in ("French", "German"):
        raise TrickError("the attackers are French or German")
    check(plays)
    stand = standing(plays)
    tacticals = [(plays[index].team, plays[index].tactical) for index in stand]
    effects = [name for _, name in tacticals]
    cancelled = [index for index, play in enumerate(plays) if play.tactical and index not in stand]
    if "weather_changes" in effects:
        weather = None
    troops = [play for play in plays if not play.answer]
    sides = [play.card.side if play.card.side != "friendly" else play.team for play in troops]

    def value(index: int) -> int:
        card = troops[index].card
        if card.kind == "spy":                       # ruling D20: the copy holds if that card dies
            return value(index - 1) if index > 0 else SPY_LED_RANK
        return min(card.rank, RAIN_CAP) if weather == "rain" else card.rank

    def rank(index: int) -> int:
        """The rank casualties, the Sniper and the award compare (rulings D6, D9, D19)."""
        return SPY_CASUALTY_RANK if troops[index].card.kind == "spy" else value(index)

    def lowest(indices) -> set:
        low = min((rank(i) for i in indices), default=None)
        return {i for i in indices if rank(i) == low}

    def highest(indices) -> set:
        top = max((rank(i) for i in indices), default=None)
        return {i for i in indices if rank(i) == top}

    everyone = range(len(troops))
    dead = set()
    if weather == "flare":
        dead = {i for i in everyone if rank(i) < FLARE_BELOW}
    if weather == "sniper":
        dead = highest(list(everyone))               # ruling D18: tied troops all die
    fighting = [i for i in everyone if i not in dead]
    parts = {"French": [], "German": []}
    for i in fighting:
        parts[sides[i]].append(value(i))
    for team, name in tacticals:
        if name == "air_strike":
            parts[team].append(CLEAR_SKIES_AIR_STRIKE if weather == "clear_skies" else AIR_STRIKE)
    totals = {side: sum(values) for side, values in parts.items()}
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
    by_side = {side: [i for i in fighting if sides[i] == side] for side in totals}
    battle = all(by_side.values())                   # ruling D17: judged on the troops still standing
    gas = effects.count("mustard_gas")                # ruling D16: each Mustard Gas adds one
    decoys = {team for team, name in tacticals if name == "decoy"}
    lost = set(dead)
    for side, mine in by_side.items():
        if "artillery" in effects:
            falls = set(mine)
        else:
            pick = highest if (side != winner or weather == "fog") else lowest
            falls = set()
            for _ in range((1 if battle else 0) + gas):
                falls |= pick([i for i in mine if i not in falls])
        if side in decoys and falls:                 # ruling D15: a Decoy limits a loss, never makes one
            falls = lowest(mine)
        lost |= falls
    casualties = {"French": [], "German": []}
    for i in sorted(lost):
        casualties[sides[i]].append(str(troops[i].card))
    survivors = [i for i in everyone if i not in lost]
    award = list(dict.fromkeys(troops[i].player for i in highest(survivors)))
    captured = int(target["asset"]) if overrun and target.get("asset") is not None else None
    return Outcome(totals, newly_revealed, winner, overrun, casualties, award, captured, cancelled, parts)
