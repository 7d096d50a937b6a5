"""What One Last Fight's rulebook prints from the engine: the starting table, the deck's phases,
the odds, how hard each phase and Nemesis is; and the dice an example shows."""

from statistics import mean

from pnp.games.olf.aid import odds_context
from pnp.rules.olf.kinds import NEMESIS_ABILITIES, ROLL_ABILITIES
from pnp.rules.olf import components
from pnp.rules.olf.deck import phase_sizes
from pnp.rules.olf.difficulty import mean_chance, nemesis_chance, phase_table
from pnp.rules.olf import nemesis
from pnp.rules.olf.nemesis import changes_odds_after

TARGET_ABILITIES = (nemesis.BOUND, nemesis.PRECISION)   # the abilities that change the cards' own targets
from pnp.rules.olf.party import starting

ABILITY_NAMES = ROLL_ABILITIES
NEMESIS_NAMES = NEMESIS_ABILITIES
NEMESIS_PHASES = ("approach", "lair", "end")


def plural(count: int, one: str, many: str | None = None) -> str:
    return f"{count} {one if count == 1 else many or one + 's'}"


def starting_rows() -> list[dict]:
    """The source's table by party size: a row from its fewest characters to the next row's,
    the last to the characters in the box."""
    firsts = [row[0] for row in components.STARTING]
    lasts = [nxt - 1 for nxt in firsts[1:]] + [components.CHARACTERS]
    rows = []
    for first, last in zip(firsts, lasts):
        label = str(first) if first == last else f"{first} or {last}" if last == first + 1 else f"{first} to {last}"
        rows.append({"characters": label, **starting(first)})
    return rows


def _percent(chance) -> str:
    return f"{round(float(chance) * 100)} %"


def nemesis_rows(nemeses: list[dict], heroes: list, items: list) -> list[dict]:
    """Each Nemesis Challenge's typical chance under its Nemesis's ability; a Party Challenge
    whose odds depend on the hero before (Contagion, Undertow) shows the chance after that too."""
    rows = []
    for n in nemeses:
        ability, cells = n["ability_name"], []
        for phase in NEMESIS_PHASES:
            args = (ability, phase, n[f"{phase}_symbols"], n[f"{phase}_targets"], heroes, items)
            cell = _percent(nemesis_chance(*args))
            follows = changes_odds_after(ability)
            if follows and n[f"{phase}_mode"] == "party":
                after = nemesis_chance(*args, follows=follows)
                if _percent(after) != cell:
                    cell += f" ({_percent(after)})"
            cells.append(cell)
        rows.append({"name": n["name"], "skulls": n["skulls"], "ability": ability, "chances": cells})
    return rows


def _fraction(text) -> float:
    numerator, denominator = (int(x) for x in str(text).split("/"))
    return numerator / denominator


def rulebook_context(loaded: list) -> dict:
    from pnp.data.plain import as_plain

    cards = {d.deck.key: [as_plain(card) for card in d.cards] for d in loaded}
    heroes = [c["symbols"] for c in cards["characters"]]
    items = [c["symbols"] for c in cards["equipment"]]
    phases = []
    for key, label in (("approach", "Approach (I)"), ("lair", "Lair (II)"), ("end", "End (III)")):
        rows = phase_table(cards[key], heroes, items)
        under = {ability: round(100 * mean(float(nemesis_chance(ability, key, c["symbols"], c["targets"], heroes, items))
                                           for c in cards[key]))
                 for ability in TARGET_ABILITIES}
        phases.append({"label": label, "mean": round(mean_chance(rows) * 100), "under": under,
                       "easiest": rows[0]["name"], "easiest_chance": round(float(rows[0]["chance"]) * 100),
                       "hardest": rows[-1]["name"], "hardest_chance": round(float(rows[-1]["chance"]) * 100)})
    nemeses = nemesis_rows(cards["nemeses"], heroes, items)
    starts = starting_rows()
    names = ("MAX_POWER", "SOUL_PER_POWER", "CHALLENGE_DICE", "DECK_SIZE", "BASE_DICE")
    build = {phase: {"cards": count, "nemesis": nemesis, "moments": moments}
             for phase, count, nemesis, moments in components.PHASES}
    uses = {c["ability_name"]: c.get("uses") for c in cards["characters"]}
    nemesis_rules = {"BOUND_TARGET": nemesis.BOUND_TARGET}
    return {"rules": {name: getattr(components, name) for name in names}, "starts": starts, "build": build,
            "uses": uses, "nemesis_rules": nemesis_rules,
            "deck_phases": list(zip(("Approach (I)", "Lair (II)", "End (III)", "Slay Them!"), phase_sizes())),
            "phase_difficulty": phases, "nemesis_difficulty": nemeses, **odds_context(loaded)}


