import random

from pnp.data.decks import load_game
from pnp.games import get_game
from pnp.games.verset import rules_context
from pnp.project import Project
from pnp.rules.verset import strategy
from pnp.rules.verset.simulate import simulate
from pnp.rules.verset.simulated_campaign import Campaign, Decks
from tests.conftest import ROOT


def decks(verse_change=None):
    context = rules_context(load_game(Project.at(ROOT), get_game(Project.at(ROOT), "verset")))
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


ALL_VARIANTS = ("organ", "bar", "spectators", "glass")


def campaign_with_glass(souls):
    campaign = Campaign(decks(), "legend", ALL_VARIANTS, random.Random(1))
    campaign.souls = souls
    campaign.hand = [{"id": "a-unique", "type": "unique", "effect": []}]
    return campaign


def test_the_glass_gives_back_every_stake_of_the_duel():
    campaign = campaign_with_glass(5)
    assert campaign.use_glass([2, 3, 1])                   # 2 won, 3 lost to a blackjack, 1 lost
    assert campaign.souls == 11 and campaign.hand == [] and campaign.glass_used
    small = campaign_with_glass(17)
    assert not small.use_glass([1, 1])                     # too little back for the campaign's one Glass
    spent = campaign_with_glass(0)
    assert not spent.use_glass([3, 3])                     # the campaign ended at 0 souls (R6)


def test_the_organ_is_fed_before_the_verse_is_chosen(monkeypatch):
    events = []
    fed = Campaign.feed_organ

    def feed(self):
        events.append("organ")
        return fed(self)

    def choose(first, second, souls):
        events.append("choose")
        return first

    monkeypatch.setattr(Campaign, "feed_organ", feed)
    monkeypatch.setattr(strategy, "choose_verse", choose)
    Campaign(decks(), "tenderfoot", ("organ",), random.Random(2)).play()
    assert events[:2] == ["organ", "choose"]
    assert events.count("organ") == events.count("choose")
