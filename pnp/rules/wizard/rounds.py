"""A round's end: who left and when, a player alone in play, the resolution and the moves.

Players are listed in turn order from the First Player. A player who left holds the tokens
she had when she left: none (she left during the first betting round) or her round token
(she left during the second). Positions are spaces of the score board.

Leaves are settled in the order they happen: the whole first betting round comes before the
second, so every leave of the first comes before any leave of the second, each in turn order,
and each is judged on the board as it stands at that moment (ruling W4).
"""

from dataclasses import dataclass

from pnp.rules.wizard.tokens import ROUND_TOKENS, SQUARE_TOKENS

START_SPACE = 15
WINNING_SPACE = 30
LOSING_SPACE = 0
DOUBLE_ZONE = range(1, 8)           # spaces 1-7: a gain of points moves twice as far
FIRST_LEAVE_GAIN = 1                # leaving the first betting round, unless alone in the lead:
                                    # one space, never doubled (rulebook §5)
SECOND_BEST_FROM_PLAYERS = 5        # 5 and 6 players: the 2nd best hand gains its lowest token


class RoundError(ValueError):
    """A round the rules cannot produce (a player who left holding two tokens, say)."""


@dataclass(frozen=True)
class Seat:
    name: str
    tokens: tuple
    position: int
    out: bool
    value: int | None = None      # the hand's value, for players in play at the resolution


@dataclass(frozen=True)
class RoundEnd:
    best: tuple
    second: tuple
    moves: dict
    positions: dict
    alone: str | None


def gain(position: int, points: int) -> int:
    """Spaces moved for a gain of `points` from `position` (doubled in the double zone)."""
    return points * 2 if points > 0 and position in DOUBLE_ZONE else points


def _move(positions: dict, moves: dict, name: str, points: int, doubled: bool = True) -> None:
    start = positions[name]
    target = max(LOSING_SPACE, start + (gain(start, points) if doubled else points))
    moves[name] += target - start
    positions[name] = target


def alone_in_lead(positions: dict, name: str) -> bool:
    return all(positions[name] > space for other, space in positions.items() if other != name)


def check_tokens(seats: list) -> None:
    players = len(seats)
    if players not in ROUND_TOKENS:
        raise RoundError(f"a round has 3 to 6 players, not {players}")
    rounds, squares = list(ROUND_TOKENS[players]), list(SQUARE_TOKENS[players])
    for seat in seats:
        if len(seat.tokens) > 2 or (seat.out and len(seat.tokens) > 1):
            raise RoundError(f"{seat.name} holds {len(seat.tokens)} tokens: a player in play holds a round "
                             "and a square token, one who left holds her round token at most")
        for pile, token in zip((rounds, squares), seat.tokens):
            if token not in pile:
                raise RoundError(f"{seat.name}'s token {token} is not left among the {players}-player "
                                 f"{'round' if pile is rounds else 'square'} tokens")
            pile.remove(token)


def alone_when(seats: list):
    """(name, tokens taken) of the player the turn order leaves alone in play, or None when two or
    more reach the resolution. The bets stop the moment one player alone is in play (ruling W4):
    she holds only the tokens she took before that moment."""
    live = [s.name for s in seats]
    taken = dict.fromkeys(live, 0)
    for tokens_before in (0, 1):                      # the first betting round, then the second
        for seat in seats:
            if len(live) == 1:
                return live[0], taken[live[0]]
            if seat.name in live:
                if seat.out and len(seat.tokens) == tokens_before:
                    live.remove(seat.name)
                else:
                    taken[seat.name] += 1
    return (live[0], taken[live[0]]) if len(live) == 1 else None


def leaves_in_order(seats: list) -> list:
    """The players who left, in the order they left: the first betting round's, then the second's."""
    return [s for s in seats if s.out and not s.tokens] + [s for s in seats if s.out and s.tokens]


def resolve(seats: list) -> RoundEnd:
    """Leaves in the order they happen, then a player alone in play or the resolution (ruling W4)."""
    check_tokens(seats)
    positions = {s.name: s.position for s in seats}
    moves = {s.name: 0 for s in seats}
    for seat in leaves_in_order(seats):
        if seat.tokens:
            _move(positions, moves, seat.name, -seat.tokens[0])
        elif not alone_in_lead(positions, seat.name):
            _move(positions, moves, seat.name, FIRST_LEAVE_GAIN, doubled=False)
    playing = [s for s in seats if not s.out]
    if not playing:
        raise RoundError("every player left: the last one in play is alone and cannot leave")
    last = alone_when(seats)
    if last is not None and len(playing) == 1 and len(playing[0].tokens) != last[1]:
        held, had = len(playing[0].tokens), last[1]
        raise RoundError(f"{last[0]} holds {held} {'token' if held == 1 else 'tokens'}, but every other player had "
                         f"left when she had taken {had}: the bets stop the moment one player alone is in play "
                         "(ruling W4)")
    if len(playing) == 1:
        _move(positions, moves, playing[0].name, sum(playing[0].tokens))
        return RoundEnd((), (), moves, positions, playing[0].name)
    if any(len(s.tokens) != 2 or s.value is None for s in playing):
        raise RoundError("at the resolution each player in play holds a round and a square token and a hand")
    top = max(s.value for s in playing)
    best = [s for s in playing if s.value == top]
    second = []
    if len(best) == 1 and len(seats) >= SECOND_BEST_FROM_PLAYERS:
        rest = [s for s in playing if s.value != top]
        if rest:
            runner_up = max(s.value for s in rest)
            second = [s for s in rest if s.value == runner_up]
    for seat in playing:
        if seat in best:
            _move(positions, moves, seat.name, sum(seat.tokens))
        elif seat in second:
            _move(positions, moves, seat.name, min(seat.tokens))
        else:
            _move(positions, moves, seat.name, -sum(seat.tokens))
    return RoundEnd(tuple(s.name for s in best), tuple(s.name for s in second), moves, positions, None)


def winners(positions: dict) -> list:
    """The winners once a round is over: the most points if anyone reached 30 or 0 (ruling W1)."""
    spaces = positions.values()
    if not any(space >= WINNING_SPACE or space <= LOSING_SPACE for space in spaces):
        return []
    top = max(spaces)
    return sorted(name for name, space in positions.items() if space == top)
