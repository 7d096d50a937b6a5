"""One round: the deal, the stake and its adjustment, the player's draws, the opponent's
draws, the outcome and the payout.

The player's choices come from a policy (`Policy`): a scripted one for worked examples,
the baseline strategy for simulations. Cards the player holds are offered to the policy at
the moments their effects make sense; the rules of the table (`TableRules`) already hold
every standing effect.
"""

from dataclasses import dataclass, field

from pnp.rules.verset.cards import Card
from pnp.rules.verset.hands import TWENTY_ONE, hand_total, is_blackjack, is_eagle_eye
from pnp.rules.verset.payout import payout
from pnp.rules.verset.table import INITIAL_CARDS, MAX_STAKE, TableRules

ADJUSTED_HITS = 1   # "for the rest of the round you will receive only one additional card"


class RuleViolation(ValueError):
    """A setup the rules do not allow (a stake below a Verse's minimum, say)."""


class DeckExhausted(RuleViolation):
    """The draw pile ran out."""


@dataclass
class Held:
    """A card the player may play this round: its id, type and effect steps."""

    id: str
    type: str           # activatable, unique, permanent, drink
    effect: tuple


@dataclass
class RoundState:
    rules: TableRules
    deck: list
    discard: list
    stake: int
    player: list = field(default_factory=list)
    opponent: list = field(default_factory=list)
    hole_revealed: bool = False
    adjusted: bool = False
    hits_left: int | None = None
    player_modifier: int = 0
    peeked: list = field(default_factory=list)
    used: list = field(default_factory=list)
    loss_reduction: int = 0
    refill: object = None     # called when the draw pile is empty; None: the deck is all there is

    def draw(self) -> Card:
        if not self.deck and self.refill is not None:
            self.refill()
        if not self.deck:
            raise DeckExhausted("the deck ran out of cards")
        if self.peeked:
            self.peeked.pop(0)
        return self.deck.pop(0)

    def player_total(self):
        return hand_total(self.player, self.rules.valuation("player"))

    def opponent_total(self):
        return hand_total(self.opponent, self.rules.valuation("opponent"))


class Policy:
    """The player's choices. The defaults never adjust, stand at once and play no card."""

    def adjust(self, state: RoundState) -> bool:
        return False

    def hit(self, state: RoundState) -> bool:
        return False

    def play(self, moment: str, card: Held, state: RoundState) -> bool:
        return False


@dataclass(frozen=True)
class ScriptedPolicy(Policy):
    """A worked example's player: adjust or not, then `hits` cards or hit below `stand_on`."""

    wants_adjust: bool = False
    hits: int | None = None
    stand_on: int | None = None

    def adjust(self, state):
        return self.wants_adjust

    def hit(self, state):
        if self.hits is not None:
            return len(state.player) - state.rules.player_initial_cards < self.hits
        return self.stand_on is not None and state.player_total().total < self.stand_on


@dataclass(frozen=True)
class RoundResult:
    player: tuple
    opponent: tuple
    player_total: int
    opponent_total: int | None
    outcome: str
    how: str
    stake: int
    returned: int
    souls: int
    adjusted: bool
    burned: tuple
    used: tuple


def _offer(moment: str, held: list, state: RoundState, policy: Policy, apply) -> None:
    for card in list(held):
        if card.id in state.used:
            continue
        if any(step["op"] in MOMENTS[moment] for step in card.effect) and policy.play(moment, card, state):
            state.used.append(card.id)
            for step in card.effect:
                apply(step, state)


MOMENTS = {
    "after_deal": {"reveal_hole_card", "peek_deck", "burn_deck", "swap_with_up_card",
                   "set_card_rank", "lower_stake"},
    "after_adjust": {"hit_after_adjust"},
    "after_hit": {"discard_own_card", "peek_deck", "burn_deck"},
    "before_opponent": {"total_modifier"},
    "after_opponent": {"force_opponent_hit"},
}


