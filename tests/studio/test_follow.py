"""What follows a card in the studio: the worked examples' verdicts, by chapter."""

from pnp.data.decks import load_game
from pnp.games import get_game
from pnp.project import Project
from pnp.studio.follow import example_verdicts
from tests.conftest import copy_project


def test_every_example_is_checked_again_and_one_that_disagrees_is_named_at_its_line(tmp_path):
    root = copy_project(tmp_path / "project", games=("verset",))
    examples = root / "card_data" / "verset" / "examples" / "hands.yaml"
    examples.write_text(examples.read_text().replace("expect: {total: 13,", "expect: {total: 14,"))
    project = Project.at(root)
    game = get_game(project, "verset")
    verdicts, results = example_verdicts(project, game, load_game(project, game))
    wrong = [verdict for verdict in verdicts if not verdict["agrees"]]
    assert len(verdicts) > 100 and len(results) == len(verdicts)
    [verdict] = wrong
    assert (verdict["file"], verdict["line"]) == ("card_data/verset/examples/hands.yaml", 8)
    assert verdict["mismatches"] == [f"card_data/verset/examples/hands.yaml:11: example {verdict['id']}: "
                                     "expect.total is 14, the engine computes 13"]
