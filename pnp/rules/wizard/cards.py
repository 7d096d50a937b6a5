"""The Last Wizard's cards as the engine sees them: a type, a value, maybe a power and tags.

Cards come in as plain dicts (`{"id", "type", "value", "power"?, "tags"?}`), from the card
data or defined inline in a worked example.
"""

from dataclasses import dataclass, field

CASTER, SPELL, CREATURE = "caster", "spell", "creature"
TYPES = (CASTER, SPELL, CREATURE)
POWERS = ("skeleton", "harpy", "witch", "wave", "dullahan", "goblin_king", "dragon", "pyromancer",
          "fortify", "storm", "demonist", "lich")
# The type each power belongs to (ruling W5): the rulebook names the Demonist and the Lich
# spell casters and Fortify, Storm and Wave spells; the rest are ours to place.
POWER_TYPES = {"skeleton": CREATURE, "harpy": CREATURE, "witch": CASTER, "wave": SPELL,
               "dullahan": CREATURE, "goblin_king": CREATURE, "dragon": CREATURE, "pyromancer": CASTER,
               "fortify": SPELL, "storm": SPELL, "demonist": CASTER, "lich": CASTER}
GOBLIN, FLAME = "goblin", "flame"          # the tags the Goblin King and the Pyromancer count
TAGS = (GOBLIN, FLAME)


class CardError(ValueError):
    """A card the engine cannot read."""


@dataclass(frozen=True)
class Card:
    id: str
    type: str
    value: int
    power: str | None = None
    tags: frozenset = field(default_factory=frozenset)


def card_from(card_id: str, data: dict) -> Card:
    kind, value, power = data.get("type"), data.get("value"), data.get("power")
    if kind not in TYPES:
        raise CardError(f"card {card_id}: a type is one of {', '.join(TYPES)}, not {kind!r}")
    if not isinstance(value, int) or isinstance(value, bool):
        raise CardError(f"card {card_id}: a value is a whole number, not {value!r}")
    if power is not None and power not in POWERS:
        raise CardError(f"card {card_id}: a power is one of {', '.join(POWERS)}, not {power!r}")
    if power is not None and POWER_TYPES[power] != kind:
        raise CardError(f"card {card_id}: the {power} power belongs to a {POWER_TYPES[power]}, not a {kind}")
    tags = data.get("tags") or ()
    if not isinstance(tags, (list, tuple)) or any(tag not in TAGS for tag in tags):
        raise CardError(f"card {card_id}: tags are among {', '.join(TAGS)}, not {tags!r}")
    return Card(card_id, kind, value, power, frozenset(tags))
