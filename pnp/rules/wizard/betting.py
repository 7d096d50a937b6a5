"""The two betting rounds as a state: who is still in play, the tokens each holds, the tokens
left in the middle and whose turn it is; the moves a player may make, and what she sees.

A betting round goes once round the table from the First Player. On her turn a player in play
takes one token still in the middle, or leaves (`LEAVE`). The round of bets stops as soon as
one player alone is in play (ruling W4): nobody chooses after that.
"""

from dataclasses import dataclass, replace

from pnp.rules.wizard.tokens import tokens_for

FIRST, SECOND = "round", "square"        # the two betting rounds, named by the tokens they use
LEAVE = None


class BettingError(ValueError):
    """A move the rules do not allow: out of turn, a token not in the middle, after the end."""


@dataclass(frozen=True)
class Betting:
    order: tuple          # every player, from the First Player clockwise
    phase: str            # FIRST or SECOND
    live: tuple           # the players still in play, in turn order
    held: tuple           # (name, tokens) for every player, in turn order
    pile: tuple           # the tokens still in the middle
    turn: int = 0         # the index in `order` where the search for the next chooser starts

    def tokens(self, name: str) -> tuple:
        return dict(self.held)[name]


@dataclass(frozen=True)
class View:
    """What a player sees when she chooses: her own cards, the common cards once they are face
    up, the deck's card list (printed in the rules), and everything on the table."""

    name: str
    phase: str
    hand: tuple
    common: tuple         # empty during the first betting round
    deck: tuple           # every card of the deck in play: its list is public
    pile: tuple
    held: tuple           # (name, tokens) for every player
    live: tuple
    positions: tuple      # (name, space) for every player
    moves: tuple          # the moves she may make (`legal_moves`)


def start(order) -> Betting:
    """The first betting round, with the round tokens for this number of players."""
    order = tuple(order)
    return Betting(order, FIRST, order, tuple((name, ()) for name in order), tuple(tokens_for(len(order))[FIRST]))


def second_round(state: Betting) -> Betting:
    """The second betting round for the players still in play, with the square tokens."""
    return replace(state, phase=SECOND, pile=tuple(tokens_for(len(state.order))[SECOND]), turn=0)


def alone(state: Betting) -> str | None:
    return state.live[0] if len(state.live) == 1 else None


def to_choose(state: Betting) -> str | None:
    """The player whose turn it is, or None once the round of bets is over."""
    if len(state.live) > 1:
        for name in state.order[state.turn:]:
            if name in state.live:
                return name
    return None


def legal_moves(state: Betting, name: str) -> tuple:
    """The moves `name` may make now: each different token in the middle, or leaving; none when
    it is not her turn."""
    if to_choose(state) != name:
        return ()
    return tuple(sorted(set(state.pile))) + (LEAVE,)


def is_legal(state: Betting, name: str, move) -> bool:
    return move in legal_moves(state, name)


def play(state: Betting, name: str, move) -> Betting:
    """The state after `name` makes `move`."""
    if to_choose(state) != name or (move is not LEAVE and move not in state.pile):
        raise BettingError(f"{name} may not {'leave' if move is LEAVE else f'take the {move}'} now: "
                           f"{'it is not her turn' if to_choose(state) != name else 'that token is not in the middle'}")
    after = state.order.index(name) + 1
    if move is LEAVE:
        return Betting(state.order, state.phase, tuple(n for n in state.live if n != name), state.held,
                       state.pile, after)
    pile = list(state.pile)
    pile.remove(move)
    held = tuple((n, tokens + (move,) if n == name else tokens) for n, tokens in state.held)
    return Betting(state.order, state.phase, state.live, held, tuple(pile), after)


def view(state: Betting, name: str, hands: dict, common, deck, positions: dict) -> View:
    """What `name` sees: `hands` and `common` are the whole hidden deal; only her own hand, and
    the common cards once the second betting round has turned them up, reach the view."""
    return View(name, state.phase, tuple(hands[name]), tuple(common) if state.phase == SECOND else (),
                tuple(deck), state.pile, state.held, state.live, tuple(positions.items()),
                legal_moves(state, name))
