"""The components the rulebook counts ("1) The Game Components", the variants' sets).

game.yaml declares each deck's count; the adapter checks the declaration against these.
"""

PLAYING_CARDS = 52          # "A deck of 52 playing cards"
VERSES = 20                 # "The 20 Verse cards"
ABILITIES = 16              # "The special abilities: 16 cards to print"
BAR_DRINKS = 6              # "Three sets of 6 cards": the Bar,
ORGAN_TUNES = 6             # the Cursed Organ
SHADOW_SPECTATORS = 6       # and the Shadow Spectators
GLASS_OF_FORGIVENESS = 1    # "this special card"
FORGIVENESS_LIQUEUR = "forgiveness-liqueur"   # named by the Glass of Forgiveness section
THREE_HEADED_WOLF = "three-headed-wolf"       # named by Step 2
