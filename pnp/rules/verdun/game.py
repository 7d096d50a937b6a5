"""A whole round of Verdun, played by simple players, for the simulator.

Each team hides its 5 Assets behind 5 of its 6 Fortifications (one set aside at random). With
Mud and Blood, the trick's weather is turned first (ruling D11). The Lead names an enemy target
that still stands and leads; every player plays a troop and may add a tactical card; whenever a
Tactical card is played, the other players, in turn from the next seat, may answer it with a
Stratagem at once, and so on down the chain (ruling D14); the trick is resolved (trick.py); the
highest survivors draw a tactical card if they hold fewer than two; the Lead passes to the left.
The round ends when the hands are empty, or when a team has lost all five Assets. 1v1: each
player plays two cards a trick, one for each seat of their side, and draws a troop after each
trick while the draw deck lasts.

A player decides from a View: their own hand and Tactical cards and what lies face up on the
table, nothing else. Players:
- random: any troop, a tactical card a quarter of the time, a random target, and half the time
  a Stratagem against the other side's Tactical card just played;
- greedy: the documented baseline. As Lead, attack the weakest-looking enemy target (a revealed
  Fortification's value, else unknown: 3). Play its highest troop of its own colour when its side
  is behind after the cards already played, else its lowest card; play Weather Changes against
  harmful weather, an Air Strike when behind, a Decoy when its side is behind with its last card
  to play; always answer the other side's Tactical card with a Stratagem.
"""

from collections import Counter
from dataclasses import dataclass, field, replace
from random import Random

from pnp.rules.verdun.cards import troop
from pnp.rules.verdun.components import (ASSETS, FORTIFICATIONS, FORTIFICATIONS_IN_PLAY, TACTICAL_DECK,
                                          TACTICAL_HAND_LIMIT, TEAMS, WEATHER_CHANGES, WEATHER_DECK)
from pnp.rules.verdun.deck import PLAYERS, deal
from pnp.rules.verdun.legal import Attack, defenders, troops_to_come
from pnp.rules.verdun.score import card_skulls, winner
from pnp.rules.verdun.trick import ANSWER, Play, resolve

UNKNOWN_FORTIFICATION = 3
RANDOM_TACTICAL = 0.25          # how often a random player adds a tactical card
RANDOM_STRATAGEM = 0.5          # how often a random player answers with a Stratagem
HARMFUL_WEATHER = ("fog", "flare", "rain", "sniper")
MODES = tuple(PLAYERS)
TACTICAL_NAMES = tuple(name for name, _ in TACTICAL_DECK) + ("weather_changes",)
UNKNOWN_TILE = "?"              # a face-down Fortification, as a View shows it


@dataclass
class Target:
    fortification: int
    asset: int
    revealed: bool = False
    overrun: bool = False


@dataclass
class Seat:
    name: str
    team: str
    hand: list
    tactical: list = field(default_factory=list)


@dataclass
class Table:
    """The round between two moves, as the rules see it (legal.move_error reads it)."""
    seats: list
    targets: dict                  # team -> its five Targets
    lead: int
    per_trick: int                 # troop cards each player fields a trick
    weather: str | None = None
    attack: int | None = None      # the target named, among the defenders' targets
    plays: list = field(default_factory=list)


@dataclass(frozen=True)
class View:
    """All a player knows when deciding: their own cards and what lies face up on the table."""
    name: str
    team: str
    hand: tuple
    tactical: tuple
    weather: str | None
    targets: tuple                 # the enemy's targets: a face-up Fortification's value, else "?"; None for overrun
    own: tuple                     # the team's own pairs (Fortification, Asset), None for overrun: a team may look
    plays: tuple                   # this trick's plays so far
    last: bool                     # this troop card closes the trick


def view(table: Table, seat: Seat, last: bool = False) -> View:
    enemy = "German" if seat.team == "French" else "French"
    targets = tuple(None if t.overrun else (t.fortification if t.revealed else UNKNOWN_TILE)
                    for t in table.targets[enemy])
    own = tuple(None if t.overrun else (t.fortification, t.asset) for t in table.targets[seat.team])
    return View(seat.name, seat.team, tuple(seat.hand), tuple(seat.tactical), table.weather, targets, own,
                tuple(table.plays), last)


