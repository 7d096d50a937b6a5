"""One Last Fight's adapter: what only code can say about the game declared in
card_data/olf/game.yaml (component counts from the rulebook, the dice engine's example kinds,
the challenge deck's cards)."""

from pnp.data.located import Located
from pnp.data.plain import as_plain
from pnp.errors import Problem, UsageError
from pnp.games.base import Adapter, SimulationOption
from pnp.games.olf.cards import game_data
from pnp.games.olf.bands import BANDS_FILE, band_problems, read_bands
from pnp.games.olf.report import simulation_report
from pnp.games.olf.tuning import tune_report
from pnp.games.olf.rulebook import describe, diagram, rulebook_context
from pnp.games.olf.aid import PHASES as PHASE_DECKS, odds_context
from pnp.rules.olf import components
from pnp.rules.olf.components import ALL_YOU_VE_GOT
from pnp.rules.olf.effects import EffectError, parse
from pnp.rules.olf.kinds import KINDS
from pnp.rules.olf.simulate import simulate

COMPONENT_COUNTS = {
    "characters": (components.CHARACTERS, "CHARACTERS"), "nemeses": (components.NEMESES, "NEMESES"),
    "approach": (components.APPROACH_CHALLENGES, "APPROACH_CHALLENGES"),
    "lair": (components.LAIR_CHALLENGES, "LAIR_CHALLENGES"), "end": (components.END_CHALLENGES, "END_CHALLENGES"),
    "nemesis-challenges": (components.NEMESIS_CHALLENGE_CARDS, "NEMESIS_CHALLENGE_CARDS"),
    "moments": (components.MOMENTS, "MOMENTS"), "equipment": (components.STARTING_EQUIPMENT, "STARTING_EQUIPMENT"),
    "loot": (components.LOOT, "LOOT"), "references": (components.TURN_REFERENCES, "TURN_REFERENCES"),
    "slay-them": (components.SLAY_THEM, "SLAY_THEM"),
}


def _symbols_fields(prefixes: tuple[str, ...]):
    """A deck check: `all` (All You've Got) stands alone in a challenge's symbols, and a
    challenge has no more targets than the Challenge dice in the box."""
    def check(located: Located, cards: list) -> list[Problem]:
        problems = []
        for index, card in enumerate(cards):
            for prefix in prefixes:
                symbols = getattr(card, f"{prefix}symbols")
                targets = getattr(card, f"{prefix}targets")
                if ALL_YOU_VE_GOT in symbols and len(symbols) > 1:
                    problems.append(Problem(located.file, located.line_of((index, f"{prefix}symbols")),
                                            f"{prefix}symbols", "attribute symbols, or [all] alone (All You've Got)",
                                            str(symbols)))
                if len(targets) > components.CHALLENGE_DICE:
                    problems.append(Problem(located.file, located.line_of((index, f"{prefix}targets")),
                                            f"{prefix}targets", f"at most {components.CHALLENGE_DICE} targets "
                                            "(the Challenge dice in the box)", str(len(targets))))
        return problems
    return check


def _effects(fields: tuple[str, ...]):
    """A deck check: every result is written in the phrasing the engine reads (effects.py)."""
    def check(located: Located, cards: list) -> list[Problem]:
        problems = []
        for index, card in enumerate(cards):
            for name in fields:
                try:
                    parse(getattr(card, name))
                except EffectError as error:
                    problems.append(Problem(located.file, located.line_of((index, name)), name,
                                            "an effect the engine can play", str(error)))
        return problems
    return check


def simulator(loaded: list, games: int = 500, party: int = 3, nemesis: str | None = None, seed: int = 1,
              tune: bool = False, files: dict | None = None, progress=None) -> dict:
    data = game_data(loaded)
    ids = [n["id"] for n in data["nemeses"]]
    if nemesis is not None and nemesis not in ids:
        raise UsageError(f"--nemesis {nemesis}: the Nemeses are {', '.join(ids)}")
    if tune:
        return tune_report(data, _bands(files), [nemesis] if nemesis else [], games, progress)
    return simulate(data, party, [nemesis] if nemesis else [], games, seed, progress)


def _bands(files: dict | None):
    located = (files or {}).get(BANDS_FILE)
    if located is None:
        raise UsageError(f"--tune needs card_data/olf/{BANDS_FILE}, the band each skull count must meet "
                         "(docs/simulating.md shows one)")
    return read_bands(located)


def rules_context(loaded: list) -> dict:
    """The phases' challenge cards and the moments, by id, for the deck builder; each Nemesis's
    ability and three Nemesis Challenges, and Slay Them!, for examples that name them."""
    decks = {d.deck.key: [card.id for card in d.cards] for d in loaded}
    cards = {d.deck.key: [as_plain(card) for card in d.cards] for d in loaded}
    nemeses = {n["id"]: {"ability": n["ability_name"],
                         **{phase: {key: n[f"{phase}_{key}"] for key in ("mode", "symbols", "targets")}
                            for phase in PHASE_DECKS if phase != "slay-them"}}
               for n in cards.get("nemeses", [])}
    slay = next(iter(cards.get("slay-them", [])), None)
    return {"challenges": {phase: decks.get(phase, []) for phase in PHASE_DECKS},
            "moments": decks.get("moments", []), "nemeses": nemeses,
            **({"slay_them": {key: slay[key] for key in ("mode", "symbols")}} if slay else {})}


ADAPTER = Adapter(
    component_counts=COMPONENT_COUNTS,
    deck_checks_by_key={**{key: (_symbols_fields(("",)), _effects(("success", "defeat")))
                           for key in (*PHASE_DECKS, "slay-them")},
                        "nemeses": (_symbols_fields(("approach_", "lair_", "end_")),
                                    _effects(tuple(f"{p}_{r}" for p in ("approach", "lair", "end")
                                                   for r in ("success", "defeat")))),
                        "moments": (_effects(("outcome",)),)},
    kinds=KINDS,
    rules_context=rules_context,
    deck_context=odds_context,
    rulebook_context=rulebook_context,
    describe_example=describe,
    example_cards=diagram,
    simulator=simulator,
    simulation_options=(
        SimulationOption("games", "olf: how many games to play against each Nemesis (default 500).", int, 500,
                         low=1, high=1_000_000, runs=True),
        SimulationOption("party", f"olf: how many characters, 1 to {components.CHARACTERS} (default 3).", int, 3,
                         low=1, high=components.CHARACTERS),
        SimulationOption("nemesis", "olf: one Nemesis by id (default: each in turn).", str, None),
        SimulationOption("tune", f"olf: search each Nemesis Challenge's targets for the band its skulls declare "
                         f"(card_data/olf/{BANDS_FILE}, its games and seed) and write them to nemeses.yaml.", bool, None),
    ),
    simulation_files=(BANDS_FILE,),
    file_checks=((BANDS_FILE, band_problems),),
    simulation_report=simulation_report,
)
