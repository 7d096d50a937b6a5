"""What a card's result does, read from its words: the cards say their effects in a small, fixed
phrasing, so the text a player reads is the text the engine plays.

Sentences the engine reads (case and "(up to your start)" as written on the cards):
  Gain N RESOURCE [and N RESOURCE].      Lose N RESOURCE [and N RESOURCE].
  Every living character gains/loses ...  The active player gains/loses ...
  Draw a Loot card [and gain N RESOURCE].  The active player draws a Loot card.
  Keep this card.
RESOURCE is Heart, Power, Soul or Insight. Any other sentence is story, and must not use the
words gain, lose, draw or keep (so a mistyped effect is caught, not ignored).
"""

import re
from dataclasses import dataclass

RESOURCES = ("Heart", "Power", "Soul", "Insight")
AMOUNT = r"(\d+) (Heart|Power|Soul|Insight)(?: \(up to (?:your|their) start\))?"
CHANGE = re.compile(rf"^(?:(Every living character|The active player) )?(gains?|loses?) {AMOUNT}(?: and {AMOUNT})?\.$", re.I)
LOOT = re.compile(rf"^(?:(The active player) )?draws? a Loot card(?: and gain {AMOUNT})?\.$", re.I)
KEEP = re.compile(r"^Keep this card\.$", re.I)
EFFECT_WORDS = re.compile(r"\b(gains?|loses?|draws?|keep)\b", re.I)
SENTENCE = re.compile(r"(?<=[.!?])\s+")


class EffectError(ValueError):
    pass


@dataclass(frozen=True)
class Effect:
    who: str          # "self" (the player resolving it), "all" (every living character), "active"
    what: str         # Heart, Power, Soul, Insight, loot, keep
    amount: int = 0


def _who(words: str | None) -> str:
    if not words:
        return "self"
    return "all" if words.lower().startswith("every") else "active"


def parse(text: str) -> list[Effect]:
    effects = []
    for sentence in SENTENCE.split(text.strip()):
        if match := CHANGE.match(sentence):
            who, verb = _who(match.group(1)), match.group(2).lower()
            sign = -1 if verb.startswith("lose") else 1
            effects.append(Effect(who, match.group(4).title(), sign * int(match.group(3))))
            if match.group(5):
                effects.append(Effect(who, match.group(6).title(), sign * int(match.group(5))))
        elif match := LOOT.match(sentence):
            who = _who(match.group(1))
            effects.append(Effect(who, "loot", 1))
            if match.group(2):
                effects.append(Effect(who, match.group(3).title(), int(match.group(2))))
        elif KEEP.match(sentence):
            effects.append(Effect("self", "keep", 1))
        elif EFFECT_WORDS.search(sentence):
            raise EffectError(f"'{sentence}' reads like an effect the engine does not know; the effects are "
                              "'Gain N Heart|Power|Soul|Insight', 'Lose N ...', 'Draw a Loot card', "
                              "'Keep this card', optionally for 'Every living character' or 'The active player'")
    return effects
