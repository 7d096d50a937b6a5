"""The solo game: a 35-card pile, your turns, and after each the simulated opponent's turn.

Each turn you draw a card or score a series. Then the opponent turns the top card of the pile
over: if either face is a joker nothing happens; if the revealed value is strictly greater
than the one it showed, you turn over your largest card of the revealed colour (with the
neighbours' joker exception, V9); the card is thrown away. When the pile is empty the game ends
at once, and you may score one last series.
"""

from dataclasses import dataclass, field, replace
from random import Random

from pnp.rules.verso.components import SOLO_DECK, SOLO_LADDER
from pnp.rules.verso.faces import Card, Face
from pnp.rules.verso.series import evaluate_series
from pnp.rules.verso.table import Table, add, flip_target, remove, turn


@dataclass
class SoloGame:
    pile: list                      # (card, face up), the top last
    backs: dict                     # face -> the face on its other side
    table: Table = field(default_factory=Table)
    score: int = 0
    turns: int = 0
    squares: int = 0
    series: int = 0
    discarded: int = 0
    flips_suffered: int = 0

    @property
    def top(self) -> Face | None:
        return self.pile[-1][1] if self.pile else None


def deal(cards: list[Card], rng: Random, size: int = SOLO_DECK) -> list:
    """A pile of `size` cards, shuffled, each lying on a random face."""
    chosen = rng.sample(cards, size)
    return [(card, card.recto if rng.random() < 0.5 else card.verso) for card in chosen]


def must_flip(table: Table, top: Face) -> bool:
    """Drawing: a card showing a face identical to one on your table is turned over before it is
    taken (source)."""
    return top in table.faces


def draw(game: SoloGame, flip: bool) -> None:
    card, shown = game.pile.pop()
    face = game.backs[shown] if (flip or must_flip(game.table, shown)) else shown
    _apply(game, add(game.table, card.id, face))


def score_series(game: SoloGame, faces: list[Face]) -> None:
    result = evaluate_series(faces)
    if not result.valid:
        raise ValueError(result.reason)
    game.score += result.points
    game.series += 1
    _apply(game, remove(game.table, list(result.discard)))


def opponent_turn(game: SoloGame) -> Face | None:
    """The simulated opponent: returns the face of yours it turned over, if any."""
    card, shown = game.pile.pop()
    revealed = game.backs[shown]
    if shown.joker or revealed.joker or revealed.value <= shown.value:
        return None
    target = flip_target(game.table.faces, revealed.colour)
    if target is None:
        return None
    game.flips_suffered += 1
    _apply(game, turn(game.table, target, game.backs[target]))
    return target


def _apply(game: SoloGame, change) -> None:
    game.table = change.table
    game.score += change.square_points
    game.squares += 1 if change.square_points else 0
    game.discarded += 1 if change.discarded else 0


def ladder(score: int) -> str | None:
    """The source's words for a solo score, or None below the lowest rung."""
    return next((words for least, words in SOLO_LADDER if score >= least), None)


def play(cards: list[Card], backs: dict, policy, rng: Random) -> SoloGame:
    """One solo game played by `policy` (an object with choose(game) -> ("series", faces) or
    ("draw", flip) and last_series(game) -> faces or None)."""
    game = SoloGame(deal(cards, rng), backs)
    while game.pile:
        game.turns += 1
        action, choice = policy.choose(game)
        if action == "series":
            score_series(game, choice)
        else:
            draw(game, choice)
        if not game.pile:
            break
        opponent_turn(game)
    last = policy.last_series(game)
    if last:
        score_series(game, last)
    return replace(game)
