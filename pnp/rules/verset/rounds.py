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
from pnp.rules.verset.stakes import RuleViolation, check_stake, may_raise
from pnp.rules.verset.table import INITIAL_CARDS, TableRules

ADJUSTED_HITS = 1   # "for the rest of the round you will receive only one additional card"


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
    player_face_down: list = field(default_factory=list)   # one flag per card of `player`
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

    def give_player(self, card: Card, face_down: bool = False) -> None:
        self.player.append(card)
        self.player_face_down.append(face_down)

    def take_player(self, index: int) -> Card:
        self.player_face_down.pop(index)
        return self.player.pop(index)

    def visible_indices(self) -> list[int]:
        """Where the player's face-up cards are: all a decision may look at (ruling R31)."""
        return [i for i, down in enumerate(self.player_face_down) if not down]

    def visible_player(self) -> list:
        return [self.player[i] for i in self.visible_indices()]

    def turn_up_player(self) -> None:
        self.player_face_down = [False] * len(self.player)

    def player_total(self):
        """The whole hand, face-down cards included: for the outcome, never for a decision."""
        return hand_total(self.player, self.rules.valuation("player"))

    def seen_total(self):
        """The total of the player's face-up cards: what the player knows of their hand."""
        return hand_total(self.visible_player(), self.rules.valuation("player"))

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
        return self.stand_on is not None and state.seen_total().total < self.stand_on


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
    face_down: tuple = ()     # the player's cards dealt face down, turned up on standing


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
        visible = state.visible_indices()
        if visible:
            index = visible[-1] if step["which"] == "last" else _worst_card(state)
            state.discard.append(state.take_player(index))
    elif op == "lower_stake" and state.rules.fixed_stake is None:
        state.stake = max(state.rules.min_stake, state.stake - step["levels"])   # R28
    elif op == "hit_after_adjust":
        if state.hits_left is not None:
            state.hits_left += step["count"]
    elif op == "swap_with_up_card":
        index = min(state.visible_indices(), key=lambda i: _swap_gain(state, i))
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
    """The face-up card whose removal leaves the best total (for discards and rank changes)."""
    visible = state.visible_indices()

    def total_without(i):
        rest = [state.player[j] for j in visible if j != i]
        t = hand_total(rest, state.rules.valuation("player"))
        return -1 if t.bust else t.total
    return max(visible, key=total_without)


def _swap_gain(state: RoundState, index: int) -> int:
    hand = [state.opponent[0] if j == index else state.player[j] for j in state.visible_indices()]
    t = hand_total(hand, state.rules.valuation("player"))
    return 99 if t.bust else -t.total


def deal(state: RoundState) -> None:
    """Player, opponent (face up), player, opponent (face down); extra player cards last."""
    rules = state.rules
    for _ in range(rules.burn_before_deal):
        state.discard.append(state.draw())
    state.give_player(state.draw())
    state.opponent.append(state.draw())
    state.give_player(state.draw())
    state.opponent.append(state.draw())
    extra = rules.player_initial_cards - INITIAL_CARDS
    for n in range(extra):
        state.give_player(state.draw(), face_down=n >= extra - rules.player_face_down)


def _may_hit(state: RoundState) -> bool:
    """Judged on the face-up cards: a face-down card busts the hand only once turned (R31)."""
    rules = state.rules
    if state.seen_total().bust:
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


def play_round(deck: list, stake: int, rules: TableRules, policy: Policy,
               held: list = (), discard: list | None = None, loss_reduction: int = 0,
               souls_left: int | None = None, refill=None) -> RoundResult:
    """Play one round from the top of `deck` (consumed in place; burned cards go to `discard`).

    `souls_left` is what the player holds before staking: it bounds the stake and any raise
    (ruling R7). The policy is asked to raise only when a raise is allowed.
    """
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
    if (not player_blackjack and may_raise(state.stake, rules, souls_left)
            and policy.adjust(state)):
        state.stake += 1
        state.adjusted = True
        state.hits_left = ADJUSTED_HITS
        _offer("after_adjust", held, state, policy, _apply_action)
    if not player_blackjack:
        while _may_hit(state):
            forced = (rules.player_must_hit_below is not None
                      and state.seen_total().total < rules.player_must_hit_below)
            if not (forced or policy.hit(state)):
                break
            state.give_player(state.draw())
            if state.hits_left is not None:
                state.hits_left -= 1
            _offer("after_hit", held, state, policy, _apply_action)
    face_down = tuple(card for card, down in zip(state.player, state.player_face_down) if down)
    state.turn_up_player()
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
                       tuple(state.discard[burned_before:]), tuple(state.used), face_down)
