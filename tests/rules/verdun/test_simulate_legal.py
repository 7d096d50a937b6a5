"""Every move the simulator makes is legal by the engine's own check (legal.move_error), in 2v2
and 1v1, with and without Mud and Blood, the short and the standard game alike; and each simulated
player decides from a View that holds only what that player can see."""

import inspect
from dataclasses import fields
from random import Random

import pytest

from pnp.rules.verdun import game
from pnp.rules.verdun.cards import troop
from pnp.rules.verdun.components import TACTICAL_HAND_LIMIT
from pnp.rules.verdun.game import UNKNOWN_TILE, Seat, Table, Target, View, play_round
from pnp.rules.verdun.legal import Attack, move_error
from pnp.rules.verdun.trick import Play
from tests.rules.simulated import games_per_mode

GAMES = games_per_mode(1000)    # rounds a mode: some 60,000 moves, about 4 seconds on a quiet core
MATCHES = ({"French": "greedy", "German": "random"}, {"French": "random", "German": "greedy"},
           {"French": "random", "German": "random"}, {"French": "greedy", "German": "greedy"})


def _seen(table: Table, seat) -> dict:
    """What the player in `seat` sees: their own cards, the weather, the plays and the enemy's
    targets (a face-down Fortification is unknown)."""
    enemy = "German" if seat.team == "French" else "French"
    return {"name": seat.name, "team": seat.team, "hand": tuple(seat.hand), "tactical": tuple(seat.tactical),
            "weather": table.weather, "plays": tuple(table.plays),
            "own": tuple(None if t.overrun else (t.fortification, t.asset) for t in table.targets[seat.team]),
            "targets": tuple(None if t.overrun else (t.fortification if t.revealed else UNKNOWN_TILE)
                             for t in table.targets[enemy])}


@pytest.mark.parametrize("mode", ["2v2", "1v1"])
@pytest.mark.parametrize("weather", [False, True], ids=["plain", "mud-and-blood"])
def test_every_simulated_move_is_legal_and_decided_from_what_its_player_sees(mode, weather):
    moves, answers, chains = [], 0, 0

    def on_move(table, name, move, view):
        nonlocal answers, chains
        error = move_error(table, name, move)
        assert error is None, f"{name}: {move}: {error}"
        seat = next(s for s in table.seats if s.name == name)
        assert isinstance(view, View)
        assert {k: v for k, v in vars(view).items() if k != "last"} == _seen(table, seat)
        assert all(len(s.tactical) <= TACTICAL_HAND_LIMIT for s in table.seats)
        if weather and isinstance(move, Attack):
            assert view.weather is not None                 # ruling D11: turned before the target
        if isinstance(move, Play) and move.answer:
            answers += 1
            chains += table.plays[-1].answer
        moves.append(1)

    rng = Random(f"{mode}{weather}")
    for index in range(GAMES):
        play_round(mode, ("short", "standard")[index % 2], MATCHES[index % len(MATCHES)], rng, weather,
                   on_move=on_move)
    assert len(moves) > GAMES * 12 * 4 and answers > 0 and chains > 0


def test_players_decide_from_their_view_alone():
    """The three decisions take a View (and the dice); a View holds nothing hidden."""
    for choose in (game.choose_target, game.choose_play, game.choose_answer):
        assert list(inspect.signature(choose).parameters) == ["me", "rng", "style"]
    assert {f.name for f in fields(View)} == {"name", "team", "hand", "tactical", "weather", "targets", "own", "plays",
                                       "last"}


def _table(plays=(), attack=0):
    seats = [Seat("P1", "French", ["F9", "FG"], ["air_strike", "stratagem"]),
             Seat("P2", "German", ["G7"], ["stratagem"]),
             Seat("P3", "French", ["F4"], []), Seat("P4", "German", ["G10"], ["decoy"])]
    targets = {"French": [Target(3, 7) for _ in range(5)],
               "German": [Target(3, 7, overrun=i == 0) for i in range(5)]}
    return Table(seats, targets, 0, 1, None, attack, list(plays))


def test_the_legality_check_refuses_what_the_rules_forbid():
    F9 = Play("P1", "French", troop("F9"), "air_strike")
    assert move_error(_table(attack=None), "P1", Attack(1)) is None
    attacked = _table(attack=None)
    attacked.targets["German"][1].revealed = True
    assert move_error(attacked, "P1", Attack(1)) is None            # the same target again
    assert "overrun" in move_error(_table(attack=None), "P1", Attack(0))
    assert "Lead" in move_error(_table(attack=None), "P2", Attack(1))
    assert move_error(_table(), "P1", F9) is None
    assert "holds no" in move_error(_table(), "P1", Play("P1", "French", troop("F4")))
    assert "turn" in move_error(_table(), "P2", Play("P2", "German", troop("G7")))
    assert move_error(_table([F9]), "P2", Play("P2", "German", None, "stratagem")) is None
    late = [F9, Play("P2", "German", troop("G7"))]
    assert "right after" in move_error(_table(late), "P2", Play("P2", "German", None, "stratagem"))
    assert "holds no" in move_error(_table([F9]), "P3", Play("P3", "French", None, "stratagem"))
    assert move_error(_table([F9, Play("P2", "German", None, "stratagem")]), "P1",
                      Play("P1", "French", None, "stratagem")) is None     # a Stratagem answers a Stratagem
    assert move_error(_table(), "P1", Play("P1", "French", troop("FG:14"))) is None