def _apply_action(step: dict, state: RoundState) -> None:
    op = step["op"]
    if op == "reveal_hole_card":
        state.hole_revealed = True
    elif op == "peek_deck":
        state.peeked = list(state.deck[:step["count"]])
    elif op == "burn_deck":
        for _ in range(min(step["count"], len(state.deck))):
            state.discard.append(state.draw())
    elif op == "discard_own_card":
        if state.player:
            index = len(state.player) - 1 if step["which"] == "last" else _worst_card(state)
            state.discard.append(state.player.pop(index))
    elif op == "lower_stake" and state.rules.fixed_stake is None:
        state.stake = max(state.rules.min_stake, state.stake - step["levels"])   # R28
    elif op == "hit_after_adjust":
        if state.hits_left is not None:
            state.hits_left += step["count"]
    elif op == "swap_with_up_card":
        index = min(range(len(state.player)), key=lambda i: _swap_gain(state, i))
        state.player[index], state.opponent[0] = state.opponent[0], state.player[index]
    elif op == "set_card_rank":
        index = _worst_card(state)
        old = state.player[index]
        state.player[index] = Card(step["rank"], old.suit)
    elif op == "force_opponent_hit":
        for _ in range(step["count"]):
            state.opponent.append(state.draw())
    elif op == "total_modifier" and step["side"] == "player":
        state.player_modifier += step["amount"]


def _worst_card(state: RoundState) -> int:
    """The card whose removal leaves the best total (for discards and rank changes)."""
    def total_without(i):
        rest = state.player[:i] + state.player[i + 1:]
        t = hand_total(rest, state.rules.valuation("player"))
        return -1 if t.bust else t.total
    return max(range(len(state.player)), key=total_without)


def _swap_gain(state: RoundState, index: int) -> int:
    hand = state.player[:index] + [state.opponent[0]] + state.player[index + 1:]
    t = hand_total(hand, state.rules.valuation("player"))
    return 99 if t.bust else -t.total


def deal(state: RoundState) -> None:
    """Player, opponent (face up), player, opponent (face down); extra player cards last."""
    rules = state.rules
    for _ in range(rules.burn_before_deal):
        state.discard.append(state.draw())
    state.player.append(state.draw())
    state.opponent.append(state.draw())
    state.player.append(state.draw())
    state.opponent.append(state.draw())
    for _ in range(rules.player_initial_cards - INITIAL_CARDS):
        state.player.append(state.draw())


def _may_hit(state: RoundState) -> bool:
    rules = state.rules
    if state.player_total().bust:
        return False
    if rules.player_max_cards is not None and len(state.player) >= rules.player_max_cards:
        return False
    return state.hits_left is None or state.hits_left > 0


def _opponent_plays(state: RoundState, player_total: int) -> None:
    rules = state.rules
    redraws = rules.opponent_redraws
    while True:
        total = state.opponent_total()
        if total.bust:
            if redraws > 0:
                redraws -= 1
                state.discard.append(state.opponent.pop())
                state.opponent.append(state.draw())
                continue
            return
        if total.total >= player_total:
            return
        if rules.opponent_stands_on is not None and total.total >= rules.opponent_stands_on:
            return
        state.opponent.append(state.draw())


def decide(state: RoundState, player_blackjack: bool) -> tuple[str, str]:
    rules = state.rules
    p_val, o_val = rules.valuation("player"), rules.valuation("opponent")
    p = state.player_total()
    if p.bust:
        return "lose", "bust"
    p_total = p.total + state.player_modifier
    o = state.opponent_total()
    o_blackjack = is_blackjack(state.opponent, o_val)
    p_eagle = not player_blackjack and is_eagle_eye(state.player, p_val)
    o_eagle = not o_blackjack and not o.bust and is_eagle_eye(state.opponent, o_val)
    if player_blackjack and o_blackjack:
        return _tie(rules)
    if player_blackjack:
        if o_eagle and rules.eagle_eye_beats_blackjack == "opponent":
            return "lose", "opponent_eagle_eye"
        return "win", "blackjack"
    if o_blackjack:
        if p_eagle and rules.eagle_eye_beats_blackjack == "player":
            return "win", "eagle_eye"
        return "lose", "opponent_blackjack"
    if o.bust:
        return "win", "eagle_eye" if p_eagle else "opponent_bust"
    if p_total > o.total:
        return "win", "eagle_eye" if p_eagle else "higher"
    if o.total > p_total:
        return "lose", "opponent_eagle_eye" if o_eagle else "higher"
    return _tie(rules)


