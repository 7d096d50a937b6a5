"""The worked-example kinds of The Last Wizard (docs/worked-examples.md).

`context["cards"]` is the card data as plain dicts keyed by id, `context["decks"]` each deck's
cards; an example may also define cards inline under `setup.cards` (`{C: {type: caster, value: 4}}`),
each under an id of its own. A game is played with one deck: an example never deals from both.
"""

from pnp.rules.kinds import Kind, SetupError, SetupField
from pnp.rules.wizard.cards import CardError, card_from
from pnp.rules.wizard.hands import best_combination
from pnp.rules.wizard.rounds import LOSING_SPACE, WINNING_SPACE, RoundError, Seat, resolve, winners
from pnp.rules.wizard.tokens import MAX_PLAYERS, MIN_PLAYERS, tokens_for

CARDS = SetupField("cards", "mapping", required=False, help="cards defined inline: {ID: {type, value, power, tags}}")
PLAYER_KEYS = ("name", "hand", "tokens", "position", "out")


def _known(setup: dict, context: dict) -> dict:
    inline = setup.get("cards") or {}
    if not isinstance(inline, dict):
        raise SetupError("cards", "cards defined inline are a mapping of ids to {type, value, ...}")
    known = dict(context.get("cards", {}))
    printed = sorted(str(k) for k in inline if str(k) in known)
    if printed:
        raise SetupError("cards", f"'{printed[0]}' is a card of the deck: an inline card takes an id of its own, "
                                  "so the printed card keeps its value")
    known.update({str(k): v for k, v in inline.items()})
    return known


def _one_deck(ids: list, context: dict, field: str) -> None:
    """Refuse cards dealt from both decks: the game is played with one ("put the other deck back in
    the box"), as the simulator deals."""
    deck_of = {card["id"]: colour for colour, cards in context.get("decks", {}).items() for card in cards}
    colours = {deck_of[str(i)]: str(i) for i in ids if str(i) in deck_of}
    if len(colours) > 1:
        named = ", ".join(f"{card} ({colour})" for colour, card in sorted(colours.items()))
        raise SetupError(field, f"cards from both decks, {named}: a game is played with one deck, the other "
                                "stays in the box")


def _cards(ids, known: dict, field: str, count: int):
    if not isinstance(ids, list) or len(ids) != count:
        raise SetupError(field, f"{ids!r}, where a list of {count} card ids belongs")
    try:
        return [card_from(str(i), known[str(i)]) if isinstance(known.get(str(i)), dict)
                else _unknown(str(i), known) for i in ids]
    except CardError as error:
        raise SetupError(field, str(error)) from None


def _unknown(card_id: str, known: dict):
    raise CardError(f"no card has the id '{card_id}' (define it under setup.cards, or use an id of the "
                    f"deck: {', '.join(sorted(known)) or 'none'})")


def _dealt_once(holders: list) -> None:
    """Refuse a deal that gives one card twice: `holders` is (field, where in it, who, card ids) in
    deal order."""
    seen = {}
    for field, at, who, ids in holders:
        for card_id in ids if isinstance(ids, list) else ():
            if str(card_id) in seen:
                raise SetupError(field, f"the card '{card_id}' is dealt twice, to {seen[str(card_id)]} and to "
                                        f"{who}: the deck holds one of each card", at)
            seen[str(card_id)] = who


def hand(setup, context):
    known = _known(setup, context)
    _dealt_once([("hand", (), "the hand", setup["hand"]), ("common", (), "the common cards", setup["common"])])
    _one_deck(list(setup["hand"]) + list(setup["common"]), context, "hand")
    combination = best_combination(_cards(setup["hand"], known, "hand", 2),
                                   _cards(setup["common"], known, "common", 2))
    return {"best": [c.id for c in combination.cards], "value": combination.value,
            "values": combination.values, "fortified": combination.fortified}


def _seat(index: int, player, known: dict, common):
    if not isinstance(player, dict) or not {"name", "tokens", "position"} <= set(player) \
            or set(player) - set(PLAYER_KEYS):
        raise SetupError("players", f"player {index + 1}: a mapping of {', '.join(PLAYER_KEYS)} "
                                    "(name, tokens and position required)", (index,))
    tokens = player["tokens"]
    if not isinstance(tokens, list) or not all(isinstance(t, int) and not isinstance(t, bool) for t in tokens):
        raise SetupError("players", f"{player['name']}: tokens are a list of whole numbers", (index,))
    position = player["position"]
    if not isinstance(position, int) or isinstance(position, bool) or not LOSING_SPACE < position < WINNING_SPACE:
        raise SetupError("players", f"{player['name']}: a round starts with every pawn on a space from "
                                    f"{LOSING_SPACE + 1} to {WINNING_SPACE - 1}, not {position!r}: on "
                                    f"{LOSING_SPACE} or from {WINNING_SPACE} the game ended with the last round "
                                    "(ruling W1)", (index,))
    out = bool(player.get("out", False))
    value = None
    if not out:
        if "hand" not in player:
            raise SetupError("players", f"{player['name']} is in play: give her hand", (index,))
        value = best_combination(_cards(player["hand"], known, "players", 2), common).value
    return Seat(str(player["name"]), tuple(tokens), position, out, value)


def round_(setup, context):
    known = _known(setup, context)
    players = setup["players"]
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise SetupError("players", f"a list of {MIN_PLAYERS} to {MAX_PLAYERS} players")
    common = _cards(setup["common"], known, "common", 2)
    _dealt_once([("common", (), "the common cards", setup["common"])]
                + [("players", (i, "hand"), p.get("name", f"player {i + 1}"), p.get("hand"))
                   for i, p in enumerate(players) if isinstance(p, dict)])
    _one_deck([*setup["common"], *(c for p in players if isinstance(p, dict) and isinstance(p.get("hand"), list)
                                   for c in p["hand"])], context, "players")
    seats = [_seat(i, p, known, common) for i, p in enumerate(players)]
    if len({s.name for s in seats}) != len(seats):
        raise SetupError("players", "each player needs a name of her own")
    try:
        end = resolve(seats)
    except RoundError as error:
        raise SetupError("players", str(error)) from None
    won = winners(end.positions)
    return {"values": {s.name: s.value for s in seats if s.value is not None},
            "best": list(end.best), "second": list(end.second), "moves": end.moves,
            "positions": end.positions, "alone": end.alone, "winner": won[0] if len(won) == 1 else None,
            "winners": won}


def tokens(setup, context):
    return tokens_for(setup["players"])


KINDS = {kind.name: kind for kind in (
    Kind("hand", "a hand's best combination and its value",
         (SetupField("hand", "strs", help="the 2 personal card ids"),
          SetupField("common", "strs", help="the 2 common card ids"), CARDS),
         ("best", "value", "values", "fortified"), hand),
    Kind("round", "a round's end: leaves, resolution, moves and the winner",
         (SetupField("players", "players", help="in turn order: {name, hand, tokens, position, out}"),
          SetupField("common", "strs", help="the 2 common card ids"), CARDS),
         ("values", "best", "second", "moves", "positions", "alone", "winner", "winners"), round_),
    Kind("tokens", "the betting tokens for a number of players",
         (SetupField("players", "int", low=MIN_PLAYERS, high=MAX_PLAYERS),), ("round", "square"), tokens),
)}
