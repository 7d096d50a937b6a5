"""The machine-readable effect vocabulary of Le Dernier Verset cards.

A card's `effect` is a list of steps, each a mapping with an `op` from EFFECTS and that
op's parameters. When an effect applies follows from the card's deck: a Verse's effect
holds for the whole duel against it, a Cursed Organ tune for the duel it was played in,
a Shadow Spectator for the third round, a drink or an ability when the player uses it.
The rules engine applies these steps; the card data loader checks them against this table.
"""

from dataclasses import dataclass

SIDES = ("player", "opponent")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
ABILITY_TYPES = ("activatable", "unique", "permanent", "all")


@dataclass(frozen=True)
class Param:
    """One parameter: an int within [low, high], or one of `choices`."""

    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    required: bool = True
    ref: str | None = None    # the id of a card in this deck

    def describe(self) -> str:
        if self.ref:
            return f"the id of a card of the deck '{self.ref}'"
        if self.choices:
            return "one of " + ", ".join(self.choices)
        return f"a whole number from {self.low} to {self.high}"

    def accepts(self, value: object) -> bool:
        if self.ref:
            return isinstance(value, str)
        if self.choices:
            return isinstance(value, str) and value in self.choices
        return (isinstance(value, int) and not isinstance(value, bool)
                and self.low <= value <= self.high)


COUNT = Param(low=1, high=5)
SOULS = Param(low=1, high=10)
SIDE = Param(choices=SIDES)
TOTAL = Param(low=12, high=30)

EFFECTS: dict[str, dict[str, Param]] = {
    # Changes to the rules of a round or duel.
    "player_deal_cards": {"count": Param(low=2, high=4), "face_down": Param(low=0, high=2)},
    "opponent_deal_face_down": {"count": Param(low=1, high=2)},
    "opponent_stands_on": {"total": TOTAL},
    "ties_go_to": {"side": SIDE},
    "bust_over": {"side": SIDE, "total": TOTAL},
    "min_stake": {"amount": Param(low=2, high=3)},
    "no_stake_adjust": {},
    "ace_value": {"side": SIDE, "value": Param(low=1, high=11)},
    "rank_value": {"rank": Param(choices=RANKS), "value": Param(low=0, high=11)},
    "extra_loss": {"amount": SOULS},
    "win_bonus": {"amount": Param(low=-3, high=3)},
    "player_max_cards": {"count": Param(low=2, high=6)},
    "opponent_redraw_bust": {"times": COUNT},
    "burn_before_deal": {"count": COUNT},
    "eagle_eye_beats_blackjack": {"side": SIDE},
    "player_must_hit_below": {"total": TOTAL},
    "abilities_disabled": {"type": Param(choices=ABILITY_TYPES)},
    "no_gall_spending": {},
    "duel_win_souls": {"amount": Param(low=-3, high=5)},
    "stake_fixed": {"amount": Param(low=1, high=3)},
    # Actions the player takes by playing a card.
    "reveal_hole_card": {},
    "peek_deck": {"count": COUNT},
    "burn_deck": {"count": COUNT},
    "discard_own_card": {"which": Param(choices=("last", "any"))},
    "lower_stake": {"levels": Param(low=1, high=2)},
    "hit_after_adjust": {"count": COUNT},
    "swap_with_up_card": {},
    "void_round": {},
    "void_duel": {},
    "set_card_rank": {"rank": Param(choices=RANKS)},
    "force_opponent_hit": {"count": COUNT},
    "refund_stake": {},
    "total_modifier": {"side": SIDE, "amount": Param(low=-3, high=3)},
    # Changes to the player's reserve and hand.
    "gain_souls": {"amount": SOULS},
    "lose_souls": {"amount": SOULS},
    "loss_reduction": {"amount": SOULS, "per": Param(choices=("round", "duel"))},
    "eagle_eye_bonus": {"amount": Param(low=1, high=5)},
    "draw_ability": {"count": COUNT},
    "draw_drink": {"count": COUNT},
    "take_drink": {"card": Param(ref="bar-drinks")},
    "discard_ability": {"count": COUNT},
}