def _tie(rules: TableRules) -> tuple[str, str]:
    if rules.ties_to == "player":
        return "win", "equal"
    if rules.ties_to == "opponent":
        return "lose", "equal"
    return "tie", "equal"


def check_stake(stake: int, rules: TableRules, souls_left: int | None = None) -> None:
    """A legal stake. A player holding fewer souls than the table asks stakes all they have
    (ruling R7): the rulebook's final stake."""
    if souls_left is not None and 1 <= stake == souls_left < max(rules.min_stake, rules.fixed_stake or 0):
        return
    if rules.fixed_stake is not None and stake != rules.fixed_stake:
        raise RuleViolation(f"the stake is fixed at {rules.fixed_stake} souls, not {stake}")
    if not rules.min_stake <= stake <= MAX_STAKE:
        raise RuleViolation(f"a stake is {rules.min_stake} to {MAX_STAKE} souls here, not {stake}")


def play_round(deck: list, stake: int, rules: TableRules, policy: Policy,
               held: list = (), discard: list | None = None, loss_reduction: int = 0,
               souls_left: int | None = None, refill=None) -> RoundResult:
    """Play one round from the top of `deck` (consumed in place; burned cards go to `discard`)."""
    check_stake(stake, rules, souls_left)
    state = RoundState(rules, deck, discard if discard is not None else [], stake,
                       loss_reduction=loss_reduction, refill=refill)
    held = list(held)
    burned_before = len(state.discard)
    deal(state)
    player_blackjack = is_blackjack(state.player, rules.valuation("player"))
    if not player_blackjack:
        _offer("after_deal", held, state, policy, _apply_action)
        player_blackjack = is_blackjack(state.player, rules.valuation("player"))
    if (not player_blackjack and rules.can_adjust and state.stake < MAX_STAKE
            and policy.adjust(state)):
        state.stake += 1
        state.adjusted = True
        state.hits_left = ADJUSTED_HITS
        _offer("after_adjust", held, state, policy, _apply_action)
    if not player_blackjack:
        while _may_hit(state):
            forced = (rules.player_must_hit_below is not None
                      and state.player_total().total < rules.player_must_hit_below)
            if not (forced or policy.hit(state)):
                break
            state.player.append(state.draw())
            if state.hits_left is not None:
                state.hits_left -= 1
            _offer("after_hit", held, state, policy, _apply_action)
    p = state.player_total()
    if not p.bust:
        _offer("before_opponent", held, state, policy, _apply_action)
        target = TWENTY_ONE if player_blackjack else p.total + state.player_modifier
        if not is_blackjack(state.opponent, rules.valuation("opponent")):
            _opponent_plays(state, target)
            if not state.opponent_total().bust:
                _offer("after_opponent", held, state, policy, _apply_action)
                if state.opponent_total().bust and rules.opponent_redraws:
                    _opponent_plays(state, target)
    outcome, how = decide(state, player_blackjack)
    paid = payout(state.stake, outcome, how, rules, loss_reduction if outcome == "lose" else 0)
    return RoundResult(tuple(state.player), tuple(state.opponent),
                       p.total + (0 if p.bust else state.player_modifier),
                       None if p.bust else state.opponent_total().total,
                       outcome, how, state.stake, paid.returned, paid.souls, state.adjusted,
                       tuple(state.discard[burned_before:]), tuple(state.used))
