"""Each Nemesis made as hard as its skulls say: its difficulty measured, with its own ability
counted, against the band its skull count declares (card_data/olf/difficulty.yaml), and a search
over its three Nemesis Challenges' targets for the ones that put it inside.

Two measures, both with the Nemesis's ability in play:
- *challenge*: each Nemesis Challenge's typical chance (difficulty.py, as the rulebook prints it)
  as a share of its phase's typical chance with no Nemesis (the source: Nemesis Challenges are
  "slightly more difficult" than their phase's);
- *won*: the baseline party's win rate (simulate.py), averaged over the declared party sizes, each
  played for the declared games from a seed of its own, the same for every candidate (so two
  candidates are compared on the same dice).

The search keeps a Nemesis's printed targets when they are inside both bands. Otherwise it turns
one difficulty dial: at each step a phase takes the target list whose challenge share is nearest
the step's point of the band (easiest first), and the dial is bisected on the win rate toward the
middle of the won band. Only the phases outside the challenge band turn first; when that cannot
reach the won band, all three do. The targets are every list of 1 to `most_targets` numbers
from the declared lowest to highest target, highest first."""

from dataclasses import dataclass
from itertools import combinations_with_replacement
from random import Random
from statistics import mean

from pnp.rules.olf.difficulty import nemesis_chance, typical_chance
from pnp.rules.olf.simulate import PHASES, play

DIAL_STEPS = 12               # points of the challenge band the dial stops at
BISECTIONS = 4                # halvings of the dial after its two ends
PARTY_SEED_STRIDE = 1009      # each party size's seed: the declared seed x this + the party size


@dataclass(frozen=True)
class Band:
    low: float
    high: float

    def holds(self, value: float) -> bool:
        return self.low <= value <= self.high

    @property
    def middle(self) -> float:
        return (self.low + self.high) / 2


@dataclass(frozen=True)
class Bands:
    challenge: dict           # skulls -> Band: a Nemesis Challenge's chance over its phase's
    won: dict                 # skulls -> Band: the party's win rate, averaged over `parties`
    parties: tuple
    games: int
    seed: int
    lowest_target: int = 2
    highest_target: int = 6
    most_targets: int = 3


def _hero_symbols(data: dict) -> tuple[list, list]:
    return [c["symbols"] for c in data["characters"]], [c["symbols"] for c in data["equipment"]]


def phase_means(data: dict) -> dict[str, float]:
    """Each phase's typical chance with no Nemesis: the mean over its challenge cards."""
    heroes, items = _hero_symbols(data)
    return {phase: mean(float(typical_chance(c["symbols"], c["targets"], heroes, items)) for c in data["decks"][phase])
            for phase in PHASES}


def challenge_shares(data: dict, nemesis: dict, means: dict) -> dict[str, float]:
    """Each Nemesis Challenge's printed chance, its ability counted, over its phase's typical chance."""
    heroes, items = _hero_symbols(data)
    return {phase: float(nemesis_chance(nemesis["ability_name"], phase, nemesis[f"{phase}_symbols"],
                                        nemesis[f"{phase}_targets"], heroes, items)) / means[phase]
            for phase in PHASES}


def win_rates(data: dict, nemesis: dict, bands: Bands) -> dict[int, float]:
    """The baseline party's win rate at each declared party size, each from its own seed."""
    rates = {}
    for party in bands.parties:
        rng = Random(bands.seed * PARTY_SEED_STRIDE + party)
        wins = sum(play(data["characters"], data["equipment"], data["loot"], data["decks"], data["moments"],
                        nemesis, party, rng) for _ in range(bands.games))
        rates[party] = wins / bands.games
    return rates


def measure(data: dict, nemesis: dict, bands: Bands, means: dict | None = None) -> dict:
    """A Nemesis's challenge shares and win rates, and whether each sits inside its skulls' band."""
    shares = challenge_shares(data, nemesis, means or phase_means(data))
    rates = win_rates(data, nemesis, bands)
    skulls = nemesis["skulls"]
    won = mean(rates.values())
    return {"id": nemesis["id"], "name": nemesis["name"], "skulls": skulls,
            "targets": {phase: list(nemesis[f"{phase}_targets"]) for phase in PHASES},
            "shares": shares, "win_rates": rates, "won": won,
            "challenge_in_band": all(bands.challenge[skulls].holds(s) for s in shares.values()),
            "won_in_band": bands.won[skulls].holds(won)}


def target_lists(bands: Bands) -> list[list[int]]:
    """Every list of 1 to `most_targets` target numbers, highest first."""
    values = range(bands.lowest_target, bands.highest_target + 1)
    return [sorted(combo, reverse=True) for size in range(1, bands.most_targets + 1)
            for combo in combinations_with_replacement(values, size)]


