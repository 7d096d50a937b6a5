"""The colours a game declares as telling its cards apart are the colours its layouts print:
a declaration that drifted from the stylesheet would check colours nobody sees. The layouts read
them as var(--colour-VALUE), which every deck's and rulebook's document declares from game.yaml."""

import pytest
import yaml

from pnp.games import game_keys
from pnp.project import Project
from tests.conftest import ROOT, run_pnp

PROJECT = Project.at(ROOT)


@pytest.mark.parametrize("key", game_keys(PROJECT))
def test_every_declared_colour_is_printed_by_the_games_layouts(key):
    declared = yaml.safe_load((ROOT / "card_data" / key / "game.yaml").read_text())
    layouts = " ".join(path.read_text().lower() for path in (ROOT / "layouts" / key).rglob("*.*")
                       if path.suffix in (".css", ".html"))
    for deck in declared["decks"]:
        for value, colour in (deck.get("colours") or {}).get("values", {}).items():
            hex_colour = colour if isinstance(colour, str) else colour["colour"]
            assert f"var(--colour-{value})" in layouts or hex_colour.lower() in layouts, (key, deck["key"], value)


def test_the_games_that_print_colour_coded_cards_declare_them():
    declared = {key: [d["key"] for d in yaml.safe_load((ROOT / "card_data" / key / "game.yaml").read_text())["decks"]
                      if d.get("colours")] for key in ("verset", "verso", "verdun")}
    assert "playing-cards" in declared["verset"] and "cards" in declared["verso"]
    assert {"troops", "assets", "fortifications"} <= set(declared["verdun"])


def test_a_colour_changed_in_game_yaml_reaches_the_print(tiny):
    """Declared once: the card's ground is var(--colour-sun), written by the build from game.yaml."""
    import pypdfium2

    from pnp.data.decks import load_game
    from pnp.games import get_game
    from pnp.render.cards import render_deck

    declaration = tiny.card_data / "tiny" / "game.yaml"
    declaration.write_text(declaration.read_text().replace("    fields:\n", (
        "    colours: {field: suit, values: {sun: \"#8c2a1c\", moon: \"#1c3f8c\"}}\n    fields:\n"
        "      suit: {type: choice, choices: [sun, moon], required: false}\n"), 1))
    sheet = tiny.layouts / "tiny" / "cards.css"
    sheet.write_text(sheet.read_text().replace(".card { --frame-inset: 3mm; position: absolute; background: #1d3a4a;",
                                               ".card { --frame-inset: 3mm; position: absolute; background: var(--colour-sun);"))

    def corner() -> tuple:
        game = get_game(tiny, "tiny")
        deck = load_game(tiny, game)[0]
        page = pypdfium2.PdfDocument(render_deck(tiny, game, deck.deck, deck.cards[:1]))[0]
        return page.render(scale=0.5).to_pil().convert("RGB").getpixel((4, 4))

    assert corner() == (0x8C, 0x2A, 0x1C)
    declaration.write_text(declaration.read_text().replace("#8c2a1c", "#b08a1c"))
    assert corner() == (0xB0, 0x8A, 0x1C)


COLOURED = ("    colours: {field: suit, values: {sun: \"#8c2a1c\", moon: \"#1c3f8c\"}}\n    fields:\n"
            "      suit: {type: choice, choices: [sun, moon], required: false}\n")


@pytest.mark.parametrize("declared, css, expected", [
    (COLOURED, ".card .name { color: var(--colour-son); }",
     "layouts/tiny/cards.css:{last}: var(--colour-son): expected a colour a deck's `colours:` declares in game.yaml: "
     "moon, sun, found 'son'. Did you mean 'sun'?"),
    (COLOURED.replace("choices: [sun, moon]", "choices: [sun, moon, star]"), "",
     "colours.values: expected a colour for every value of the field suit: sun, moon, star, found none for 'star'"),
    (COLOURED.replace('"#1c3f8c"}', '{colour: "#1c3f8c", cue: shrinks}}'), "",      # a word of a comment prints nothing
     "colours.values.moon.cue: expected a cue the cards print: an icon of layouts/icons/, or a class the game's "
     "stylesheet styles (such as .circle), found 'shrinks'"),
    ("    colours:\n      field: suit\n      values:\n        sun: \"#8c2a1c\"\n        moon: #1c3f8c\n    fields:\n"
     "      suit: {type: choice, choices: [sun, moon], required: false}\n", "",
     "expected a colour for 'moon' as \"#rrggbb\", in quotes, found 'nothing'. Quote the colour: YAML reads an "
     "unquoted # as the start of a comment"),
    (COLOURED.replace('moon: "#1c3f8c"', "").replace("{sun: \"#8c2a1c\", }", "{sun: \"#8c2a1c\"}"), "",
     "expected two values or more, each with its colour (colours tell cards apart), found ['sun']"),
])
def test_a_colour_the_layouts_cannot_print_as_declared_is_refused_at_its_line(tiny, declared, css, expected):
    declaration = tiny.card_data / "tiny" / "game.yaml"
    declaration.write_text(declaration.read_text().replace("    fields:\n", declared, 1))
    sheet = tiny.layouts / "tiny" / "cards.css"
    text = sheet.read_text() + css + "\n"
    sheet.write_text(text)
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    said = " ".join(result.output.split())
    assert result.exit_code == 2 and expected.format(last=text.count("\n")) in said, said
