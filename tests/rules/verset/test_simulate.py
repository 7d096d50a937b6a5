from pnp.data.decks import load_game
from pnp.games import get_game
from pnp.games.verset import rules_context
from pnp.project import Project
from pnp.rules.verset.simulate import Decks, simulate
from tests.conftest import ROOT


def decks(verse_change=None):
    context = rules_context(load_game(Project.at(ROOT), get_game("verset")))
    verses = [dict(v) for v in context["verses"].values()]
    if verse_change:
        verse_change(verses)
    return Decks(verses, *(list(context[k].values()) for k in
                           ("abilities", "drinks", "tunes", "spectators", "glass")))


def test_a_seed_reproduces_its_numbers():
    first = simulate(decks(), 300, seed=11, variants=("organ", "bar", "spectators", "glass"))
    again = simulate(decks(), 300, seed=11, variants=("organ", "bar", "spectators", "glass"))
    other = simulate(decks(), 300, seed=12, variants=("organ", "bar", "spectators", "glass"))
    assert first == again
    assert first != other
    assert sum(first["endings"].values()) == 300


def test_a_verse_that_plays_harder_than_its_gall_is_flagged():
    def make_unbeatable(verses):
        easy = next(v for v in verses if v["difficulty"] == 1)
        easy["effect"] = [{"op": "bust_over", "side": "opponent", "total": 30},
                          {"op": "ties_go_to", "side": "opponent"}]
        make_unbeatable.id = easy["id"]
    report = simulate(decks(make_unbeatable), 2000, seed=3)
    assert any(f["verse"] == make_unbeatable.id and f["plays_like"] > 1 for f in report["flags"])