def _candidates(data: dict, nemesis: dict, phase: str, bands: Bands, means: dict) -> list[tuple[float, list[int]]]:
    """The target lists whose share for this phase's Nemesis Challenge is inside the band, easiest first."""
    heroes, items = _hero_symbols(data)
    band = bands.challenge[nemesis["skulls"]]
    found = []
    for targets in target_lists(bands):
        chance = nemesis_chance(nemesis["ability_name"], phase, nemesis[f"{phase}_symbols"], targets, heroes, items)
        share = float(chance) / means[phase]
        if band.holds(share):
            found.append((share, targets))
    printed = len(nemesis[f"{phase}_targets"])
    return sorted(found, key=lambda c: (-c[0], len(c[1]) != printed, len(c[1]), c[1]))


def _dial(candidates: dict, band: Band, step: int, kept: dict) -> dict[str, list[int]]:
    """Each phase's target list nearest the dial's point (step 0 the band's top, the last its
    bottom), or its printed one where `kept` holds it."""
    point = band.high - (band.high - band.low) * step / DIAL_STEPS
    return {phase: kept.get(phase) or min(found, key=lambda c: abs(c[0] - point))[1]
            for phase, found in candidates.items()}


def _with(nemesis: dict, targets: dict) -> dict:
    return {**nemesis, **{f"{phase}_targets": list(t) for phase, t in targets.items()}}


def tune_nemesis(data: dict, nemesis: dict, bands: Bands, means: dict | None = None, progress=None) -> dict:
    """The targets that put `nemesis` inside its band (its printed ones when they already do),
    with their measure; `tuned` is False when no targets on the dial do."""
    means = means or phase_means(data)
    printed = measure(data, nemesis, bands, means)
    if progress:
        progress(1)
    if printed["challenge_in_band"] and printed["won_in_band"]:
        return {**printed, "tuned": True, "changed": False, "before": printed["targets"]}
    candidates = {phase: _candidates(data, nemesis, phase, bands, means) for phase in PHASES}
    empty = [phase for phase, found in candidates.items() if not found]
    if empty:
        return {**printed, "tuned": False, "changed": False, "before": printed["targets"],
                "why": f"no target list puts its {', '.join(empty)} Nemesis Challenge inside the challenge band"}
    inside_already = {phase: printed["targets"][phase] for phase, share in printed["shares"].items()
                      if bands.challenge[nemesis["skulls"]].holds(share)}
    found = None
    if len(inside_already) < len(PHASES):       # first only the phases outside the challenge band turn
        found = _turn_dial(data, nemesis, bands, means, candidates, inside_already, progress)
    if found is None or not found["tuned"] and inside_already:     # then every phase
        found = _turn_dial(data, nemesis, bands, means, candidates, {}, progress)
    return {**found, "changed": found["targets"] != printed["targets"], "before": printed["targets"]}


def _turn_dial(data: dict, nemesis: dict, bands: Bands, means: dict, candidates: dict, kept: dict,
               progress=None) -> dict:
    """The dial's step whose win rate is nearest the middle of the won band, bisected; the
    phases in `kept` keep their printed targets."""
    band, challenge = bands.won[nemesis["skulls"]], bands.challenge[nemesis["skulls"]]
    tried: dict[int, dict] = {}

    def at(step: int) -> dict:
        if step not in tried:
            tried[step] = measure(data, _with(nemesis, _dial(candidates, challenge, step, kept)), bands, means)
            if progress:
                progress(1)
        return tried[step]

    easy, hard = 0, DIAL_STEPS
    at(easy), at(hard)
    for _ in range(BISECTIONS):                 # the win rate falls as the dial turns
        if hard - easy < 2:
            break
        middle = (easy + hard) // 2
        if at(middle)["won"] >= band.middle:
            easy = middle
        else:
            hard = middle
    inside = [m for m in tried.values() if m["won_in_band"]]
    best = min(inside or tried.values(), key=lambda m: abs(m["won"] - band.middle))
    if inside:
        return {**best, "tuned": True}
    return {**best, "tuned": False, "why": f"the win rate runs from {tried[DIAL_STEPS]['won']:.0%} to "
                                           f"{tried[0]['won']:.0%} over the challenge band, outside "
                                           f"{band.low:.0%}-{band.high:.0%}"}


def order_faults(measured: list[dict]) -> list[str]:
    """Each party size at which a Nemesis with more skulls is won more often than one with fewer:
    the bands hold the average over party sizes, this holds every size."""
    faults = []
    parties = sorted({party for m in measured for party in m["win_rates"]})
    for party in parties:
        for easier in measured:
            for harder in measured:
                if harder["skulls"] > easier["skulls"] and harder["win_rates"][party] > easier["win_rates"][party]:
                    faults.append(f"party of {party}: {harder['name']} ({harder['win_rates'][party]:.0%}) is won more "
                                  f"often than {easier['name']} ({easier['win_rates'][party]:.0%})")
    return faults


def tune(data: dict, bands: Bands, nemesis_ids: list[str] | None = None, progress=None) -> list[dict]:
    """Each Nemesis named (all by default) tuned in turn."""
    means = phase_means(data)
    return [tune_nemesis(data, n, bands, means, progress) for n in data["nemeses"]
            if not nemesis_ids or n["id"] in nemesis_ids]


MOST_MEASURES = 1 + 2 * (2 + BISECTIONS)    # a Nemesis's search at most: the printed targets, then two dials
