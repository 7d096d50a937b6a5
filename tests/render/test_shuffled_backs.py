"""Cards shuffled together show the same back: a card whose back differs from the others of its
deck is known before it is drawn. Compared as printed (rasterised card backs, pixel for pixel)."""

import io

import pypdfium2
import pytest

from pnp.data.decks import load_game
from pnp.games import get_game
from pnp.project import Project
from pnp.render.cards import render_deck
from tests.conftest import ROOT

SCALE = 150 / 72


def _backs(project: Project, game, key: str) -> list:
    """Each card's back, rasterised, in the order of the deck's cards."""
    loaded = next(d for d in load_game(project, game) if d.deck.key == key)
    pdf = render_deck(project, game, loaded.deck, loaded.cards, "", None, loaded.located)
    document = pypdfium2.PdfDocument(io.BytesIO(pdf))
    faces = len(loaded.cards)
    backs = [document[index].render(scale=SCALE).to_pil().convert("RGB").tobytes()
             for index in range(faces, len(document))]
    return [backs[0]] * faces if len(backs) == 1 else backs


@pytest.fixture(scope="module")
def project():
    return Project.at(ROOT)


def test_each_nemesis_challenge_card_wears_the_back_of_the_phase_it_is_shuffled_into(project):
    game = get_game(project, "olf").with_all_modules()
    loaded = next(d for d in load_game(project, game) if d.deck.key == "nemesis-challenges")
    backs = _backs(project, game, "nemesis-challenges")
    for card, back in zip(loaded.cards, backs):
        assert back == _backs(project, game, card.phase)[0], card.id


def test_the_weather_changes_wear_the_tactical_back_they_are_shuffled_into(project):
    game = get_game(project, "verdun").with_all_modules()
    changes = _backs(project, game, "mud-and-blood-weather-changes")
    tactical = _backs(project, game, "tactical")[0]
    assert all(back == tactical for back in changes)


def test_each_teams_assets_share_one_back(project):
    game = get_game(project, "verdun")
    loaded = next(d for d in load_game(project, game) if d.deck.key == "assets")
    by_team: dict = {}
    for card, back in zip(loaded.cards, _backs(project, game, "assets")):
        by_team.setdefault(card.team, set()).add(back)
    assert len(by_team) == 2 and all(len(backs) == 1 for backs in by_team.values())
