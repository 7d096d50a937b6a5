"""The box's counts, from the source's contents list (10 Assets, not the 12 it counts)."""

FORTIFICATIONS = (0, 2, 3, 4, 5, 7)            # each team's six tiles
FORTIFICATIONS_IN_PLAY = 5                     # one set aside unseen each round
ASSETS = (7, 5, 3, 1, 1)                       # each team's five (10 cards, not the 12 the source counts)
ASSET_NAMES = {7: "Freedom and Peace", 5: "Important Site", 3: "Prisoner of War", 1: "Civilian"}
TEAMS = ("French", "German")
TACTICAL_DECK = (("decoy", 3), ("mustard_gas", 3), ("air_strike", 3), ("artillery", 3), ("stratagem", 4))
TACTICAL_CARDS = sum(copies for _, copies in TACTICAL_DECK)
TACTICAL_HAND_LIMIT = 2
TACTICAL_REFERENCES = 4
REFERENCES = 4
# Mud and Blood
WEATHER_DECK = (("fog", 3), ("clear_skies", 2), ("flare", 2), ("good_weather", 6), ("rain", 3), ("sniper", 2))
WEATHER_CARDS = sum(copies for _, copies in WEATHER_DECK)
WEATHER_CHANGES = 2                            # tactical cards, shuffled in only with the module
MUD_AND_BLOOD_REFERENCES = 4
