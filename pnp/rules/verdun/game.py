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

from dataclasses import dataclass, field
from random import Random

from pnp.rules.verdun.cards import troop
from pnp.rules.verdun.deck import PLAYERS, deal
from pnp.rules.verdun.score import skulls
from pnp.rules.verdun.trick import Play, resolve

FORTIFICATIONS = (0, 2, 3, 4, 5, 7)
ASSETS = (7, 5, 3, 1, 1)
TACTICAL_DECK = (("decoy", 3), ("mustard_gas", 3), ("air_strike", 3), ("artillery", 3), ("stratagem", 4))
TACTICAL_HAND_LIMIT = 2
UNKNOWN_FORTIFICATION = 3
TEAMS = ("French", "German")


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


def _choose(seat: Seat, plays: list[Play], rng: Random, style: str, last: bool) -> tuple[str, str | None]:
    if style == "random":
        card = rng.choice(seat.hand)
        tactical = None
        usable = [t for t in seat.tactical if t != "stratagem"]
        if usable and rng.random() < 0.25:
            tactical = rng.choice(usable)
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
    if "air_strike" in seat.tactical and behind:
        tactical = "air_strike"
    elif "decoy" in seat.tactical and behind and last:
        tactical = "decoy"
    return card, tactical


def play_round(mode: str, game: str, styles: dict, rng: Random) -> dict:
    """One round: each team's score, and how often each tactical card changed a trick (its winner
    or its casualties, against the same trick without it)."""
    hands, draw = deal(mode, game, rng)
    players = PLAYERS[mode]
    seats = [Seat(f"P{i + 1}", TEAMS[i % 2], hands[i]) for i in range(players)]
    targets = {}
    for team in TEAMS:
        tiles = list(FORTIFICATIONS)
        rng.shuffle(tiles)
        assets = list(ASSETS)
        rng.shuffle(assets)
        targets[team] = [Target(f, a) for f, a in zip(tiles[:5], assets)]
    tactical_deck = [name for name, copies in TACTICAL_DECK for _ in range(copies)]
    rng.shuffle(tactical_deck)
    discard: list = []
    captured = {team: [] for team in TEAMS}
    casualties = {team: [] for team in TEAMS}
    decided = {name: 0 for name, _ in TACTICAL_DECK}
    lead = 0
    per_trick = 2 if mode == "1v1" else 1
    while all(seat.hand for seat in seats):
        attacker = seats[lead]
        defenders = "German" if attacker.team == "French" else "French"
        standing = [t for t in targets[defenders] if not t.overrun]
        if not standing:
            break
        style = styles[attacker.team]
        target = (rng.choice(standing) if style == "random" else
                  min(standing, key=lambda t: t.fortification if t.revealed else UNKNOWN_FORTIFICATION))
        order = [seats[(lead + k) % players] for k in range(players)] * per_trick
        order = order[:4]
        plays: list[Play] = []
        for k, seat in enumerate(order):
            if not seat.hand:
                continue
            card, tactical = _choose(seat, plays, rng, styles[seat.team], k == len(order) - 1)
            if any(p.card.kind == "reconnaissance" and p.team != seat.team for p in plays):
                tactical = None                 # the other side's Reconnaissance bars it
            seat.hand.remove(card)
            if tactical:
                seat.tactical.remove(tactical)
                discard.append(tactical)
            plays.append(Play(seat.name, seat.team, troop(_general(card, seat.team)), tactical))
        spec = {"fortification": target.fortification, "revealed": target.revealed, "asset": target.asset}
        outcome = resolve(attacker.team, spec, plays)
        for name in {p.tactical for p in plays if p.tactical}:
            without = [Play(p.player, p.team, p.card, None if p.tactical == name else p.tactical) for p in plays]
            other = resolve(attacker.team, spec, without)
            if (other.winner, other.casualties) != (outcome.winner, outcome.casualties):
                decided[name] += 1          # without it the trick would have gone otherwise
        target.revealed = target.revealed or outcome.fortification_revealed
        if outcome.overrun:
            target.overrun = True
            captured[attacker.team].append(target.asset)
        for side, cards in outcome.casualties.items():
            owner = side if side in TEAMS else attacker.team
            casualties[owner] += [troop(c) for c in cards]
        for name in outcome.tactical_award:
            seat = next(s for s in seats if s.name == name)
            if len(seat.tactical) < TACTICAL_HAND_LIMIT:
                if not tactical_deck:
                    tactical_deck, discard = discard, []
                    rng.shuffle(tactical_deck)
                if tactical_deck:
                    seat.tactical.append(tactical_deck.pop())
        if mode == "1v1":
            for seat in seats:
                if draw:
                    seat.hand.append(draw.pop())
        if any(all(t.overrun for t in targets[team]) for team in TEAMS):
            break
        lead = (lead + 1) % players
    scores = {}
    for team in TEAMS:
        left = sum(t.asset for t in targets[team] if not t.overrun)
        scores[team] = sum(captured[team]) + left - sum(skulls(c) for c in casualties[team])
    return {"scores": scores, "decided": decided}


def simulate(mode: str, game: str, games: int, seed: int, progress=None) -> dict:
    """The greedy baseline (French) against random play (German), and random against random:
    score spreads, wins, and how often each tactical card changed a trick."""
    from statistics import mean, pstdev

    rng = Random(seed)
    report = {"mode": mode, "game": game, "games": games, "seed": seed, "matches": {}}
    for label, styles in (("greedy v random", {"French": "greedy", "German": "random"}),
                          ("random v random", {"French": "random", "German": "random"})):
        rounds = [play_round(mode, game, styles, rng) for _ in range(games)]
        if progress:
            progress(games // 2)
        margins = [r["scores"]["French"] - r["scores"]["German"] for r in rounds]
        decided = {name: sum(r["decided"][name] for r in rounds) for name, _ in TACTICAL_DECK}
        report["matches"][label] = {
            "french_wins": round(sum(m > 0 for m in margins) / games, 4),
            "ties": round(sum(m == 0 for m in margins) / games, 4),
            "french_score": round(mean(r["scores"]["French"] for r in rounds), 2),
            "german_score": round(mean(r["scores"]["German"] for r in rounds), 2),
            "margin_sd": round(pstdev(margins), 2),
            "tactical_changed_per_round": {name: round(count / games, 3) for name, count in decided.items()}}
    return report
