"""Worked examples in words and as the cards to draw: what a printed example shows."""

from pnp.rules.verset.cards import SUITS, parse_card
from pnp.rules.verset.hands import hand_total

DISPLAY_SUITS = ("spades", "hearts", "clubs", "diamonds")
HOW_WORDS = {
    "blackjack": "with a blackjack", "eagle_eye": "with an Eagle Eye", "bust": "by going bust",
    "opponent_bust": "as the Verse busts", "higher": "on the higher total",
    "opponent_blackjack": "against the Verse's blackjack", "opponent_eagle_eye": "against the Verse's Eagle Eye",
    "equal": "on equal totals",
}


def card_id(text, position: int) -> str:
    """The playing card to draw for a card written in an example (suits chosen when absent)."""
    card = parse_card(text)
    suit = SUITS[card.suit] if card.suit else DISPLAY_SUITS[position % len(DISPLAY_SUITS)]
    return f"{card.rank}-{suit}"


def _souls(n: int) -> str:
    return f"{n} soul" if abs(n) == 1 else f"{n} souls"


def _net(n: int) -> str:
    return "the reserve is unchanged" if n == 0 else (
        f"the reserve gains {_souls(n)}" if n > 0 else f"the reserve loses {_souls(-n)}")


def _range(low: int, high: int) -> str:
    return _souls(low) if low == high else f"{low} to {_souls(high)}"


def _hand(setup: dict, result: dict) -> str:
    """The sum as the engine counts each card, then why it is so."""
    cards, values = [str(c) for c in setup["cards"]], result["values"]
    ace = next((value for card, value in zip(cards, values) if card.startswith("A")), None)
    words = [f"{', '.join(cards)}: {' + '.join(map(str, values))} = {result['total']}."]
    if result["blackjack"]:
        words.append("An Ace and a ten-value card as the first two cards: a blackjack, the best hand there is.")
    elif result["eagle_eye"]:
        words.append(f"{result['total']} with {len(cards)} cards: an Eagle Eye, a fine hand that still ranks below a blackjack.")
    if result["soft"] and not result["blackjack"]:
        words.append(f"The Ace counts {ace}, as that does not bust the hand: the total is soft, "
                     "and the Ace can still drop should a later card bust it.")
    elif ace is not None and not result["bust"] and not result["blackjack"]:
        words.append(f"Counted high, the Ace would bust the hand: it counts {ace}.")
    if result["bust"]:
        words.append("The hand is bust.")
    return " ".join(words)


def _duel(setup: dict, result: dict) -> str:
    """The rounds in order, with the score after each; a tied round is replayed under its own
    number (the decider after a tie is still "the third round")."""
    won = lost = 0
    steps = []
    number = 1
    for outcome in setup["rounds"]:
        won, lost = won + (outcome == "win"), lost + (outcome == "lose")
        steps.append(f"round {number} tied and replayed" if outcome == "tie"
                     else f"round {number} {'won' if outcome == 'win' else 'lost'} ({won}\u00a0to\u00a0{lost})")
        number += outcome != "tie"
    winner = {"player": f"The player wins the duel, {won} rounds to {lost}.",
              "opponent": f"The Verse wins the duel, {lost} rounds to {won}.", None: "The duel goes on."}
    drink = (" Beaten without a round won, the player draws a Bar card at random, when the Bar is in play."
             if result["bar_drink"] else "")
    return f"Round by round: {', '.join(steps)}. {winner[result['winner']]}{drink}"


def _score(setup: dict, result: dict) -> str:
    gall, total, ending = sum(setup["gall"]), result["total"], result["ending"]
    reached = f" A total of {total} reaches the ending {ending}."
    if setup["souls"] > 0 and gall:
        return (f"Soul Transfer: the {gall} gall still on the Verses kept ({' + '.join(map(str, setup['gall']))}) is "
                f"added to the {_souls(setup['souls'])} left, {setup['souls']} + {gall} = {total}." + reached)
    if gall:
        return f"With no soul left the campaign is lost, and its {gall} gall is not counted: the total is {total}." + reached
    return f"{_souls(setup['souls'])} left and {gall} gall kept make {total}: {ending}."


def _spend_gall(setup: dict, result: dict) -> str:
    gall = setup["gall"]
    if not result["allowed"]:
        return f"{sum(gall)} gall is not enough for the price of {result['price']}."
    carried = (f"The Verses handed in carry {sum(gall)} gall ({' + '.join(map(str, gall))})." if len(gall) > 1
               else f"The Verse handed in carries {sum(gall)} gall.")
    bought = ("One special ability drawn at random" if setup["buy"] == "one"
              else "Two special abilities drawn, one of them kept,")
    cost = "costs" if setup["buy"] == "one" else "cost"
    lost = f" The {result['lost']} gall beyond the price is lost, never given back." if result["lost"] else ""
    return f"{carried} {bought} {cost} {result['price']}: {result['spent']} spent.{lost}"


def _odds(setup: dict, result: dict) -> str:
    pool = ("cards neither in hand nor seen" if setup.get("seen") else "cards left in the deck")
    return (f"Hitting on {', '.join(map(str, setup['hand']))}, a total of {result['total']}. "
            f"Of the {result['cards_left']} {pool}, {result['busting']} would bust the hand and "
            f"{result['making_21']} would make exactly 21. One more card busts with a chance of "
            f"{result['bust_if_hit']}, and makes 21 with a chance of {result['twenty_one_if_hit']}.")


