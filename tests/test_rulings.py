"""Every ruling is complete, and every ruling the code cites exists."""

import re

import yaml

from tests.conftest import ROOT

RULINGS = yaml.safe_load((ROOT / "card_data" / "verset" / "rulings.yaml").read_text())


def test_each_ruling_has_every_field_and_a_unique_id():
    ids = [r["id"] for r in RULINGS]
    assert len(ids) == len(set(ids)) >= 20
    for ruling in RULINGS:
        assert set(ruling) == {"id", "topic", "source", "question", "ruling", "why"}
        assert all(isinstance(v, str) and v.strip() for v in ruling.values())


def test_the_translators_three_are_decided():
    topics = {r["topic"] for r in RULINGS}
    assert {"Glass of Forgiveness", "Abigail’s name", "Soul Transfer"} <= topics


def test_rulings_cited_in_the_engine_and_examples_exist():
    ids = {r["id"] for r in RULINGS}
    cited = set()
    for path in list((ROOT / "pnp").rglob("*.py")) + list((ROOT / "card_data").rglob("*.yaml")):
        cited |= set(re.findall(r"\bR(\d+)\b", path.read_text()))
    assert {f"R{n}" for n in cited} <= ids
