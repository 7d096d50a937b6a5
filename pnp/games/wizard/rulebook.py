"""What The Last Wizard's rulebook and player aids print from the engine and the card data."""

from pnp.data.plain import as_plain
from pnp.rules.wizard import hands, rounds
from pnp.rules.wizard.balance import summary, value_distribution
from pnp.rules.wizard.cards import card_from
from pnp.rules.wizard.tokens import LOSS_TOKEN, MAX_PLAYERS, MIN_PLAYERS, tokens_for
from pnp.tables import engine_table

DECK_KEYS = {"red": "red-deck", "blue": "blue-deck"}
POWER_BONUSES = ("SKELETON_BONUS", "HARPY_BONUS", "WITCH_BONUS", "WAVE_BONUS", "DULLAHAN_BONUS", "DRAGON_BONUS",
                 "PYROMANCER_BONUS", "STORM_BONUS", "GOBLIN_KING_BONUS")


def _words(card_id: str) -> str:
    return card_id.replace("-", " ").title()


@engine_table
def _distribution(cards: tuple) -> dict:
    deck = [card_from(card_id, {"type": kind, "value": value, "power": power, "tags": list(tags)})
            for card_id, kind, value, power, tags in cards]
    result = summary(value_distribution(deck))
    return {**result, "mean": round(float(result["mean"]), 1)}


def distributions(loaded: list) -> dict:
    """Each deck's best-hand values over every deal (exact): deals, mean, lowest, quartiles, highest."""
    found = {}
    for colour, key in DECK_KEYS.items():
        cards = [as_plain(c) for d in loaded if d.deck.key == key for c in d.cards]
        found[colour] = _distribution(tuple((c["id"], c["type"], c["value"], c.get("power"), tuple(c.get("tags") or ()))
                                            for c in cards))
    return found


def rulebook_context(loaded: list) -> dict:
    return {
        "tokens": [{"players": n, **tokens_for(n)} for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
        "rules": {"START_SPACE": rounds.START_SPACE, "WINNING_SPACE": rounds.WINNING_SPACE,
                  "LOSING_SPACE": rounds.LOSING_SPACE, "DOUBLE_ZONE_FIRST": rounds.DOUBLE_ZONE[0],
                  "DOUBLE_ZONE_LAST": rounds.DOUBLE_ZONE[-1], "FIRST_LEAVE_GAIN": rounds.FIRST_LEAVE_GAIN,
                  "SECOND_BEST_FROM_PLAYERS": rounds.SECOND_BEST_FROM_PLAYERS,
                  "COMBINATION_SIZE": hands.COMBINATION_SIZE, "FORTIFY_MULTIPLIER": hands.FORTIFY_MULTIPLIER,
                  "MIN_PLAYERS": MIN_PLAYERS, "MAX_PLAYERS": MAX_PLAYERS, "LOSS_TOKEN": LOSS_TOKEN,
                  **{name: getattr(hands, name) for name in POWER_BONUSES}},
        "distributions": distributions(loaded),
        "powers": {colour: [c for d in loaded if d.deck.key == key for c in d.cards if c.text]
                   for colour, key in DECK_KEYS.items()},
    }


def aids_context(loaded: list) -> dict:
    return rulebook_context(loaded)


def _signed(n: int) -> str:
    return f"{n:+d}".replace("-", "−")


def _both(items: list) -> str:
    return f"{', '.join(map(str, items[:-1]))} and {items[-1]}" if len(items) > 1 else "".join(map(str, items))


def _alone(setup: dict, result: dict) -> str:
    """The last player's tokens, doubled when her move is twice their sum; the others' moves as they left."""
    name = result["alone"]
    player = next(p for p in setup["players"] if p["name"] == name)
    tokens, move = sum(player["tokens"]), result["moves"][name]
    others = ", ".join(f"{other} {_signed(m)}" for other, m in result["moves"].items() if other != name and m)
    made = (f"Her tokens make {tokens}, doubled on space {player['position']}: {_signed(move)}." if tokens and move == 2 * tokens
            else f"Her tokens make {tokens}: {_signed(move)}.")
    return (f"Every other player has left: {name}, alone in play, shows nobody her cards and scores her tokens at once. "
            + made + (f" The others moved as they left: {others}." if others else ""))


def _tokens(setup: dict, result: dict) -> str:
    rounds, squares, players = result["round"], result["square"], setup["players"]
    words = [f"With {players} players, lay out {len(rounds)} round tokens, {_both(rounds)}, and {len(squares)} square "
             f"tokens, {_both([_signed(n) if n < 0 else n for n in squares])}."]
    if len(rounds) == len(squares) == players:
        words.append("One of each kind for every player: in each bet, a player takes one or leaves the round.")
    loss = [n for n in squares if n < 0]
    if loss:
        words.append(f"The {_signed(loss[0])} is a token like the others: holding it, even the second best hand moves back.")
    return " ".join(words)


def describe(kind: str, setup: dict, result: dict) -> str:
    if kind == "hand":
        best = ", ".join(_words(c) for c in result["best"]) or "nothing"
        return (f"With {' and '.join(_words(c) for c in setup['hand'])} in hand and "
                f"{' and '.join(_words(c) for c in setup['common'])} in common, the best combination is "
                f"{best}: {result['value']}.")
    if kind == "round":
        if result["alone"]:
            return _alone(setup, result)
        values = "; ".join(f"{name} {value}" for name, value in result["values"].items())
        moves = ", ".join(f"{name} {_signed(move)}" for name, move in result["moves"].items() if move)
        second = f", the second best {' and '.join(result['second'])}" if result["second"] else ""
        ending = ""
        if result["winners"]:
            ending = (f" The game is over: {result['winners'][0]} wins." if len(result["winners"]) == 1
                      else f" The game is over: {' and '.join(result['winners'])} share the victory.")
        return f"Hands: {values}. Best {' and '.join(result['best'])}{second}. Moves: {moves or 'none'}.{ending}"
    if kind == "tokens":
        return _tokens(setup, result)
    return ", ".join(f"{key}: {value}" for key, value in result.items()) + "."


FIRST_BET_TOKENS = 1        # tokens a player holds during the first bet: the round token alone


def diagram(kind: str, setup: dict, result: dict) -> list[dict]:
    """Rows of cards to draw, by id (cards defined inline in an example are not drawn)."""
    inline = set((setup.get("cards") or {}))
    drawn = lambda ids: [i for i in ids if i not in inline]  # noqa: E731
    if kind == "hand":
        return [{"label": "Hand", "cards": drawn(setup["hand"])}, {"label": "Common", "cards": drawn(setup["common"])}]
    if kind == "round":
        playing = [p for p in setup["players"] if not p.get("out")]
        rows = [{"label": p["name"], "cards": drawn(p.get("hand") or [])} for p in playing]
        if len(playing) == 1 and len(playing[0].get("tokens") or ()) <= FIRST_BET_TOKENS:
            return rows             # alone in play during the first bet: the common cards were never turned up
        return rows + [{"label": "Common", "cards": drawn(setup["common"])}]
    return []
