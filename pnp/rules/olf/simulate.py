"""Whole games played by a baseline party, to check each Nemesis's skulls against its win rate.

The baseline party (written out so a group can follow it):
- the characters are the first N of the card data, each with one Starting Equipment card per the
  party size (dealt in order) and no special abilities used;
- a Solo Challenge goes to the living character with the best chance;
- before rolling, a character spends Power (buying it with Soul, three for one, when they can)
  until their chance reaches STRIVE_FOR or their Power runs out, and only when the chance is
  below it;
- Loot goes to whoever won it; a kept card's symbols join its holder's; a character who Faces
  Death hands their Loot to the living ally with the fewest symbols;
- the party wins when Slay Them! has been resolved with someone alive.
"""

from dataclasses import dataclass, field
from fractions import Fraction
from random import Random

from pnp.rules.olf.components import ALL_YOU_VE_GOT, DIE_SIDES, MAX_POWER, SOUL_PER_POWER
from pnp.rules.olf.deck import build_deck
from pnp.rules.olf.dice import match, pool_size
from pnp.rules.olf.effects import parse
from pnp.rules.olf.odds import success_chance
from pnp.rules.olf.party import starting

STRIVE_FOR = Fraction(7, 10)      # the chance the baseline spends Power to reach
PHASES = ("approach", "lair", "end")


@dataclass
class Hero:
    name: str
    symbols: list
    heart: int
    max_heart: int
    power: int
    soul: int = 0
    alive: bool = True
    loot: list = field(default_factory=list)      # lists of symbols


@dataclass
class Table:
    heroes: list
    insight: int = 0
    phase: str = "approach"


def _symbols_of(hero: Hero) -> list[str]:
    return hero.symbols + [s for item in hero.loot for s in item]


def _targets(challenge: dict, nemesis: dict, phase: str, contagion: int) -> list[int]:
    targets = list(challenge["targets"])
    ability = nemesis["ability_name"]
    if ability == "Bound" and phase == "end" and "key" in challenge["symbols"]:
        targets.append(4)
    if ability == "Precision" and targets:
        low = targets.index(min(targets))
        targets[low] = min(DIE_SIDES, targets[low] + 1)
    if contagion and targets:
        targets[0] = min(DIE_SIDES, targets[0] + contagion)
    return targets


def _pool(hero: Hero, challenge: dict, insight: int, power: int) -> int:
    symbols = challenge["symbols"]
    return pool_size(ALL_YOU_VE_GOT if ALL_YOU_VE_GOT in symbols else symbols, _symbols_of(hero), power, insight)


def _apply(table: Table, hero: Hero, effects, nemesis: dict, card: dict, loot_pile: list) -> None:
    for effect in effects:
        targets = [h for h in table.heroes if h.alive] if effect.who == "all" else [hero]
        for who in targets:
            if effect.what == "Insight":
                table.insight = max(0, table.insight + effect.amount)
                break
            if effect.what == "loot":
                if loot_pile:
                    who.loot.append(loot_pile.pop())
            elif effect.what == "keep":
                who.loot.append(list(card.get("keep_symbols") or []))
            elif effect.what == "Heart":
                who.heart = min(who.max_heart, who.heart + effect.amount)
                if who.heart <= 0:
                    _face_death(table, who)
            elif effect.what == "Power":
                who.power = max(0, min(MAX_POWER, who.power + effect.amount))
            elif effect.what == "Soul":
                gained = effect.amount - (1 if nemesis["ability_name"] == "Tithe" and effect.amount > 0 else 0)
                who.soul = max(0, who.soul + gained)


def _face_death(table: Table, hero: Hero) -> None:
    hero.alive, hero.heart, hero.power, hero.soul = False, 0, 0, 0
    living = [h for h in table.heroes if h.alive]
    if living:
        heir = min(living, key=lambda h: len(_symbols_of(h)))
        heir.loot += hero.loot
    hero.loot = []


def _attempt(table: Table, hero: Hero, challenge: dict, nemesis: dict, rng: Random, loot_pile: list,
             targets: list[int], insight: int, pool_penalty: int = 0) -> bool:
    def chance(power):
        dice = max(1, _pool(hero, challenge, insight, power) - pool_penalty)
        return success_chance(dice, targets)
    spend = 0
    while chance(spend) < STRIVE_FOR:
        if hero.power > spend:
            spend += 1
        elif hero.soul >= SOUL_PER_POWER and hero.power < MAX_POWER:
            hero.soul -= SOUL_PER_POWER
            hero.power += 1
        else:
            break
    hero.power -= spend
    dice = max(1, _pool(hero, challenge, insight, spend) - pool_penalty)
    won = match([rng.randint(1, DIE_SIDES) for _ in range(dice)], targets) is not None
    _apply(table, hero, parse(challenge["success" if won else "defeat"]), nemesis, challenge, loot_pile)
    return won


