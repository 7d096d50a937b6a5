"""The simulator plays by the rules and sees only what a player sees.

Seeded campaigns at each difficulty, without variants and with all four, report every move
they make to `Campaign.observer`; each must pass the engine's own legality check
(pnp/rules/verset/legal.py), which is separate from the strategy that chose it. The policy
is given a PlayerView, never the round itself: checked on every call, and the view is checked
to hold no card dealt face down and no card of the deck beyond those an effect let the
player look at.
"""

from collections import Counter
from dataclasses import fields

import pytest

from pnp.rules.verset import legal, strategy
from pnp.rules.verset.campaign import DIFFICULTIES
from pnp.rules.verset.cards import parse_cards
from pnp.rules.verset.rounds import Held, PlayerView, RoundState, deal
from pnp.rules.verset.simulate import VARIANTS, simulate
from pnp.rules.verset.simulated_campaign import Campaign
from pnp.rules.verset.table import table_rules
from tests.rules.verset.test_simulate import decks
from tests.rules.simulated import games_per_mode

CAMPAIGNS_PER_MODE = games_per_mode(150)   # per mode: 850 to 1,400 duels, 2,300 to 3,800 rounds (seed 24)
MODES = [(level, variants) for level in DIFFICULTIES for variants in ((), VARIANTS)]
VIEW_FIELDS = {f.name for f in fields(PlayerView)}


def view_faults(state: RoundState) -> list[str]:
    """The view holds the player's face-up cards, the Verse's face-up cards and the cards
    peeked at, by position: nothing dealt face down, nothing else of the deck."""
    view = state.view()
    faults = []
    if view.player != tuple(c for c, down in zip(state.player, state.player_face_down) if not down):
        faults.append("the view's own cards are not the face-up ones")
    if view.opponent != tuple(c for c, down in zip(state.opponent, state.opponent_face_down) if not down):
        faults.append("the view's Verse cards are not the face-up ones")
    if view.peeked != tuple(state.deck[:len(view.peeked)]) or len(view.peeked) > len(state.peeked):
        faults.append("the view shows more of the deck than was peeked at")
    if view.cards_held != len(state.player) or len(view.opponent) + view.opponent_hidden != len(state.opponent):
        faults.append("the view miscounts the cards held")
    return faults


def owns(pile: list, card: dict) -> bool:
    return any(held is card or held["id"] == card["id"] for held in pile)


def gall_held(campaign, handed: list) -> bool:
    return not Counter(handed) - Counter(campaign.gall)


def check(name: str, campaign: Campaign, d: dict) -> list[str]:
    """What is wrong with one move, by the engine's rules."""
    c = campaign
    if name == "round":
        faults = [] if legal.is_legal_round_move(d["round_move"], d["state"], d["souls_left"]) else ["illegal"]
        return faults + view_faults(d["state"])
    ok = {
        "choose_verse": lambda: legal.may_choose_verse(d["drawn"], d["chosen"]),
        "feed_organ": lambda: legal.may_feed_organ(c.souls, c.variants),
        "buy_drink": lambda: legal.may_buy_drink(c.souls, c.variants, c.duel_number),
        "spend_gall": lambda: gall_held(c, d["handed"]) and legal.may_spend_gall(d["handed"], d["price"], d["rules"]),
        "use_ability": lambda: owns(c.hand, d["card"]) and legal.may_use_ability(
            d["card"], d["rules"], c.souls, c.resting, c.duel_number),
        "undo_lost_round": lambda: (owns(c.hand, d["card"]) or owns(c.drinks, d["card"])) and legal.may_undo_lost_round(
            d["card"], d["rules"], c.souls, c.resting, c.duel_number),
        "drink_glass": lambda: (owns(c.hand, d["given"]) or owns(c.permanents, d["given"])) and legal.may_drink_glass(
            c.variants, c.glass_used, c.souls, d["given"], duel_lost=True),
        "discard_over_limit": lambda: not legal.within_hand_limit(c.hand) and owns(c.hand, d["card"]),
    }[name]()
    return [] if ok else ["illegal"]