def _general(card: str, team: str) -> str:
    """A General is played as 14 for its own side, as 1 for the other."""
    if card.endswith("G") and len(card) == 2:
        return f"{card}:{14 if (card[0] == 'F') == (team == 'French') else 1}"
    return card


def _totals(plays: tuple) -> dict:
    """Each side's total so far, as the cards on the table stand."""
    if not plays:
        return {team: 0 for team in TEAMS}
    return resolve("French", {"fortification": 0, "revealed": True, "asset": None}, list(plays)).totals


def choose_target(me: View, rng: Random, style: str) -> int:
    standing = [i for i, tile in enumerate(me.targets) if tile is not None]
    if style == "random":
        return rng.choice(standing)
    return min(standing, key=lambda i: UNKNOWN_FORTIFICATION if me.targets[i] == UNKNOWN_TILE else me.targets[i])


def choose_play(me: View, rng: Random, style: str) -> tuple[str, str | None]:
    """A troop card and perhaps a tactical card (never a Stratagem: that one answers, see
    `choose_answer`)."""
    usable = [t for t in me.tactical if t != ANSWER]
    if any(p.card is not None and p.card.kind == "reconnaissance" and p.team != me.team for p in me.plays):
        usable = []
    if style == "random":
        card = rng.choice(me.hand)
        tactical = rng.choice(usable) if usable and rng.random() < RANDOM_TACTICAL else None
        return card, tactical
    own = "F" if me.team == "French" else "G"
    other = "German" if me.team == "French" else "French"
    totals = _totals(me.plays)
    behind = totals[me.team] <= totals[other]

    def strength(card):
        t = troop(_general(card, me.team))
        return t.rank if t.rank is not None else 0
    mine = [c for c in me.hand if c[0] == own or c[0] == "X"]
    if behind and mine:
        card = max(mine, key=strength)
    else:
        card = min(me.hand, key=lambda c: (c[0] == own, strength(c)))
    tactical = None
    if "weather_changes" in usable and me.weather in HARMFUL_WEATHER:
        tactical = "weather_changes"
    elif "air_strike" in usable and behind:
        tactical = "air_strike"
    elif "decoy" in usable and behind and me.last:
        tactical = "decoy"
    return card, tactical


def choose_answer(me: View, rng: Random, style: str) -> bool:
    """Whether to cancel, with a Stratagem, the Tactical card just played: only the other side's."""
    if ANSWER not in me.tactical or not me.plays or me.plays[-1].team == me.team:
        return False
    if any(p.card is not None and p.card.kind == "reconnaissance" and p.team != me.team for p in me.plays):
        return False
    return style == "greedy" or rng.random() < RANDOM_STRATAGEM


def _new_round(mode: str, game: str, rng: Random, weather: bool):
    hands, draw = deal(mode, game, rng)
    seats = [Seat(f"P{i + 1}", TEAMS[i % 2], hands[i]) for i in range(PLAYERS[mode])]
    targets = {}
    for team in TEAMS:
        tiles = list(FORTIFICATIONS)
        rng.shuffle(tiles)
        assets = list(ASSETS)
        rng.shuffle(assets)
        targets[team] = [Target(f, a) for f, a in zip(tiles[:FORTIFICATIONS_IN_PLAY], assets)]
    tactical_deck = [name for name, copies in TACTICAL_DECK for _ in range(copies)]
    if weather:
        tactical_deck += ["weather_changes"] * WEATHER_CHANGES
    rng.shuffle(tactical_deck)
    weather_deck = [name for name, copies in WEATHER_DECK for _ in range(copies)] if weather else []
    rng.shuffle(weather_deck)
    return seats, draw, targets, tactical_deck, weather_deck


def where_cards_are(state: dict) -> Counter:
    """Every troop card of the round, by where it is: hands, casualties, discard, draw deck."""
    places = Counter()
    for seat in state["seats"]:
        places.update(seat.hand)
    for cards in state["casualties"].values():
        places.update(cards)
    places.update(state["discard"])
    places.update(state["draw"])
    return places