def diagram(kind: str, setup: dict, result: dict) -> list[dict]:
    """Dice to draw: `faces` are dice shown with pips, `targets` target numbers."""
    if kind == "challenge":
        return [{"label": "Rolled", "faces": setup["dice"], "targets": []},
                {"label": "Targets", "faces": [], "targets": setup["targets"]}]
    if kind == "odds":
        return [{"label": "Targets", "faces": [], "targets": setup["targets"]}]
    if kind == "ability":
        return [{"label": "Rolled", "faces": setup["dice"], "targets": []},
                {"label": "After", "faces": result["dice"], "targets": []},
                {"label": "Targets", "faces": [], "targets": setup["targets"]}]
    if kind == "nemesis":
        return [{"label": "Printed", "faces": [], "targets": result["printed"]},
                {"label": "Under the Nemesis", "faces": [], "targets": result["targets"]}]
    return []


def _leftover(rolled: list, used: list) -> list:
    """The dice of a roll that no target needed: the roll less each used die, taken once."""
    rest = list(rolled)
    for die in used:
        rest.remove(die)
    return rest


def _listed(values) -> str:
    return ", ".join(map(str, values))


def _pairs(used: list, targets: list) -> str:
    return ", ".join(f"{die} for {target}" for die, target in zip(used, targets))


def _pool_source(setup: dict, result: dict) -> str:
    """Where the dice come from: the dice every roll starts with, one for each matching symbol, Power, Insight."""
    matching = setup["symbols"] if setup["challenge"] == "all" else [s for s in setup["symbols"] if s in setup["challenge"]]
    base = plural(result["dice"] - len(matching) - setup.get("power", 0) - setup.get("insight", 0), "die", "dice")
    words = (f" That is {base} to start, and one more for each symbol of the hero’s that the card shows "
             f"({', '.join(matching)})." if matching else f" That is {base} to start: none of the hero's symbols is on the card.")
    return words + (" Each Power spent and each point of Insight adds one die."
                    if setup.get("power") or setup.get("insight") else "")


def _ability(setup: dict, result: dict) -> str:
    """The roll, what the ability changed, the targets met, what it cost."""
    name, after = ABILITY_NAMES[setup["ability"]], result["dice"]
    changed = next(((before, now) for before, now in zip(setup["dice"], after) if before != now), None)
    words = [f"Against {_listed(setup['targets'])}, the roll {_listed(setup['dice'])} fails."]
    if setup["ability"] == "legerdemain":
        words.append(f"Legerdemain rolls every die again, and the new roll stands: {_listed(after)}.")
    elif changed:
        words.append(f"{name} turns the {changed[0]} into a {changed[1]}: {_listed(after)}.")
    else:
        words.append(f"{name} changes nothing: {_listed(after)}.")
    words.append(f"Now each target has a die of its own ({_pairs(result['used'], setup['targets'])}): a success."
                 if result["success"] else "Still a failure.")
    if result["uses_left"] is not None:
        words.append(f"The ability has {plural(result['uses_left'], 'use')} left.")
    if result["heart_cost"]:
        words.append(f"The price: the Knight loses {result['heart_cost']} Heart.")
    return " ".join(words)


def _nemesis_why(setup: dict, result: dict) -> str:
    """Why the targets changed: the target Bound adds, the one Precision raises, or why the card is as printed."""
    printed, targets, ability = result["printed"], result["targets"], NEMESIS_NAMES[setup["nemesis"]]
    added = _leftover(targets, [t for t in printed if t in targets]) if targets != printed else []
    if ability == nemesis.BOUND:
        if added:
            return f" The card shows a Key: Bound adds a target of {added[0]}."
        if setup.get("challenge") == "all":
            return " All You’ve Got shows no symbol, so Bound leaves it as printed."
        return " Bound adds a target only to a card that shows a Key, from the first End card on: this one is left as printed."
    if ability == nemesis.PRECISION:
        if added:
            return f" The card has two targets or more, so Precision raises the lowest, {min(printed)}, to {added[0]}."
        return " With a single target, Precision leaves the card as printed."
    return ""


