"""How hard each Challenge is, measured rather than guessed: the exact chance that a typical
character meets its targets.

A typical character is each of the six characters holding one Starting Equipment card, every
pairing counted once, spending no Power and no Special Ability; All You've Got counts all their
symbols. The chance is the mean over those pairings of the exact odds (odds.py). A Nemesis
Challenge's chance counts the Nemesis's ability (nemesis.py): its targets, and in a Party
Challenge what the hero before did (Contagion, Undertow).
"""

from fractions import Fraction
from statistics import mean

from pnp.rules.olf.components import ALL_YOU_VE_GOT
from pnp.rules.olf.dice import pool_size
from pnp.rules.olf.nemesis import challenge_targets, pool_after
from pnp.rules.olf.odds import success_chance


def typical_chance(symbols: list[str], targets: list[int], characters: list[list[str]],
                   equipment: list[list[str]]) -> Fraction:
    challenge = ALL_YOU_VE_GOT if ALL_YOU_VE_GOT in symbols else symbols
    chances = [success_chance(pool_size(challenge, hero + item), targets)
               for hero in characters for item in equipment]
    return sum(chances, Fraction(0)) / len(chances)


def nemesis_chance(ability: str, phase: str, symbols: list[str], targets: list[int], characters: list[list[str]],
                   equipment: list[list[str]], follows: str | None = None) -> Fraction:
    """The typical chance at a challenge under a Nemesis's ability; `follows` is "failure" or
    "heart_loss" for a hero whose predecessor in a Party Challenge failed or lost Heart."""
    challenge = ALL_YOU_VE_GOT if ALL_YOU_VE_GOT in symbols else symbols
    wanted = challenge_targets(ability, phase, symbols, targets, follows_failure=follows == "failure")
    chances = [success_chance(pool_after(ability, pool_size(challenge, hero + item), follows == "heart_loss"), wanted)
               for hero in characters for item in equipment]
    return sum(chances, Fraction(0)) / len(chances)


def phase_table(challenges: list[dict], characters: list[list[str]], equipment: list[list[str]]) -> list[dict]:
    """Each challenge's name, targets and typical chance, easiest first."""
    rows = [{"id": c["id"], "name": c["name"], "targets": c["targets"],
             "chance": typical_chance(c["symbols"], c["targets"], characters, equipment)} for c in challenges]
    return sorted(rows, key=lambda row: -row["chance"])


def mean_chance(rows: list[dict]) -> float:
    return mean(float(row["chance"]) for row in rows)
