"""Verso's numbers, as the source rulebook gives them."""

COLOURS = ("blue", "green", "orange")
VALUES = (1, 2, 3, 4, 5, 6)
JOKER = "*"
POINTS = (1, 3)                 # a face's victory points; a card's two faces carry one of each
CARDS = 90                      # 90 cards, 180 faces
CARDS_PER_PLAYER = 15           # the draw pile: 15 cards per player
MAX_PLAYERS = CARDS // CARDS_PER_PLAYER   # 6: the box holds a pile for six
PLAYER_AIDS = MAX_PLAYERS       # ours: one aid per player
SOLO_DECK = 35                  # the solo draw pile
SERIES_MIN, SERIES_MAX = 2, 6   # a series: 2 to 6 cards of one colour in a row
SERIES_DISCARD = 2              # the two largest cards of a series are thrown away
SQUARE_CARDS = 9                # the square figure: 9 cards on the table,
SQUARE_PER_COLOUR = 3           # 3 of each colour,
SQUARE_POINTS = 7               # scoring 7 at once
SOLO_LADDER = (                 # solo: a score at least this high earns the words
    (60, "legend"), (55, "pro"), (50, "model"), (45, "talent"), (40, "nice"), (35, "average"),
)

# Our deck (ruling V1): the jokers, and how many of each face.
JOKER_CARDS = 9                 # 9 cards are jokers on both faces: 18 joker faces, 6 per colour
FACES_PER_COLOUR_VALUE = 9      # each colour has each value 1-6 on 9 faces
