"""The odds player aid: every target list the cards ask for, against pools of 1 to 8 dice, as
percentages of the engine's exact fractions."""

from fractions import Fraction

from pnp.rules.olf.components import CHALLENGE_DICE, PHASES as DECK_PHASES
from pnp.rules.olf.odds import success_chance

PHASES = tuple(phase for phase, *_ in DECK_PHASES)
PHASE_DECKS = (*PHASES, "slay-them")


def target_lists(loaded: list) -> list[tuple[int, ...]]:
    """Every target list of the challenge cards and the Nemesis Challenges, highest first in each,
    fewest targets first."""
    found = set()
    for deck in loaded:
        for card in deck.cards:
            if deck.deck.key in PHASE_DECKS:
                found.add(tuple(sorted(card.targets, reverse=True)))
            elif deck.deck.key == "nemeses":
                found |= {tuple(sorted(getattr(card, f"{phase}_targets"), reverse=True)) for phase in PHASES}
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