class Watching(strategy.Baseline):
    """The baseline, checking on each call that it is handed a PlayerView and nothing more."""

    calls = 0

    @staticmethod
    def _look(view):
        Watching.calls += 1
        assert type(view) is PlayerView and set(vars(view)) == VIEW_FIELDS, type(view)

    def adjust(self, view):
        self._look(view)
        return super().adjust(view)

    def hit(self, view):
        self._look(view)
        return super().hit(view)

    def play(self, moment, card, view):
        self._look(view)
        return super().play(moment, card, view)


def run(monkeypatch, level: str, variants: tuple, seed: int) -> Counter:
    moves, faults = Counter(), []

    def observer(name, campaign, details):
        kind = details["round_move"][0] if name == "round" else name
        moves[kind] += 1
        if not legal.may_hold_drinks(campaign.drinks):
            faults.append(f"{name}: holds {[d['id'] for d in campaign.drinks]}")
        faults.extend(f"{name} {details.get('round_move', '')}: {fault}" for fault in check(name, campaign, details))

    monkeypatch.setattr(Campaign, "observer", staticmethod(observer))
    monkeypatch.setattr(strategy, "Baseline", Watching)
    simulate(decks(), CAMPAIGNS_PER_MODE, seed=seed, difficulty=level, variants=variants)
    assert not faults, f"{len(faults)} illegal moves, the first: {faults[:5]}"
    return moves


@pytest.mark.parametrize("level,variants", MODES, ids=[f"{lv}-{'all' if v else 'none'}" for lv, v in MODES])
def test_every_simulated_move_is_legal_and_decided_on_what_the_player_sees(monkeypatch, level, variants):
    Watching.calls = 0
    moves = run(monkeypatch, level, variants, seed=24)
    assert Watching.calls > 10 * CAMPAIGNS_PER_MODE
    always = {"stake", "hit", "stand", "raise", "play", "choose_verse", "spend_gall"}
    assert always <= set(moves), sorted(always - set(moves))
    if variants:
        assert {"feed_organ", "buy_drink", "drink_glass"} <= set(moves), moves


def test_the_legality_check_refuses_what_the_rules_forbid():
    """The check is not a rubber stamp: moves the rules forbid fail it."""
    def dealt(cards, *effects, stake=1):
        state = RoundState(table_rules(*effects), list(parse_cards(cards)), [], stake)
        deal(state)
        return state

    natural = dealt(["A", "9", "K", "7", "5"])
    assert not legal.is_legal_round_move(("raise",), natural, 10)
    assert not legal.is_legal_round_move(("hit",), natural, 10)
    raised = dealt(["6", "9", "5", "8", "2", "10"])
    raised.adjusted, raised.hits_left = True, 0
    assert not legal.is_legal_round_move(("hit",), raised, 10)
    assert not legal.is_legal_round_move(("raise",), raised, 10)
    assert not legal.is_legal_round_move(("stake", 2), dealt(["6", "9", "5", "8"]), 2)          # R7
    coward = dealt(["10", "9", "2", "8"], [{"op": "player_must_hit_below", "total": 14}])
    assert not legal.is_legal_round_move(("stand",), coward, 10)
    letter = dealt(["10", "9", "6", "8"], [{"op": "opponent_deal_face_down", "count": 2}])
    swap = Held("sleight-of-hand", "activatable", ({"op": "swap_with_up_card"},))
    assert not legal.is_legal_round_move(("play", swap, "after_deal"), letter, 10)
    sermon = dealt(["10", "9", "6", "8"], [{"op": "abilities_disabled", "type": "all"}])
    sight = Held("second-sight", "activatable", ({"op": "reveal_hole_card"},))
    assert not legal.is_legal_round_move(("play", sight, "after_deal"), sermon, 10)
    assert legal.is_legal_round_move(("play", sight, "after_deal"), dealt(["10", "9", "6", "8"]), 10)
    shade = {"id": "guardian-shade", "type": "unique", "effect": [{"op": "refund_stake"}]}
    assert not legal.may_undo_lost_round(shade, table_rules(), 0, {}, 3)                          # R32
    assert legal.may_undo_lost_round(shade, table_rules(), 1, {}, 3)
    assert not legal.may_buy_drink(12, VARIANTS, 1) and legal.may_buy_drink(12, VARIANTS, 2)     # R4
    assert not legal.may_feed_organ(1, VARIANTS)                                                 # R11
    assert not legal.may_hold_drinks([{"id": "widows-gin"}, {"id": "widows-gin"}])               # R10
    assert not legal.may_spend_gall([3], 4, table_rules())
