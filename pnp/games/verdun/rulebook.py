"""What Verdun's rulebook and reference cards print from the engine (hand sizes, skulls, the
boxes' counts), and how a worked trick is drawn: the target, then each play with its card."""

from pnp.rules.verdun import components
from pnp.rules.verdun.cards import troop
from pnp.rules.verdun.deck import HAND, PLAYERS, short_deck, standard_deck
from pnp.rules.verdun.score import SKULL_BANDS, SKULLS_SPECIAL, skulls
from pnp.rules.verdun.trick import AIR_STRIKE, CLEAR_SKIES_AIR_STRIKE, FLARE_BELOW, RAIN_CAP

DECK_IDS = {"F": "french", "G": "german", "X": "friendly"}
WEATHER_TITLES = {"fog": "Fog", "clear_skies": "Clear Skies", "flare": "Flare at Night",
                  "good_weather": "Good Weather", "rain": "Rain", "sniper": "Sniper"}
TACTICAL_TITLES = {"decoy": "Decoy", "mustard_gas": "Mustard Gas", "air_strike": "Air Strike",
                   "artillery": "Artillery", "stratagem": "Stratagem", "weather_changes": "Weather Changes"}


def _skulls_in(deck: list[str]) -> int:
    return sum(skulls(troop(card + (":14" if card.endswith("G") and len(card) == 2 else ""))) for card in deck)


def reference_context(loaded: list) -> dict:
    hands = [{"mode": mode, "short": HAND[(mode, "short")], "standard": HAND[(mode, "standard")],
              "tricks_short": len(short_deck()) // 4 if mode == "1v1" else HAND[(mode, "short")],
              "tricks_standard": len(standard_deck()) // 4 if mode == "1v1" else HAND[(mode, "standard")]}
             for mode in PLAYERS]
    bands = [{"ranks": f"{low}-{high}", "skulls": count} for low, high, count in SKULL_BANDS]
    special = [{"card": name.title(), "skulls": count} for name, count in SKULLS_SPECIAL.items()]
    return {"hands": hands, "skull_bands": bands, "skull_special": special,
            "rules": {"AIR_STRIKE": AIR_STRIKE, "CLEAR_SKIES_AIR_STRIKE": CLEAR_SKIES_AIR_STRIKE,
                      "FLARE_BELOW": FLARE_BELOW, "RAIN_CAP": RAIN_CAP,
                      "TACTICAL_HAND_LIMIT": components.TACTICAL_HAND_LIMIT,
                      "FORTIFICATIONS_IN_PLAY": components.FORTIFICATIONS_IN_PLAY}}


def rulebook_context(loaded: list) -> dict:
    assets = sum(components.ASSETS)
    return {**reference_context(loaded),
            "decks": {"standard": len(standard_deck()), "short": len(short_deck()),
                      "standard_skulls": _skulls_in(standard_deck()), "short_skulls": _skulls_in(short_deck())},
            "assets_per_team": assets, "fortifications": list(components.FORTIFICATIONS),
            "tactical_deck": [{"name": TACTICAL_TITLES[k], "copies": c} for k, c in components.TACTICAL_DECK],
            "weather_deck": [{"name": WEATHER_TITLES[k], "copies": c} for k, c in components.WEATHER_DECK]}


def card_id(text: str) -> str:
    """The troop deck's id of a card written as the engine writes it: F6 -> french-6."""
    text = text.split(":")[0]
    return f"{DECK_IDS[text[0]]}-{text[1:]}"


def diagram(kind: str, setup: dict, result: dict) -> list[dict]:
    """The trick as cards: the target's Fortification, the weather, then each play in order."""
    if kind != "trick":
        return []
    defenders = "german" if setup["attackers"] == "French" else "french"
    target = setup["target"]
    head = [{"deck": "fortifications", "id": f"{defenders}-{target['fortification']}",
             "label": "Target", "note": "face up" if target.get("revealed") else "face down"}]
    if setup.get("weather"):
        head.append({"deck": "mud-and-blood-weather", "id": setup["weather"], "label": "Weather", "note": ""})
    plays = []
    for play in setup["plays"]:
        card = str(play["card"])
        lost = card in result["casualties"].get("French", []) + result["casualties"].get("German", [])
        note = card.split(":")[1] if ":" in card else ""
        plays.append({"deck": "troops", "id": card_id(card), "label": f"{play['player']} ({play['team']})",
                      "note": ("as " + note if note else "") , "lost": lost,
                      "tactical": ({"deck": "mud-and-blood-weather-changes" if play["tactical"] == "weather_changes"
                                   else "tactical", "id": play["tactical"]} if play.get("tactical") else None)})
    return [{"head": head, "plays": plays}]


def _cards(cards: list[str]) -> str:
    return ", ".join(cards) if cards else "none"


def describe(kind: str, setup: dict, result: dict) -> str:
    if kind == "score":
        return f"The team scores {result['score']}."
    if kind != "trick":
        return ""
    totals = result["totals"]
    people = {"French": "French", "German": "Germans"}
    attackers = people[setup["attackers"]]
    defenders = people["German" if setup["attackers"] == "French" else "French"]
    words = [f"French {totals['French']}, German {totals['German']}."]
    if result["fortification_revealed"]:
        words.append(f"The Fortification is turned up: {setup['target']['fortification']} more for the {defenders}.")
    if result["overrun"]:
        words.append(f"The {attackers} overrun it" + (f" and take the Asset worth {result['captured']}."
                                                      if result["captured"] is not None else "."))
    else:
        words.append(f"The {defenders} hold.")
    casualties = result["casualties"]
    words.append(f"Casualties: French {_cards(casualties.get('French', []))}; "
                 f"German {_cards(casualties.get('German', []))}.")
    award = result["tactical_award"]
    words.append(f"{' and '.join(award)} draw{'s' if len(award) == 1 else ''} a Tactical card." if award
                 else "Nobody survives to draw a Tactical card.")
    return " ".join(words)
