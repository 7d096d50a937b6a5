"""A whole round of Verdun, played by simple players, for the simulator.

Each team hides its 5 Assets behind 5 of its 6 Fortifications (one set aside at random). The Lead
player names an enemy target that still stands and leads; every player plays a troop and may add a
tactical card; the trick is resolved (trick.py); the highest survivors draw a tactical card if they
hold fewer than two; the Lead passes to the left. The round ends when the hands are empty, or when
a team has lost all five Assets. 1v1: each player plays two cards a trick, one for each seat of
their side, and draws a troop after each trick while the draw deck lasts.

Players:
- random: any troop, a tactical card a quarter of the time, a random target;
- greedy: the documented baseline. As Lead, attack the weakest-looking enemy target (a revealed
  Fortification's value, else unknown: 3). Play its highest troop of its own colour when its side
  is behind after the cards already played, else its lowest card; play an Air Strike when it would
  change who is ahead, a Decoy when its side is behind with its last card to play.
"""

from collections import Counter
from dataclasses import dataclass, field
from random import Random

from pnp.rules.verdun.cards import troop
from pnp.rules.verdun.components import (ASSETS, FORTIFICATIONS, FORTIFICATIONS_IN_PLAY, TACTICAL_DECK,
                                          TACTICAL_HAND_LIMIT, TEAMS, WEATHER_CHANGES, WEATHER_DECK)
from pnp.rules.verdun.deck import PLAYERS, TRICK_CARDS, deal
from pnp.rules.verdun.score import card_skulls
from pnp.rules.verdun.trick import Play, TrickError, resolve

UNKNOWN_FORTIFICATION = 3
RANDOM_TACTICAL = 0.25          # how often a random player adds a tactical card
RANDOM_STRATAGEM = 0.5          # how often a random player answers with a Stratagem
HARMFUL_WEATHER = ("fog", "flare", "rain", "sniper")
MODES = tuple(PLAYERS)
TACTICAL_NAMES = tuple(name for name, _ in TACTICAL_DECK) + ("weather_changes",)


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


def _general(card: str, team: str) -> str:
    """A General is played as 14 for its own side, as 1 for the other."""
    if card.endswith("G") and len(card) == 2:
        return f"{card}:{14 if (card[0] == 'F') == (team == 'French') else 1}"
    return card


def _side_total(plays: list[Play], team: str) -> int:
    if not plays:
        return 0
    outcome = resolve("French", {"fortification": 0, "revealed": True, "asset": None}, plays)
    return outcome.totals[team]


def _choose(seat: Seat, plays: list[Play], rng: Random, style: str, last: bool,
            weather: str | None) -> tuple[str, str | None]:
    """A troop card and perhaps a tactical card (never a Stratagem: that one answers, see
    `_answer`)."""
    usable = [t for t in seat.tactical if t != "stratagem"]
    if style == "random":
        card = rng.choice(seat.hand)
        tactical = rng.choice(usable) if usable and rng.random() < RANDOM_TACTICAL else None
        return card, tactical
    own = "F" if seat.team == "French" else "G"
    other = "German" if seat.team == "French" else "French"
    behind = _side_total(plays, seat.team) <= _side_total(plays, other)

    def strength(card):
        t = troop(_general(card, seat.team))
        return t.rank if t.rank is not None else 0
    mine = [c for c in seat.hand if c[0] == own or c[0] == "X"]
    if behind and mine:
        card = max(mine, key=strength)
    else:
        card = min(seat.hand, key=lambda c: (c[0] == own, strength(c)))
    tactical = None
    if "weather_changes" in usable and weather in HARMFUL_WEATHER:
        tactical = "weather_changes"
    elif "air_strike" in usable and behind:
        tactical = "air_strike"
    elif "decoy" in usable and behind and last:
        tactical = "decoy"
    return card, tactical


def _answer(seat: Seat, rng: Random, style: str) -> bool:
    """Whether a player holding a Stratagem plays it against the other side's tactical card."""
    return "stratagem" in seat.tactical and (style == "greedy" or rng.random() < RANDOM_STRATAGEM)


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


