"""Whole games played by a baseline party, to check each Nemesis's skulls against its win rate.

The baseline party (written out so a group can follow it):
- the characters are the first N of the card data, each with Starting Equipment per the party
  size (dealt in order); every Nemesis ability and every Special Ability is played (nemesis.py,
  abilities.py);
- a Solo Challenge goes to the living character with the best chance;
- before rolling, a character spends Power (buying it with Soul, three for one, when they can)
  until their chance reaches STRIVE_FOR, or SAVE_FOR when the Cartographer has seen that a Nemesis
  Challenge or Slay Them! comes next, or their Power runs out; and only when the chance is below it;
- after a failed roll the roller uses Hex when its uses can mend the roll, else Legerdemain; then
  the Knight, with more than 1 Heart, rolls again the die that helps most (ruling O9);
- the Cartographer looks at the next card when a Lair or End Challenge is revealed;
- the Heavy takes an ally's Heart loss in a Party Challenge when it would kill the ally and not him;
- Loot goes to whoever won it; a kept card's symbols join its holder's; a character who Faces
  Death hands their Loot to the living ally with the fewest symbols; the Penitent's Last Rites
  are always taken;
- the party wins when Slay Them! has been resolved with someone alive.

Every choice goes through `Baseline`, which sees only a `moves.View` (what the table shows), and
every move is one `moves.illegal` allows; `play(..., watch=...)` hands each (view, move) out.
"""

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from random import Random

from pnp.rules.olf import abilities, nemesis as nemeses
from pnp.rules.olf.components import ALL_YOU_VE_GOT, DIE_SIDES, MAX_POWER, SOUL_PER_POWER
from pnp.rules.olf.deck import build_deck
from pnp.rules.olf.dice import meets, pool_size
from pnp.rules.olf.effects import parse
from pnp.rules.olf.moves import HeroView, Move, View, illegal, insight_dice
from pnp.rules.olf.odds import hex_cost, success_chance
from pnp.rules.olf.party import next_active, party_order, solo_taker, starting

STRIVE_FOR = Fraction(7, 10)      # the chance the baseline spends Power to reach
SAVE_FOR = Fraction(1, 2)         # ... when a Nemesis Challenge or Slay Them! is known to come next
PHASES = ("approach", "lair", "end")
PEEK_PHASES = ("lair", "end")
SAVED_FOR = ("nemesis", "slay")


class IllegalMove(AssertionError):
    pass


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
    ability: str = ""
    uses: int | None = None


@dataclass
class Table:
    heroes: list
    nemesis: str
    insight: int = 0
    phase: str = "approach"
    card_kind: str = "challenge"
    card: dict = field(default_factory=dict)
    targets: list = field(default_factory=list)
    roller: str = ""
    dice: list | None = None
    oathbound_used: bool = False
    next_card: str | None = None
    lost_heart: bool = False                       # someone lost Heart in the attempt under way
    seen: dict = field(default_factory=dict)       # each hero's view, by state: built once


@lru_cache(maxsize=512)
def _effects(text: str) -> tuple:
    return tuple(parse(text))


def kept_symbols(card: dict) -> list[str]:
    """What a kept Challenge card adds to its keeper's symbols: every one in its corner."""
    return [symbol for symbol in card.get("symbols", []) if symbol != ALL_YOU_VE_GOT]


def _symbols_of(hero: Hero) -> list[str]:
    return hero.symbols + [s for item in hero.loot for s in item]


def _hero_view(table: Table, hero: Hero) -> HeroView:
    key = (hero.name, hero.heart, hero.power, hero.soul, hero.alive, hero.uses, len(hero.loot))
    seen = table.seen.get(key)
    if seen is None:
        seen = table.seen[key] = HeroView(hero.name, tuple(_symbols_of(hero)), hero.heart, hero.max_heart,
                                          hero.power, hero.soul, hero.alive, hero.ability, hero.uses)
    return seen


def view_of(table: Table) -> View:
    """What every player at the table sees."""
    heroes = tuple(_hero_view(table, h) for h in table.heroes)
    return View(heroes, table.nemesis, table.phase, table.insight, table.card_kind, table.card.get("mode", ""),
                tuple(table.card.get("symbols", ())), tuple(table.targets), table.roller, table.dice is not None,
                tuple(table.dice or ()), table.oathbound_used, table.next_card)


