"""Whole games of The Last Wizard, played by the baseline strategy, for balance reports.

Cards come in as plain data; the same seed gives the same numbers. A round follows the
rulebook: deal 2 each, the first betting round in turn order, 2 common cards, the second
betting round, then the resolution (`rounds.resolve`); the First Player token moves on.
"""

import math
import random
from collections import Counter

from pnp.rules.wizard import strategy
from pnp.rules.wizard.balance import deal_values, summary, value_distribution
from pnp.rules.wizard.cards import card_from
from pnp.rules.wizard.rounds import LOSING_SPACE, START_SPACE, WINNING_SPACE, Seat, resolve, winners
from pnp.rules.wizard.tokens import tokens_for

CARDS_IN_HAND = 2
COMMON_CARDS = 2
MAX_ROUNDS = 200                 # a guard: no game of the baseline has come near it
FLAG_STANDARD_ERRORS = 2


def _bet(order, live: list, held: dict, pile: list, choose) -> None:
    """One betting round in turn order: each player still in takes a token from the pile or
    leaves; it stops as soon as one player alone is in play (ruling W4)."""
    for name in order:
        if len(live) == 1:
            return
        if name not in live:
            continue
        token = choose(name, pile)
        if token is None:
            live.remove(name)
        else:
            pile.remove(token)
            held[name].append(token)


def _round(deck, names, positions, first, quartiles, values, rng, tally):
    cards = list(deck)
    rng.shuffle(cards)
    order = names[first:] + names[:first]
    hands = {name: [cards.pop(), cards.pop()] for name in order}
    common = [cards.pop(), cards.pop()]
    tokens = tokens_for(len(names))
    held = {name: [] for name in order}
    live = list(order)
    _bet(order, live, held, tokens["round"], lambda name, pile: strategy.first_bet(
        hands[name], [c for c in deck if c not in hands[name]], pile, quartiles, values))
    _bet(order, live, held, tokens["square"], lambda name, pile: strategy.second_bet(
        hands[name], common, pile, quartiles))
    seats = []
    for name in order:
        playing = name in live
        value = (values[(frozenset(c.id for c in hands[name]), frozenset(c.id for c in common))]
                 if playing and len(live) > 1 else None)
        seats.append(Seat(name, tuple(held[name]), positions[name], not playing, value))
    end = resolve(seats)
    for name in order:                                        # which hands won, for the card flags
        won = name in end.best or end.alone == name
        for card in hands[name]:
            tally[card.id][0] += 1
            tally[card.id][1] += won
    return end.positions


def play_game(deck, players: int, rng: random.Random, quartiles, values, tally) -> dict:
    names = [f"seat {i + 1}" for i in range(players)]
    positions = {name: START_SPACE for name in names}
    for rounds in range(1, MAX_ROUNDS + 1):
        positions = _round(deck, names, positions, (rounds - 1) % players, quartiles, values, rng, tally)
        won = winners(positions)
        if won:
            reached = {"30": any(p >= WINNING_SPACE for p in positions.values()),
                       "0": any(p <= LOSING_SPACE for p in positions.values())}
            return {"rounds": rounds, "winners": won, "end": "+".join(k for k, v in reached.items() if v)}
    return {"rounds": MAX_ROUNDS, "winners": [], "end": "none"}


def simulate(cards: list[dict], games: int, seed: int, players: int = 4, progress=None) -> dict:
    """Play `games` games; report their length, how they end, the win rate by seat, and flag
    cards whose hands win rounds far more or less often than the deck's other cards: a card is
    flagged when its round win rate lies more than FLAG_STANDARD_ERRORS standard deviations of
    the cards' win rates from their mean."""
    deck = [card_from(card["id"], card) for card in cards]
    values = deal_values(deck)
    quartiles = summary(value_distribution(deck, values))["quartiles"]
    rng = random.Random(seed)
    lengths, ends, seat_wins = Counter(), Counter(), Counter()
    tally = {card.id: [0, 0] for card in deck}
    for _ in range(games):
        result = play_game(deck, players, rng, quartiles, values, tally)
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
    return {"games": games, "seed": seed, "players": players, "quartiles": quartiles,
            "rounds": {"mean": mean_length, "shortest": min(lengths), "longest": max(lengths),
                       "histogram": dict(sorted(lengths.items()))},
            "ends": dict(ends),
            "seats": {f"seat {i + 1}": seat_wins[f"seat {i + 1}"] / games for i in range(players)},
            "cards": cards_report, "average_round_win_rate": average, "flags": flags}
