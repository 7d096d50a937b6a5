"""The betting tokens by number of players (the rulebook's setup table)."""

MIN_PLAYERS, MAX_PLAYERS = 3, 6
LOSS_TOKEN = -1           # the square token that costs a point even to its holder
ROUND_TOKENS = {3: (2, 3, 4), 4: (2, 3, 3, 4), 5: (2, 2, 3, 3, 4), 6: (2, 2, 3, 3, 4, 4)}
SQUARE_TOKENS = {3: (-1, 2, 4), 4: (-1, 2, 3, 4), 5: (-1, 2, 3, 3, 4), 6: (-1, 2, 3, 3, 4, 5)}


def tokens_for(players: int) -> dict:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"The Last Wizard is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    return {"round": list(ROUND_TOKENS[players]), "square": list(SQUARE_TOKENS[players])}
