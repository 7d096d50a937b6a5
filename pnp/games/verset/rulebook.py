"""What Le Dernier Verset's rulebook prints from the engine: tables, constants, components."""

from fractions import Fraction

from pnp.rules.verset import campaign, cards, hands, stakes, table
from pnp.rules.verset.describe import describe, diagram
from pnp.rules.verset.odds import bust_from_fresh_deck, opponent_finals
from pnp.rules.verset.payout import STAKE_BONUS, payout
from pnp.tables import engine_table

OUTCOME_ROWS = (
    ("You win with a natural blackjack", "win", "blackjack"),
    ("You win with an Eagle Eye", "win", "eagle_eye"),
    ("You win on the higher total, or the Verse busts", "win", "higher"),
    ("Equal totals: the round is replayed", "tie", "equal"),
    ("The Verse wins on the higher total", "lose", "higher"),
    ("You go bust", "lose", "bust"),
    ("The Verse wins with an Eagle Eye", "lose", "opponent_eagle_eye"),
    ("The Verse holds a natural blackjack", "lose", "opponent_blackjack"),
)


ODDS_TOTALS = range(12, 21)                         # the hand totals on the odds card
STAND_TOTALS = (17, 18, 19, 20)                      # player totals the Verse must reach
UP_CARDS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")


def percent(chance: Fraction) -> str:
    """An exact chance as a whole percentage, halves rounded up: how the odds card prints it."""
    return f"{int(chance * 100 + Fraction(1, 2))}"


@engine_table
def odds_tables() -> dict:
    """The odds card's tables (about 1.5 s of exact enumeration: computed once, then read from the engine-table cache)."""
    return {
        "bust_rows": [{"total": t, "hard": bust_from_fresh_deck(t, False), "soft": bust_from_fresh_deck(t, True)}
                      for t in ODDS_TOTALS],
        "finals": {stand: [{"up": up, "chances": opponent_finals(up, stand)} for up in UP_CARDS]
                   for stand in STAND_TOTALS},
    }


FEWER, MORE, SPAN = "%(n)s or fewer", "%(n)s and more", "%(low)s to %(high)s"   # an ending's souls, in words


def ending_rows(say=lambda words: words) -> list[dict]:
    """Each ending with its span of souls; `say` gives the words in the language printed."""
    rows, upper = [], None
    for lowest, name in campaign.ENDINGS:
        if lowest is None:
            span = say(FEWER) % {"n": upper}
        elif upper is None:
            span = say(MORE) % {"n": lowest}
        else:
            span = say(SPAN) % {"low": lowest, "high": upper}
        rows.append({"span": span, "name": say(name)})
        upper = (lowest - 1) if lowest is not None else None
    return list(reversed(rows))


def rulebook_context(loaded: list) -> dict:
    decks = {d.deck.key: d for d in loaded}
    return {
        "payout": payout,
        "stakes": sorted(STAKE_BONUS),
        "stake_bonus": STAKE_BONUS,
        "outcome_rows": OUTCOME_ROWS,
        "difficulties": list(campaign.DIFFICULTIES.values()),
        "endings": ending_rows(),
        "rules": {name: getattr(campaign, name) for name in (
            "DUELS", "VERSES_DRAWN_PER_DUEL", "ROUNDS_TO_WIN_DUEL", "HAND_LIMIT", "GALL_FOR_ONE",
            "GALL_FOR_CHOICE", "BAR_DRINK_COST", "ORGAN_COST", "FINAL_STAKE_SOULS")}
        | {"RESERVE_KEPT": stakes.RESERVE_KEPT, "MIN_STAKE": table.MIN_STAKE, "MAX_STAKE": table.MAX_STAKE, "ACE_LOW": cards.ACE_LOW,
           "ACE_HIGH": cards.ACE_HIGH, "FACE_VALUE": cards.FACE_VALUE, "TWENTY_ONE": hands.TWENTY_ONE,
           "EAGLE_EYE_MIN_CARDS": hands.EAGLE_EYE_MIN_CARDS},
        "components": [{"key": d.deck.key, "title": d.deck.title, "count": len(d.cards)} for d in loaded],
        "counts": {d.deck.key: len(d.cards) for d in loaded},
        "ability_types": {kind: sum(1 for c in decks["abilities"].cards if c.type == kind)
                          for kind in ("activatable", "unique", "permanent")},
        "verses_by_gall": {mark: sum(1 for c in decks["verses"].cards if c.difficulty == mark)
                           for mark in (1, 2, 3)},
        "deck_cards": {key: d.cards for key, d in decks.items()},
        "percent": percent,
    }


def aids_context(loaded: list) -> dict:
    """What the player aids print: the rulebook's tables and the odds card's."""
    return rulebook_context(loaded) | odds_tables()


__all__ = ["describe", "diagram", "rulebook_context"]
