"""The six Nemesis abilities: each changes the rules for the whole game (source: "Nemesis
Abilities"). The card data names a Nemesis's ability by `ability_name`; this module is what each
name does. Rulings O7 and O10 settle what the cards leave open."""

from pnp.rules.olf.components import DIE_SIDES

BOUND = "Bound"
UNDERTOW = "Undertow"
TITHE = "Tithe"
CONTAGION = "Contagion"
PRECISION = "Precision"
SEARING_BREATH = "Searing Breath"
NEMESIS_ABILITIES = (BOUND, UNDERTOW, TITHE, CONTAGION, PRECISION, SEARING_BREATH)

BOUND_PHASES = ("end", "slay")      # End (III), whose last card is Slay Them! (O7)
BOUND_SYMBOL = "key"                # a Key printed on the card; All You've Got shows no symbol (O7)
BOUND_TARGET = 4                    # the extra success Bound asks for
PRECISION_STEP = 1                  # the lowest target rises by this much, to 6 at most
PRECISION_MIN_TARGETS = 2           # ... on a Challenge with at least this many targets
CONTAGION_STEP = 1                  # the next hero's first target rises by this much, to 6 at most
UNDERTOW_DICE = 1                   # dice fewer for the next hero
MIN_POOL = 1                        # Undertow leaves at least one die
TITHE_SOUL = 1                      # Soul fewer on each gain, to none at least
SEARING_PHASES = ("lair", "end")    # the phases whose start burns every hero
SEARING_HEART = 1


class NemesisError(ValueError):
    pass


def known(ability: str) -> str:
    if ability not in NEMESIS_ABILITIES:
        raise NemesisError(f"unknown Nemesis ability {ability!r}: the engine plays {', '.join(NEMESIS_ABILITIES)}")
    return ability


def challenge_targets(ability: str, phase: str, symbols: list[str], targets: list[int],
                      follows_failure: bool = False) -> list[int]:
    """The targets a hero must meet once the Nemesis has had its say. `phase` is approach, lair,
    end or slay; `follows_failure`: in a Party Challenge, the hero before this one failed."""
    known(ability)
    result = list(targets)
    if ability == BOUND and phase in BOUND_PHASES and BOUND_SYMBOL in symbols:
        result = sorted(result + [BOUND_TARGET], reverse=True)    # printed highest first
    if ability == PRECISION and len(result) >= PRECISION_MIN_TARGETS:
        low = result.index(min(result))
        result[low] = min(DIE_SIDES, result[low] + PRECISION_STEP)
    if ability == CONTAGION and follows_failure and result:
        result[0] = min(DIE_SIDES, result[0] + CONTAGION_STEP)
    return result


def pool_after(ability: str, dice: int, follows_heart_loss: bool = False) -> int:
    """The dice a hero rolls: Undertow takes one when the hero before lost Heart in this Party
    Challenge, never the last."""
    known(ability)
    if ability == UNDERTOW and follows_heart_loss:
        return max(MIN_POOL, dice - UNDERTOW_DICE)
    return dice


def soul_gained(ability: str, amount: int) -> int:
    """Soul a hero actually gains from a gain of `amount` (Tithe takes one from each gain)."""
    known(ability)
    if ability == TITHE and amount > 0:
        return max(0, amount - TITHE_SOUL)
    return amount


def phase_start_heart(ability: str, phase: str) -> int:
    """Heart every living hero loses as `phase` begins (Searing Breath)."""
    known(ability)
    return SEARING_HEART if ability == SEARING_BREATH and phase in SEARING_PHASES else 0


def changes_odds_after(ability: str) -> str | None:
    """What in a Party Challenge changes the next hero's odds: "failure", "heart_loss" or None."""
    return {CONTAGION: "failure", UNDERTOW: "heart_loss"}.get(known(ability))