def _nemesis_challenge(nemesis: dict, phase: str) -> dict:
    return {key: nemesis[f"{phase}_{key}"] for key in ("name", "mode", "symbols", "targets", "success", "defeat")}


def play(characters: list[dict], equipment: list[dict], loot: list[dict], decks: dict, moments: list[dict],
         nemesis: dict, party: int, rng: Random) -> bool:
    """One game: True when the party slays the Nemesis."""
    start = starting(party)
    items = list(equipment)
    heroes = []
    for character in characters[:party]:
        symbols = list(character["symbols"]) + [s for item in items[:start["equipment"]] for s in item["symbols"]]
        items = items[start["equipment"]:]
        heroes.append(Hero(character["name"], symbols, start["heart"], start["heart"], start["power"], start["soul"]))
    table = Table(heroes)
    loot_pile = [item["symbols"] for item in loot]
    rng.shuffle(loot_pile)
    by_id = {card["id"]: card for cards in decks.values() for card in cards}
    moment_by_id = {m["id"]: m for m in moments}
    deck = build_deck({phase: [c["id"] for c in decks[phase]] for phase in PHASES}, list(moment_by_id), rng)
    active = 0
    for drawn in deck:
        living = [h for h in heroes if h.alive]
        if not living:
            return False
        if drawn.phase != table.phase and drawn.phase in PHASES:
            table.phase = drawn.phase
            if nemesis["ability_name"] == "Searing Breath":
                for hero in living:
                    _apply(table, hero, parse("Lose 1 Heart."), nemesis, {}, loot_pile)
                living = [h for h in heroes if h.alive]
                if not living:
                    return False
        while not heroes[active % len(heroes)].alive:
            active += 1
        drawer = heroes[active % len(heroes)]
        if drawn.kind == "moment":
            _apply(table, drawer, parse(moment_by_id[drawn.id]["outcome"]), nemesis, {}, loot_pile)
        else:
            card = (_nemesis_challenge(nemesis, drawn.phase) if drawn.kind == "nemesis"
                    else decks["slay-them"][0] if drawn.kind == "slay" else by_id[drawn.id])
            insight = table.insight if drawn.kind == "slay" else 0
            if card["mode"] == "solo":
                best = max(living, key=lambda h: success_chance(_pool(h, card, insight, 0), card["targets"]))
                _attempt(table, best, card, nemesis, rng, loot_pile, _targets(card, nemesis, table.phase, 0), insight)
            else:
                order = living[living.index(drawer):] + living[:living.index(drawer)] if drawer in living else living
                penalty, contagion = 0, 0
                for hero in order:
                    if not hero.alive:
                        continue
                    before = hero.heart
                    won = _attempt(table, hero, card, nemesis, rng, loot_pile,
                                   _targets(card, nemesis, table.phase, contagion), insight, penalty)
                    penalty = 1 if nemesis["ability_name"] == "Undertow" and hero.heart < before else 0
                    contagion = 1 if nemesis["ability_name"] == "Contagion" and not won else 0
        active += 1
    return any(h.alive for h in heroes)


def simulate(data: dict, party: int, nemesis_ids: list[str], games: int, seed: int, progress=None) -> dict:
    """Win rates of the baseline party against each Nemesis named (all by default)."""
    rng = Random(seed)
    nemeses = [n for n in data["nemeses"] if not nemesis_ids or n["id"] in nemesis_ids]
    results = []
    for nemesis in nemeses:
        wins = sum(play(data["characters"], data["equipment"], data["loot"], data["decks"], data["moments"],
                        nemesis, party, rng) for _ in range(games))
        if progress:                   # the bar counts `games` in all, shared between the Nemeses
            progress(max(1, games // len(nemeses)))
        results.append({"id": nemesis["id"], "name": nemesis["name"], "skulls": nemesis["skulls"],
                        "win_rate": round(wins / games, 4)})
    by_skulls = {}
    for row in results:
        by_skulls.setdefault(row["skulls"], []).append(row["win_rate"])
    flagged = [row["id"] for row in results
               if any(row["win_rate"] < max(by_skulls[s]) for s in by_skulls if s > row["skulls"])
               or any(row["win_rate"] > min(by_skulls[s]) for s in by_skulls if s < row["skulls"])]
    return {"games": games, "seed": seed, "party": party, "strive_for": str(STRIVE_FOR), "nemeses": results,
            "flagged": flagged}
