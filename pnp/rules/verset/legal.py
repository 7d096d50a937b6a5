"""What the player may do, judged by the rules alone and never by what a strategy wants.

The round (rounds.py) asks its policy only for moves these functions allow, and the
simulator checks each campaign move with them; tests/rules/verset/test_simulate_legal.py
replays thousands of simulated campaigns and checks every move against this module.
A round move is `("stake", n)`, `("raise",)`, `("hit",)`, `("stand",)` or
`("play", card, moment)`; `state` is the round's RoundState.
"""

from pnp.rules.verset.campaign import (
    BAR_DRINK_COST,
    DUELS,
    GALL_FOR_CHOICE,
    GALL_FOR_ONE,
    HAND_LIMIT,
    ORGAN_COST,
)
from pnp.rules.verset.hands import is_blackjack
from pnp.rules.verset.stakes import may_raise, stake_range
from pnp.rules.verset.table import ability_usable

# The moments of a round at which a card may be played, and the effects that make sense then.
MOMENTS = {
    "after_deal": {"reveal_hole_card", "peek_deck", "burn_deck", "swap_with_up_card",
                   "set_card_rank", "lower_stake"},
    "after_adjust": {"hit_after_adjust"},
    "after_hit": {"discard_own_card", "peek_deck", "burn_deck"},
    "before_opponent": {"total_modifier"},
    "after_opponent": {"force_opponent_hit"},
}
AFTER_A_LOST_ROUND = {"refund_stake", "void_round"}
GALL_PRICES = (GALL_FOR_ONE, GALL_FOR_CHOICE)
TRADED_FOR_THE_GLASS = ("unique", "permanent")
FIRST_DUEL_AFTER_THE_BAR_OPENS = 2      # "between duels": never before the first (ruling R4)


# --- a round ------------------------------------------------------------------------------

def may_hit(state) -> bool:
    """Judged on the face-up cards: a face-down card busts the hand only once turned (R31)."""
    rules = state.rules
    if state.seen_total().bust:
        return False
    if rules.player_max_cards is not None and len(state.player) >= rules.player_max_cards:
        return False
    return state.hits_left is None or state.hits_left > 0


def must_hit(state) -> bool:
    """A Verse may force the player to draw below a total (The Coward at Dawn)."""
    below = state.rules.player_must_hit_below
    return below is not None and state.seen_total().total < below and may_hit(state)


def may_stand(state) -> bool:
    return not must_hit(state)


def may_raise_now(state, souls_left: int | None, player_blackjack: bool) -> bool:
    """Once, right after the deal, one level, as far as the souls allow; never on a blackjack."""
    return not player_blackjack and not state.adjusted and may_raise(state.stake, state.rules, souls_left)


def card_usable(card_type: str, rules) -> bool:
    """A drink is not a special ability: a Verse that disables abilities leaves drinks alone."""
    return card_type == "drink" or ability_usable(rules, card_type)


def card_playable(card, moment: str, state) -> bool:
    """Whether `card` (a Held) may be played at `moment` of this round."""
    if card.id in state.used or not card_usable(card.type, state.rules):
        return False
    ops = {step["op"] for step in card.effect}
    if not ops & MOMENTS[moment]:
        return False
    own_up = bool(state.visible_indices())
    needs = {
        "reveal_hole_card": bool(state.opponent_hidden_indices()),
        "swap_with_up_card": own_up and bool(state.opponent_visible_indices()),
        "set_card_rank": own_up,
        "discard_own_card": own_up,
        "lower_stake": state.rules.fixed_stake is None and state.stake > state.rules.min_stake,
        "hit_after_adjust": state.adjusted,
    }
    return all(needs.get(op, True) for op in ops & MOMENTS[moment])


def is_legal_round_move(move: tuple, state, souls_left: int | None = None) -> bool:
    """`souls_left`: what the player held before staking (None: the reserve sets no limit)."""
    kind = move[0]
    player_blackjack = is_blackjack(state.player, state.rules.valuation("player"))
    if kind == "stake":
        return move[1] in stake_range(state.rules, souls_left)
    if kind == "raise":
        return may_raise_now(state, souls_left, player_blackjack)
    if kind == "hit":
        return not player_blackjack and may_hit(state)
    if kind == "stand":
        return may_stand(state)
    if kind == "play":
        return card_playable(move[1], move[2], state)
    raise ValueError(f"unknown round move {move!r}")


# --- the campaign ---------------------------------------------------------------------------

def may_choose_verse(drawn: list, chosen) -> bool:
    """One of the two Verses just drawn; the other leaves the game."""
    return any(chosen is verse for verse in drawn)


def may_feed_organ(souls: int, variants) -> bool:
    """1 soul, which may not be the last (ruling R11)."""
    return "organ" in variants and souls > ORGAN_COST


def may_buy_drink(souls: int, variants, next_duel: int) -> bool:
    """3 souls at the Bar between duels (ruling R4), never the last souls (R11)."""
    return ("bar" in variants and souls > BAR_DRINK_COST
            and FIRST_DUEL_AFTER_THE_BAR_OPENS <= next_duel <= DUELS)


def may_hold_drinks(drinks: list) -> bool:
    """Several drinks at once, never two of one kind: the Bar holds one card of each (R10)."""
    ids = [drink["id"] for drink in drinks]
    return len(set(ids)) == len(ids)


def may_spend_gall(handed: list[int], price: int, rules) -> bool:
    """4 gall for one ability, 6 to choose; not while a Verse forbids it (R21)."""
    return price in GALL_PRICES and sum(handed) >= price and not rules.no_gall_spending


def may_use_ability(card: dict, rules, souls: int, resting: dict, duel_number: int) -> bool:
    """An ability from the hand: not once the souls ran out (R6), not one the Verse disables,
    not an Activatable still face down (R20)."""
    if souls <= 0 or not card_usable(card["type"], rules):
        return False
    return card["type"] != "activatable" or resting.get(card["id"], 0) <= duel_number


def may_undo_lost_round(card: dict, rules, souls: int, resting: dict, duel_number: int) -> bool:
    """Guardian Shade, Last Rites, the Forgiveness Liqueur: after a lost round that did not
    end the campaign (ruling R32)."""
    ops = {step["op"] for step in card["effect"]}
    return bool(ops & AFTER_A_LOST_ROUND) and may_use_ability(card, rules, souls, resting, duel_number)


def may_drink_glass(variants, used: bool, souls: int, given: dict, duel_lost: bool) -> bool:
    """Once per campaign, for a Unique or Permanent, after a lost duel the souls survived (R1, R27)."""
    return ("glass" in variants and not used and souls > 0 and duel_lost
            and given["type"] in TRADED_FOR_THE_GLASS)


def within_hand_limit(hand: list) -> bool:
    """Abilities in hand, Permanents in play aside."""
    return len(hand) <= HAND_LIMIT
