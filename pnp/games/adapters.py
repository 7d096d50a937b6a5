"""Rules-engine adapters: each package under pnp/games/ that defines ADAPTER is one.

A game names its adapter in game.yaml (`engine: verset`); nothing else registers it, so a
new game with rules adds its package and touches no shared code.
"""

import importlib
import pkgutil
from functools import cache
from pathlib import Path

GAMES_FOLDER = Path(__file__).parent      # pnp/games/: the adapters are its packages


@cache
def adapter_names() -> tuple[str, ...]:
    return tuple(sorted(info.name for info in pkgutil.iter_modules([str(GAMES_FOLDER)]) if info.ispkg))


def adapter_for(name: str):
    """The ADAPTER of the package pnp.games.NAME, or None when there is no such adapter."""
    if name not in adapter_names():
        return None
    return getattr(importlib.import_module(f"pnp.games.{name}"), "ADAPTER", None)
