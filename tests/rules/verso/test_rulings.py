"""Every ruling of Verso is complete in both languages, the ones the engine cites exist, and the
questions the audit found open are answered (V11 at two players, V13 the square, V14 two jokers,
V15 the face up in the pile)."""

import re

import yaml

from tests.conftest import ROOT

RULINGS = yaml.safe_load((ROOT / "card_data" / "verso" / "rulings.yaml").read_text())          # in French
ENGLISH = yaml.safe_load((ROOT / "card_data" / "verso" / "locale" / "en" / "rulings.yaml").read_text())
FIELDS = {"id", "topic", "source", "question", "ruling", "why"}


def test_each_ruling_is_complete_and_cited_ones_exist():
    ids = [r["id"] for r in RULINGS]
    assert len(set(ids)) == len(ids)
    for ruling in RULINGS:
        assert set(ruling) == FIELDS and set(ENGLISH[ruling["id"]]) == FIELDS - {"id", "source"}
    assert set(ENGLISH) == set(ids)
    cited = set()
    for path in (ROOT / "pnp" / "rules" / "verso").glob("*.py"):
        cited |= set(re.findall(r"\bV\d+\b", path.read_text()))
    assert cited <= set(ids)


def test_the_open_questions_are_ruled():
    by_id = ENGLISH
    french = {r["id"]: r for r in RULINGS}
    assert "À deux" in french["V11"]["ruling"] and "au hasard" in french["V15"]["ruling"]
    assert "two-player" in by_id["V11"]["ruling"] and "one card" in by_id["V11"]["ruling"]
    assert "draw" in by_id["V13"]["ruling"] and "own series" in by_id["V13"]["ruling"]
    assert "more points" in by_id["V14"]["ruling"]
    assert "random" in by_id["V15"]["ruling"]

