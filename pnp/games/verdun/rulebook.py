"""What Verdun's rulebook and reference cards print from the engine (hand sizes, skulls, the
boxes' counts), and how a worked trick is drawn: the target, then each play with its card."""

from pnp.games.verdun.names import TACTICAL_TITLES, WEATHER_TITLES, card_id
from pnp.rules.verdun import components
from pnp.rules.verdun import deck as troop_deck
from pnp.rules.verdun.deck import HAND, PLAYERS, short_deck, standard_deck, tricks
from pnp.rules.verdun.score import SKULL_BANDS, SKULLS_SPECIAL, card_skulls
from pnp.rules.verdun.kinds import engine_plays
from pnp.rules.verdun.trick import AIR_STRIKE, CLEAR_SKIES_AIR_STRIKE, FLARE_BELOW, RAIN_CAP, standing


def reference_context(loaded: list) -> dict:
    """The numbers the reference cards and the rulebook print, from the engine."""
    hands = [{"mode": mode, "short": HAND[(mode, "short")], "standard": HAND[(mode, "standard")],
              "tricks_short": tricks(mode, "short"), "tricks_standard": tricks(mode, "standard")}
             for mode in PLAYERS]
    bands = [{"ranks": f"{low}–{high}", "skulls": count} for low, high, count in SKULL_BANDS]
    special = [{"card": name.title(), "skulls": count} for name, count in SKULLS_SPECIAL.items()]
    return {"hands": hands, "skull_bands": bands, "skull_special": special,
            "weather_deck": [{"kind": kind, "name": WEATHER_TITLES[kind], "copies": copies}
                             for kind, copies in components.WEATHER_DECK],
            "rules": {"AIR_STRIKE": AIR_STRIKE, "CLEAR_SKIES_AIR_STRIKE": CLEAR_SKIES_AIR_STRIKE,
                      "FLARE_BELOW": FLARE_BELOW, "RAIN_CAP": RAIN_CAP,
                      "TACTICAL_HAND_LIMIT": components.TACTICAL_HAND_LIMIT,
                      "FORTIFICATIONS": len(components.FORTIFICATIONS),
                      "FORTIFICATIONS_IN_PLAY": components.FORTIFICATIONS_IN_PLAY,
                      "WEATHER_CHANGES": components.WEATHER_CHANGES}}


def rulebook_context(loaded: list) -> dict:
    standard, short = standard_deck(), short_deck()
    nation = sum(1 for card in standard if card.startswith("F"))
    suit = {"nation": nation, "friendly": len(standard) - 2 * nation,
            "twice": f"{troop_deck.NUMBERS_TWICE[0]} to {troop_deck.NUMBERS_TWICE[-1]}",
            "copies_twice": troop_deck.COPIES_TWICE, "copies_thrice": troop_deck.COPIES_THRICE,
            "thrice": " and the ".join(map(str, troop_deck.NUMBERS_THRICE))}
    return {**reference_context(loaded),
            "decks": {"standard": len(standard), "short": len(short),
                      "standard_skulls": sum(map(card_skulls, standard)),
                      "short_skulls": sum(map(card_skulls, short))},
            "suit": suit, "assets_per_team": sum(components.ASSETS), "assets_count": len(components.ASSETS),
            "assets": [{"name": components.ASSET_NAMES[value], "value": value} for value in components.ASSETS],
            "fortifications": list(components.FORTIFICATIONS),
            "tactical_deck": [{"name": TACTICAL_TITLES[k], "copies": c} for k, c in components.TACTICAL_DECK]}


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
    stand = standing(engine_plays(setup["plays"]))
    plays = []
    for index, play in enumerate(setup["plays"]):
        tactical = play.get("tactical")
        struck = "cancelled" if tactical and index not in stand else ""
        if "card" not in play:
            plays.append({"deck": "tactical", "id": tactical, "label": f"{play['player']} ({play['team']})",
                          "note": f"answers at once{' · ' + struck if struck else ''}", "lost": False,
                          "tactical": None})
            continue
        card = str(play["card"])
        lost = card in result["casualties"].get("French", []) + result["casualties"].get("German", [])
        note = ", ".join(filter(None, (f"as {card.split(':')[1]}" if ":" in card else "",
                                       f"{TACTICAL_TITLES[tactical]} {struck}" if struck else "")))
        plays.append({"deck": "troops", "id": card_id(card), "label": f"{play['player']} ({play['team']})",
                      "note": note, "lost": lost,
                      "tactical": ({"deck": "mud-and-blood-weather-changes" if tactical == "weather_changes"
                                   else "tactical", "id": tactical} if tactical else None)})
    return [{"head": head, "plays": plays}]


SPECIAL_WORDS = {"G": "General", "S": "Spy", "C": "Chaplain", "R": "Reconnaissance"}   # a troop named, not ranked


def _cards(cards: list[str]) -> str:
    return ", ".join(cards) if cards else "none"


def _added(values: list[int]) -> str:
    """Values added up, as "5 + 3 = 8" (one value alone, none: 0)."""
    return f"{' + '.join(map(str, values))} = {sum(values)}" if len(values) > 1 else str(sum(values))


def _troop_word(card: str) -> str:
    """A casualty as the rulebook says it: its rank, or General 14, Spy, Chaplain, Reconnaissance."""
    rank, _, played = card.partition(":")
    return SPECIAL_WORDS[rank[1:]] + (f" {played}" if played else "") if rank[1:] in SPECIAL_WORDS else rank[1:]


def _score_words(setup: dict, result: dict) -> str:
    """Each part of a team's score, then the sum: the skulls are the engine's, a casualty's own."""
    taken, held, skulls = setup.get("captured", []), setup.get("assets_left", []), result["skulls"]
    worn = ", ".join(f"{_troop_word(card)} ({n})" for card, n in zip(setup.get("casualties", []), skulls))
    lost, s = sum(skulls), "" if sum(skulls) == 1 else "s"
    casualties = (f"Skulls on its casualties, {worn}: {lost} skull{s}, {lost} point{s} off." if worn
                  else "No casualties: no point off.")
    return (f"Enemy Assets in its score pile: {_added(taken)}. Its own Assets still hidden: {_added(held)}. "
            f"{casualties} {sum(taken)} + {sum(held)} − {lost}: the team scores {result['score']}.".replace("-", "−"))


def describe(kind: str, setup: dict, result: dict) -> str:
    if kind == "score":
        return _score_words(setup, result)
    if kind != "trick":
        return ""
    totals = result["totals"]
    people = {"French": "French", "German": "Germans"}
    attackers = people[setup["attackers"]]
    defenders = people["German" if setup["attackers"] == "French" else "French"]
    parts = result.get("parts") or {side: [total] for side, total in totals.items()}
    words = [f"French {_added(parts['French'])}, German {_added(parts['German'])}."]
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
    if result.get("cancelled"):
        words.append("Cancelled: " + ", ".join(f"{c['player']}'s {TACTICAL_TITLES[c['tactical']]}"
                                                for c in result["cancelled"]) + ".")
    award = result["tactical_award"]
    words.append(f"{' and '.join(award)} draw{'s' if len(award) == 1 else ''} a Tactical card." if award
                 else "Nobody survives to draw a Tactical card.")
    return " ".join(words)
