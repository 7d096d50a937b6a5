"""The colours a game declares as telling its cards apart are the colours its layouts print:
a declaration that drifted from the stylesheet would check colours nobody sees."""

import pytest
import yaml

from pnp.games import game_keys
from pnp.project import Project
from tests.conftest import ROOT

PROJECT = Project.at(ROOT)


@pytest.mark.parametrize("key", game_keys(PROJECT))
def test_every_declared_colour_is_printed_by_the_games_layouts(key):
    declared = yaml.safe_load((ROOT / "card_data" / key / "game.yaml").read_text())
    layouts = " ".join(path.read_text().lower() for path in (ROOT / "layouts" / key).rglob("*.*")
                       if path.suffix in (".css", ".html"))
    for deck in declared["decks"]:
        for value, colour in (deck.get("colours") or {}).get("values", {}).items():
            hex_colour = colour if isinstance(colour, str) else colour["colour"]
            assert hex_colour.lower() in layouts, (key, deck["key"], value, hex_colour)


def test_the_games_that_print_colour_coded_cards_declare_them():
    declared = {key: [d["key"] for d in yaml.safe_load((ROOT / "card_data" / key / "game.yaml").read_text())["decks"]
                      if d.get("colours")] for key in ("verset", "verso", "verdun")}
    assert "playing-cards" in declared["verset"] and "cards" in declared["verso"]
    assert {"troops", "assets", "fortifications"} <= set(declared["verdun"])