def pool_of(symbols, challenge_symbols, insight: int, power: int) -> int:
    wanted = ALL_YOU_VE_GOT if ALL_YOU_VE_GOT in challenge_symbols else list(challenge_symbols)
    return pool_size(wanted, list(symbols), power, insight)


class Baseline:
    """The baseline party's choices, from what the table shows."""

    def taker(self, view: View, insight: int) -> Move:
        living = [h for h in view.heroes if h.alive]
        best = max(living, key=lambda h: success_chance(pool_of(h.symbols, view.symbols, insight, 0), view.targets))
        return Move("attempt", best.name)

    def peek(self, view: View, hero: HeroView) -> Move | None:
        wanted = view.phase in PEEK_PHASES and view.next_card is None and _has_use(hero)
        return Move("peek", hero.name) if wanted else None

    def power(self, view: View, insight: int, penalty: int) -> list[Move]:
        hero = view.hero(view.roller)
        aim = SAVE_FOR if view.next_card in SAVED_FOR and view.card_kind == "challenge" else STRIVE_FOR

        def chance(power):
            dice = nemeses.pool_after(view.nemesis, pool_of(hero.symbols, view.symbols, insight, power), penalty)
            return success_chance(dice, view.targets)
        spend, bought, power, soul = 0, 0, hero.power, hero.soul
        while chance(spend) < aim:
            if power > spend:
                spend += 1
            elif soul >= SOUL_PER_POWER and illegal(view, Move("buy", hero.name, bought + 1)) is None:
                bought, power, soul = bought + 1, power + 1, soul - SOUL_PER_POWER
            else:
                break
        return ([Move("buy", hero.name, bought)] if bought else []) + ([Move("spend", hero.name, spend)] if spend else [])

    def mend(self, view: View) -> Move | None:
        """An ability on a failed roll: the roller's own first, then the Knight's."""
        roller = view.hero(view.roller)
        if roller.ability == abilities.HEX and _has_use(roller):
            cost = hex_cost(view.dice, list(view.targets))
            if cost is not None and (roller.uses is None or cost <= roller.uses):
                pairs = zip(sorted(view.targets, reverse=True), sorted(view.dice, reverse=True))
                return Move("hex", roller.name, next(d for t, d in pairs if d < t))
        if roller.ability == abilities.LEGERDEMAIN and _has_use(roller):
            return Move("legerdemain", roller.name)
        for knight in view.heroes:
            if (knight.ability == abilities.OATHBOUND and knight.alive and knight.name != roller.name
                    and knight.heart > abilities.OATHBOUND_HEART and not view.oathbound_used):
                faces = sorted(set(view.dice), key=lambda die: -_one_again(view.dice, die, view.targets))
                if faces and _one_again(view.dice, faces[0], view.targets) > 0:
                    return Move("oathbound", knight.name, faces[0], roller.name)
        return None

    def shield(self, view: View, ally: HeroView, loss: int) -> Move | None:
        for heavy in view.heroes:
            if (heavy.ability == abilities.BULWARK and heavy.alive and heavy.name != ally.name
                    and ally.heart <= loss < heavy.heart):
                return Move("bulwark", heavy.name, loss, ally.name)
        return None

    def heir(self, view: View) -> Move:
        living = [h for h in view.heroes if h.alive]
        return Move("heir", min(living, key=lambda h: len(h.symbols)).name)


def _has_use(hero: HeroView) -> bool:
    return hero.uses is None or hero.uses > 0


def _one_again(dice, die: int, targets) -> int:
    rest = list(dice)
    rest.remove(die)
    return sum(1 for face in range(1, DIE_SIDES + 1) if meets(rest + [face], targets))


