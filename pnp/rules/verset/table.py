"""The rules a round is played under, and how card effects change them.

`TableRules` starts as the rulebook's plain Blackjack; each effect step in force (the
Verse faced, a Cursed Organ tune, a Shadow Spectator, the player's Permanents) changes it
through `apply_step`. Effects the player triggers by playing a card are handled in rounds.py
and duel.py; this module only holds what stays true for a whole round or duel.
"""

from dataclasses import dataclass, field, replace

from pnp.rules.verset.hands import TWENTY_ONE, Valuation

MIN_STAKE, MAX_STAKE = 1, 3
INITIAL_CARDS = 2
OPPONENT_FACE_DOWN = 1
EAGLE_EYE_WIN_BONUS = 1

# Steps that describe what a player does when playing a card, not a standing rule.
PLAYER_ACTIONS = frozenset({
    "reveal_hole_card", "peek_deck", "burn_deck", "discard_own_card", "lower_stake",
    "hit_after_adjust", "swap_with_up_card", "void_round", "set_card_rank",
    "force_opponent_hit", "refund_stake", "total_modifier", "gain_souls", "lose_souls",
    "draw_ability", "draw_drink", "take_drink", "discard_ability", "void_duel",
})


@dataclass(frozen=True)
class TableRules:
    player_initial_cards: int = INITIAL_CARDS
    player_face_down: int = 0
    opponent_face_down: int = OPPONENT_FACE_DOWN
    opponent_stands_on: int | None = None     # stops at this total even when behind
    ties_to: str | None = None                # None: the round is replayed
    tie_claims: frozenset = frozenset()       # who effects said ties go to
    player_bust_over: int = TWENTY_ONE
    opponent_bust_over: int = TWENTY_ONE
    player_ace_value: int | None = None
    opponent_ace_value: int | None = None
    rank_values: dict = field(default_factory=dict)
    min_stake: int = MIN_STAKE
    fixed_stake: int | None = None
    can_adjust: bool = True
    extra_loss: int = 0
    win_bonus: int = 0
    player_max_cards: int | None = None
    opponent_redraws: int = 0
    burn_before_deal: int = 0
    eagle_eye_beats_blackjack: str | None = None
    player_must_hit_below: int | None = None
    abilities_disabled: frozenset = frozenset()
    no_gall_spending: bool = False
    duel_win_souls: int = 0
    eagle_eye_bonus: int = EAGLE_EYE_WIN_BONUS
    loss_reduction: tuple = ()                # (amount, "round" | "duel") pairs

    def valuation(self, side: str) -> Valuation:
        if side == "player":
            return Valuation(self.player_ace_value, self.rank_values, self.player_bust_over)
        return Valuation(self.opponent_ace_value, self.rank_values, self.opponent_bust_over)


PLAIN_TABLE = TableRules()


def _ties(rules: TableRules, side: str) -> TableRules:
    """Effects that give ties to both sides cancel out: the tie is replayed (ruling)."""
    claims = rules.tie_claims | {side}
    return replace(rules, tie_claims=claims, ties_to=next(iter(claims)) if len(claims) == 1 else None)


def apply_step(rules: TableRules, step: dict) -> TableRules:
    op = step["op"]
    if op in PLAYER_ACTIONS:
        return rules
    if op == "player_deal_cards":
        return replace(rules, player_initial_cards=step["count"], player_face_down=step["face_down"])
    if op == "opponent_deal_face_down":
        return replace(rules, opponent_face_down=step["count"])
    if op == "opponent_stands_on":
        return replace(rules, opponent_stands_on=step["total"])
    if op == "ties_go_to":
        return _ties(rules, step["side"])
    if op == "bust_over":
        key = "player_bust_over" if step["side"] == "player" else "opponent_bust_over"
        return replace(rules, **{key: step["total"]})
    if op == "min_stake":
        return replace(rules, min_stake=max(rules.min_stake, step["amount"]))
    if op == "no_stake_adjust":
        return replace(rules, can_adjust=False)
    if op == "ace_value":
        key = "player_ace_value" if step["side"] == "player" else "opponent_ace_value"
        return replace(rules, **{key: step["value"]})
    if op == "rank_value":
        return replace(rules, rank_values={**rules.rank_values, step["rank"]: step["value"]})
    if op == "extra_loss":
        return replace(rules, extra_loss=rules.extra_loss + step["amount"])
    if op == "win_bonus":
        return replace(rules, win_bonus=rules.win_bonus + step["amount"])
    if op == "player_max_cards":
        return replace(rules, player_max_cards=step["count"])
    if op == "opponent_redraw_bust":
        return replace(rules, opponent_redraws=rules.opponent_redraws + step["times"])
    if op == "burn_before_deal":
        return replace(rules, burn_before_deal=rules.burn_before_deal + step["count"])
    if op == "eagle_eye_beats_blackjack":
        return replace(rules, eagle_eye_beats_blackjack=step["side"])
    if op == "player_must_hit_below":
        return replace(rules, player_must_hit_below=step["total"])
    if op == "abilities_disabled":
        return replace(rules, abilities_disabled=rules.abilities_disabled | {step["type"]})
    if op == "no_gall_spending":
        return replace(rules, no_gall_spending=True)
    if op == "duel_win_souls":
        return replace(rules, duel_win_souls=rules.duel_win_souls + step["amount"])
    if op == "stake_fixed":
        return replace(rules, fixed_stake=step["amount"], can_adjust=False)
    if op == "eagle_eye_bonus":
        return replace(rules, eagle_eye_bonus=step["amount"])
    if op == "loss_reduction":
        return replace(rules, loss_reduction=rules.loss_reduction + ((step["amount"], step["per"]),))
    raise ValueError(f"unknown effect op {op!r}")


def table_rules(*effects, base: TableRules = PLAIN_TABLE) -> TableRules:
    """The rules with every standing effect applied, in order."""
    rules = base
    for effect in effects:
        for step in effect:
            rules = apply_step(rules, step)
    return rules


def ability_usable(rules: TableRules, ability_type: str) -> bool:
    return not ({"all", ability_type} & rules.abilities_disabled)
