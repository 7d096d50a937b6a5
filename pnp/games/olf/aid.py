"""The odds player aid: every target list the cards ask for, and those the Nemesis abilities make
of them, against pools of 1 to 8 dice, as percentages of the engine's exact fractions."""

from fractions import Fraction

from pnp.rules.olf.components import CHALLENGE_DICE, PHASES as DECK_PHASES
from pnp.rules.olf.nemesis import challenge_targets
from pnp.rules.olf.odds import success_chance

PHASES = tuple(phase for phase, *_ in DECK_PHASES)
PHASE_DECKS = (*PHASES, "slay-them")


def _own_challenges(nemesis) -> list[tuple[str, dict]]:
    return [(phase, {key: getattr(nemesis, f"{phase}_{key}") for key in ("mode", "symbols", "targets")})
            for phase in PHASES]


def _challenges(loaded: list) -> tuple[list[tuple[str, object]], list]:
    """The challenge cards every game holds, with their phase (slay for Slay Them!), and the Nemeses."""
    decks = {deck.deck.key: deck.cards for deck in loaded}
    nemeses = decks.get("nemeses", [])
    challenges = [("slay" if key == "slay-them" else key, {"mode": c.mode, "symbols": c.symbols, "targets": c.targets})
                  for key in PHASE_DECKS for c in decks.get(key, [])]
    return challenges, nemeses


def target_lists(loaded: list) -> list[tuple[int, ...]]:
    """Every target list a hero may face: each challenge card's and Nemesis Challenge's, and what
    each Nemesis's ability makes of them (nemesis.py) in a game against that Nemesis, whose own
    Nemesis Challenges are the only ones dealt; highest first in each, fewest targets first."""
    challenges, nemeses = _challenges(loaded)
    found = {tuple(sorted(c["targets"], reverse=True)) for _, c in challenges}
    found |= {tuple(sorted(c["targets"], reverse=True)) for n in nemeses for _, c in _own_challenges(n)}
    for nemesis in nemeses:
        for phase, c in challenges + _own_challenges(nemesis):
            for follows in (False, True) if c["mode"] == "party" else (False,):
                changed = challenge_targets(nemesis.ability_name, phase, c["symbols"], c["targets"], follows)
                found.add(tuple(sorted(changed, reverse=True)))
    return sorted(found, key=lambda targets: (len(targets), targets))


def percent(chance: Fraction) -> str:
    if chance == 0:
        return "–"
    if chance == 1:
        return "100%"
    value = float(chance) * 100
    if value < 0.5:
        return "<1%"
    if value > 99.5:
        return ">99%"
    return f"{value:.0f}%"


def odds_context(loaded: list) -> dict:
    columns = list(range(1, CHALLENGE_DICE + 1))
    rows = [{"targets": list(targets), "cells": [percent(success_chance(dice, list(targets))) for dice in columns]}
            for targets in target_lists(loaded)]
    return {"odds": {"columns": columns, "rows": rows}}
