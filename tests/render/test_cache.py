"""The render cache gives the same bytes as a fresh render, and notices changed inputs."""

import shutil
from pathlib import Path

from pnp.render.cache import CACHE_FOLDER, SHARED_FOLDER_VARIABLE, layouts_done
from tests.conftest import run_pnp


def built(project, out, game: str, *options) -> dict:
    result = run_pnp("build", game, *options, "--out", str(out), "--project", str(project))
    assert result.exit_code == 0, result.output
    return {path.name: path.read_bytes() for path in out.glob("*.pdf")}


MORE_DECK = """
  - key: more
    title: More cards
    data: more.yaml
    count: 2
    count_rule: the two cards of the second deck
    size: poker
    face: tiny/card.html
    back: tiny/back.html
    fields: {id: {type: slug}, name: {type: text}, value: {type: int}, text: {type: text}, icon: {type: icon}}
"""
BOARD = """
boards:
  - {key: board, title: board, layout: tiny/board.html, width_mm: 240, height_mm: 180}
"""
BOARD_LAYOUT = """<!DOCTYPE html>
<html lang="{{ game.language }}"{% if game.ink_saver %} class="ink-saver"{% endif %}>
<head><meta charset="utf-8"><title>{{ game.title }}: board</title>
<link rel="stylesheet" href="layouts/tiny/cards.css">
<style>@page { size: 240mm 180mm; margin: 0; bleed: 3mm; } html, body { margin: 0; }
.board { width: 240mm; height: 180mm; background: #f3ead4; color: #1b1a2e; font: 24pt "Rye", serif; padding: 20mm; }
</style></head>
<body><div class="board">{{ game.title }}</div></body></html>
"""


def two_decks_and_a_board(tiny) -> Path:
    """The starter game with a second deck (its own file) and a board: the smallest game whose
    build has pieces that change apart."""
    data = tiny.root / "card_data" / "tiny"
    (data / "game.yaml").write_text((data / "game.yaml").read_text() + MORE_DECK + BOARD)
    (data / "more.yaml").write_text("- {id: the-bell, name: The Bell, value: 4, text: Ring it., icon: church}\n"
                                    "- {id: the-key, name: The Key, value: 6, text: Open a door., icon: key}\n")
    (tiny.root / "layouts" / "tiny" / "board.html").write_text(BOARD_LAYOUT)
    return tiny.root


def build(project, out):
    return built(project, out, "tiny", "--duplex", "none")


def build_tiny(project, out):
    return built(project, out, "tiny", "--jobs", "1")


def test_a_cached_build_equals_a_fresh_one_and_a_changed_card_is_rendered_again(tiny, tmp_path, cache_on, monkeypatch):
    project = two_decks_and_a_board(tiny)
    first = build(project, tmp_path / "first")
    assert list((project / CACHE_FOLDER).glob("*.pdf"))
    assert {"cards.pdf", "more.pdf", "board-tiles.pdf", "rulebook.pdf"} <= set(first)
    cached = build(project, tmp_path / "cached")
    assert cached == first
    cards = project / "card_data" / "tiny" / "cards.yaml"
    cards.write_text(cards.read_text().replace("name: The Raven", "name: The Crow", 1))
    changed = build(project, tmp_path / "changed")
    assert changed["cards.pdf"] != first["cards.pdf"]
    assert changed["more.pdf"] == first["more.pdf"]
    monkeypatch.setenv("PNP_CACHE", "off")
    assert build(project, tmp_path / "fresh")["cards.pdf"] == changed["cards.pdf"]


def test_a_picture_outside_layouts_is_refused_by_check_and_build(tiny, tmp_path):
    """A page's HTML carries its cards' text, not the pictures it names, and the page cache
    digests layouts/ and fonts/ whole: a picture kept elsewhere (beside the card data) would
    come back from the cache unchanged after it changed, so it is refused at its layout line."""
    from PIL import Image

    Image.new("RGB", (8, 8), (200, 0, 0)).save(tiny.root / "card_data" / "tiny" / "art.png")
    layout = tiny.root / "layouts" / "tiny" / "card.html"
    layout.write_text(layout.read_text().replace("{{ card.name }}",
                                                 '{{ card.name }}<img src="card_data/tiny/art.png" style="width: 5mm">', 1))
    for command in ("check", "build"):
        result = run_pnp(command, "tiny", "--project", str(tiny.root))
        assert result.exit_code == 2, result.output
        assert "layouts/tiny/card.html:" in result.output and "move it into layouts/" in result.output, result.output


def test_copies_of_a_project_share_the_pages_of_one_cache_folder(cache_on, tiny, tmp_path, monkeypatch):
    """With PNP_CACHE_FOLDER, a clone of a project elsewhere lays out nothing its original
    laid out: the key holds the inputs, not the location, and neither project keeps a cache."""
    monkeypatch.setenv(SHARED_FOLDER_VARIABLE, str(tmp_path / "pages"))
    original = build_tiny(tiny.root, tmp_path / "first")
    clone = tmp_path / "clone"
    shutil.copytree(tiny.root, clone)
    before = layouts_done()
    assert build_tiny(clone, tmp_path / "second") == original
    assert layouts_done() == before
    assert list((tmp_path / "pages").glob("*.pdf"))
    assert not (tiny.root / CACHE_FOLDER).exists() and not (clone / CACHE_FOLDER).exists()
    # an unpublished game's pages are its owner's to read, whatever the folder's umask
    assert {entry.stat().st_mode & 0o777 for entry in (tmp_path / "pages").glob("*.pdf")} == {0o600}


def test_a_cache_folder_named_by_a_relative_path_is_refused(tiny, monkeypatch):
    """A relative path would be read from the folder pnp runs in: a stranger's project could
    point it anywhere with a link of its own."""
    monkeypatch.setenv(SHARED_FOLDER_VARIABLE, "pages")
    result = run_pnp("build", "tiny", "--jobs", "1", "--project", str(tiny.root))
    assert result.exit_code == 2, result.output
    assert "PNP_CACHE_FOLDER=pages: expected the absolute path of a folder" in result.output


def test_a_file_where_the_cache_goes_only_slows_the_build(cache_on, tiny, tmp_path, monkeypatch):
    """A project shipping a file as its output/.cache, or a cache folder named at a file, is
    built afresh, not refused."""
    (tiny.root / CACHE_FOLDER).parent.mkdir(parents=True)
    (tiny.root / CACHE_FOLDER).write_text("not a folder")
    assert build_tiny(tiny.root, tmp_path / "own")
    (tmp_path / "a-file").write_text("not a folder")
    monkeypatch.setenv(SHARED_FOLDER_VARIABLE, str(tmp_path / "a-file"))
    assert build_tiny(tiny.root, tmp_path / "shared")
