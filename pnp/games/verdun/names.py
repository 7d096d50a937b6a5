"""How Verdun's card data names what the engine writes: suits as engine letters, troop ids,
and the titles of tactical and weather cards."""

SUIT_LETTERS = {"french": "F", "german": "G", "friendly": "X"}
SUITS = {letter: suit for suit, letter in SUIT_LETTERS.items()}
TACTICAL_TITLES = {"decoy": "Decoy", "mustard_gas": "Mustard Gas", "air_strike": "Air Strike",
                   "artillery": "Artillery", "stratagem": "Stratagem", "weather_changes": "Weather Changes"}
WEATHER_TITLES = {"fog": "Fog", "clear_skies": "Clear Skies", "flare": "Flare at Night",
                  "good_weather": "Good Weather", "rain": "Rain", "sniper": "Sniper"}


def engine_card(card) -> str:
    """A troop card of troops.csv as the engine writes it: F6, GG, XR."""
    return SUIT_LETTERS[card.suit] + card.rank


def card_id(text: str) -> str:
    """The troop deck's id of a card as the engine writes it: F6 -> french-6, FG:14 -> french-G."""
    text = text.split(":")[0]
    return f"{SUITS[text[0]]}-{text[1:]}"
