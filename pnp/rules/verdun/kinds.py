"""Verdun's worked-example kinds (docs/worked-examples.md): `trick` and `score`."""

from pnp.rules.kinds import Kind, SetupError, SetupField
from pnp.rules.verdun.cards import CardError, troop
from pnp.rules.verdun.score import score as team_score
from pnp.rules.verdun.trick import ANSWER, WEATHER, Play, TrickError, resolve

PLAY_KEYS = {"player", "team", "card", "tactical"}


def engine_plays(items) -> list[Play]:
    if not isinstance(items, list) or not items:
        raise SetupError("plays", "a list of plays in order: {player, team, card, tactical}")
    plays = []
    for item in items:
        if not isinstance(item, dict) or not {"player", "team"} <= set(item) or set(item) - PLAY_KEYS \
                or ("card" not in item and item.get("tactical") != ANSWER):
            raise SetupError("plays", "each play is {player, team, card, tactical}, or a Stratagem answering the "
                                      f"play before it, {{player, team, tactical: stratagem}}; not {item!r}")
        if item["team"] not in ("French", "German"):
            raise SetupError("plays", f"{item['player']}: a team is French or German")
        try:
            card = troop(item["card"]) if "card" in item else None
            plays.append(Play(str(item["player"]), item["team"], card, item.get("tactical")))
        except CardError as error:
            raise SetupError("plays", str(error)) from None
    return plays


def trick(setup, context):
    target = setup["target"]
    if not isinstance(target, dict) or "fortification" not in target:
        raise SetupError("target", "{fortification: N, revealed: false, asset: N}")
    weather = setup.get("weather")
    if weather is not None and weather not in WEATHER:
        raise SetupError("weather", f"one of {', '.join(WEATHER)}")
    plays = engine_plays(setup["plays"])
    try:
        outcome = resolve(setup["attackers"], target, plays, weather)
    except TrickError as error:
        raise SetupError("plays", str(error)) from None
    return {"totals": outcome.totals, "fortification_revealed": outcome.fortification_revealed,
            "winner": outcome.winner, "overrun": outcome.overrun, "casualties": outcome.casualties,
            "tactical_award": outcome.tactical_award, "captured": outcome.captured,
            "cancelled": [{"player": plays[i].player, "tactical": plays[i].tactical} for i in outcome.cancelled]}


def score(setup, context):
    try:
        casualties = [troop(card) for card in setup.get("casualties", [])]
    except CardError as error:
        raise SetupError("casualties", str(error)) from None
    return {"score": team_score(list(setup.get("captured", [])), list(setup.get("assets_left", [])), casualties)}


KINDS = {kind.name: kind for kind in (
    Kind("trick", "a trick: totals by colour, the fortification, casualties, the tactical award",
         (SetupField("attackers", "str", choices=("French", "German")),
          SetupField("target", "mapping", help="{fortification: N, revealed: false, asset: N}"),
          SetupField("plays", "plays", help="in play order: {player, team, card, tactical}; a Stratagem answer has no card"),
          SetupField("weather", "str", required=False, help=", ".join(WEATHER))),
         ("totals", "fortification_revealed", "winner", "overrun", "casualties", "tactical_award", "captured",
          "cancelled"), trick),
    Kind("score", "a team's score at the end of a round",
         (SetupField("captured", "ints", required=False, help="asset values captured"),
          SetupField("assets_left", "ints", required=False, help="own face-down asset values"),
          SetupField("casualties", "strs", required=False, help="own casualty cards")),
         ("score",), score),
)}