def draw_tactical(deck: list, discard: list, rng: Random) -> tuple[str | None, list, list]:
    """The top Tactical card; when the deck is empty its discards are shuffled into a new one
    first. Returns the card (None if there is none at all), the deck and the discards."""
    if not deck:
        deck, discard = discard, []
        rng.shuffle(deck)
    return (deck.pop() if deck else None), deck, discard


def _without(plays: list[Play], name: str) -> list[Play]:
    """The trick had nobody played `name`: each such card goes, with the Stratagems answering it."""
    kept, chain = [], False
    for play in plays:
        if play.answer and chain:
            continue
        chain = play.tactical == name
        if chain and play.answer:
            continue
        kept.append(replace(play, tactical=None) if chain else play)
    return kept


def _answers(table: Table, styles: dict, rng: Random, on_move) -> None:
    """After a Tactical card is played, the players from the next seat round may each answer it
    with a Stratagem; the first who does is answered in turn, and so on."""
    names = [seat.name for seat in table.seats]
    while table.plays and table.plays[-1].tactical is not None:
        last = names.index(table.plays[-1].player)
        for k in range(1, len(names)):
            seat = table.seats[(last + k) % len(names)]
            me = view(table, seat)
            if choose_answer(me, rng, styles[seat.team]):
                _apply(table, seat, Play(seat.name, seat.team, None, ANSWER), me, on_move)
                break
        else:
            return


def _apply(table: Table, seat: Seat, move: Play, me: View, on_move) -> None:
    if on_move:
        on_move(table, seat.name, move, me)
    if not move.answer:
        seat.hand.remove(str(move.card).split(":")[0])
    if move.tactical:
        seat.tactical.remove(move.tactical)
    table.plays.append(move)


def play_round(mode: str, game: str, styles: dict, rng: Random, weather: bool = False,
               watch=None, on_move=None) -> dict:
    """One round: each team's score, and how often each tactical card changed a trick (its winner
    or its casualties, against the same trick without it). `watch(state)` sees the table after
    every trick (the tests count the cards with it); `on_move(table, name, move, view)` sees each
    move before it is made, with the View its player decided from. With `weather`, a Mud and
    Blood card is turned before each trick and the Weather Changes join the tactical deck."""
    seats, draw, targets, tactical_deck, weather_deck = _new_round(mode, game, rng, weather)
    players = len(seats)
    tactical_discard: list = []
    weather_discard: list = []
    captured = {team: [] for team in TEAMS}
    casualties = {team: [] for team in TEAMS}
    discard: list = []
    decided = {name: 0 for name in TACTICAL_NAMES}
    state = {"seats": seats, "draw": draw, "casualties": casualties, "discard": discard}
    lead = 0
    while any(seat.hand for seat in seats):
        table = Table(seats, targets, lead, 2 if mode == "1v1" else 1)
        attacker = seats[lead]
        if weather:
            if not weather_deck:                     # ruling D11: reshuffle the turned cards
                weather_deck, weather_discard = weather_discard, []
                rng.shuffle(weather_deck)
            table.weather = weather_deck.pop()
            weather_discard.append(table.weather)
        me = view(table, attacker)                   # ruling D11: the weather is known before the target
        attack = Attack(choose_target(me, rng, styles[attacker.team]))
        if on_move:
            on_move(table, attacker.name, attack, me)
        table.attack = attack.target
        target = targets[defenders(table)][attack.target]
        while to_come := troops_to_come(table):
            seat = next(s for s in seats if s.name == to_come[0])
            me = view(table, seat, last=len(to_come) == 1)
            card, tactical = choose_play(me, rng, styles[seat.team])
            _apply(table, seat, Play(seat.name, seat.team, troop(_general(card, seat.team)), tactical), me, on_move)
            _answers(table, styles, rng, on_move)
        plays = table.plays
        spec = {"fortification": target.fortification, "revealed": target.revealed, "asset": target.asset}
        outcome = resolve(attacker.team, spec, plays, table.weather)
        for name in {p.tactical for p in plays if p.tactical}:
            other = resolve(attacker.team, spec, _without(plays, name), table.weather)
            if (other.winner, other.casualties) != (outcome.winner, outcome.casualties):
                decided[name] += 1
        tactical_discard += [p.tactical for p in plays if p.tactical]
        target.revealed = target.revealed or outcome.fortification_revealed
        if outcome.overrun:
            target.overrun = True
            captured[attacker.team].append(target.asset)
        lost = [card for cards in outcome.casualties.values() for card in cards]
        for play in plays:
            if play.answer:
                continue
            name = _played_name(play)
            if str(play.card) in lost:
                lost.remove(str(play.card))
                casualties[play.team if play.card.side == "friendly" else play.card.side].append(name)
            else:
                discard.append(name)
        for name in outcome.tactical_award:
            seat = next(s for s in seats if s.name == name)
            if len(seat.tactical) < TACTICAL_HAND_LIMIT:
                card, tactical_deck, tactical_discard = draw_tactical(tactical_deck, tactical_discard, rng)
                if card:
                    seat.tactical.append(card)
        if mode == "1v1":
            for seat in seats:
                if draw:
                    seat.hand.append(draw.pop())
        if watch:
            watch(state)
        if any(all(t.overrun for t in targets[team]) for team in TEAMS):
            break
        lead = (lead + 1) % players
    scores = {}
    for team in TEAMS:
        left = sum(t.asset for t in targets[team] if not t.overrun)
        scores[team] = sum(captured[team]) + left - sum(card_skulls(c) for c in casualties[team])
    return {"scores": scores, "decided": decided, "captured": {t: len(captured[t]) for t in TEAMS},
            "casualties": {t: len(casualties[t]) for t in TEAMS}}


