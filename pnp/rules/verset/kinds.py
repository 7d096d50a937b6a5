"""The worked-example kinds of Le Dernier Verset (see ../shared/design/worked-examples.md).

`context` is the card data as plain dicts keyed by id (Verses, abilities, variant cards),
so an example that names a Verse applies that Verse's effect as the card data states it.
"""

from pnp.rules.kinds import Kind, SetupError, SetupField
from pnp.rules.verset import campaign
from pnp.rules.verset.cards import CardError, parse_cards
from pnp.rules.verset.hands import hand_total, is_blackjack, is_eagle_eye
from pnp.rules.verset.odds import ImpossibleCards, hit_odds
from pnp.rules.verset.payout import HOWS, OUTCOMES, payout
from pnp.rules.verset.rounds import (
    DeckExhausted,
    RuleViolation,
    ScriptedPolicy,
    play_round,
)
from pnp.rules.verset.table import MAX_STAKE, MIN_STAKE, table_rules

STAKE = SetupField("stake", "int", low=MIN_STAKE, high=MAX_STAKE)


def _cards(setup: dict, name: str):
    try:
        return parse_cards(setup.get(name) or [])
    except CardError as error:
        raise SetupError(name, str(error)) from None


def _card_effect(context: dict, name: str, card_id: str):
    for deck in ("verses", "abilities", "drinks", "tunes", "spectators", "glass"):
        if card_id in context.get(deck, {}):
            return context[deck][card_id]["effect"]
    raise SetupError(name, f"no card has the id '{card_id}'")


def hand(setup, context):
    cards = _cards(setup, "cards")
    total = hand_total(cards)
    return {"total": total.total, "soft": total.soft, "bust": total.bust,
            "blackjack": is_blackjack(cards), "eagle_eye": is_eagle_eye(cards)}


def round_(setup, context):
    deck = list(_cards(setup, "deck"))
    effects = []
    if setup.get("verse"):
        if setup["verse"] not in context.get("verses", {}):
            raise SetupError("verse", f"no Verse has the id '{setup['verse']}'")
        effects.append(context["verses"][setup["verse"]]["effect"])
    for card_id in setup.get("in_play") or []:
        effects.append(_card_effect(context, "in_play", card_id))
    rules = table_rules(*effects)
    policy = ScriptedPolicy(bool(setup.get("adjust")), setup.get("hits"), setup.get("stand_on"))
    try:
        result = play_round(deck, setup["stake"], rules, policy, souls_left=setup.get("souls_left"))
    except DeckExhausted:
        raise SetupError("deck", "the deck runs out before the round ends: add cards") from None
    except RuleViolation as error:
        raise SetupError("stake", str(error)) from None
    return {"player": [str(c) for c in result.player], "opponent": [str(c) for c in result.opponent],
            "player_total": result.player_total, "opponent_total": result.opponent_total,
            "outcome": result.outcome, "how": result.how, "stake": result.stake,
            "returned": result.returned, "souls": result.souls, "adjusted": result.adjusted,
            "burned": [str(c) for c in result.burned]}


def payout_(setup, context):
    paid = payout(setup["stake"], setup["outcome"], setup["how"])
    return {"returned": paid.returned, "souls": paid.souls}


def score(setup, context):
    return campaign.final_score(setup["souls"], setup["gall"])


def spend_gall(setup, context):
    return campaign.spend_gall(setup["gall"], setup["buy"])


def odds(setup, context):
    try:
        return hit_odds(_cards(setup, "hand"), _cards(setup, "seen"))
    except ImpossibleCards as error:
        raise SetupError("seen", str(error)) from None


def difficulty(setup, context):
    level = campaign.DIFFICULTIES[setup["level"]]
    return {"name": level.name, "mode": level.mode, "initial_abilities": level.initial_abilities,
            "initial_souls": level.initial_souls, "duel_won_souls": level.duel_won_souls}


