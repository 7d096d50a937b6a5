"""Every ruling of The Last Wizard is complete, and every ruling its engine cites exists."""

import re

import yaml

from tests.conftest import ROOT

RULINGS = yaml.safe_load((ROOT / "card_data" / "wizard" / "rulings.yaml").read_text())


def test_each_ruling_is_complete_and_cited_ones_exist():
    ids = {r["id"] for r in RULINGS}
    assert len(ids) == len(RULINGS)
    for ruling in RULINGS:
        assert set(ruling) == {"id", "topic", "source", "question", "ruling", "why"}
    cited = set()
    for path in (ROOT / "pnp" / "rules" / "wizard").glob("*.py"):
        cited |= set(re.findall(r"\bW\d+\b", path.read_text()))
    assert cited <= ids
    assert {"W1", "W2", "W4"} <= ids      # rounds until 30 or 0; two spells; leaving a round