class Game:
    def __init__(self, table: Table, rng: Random, strategy, watch=None):
        self.table, self.rng, self.strategy, self.watch = table, rng, strategy, watch

    def hero(self, name: str) -> Hero:
        return next(h for h in self.table.heroes if h.name == name)

    def move(self, move: Move | None, view: View | None = None) -> Move | None:
        """Checks a chosen move with the engine, on the view it was chosen from (or the table now),
        and shows it to the watcher."""
        if move is None:
            return None
        view = view or view_of(self.table)
        if self.watch:
            self.watch(view, move)
        reason = illegal(view, move)
        if reason:
            raise IllegalMove(f"{move}: {reason}")
        return move

    def lose_heart(self, hero: Hero, amount: int) -> None:
        if (self.table.card.get("mode") == "party" and self.table.roller
                and any(h.alive and h.ability == abilities.BULWARK and h is not hero for h in self.table.heroes)):
            view = view_of(self.table)
            guard = self.move(self.strategy.shield(view, view.hero(hero.name), amount), view)
            if guard:
                hero = self.hero(guard.hero)
        self.table.lost_heart = True
        hero.heart -= amount
        if hero.heart <= 0:
            self.face_death(hero)

    def gain_soul(self, hero: Hero, amount: int) -> None:
        hero.soul = max(0, hero.soul + nemeses.soul_gained(self.table.nemesis, amount))

    def face_death(self, hero: Hero) -> None:
        hero.alive, hero.heart, hero.power, hero.soul = False, 0, 0, 0
        living = [h for h in self.table.heroes if h.alive]
        if living and hero.loot:
            view = view_of(self.table)
            heir = self.move(self.strategy.heir(view), view)
            self.hero(heir.hero).loot += hero.loot
        hero.loot = []
        for penitent in living:
            if penitent.ability == abilities.LAST_RITES:
                self.gain_soul(penitent, abilities.LAST_RITES_SOUL)
                self.table.insight += abilities.LAST_RITES_INSIGHT

    def apply(self, hero: Hero, text: str, card: dict) -> None:
        for effect in _effects(text):
            targets = [h for h in self.table.heroes if h.alive] if effect.who == "all" else [hero]
            if effect.what == "Insight":
                self.table.insight = max(0, self.table.insight + effect.amount)
                continue
            for who in targets:
                if not who.alive:
                    continue
                if effect.what == "loot":
                    if self.loot_pile:
                        who.loot.append(self.loot_pile.pop())
                elif effect.what == "keep":
                    who.loot.append(kept_symbols(card))
                elif effect.what == "Heart":
                    if effect.amount < 0:
                        self.lose_heart(who, -effect.amount)
                    else:
                        who.heart = min(who.max_heart, who.heart + effect.amount)
                elif effect.what == "Power":
                    who.power = max(0, min(MAX_POWER, who.power + effect.amount))
                elif effect.what == "Soul":
                    self.gain_soul(who, effect.amount)

    def attempt(self, hero: Hero, card: dict, insight: int, follows_failure: bool, follows_loss: bool) -> bool:
        table = self.table
        table.roller, table.dice, table.lost_heart = hero.name, None, False
        table.targets = nemeses.challenge_targets(table.nemesis, table.phase, card["symbols"], card["targets"],
                                                  follows_failure)
        spent = 0
        for move in self.strategy.power(view_of(table), insight, follows_loss):
            self.move(move)
            if move.kind == "buy":
                hero.soul -= SOUL_PER_POWER * move.amount
                hero.power += move.amount
            else:
                hero.power -= move.amount
                spent = move.amount
        dice = nemeses.pool_after(table.nemesis, pool_of(_symbols_of(hero), card["symbols"], insight, spent),
                                  follows_loss)
        table.dice = [self.rng.randint(1, DIE_SIDES) for _ in range(dice)]
        while not meets(table.dice, table.targets):
            view = view_of(table)
            mend = self.move(self.strategy.mend(view), view)
            if mend is None:
                break
            user = self.hero(mend.hero)
            if mend.kind == "legerdemain":
                table.dice = abilities.legerdemain(table.dice, [self.rng.randint(1, DIE_SIDES) for _ in table.dice])
            elif mend.kind == "hex":
                table.dice = abilities.hex_die(table.dice, mend.amount)
            else:
                table.dice = abilities.oathbound(table.dice, mend.amount, [self.rng.randint(1, DIE_SIDES)])
                table.oathbound_used = True
                self.lose_heart(user, abilities.OATHBOUND_HEART)
            user.uses = abilities.spend_use(user.uses)
        won = meets(table.dice, table.targets)
        table.dice = None
        if hero.alive:
            self.apply(hero, card["success" if won else "defeat"], card)
        table.roller = ""
        return won

    def challenge(self, card: dict, drawer: Hero, insight: int) -> None:
        table = self.table
        table.card, table.oathbound_used = card, False
        table.targets = nemeses.challenge_targets(table.nemesis, table.phase, card["symbols"], card["targets"])
        for hero in table.heroes:
            if hero.alive and hero.ability == abilities.KNOWN_ROADS:
                view = view_of(table)
                if self.move(self.strategy.peek(view, view.hero(hero.name)), view):
                    hero.uses = abilities.spend_use(hero.uses)
                    nxt = abilities.known_roads(self.deck, self.position)
                    table.next_card = nxt.kind if nxt else None
        if card["mode"] == "solo":
            view = view_of(table)
            wanted = self.move(self.strategy.taker(view, insight), view).hero
            seat = solo_taker([h.alive for h in table.heroes], table.heroes.index(drawer),
                              [h.name == wanted for h in table.heroes])
            self.attempt(table.heroes[seat], card, insight, False, False)
        else:
            seats = party_order([h.alive for h in table.heroes], table.heroes.index(drawer))
            failed, lost = False, False
            for hero in [table.heroes[seat] for seat in seats]:
                if hero.alive:               # on Slay Them!, the Insight as it stands (Last Rites may add)
                    now = insight_dice(table.card_kind, table.insight)
                    failed = not self.attempt(hero, card, now, failed, lost)
                    lost = table.lost_heart
        table.card, table.targets = {}, []


