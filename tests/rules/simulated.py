"""How many seeded games the simulator-legality tests play per mode.

Each test names its own default, sized so the suite stays within its time; `PNP_SIMULATED_GAMES=N`
plays N games (campaigns for Le Dernier Verset, rounds for Verdun) in every mode instead, for a
longer run before a release: `PNP_SIMULATED_GAMES=2000 .venv/bin/python -m pytest tests/rules -k legal`.
"""

import os


def games_per_mode(default: int) -> int:
    wanted = os.environ.get("PNP_SIMULATED_GAMES", "")
    return int(wanted) if wanted.isdigit() and int(wanted) > 0 else default
