"""The party's resources: what each character starts with, the caps, Soul bought into Power,
and Facing Death."""

from dataclasses import dataclass, replace

from pnp.rules.olf.components import MAX_POWER, SOUL_PER_POWER, STARTING
from pnp.rules.olf.dice import RulesError


@dataclass(frozen=True)
class Character:
    name: str
    heart: int
    max_heart: int
    power: int
    soul: int
    alive: bool = True


def starting(characters: int) -> dict:
    """Heart, Power, Soul and starting equipment cards for a party of `characters`."""
    if characters < 1:
        raise RulesError("a party has at least one character")
    row = [r for r in STARTING if characters >= r[0]][-1]
    return {"heart": row[1], "power": row[2], "soul": row[3], "equipment": row[4]}


def new_character(name: str, characters: int) -> Character:
    start = starting(characters)
    return Character(name, start["heart"], start["heart"], start["power"], start["soul"])


def change(character: Character, heart: int = 0, power: int = 0, soul: int = 0) -> Character:
    """Gains and losses, capped: Heart never above its start, Power never above five. Losing the
    last Heart is Facing Death: the character dies, their Power and Soul are lost."""
    if not character.alive:
        raise RulesError(f"{character.name} has Faced Death")
    new_heart = min(character.max_heart, character.heart + heart)
    if new_heart <= 0:
        return replace(character, heart=0, power=0, soul=0, alive=False)
    return replace(character, heart=new_heart, power=max(0, min(MAX_POWER, character.power + power)),
                   soul=max(0, character.soul + soul))


def buy_power(character: Character, times: int = 1) -> Character:
    """Three Soul for one Power, before a challenge; never past five Power."""
    cost = SOUL_PER_POWER * times
    if character.soul < cost:
        raise RulesError(f"{times} Power costs {cost} Soul; {character.name} has {character.soul}")
    if character.power + times > MAX_POWER:
        raise RulesError(f"Power never goes above {MAX_POWER}")
    return replace(character, soul=character.soul - cost, power=character.power + times)


def next_active(alive: list[bool], active: int) -> int:
    """The seat holding the Active Player token: `active`, or the next living seat clockwise."""
    if not any(alive):
        raise RulesError("the whole party has Faced Death")
    while not alive[active % len(alive)]:
        active += 1
    return active % len(alive)


def party_order(alive: list[bool], drawer: int) -> list[int]:
    """The seats attempting a Party Challenge: every living hero, clockwise from the one who drew it."""
    seats = len(alive)
    return [(drawer + step) % seats for step in range(seats) if alive[(drawer + step) % seats]]


def solo_taker(alive: list[bool], drawer: int, accepts: list[bool]) -> int:
    """The seat attempting a Solo Challenge: offered clockwise from the one who drew it, each living
    hero takes it on or passes; the first to accept attempts it, and when every hero passes it
    comes back to the drawer, who must."""
    return next((seat for seat in party_order(alive, drawer) if accepts[seat]), drawer)
