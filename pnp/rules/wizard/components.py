"""The components the rulebook lists ("Components"), and the cards it names."""

RED_CARDS = 18            # "18 cards with a red back"
BLUE_CARDS = 18           # "18 cards with a blue back"
MAGE_PAWNS = 6
PLAYER_AIDS = 6           # "6 large Player Aid cards"
ROUND_TOKENS = 6          # "12 betting tokens: 6 round tokens
SQUARE_TOKENS = 6         #  and 6 square tokens"
FIRST_PLAYER_TOKENS = 1
# Powers each deck must carry, and how many cards have each ("Card Powers").
RED_POWERS = {"skeleton": 2, "harpy": 1, "witch": 1, "wave": 1, "demonist": 1}
BLUE_POWERS = {"dullahan": 1, "goblin_king": 1, "dragon": 1, "pyromancer": 1, "fortify": 1, "storm": 1, "lich": 1}
BLUE_TAGS = ("goblin", "flame")           # the Goblin King counts goblins, the Pyromancer Flames
