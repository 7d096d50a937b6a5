"""The campaign around the duels as the simulator plays it: Verses drawn and kept, abilities,
drinks and the cards that undo a lost round, each by the rulebook and its rulings."""

import random

from pnp.rules.verset import strategy
from pnp.rules.verset.campaign import DUELS, VERSES_DRAWN_PER_DUEL
from pnp.rules.verset.cards import parse_cards
from pnp.rules.verset.rounds import Held, RoundResult, play_round
from pnp.rules.verset.simulated_campaign import Campaign
from pnp.rules.verset.table import table_rules
from tests.rules.verset.test_simulate import decks


def card(context_deck: list, card_id: str) -> dict:
    return next(c for c in context_deck if c["id"] == card_id)


def losing(stake: int, souls: int, how: str = "higher") -> RoundResult:
    return RoundResult((), (), 18, 20, "lose", how, stake, 0, souls, False, (), ())


def campaign_losing_every_round(monkeypatch, verse_id: str, souls: int, hand_ids: list, how="higher", **kw):
    """A Campaign whose every round is lost with `how`, holding the abilities named."""
    d = decks()
    campaign = Campaign(d, "legend", kw.get("variants", ()), random.Random(1))
    campaign.souls = souls
    campaign.hand = [card(d.abilities, i) for i in hand_ids]
    cost = {"higher": 1, "opponent_blackjack": 2}[how]
    monkeypatch.setattr(Campaign, "round", lambda self, rules, stake, reduction:
                        losing(stake, -cost * stake, how))
    return campaign, card(d.verses, verse_id)


def test_a_verse_that_disables_abilities_stops_the_cards_played_after_a_loss(monkeypatch):
    """The Last Sermon: no special ability during the duel, Guardian Shade included."""
    campaign, sermon = campaign_losing_every_round(monkeypatch, "the-last-sermon", 9, ["guardian-shade"],
                                                   how="opponent_blackjack")
    campaign.play_duel(sermon)
    assert [c["id"] for c in campaign.hand] == ["guardian-shade"]
    assert campaign.souls == 9 - 2 - 2


def test_a_verse_that_disables_abilities_stops_borrowed_time(monkeypatch):
    campaign, sermon = campaign_losing_every_round(monkeypatch, "the-last-sermon", 3, ["borrowed-time"])
    campaign.play_duel(sermon)
    assert [c["id"] for c in campaign.hand] == ["borrowed-time"]
    assert campaign.souls == 1


def test_no_card_gives_back_a_stake_whose_loss_ended_the_campaign(monkeypatch):
    """Ruling R32: the loss took the reserve to 0, so the campaign is over."""
    campaign, verse = campaign_losing_every_round(monkeypatch, "the-broken-promise", 2, ["guardian-shade"],
                                                  how="opponent_blackjack")
    campaign.play_duel(verse)
    assert campaign.souls == 0 and [c["id"] for c in campaign.hand] == ["guardian-shade"]


def test_with_a_soul_left_the_card_gives_the_stake_back(monkeypatch):
    campaign, verse = campaign_losing_every_round(monkeypatch, "the-broken-promise", 9, ["guardian-shade"],
                                                  how="opponent_blackjack")
    campaign.play_duel(verse)
    assert campaign.hand == [] and campaign.souls == 9 - 2 + 1 - 2


def test_a_drink_held_is_not_at_the_bar_to_be_drawn_again():
    """Several drinks at once, but the Bar holds one card of each (ruling R10): a held drink
    cannot come twice."""
    d = decks()
    campaign = Campaign(d, "pistolero", ("bar",), random.Random(3))
    gin = card(d.drinks, "widows-gin")
    campaign.take_drink(gin)
    campaign.take_drink(gin)
    assert campaign.drinks == [gin]
    for _ in range(50):
        campaign.drinks = [gin]
        campaign.win_drink()
        assert len(campaign.drinks) == 2 and campaign.drinks[0] == gin and campaign.drinks[1]["id"] != "widows-gin"


def test_the_bar_opens_only_between_duels(monkeypatch):
    """Ruling R4: no drink is bought before the first duel."""
    held = []
    monkeypatch.setattr(Campaign, "play_duel", lambda self, verse, tune=None: held.append(list(self.drinks)))
    Campaign(decks(), "tenderfoot", ("bar",), random.Random(5)).play()
    assert held[0] == [] and any(held[1:])


