"""One campaign as the baseline strategy plays it: the shoe, the Verses, the abilities, drinks,
tunes and spectators, each move one legal.py allows. `Campaign.observer`, when set, is told of
each (tests/rules/verset/test_simulate_legal.py checks them all)."""

import random
from dataclasses import dataclass, field

from pnp.rules.verset import legal, strategy
from pnp.rules.verset.campaign import (
    ACTIVATABLE_REST,
    BAR_DRINK_COST,
    DIFFICULTIES,
    DUELS,
    GALL_FOR_CHOICE,
    GALL_FOR_ONE,
    HAND_LIMIT,
    ORGAN_COST,
    ROUNDS_TO_WIN_DUEL,
    VERSES_DRAWN_PER_DUEL,
    cheapest_payment,
    final_score,
    glass_refund,
)
from pnp.rules.verset.cards import full_deck
from pnp.rules.verset.rounds import Held, play_round
from pnp.rules.verset.stakes import stake_range
from pnp.rules.verset.table import table_rules


MAX_ROUNDS_PER_DUEL = 30   # ties replayed forever are impossible in practice; a guard


@dataclass
class Decks:
    verses: list
    abilities: list
    drinks: list = field(default_factory=list)
    tunes: list = field(default_factory=list)
    spectators: list = field(default_factory=list)
    glass: list = field(default_factory=list)


@dataclass
class DuelRecord:
    verse: str
    difficulty: int
    won: bool
    cancelled: bool = False


@dataclass
class CampaignResult:
    souls: int
    gall: list
    total: int
    ending: str
    duels: list
    survived: bool
    peak_souls: int = 0


