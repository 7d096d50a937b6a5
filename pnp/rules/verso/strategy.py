"""The baseline solo strategy the simulator plays, written out so a player can follow it.

1. Score the best series on the table (most points; of equal points, the one that throws away
   fewer points) when it is worth SCORE_AT points or more.
2. Otherwise draw. A face identical to one of yours is turned over (the rule). Otherwise keep
   the face shown when it is worth 3 points or sits next to a card of its colour on your table
   (one value away, or a joker); else turn it over first, blind.
3. When the pile runs out, score the best series left.

It decides on what a player sees (solo.SoloView): its table and the face on top of the pile.
"""

from pnp.rules.verso.components import POINTS
from pnp.rules.verso.series import evaluate_series, series_of
from pnp.rules.verso.solo import DRAW, SERIES

SCORE_AT = 6                    # points a series must reach before the baseline scores it (5-12 tried: 6 scores best)


def best_series(faces: list) -> list | None:
    options = [s for colour in {f.colour for f in faces} for s in series_of(faces, colour)]
    if not options:
        return None

    def worth(series):
        result = evaluate_series(series)
        return (result.points, -sum(f.points for f in result.discard), -len(series))
    return max(options, key=lambda s: (worth(s), sorted(map(str, s))))


def fits(table_faces: list, face) -> bool:
    if face.points == max(POINTS) or face.joker:
        return True
    same = [f for f in table_faces if f.colour == face.colour]
    return any(f.joker or abs(f.value - face.value) == 1 for f in same)


class Baseline:
    def __init__(self, score_at: int = SCORE_AT):
        self.score_at = score_at

    def choose(self, seen):
        faces = list(seen.table)
        series = best_series(faces)
        if series and evaluate_series(series).points >= self.score_at:
            return SERIES, series
        return DRAW, seen.top in faces or not fits(faces, seen.top)

    def last_series(self, seen):
        return best_series(list(seen.table))
