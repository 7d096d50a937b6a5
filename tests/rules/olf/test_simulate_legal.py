"""The simulator plays only legal moves, by the engine's own check (moves.illegal), for every party
size from one hero to all six, against every Nemesis; and its players see only the table."""

import dataclasses
from collections import Counter
from random import Random

import pytest

from pnp.data.decks import load_game
from pnp.games import get_game
from pnp.games.olf import game_data
from pnp.project import Project
from pnp.rules.olf.components import CHARACTERS
from pnp.rules.olf.moves import HeroView, Move, View, illegal
from pnp.rules.olf.simulate import Baseline, IllegalMove, play
from tests.conftest import ROOT
from tests.rules.simulated import games_per_mode

GAMES_PER_PARTY = games_per_mode(100)   # x 6 party sizes; every Nemesis and every seat order in turn
TABLE_FIELDS = {"heroes", "nemesis", "phase", "insight", "card_kind", "mode", "symbols", "targets", "roller",
                "rolled", "dice", "oathbound_used", "next_card"}
HERO_FIELDS = {"name", "symbols", "heart", "max_heart", "power", "soul", "alive", "ability", "uses"}


@pytest.fixture(scope="module")
def data():
    project = Project.at(ROOT)
    return game_data(load_game(project, get_game(project, "olf")))


class Watchful(Baseline):
    """The baseline, checking that each thing it is handed is a view of the table and no more."""

    def __init__(self):
        self.views = 0

    def _seen(self, view):
        assert type(view) is View and {f.name for f in dataclasses.fields(View)} == TABLE_FIELDS
        assert all(type(h) is HeroView for h in view.heroes)
        assert {f.name for f in dataclasses.fields(HeroView)} == HERO_FIELDS
        self.views += 1

    def taker(self, view, insight):
        self._seen(view)
        return super().taker(view, insight)

    def peek(self, view, hero):
        self._seen(view)
        return super().peek(view, hero)

    def power(self, view, insight, penalty):
        self._seen(view)
        return super().power(view, insight, penalty)

    def mend(self, view):
        self._seen(view)
        return super().mend(view)

    def shield(self, view, ally, loss):
        self._seen(view)
        return super().shield(view, ally, loss)

    def heir(self, view):
        self._seen(view)
        return super().heir(view)


@pytest.mark.parametrize("party", range(1, CHARACTERS + 1))
def test_every_simulated_move_is_legal(data, party):
    rng, strategy, moves = Random(party), Watchful(), Counter()

    def watch(view, move):
        assert illegal(view, move) is None, (move, view)
        moves[move.kind] += 1

    for game in range(GAMES_PER_PARTY):
        seats = data["characters"][game % CHARACTERS:] + data["characters"][:game % CHARACTERS]
        nemesis = data["nemeses"][game % len(data["nemeses"])]
        play(seats, data["equipment"], data["loot"], data["decks"], data["moments"], nemesis, party, rng,
             strategy, watch)
    assert strategy.views > GAMES_PER_PARTY
    expected = {"attempt", "spend", "legerdemain", "hex", "peek"} | ({"oathbound", "bulwark", "heir"} if party > 1 else set())
    assert expected <= set(moves), moves


def test_an_illegal_choice_is_refused(data):
    class Cheat(Baseline):
        def power(self, view, insight, penalty):
            return [Move("spend", view.roller, 9)]          # more Power than anyone holds

    with pytest.raises(IllegalMove):
        play(data["characters"], data["equipment"], data["loot"], data["decks"], data["moments"],
             data["nemeses"][0], 3, Random(1), Cheat())


def test_the_engine_s_check_names_what_is_wrong():
    hero = HeroView("Jess", ("key", "magic"), 4, 4, 1, 2, True, "Legerdemain", 0)
    knight = HeroView("Freya", ("crown",), 1, 4, 0, 0, True, "Oathbound", None)
    view = View((hero, knight), "Bound", "approach", 0, "challenge", "party", ("key",), (4,), "Jess", True, (2, 3))
    assert illegal(view, Move("legerdemain", "Jess")) == "no use left"
    assert illegal(view, Move("spend", "Jess", 1)).startswith("Power is spent")
    assert illegal(view, Move("oathbound", "Freya", 3, "Jess")) is None
    assert illegal(view, Move("oathbound", "Freya", 5, "Jess")) == "no die shows 5"
    assert illegal(dataclasses.replace(view, oathbound_used=True), Move("oathbound", "Freya", 3, "Jess")) == "once per Challenge"
    assert illegal(dataclasses.replace(view, dice=(4, 3)), Move("oathbound", "Freya", 3, "Jess")) == "only after a failed roll"
    assert illegal(view, Move("hex", "Jess", 3)) == "Jess does not have Hex"
