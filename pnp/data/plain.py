"""Validated cards as plain data, the form rules engines take."""


def as_plain(card) -> dict:
    """A card's fields as a dict; effect steps as `{"op": ..., **parameters}`."""
    data = card.model_dump()
    if hasattr(card, "effect"):
        data["effect"] = [{"op": step.op, **(step.model_extra or {})} for step in card.effect]
    return data