def duel(setup, context):
    """Rounds in order until one side holds two round wins; ties are replayed."""
    wins = losses = played = replayed = 0
    for outcome in setup["rounds"]:
        if wins == campaign.ROUNDS_TO_WIN_DUEL or losses == campaign.ROUNDS_TO_WIN_DUEL:
            raise SetupError("rounds", f"the duel is over after {played} rounds")
        played += 1
        wins += outcome == "win"
        losses += outcome == "lose"
        replayed += outcome == "tie"
    over = wins == campaign.ROUNDS_TO_WIN_DUEL or losses == campaign.ROUNDS_TO_WIN_DUEL
    winner = "player" if wins == campaign.ROUNDS_TO_WIN_DUEL else "opponent" if over else None
    return {"winner": winner, "over": over, "rounds_played": played, "replayed": replayed,
            "bar_drink": winner == "opponent" and wins == 0,
            "spectators": wins >= 1 and losses >= 1}


def variant(setup, context):
    """What a variant costs or gives back: the Organ's soul, a drink's price, the Glass."""
    souls = setup["souls"]
    if setup["variant"] == "organ":
        cost = campaign.ORGAN_COST
    elif setup["variant"] == "bar":
        cost = campaign.BAR_DRINK_COST
    else:
        return {"allowed": True, "cost": 0, "souls_after": souls + setup.get("staked_in_duel", 0)}
    allowed = souls > cost      # paying may not end the campaign (ruling R11)
    return {"allowed": allowed, "cost": cost, "souls_after": souls - cost if allowed else souls}


def hand_limit(setup, context):
    held = setup["held"] + setup["gained"]
    return {"discard": campaign.over_hand_limit(["card"] * held), "permanents_in_play": setup["permanents"]}


KINDS = {kind.name: kind for kind in (
    Kind("hand", "a hand's total", (SetupField("cards", "cards"),),
         ("total", "soft", "bust", "blackjack", "eagle_eye"), hand),
    Kind("round", "one round dealt from a known deck",
         (SetupField("deck", "cards", help="cards in draw order"), STAKE,
          SetupField("adjust", "bool", required=False), SetupField("hits", "int", required=False, low=0, high=10),
          SetupField("stand_on", "int", required=False, low=2, high=30),
          SetupField("verse", "str", required=False, help="a Verse id whose ability applies"),
          SetupField("in_play", "strs", required=False, help="ids of other cards whose standing effects apply"),
          SetupField("souls_left", "int", required=False, low=0, high=200,
                     help="souls the player holds before staking (for the final stake)")),
         ("player", "opponent", "player_total", "opponent_total", "outcome", "how", "stake",
          "returned", "souls", "adjusted", "burned"), round_, one_of=(("hits", "stand_on"),)),
    Kind("payout", "what a round's end pays", (STAKE, SetupField("outcome", "str", choices=OUTCOMES),
                                               SetupField("how", "str", choices=HOWS)),
         ("returned", "souls"), payout_),
    Kind("score", "the end-of-game score and ending",
         (SetupField("souls", "int", low=-50, high=200), SetupField("gall", "ints")), ("total", "ending"), score),
    Kind("spend_gall", "buying an ability with gall",
         (SetupField("gall", "ints"), SetupField("buy", "str", choices=("one", "choice"))),
         ("allowed", "spent", "lost", "price"), spend_gall),
    Kind("odds", "the chances of the next card", (SetupField("hand", "cards"),
                                                  SetupField("seen", "cards", required=False)),
         ("bust_if_hit", "twenty_one_if_hit"), odds),
    Kind("difficulty", "a difficulty level's table row",
         (SetupField("level", "str", choices=tuple(campaign.DIFFICULTIES)),),
         ("name", "mode", "initial_abilities", "initial_souls", "duel_won_souls"), difficulty),
    Kind("duel", "a duel's rounds, best of three with ties replayed",
         (SetupField("rounds", "strs", choices=OUTCOMES, help="win, lose or tie, in order"),),
         ("winner", "over", "rounds_played", "replayed", "bar_drink", "spectators"), duel),
    Kind("variant", "the price of the Organ and the Bar; the Glass of Forgiveness's refund",
         (SetupField("variant", "str", choices=("organ", "bar", "glass")),
          SetupField("souls", "int", low=0, high=200),
          SetupField("staked_in_duel", "int", required=False, low=0, high=60,
                     help="souls lost in the duel the Glass cancels")),
         ("allowed", "cost", "souls_after"), variant),
    Kind("hand_limit", "abilities over the hand limit",
         (SetupField("held", "int", low=0, high=16), SetupField("gained", "int", low=0, high=16),
          SetupField("permanents", "int", low=0, high=16)),
         ("discard", "permanents_in_play"), hand_limit),
)}