def _played_name(play: Play) -> str:
    """The card as dealt (a General without the rank it was played as)."""
    text = str(play.card)
    return text.split(":")[0]


def _spread(values: list[int]) -> dict:
    ordered = sorted(values)
    def at(fraction):
        return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]
    return {"low": ordered[0], "p10": at(0.1), "median": at(0.5), "p90": at(0.9), "high": ordered[-1]}


def simulate(mode: str, game: str, games: int, seed: int, progress=None, weather: bool = False) -> dict:
    """The greedy baseline (French) against random play (German), and random against random:
    wins, score spreads, and how often each tactical card changed a trick."""
    from statistics import mean, pstdev

    rng = Random(seed)
    report = {"mode": mode, "game": game, "games": games, "seed": seed, "weather": weather, "matches": {}}
    for label, styles in (("greedy v random", {"French": "greedy", "German": "random"}),
                          ("random v random", {"French": "random", "German": "random"})):
        rounds = []
        for done in range(games):
            rounds.append(play_round(mode, game, styles, rng, weather))
            if progress and done % 2:
                progress(1)
        margins = [r["scores"]["French"] - r["scores"]["German"] for r in rounds]
        winners = [winner(r["scores"]) for r in rounds]
        names = TACTICAL_NAMES if weather else tuple(name for name, _ in TACTICAL_DECK)
        decided = {name: sum(r["decided"][name] for r in rounds) for name in names}
        report["matches"][label] = {
            "french_wins": round(winners.count("French") / games, 4),
            "ties": round(winners.count(None) / games, 4),
            "french_score": round(mean(r["scores"]["French"] for r in rounds), 2),
            "german_score": round(mean(r["scores"]["German"] for r in rounds), 2),
            "french_spread": _spread([r["scores"]["French"] for r in rounds]),
            "german_spread": _spread([r["scores"]["German"] for r in rounds]),
            "margin_sd": round(pstdev(margins), 2),
            "assets_captured": round(mean(sum(r["captured"].values()) for r in rounds), 2),
            "casualties": round(mean(sum(r["casualties"].values()) for r in rounds), 2),
            "tactical_changed_per_round": {name: round(count / games, 3) for name, count in decided.items()}}
    return report
