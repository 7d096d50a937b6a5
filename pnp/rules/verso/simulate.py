"""Solo games played by the baseline strategy: the score distribution against the ladder."""

from random import Random
from statistics import mean, median, pstdev

from pnp.rules.verso.components import SOLO_LADDER
from pnp.rules.verso.deck import backs as backs_of
from pnp.rules.verso.solo import ladder, play
from pnp.rules.verso.strategy import SCORE_AT, Baseline

PROGRESS_EVERY = 100


def simulate(cards: list, games: int, seed: int, progress=None, policy=None) -> dict:
    """`games` solo games played by `policy` (the baseline unless given)."""
    rng = Random(seed)
    backs = backs_of(cards)
    policy = policy or Baseline()
    scores, turns, squares, series, discarded, flips = [], [], [], [], [], []
    for number in range(games):
        game = play(cards, backs, policy, rng)
        scores.append(game.score)
        turns.append(game.turns)
        squares.append(game.squares)
        series.append(game.series)
        discarded.append(game.discarded)
        flips.append(game.flips_suffered)
        if progress and (number + 1) % PROGRESS_EVERY == 0:
            progress(PROGRESS_EVERY)
    if progress and games % PROGRESS_EVERY:
        progress(games % PROGRESS_EVERY)
    rungs = {words: sum(1 for s in scores if ladder(s) == words) / games for _, words in SOLO_LADDER}
    ordered = sorted(scores)
    return {
        "games": games, "seed": seed, "score_at": SCORE_AT,
        "score": {"mean": round(mean(scores), 2), "median": median(scores), "sd": round(pstdev(scores), 2),
                  "min": ordered[0], "max": ordered[-1],
                  "p10": ordered[games // 10], "p90": ordered[(games * 9) // 10]},
        "ladder": {"below": sum(1 for s in scores if ladder(s) is None) / games, **rungs},
        "at_least": {str(least): sum(1 for s in scores if s >= least) / games for least, _ in SOLO_LADDER},
        "per_game": {"turns": round(mean(turns), 2), "series": round(mean(series), 2),
                     "squares": round(mean(squares), 3), "identical_discards": round(mean(discarded), 2),
                     "flips_suffered": round(mean(flips), 2)},
    }
