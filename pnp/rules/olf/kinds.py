"""One Last Fight's worked-example kinds (docs/worked-examples.md)."""

from itertools import groupby
from random import Random

from pnp.rules.kinds import Kind, SetupError, SetupField
from pnp.rules.olf import abilities, nemesis as nemeses
from pnp.rules.olf.components import ALL_YOU_VE_GOT, ATTRIBUTES, CHARACTERS, DIE_SIDES, MAX_POWER
from pnp.rules.olf.deck import build_deck
from pnp.rules.olf.dice import RulesError, match, pool_size
from pnp.rules.olf.moves import follows_error, insight_error
from pnp.rules.olf.odds import ability_chance, success_chance
from pnp.rules.olf.party import buy_power, change, new_character, starting as starting_resources

STEP_KEYS = ("heart", "power", "soul", "buy_power")

PLACEHOLDER_DECKS = {"approach": 16, "lair": 15, "end": 10}     # card counts when no data is given
PLACEHOLDER_MOMENTS = 12
MAX_EXAMPLE_DICE = 20


def _slug(name: str) -> str:
    return name.lower().replace(" ", "-")


ROLL_ABILITIES = {_slug(name): name for name in abilities.ROLL_ABILITIES}
NEMESIS_ABILITIES = {_slug(name): name for name in nemeses.NEMESIS_ABILITIES}
FOLLOWS = ("failure", "heart-loss")


def _faces(values, field: str) -> list[int]:
    if not isinstance(values, list) or not all(isinstance(v, int) and 1 <= v <= DIE_SIDES for v in values):
        raise SetupError(field, f"a list of die faces, 1 to {DIE_SIDES}")
    return values


def _slay_them(context) -> dict:
    """The Slay Them! card as the data prints it (the source's, when no data is given)."""
    return context.get("slay_them") or {"mode": "party", "symbols": [ALL_YOU_VE_GOT]}


def _as_slay_them(challenge, context) -> None:
    """Refuse a `phase: slay` setup whose challenge is not the Slay Them! card's: no game deals another."""
    printed = _slay_them(context)["symbols"]
    asked = [challenge] if challenge == ALL_YOU_VE_GOT else list(challenge)
    if sorted(asked) != sorted(printed):
        shown = "All You've Got" if printed == [ALL_YOU_VE_GOT] else ", ".join(printed)
        raise SetupError("challenge", f"Slay Them! asks for {shown}: write "
                                      f"`challenge: {ALL_YOU_VE_GOT if printed == [ALL_YOU_VE_GOT] else printed}`, "
                                      "or another phase")


def pool(setup, context):
    challenge = setup["challenge"]
    if challenge != ALL_YOU_VE_GOT and not isinstance(challenge, list):
        raise SetupError("challenge", f"a list of attribute symbols, or '{ALL_YOU_VE_GOT}'")
    if setup.get("phase") == "slay":
        _as_slay_them(challenge, context)
    card_kind = "slay" if setup.get("phase") == "slay" else "challenge"
    if error := insight_error(card_kind, setup.get("insight", 0)):
        raise SetupError("insight", f"{error}: write `phase: slay` for a hero attempting Slay Them!, or leave Insight out")
    try:
        return {"dice": pool_size(challenge, list(setup["symbols"]), setup.get("power", 0), setup.get("insight", 0))}
    except RulesError as error:
        raise SetupError("symbols", str(error)) from None


def challenge(setup, context):
    used = match(_faces(setup["dice"], "dice"), _faces(setup["targets"], "targets"))
    return {"success": used is not None, "used": used}


def odds(setup, context):
    targets = _faces(setup["targets"], "targets")
    if "ability" not in setup:
        if "uses" in setup:
            raise SetupError("uses", "uses go with an ability")
        return {"success": success_chance(setup["dice"], targets), "without": None}
    name = ROLL_ABILITIES[setup["ability"]]
    if name == abilities.OATHBOUND and "uses" in setup:
        raise SetupError("uses", "Oathbound has no uses to spend: the Knight helps once per Challenge")
    # without: the same roll with the ability left unused, so an example can set the two side by side
    return {"success": ability_chance(setup["dice"], targets, name, setup.get("uses", 1)),
            "without": success_chance(setup["dice"], targets)}


