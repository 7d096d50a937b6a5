"""Each game builds in each of its languages (issue 30): the site's build makes every edition, so
its folders are read here rather than building them again. It offers SITE_PAPERS; that each paper
has the same pieces is proven on the starter game's site of both (tests/site/test_site.py)."""

import pytest

from pnp.games import get_game, game_keys
from pnp.project import Project
from tests.commands.test_translate import _text
from tests.conftest import ROOT, SITE_PAPERS

PROJECT = Project.at(ROOT)
GAMES = game_keys(PROJECT)


def _edition(game, language: str, paper: str) -> str:
    return paper if language == game.language else f"{paper}-{language}"


@pytest.mark.parametrize("key", GAMES)
def test_every_language_has_the_same_pieces(built_site, key):
    game = get_game(PROJECT, key)
    pieces = {}
    for language in game.languages:
        for paper in SITE_PAPERS:
            folder = built_site / key / _edition(game, language, paper)
            pieces[(language, paper)] = sorted(path.name for path in folder.glob("*.pdf"))
    first = next(iter(pieces.values()))
    assert first and "rulebook.pdf" in first
    assert all(found == first for found in pieces.values()), pieces


@pytest.mark.parametrize("key", GAMES)
def test_the_rulebook_reads_in_its_language(built_site, key):
    game = get_game(PROJECT, key)
    french = _text(built_site / key / _edition(game, "fr", "a4") / "rulebook.pdf")
    english = _text(built_site / key / _edition(game, "en", "a4") / "rulebook.pdf")
    assert " les " in french and " des " in french and " the " not in french
    assert " the " in english and " les " not in english
