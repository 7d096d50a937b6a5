"""The solo game: a 35-card pile, your turns, and after each the simulated opponent's turn.

Each turn you draw a card or score a series. Then the opponent turns the top card of the pile
over: if either face is a joker nothing happens; if the revealed value is strictly greater
than the one it showed, you turn over your largest card of the revealed colour (with the
neighbours' joker exception, V9); the card is thrown away. When the pile is empty the game ends
at once, and you may score one last series. The pile is dealt with each card on a random face
(V15). The square scores on your draw or on a card the opponent makes you turn, never on your
own series, the last one included (V13).

A strategy sees what a player sees (SoloView): its table, the pile's top face, how many cards
are left and its score; it never sees the pile's order. The engine checks every move it makes
(is_legal).
"""

from dataclasses import dataclass, field, replace
from random import Random

from pnp.rules.verso.components import COLOURS, SOLO_DECK, SOLO_LADDER
from pnp.rules.verso.faces import Card, Face
from pnp.rules.verso.series import evaluate_series, series_of
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


@dataclass(frozen=True)
class SoloView:
    """What the player sees: their table, the face on top of the pile, the pile's size, the score."""

    table: tuple
    top: Face | None
    pile_left: int
    score: int


def view(game: SoloGame) -> SoloView:
    return SoloView(tuple(game.table.faces), game.top, len(game.pile), game.score)


DRAW, SERIES = "draw", "series"


def is_legal(seen: SoloView, move: tuple, last: bool = False) -> bool:
    """A move is ("draw", turn over first) or ("series", faces); `last`: the series once the pile
    is empty, the only move left. A face already on the table must be turned over when drawn."""
    action, choice = move
    if action == SERIES:
        faces = list(choice)
        return (len(set(faces)) == len(faces) and all(f in seen.table for f in faces)
                and evaluate_series(faces).valid)
    if action == DRAW and not last and seen.top is not None:
        return bool(choice) or seen.top not in seen.table
    return False


def legal_moves(seen: SoloView, last: bool = False) -> list[tuple]:
    """Every legal move, for checking a strategy's choice against the rules."""
    moves = [] if last or seen.top is None else [(DRAW, flip) for flip in (False, True) if is_legal(seen, (DRAW, flip))]
    return moves + [(SERIES, tuple(chosen)) for colour in COLOURS for chosen in series_of(list(seen.table), colour)]


def deal(cards: list[Card], rng: Random, size: int = SOLO_DECK) -> list:
    """A pile of `size` cards, shuffled, each lying on a random face (V15)."""
    chosen = rng.sample(cards, size)
    return [(card, card.recto if rng.random() < 0.5 else card.verso) for card in chosen]


def most_held(last: bool = False) -> int:
    """The most cards a solo player's table can hold: the player takes one card a turn and the
    opponent turns one over after it, so before the opponent's turn (and before any series but
    the last) the player has taken at most half the pile, rounded down; once it is empty, the
    player may have taken the odd card too."""
    return (SOLO_DECK + 1) // 2 if last else SOLO_DECK // 2


def must_flip(table: Table, top: Face) -> bool:
    """Drawing: a card showing a face identical to one on your table is turned over before it is
    taken (source)."""
    return top in table.faces


def draw(game: SoloGame, flip: bool) -> None:
    """Take the top card, turned over first when `flip` or when the rule forces it."""
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


class IllegalMove(ValueError):
    pass


def play(cards: list[Card], backs: dict, policy, rng: Random) -> SoloGame:
    """One solo game played by `policy`, an object with choose(view) -> ("series", faces) or
    ("draw", turn over first) and last_series(view) -> faces or None, seeing only a SoloView."""
    game = SoloGame(deal(cards, rng), backs)
    while game.pile:
        game.turns += 1
        seen = view(game)
        move = policy.choose(seen)
        if not is_legal(seen, move):
            raise IllegalMove(f"turn {game.turns}: {move} is not a legal move")
        action, choice = move
        if action == SERIES:
            score_series(game, list(choice))
        else:
            draw(game, choice)
        if not game.pile:
            break
        opponent_turn(game)
    seen = view(game)
    last = policy.last_series(seen)
    if last:
        if not is_legal(seen, (SERIES, last), last=True):
            raise IllegalMove(f"the last series {last} is not a legal series")
        score_series(game, list(last))
    return replace(game)