def _variant(setup: dict, result: dict) -> str:
    if not result["allowed"]:
        return f"With {_souls(setup['souls'])}, paying {result['cost']} is not allowed: a purchase may never take the last soul."
    paid = f"{_souls(result['cost'])}: {setup['souls']} − {result['cost']} leaves {_souls(result['souls_after'])}"
    return (f"Feeding the Cursed Organ costs {paid}, and a tune is drawn at random." if setup["variant"] == "organ"
            else f"A drink at the Bar costs {paid}.")


def _stake_refused(setup: dict, result: dict) -> str:
    """Why a stake is refused, when no Verse or card changed the stakes."""
    if setup.get("verse") or setup.get("in_play"):
        return ""
    if setup["stake"] > setup["souls"]:
        return " The player cannot stake more souls than they hold."
    return (f" A stake of {setup['stake']} would leave {_souls(setup['souls'] - setup['stake'])} in reserve, "
            "and only the very last soul may be staked alone.")


WORDS = {"hand": _hand, "duel": _duel, "score": _score, "spend_gall": _spend_gall, "odds": _odds, "variant": _variant}


def describe(kind: str, setup: dict, result: dict) -> str:
    if kind in WORDS:
        return WORDS[kind](setup, result)
    if kind == "round":
        total = result["player_total"]
        theirs = result["opponent_total"]
        versus = "" if theirs is None else f" against {theirs}"
        outcome = {"win": "wins the round", "lose": "loses the round", "tie": "ties: the round is replayed"}[result["outcome"]]
        raised = " after raising the stake" if result["adjusted"] else ""
        if result["how"] == "bust" and result.get("face_down"):
            hidden = " and ".join(result["face_down"])
            seen = list(result["player"])
            for card in result["face_down"]:
                seen.remove(card)
            seen_total = hand_total([parse_card(c) for c in seen]).total
            return (f"The player stands on the {seen_total} they can see, turns up the face-down "
                    f"{hidden} and busts with {total}: the round is lost and the Verse does not play. "
                    f"Stake {_souls(result['stake'])}, nothing back: {_net(result['souls'])}.")
        if result["how"] == "bust":
            return (f"The player draws to {total} and busts{raised}: the round is lost and the Verse "
                    f"does not play. Stake {_souls(result['stake'])}, nothing back: {_net(result['souls'])}.")
        return (f"The player stands on {total}{versus} and {outcome} {HOW_WORDS[result['how']]}{raised}. "
                f"Stake {_souls(result['stake'])}, {_souls(result['returned'])} back: {_net(result['souls'])}.")
    if kind == "payout":
        return (f"A {setup['outcome']} {HOW_WORDS[setup['how']]} at a stake of {_souls(setup['stake'])}: "
                f"{_souls(result['returned'])} back, {_net(result['souls'])}.")
    if kind == "stake":
        held = f"Holding {_souls(setup['souls'])}"
        if not result["allowed"]:
            if result["highest"] is None:
                return f"{held}, the campaign is over: there is nothing to stake."
            return (f"{held}, a stake of {setup['stake']} is not allowed: "
                    f"{_range(result['lowest'], result['highest'])} is." + _stake_refused(setup, result))
        raise_words = "and may still be raised" if result["may_raise"] else "and cannot be raised"
        return (f"{held}, a stake of {setup['stake']} leaves {result['reserve']} in reserve "
                f"{raise_words}.")
    if kind == "glass":
        won = result["net"] + result["lost"]
        wins = sum(1 for text in setup.get("rounds") or () if str(text).split()[1:2] == ["win"])
        brought = f" and its won {'round' if wins == 1 else 'rounds'} brought in {_souls(won)}" if won > 0 else ""
        return (f"The duel's lost rounds cost {_souls(result['lost'])}{brought}; all told, "
                f"{_net(result['net'])}. "
                f"The Glass gives back every soul staked, {_souls(result['given_back'])}: "
                f"{setup['souls']} become {result['souls_after']}.")
    if kind == "difficulty":
        return (f"{result['name']} ({result['mode']}): {result['initial_abilities']} abilities and "
                f"{_souls(result['initial_souls'])} at the start, +{result['duel_won_souls']} for each duel won.")
    if kind == "hand_limit":
        return f"Holding {setup['held']} and gaining {setup['gained']}: discard {result['discard']}."
    return ", ".join(f"{key}: {value}" for key, value in result.items()) + "."


def diagram(kind: str, setup: dict, result: dict) -> list[dict]:
    """Rows of cards to draw: [{"label", "cards": [playing-card ids]}]."""
    if kind == "hand":
        return [{"label": "Hand", "cards": [card_id(c, i) for i, c in enumerate(setup["cards"])]}]
    if kind == "round":
        return [{"label": "Player", "cards": [card_id(c, i) for i, c in enumerate(result["player"])]},
                {"label": "Verse", "cards": [card_id(c, i + 1) for i, c in enumerate(result["opponent"])]}]
    if kind == "odds":
        return [{"label": "Hand", "cards": [card_id(c, i) for i, c in enumerate(setup["hand"])]}]
    return []
