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


def describe(kind: str, setup: dict, result: dict) -> str:
    if kind == "hand":
        cards = ", ".join(str(c) for c in setup["cards"])
        words = f"{cards} count {result['total']}"
        extras = [w for w, on in (("soft", result["soft"]), ("bust", result["bust"]),
                                  ("a blackjack", result["blackjack"]), ("an Eagle Eye", result["eagle_eye"])) if on]
        return words + (" (" + ", ".join(extras) + ")" if extras else "") + "."
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
    if kind == "score":
        return (f"{_souls(setup['souls'])} left and {sum(setup['gall'])} gall kept make {result['total']}: "
                f"{result['ending']}.")
    if kind == "spend_gall":
        if not result["allowed"]:
            return f"{sum(setup['gall'])} gall is not enough for the price of {result['price']}."
        return f"Handing in {sum(setup['gall'])} gall: {result['spent']} spent, {result['lost']} lost."
    if kind == "odds":
        return (f"Hitting on {', '.join(map(str, setup['hand']))}: busts with a chance of "
                f"{result['bust_if_hit']}, makes exactly 21 with a chance of {result['twenty_one_if_hit']}.")
    if kind == "duel":
        winner = {"player": "The player wins the duel", "opponent": "The Verse wins the duel", None: "The duel goes on"}
        return f"{winner[result['winner']]} after {result['rounds_played']} rounds ({result['replayed']} replayed)."
    if kind == "stake":
        held = f"Holding {_souls(setup['souls'])}"
        if not result["allowed"]:
            if result["highest"] is None:
                return f"{held}, the campaign is over: there is nothing to stake."
            return (f"{held}, a stake of {setup['stake']} is not allowed: "
                    f"{_range(result['lowest'], result['highest'])} is.")
        raise_words = "and may still be raised" if result["may_raise"] else "and cannot be raised"
        return (f"{held}, a stake of {setup['stake']} leaves {result['reserve']} in reserve "
                f"{raise_words}.")
    if kind == "glass":
        won = result["net"] + result["lost"]
        wins = sum(1 for text in setup.get("rounds") or () if str(text).split()[1:2] == ["win"])
        brought = f" and its won {'round' if wins == 1 else 'rounds'} brought in {_souls(won)}" if won > 0 else ""
        return (f"The duel's lost rounds cost {_souls(result['lost'])}{brought}; all told, "
                f"{_net(result['net'])}. "
                f"The Glass gives back {_souls(result['given_back'])}: "
                f"{setup['souls']} become {result['souls_after']}.")
    if kind == "variant":
        if not result["allowed"]:
            return f"With {_souls(setup['souls'])}, paying {result['cost']} is not allowed."
        return f"Paying {_souls(result['cost'])} out of {setup['souls']} leaves {_souls(result['souls_after'])}."
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