def ability(setup, context):
    """A failed roll, and a Special Ability used on it: the dice after, and the uses left."""
    name = ROLL_ABILITIES[setup["ability"]]
    dice, targets = _faces(setup["dice"], "dice"), _faces(setup["targets"], "targets")
    if match(dice, targets) is not None:
        raise SetupError("dice", "the roll already succeeds: abilities are for a failed roll (ruling O9)")
    wanted = {abilities.LEGERDEMAIN: ("rolled",), abilities.HEX: ("die",), abilities.OATHBOUND: ("die", "rolled")}[name]
    for key in ("die", "rolled"):
        if key in wanted and key not in setup:
            raise SetupError(key, f"{name} needs `{key}`: " + ("the face it acts on" if key == "die" else "the faces rolled again"))
        if key not in wanted and key in setup:
            raise SetupError(key, f"{name} takes no `{key}`")
    if name == abilities.OATHBOUND and setup.get("uses") is not None:
        raise SetupError("uses", "Oathbound has no uses to spend: the Knight helps once per Challenge")
    try:
        uses_left = abilities.spend_use(setup.get("uses"))
        if name == abilities.LEGERDEMAIN:
            after = abilities.legerdemain(dice, _faces(setup.get("rolled", []), "rolled"))
        elif name == abilities.HEX:
            after = abilities.hex_die(dice, setup.get("die", 0))
        else:
            after = abilities.oathbound(dice, setup.get("die", 0), _faces(setup.get("rolled", []), "rolled"))
    except RulesError as error:
        raise SetupError("ability", str(error)) from None
    used = match(after, targets)
    return {"dice": after, "success": used is not None, "used": used, "uses_left": uses_left,
            "heart_cost": abilities.OATHBOUND_HEART if name == abilities.OATHBOUND else 0}


def _printed_challenge(setup, context) -> dict:
    """The challenge a `nemesis` setup names: its own `challenge`, `targets` and `mode`, or, with
    `card`, that Nemesis's Nemesis Challenge of the phase as the card data prints it (so the
    example follows the card when its targets are tuned)."""
    if "card" not in setup:
        missing = [key for key in ("challenge", "targets") if key not in setup]
        if missing:
            raise SetupError(missing[0], f"`{missing[0]}`, or `card:` naming the Nemesis whose challenge it is")
        return {"challenge": setup["challenge"], "targets": setup["targets"], "mode": setup.get("mode")}
    given = [key for key in ("challenge", "targets", "mode") if key in setup]
    if given:
        raise SetupError(given[0], f"`card:` gives the challenge's symbols, targets and mode: leave out `{given[0]}`")
    nemeses = context.get("nemeses", {})
    card = nemeses.get(setup["card"])
    if card is None:
        raise SetupError("card", f"no Nemesis '{setup['card']}': the Nemeses are {', '.join(nemeses) or 'none'}")
    if setup["phase"] not in card:
        raise SetupError("phase", f"a Nemesis Challenge is Approach, Lair or End, not {setup['phase']}")
    if NEMESIS_ABILITIES[setup["nemesis"]] != card["ability"]:
        raise SetupError("nemesis", f"{setup['card']}'s ability is {card['ability']}")
    printed = card[setup["phase"]]
    symbols = printed["symbols"]
    return {"challenge": ALL_YOU_VE_GOT if symbols == [ALL_YOU_VE_GOT] else symbols,
            "targets": printed["targets"], "mode": printed["mode"]}


def nemesis(setup, context):
    """A challenge under a Nemesis's ability: the targets and dice it leaves, and the odds."""
    name = NEMESIS_ABILITIES[setup["nemesis"]]
    printed = _printed_challenge(setup, context)
    challenge = printed["challenge"]
    if challenge != ALL_YOU_VE_GOT and not isinstance(challenge, list):
        raise SetupError("challenge", f"a list of attribute symbols, or '{ALL_YOU_VE_GOT}'")
    symbols = [challenge] if challenge == ALL_YOU_VE_GOT else challenge
    unknown = [s for s in symbols if s != ALL_YOU_VE_GOT and s not in ATTRIBUTES]
    if unknown:
        raise SetupError("challenge", f"attribute symbols are {', '.join(ATTRIBUTES)}, or '{ALL_YOU_VE_GOT}'; not {', '.join(map(str, unknown))}")
    follows = setup.get("follows")
    mode = printed["mode"] or ("party" if setup["phase"] == "slay" else "solo")
    if setup["phase"] == "slay":
        _as_slay_them(challenge, context)
        if mode != _slay_them(context)["mode"]:
            raise SetupError("mode", "Slay Them! is a Party Challenge: every living hero attempts it")
    if follows and (error := follows_error(mode)):
        raise SetupError("follows", f"{error}: write `mode: party` for a Party Challenge, or leave `follows` out")
    targets = nemeses.challenge_targets(name, setup["phase"], symbols, _faces(printed["targets"], "targets"),
                                        follows_failure=follows == "failure")
    dice = nemeses.pool_after(name, setup["dice"], follows_heart_loss=follows == "heart-loss")
    return {"printed": list(printed["targets"]), "targets": targets, "dice": dice,
            "success": success_chance(dice, targets)}


