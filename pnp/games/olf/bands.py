"""card_data/olf/difficulty.yaml read into the tuner's bands (pnp/rules/olf/tune.py), each
problem named at its line."""

from pnp.data.located import Located
from pnp.errors import DataError, Problem
from pnp.rules.olf.components import CHALLENGE_DICE, CHARACTERS, DIE_SIDES
from pnp.rules.olf.tune import Band, Bands

BANDS_FILE = "difficulty.yaml"
MOST_GAMES = 5_000                  # a measure plays games x party sizes, up to 13 measures a Nemesis
BAND_KEYS = ("challenge", "won")


class _Reader:
    def __init__(self, located: Located):
        self.located, self.problems = located, []

    def fail(self, path: tuple, expected: str, found="", fix: str = ""):
        self.problems.append(Problem(self.located.file, self.located.line_of(path), ".".join(map(str, path)) or "(top)",
                                     expected, "" if found == "" else repr(found), fix))

    def section(self, name: str) -> dict:
        value = (self.located.data or {}).get(name) if isinstance(self.located.data, dict) else None
        if not isinstance(value, dict):
            self.fail((name,), f"a `{name}:` section (docs/simulating.md)", value if value is not None else "")
            return {}
        return value

    def whole(self, path: tuple, value, low: int, high: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.fail(path, f"a whole number from {low} to {high}", value)
            return low
        return value

    def band(self, path: tuple, value) -> Band:
        if (not isinstance(value, list) or len(value) != 2
                or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1 for v in value)
                or value[0] > value[1]):
            self.fail(path, "[lowest, highest], two shares from 0 to 1, lowest first", value)
            return Band(0.0, 1.0)
        return Band(float(value[0]), float(value[1]))


def band_problems(located: Located, loaded: list) -> list[Problem]:
    """`pnp check`: the band file as `--tune` reads it, and each Nemesis Challenge inside the
    challenge band of its Nemesis's skulls (exact, so checked at once; the won band needs the
    simulation, `pnp simulate olf --tune`). A problem is named at the card's line."""
    from pnp.games.olf.cards import game_data
    from pnp.rules.olf.tune import challenge_shares, phase_means

    bands = read_bands(located)
    nemeses = next((d for d in loaded if d.deck.key == "nemeses"), None)
    if nemeses is None:
        return []
    data = game_data(loaded)
    means = phase_means(data)
    problems = []
    for index, nemesis in enumerate(data["nemeses"]):
        skulls = nemesis["skulls"]
        if skulls not in bands.challenge:
            problems.append(Problem(nemeses.located.file, nemeses.located.line_of((index, "skulls")), "skulls",
                                    f"a skull count {located.file} has bands for "
                                    f"({', '.join(map(str, sorted(bands.challenge)))})", str(skulls),
                                    f"Add `{skulls}:` under `skulls:` in {located.file}"))
            continue
        band = bands.challenge[skulls]
        for phase, share in challenge_shares(data, nemesis, means).items():
            if not band.holds(share):
                problems.append(Problem(
                    nemeses.located.file, nemeses.located.line_of((index, f"{phase}_targets")), f"{phase}_targets",
                    f"{nemesis['name']}'s {phase.title()} Nemesis Challenge inside the {skulls}-skull challenge band, "
                    f"{band.low:.2f} to {band.high:.2f} of its phase's chance ({located.file})", f"{share:.2f}",
                    "Run `pnp simulate olf --tune` to choose its targets, or change the band"))
    return problems


def read_bands(located: Located) -> Bands:
    """The bands, or a DataError naming every bad line."""
    reader = _Reader(located)
    measure, search, skulls = reader.section("measure"), reader.section("search"), reader.section("skulls")
    parties = measure.get("parties")
    if (not isinstance(parties, list) or not parties
            or not all(isinstance(p, int) and not isinstance(p, bool) and 1 <= p <= CHARACTERS for p in parties)):
        reader.fail(("measure", "parties"), f"a list of party sizes from 1 to {CHARACTERS}", parties)
        parties = [1]
    games = reader.whole(("measure", "games"), measure.get("games"), 1, MOST_GAMES)
    seed = reader.whole(("measure", "seed"), measure.get("seed"), 0, 2**31)
    lowest = reader.whole(("search", "lowest_target"), search.get("lowest_target"), 1, DIE_SIDES)
    highest = reader.whole(("search", "highest_target"), search.get("highest_target"), lowest, DIE_SIDES)
    most = reader.whole(("search", "most_targets"), search.get("most_targets"), 1, CHALLENGE_DICE)
    bands: dict = {key: {} for key in BAND_KEYS}
    for count, entry in skulls.items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            reader.fail(("skulls", count), "a skull count written as a number from 1 (`1:`, not `\"1\":`)", count)
            continue
        if not isinstance(entry, dict) or set(entry) != set(BAND_KEYS):
            reader.fail(("skulls", count), f"the bands of {count} skull{'s' * (count > 1)}: "
                                           "{challenge: [low, high], won: [low, high]}", entry)
            continue
        for key in BAND_KEYS:
            bands[key][count] = reader.band(("skulls", count, key), entry.get(key))
    if reader.problems:
        raise DataError(reader.problems)
    return Bands(bands["challenge"], bands["won"], tuple(parties), games, seed, lowest, highest, most)
