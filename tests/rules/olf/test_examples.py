"""One Last Fight's worked examples (the source's Freya, Tom, Jess and Enzo among them) agree
with the engine."""

from pathlib import Path

from pnp.data.decks import load_game
from pnp.examples import load_example_file, run_examples
from pnp.games import get_game
from pnp.games.olf import rules_context
from pnp.project import Project
from pnp.rules.olf.kinds import KINDS
from tests.conftest import ROOT


def test_every_example_agrees_with_the_engine():
    examples = [e for path in sorted((ROOT / "card_data" / "olf" / "examples").glob("*.yaml"))
                for e in load_example_file(path, Path(path).name)]
    assert {"freya-crosses", "tom-slips", "jess-rerolls-three-sixes", "enzo-wins-the-bloody-challenge"} <= {e.id for e in examples}
    project = Project.at(ROOT)
    outcomes = run_examples(examples, KINDS, rules_context(load_game(project, get_game(project, "olf"))))
    assert [str(m) for o in outcomes for m in o.mismatches] == []
    assert {e.kind for e in examples} == set(KINDS)