class Shoe:
    """The one 52-card deck, shuffled for each duel; discards stay out until the draw pile
    runs dry mid-round, when they are shuffled into a new draw pile (ruling R9)."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.cards = list(full_deck())
        rng.shuffle(self.cards)
        self.discard: list = []

    def new_duel(self):
        self.cards += self.discard
        self.discard = []
        self.rng.shuffle(self.cards)

    def refill(self):
        self.rng.shuffle(self.discard)
        self.cards += self.discard
        self.discard.clear()


class Campaign:
    observer = None     # observer(move, campaign, details): told of each campaign move; round moves too

    def __init__(self, decks: Decks, difficulty: str, variants, rng: random.Random):
        self.decks, self.rng = decks, rng
        self.variants = set(variants)
        self.level = DIFFICULTIES[difficulty]
        self.souls = self.level.initial_souls
        self.verse_pile = list(decks.verses)
        rng.shuffle(self.verse_pile)
        self.ability_pile = list(decks.abilities)
        rng.shuffle(self.ability_pile)
        self.hand: list = []          # abilities held (not Permanents in play)
        self.permanents: list = []
        self.drinks: list = []
        self.resting: dict = {}       # activatable id -> first duel it is usable again
        self.gall: list = []          # difficulties of defeated Verses kept
        self.glass_used = False
        self.duel_number = 0
        self.shoe = Shoe(rng)
        self.records: list = []
        self.peak = self.souls
        self.rules = table_rules()    # the rules in force: the Verse faced and what lasts the duel
        for _ in range(self.level.initial_abilities):
            self.gain_ability(self.draw_ability())

    def move(self, name: str, **details) -> None:
        if self.observer is not None:
            self.observer(name, self, details)

    # --- cards -------------------------------------------------------------------------
    def draw_ability(self):
        return self.ability_pile.pop() if self.ability_pile else None

    def gain_ability(self, card):
        if card is None:
            return
        if card["type"] == "permanent":
            self.permanents.append(card)
            return
        self.hand.append(card)
        while len(self.hand) > HAND_LIMIT:
            worst = strategy.worst_of(self.hand)
            self.move("discard_over_limit", card=worst)
            self.hand.remove(worst)
            self.ability_pile.insert(0, worst)

    def bar_deck(self) -> list:
        """The drink cards still at the Bar: one of each, less those the player holds."""
        held = {drink["id"] for drink in self.drinks}
        return [drink for drink in self.decks.drinks if drink["id"] not in held]

    def win_drink(self):
        if self.bar_deck() and "bar" in self.variants:
            self.take_drink(self.rng.choice(self.bar_deck()))

    def take_drink(self, drink):
        """Several drinks at once, never two of one kind (ruling R10): the Bar holds one card of
        each drink, so a drink already held cannot come again."""
        if any(held["id"] == drink["id"] for held in self.drinks):
            return
        self.drinks.append(drink)

    def immediate(self, effect):
        for step in effect:
            op = step["op"]
            if op == "gain_souls":
                self.souls += step["amount"]
            elif op == "lose_souls":
                self.souls -= step["amount"]
            elif op == "draw_ability":
                for _ in range(step["count"]):
                    self.gain_ability(self.draw_ability())
            elif op == "draw_drink":
                for _ in range(step["count"]):
                    self.win_drink()
            elif op == "take_drink":
                drink = next((d for d in self.decks.drinks if d["id"] == step["card"]), None)
                if drink is not None and "bar" in self.variants:
                    self.take_drink(drink)
            elif op == "discard_ability":
                for _ in range(min(step["count"], len(self.hand))):
                    self.ability_pile.insert(0, self.hand.pop(self.rng.randrange(len(self.hand))))

    def usable(self, rules):
        cards = []
        for card in self.hand:
            if legal.may_use_ability(card, rules, self.souls, self.resting, self.duel_number):
                cards.append(Held(card["id"], card["type"], tuple(card["effect"])))
        if self.souls > 0:
            cards += [Held(drink["id"], "drink", tuple(drink["effect"])) for drink in self.drinks]
        return cards

    def spend(self, used_ids):
        for card_id in used_ids:
            card = next((c for c in self.hand if c["id"] == card_id), None)
            if card is not None:
                if card["type"] == "activatable":
                    self.resting[card_id] = self.duel_number + ACTIVATABLE_REST + 1
                else:
                    self.hand.remove(card)
                continue
            self.drinks = [drink for drink in self.drinks if drink["id"] != card_id]

    # --- the campaign --------------------------------------------------------------------
    def buy_abilities(self, rules):
        if rules.no_gall_spending or self.duel_number > strategy.BUY_ABILITIES_UNTIL_DUEL:
            return
        while len(self.hand) < HAND_LIMIT:
            choice = cheapest_payment(self.gall, GALL_FOR_CHOICE)
            one = cheapest_payment(self.gall, GALL_FOR_ONE)
            payment = choice if choice and sum(choice) == GALL_FOR_CHOICE else one
            if not payment or not self.ability_pile:
                return
            price = GALL_FOR_CHOICE if payment is choice and sum(payment) >= GALL_FOR_CHOICE else GALL_FOR_ONE
            self.move("spend_gall", handed=list(payment), price=price, rules=rules)
            for value in payment:
                self.gall.remove(value)
            if sum(payment) >= GALL_FOR_CHOICE and payment is choice and len(self.ability_pile) >= 2:
                drawn = [self.ability_pile.pop(), self.ability_pile.pop()]
                kept = strategy.best_of(drawn)
                drawn.remove(kept)
                self.ability_pile.insert(self.rng.randrange(len(self.ability_pile) + 1), drawn[0])
                self.gain_ability(kept)
            else:
                self.gain_ability(self.draw_ability())

    def use_borrowed_time(self, rules):
        for card in list(self.hand):
            if (self.souls <= strategy.BORROWED_TIME_AT_SOULS and card["effect"][0]["op"] == "gain_souls"
                    and legal.may_use_ability(card, rules, self.souls, self.resting, self.duel_number)):
                self.move("use_ability", card=card, rules=rules)
                self.immediate(card["effect"])
                self.spend([card["id"]])

    def stake_for(self, rules):
        """The least stake allowed with the souls held (ruling R7)."""
        return stake_range(rules, self.souls)[0]

    def feed_organ(self):
        """After seeing the two Verses, before choosing (ruling R23): the tune, or None."""
        if ("organ" in self.variants and self.decks.tunes and self.souls >= strategy.ORGAN_FROM_SOULS
                and legal.may_feed_organ(self.souls, self.variants)):
            self.move("feed_organ")
            self.souls -= ORGAN_COST
            tune = self.rng.choice(self.decks.tunes)
            self.immediate(tune["effect"])
            return tune
        return None

    def play_duel(self, verse, tune=None):
        standing = [verse["effect"]] + [p["effect"] for p in self.permanents]
        if tune is not None:
            standing.append(tune["effect"])            # for the whole duel (R30)
        wins = losses = 0
        round_stakes = []                              # what the Glass would give back (R27)
        lost_round_once = False
        spectator = None
        self.shoe.new_duel()
        for _ in range(MAX_ROUNDS_PER_DUEL):
            if wins == ROUNDS_TO_WIN_DUEL or losses == ROUNDS_TO_WIN_DUEL or self.souls <= 0:
                break
            if (spectator is None and wins == losses == ROUNDS_TO_WIN_DUEL - 1
                    and "spectators" in self.variants and self.decks.spectators):
                spectator = self.rng.choice(self.decks.spectators)   # stays for the duel (R22)
                self.immediate(spectator["effect"])
            rules = table_rules(*standing, *([spectator["effect"]] if spectator else []))
            self.rules = rules
            self.use_borrowed_time(rules)
            stake = self.stake_for(rules)
            reduction = sum(amount for amount, per in rules.loss_reduction
                            if per == "round" or not lost_round_once)
            result = self.round(rules, stake, reduction)
            self.souls += result.souls
            round_stakes.append(result.stake)
            self.peak = max(self.peak, self.souls + result.stake * (result.outcome != "lose"))
            self.spend(result.used)
            if result.outcome == "lose":
                lost_round_once = True
                _, voided = self.undo_loss(result, rules)
                if voided:
                    continue
                losses += 1
            elif result.outcome == "win":
                wins += 1
        won = wins == ROUNDS_TO_WIN_DUEL
        record = DuelRecord(verse["id"], verse["difficulty"], won)
        if won:
            self.souls += self.level.duel_won_souls + table_rules(*standing).duel_win_souls
            self.gall.append(verse["difficulty"])
        elif losses == ROUNDS_TO_WIN_DUEL and self.use_glass(round_stakes):
            record.cancelled = True                 # no gall, no bonus, no drink (R27)
        elif losses == ROUNDS_TO_WIN_DUEL and wins == 0:
            self.win_drink()
        self.records.append(record)
        self.rules = table_rules(*standing)
        self.buy_abilities(self.rules)

    def round(self, rules, stake, reduction):
        observer = None
        if self.observer is not None:
            def observer(move, state):
                self.move("round", round_move=move, state=state, souls_left=self.souls)
        result = play_round(self.shoe.cards, stake, rules, strategy.Baseline(), self.usable(rules),
                            self.shoe.discard, reduction, self.souls, self.shoe.refill, observer)
        self.shoe.discard += list(result.player) + list(result.opponent)
        return result

    def undo_loss(self, result, rules) -> tuple[int, bool]:
        """Play a card that refunds or voids the lost round, if the strategy wants to and the
        rules in force allow it (not once the loss ran the souls out, ruling R32): the souls
        given back, and whether the round is void."""
        lost = -result.souls
        for card in self.usable(rules):
            op = card.effect[0]["op"]
            if op in legal.AFTER_A_LOST_ROUND and strategy.keep_after_loss(op, lost):
                self.move("undo_lost_round", card={"id": card.id, "type": card.type,
                                                   "effect": list(card.effect)}, rules=rules)
                refund = result.stake if op == "refund_stake" else lost
                self.souls += refund
                self.spend([card.id])
                return refund, op == "void_round"
        return 0, False

    def use_glass(self, round_stakes) -> bool:
        """Cancel the lost duel: its rounds' stakes come back (R27); not once the souls ran
        out, which ended the campaign (R6)."""
        back = glass_refund(round_stakes)
        if ("glass" not in self.variants or self.glass_used or not self.decks.glass
                or self.souls <= 0 or back < strategy.GLASS_FROM_STAKES):
            return False
        tradeable = [c for c in self.hand if c["type"] == "unique"] + self.permanents
        if not tradeable:
            return False
        given = strategy.worst_of(tradeable)
        self.move("drink_glass", given=given)
        (self.permanents if given in self.permanents else self.hand).remove(given)
        self.souls += back
        self.glass_used = True
        return True

    def play(self) -> CampaignResult:
        for self.duel_number in range(1, DUELS + 1):
            if self.souls <= 0:
                break
            if (not self.drinks and self.souls >= strategy.BAR_FROM_SOULS and self.bar_deck()
                    and legal.may_buy_drink(self.souls, self.variants, self.duel_number)):
                self.move("buy_drink")
                self.souls -= BAR_DRINK_COST
                self.take_drink(self.bar_deck()[0])
            if len(self.verse_pile) < VERSES_DRAWN_PER_DUEL:
                break
            first, second = self.verse_pile.pop(), self.verse_pile.pop()
            tune = self.feed_organ()
            chosen = strategy.choose_verse(first, second, self.souls)
            self.move("choose_verse", drawn=[first, second], chosen=chosen)
            self.play_duel(chosen, tune)
        survived = self.souls > 0
        score = final_score(self.souls, self.gall)
        self.peak = max(self.peak, self.souls)
        return CampaignResult(self.souls, list(self.gall), score["total"], score["ending"],
                              self.records, survived, self.peak)
