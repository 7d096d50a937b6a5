"""Games: declared in card_data/GAME/game.yaml; engines' adapters are packages beside this file."""

import difflib

from pnp.data.game import Deck, Game
from pnp.errors import UsageError
from pnp.games.base import Adapter
from pnp.games.declaration import game_keys, load_declaration
from pnp.project import Project


def get_game(project: Project, key: str) -> Game:
    """The game declared as key in the project; the error names the bad key and the known ones."""
    keys = game_keys(project)
    if key not in keys:
        close = difflib.get_close_matches(key, keys, n=1)
        hint = f" Did you mean '{close[0]}'?" if close else ""
        known = ", ".join(keys) or "none yet (pnp new GAME makes one)"
        raise UsageError(f"unknown game '{key}': the games of {project.root} are {known}.{hint}")
    return load_declaration(project, key)


__all__ = ["Adapter", "Deck", "Game", "game_keys", "get_game"]