DECK_LAYERS = 4     # Approach, Lair, End, and Slay Them! alone at the bottom


def _deck(result: dict) -> str:
    if len(result["phases"]) != DECK_LAYERS:
        return f"{result['size']} cards: " + ", ".join(map(str, result["phases"])) + " from the top."
    approach, lair, end, _ = result["phases"]
    return (f"From the top: {approach} Approach (I) cards, {lair} Lair (II) cards, {end} End (III) cards, and Slay Them! "
            f"at the bottom, {result['size']} cards in all. Each phase is shuffled on its own, with its Nemesis "
            "Challenge card: the deck grows harder as it goes down.")


def _step(key: str, amount: int) -> str:
    if key == "buy_power":
        return f"buys {amount} Power with Soul"
    return f"{'gains' if amount > 0 else 'loses'} {abs(amount)} {key.title()}"


def describe(kind: str, setup: dict, result: dict) -> str:
    if kind == "pool":
        extra = []
        if setup.get("power"):
            extra.append(f"{setup['power']} Power spent")
        if setup.get("insight"):
            extra.append(f"{setup['insight']} Insight")
        wanted = "every symbol (All You've Got)" if setup["challenge"] == "all" else " and ".join(setup["challenge"])
        return (f"The challenge asks for {wanted}; the player holds {', '.join(setup['symbols'])}"
                + (f", with {' and '.join(extra)}" if extra else "") + f": {result['dice']} dice." + _pool_source(setup, result))
    if kind == "challenge":
        if result["success"]:
            pairs = ", ".join(f"{die} for {target}" for die, target in zip(result["used"], setup["targets"]))
            rest = _leftover(setup["dice"], result["used"])
            return (f"Success: each target has a die of its own ({pairs})."
                    + (f" The other dice, {_listed(rest)}, are not needed: one die for each target is enough." if rest else ""))
        return "Defeat: no die of its own meets every target."
    if kind == "odds":
        with_ability = ""
        if setup.get("ability"):
            uses = setup.get("uses", 1)
            with_ability = f", with {ABILITY_NAMES[setup['ability']]}" + (f" used {plural(uses, 'time')}" if uses > 1 else "")
        chance = str(result["success"]).split("/")
        rolls = f" Of every {chance[1]} such rolls, {chance[0]} succeed." if len(chance) == 2 else ""
        counted = (f" {ABILITY_NAMES[setup['ability']]} gives a failed roll another chance, and the successes it brings "
                   "are counted in." if setup.get("ability") else "")
        return (f"{plural(setup['dice'], 'die', 'dice')} against {', '.join(map(str, setup['targets'])) or 'no target'}"
                f"{with_ability}: {result['success']} exactly, {_fraction(result['success']):.0%}.{rolls}{counted}")
    if kind == "ability":
        return _ability(setup, result)
    if kind == "nemesis":
        dice = plural(result["dice"], "die", "dice")
        after = {"failure": " after a hero's failure", "heart-loss": " after a hero's loss of Heart"}.get(
            setup.get("follows"), "")
        changed = ("stay as they are" if result["targets"] == result["printed"] and not after
                   else f"become {', '.join(map(str, result['targets']))}")
        return (f"Under {NEMESIS_NAMES[setup['nemesis']]}{after}, the targets {', '.join(map(str, result['printed']))} "
                f"{changed}, rolled with {dice}: "
                f"{result['success']} exactly, {_fraction(result['success']):.0%}." + _nemesis_why(setup, result))
    if kind == "soul":
        return f"Under {NEMESIS_NAMES[setup['nemesis']]}, a gain of {setup['gain']} Soul brings {result['soul']}."
    if kind == "deck":
        return _deck(result)
    if kind == "resources":
        state = f"{result['heart']} Heart, {result['power']} Power, {result['soul']} Soul"
        steps = ", then ".join(_step(key, amount) for step in setup["steps"] for key, amount in step.items())
        return (f"The hero {steps}. Afterwards: {state}." if result["alive"]
                else "The last Heart is gone: the hero Faces Death, and their Power and Soul are lost.")
    if kind == "start":
        each = "the character starts" if setup["characters"] == 1 else "each starts"
        return (f"{plural(setup['characters'], 'character')}: {each} with {result['heart']} Heart, "
                f"{result['power']} Power, {result['soul']} Soul and "
                f"{plural(result['equipment'], 'Starting Equipment card')}. The fewer the heroes, the more each one "
                "starts with: the table above gives every party size.")
    return ""
