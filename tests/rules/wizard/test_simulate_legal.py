"""Simulated players make only the moves the engine allows and see only what a player sees.

Every decision of 2,000 seeded games per player count, half with each deck, goes through
`betting.is_legal`, the engine's own check, separate from the strategy's choice; and the view
a player decides on holds her own cards, the common cards only once they are face up, the
deck's public list and the table, never another player's hand or the undealt order."""

from dataclasses import fields
from functools import lru_cache

import pytest

from pnp.data.decks import load_game
from pnp.games import get_game
from pnp.games.wizard import rules_context
from pnp.project import Project
from pnp.rules.wizard import betting
from pnp.rules.wizard.cards import card_from
from pnp.rules.wizard.rounds import START_SPACE
from pnp.rules.wizard.simulate import simulate
from pnp.rules.wizard.tokens import MAX_PLAYERS, MIN_PLAYERS
from tests.conftest import ROOT
from tests.rules.wizard.test_simulate import deck as plain_deck
from tests.rules.simulated import games_per_mode

GAMES = games_per_mode(2000)


@lru_cache(maxsize=1)
def shipped_decks() -> dict:
    project = Project.at(ROOT)
    return rules_context(load_game(project, get_game(project, "wizard")))["decks"]


class Referee:
    """Checks each decision the simulator makes, with the engine's rules and the deal it hides."""

    def __init__(self, deck):
        self.ids = tuple(c["id"] for c in deck)
        self.deck = None
        self.decisions = 0
        self.leaves = 0

    def __call__(self, state, view, move, hands, common):
        self.decisions += 1
        self.leaves += move is betting.LEAVE
        moves = betting.legal_moves(state, view.name)       # the engine's own check, not the strategy's
        assert move in moves and view.moves == moves, (view.name, move, state)
        assert (view.pile, view.held, view.live) == (state.pile, state.held, state.live)
        if self.deck is None:                   # the deck's public list, the same at every decision
            assert tuple(c.id for c in view.deck) == self.ids
            self.deck = view.deck
        assert view.deck == self.deck
        assert view.hand == tuple(hands[view.name])                       # her own cards
        assert view.common == (() if view.phase == betting.FIRST else tuple(common))   # face up only now


@pytest.mark.parametrize("players", range(MIN_PLAYERS, MAX_PLAYERS + 1))
def test_every_simulated_move_is_legal_and_decided_on_a_players_view(players):
    """GAMES games at each player count, half with each deck."""
    for colour in ("red", "blue"):
        deck = shipped_decks()[colour]
        referee = Referee(deck)
        report = simulate(deck, GAMES // 2, seed=players, players=players, observe=referee)
        assert report["games"] == GAMES // 2 and "none" not in report["ends"]
        assert referee.decisions > GAMES // 2 and referee.leaves > 0


def test_a_decision_depends_on_the_view_alone():
    """Two deals that differ only in cards the player cannot see give her the same view; the
    only cards a view holds are her hand, the common cards and the deck's public list."""
    assert [f.name for f in fields(betting.View)] == ["name", "phase", "hand", "common", "deck", "pile", "held",
                                                      "live", "positions", "moves"]
    cards = plain_deck()
    deck = [card_from(c["id"], c) for c in cards]
    state = betting.start(["me", "you", "them"])
    hands = {"me": deck[:2], "you": deck[2:4], "them": deck[4:6]}
    other = {"me": deck[:2], "you": deck[10:12], "them": deck[12:14]}
    positions = {"me": 15, "you": 15, "them": 15}
    assert betting.view(state, "me", hands, deck[6:8], deck, positions) == \
        betting.view(state, "me", other, deck[14:16], deck, positions)


def test_the_engine_refuses_a_move_out_of_turn_or_a_token_not_in_the_middle():
    state = betting.start(["A", "B", "C"])
    assert betting.legal_moves(state, "B") == ()
    assert betting.legal_moves(state, "A") == (2, 3, 4, betting.LEAVE)
    with pytest.raises(betting.BettingError):
        betting.play(state, "B", 2)
    state = betting.play(state, "A", 4)
    assert not betting.is_legal(state, "B", 4)
    state = betting.play(betting.play(state, "B", betting.LEAVE), "C", betting.LEAVE)
    assert betting.alone(state) == "A" and betting.to_choose(betting.second_round(state)) is None


def test_the_second_bet_uses_the_square_tokens_and_only_the_players_still_in():
    """The round tokens nobody took are set aside; the square tokens go round from the First
    Player, skipping a player who left; those nobody takes are set aside in turn."""
    state = betting.start(["A", "B", "C", "D"])
    for name, move in (("A", 3), ("B", betting.LEAVE), ("C", 2), ("D", 4)):
        state = betting.play(state, name, move)
    assert state.pile == (3,)                           # set aside with the first bet
    second = betting.second_round(state)
    assert second.pile == (-1, 2, 3, 4) and betting.to_choose(second) == "A"
    second = betting.play(second, "A", 4)
    assert betting.to_choose(second) == "C"            # B left in the first bet
    second = betting.play(betting.play(second, "C", -1), "D", betting.LEAVE)
    assert betting.to_choose(second) is None and second.tokens("A") == (3, 4) and second.tokens("D") == (4,)


def test_every_pawn_starts_on_fifteen_and_the_first_player_token_passes_clockwise():
    firsts = []

    def watch(state, view, move, hands, common):
        if state.phase == betting.FIRST and state.live == state.order and state.turn == 0:
            firsts.append((view.name, dict(view.positions)))
    simulate(shipped_decks()["red"], 1, seed=4, players=4, observe=watch)
    assert set(firsts[0][1].values()) == {START_SPACE} and len(firsts) > 4
    assert [name for name, _ in firsts] == [f"seat {1 + i % 4}" for i in range(len(firsts))]
