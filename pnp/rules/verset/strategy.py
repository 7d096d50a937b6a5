"""The documented baseline strategy the simulator plays.

Stakes: the least the table allows; raise one level on a total of 10 or 11 against a visible
opponent card from 2 to 9. Draws: hit below 17 (and on a soft 17); stand on 12-16 when the
opponent's visible card is 2-6. Verses: face the harder of the two while holding 8 souls or
more, else the easier. Cards: each is played at the moment listed in `play`.
Abilities are bought with gall during the first six duels, in the cheapest way.
Every decision is made on a PlayerView, which holds only what the player can see: their face-up
cards (never a card dealt face down, ruling R31), the Verse's face-up cards, and cards an
ability let them peek at. A card of their own held face down counts as the deck's average
card (7) in those decisions.
"""

from statistics import mean

from pnp.rules.verset.cards import TEN_VALUE_RANKS, base_value, full_deck
from pnp.rules.verset.hands import TWENTY_ONE, hand_total
from pnp.rules.verset.rounds import Policy
from pnp.rules.verset.table import INITIAL_CARDS, MIN_STAKE

STAND_ON = 17
ALWAYS_HIT_BELOW = 12
STIFF = range(12, 17)           # totals that bust on a ten-value card: 12-16
ONE_SHORT = (16, 20)            # a +1 drink turns these into 17 and 21
LOW_DOUBLE = 11                 # a raised hand this low wants the extra card
WEAK_UP_CARDS = ("2", "3", "4", "5", "6")
RAISE_ON_TOTALS = (10, 11)
RAISE_AGAINST = ("2", "3", "4", "5", "6", "7", "8", "9")
HARDER_VERSE_FROM_SOULS = 8
BUY_ABILITIES_UNTIL_DUEL = 6
ORGAN_FROM_SOULS = 8
BAR_FROM_SOULS = 12
GLASS_FROM_STAKES = 4             # the Glass is drunk when it gives back this many souls or more
BORROWED_TIME_AT_SOULS = 3
REFUND_FROM_LOSS = 2
VOID_ROUND_FROM_LOSS = 3
TYPE_RANK = {"permanent": 3, "unique": 2, "activatable": 1}
FACE_DOWN_CARD_GUESS = round(mean(base_value(card) for card in full_deck()))   # 85 / 13, about 7


def estimated_total(view) -> int:
    """The player's total as they can judge it: the face-up cards, plus the deck's average card
    for each card they hold face down (ruling R31)."""
    return view.seen_total().total + FACE_DOWN_CARD_GUESS * view.hidden


class Baseline(Policy):
    def adjust(self, view) -> bool:
        shown = view.up_card
        total = estimated_total(view)
        return total in RAISE_ON_TOTALS and shown is not None and shown.rank in RAISE_AGAINST

    def hit(self, view) -> bool:
        t = view.seen_total()
        total = estimated_total(view)
        if view.peeked:
            return not hand_total(view.player + view.peeked[:1], view.rules.valuation("player")).bust
        if view.opponent_hidden == 0:
            theirs = view.opponent_seen_total().total
            if theirs > total and total < TWENTY_ONE:
                return True
        if total < ALWAYS_HIT_BELOW:
            return True
        shown = view.up_card
        if total in STIFF and shown is not None and shown.rank in WEAK_UP_CARDS:
            return False
        return total < STAND_ON or (total == STAND_ON and t.soft)

    def play(self, moment, card, view) -> bool:
        op = card.effect[0]["op"]
        val = view.rules.valuation("player")
        total = view.seen_total()
        shown = view.up_card
        if op in ("reveal_hole_card", "peek_deck"):
            return total.total in STIFF
        if op == "burn_deck":
            return bool(view.peeked) and hand_total(view.player + view.peeked[:1], val).bust
        if op == "swap_with_up_card":
            return (shown is not None and (shown.rank == "A" or shown.rank in TEN_VALUE_RANKS)
                    and total.total <= STIFF[-1])
        if op == "set_card_rank":
            return total.total <= STIFF[-1] and len(view.player) == INITIAL_CARDS
        if op == "lower_stake":
            return view.stake > MIN_STAKE and shown is not None and shown.rank in TEN_VALUE_RANKS + ("A",)
        if op == "hit_after_adjust":
            return total.total <= LOW_DOUBLE
        if op == "discard_own_card":
            return total.bust
        if op == "total_modifier":
            return total.total in ONE_SHORT
        if op == "force_opponent_hit":
            theirs = view.opponent_seen_total()
            return (view.opponent_hidden == 0 and not theirs.bust
                    and total.total < theirs.total < TWENTY_ONE)
        return False


def keep_after_loss(op: str, souls_lost: int) -> bool:
    """Whether to play a card that undoes a lost round (refund_stake, void_round)."""
    return souls_lost >= (VOID_ROUND_FROM_LOSS if op == "void_round" else REFUND_FROM_LOSS)


def choose_verse(first: dict, second: dict, souls: int) -> dict:
    harder, easier = (first, second) if first["difficulty"] >= second["difficulty"] else (second, first)
    return harder if souls >= HARDER_VERSE_FROM_SOULS else easier


def best_of(cards: list[dict]) -> dict:
    return max(cards, key=lambda card: TYPE_RANK[card["type"]])


def worst_of(cards: list[dict]) -> dict:
    return min(cards, key=lambda card: TYPE_RANK[card["type"]])
