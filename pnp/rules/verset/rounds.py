"""One round: the deal, the stake and its adjustment, the player's draws, the opponent's
draws, the outcome and the payout.

The player's choices come from a policy (`Policy`): a scripted one for worked examples,
the baseline strategy for simulations. A policy sees the round through a `PlayerView`, which
holds only what the player can see: never the deck, a card dealt face down to either side
or the order of what is left. It is asked only for moves legal.py allows. Cards the player
holds are offered at the moments their effects make sense; the rules of the table
(`TableRules`) already hold every standing effect.
"""

from dataclasses import dataclass, field

from pnp.rules.verset.cards import Card
from pnp.rules.verset.hands import TWENTY_ONE, hand_total, is_blackjack, is_eagle_eye
from pnp.rules.verset.legal import card_playable, may_hit, may_raise_now, must_hit
from pnp.rules.verset.payout import payout
from pnp.rules.verset.stakes import RuleViolation, check_stake
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
    opponent_face_down: list = field(default_factory=list)  # one flag per card of `opponent`
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

    def give_opponent(self, card: Card, face_down: bool = False) -> None:
        self.opponent.append(card)
        self.opponent_face_down.append(face_down)

    def take_opponent(self) -> Card:
        self.opponent_face_down.pop()
        return self.opponent.pop()

    def opponent_visible_indices(self) -> list[int]:
        return [i for i, down in enumerate(self.opponent_face_down) if not down]

    def opponent_hidden_indices(self) -> list[int]:
        return [i for i, down in enumerate(self.opponent_face_down) if down]

    def reveal_opponent_card(self) -> None:
        """Turn up the first of the Verse's face-down cards in deal order (ruling R34)."""
        hidden = self.opponent_hidden_indices()
        if hidden:
            self.opponent_face_down[hidden[0]] = False

    def turn_up_opponent(self) -> None:
        self.opponent_face_down = [False] * len(self.opponent)

    def view(self) -> "PlayerView":
        return PlayerView(
            rules=self.rules, stake=self.stake, adjusted=self.adjusted, hits_left=self.hits_left,
            player=tuple(self.visible_player()), hidden=len(self.player) - len(self.visible_indices()),
            opponent=tuple(self.opponent[i] for i in self.opponent_visible_indices()),
            opponent_hidden=len(self.opponent_hidden_indices()), peeked=tuple(self.peeked),
            player_modifier=self.player_modifier)

    def player_total(self):
        """The whole hand, face-down cards included: for the outcome, never for a decision."""
        return hand_total(self.player, self.rules.valuation("player"))

    def seen_total(self):
        """The total of the player's face-up cards: what the player knows of their hand."""
        return hand_total(self.visible_player(), self.rules.valuation("player"))

    def opponent_total(self):
        return hand_total(self.opponent, self.rules.valuation("opponent"))


@dataclass(frozen=True)
class PlayerView:
    """The round as the player sees it: the only thing a policy is given."""

    rules: TableRules
    stake: int
    adjusted: bool
    hits_left: int | None
    player: tuple             # the player's face-up cards
    hidden: int               # how many of the player's cards are face down
    opponent: tuple           # the Verse's face-up cards, in deal order
    opponent_hidden: int      # how many of the Verse's cards are face down
    peeked: tuple             # the top cards of the deck an effect let the player look at
    player_modifier: int = 0

    @property
    def cards_held(self) -> int:
        return len(self.player) + self.hidden

    @property
    def up_card(self):
        """The first of the Verse's face-up cards, or None when all are face down."""
        return self.opponent[0] if self.opponent else None

    def seen_total(self):
        return hand_total(self.player, self.rules.valuation("player"))

    def opponent_seen_total(self):
        return hand_total(self.opponent, self.rules.valuation("opponent"))


class Policy:
    """The player's choices, made on a PlayerView. The defaults never adjust, stand at once
    and play no card."""

    def adjust(self, view: PlayerView) -> bool:
        return False

    def hit(self, view: PlayerView) -> bool:
        return False

    def play(self, moment: str, card: Held, view: PlayerView) -> bool:
        return False


@dataclass(frozen=True)
class ScriptedPolicy(Policy):
    """A worked example's player: adjust or not, then `hits` cards or hit below `stand_on`."""

    wants_adjust: bool = False
    hits: int | None = None
    stand_on: int | None = None

    def adjust(self, view):
        return self.wants_adjust

    def hit(self, view):
        if self.hits is not None:
            return view.cards_held - view.rules.player_initial_cards < self.hits
        return self.stand_on is not None and view.seen_total().total < self.stand_on


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


def _offer(moment: str, held: list, state: RoundState, policy: Policy, apply, observer=None) -> None:
    for card in list(held):
        if card_playable(card, moment, state) and policy.play(moment, card, state.view()):
            _observe(observer, ("play", card, moment), state)
            state.used.append(card.id)
            for step in card.effect:
                apply(step, state)


def _observe(observer, move: tuple, state: RoundState) -> None:
    if observer is not None:
        observer(move, state)


