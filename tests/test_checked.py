"""A part of `pnp check` found sound is not checked again while its inputs are the same
(pnp/checked.py): the layouts, and each language's chapters apart."""

import pytest

from pnp.check import check_game
from pnp.games import get_game
from pnp.project import Project


@pytest.fixture
def counted(monkeypatch):
    """What each check_game call checks: 'layouts', and the chapters by language."""
    import pnp.render.layout_check as layout_check
    import pnp.rulebook.render as rulebook_render

    seen = []
    layouts, chapters = layout_check.layout_problems, rulebook_render.rulebook_body
    monkeypatch.setattr(layout_check, "layout_problems", lambda *a, **k: (seen.append("layouts"), layouts(*a, **k))[1])
    monkeypatch.setattr(rulebook_render, "rulebook_body",
                        lambda project, game, *a, **k: (seen.append(game.language), chapters(project, game, *a, **k))[1])
    return seen


def _check(root, seen) -> tuple[list, list]:
    seen.clear()
    project = Project.at(root)
    report = check_game(project, get_game(project, "verso"))
    return list(seen), report.problems


def test_only_what_changed_is_checked_again_and_a_fault_every_time(cache_on, project_copy, counted):
    assert _check(project_copy, counted) == (["layouts", "fr", "en"], [])
    assert _check(project_copy, counted) == ([], [])
    chapter = sorted((project_copy / "card_data" / "verso" / "rulebook" / "en").glob("*.md"))[0]
    chapter.write_text(chapter.read_text() + "\nOne more sentence.\n")
    assert _check(project_copy, counted) == (["en"], [])
    chapter.write_text(chapter.read_text() + "\n{{ nothing_of_the_kind }}\n")
    for _ in range(2):                       # a fault is never kept: found, and told, each time
        seen, problems = _check(project_copy, counted)
        assert seen == ["en"] and problems and chapter.name in str(problems[0])
    cards = project_copy / "card_data" / "verso" / "cards.csv"
    cards.write_text(cards.read_text() + "\n")
    assert _check(project_copy, counted)[0] == ["layouts", "fr", "en"]


def test_with_the_cache_off_everything_is_checked(cache_on, project_copy, counted, monkeypatch):
    monkeypatch.setenv("PNP_CACHE", "off")
    assert _check(project_copy, counted)[0] == ["layouts", "fr", "en"]
    assert _check(project_copy, counted)[0] == ["layouts", "fr", "en"]


def test_a_save_during_a_check_keeps_nothing_and_each_edition_s_layouts_are_checked_apart(cache_on, project_copy,
                                                                                           counted, monkeypatch):
    """A file saved while the check reads the data makes the check keep no verdict (it may have
    read the bytes before the save). The layouts read the language and the ink saver: a build in
    English or printed light does not take the French check's verdict."""
    import pnp.check

    cards = project_copy / "card_data" / "verso" / "cards.csv"
    load_game = pnp.check.load_game
    monkeypatch.setattr(pnp.check, "load_game", lambda *a: (load_game(*a), cards.write_text(cards.read_text() + "\n"))[0])
    assert _check(project_copy, counted)[0] == ["layouts", "fr", "en"]
    monkeypatch.setattr(pnp.check, "load_game", load_game)
    assert _check(project_copy, counted)[0] == ["layouts", "fr", "en"]      # nothing was kept
    assert _check(project_copy, counted)[0] == []
    project = Project.at(project_copy)
    game = get_game(project, "verso")
    for edition in (game.in_language("en"), game.printed_light()):
        counted.clear()
        check_game(project, edition, languages=())
        assert counted == ["layouts"], edition


def test_a_card_edited_checks_its_own_deck_s_layouts_and_those_that_print_the_engine_s_numbers(
        cache_on, project_copy, monkeypatch):
    import pnp.render.layout_check as layout_check

    checked = []
    deck_pages = layout_check._deck_pages
    monkeypatch.setattr(layout_check, "_deck_pages",
                        lambda project, env, loaded, *a: (checked.append(loaded.deck.key),
                                                          deck_pages(project, env, loaded, *a))[1])
    project = Project.at(project_copy)
    game = get_game(project, "wizard")
    assert not check_game(project, game).problems
    red = project_copy / "card_data" / "wizard" / "red.yaml"
    red.write_text(red.read_text().replace("name: Hedge Mage", "name: Hedge Wizard", 1))
    checked.clear()
    assert not check_game(project, game).problems
    assert set(checked) == {"red-deck"} | {deck.key for deck in game.decks if deck.uses_rules}
    checked.clear()
    assert not check_game(project, game).problems and checked == []
