"""What Verso's rulebook prints from the engine: its numbers, the deck's balance, the solo ladder,
and the faces each worked example shows (the words are the layout's, in each language)."""

from pnp.games.verso.cards import engine_cards
from pnp.rules.verso import components
from pnp.rules.verso.deck import balance


def rulebook_context(loaded: list) -> dict:
    names = ("CARDS", "CARDS_PER_PLAYER", "SOLO_DECK", "SERIES_MIN", "SERIES_MAX", "SERIES_DISCARD",
             "SQUARE_CARDS", "SQUARE_PER_COLOUR", "SQUARE_POINTS", "JOKER_CARDS", "FACES_PER_COLOUR_VALUE")
    return {"rules": {name: getattr(components, name) for name in names},
            "ladder": [{"score": score, "key": key} for score, key in components.SOLO_LADDER],
            "balance": balance(engine_cards(loaded))}


def diagram(kind: str, setup: dict, result: dict) -> list[dict]:
    """Rows of faces for an example: `label` is a key the example layout puts in words."""
    if kind == "series":
        return [{"label": "series", "cards": setup["cards"]}, {"label": "discard", "cards": result.get("discard", [])}]
    if kind == "square":
        return [{"label": "table", "cards": setup["table"]}]
    if kind == "flip":
        return [{"label": "face", "cards": [setup["face"]]}, {"label": "back", "cards": [result["back"]]}]
    if kind in ("draw", "neighbour"):
        rows = [{"label": "table", "cards": setup["table"]}]
        if kind == "draw":
            rows.append({"label": "top", "cards": [setup["top"]]})
        rows.append({"label": "after", "cards": result["table"]})
        return rows
    if kind == "opponent":
        return [{"label": "table", "cards": setup["table"]},
                {"label": "top", "cards": [setup["top"], result["revealed"]]}]
    return []


def aids_context(loaded: list) -> dict:
    """What the player aids print: the rule numbers and the solo ladder."""
    context = rulebook_context(loaded)
    return {"rules": context["rules"], "ladder": context["ladder"]}
