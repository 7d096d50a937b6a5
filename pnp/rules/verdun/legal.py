"""Whether a move is legal, apart from how any player chooses it: naming the target, a troop card
(perhaps with a Tactical card) and a Stratagem answering the card just played. The simulator's
tests hold every move it makes to `move_error`.

The table is plain data (game.Table): the seats with their hands and Tactical cards, each team's
targets, the Lead's seat, how many troop cards each player fields a trick, the plays so far and
the target named (None until the Lead names it).
"""

from dataclasses import dataclass

from pnp.rules.verdun.deck import TRICK_CARDS
from pnp.rules.verdun.trick import Play, TrickError, check


@dataclass(frozen=True)
class Attack:
    """The Lead names the enemy target: its place among the defenders' targets."""
    target: int


def attackers(table) -> str:
    return table.seats[table.lead].team


def defenders(table) -> str:
    return "German" if attackers(table) == "French" else "French"


def dealt(play: Play) -> str:
    """The troop card as it is in a hand: a General without the rank it is played as."""
    return str(play.card).split(":")[0]


def troops_to_come(table) -> list[str]:
    """Who plays the trick's remaining troop cards, in order: clockwise from the Lead, once each,
    twice in 1v1 (ruling D10); a player whose hand is empty is passed over."""
    players = [seat.name for seat in table.seats]
    order = ([players[(table.lead + k) % len(players)] for k in range(len(players))] * table.per_trick)[:TRICK_CARDS]
    played = dict.fromkeys(players, 0)
    for play in table.plays:
        if not play.answer:
            played[play.player] += 1
    cards = {seat.name: len(seat.hand) for seat in table.seats}
    to_come = []
    for name in order:
        if played[name]:
            played[name] -= 1
        elif cards[name]:
            cards[name] -= 1
            to_come.append(name)
    return to_come


def troop_turn(table) -> str | None:
    """Who plays the next troop card; None once the trick is complete."""
    return next(iter(troops_to_come(table)), None)


def move_error(table, name: str, move) -> str | None:
    """Why player `name` may not make `move` now, or None when the move is legal."""
    seat = next((s for s in table.seats if s.name == name), None)
    if seat is None:
        return f"no player {name}"
    if isinstance(move, Attack):
        if table.attack is not None or table.plays:
            return "the target is named once, before the first card"
        if name != table.seats[table.lead].name:
            return f"only the Lead, {table.seats[table.lead].name}, names the target"
        targets = table.targets[defenders(table)]
        if not 0 <= move.target < len(targets):
            return f"the {defenders(table)} have no target {move.target}"
        if targets[move.target].overrun:
            return "that target has been overrun already"
        return None
    if table.attack is None:
        return "the Lead names the target before any card is played"
    if move.player != name or move.team != seat.team:
        return f"{name} plays for themselves, on the {seat.team} side"
    if not move.answer:
        if troop_turn(table) != name:
            return f"it is {troop_turn(table) or 'nobody'}'s turn to play a troop card, not {name}'s"
        if dealt(move) not in seat.hand:
            return f"{name} holds no {dealt(move)}"
    if move.tactical is not None and move.tactical not in seat.tactical:
        return f"{name} holds no {move.tactical}"
    try:
        check([*table.plays, move])
    except TrickError as error:
        return str(error)
    return None
