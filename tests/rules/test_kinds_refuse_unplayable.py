"""Worked-example setups no game could reach are refused, at the field that makes them
impossible, by the rules the simulators play: Le Dernier Verset, The Last Wizard and Verso (Verdun's
and One Last Fight's are beside their engines' tests). Each case is one an audit found accepted."""

import importlib
from random import Random

import pytest

from pnp.data.decks import load_game
from pnp.games import get_game
from pnp.project import Project
from pnp.rules.kinds import SetupError
from tests.conftest import ROOT

CONTEXTS: dict = {}


def context(game: str) -> dict:
    if game not in CONTEXTS:
        project = Project.at(ROOT)
        adapter = importlib.import_module(f"pnp.games.{game}")
        CONTEXTS[game] = adapter.rules_context(load_game(project, get_game(project, game)))
    return CONTEXTS[game]


def compute(game: str, kind: str, setup: dict):
    return importlib.import_module(f"pnp.rules.{game}.kinds").KINDS[kind].compute(setup, context(game))


DECK = ["6", "9", "5", "8", "2", "10", "3", "4", "7", "J"]
SOLO_20 = [f"{colour} {value}/1" for colour in ("blue", "green", "orange") for value in range(1, 7)] + ["blue */1", "green */1"]

UNPLAYABLE = [
    # Le Dernier Verset
    ("verset", "glass", {"rounds": ["1 tie", "1 lose", "1 lose"], "souls": 5, "verse": "the-empty-chair"}, "rounds"),
    ("verset", "glass", {"rounds": ["1 lose", "1 lose"], "souls": 5, "verse": "the-devils-bargain"}, "rounds"),
    ("verset", "payout", {"stake": 2, "outcome": "win", "how": "bust"}, "how"),
    ("verset", "payout", {"stake": 2, "outcome": "tie", "how": "blackjack"}, "how"),
    ("verset", "round", {"deck": DECK, "stake": 1, "hits": 0, "verse": "the-brothers-grave",
                         "in_play": ["the-brothers-grave"]}, "in_play"),
    ("verset", "round", {"deck": DECK, "stake": 1, "hits": 0, "verse": "the-brothers-grave",
                         "in_play": ["the-bounty-hunter"]}, "in_play"),
    ("verset", "round", {"deck": DECK, "stake": 1, "hits": 0, "in_play": ["toccata-of-chains", "requiem-in-red"]}, "in_play"),
    ("verset", "odds", {"hand": ["A", "K"]}, "hand"),
    ("verset", "hand", {"cards": ["10", "10", "2", "K", "5"]}, "cards"),
    ("verset", "score", {"souls": 10, "gall": [3] * 10}, "gall"),
    ("verset", "score", {"souls": 10, "gall": [7, 0, -2]}, "gall"),
    ("verset", "score", {"souls": -50, "gall": []}, "souls"),
    ("verset", "spend_gall", {"gall": [1] * 11, "buy": "one"}, "gall"),
    ("verset", "hand_limit", {"held": 9, "gained": 1, "permanents": 0}, "held"),
    ("verset", "hand_limit", {"held": 2, "gained": 1, "permanents": 5}, "permanents"),
    # The Last Wizard
    ("wizard", "hand", {"hand": ["harpy", "dragon"], "common": ["fortify", "goblin-king"]}, "hand"),
    ("wizard", "hand", {"hand": ["harpy", "dragon"], "common": ["fortify", "sword"],
                        "cards": {"harpy": {"type": "creature", "value": 25}}}, "cards"),
    # Verso
    ("verso", "series_turn", {"tables": [["blue 1/1", "blue 2/1"]] + [["blue 3/1"]] * 9,
                              "cards": ["blue 1/1", "blue 2/1"]}, "tables"),
    ("verso", "series_turn", {"tables": [["blue 1/1", "blue */1", "green */3"], ["blue */1", "green */3"],
                                         ["blue */1", "green */3"]], "cards": ["blue 1/1", "blue */1"]}, "tables"),
    ("verso", "opponent", {"table": SOLO_20, "top": "blue 2/1"}, "table"),
]


@pytest.mark.parametrize("game, kind, setup, field", UNPLAYABLE, ids=[f"{c[0]}-{c[1]}-{i}" for i, c in enumerate(UNPLAYABLE)])
def test_a_setup_no_game_reaches_is_refused_at_its_field(game, kind, setup, field):
    with pytest.raises(SetupError) as error:
        compute(game, kind, setup)
    assert error.value.field == field, str(error.value)


def test_every_round_the_engine_plays_ends_as_the_payout_table_allows():
    """outcome_error holds the kinds to what rounds.decide says, under every Verse."""
    from pnp.rules.verset.cards import parse_cards
    from pnp.rules.verset.payout import outcome_error
    from pnp.rules.verset.rounds import ScriptedPolicy, play_round
    from pnp.rules.verset.table import table_rules

    cards = parse_cards([f"{rank}{suit}" for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
                         for suit in "hdcs"])
    rng = Random(3)
    for verse in context("verset")["verses"].values():
        rules = table_rules(verse["effect"])
        for _ in range(40):
            deck = rng.sample(cards, len(cards))
            result = play_round(deck, rules.fixed_stake or rules.min_stake, rules, ScriptedPolicy(stand_on=17))
            assert outcome_error(result.outcome, result.how, rules) is None, (verse["id"], result.outcome, result.how)
