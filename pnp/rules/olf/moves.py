"""Every choice a player makes, and whether the rules allow it: the engine's legality check, kept
apart from any strategy that chooses (simulate.py's baseline is checked against it).

A player sees the table (`View`): every hero's cards and resources, the revealed card, the Nemesis,
the Insight, the dice on the table, and the next card when the Cartographer has looked at it.
The order of the Challenge Deck and the dice not yet rolled are hidden from everyone."""

from dataclasses import dataclass

from pnp.rules.olf import abilities
from pnp.rules.olf.components import MAX_POWER, SOUL_PER_POWER
from pnp.rules.olf.dice import meets

CHALLENGE_CARDS = ("challenge", "nemesis", "slay")
INSIGHT_CARDS = ("slay",)         # Insight adds dice "when ... attempting the Challenge on the Slay Them! Card"
CARRIES_OVER = ("party",)         # the hero before changes the next hero's roll in a Party Challenge only (O10)
MOVES = ("attempt", "buy", "spend", "legerdemain", "hex", "oathbound", "bulwark", "peek", "heir")


@dataclass(frozen=True)
class HeroView:
    name: str
    symbols: tuple
    heart: int
    max_heart: int
    power: int
    soul: int
    alive: bool
    ability: str
    uses: int | None          # left on the Special Ability die; None: no limit


@dataclass(frozen=True)
class View:
    heroes: tuple             # HeroView, in seat order
    nemesis: str              # the Nemesis's ability
    phase: str                # approach, lair, end, slay
    insight: int
    card_kind: str            # challenge, nemesis, slay, moment
    mode: str = ""            # solo, party
    symbols: tuple = ()
    targets: tuple = ()       # after the Nemesis's ability
    roller: str = ""          # the hero attempting
    rolled: bool = False      # the dice are on the table
    dice: tuple = ()
    oathbound_used: bool = False
    next_card: str | None = None      # the kind of the next card, once looked at (Known Roads)

    def hero(self, name: str) -> HeroView:
        return next(h for h in self.heroes if h.name == name)


@dataclass(frozen=True)
class Move:
    kind: str
    hero: str
    amount: int = 0           # Power bought or spent; the face raised (Hex) or rolled again (Oathbound)
    ally: str = ""            # whose roll (Oathbound), whose loss (Bulwark)


def insight_dice(card_kind: str, insight: int) -> int:
    """The dice the party's Insight adds to a roll on a card of this kind: on Slay Them! only."""
    return insight if card_kind in INSIGHT_CARDS else 0


def insight_error(card_kind: str, insight: int) -> str | None:
    if insight and card_kind not in INSIGHT_CARDS:
        return "Insight adds dice on Slay Them! only"
    return None


def follows_error(mode: str) -> str | None:
    """Why no hero can follow another on a challenge of this mode, or None in a Party Challenge."""
    if mode not in CARRIES_OVER:
        return "only in a Party Challenge does one hero attempt the card after another (ruling O10)"
    return None


def illegal(view: View, move: Move) -> str | None:
    """Why the rules forbid `move` now, or None when they allow it."""
    if move.kind not in MOVES:
        return f"no such move {move.kind}"
    names = [h.name for h in view.heroes]
    if move.hero not in names:
        return f"no hero {move.hero}"
    hero = view.hero(move.hero)
    if not hero.alive:
        return f"{hero.name} has Faced Death"
    failing = view.rolled and not meets(view.dice, view.targets)
    if move.kind == "attempt":
        return None if view.card_kind in CHALLENGE_CARDS and view.mode == "solo" else "only a Solo Challenge is taken on"
    if move.kind in ("buy", "spend"):
        if move.hero != view.roller or view.rolled:
            return "Power is spent, and bought, by the roller before the roll"
        if move.amount < 1:
            return "at least 1"
        if move.kind == "buy":
            if hero.soul < SOUL_PER_POWER * move.amount:
                return f"{move.amount} Power costs {SOUL_PER_POWER * move.amount} Soul"
            return None if hero.power + move.amount <= MAX_POWER else f"never above {MAX_POWER} Power"
        return None if move.amount <= hero.power else f"{hero.name} holds {hero.power} Power"
    if move.kind in ("legerdemain", "hex", "oathbound"):
        name = {"legerdemain": abilities.LEGERDEMAIN, "hex": abilities.HEX, "oathbound": abilities.OATHBOUND}[move.kind]
        if hero.ability != name:
            return f"{hero.name} does not have {name}"
        if not failing:
            return "only after a failed roll"
        if hero.uses is not None and hero.uses < 1:
            return "no use left"
        if move.kind == "oathbound":
            if move.hero == view.roller or move.ally != view.roller:
                return "Oathbound helps an ally who rolled"
            if view.oathbound_used:
                return "once per Challenge"
        elif move.hero != view.roller:
            return f"{name} is for the Illusionist's or the Witch's own roll"
        if move.kind != "legerdemain" and move.amount not in view.dice:
            return f"no die shows {move.amount}"
        return None
    if move.kind == "bulwark":
        if hero.ability != abilities.BULWARK:
            return f"{hero.name} does not have {abilities.BULWARK}"
        if view.mode != "party" or move.ally == move.hero or move.ally not in names or not view.hero(move.ally).alive:
            return "Bulwark takes a living ally's loss in a Party Challenge"
        return None
    if move.kind == "peek":
        if hero.ability != abilities.KNOWN_ROADS:
            return f"{hero.name} does not have {abilities.KNOWN_ROADS}"
        if hero.uses is not None and hero.uses < 1:
            return "no use left"
        return None if view.card_kind in CHALLENGE_CARDS and not view.rolled else "when a Challenge card is revealed"
    return None                   # heir: any living hero may take a dead hero's Loot (O3)
