"""Whole games of The Last Wizard, played by the baseline strategy, for balance reports.

Cards come in as plain data; the same seed gives the same numbers. A round follows the
rulebook: deal 2 each, the first betting round in turn order, 2 common cards, the second
betting round, then the resolution (`rounds.resolve`); the First Player token moves on. The
bets go through the engine's betting state (`betting.py`), which refuses a move the rules do
not allow, and each player decides on her own view of the table.
"""

import math
import random
from collections import Counter

from pnp.rules.wizard import betting, strategy
from pnp.rules.wizard.cards import card_from
from pnp.rules.wizard.rounds import LOSING_SPACE, START_SPACE, WINNING_SPACE, Seat, resolve, winners

CARDS_IN_HAND = 2
COMMON_CARDS = 2
MAX_ROUNDS = 200                 # a guard: no game of the baseline has come near it
FLAG_STANDARD_ERRORS = 2


def _bets(state, decide, hands: dict, common, deck, positions: dict, observe=None):
    """One betting round: each player whose turn it is decides on what she sees (ruling W4:
    it stops as soon as one player alone is in play)."""
    while (name := betting.to_choose(state)) is not None:
        seen = betting.view(state, name, hands, common, deck, positions)
        move = decide(seen)
        if observe is not None:
            observe(state, seen, move, hands, common)
        state = betting.play(state, name, move)
    return state


def _round(deck, names, positions, first, known, rng, tally, observe=None):
    cards = list(deck)
    rng.shuffle(cards)
    order = names[first:] + names[:first]
    hands = {name: [cards.pop() for _ in range(CARDS_IN_HAND)] for name in order}
    common = [cards.pop() for _ in range(COMMON_CARDS)]
    state = _bets(betting.start(order), lambda seen: strategy.first_bet(seen, known),
                  hands, common, deck, positions, observe)
    state = _bets(betting.second_round(state), lambda seen: strategy.second_bet(seen, known),
                  hands, common, deck, positions, observe)
    seats = []
    for name in order:
        playing = name in state.live
        value = (known.values[(frozenset(c.id for c in hands[name]), frozenset(c.id for c in common))]
                 if playing and len(state.live) > 1 else None)
        seats.append(Seat(name, state.tokens(name), positions[name], not playing, value))
    end = resolve(seats)
    for name in order:                                        # which hands won, for the card flags
        won = name in end.best or end.alone == name
        for card in hands[name]:
            tally[card.id][0] += 1
            tally[card.id][1] += won
    return end.positions


def play_game(deck, players: int, rng: random.Random, known, tally, observe=None) -> dict:
    """One whole game; `observe(state, view, move, hands, common)`, if given, sees every decision
    before it is played, with the whole deal the player's view hides."""
    names = [f"seat {i + 1}" for i in range(players)]
    positions = {name: START_SPACE for name in names}
    for rounds in range(1, MAX_ROUNDS + 1):
        positions = _round(deck, names, positions, (rounds - 1) % players, known, rng, tally, observe)
        won = winners(positions)
        if won:
            reached = {"30": any(p >= WINNING_SPACE for p in positions.values()),
                       "0": any(p <= LOSING_SPACE for p in positions.values())}
            return {"rounds": rounds, "winners": won, "end": "+".join(k for k, v in reached.items() if v)}
    return {"rounds": MAX_ROUNDS, "winners": [], "end": "none"}


def simulate(cards: list[dict], games: int, seed: int, players: int = 4, progress=None, observe=None) -> dict:
    """Play `games` games; report their length, how they end, the win rate by seat, and flag
    cards whose hands win rounds far more or less often than the deck's other cards: a card is
    flagged when its round win rate lies more than FLAG_STANDARD_ERRORS standard deviations of
    the cards' win rates from their mean."""
    deck = tuple(card_from(card["id"], card) for card in cards)
    known = strategy.knowledge(deck)
    rng = random.Random(seed)
    lengths, ends, seat_wins = Counter(), Counter(), Counter()
    tally = {card.id: [0, 0] for card in deck}
    for _ in range(games):
        result = play_game(deck, players, rng, known, tally, observe)
        lengths[result["rounds"]] += 1
        ends[result["end"]] += 1
        for name in result["winners"]:
            seat_wins[name] += 1 / len(result["winners"])        # a shared victory is shared
        if progress is not None:
            progress(1)
    cards_report = {card_id: {"dealt": held, "won": won, "win_rate": won / held if held else None}
                    for card_id, (held, won) in tally.items()}
    rates = [row["win_rate"] for row in cards_report.values() if row["win_rate"] is not None]
    average = sum(rates) / len(rates)
    spread = math.sqrt(sum((rate - average) ** 2 for rate in rates) / len(rates))
    flags = [{"card": card_id, "win_rate": row["win_rate"], "average": average, "dealt": row["dealt"]}
             for card_id, row in cards_report.items()
             if row["win_rate"] is not None and abs(row["win_rate"] - average) > FLAG_STANDARD_ERRORS * spread]
    mean_length = sum(k * v for k, v in lengths.items()) / games
    return {"games": games, "seed": seed, "players": players, "quartiles": list(known.quartiles),
            "rounds": {"mean": mean_length, "shortest": min(lengths), "longest": max(lengths),
                       "histogram": dict(sorted(lengths.items()))},
            "ends": dict(ends),
            "seats": {f"seat {i + 1}": seat_wins[f"seat {i + 1}"] / games for i in range(players)},
            "cards": cards_report, "average_round_win_rate": average, "flags": flags}