def _nemesis_challenge(nemesis: dict, phase: str) -> dict:
    return {key: nemesis[f"{phase}_{key}"] for key in ("name", "mode", "symbols", "targets", "success", "defeat")}


def deal(characters: list[dict], equipment: list[dict], party: int) -> list[Hero]:
    start = starting(party)
    items = list(equipment)
    heroes = []
    for character in characters[:party]:
        symbols = list(character["symbols"]) + [s for item in items[:start["equipment"]] for s in item["symbols"]]
        items = items[start["equipment"]:]
        heroes.append(Hero(character["name"], symbols, start["heart"], start["heart"], start["power"], start["soul"],
                           ability=character.get("ability_name", ""), uses=character.get("uses")))
    return heroes


def play(characters: list[dict], equipment: list[dict], loot: list[dict], decks: dict, moments: list[dict],
         nemesis: dict, party: int, rng: Random, strategy=None, watch=None) -> bool:
    """One game: True when the party slays the Nemesis."""
    heroes = deal(characters, equipment, party)
    table = Table(heroes, nemeses.known(nemesis["ability_name"]))
    game = Game(table, rng, strategy or Baseline(), watch)
    game.loot_pile = [item["symbols"] for item in loot]
    rng.shuffle(game.loot_pile)
    by_id = {card["id"]: card for cards in decks.values() for card in cards}
    moment_by_id = {m["id"]: m for m in moments}
    game.deck = build_deck({phase: [c["id"] for c in decks[phase]] for phase in PHASES}, list(moment_by_id), rng)
    active = 0
    for game.position, drawn in enumerate(game.deck):
        if not any(h.alive for h in heroes):
            return False
        if drawn.phase != table.phase:
            table.phase = drawn.phase
            loss = nemeses.phase_start_heart(table.nemesis, drawn.phase)
            for hero in [h for h in heroes if h.alive] if loss else []:
                game.lose_heart(hero, loss)
            if not any(h.alive for h in heroes):
                return False
        active = next_active([h.alive for h in heroes], active)
        drawer = heroes[active]
        table.card_kind = drawn.kind
        if drawn.kind == "moment":
            game.apply(drawer, moment_by_id[drawn.id]["outcome"], {})
        else:
            card = (_nemesis_challenge(nemesis, drawn.phase) if drawn.kind == "nemesis"
                    else decks["slay-them"][0] if drawn.kind == "slay" else by_id[drawn.id])
            game.challenge(card, drawer, insight_dice(drawn.kind, table.insight))
        table.next_card = None
        active += 1
    return any(h.alive for h in heroes)


def simulate(data: dict, party: int, nemesis_ids: list[str], games: int, seed: int, progress=None) -> dict:
    """Win rates of the baseline party against each Nemesis named (all by default)."""
    rng = Random(seed)
    nemesis_cards = [n for n in data["nemeses"] if not nemesis_ids or n["id"] in nemesis_ids]
    results = []
    for nemesis in nemesis_cards:
        wins = sum(play(data["characters"], data["equipment"], data["loot"], data["decks"], data["moments"],
                        nemesis, party, rng) for _ in range(games))
        if progress:                   # the bar counts `games` in all, shared between the Nemeses
            progress(max(1, games // len(nemesis_cards)))
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
