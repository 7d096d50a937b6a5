"""The registry of games. Adding a game is a module beside this one and one entry here."""

from pnp.errors import UsageError
from pnp.games.base import Deck, Game
from pnp.games.verset import VERSET

GAMES: dict[str, Game] = {game.key: game for game in (VERSET,)}


def get_game(key: str) -> Game:
    """The game registered as key; the error names the bad key and the known ones."""
    try:
        return GAMES[key]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise UsageError(f"unknown game '{key}': the games are {known}") from None


__all__ = ["GAMES", "Deck", "Game", "get_game"]