def soul(setup, context):
    """Soul gained under a Nemesis's ability."""
    return {"soul": nemeses.soul_gained(NEMESIS_ABILITIES[setup["nemesis"]], setup["gain"])}


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
          SetupField("hero", "str", required=False, help="the hero's player, named in the example's words"),
          SetupField("power", "int", required=False, low=0, high=MAX_POWER, help="Power spent for extra dice"),
          SetupField("insight", "int", required=False, low=0, high=20, help="Insight, on Slay Them! only (phase: slay)"),
          SetupField("phase", "str", required=False, choices=("approach", "lair", "end", "slay"),
                     help="the card's phase; slay for Slay Them!, the one card where Insight adds dice")),
         ("dice",), pool),
    Kind("challenge", "whether a roll meets every target with a die of its own",
         (SetupField("dice", "ints", help="the faces rolled"), SetupField("targets", "ints")),
         ("success", "used"), challenge),
    Kind("odds", "the exact chance a pool meets the targets, with a Special Ability used on a failed roll",
         (SetupField("dice", "int", low=0, high=MAX_EXAMPLE_DICE), SetupField("targets", "ints"),
          SetupField("ability", "str", required=False, choices=tuple(ROLL_ABILITIES),
                     help="a Special Ability the roller may use on a failure"),
          SetupField("uses", "int", required=False, low=1, high=6,
                     help="uses spent on the one roll (Legerdemain: rolls again; Hex: +1s); default 1")),
         ("success", "without"), odds),
    Kind("ability", "a failed roll and the Special Ability used on it",
         (SetupField("ability", "str", choices=tuple(ROLL_ABILITIES)), SetupField("dice", "ints"),
          SetupField("targets", "ints"),
          SetupField("die", "int", required=False, low=1, high=DIE_SIDES,
                     help="Hex: the face raised; Oathbound: the face rolled again"),
          SetupField("rolled", "ints", required=False, help="the faces rolled again (Legerdemain: all; Oathbound: one)"),
          SetupField("uses", "int", required=False, low=0, high=6,
                     help="uses left on the Special Ability die before (none for an ability without a limit)")),
         ("dice", "success", "used", "uses_left", "heart_cost"), ability),
    Kind("nemesis", "a challenge under a Nemesis's ability: its targets, the dice left and the odds",
         (SetupField("nemesis", "str", choices=tuple(NEMESIS_ABILITIES), help="the Nemesis's ability"),
          SetupField("phase", "str", choices=("approach", "lair", "end", "slay")),
          SetupField("card", "str", required=False,
                     help="a Nemesis id: its Nemesis Challenge of the phase gives the symbols, targets and mode"),
          SetupField("challenge", "symbols or all", required=False,
                     help="the challenge's attribute symbols, or all (without `card`)"),
          SetupField("targets", "ints", required=False, help="without `card`"),
          SetupField("dice", "int", low=1, high=MAX_EXAMPLE_DICE),
          SetupField("mode", "str", required=False, choices=("solo", "party"),
                     help="a Solo or a Party Challenge (default solo; Slay Them! is a Party Challenge)"),
          SetupField("follows", "str", required=False, choices=FOLLOWS,
                     help="in a Party Challenge (mode: party): the hero before failed, or lost Heart")),
         ("printed", "targets", "dice", "success"), nemesis),
    Kind("soul", "Soul gained under a Nemesis's ability",
         (SetupField("nemesis", "str", choices=tuple(NEMESIS_ABILITIES)), SetupField("gain", "int", low=0, high=20)),
         ("soul",), soul),
    Kind("deck", "the challenge deck built phase by phase",
         (SetupField("seed", "int", required=False, low=0, high=2**31),), ("size", "phases"), deck),
    Kind("resources", "Heart, Power and Soul through gains, losses and Soul spent on Power (caps, Facing Death)",
         (SetupField("characters", "int", low=1, high=CHARACTERS), SetupField("steps", "list of steps",
          help="in order: {heart: N}, {power: N}, {soul: N} (negative to lose), {buy_power: N}")),
         ("heart", "power", "soul", "alive"), resources),
    Kind("start", "a character's starting resources and equipment for a party size",
         (SetupField("characters", "int", low=1, high=CHARACTERS),), ("heart", "power", "soul", "equipment"), start),
)}