def _apply_action(step: dict, state: RoundState) -> None:
    op = step["op"]
    if op == "reveal_hole_card":
        state.reveal_opponent_card()
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
        theirs = state.opponent_visible_indices()[0]
        index = min(state.visible_indices(), key=lambda i: _swap_gain(state, i, theirs))
        state.player[index], state.opponent[theirs] = state.opponent[theirs], state.player[index]
    elif op == "set_card_rank":
        index = _worst_card(state)
        old = state.player[index]
        state.player[index] = Card(step["rank"], old.suit)
    elif op == "force_opponent_hit":
        for _ in range(step["count"]):
            state.give_opponent(state.draw())
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


def _swap_gain(state: RoundState, index: int, theirs: int) -> int:
    hand = [state.opponent[theirs] if j == index else state.player[j] for j in state.visible_indices()]
    t = hand_total(hand, state.rules.valuation("player"))
    return 99 if t.bust else -t.total


def deal(state: RoundState) -> None:
    """Player, opponent (face up), player, opponent (face down); extra player cards last.

    A Verse dealing more of its cards face down turns down the earlier ones too."""
    rules = state.rules
    for _ in range(rules.burn_before_deal):
        state.discard.append(state.draw())
    first_down = INITIAL_CARDS - rules.opponent_face_down
    state.give_player(state.draw())
    state.give_opponent(state.draw(), face_down=first_down <= 0)
    state.give_player(state.draw())
    state.give_opponent(state.draw(), face_down=first_down <= 1)
    extra = rules.player_initial_cards - INITIAL_CARDS
    for n in range(extra):
        state.give_player(state.draw(), face_down=n >= extra - rules.player_face_down)


def _opponent_plays(state: RoundState, player_total: int) -> None:
    rules = state.rules
    redraws = rules.opponent_redraws
    while True:
        total = state.opponent_total()
        if total.bust:
            if redraws > 0:
                redraws -= 1
                state.discard.append(state.take_opponent())
                state.give_opponent(state.draw())
                continue
            return
        if total.total >= player_total:
            return
        if rules.opponent_stands_on is not None and total.total >= rules.opponent_stands_on:
            return
        state.give_opponent(state.draw())


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
               souls_left: int | None = None, refill=None, observer=None) -> RoundResult:
    """Play one round from the top of `deck` (consumed in place; burned cards go to `discard`).

    `souls_left` is what the player holds before staking: it bounds the stake and any raise
    (ruling R7). The policy is asked only for moves legal.py allows. `observer(move, state)`,
    when given, is told of each move the player makes, before it takes effect.
    """
    check_stake(stake, rules, souls_left)
    state = RoundState(rules, deck, discard if discard is not None else [], stake,
                       loss_reduction=loss_reduction, refill=refill)
    held = list(held)
    burned_before = len(state.discard)
    _observe(observer, ("stake", stake), state)
    deal(state)
    player_blackjack = is_blackjack(state.player, rules.valuation("player"))
    if not player_blackjack:
        _offer("after_deal", held, state, policy, _apply_action, observer)
        player_blackjack = is_blackjack(state.player, rules.valuation("player"))
    if may_raise_now(state, souls_left, player_blackjack) and policy.adjust(state.view()):
        _observe(observer, ("raise",), state)
        state.stake += 1
        state.adjusted = True
        state.hits_left = ADJUSTED_HITS
        _offer("after_adjust", held, state, policy, _apply_action, observer)
    if not player_blackjack:
        while may_hit(state):
            if not (must_hit(state) or policy.hit(state.view())):
                _observe(observer, ("stand",), state)
                break
            _observe(observer, ("hit",), state)
            state.give_player(state.draw())
            if state.hits_left is not None:
                state.hits_left -= 1
            _offer("after_hit", held, state, policy, _apply_action, observer)
    face_down = tuple(card for card, down in zip(state.player, state.player_face_down) if down)
    state.turn_up_player()
    p = state.player_total()
    if not p.bust:
        _offer("before_opponent", held, state, policy, _apply_action, observer)
        target = TWENTY_ONE if player_blackjack else p.total + state.player_modifier
        state.turn_up_opponent()
        if not is_blackjack(state.opponent, rules.valuation("opponent")):
            _opponent_plays(state, target)
            if not state.opponent_total().bust:
                _offer("after_opponent", held, state, policy, _apply_action, observer)
                if state.opponent_total().bust and rules.opponent_redraws:
                    _opponent_plays(state, target)
    outcome, how = decide(state, player_blackjack)
    paid = payout(state.stake, outcome, how, rules, loss_reduction if outcome == "lose" else 0)
    return RoundResult(tuple(state.player), tuple(state.opponent),
                       p.total + (0 if p.bust else state.player_modifier),
                       None if p.bust else state.opponent_total().total,
                       outcome, how, state.stake, paid.returned, paid.souls, state.adjusted,
                       tuple(state.discard[burned_before:]), tuple(state.used), face_down)
