"""Whole campaigns, played by the baseline strategy, for balance reports.

Cards come in as plain data (`{"id", "type"/"difficulty", "effect": [steps]}`), so a
change to a card's data changes what is simulated. The same seed gives the same numbers.
Every move the simulated player makes (simulated_campaign.py) is one legal.py allows; `Campaign.observer`, when set,
is told of each (tests/rules/verset/test_simulate_legal.py checks them all).
"""

import math
import random
from collections import Counter

from pnp.rules.verset.simulated_campaign import Campaign, Decks


VARIANTS = ("organ", "bar", "spectators", "glass")
FLAG_STANDARD_ERRORS = 2


def simulate(decks: Decks, campaigns: int, seed: int, difficulty: str = "pistolero",
             variants=(), progress=None) -> dict:
    """Play `campaigns` campaigns; report win rates and endings, and flag odd Verses.
    `progress(done)` is called after each campaign when given."""
    rng = random.Random(seed)
    faced, won = Counter(), Counter()
    by_mark_faced, by_mark_won = Counter(), Counter()
    endings = Counter()
    peaks = []
    survived = 0
    for _ in range(campaigns):
        result = Campaign(decks, difficulty, variants, rng).play()
        if progress is not None:
            progress(1)
        endings[result.ending] += 1
        peaks.append(result.peak_souls)
        survived += result.survived
        for record in result.duels:
            if record.cancelled:
                continue
            faced[record.verse] += 1
            won[record.verse] += record.won
            by_mark_faced[record.difficulty] += 1
            by_mark_won[record.difficulty] += record.won
    verse_rates = {v["id"]: (won[v["id"]] / faced[v["id"]] if faced[v["id"]] else None)
                   for v in decks.verses}
    mark_rates = {mark: by_mark_won[mark] / by_mark_faced[mark] for mark in sorted(by_mark_faced)}
    return {
        "campaigns": campaigns, "seed": seed, "difficulty": difficulty,
        "variants": sorted(variants),
        "survived": survived,
        "verses": {v["id"]: {"difficulty": v["difficulty"], "faced": faced[v["id"]],
                             "won": won[v["id"]], "win_rate": verse_rates[v["id"]]}
                   for v in decks.verses},
        "difficulty_marks": {mark: {"faced": by_mark_faced[mark], "won": by_mark_won[mark],
                                    "win_rate": rate} for mark, rate in mark_rates.items()},
        "endings": dict(endings),
        "flags": flag_verses(decks.verses, verse_rates, mark_rates, faced),
        "peak_souls": _percentiles(peaks),
    }


def _percentiles(values: list[int]) -> dict:
    """The most souls a campaign held at once: median, 99th, 99.9th percentile and maximum."""
    ordered = sorted(values)
    def at(share):
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
    return {"median": at(0.5), "p99": at(0.99), "p999": at(0.999), "max": ordered[-1]}


def flag_verses(verses, verse_rates, mark_rates, faced=None) -> list[dict]:
    """Verses whose simulated difficulty contradicts their gall.

    A Verse is flagged when it is won clearly less often than the average Verse of a higher
    mark, or clearly more often than the average Verse of a lower mark ("clearly": by more
    than FLAG_STANDARD_ERRORS standard errors of its own win rate).
    """
    flags = []
    for verse in verses:
        rate = verse_rates[verse["id"]]
        own = verse["difficulty"]
        count = (faced or {}).get(verse["id"], 0)
        if rate is None or count == 0:
            continue
        margin = FLAG_STANDARD_ERRORS * math.sqrt(max(rate * (1 - rate), 1e-9) / count)
        harder = [m for m in mark_rates if m > own and rate + margin < mark_rates[m]]
        easier = [m for m in mark_rates if m < own and rate - margin > mark_rates[m]]
        if harder or easier:
            plays_like = max(harder) if harder else min(easier)
            flags.append({"verse": verse["id"], "printed": own, "plays_like": plays_like,
                          "win_rate": rate, "faced": count})
    return flags
