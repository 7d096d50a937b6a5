"""A hand's value: the best combination of up to 3 of the 4 cards a player can use.

Any 3 of the 2 personal and 2 common cards are 2 + 1 or 1 + 2, so a combination is any set of
at most COMBINATION_SIZE of the 4 cards that obeys the spell rules: a spell needs a caster in
the combination; the combination holds at most one spell, or two different spells when the
Demonist or the Lich is in it (ruling W2). A spell that cannot be cast is simply left out, so
a combination may hold fewer than 3 cards (the rulebook's example 2). Each card adds its value
and applies its power; Fortify triples a creature's base value before bonuses.
"""

from dataclasses import dataclass
from itertools import combinations

from pnp.rules.wizard.cards import CASTER, CREATURE, FLAME, GOBLIN, SPELL, Card

COMBINATION_SIZE = 3
SPELLS_PER_COMBINATION = 1
SPELLS_WITH_TWO_SPELL_CASTER = 2         # the Demonist (red) and the Lich (blue)
TWO_SPELL_CASTERS = ("demonist", "lich")
SKELETON_PAIR = 2
SKELETON_BONUS = 3
HARPY_CREATURES = 2
HARPY_BONUS = 5
WITCH_BONUS = 3
WAVE_BONUS = 2
DULLAHAN_BONUS = 2
GOBLIN_KING_BONUS = 6                   # for each goblin in the combination
DRAGON_BONUS = 2
PYROMANCER_BONUS = 4
FORTIFY_MULTIPLIER = 3
STORM_CASTERS = 2
STORM_BONUS = 5


@dataclass(frozen=True)
class Combination:
    cards: tuple            # the cards that count, in the order they were given
    value: int
    values: dict            # card id -> its value in this combination
    fortified: str | None   # the creature Fortify tripled


def spells_allowed(cards) -> int:
    if not any(c.type == CASTER for c in cards):
        return 0
    if any(c.type == CASTER and c.power in TWO_SPELL_CASTERS for c in cards):
        return SPELLS_WITH_TWO_SPELL_CASTER
    return SPELLS_PER_COMBINATION


def is_legal(cards) -> bool:
    return len(cards) <= COMBINATION_SIZE and sum(c.type == SPELL for c in cards) <= spells_allowed(cards)


def _bonus(card: Card, cards) -> int:
    others = [c for c in cards if c is not card]
    creatures = sum(c.type == CREATURE for c in others)
    power = card.power
    if power == "skeleton":
        return SKELETON_BONUS if sum(c.power == "skeleton" for c in cards) >= SKELETON_PAIR else 0
    if power == "harpy":
        return HARPY_BONUS if creatures >= HARPY_CREATURES else 0
    if power == "witch":
        return WITCH_BONUS if creatures >= 1 else 0
    if power == "wave":
        return WAVE_BONUS if creatures >= 1 else 0
    if power == "dullahan":
        return DULLAHAN_BONUS if any(c.type == SPELL for c in others) else 0
    if power == "goblin_king":
        return GOBLIN_KING_BONUS * sum(GOBLIN in c.tags for c in others)
    if power == "dragon":
        return DRAGON_BONUS if any(c.type == CASTER for c in others) else 0
    if power == "pyromancer":
        return PYROMANCER_BONUS if any(FLAME in c.tags for c in others) else 0
    if power == "storm":
        return STORM_BONUS if sum(c.type == CASTER for c in others) >= STORM_CASTERS else 0
    return 0


def value_of(cards) -> Combination:
    """The value of a legal combination, Fortify aimed at the creature it helps most."""
    cards = tuple(cards)
    fortifies = [c for c in cards if c.power == "fortify"]
    targets = [None] + ([c for c in cards if c.type == CREATURE] if fortifies else [])
    best = None
    for target in targets:
        values = {}
        for card in cards:
            base = card.value * (FORTIFY_MULTIPLIER if card is target else 1)
            values[card.id] = base + _bonus(card, cards)
        total = sum(values.values())
        if best is None or total > best.value:
            best = Combination(cards, total, values, target.id if target else None)
    return best


def best_combination(hand, common) -> Combination:
    """The most valuable legal combination of the 2 personal and 2 common cards. Ties go to
    the combination of more cards, then to the one earliest in hand-then-common order."""
    available = tuple(hand) + tuple(common)
    best, best_key = None, None
    for size in range(COMBINATION_SIZE, -1, -1):
        for picked in combinations(range(len(available)), size):
            cards = [available[i] for i in picked]
            if not is_legal(cards):
                continue
            combination = value_of(cards)
            key = (combination.value, size, tuple(-i for i in picked))
            if best_key is None or key > best_key:
                best, best_key = combination, key
    return best