def play_round(mode: str, game: str, styles: dict, rng: Random, weather: bool = False,
               watch=None) -> dict:
    """One round: each team's score, and how often each tactical card changed a trick (its winner
    or its casualties, against the same trick without it). `watch(state)` sees the table after
    every trick (the tests count the cards with it). With `weather`, a Mud and Blood card is
    turned before each trick and the Weather Changes join the tactical deck."""
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
    per_trick = 2 if mode == "1v1" else 1
    while any(seat.hand for seat in seats):
        attacker = seats[lead]
        defenders = "German" if attacker.team == "French" else "French"
        standing = [t for t in targets[defenders] if not t.overrun]
        style = styles[attacker.team]
        target = (rng.choice(standing) if style == "random" else
                  min(standing, key=lambda t: t.fortification if t.revealed else UNKNOWN_FORTIFICATION))
        turned = None
        if weather:
            if not weather_deck:                     # ruling D11: reshuffle the turned cards
                weather_deck, weather_discard = weather_discard, []
                rng.shuffle(weather_deck)
            turned = weather_deck.pop()
            weather_discard.append(turned)
        order = ([seats[(lead + k) % players] for k in range(players)] * per_trick)[:TRICK_CARDS]
        plays: list[Play] = []
        for k, seat in enumerate(order):
            if not seat.hand:
                continue
            barred = any(p.card.kind == "reconnaissance" and p.team != seat.team for p in plays)
            card, tactical = _choose(seat, plays, rng, styles[seat.team], k == len(order) - 1, turned)
            if barred:
                tactical = None
            elif tactical is None and _opposing_tactical_stands(plays, seat.team) and _answer(seat, rng, styles[seat.team]):
                tactical = "stratagem"
            seat.hand.remove(card)
            if tactical:
                seat.tactical.remove(tactical)
                tactical_discard.append(tactical)
            plays.append(Play(seat.name, seat.team, troop(_general(card, seat.team)), tactical))
        spec = {"fortification": target.fortification, "revealed": target.revealed, "asset": target.asset}
        outcome = resolve(attacker.team, spec, plays, turned)
        for name in {p.tactical for p in plays if p.tactical}:
            without = [Play(p.player, p.team, p.card, None if p.tactical == name else p.tactical) for p in plays]
            try:
                other = resolve(attacker.team, spec, without, turned)
            except TrickError:                       # a Stratagem left with nothing to cancel
                continue
            if (other.winner, other.casualties) != (outcome.winner, outcome.casualties):
                decided[name] += 1
        target.revealed = target.revealed or outcome.fortification_revealed
        if outcome.overrun:
            target.overrun = True
            captured[attacker.team].append(target.asset)
        lost = [card for cards in outcome.casualties.values() for card in cards]
        for play in plays:
            name = _played_name(play)
            if str(play.card) in lost:
                lost.remove(str(play.card))
                casualties[play.team if play.card.side == "friendly" else play.card.side].append(name)
            else:
                discard.append(name)
        for name in outcome.tactical_award:
            seat = next(s for s in seats if s.name == name)
            if len(seat.tactical) < TACTICAL_HAND_LIMIT:
                if not tactical_deck:
                    tactical_deck, tactical_discard = tactical_discard, []
                    rng.shuffle(tactical_deck)
                if tactical_deck:
                    seat.tactical.append(tactical_deck.pop())
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


def _opposing_tactical_stands(plays: list[Play], team: str) -> bool:
    """The last tactical card of the trick is the other side's and nothing cancelled it yet."""
    for play in reversed(plays):
        if play.tactical:
            return play.team != team and play.tactical != "stratagem"
    return False


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
        names = TACTICAL_NAMES if weather else tuple(name for name, _ in TACTICAL_DECK)
        decided = {name: sum(r["decided"][name] for r in rounds) for name in names}
        report["matches"][label] = {
            "french_wins": round(sum(m > 0 for m in margins) / games, 4),
            "ties": round(sum(m == 0 for m in margins) / games, 4),
            "french_score": round(mean(r["scores"]["French"] for r in rounds), 2),
            "german_score": round(mean(r["scores"]["German"] for r in rounds), 2),
            "french_spread": _spread([r["scores"]["French"] for r in rounds]),
            "german_spread": _spread([r["scores"]["German"] for r in rounds]),
            "margin_sd": round(pstdev(margins), 2),
            "assets_captured": round(mean(sum(r["captured"].values()) for r in rounds), 2),
            "casualties": round(mean(sum(r["casualties"].values()) for r in rounds), 2),
            "tactical_changed_per_round": {name: round(count / games, 3) for name, count in decided.items()}}
    return report
