"""Verdun's worked-example kinds (docs/worked-examples.md): `trick` and `score`."""

from pnp.rules.kinds import Kind, SetupError, SetupField
from pnp.rules.verdun.cards import CardError, troop
from collections import Counter

from pnp.rules.verdun.deck import PLAYERS, TRICK_CARDS, standard_deck
from pnp.rules.verdun.game import Seat, Table, Target
from pnp.rules.verdun.legal import dealt, move_error
from pnp.rules.verdun.score import score as team_score, skulls
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


def seated(attackers: str, target: dict, plays: list[Play]) -> None:
    """The plays as a table would see them, each held to the simulator's own legality check
    (legal.move_error): the seats are the players in the order they first play a troop card, the
    Lead first, teams alternating round the table (the source: team members sit diagonally
    opposite); two players are a 1v1 game, each fielding two troop cards a trick (ruling D10).
    Every player holds the cards they play, so only the order and the sides are judged; a fault
    is named at its play."""
    troops = [play for play in plays if not play.answer]
    names = list(dict.fromkeys(play.player for play in troops))
    teams: dict = {}
    for index, play in enumerate(plays):
        if teams.setdefault(play.player, play.team) != play.team:
            raise SetupError("plays", f"{play.player} plays for the {teams[play.player]} and for the {play.team}: "
                                      "a player keeps one side", at=(index,))
    if troops and troops[0].team != attackers:
        raise SetupError("plays", f"the Lead, {troops[0].player}, plays the first troop card and leads the attack: "
                                  f"they are on the attacking side, the {attackers}, not the {troops[0].team}",
                         at=(plays.index(troops[0]),))
    if len(troops) != TRICK_CARDS:
        raise SetupError("plays", f"{len(troops)} troop cards: a trick is resolved once all {TRICK_CARDS} are down")
    if len(names) not in PLAYERS.values():
        counts = " or ".join(f"{count} ({mode})" for mode, count in PLAYERS.items())
        again = next((index for index, play in enumerate(plays) if not play.answer
                      and play.player in [p.player for p in plays[:index] if not p.answer]), None)
        if again is not None:
            raise SetupError("plays", f"play {again + 1} ({plays[again].player}): a second troop card from "
                                      f"{plays[again].player} among {len(names)} players; a trick is played by "
                                      f"{counts}, each in turn", at=(again,))
        raise SetupError("plays", f"{len(names)} players field troop cards: a trick is played by {counts}")
    box = Counter(standard_deck())
    for card, count in Counter(dealt(play) for play in troops).items():
        if count > box[card]:
            raise SetupError("plays", f"{card} played {count} times: the deck holds {box[card]}")
    seats = [Seat(name, teams[name], [dealt(p) for p in troops if p.player == name],
                  [p.tactical for p in plays if p.player == name and p.tactical]) for name in teams]
    defenders = "German" if attackers == "French" else "French"
    table = Table(seats, {defenders: [Target(target.get("fortification", 0), target.get("asset", 0))]}, 0,
                  2 if len(names) == PLAYERS["1v1"] else 1, attack=0)
    for index, play in enumerate(plays):
        error = move_error(table, play.player, play)
        if error:
            raise SetupError("plays", f"play {index + 1} ({play.player}): {error}", at=(index,))
        table.plays.append(play)
        seat = next(s for s in table.seats if s.name == play.player)
        if not play.answer:
            seat.hand.remove(dealt(play))
        if play.tactical:
            seat.tactical.remove(play.tactical)
    for one, two in zip(names, names[1:]):
        if teams[one] == teams[two]:
            raise SetupError("plays", f"{one} and {two}, both {teams[one]}, play troop cards one after the other: "
                                      "team members sit diagonally opposite, so the turn passes from side to side",
                             at=(plays.index(next(p for p in troops if p.player == two)),))


def trick(setup, context):
    target = setup["target"]
    if not isinstance(target, dict) or "fortification" not in target:
        raise SetupError("target", "{fortification: N, revealed: false, asset: N}")
    weather = setup.get("weather")
    if weather is not None and weather not in WEATHER:
        raise SetupError("weather", f"one of {', '.join(WEATHER)}")
    plays = engine_plays(setup["plays"])
    seated(setup["attackers"], target, plays)
    try:
        outcome = resolve(setup["attackers"], target, plays, weather)
    except TrickError as error:
        raise SetupError("plays", str(error)) from None
    return {"totals": outcome.totals, "parts": outcome.parts, "fortification_revealed": outcome.fortification_revealed,
            "winner": outcome.winner, "overrun": outcome.overrun, "casualties": outcome.casualties,
            "tactical_award": outcome.tactical_award, "captured": outcome.captured,
            "cancelled": [{"player": plays[i].player, "tactical": plays[i].tactical} for i in outcome.cancelled]}


def score(setup, context):
    try:
        casualties = [troop(card) for card in setup.get("casualties", [])]
    except CardError as error:
        raise SetupError("casualties", str(error)) from None
    return {"score": team_score(list(setup.get("captured", [])), list(setup.get("assets_left", [])), casualties),
            "skulls": [skulls(card) for card in casualties]}


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
         ("score", "skulls"), score),
)}
