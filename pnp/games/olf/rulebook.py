"""What One Last Fight's rulebook prints from the engine: the starting table, the deck's phases,
the odds, how hard each phase and Nemesis is; and the dice an example shows."""

from pnp.games.olf.aid import odds_context
from pnp.rules.olf import components
from pnp.rules.olf.deck import phase_sizes
from pnp.rules.olf.difficulty import mean_chance, phase_table, typical_chance
from pnp.rules.olf.party import starting


def rulebook_context(loaded: list) -> dict:
    from pnp.data.plain import as_plain

    cards = {d.deck.key: [as_plain(card) for card in d.cards] for d in loaded}
    heroes = [c["symbols"] for c in cards["characters"]]
    items = [c["symbols"] for c in cards["equipment"]]
    phases = []
    for key, label in (("approach", "Approach (I)"), ("lair", "Lair (II)"), ("end", "End (III)")):
        rows = phase_table(cards[key], heroes, items)
        phases.append({"label": label, "mean": round(mean_chance(rows) * 100),
                       "easiest": rows[0]["name"], "easiest_chance": round(float(rows[0]["chance"]) * 100),
                       "hardest": rows[-1]["name"], "hardest_chance": round(float(rows[-1]["chance"]) * 100)})
    nemeses = [{"name": n["name"], "skulls": n["skulls"], "ability": n["ability_name"],
                "chances": [round(float(typical_chance(n[f"{p}_symbols"], n[f"{p}_targets"], heroes, items)) * 100)
                            for p in ("approach", "lair", "end")]} for n in cards["nemeses"]]
    starts = [{"characters": label, **starting(n)} for n, label in ((1, "1"), (2, "2 or 3"), (4, "4"))]
    names = ("MAX_POWER", "SOUL_PER_POWER", "CHALLENGE_DICE", "DECK_SIZE", "BASE_DICE")
    build = {phase: {"cards": count, "nemesis": nemesis, "moments": moments}
             for phase, count, nemesis, moments in components.PHASES}
    return {"rules": {name: getattr(components, name) for name in names}, "starts": starts, "build": build,
            "deck_phases": list(zip(("Approach (I)", "Lair (II)", "End (III)", "Slay Them!"), phase_sizes())),
            "phase_difficulty": phases, "nemesis_difficulty": nemeses, **odds_context(loaded)}


def diagram(kind: str, setup: dict, result: dict) -> list[dict]:
    """Dice to draw: `faces` are dice shown with pips, `targets` target numbers."""
    if kind == "challenge":
        return [{"label": "Rolled", "faces": setup["dice"], "targets": []},
                {"label": "Targets", "faces": [], "targets": setup["targets"]}]
    if kind == "odds":
        return [{"label": "Targets", "faces": [], "targets": setup["targets"]}]
    return []


def describe(kind: str, setup: dict, result: dict) -> str:
    if kind == "pool":
        extra = []
        if setup.get("power"):
            extra.append(f"{setup['power']} Power spent")
        if setup.get("insight"):
            extra.append(f"{setup['insight']} Insight")
        wanted = "every symbol (All You've Got)" if setup["challenge"] == "all" else " and ".join(setup["challenge"])
        return (f"The challenge asks for {wanted}; the player holds {', '.join(setup['symbols'])}"
                + (f", with {' and '.join(extra)}" if extra else "") + f": {result['dice']} dice.")
    if kind == "challenge":
        if result["success"]:
            pairs = ", ".join(f"{die} for {target}" for die, target in zip(result["used"], setup["targets"]))
            return f"Success: each target has a die of its own ({pairs})."
        return "Defeat: no die of its own meets every target."
    if kind == "odds":
        numerator, denominator = (int(x) for x in str(result["success"]).split("/"))
        return (f"{setup['dice']} dice against {', '.join(map(str, setup['targets'])) or 'no target'}: "
                f"{result['success']} exactly, {numerator / denominator:.0%}.")
    if kind == "deck":
        return f"{result['size']} cards: " + ", ".join(map(str, result["phases"])) + " from the top."
    if kind == "resources":
        state = f"{result['heart']} Heart, {result['power']} Power, {result['soul']} Soul"
        return (f"Afterwards: {state}." if result["alive"]
                else "The last Heart is gone: the hero Faces Death, and their Power and Soul are lost.")
    if kind == "start":
        return (f"{setup['characters']} character(s): each starts with {result['heart']} Heart, {result['power']} Power, "
                f"{result['soul']} Soul and {result['equipment']} Starting Equipment card(s).")
    return ""
