"""One Last Fight's worked-example kinds (docs/worked-examples.md)."""

from itertools import groupby
from random import Random

from pnp.rules.kinds import Kind, SetupError, SetupField
from pnp.rules.olf.components import ALL_YOU_VE_GOT, DIE_SIDES
from pnp.rules.olf.deck import build_deck
from pnp.rules.olf.dice import RulesError, match, pool_size
from pnp.rules.olf.odds import success_chance
from pnp.rules.olf.party import buy_power, change, new_character, starting as starting_resources

STEP_KEYS = ("heart", "power", "soul", "buy_power")

PLACEHOLDER_DECKS = {"approach": 16, "lair": 15, "end": 10}     # card counts when no data is given
PLACEHOLDER_MOMENTS = 12


def _faces(values, field: str) -> list[int]:
    if not isinstance(values, list) or not all(isinstance(v, int) and 1 <= v <= DIE_SIDES for v in values):
        raise SetupError(field, f"a list of die faces, 1 to {DIE_SIDES}")
    return values


def pool(setup, context):
    challenge = setup["challenge"]
    if challenge != ALL_YOU_VE_GOT and not isinstance(challenge, list):
        raise SetupError("challenge", f"a list of attribute symbols, or '{ALL_YOU_VE_GOT}'")
    try:
        return {"dice": pool_size(challenge, list(setup["symbols"]), setup.get("power", 0), setup.get("insight", 0))}
    except RulesError as error:
        raise SetupError("symbols", str(error)) from None


def challenge(setup, context):
    used = match(_faces(setup["dice"], "dice"), _faces(setup["targets"], "targets"))
    return {"success": used is not None, "used": used}


def odds(setup, context):
    return {"success": success_chance(setup["dice"], _faces(setup["targets"], "targets"))}


def deck(setup, context):
    decks = context.get("challenges") or {phase: [f"{phase}-{i}" for i in range(count)]
                                          for phase, count in PLACEHOLDER_DECKS.items()}
    moments = context.get("moments") or [f"moment-{i}" for i in range(PLACEHOLDER_MOMENTS)]
    built = build_deck(decks, moments, Random(setup.get("seed", 1)))
    phases = [len(list(group)) for _, group in groupby(built, key=lambda card: card.phase)]
    return {"size": len(built), "phases": phases}


def resources(setup, context):
    """A character's Heart, Power and Soul through gains, losses and Soul spent on Power."""
    hero = new_character("hero", setup["characters"])
    steps = setup["steps"]
    if not isinstance(steps, list):
        raise SetupError("steps", "a list of steps: {heart: N}, {power: N}, {soul: N} or {buy_power: N}")
    try:
        for step in steps:
            if not isinstance(step, dict) or len(step) != 1 or next(iter(step)) not in STEP_KEYS:
                raise SetupError("steps", f"each step one of {', '.join(STEP_KEYS)}: N, not {step!r}")
            (key, amount), = step.items()
            hero = buy_power(hero, amount) if key == "buy_power" else change(hero, **{key: amount})
    except RulesError as error:
        raise SetupError("steps", str(error)) from None
    return {"heart": hero.heart, "power": hero.power, "soul": hero.soul, "alive": hero.alive}


def start(setup, context):
    return starting_resources(setup["characters"])


KINDS = {kind.name: kind for kind in (
    Kind("pool", "how many Challenge dice a player rolls",
         (SetupField("challenge", "symbols or all", help="the challenge's attribute symbols, or all (All You've Got)"),
          SetupField("symbols", "strs", help="every attribute symbol on the player's cards"),
          SetupField("power", "int", required=False, low=0, high=5, help="Power spent for extra dice"),
          SetupField("insight", "int", required=False, low=0, high=20, help="Insight, on Slay Them!")),
         ("dice",), pool),
    Kind("challenge", "whether a roll meets every target with a die of its own",
         (SetupField("dice", "ints", help="the faces rolled"), SetupField("targets", "ints")),
         ("success", "used"), challenge),
    Kind("odds", "the exact chance a pool meets the targets",
         (SetupField("dice", "int", low=0, high=20), SetupField("targets", "ints")), ("success",), odds),
    Kind("deck", "the challenge deck built phase by phase",
         (SetupField("seed", "int", required=False, low=0, high=2**31),), ("size", "phases"), deck),
    Kind("resources", "Heart, Power and Soul through gains, losses and Soul spent on Power (caps, Facing Death)",
         (SetupField("characters", "int", low=1, high=4), SetupField("steps", "list of steps",
          help="in order: {heart: N}, {power: N}, {soul: N} (negative to lose), {buy_power: N}")),
         ("heart", "power", "soul", "alive"), resources),
    Kind("start", "a character's starting resources and equipment for a party size",
         (SetupField("characters", "int", low=1, high=4),), ("heart", "power", "soul", "equipment"), start),
)}