def test_each_duel_draws_two_verses_and_a_campaign_has_ten_duels(monkeypatch):
    drawn = []
    monkeypatch.setattr(Campaign, "play_duel", lambda self, verse, tune=None: drawn.append(len(self.verse_pile)))
    campaign = Campaign(decks(), "tenderfoot", (), random.Random(6))
    campaign.play()
    assert len(drawn) == DUELS
    assert drawn == [20 - VERSES_DRAWN_PER_DUEL * n for n in range(1, DUELS + 1)]


def test_a_won_duel_keeps_its_verses_gall_and_a_lost_one_does_not(monkeypatch):
    d = decks()
    verse = next(v for v in d.verses if v["difficulty"] == 3)
    campaign = Campaign(d, "pistolero", (), random.Random(7))
    monkeypatch.setattr(Campaign, "round", lambda self, rules, stake, reduction:
                        RoundResult((), (), 20, 18, "win", "higher", stake, stake, 0, False, (), ()))
    campaign.play_duel(verse)
    assert campaign.gall == [3] and campaign.souls == 13 + 1
    monkeypatch.setattr(Campaign, "round", lambda self, rules, stake, reduction: losing(stake, -stake))
    campaign.play_duel(verse)
    assert campaign.gall == [3] and campaign.souls == 14 - 2


UNSENT_LETTER = [{"op": "opponent_deal_face_down", "count": 2}]
SECOND_SIGHT = Held("second-sight", "activatable", ({"op": "reveal_hole_card"},))


def test_second_sight_against_the_unsent_letter_shows_one_card():
    """Ruling R34: the first card dealt to the Verse is turned up; the player's choices cannot
    depend on the other, still face down."""
    asked = set()
    for hidden in ("K", "2"):
        deck = list(parse_cards(["10", "6", "3", hidden, "9", "9", "9", "9"]))
        result = play_round(deck, 1, table_rules(UNSENT_LETTER), strategy.Baseline(), [SECOND_SIGHT])
        assert result.used == ("second-sight",)
        asked.add(len(result.player))
    assert asked == {2}


def test_starting_abilities_are_drawn_at_random_by_difficulty():
    """Initial abilities by level (2, 1, 0), drawn from the shuffled pile, never chosen."""
    hands, loaded = {}, decks()
    for level, count in (("tenderfoot", 2), ("pistolero", 1), ("legend", 0)):
        for seed in range(12):
            c = Campaign(loaded, level, (), random.Random(seed))
            owned = [a["id"] for a in c.hand + c.permanents]
            assert len(owned) == count
            hands.setdefault(level, set()).add(tuple(owned))
    assert len(hands["tenderfoot"]) > 1 and len(hands["pistolero"]) > 1


def test_an_activatable_sits_out_the_next_duel_a_unique_is_gone_a_permanent_stays():
    """Ruling R20 for the Activatable; a Unique is used once; a Permanent lies in play."""
    d = decks()
    c = Campaign(d, "legend", (), random.Random(1))
    c.hand = [card(d.abilities, "second-sight"), card(d.abilities, "guardian-shade")]
    c.gain_ability(card(d.abilities, "lucky-horseshoe"))
    assert [p["id"] for p in c.permanents] == ["lucky-horseshoe"] and len(c.hand) == 2
    c.duel_number = 1
    c.spend(["second-sight", "guardian-shade"])
    assert [a["id"] for a in c.hand] == ["second-sight"]
    usable = {n: [h.id for h in (setattr(c, "duel_number", n) or c.usable(table_rules()))] for n in (1, 2, 3)}
    assert usable == {1: [], 2: [], 3: ["second-sight"]}


def test_the_deck_is_shuffled_for_each_duel_not_between_rounds():
    """Ruling R9: discards stay out for the rest of the duel and come back at the next."""
    from pnp.rules.verset.simulated_campaign import Shoe
    shoe = Shoe(random.Random(2))
    drawn = [shoe.cards.pop(0) for _ in range(10)]
    shoe.discard += drawn
    assert len(shoe.cards) == 42 and not set(drawn) & set(shoe.cards)
    shoe.new_duel()
    assert len(shoe.cards) == 52 and not shoe.discard
