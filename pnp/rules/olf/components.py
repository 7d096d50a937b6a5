"""One Last Fight's numbers, as the source rulebook gives them."""

ATTRIBUTES = ("crown", "key", "magic", "shield", "sword")
ALL_YOU_VE_GOT = "all"          # a challenge that counts every attribute symbol
DIE_SIDES = 6
BASE_DICE = 1                   # a pool is one die plus one per matching symbol
CHALLENGE_DICE = 8              # the Challenge dice in the box
MAX_POWER = 5                   # "You may never have more than five Power"
SOUL_PER_POWER = 3              # three Soul buy one Power before a challenge

# Starting resources and equipment by the number of characters (the source's table):
# (fewest characters, heart, power, soul, starting equipment cards)
STARTING = ((1, 5, 3, 0, 2), (2, 4, 3, 0, 1), (4, 3, 3, 0, 1))

# The challenge deck, top phase first: (phase, challenge cards, nemesis challenge, moments)
PHASES = (("approach", 8, 1, 1), ("lair", 10, 1, 1), ("end", 5, 1, 0))
SLAY_THEM = 1                   # the Slay Them! card at the bottom
DECK_SIZE = 29                  # "The deck should contain 29 cards in total"

CHARACTERS = 6
STARTING_EQUIPMENT = 8
LOOT = 12
TURN_REFERENCES = 4
NEMESES = 6
NEMESIS_CHALLENGE_CARDS = 3
MOMENTS = 12
APPROACH_CHALLENGES = 16
LAIR_CHALLENGES = 15
END_CHALLENGES = 10
