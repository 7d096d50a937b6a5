"""Each card its own picture: one icon on two cards of a game is refused at the second card's line,
naming the first, unless the field says why its cards share one."""

from tests.conftest import run_pnp


def test_a_picture_on_two_cards_is_refused_unless_the_field_says_they_share_it(tiny):
    cards = tiny.root / "card_data/tiny/cards.yaml"
    cards.write_text(cards.read_text().replace("icon: hourglass", "icon: raven"))
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    shown = " ".join(result.output.split())
    line = cards.read_text().splitlines().index("  icon: raven", 14) + 1
    assert result.exit_code == 2 and (
        f"card_data/tiny/cards.yaml:{line}: card 3 (the-hourglass), icon: expected a picture no other card of the game "
        "prints, found 'raven', which Cards 'the-raven' also print") in shown, shown
    game = tiny.root / "card_data/tiny/game.yaml"
    game.write_text(game.read_text().replace("icon: {type: icon", 'icon: {type: icon, shared: "two birds of one feather"', 1))
    assert run_pnp("check", "tiny", "--project", str(tiny.root)).exit_code == 0
