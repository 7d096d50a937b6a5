"""Each piece its own picture: an icon one card of a game prints is printed by no other card of
the game (of any deck), unless the fields of every card that prints it declare why they share
one (`shared:` in game.yaml: a suit's pip, a side's emblem). Copies of one card are one card. What the check cannot
see: a picture a layout picks itself (an emblem drawn by the template for every card of a side)."""

from pnp.errors import Problem

NAMED_OTHERS = 3            # other cards named in a problem; the rest are counted


def shared_picture_problems(loaded: list) -> list[Problem]:
    users: dict = {}                    # icon -> [(deck, card index, field)], one per card
    for loaded_deck in loaded:
        seen_ids = set()
        for index, card in enumerate(loaded_deck.cards):
            if card.id in seen_ids:     # a copy of a card already counted
                continue
            seen_ids.add(card.id)
            for field in type(card).ICON_FIELDS:
                name = getattr(card, field, None)
                if name:
                    users.setdefault(name, []).append((loaded_deck, index, field))
    problems = []
    for name, uses in users.items():
        def own_field(use):
            deck, _, field = use
            return field in type(deck.cards[0]).SHARED_PICTURES
        if len(uses) < 2 or all(own_field(use) for use in uses):
            continue
        for position, (deck, index, field) in enumerate(uses[1:], 1):
            others = [_card_named(use) for use in uses if use is not uses[position]]
            more = f" and {len(others) - NAMED_OTHERS} more" if len(others) > NAMED_OTHERS else ""
            located = deck.located
            problems.append(Problem(located.file, located.line_of((index, field)), located.field_name((index, field)),
                                    "a picture no other card of the game prints",
                                    f"'{name}', which {', '.join(others[:NAMED_OTHERS])}{more} also print",
                                    "Give this card a picture of its own (an icon of layouts/icons/), or, when "
                                    f"the cards share it on purpose, say why on the field in game.yaml: "
                                    f"`{field}: {{type: icon, shared: \"one pip for the suit\"}}`"))
    return problems


def _card_named(use) -> str:
    deck, index, _ = use
    return f"{deck.deck.title} '{deck.cards[index].id}'"
