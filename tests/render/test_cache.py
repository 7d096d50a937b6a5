"""The render cache gives the same bytes as a fresh render, and notices changed inputs."""

import shutil

from pnp.render.cache import CACHE_FOLDER, SHARED_FOLDER_VARIABLE, layouts_done
from tests.conftest import run_pnp


def built(project, out, game: str, *options) -> dict:
    result = run_pnp("build", game, *options, "--out", str(out), "--project", str(project))
    assert result.exit_code == 0, result.output
    return {path.name: path.read_bytes() for path in out.glob("*.pdf")}


def build(project, out):
    """The Last Wizard: decks of their own (red, blue), a board and tokens: the smallest shipped
    game with several decks."""
    return built(project, out, "wizard", "--duplex", "none")


def build_tiny(project, out):
    return built(project, out, "tiny", "--jobs", "1")


def test_a_cached_build_equals_a_fresh_one_and_a_changed_card_is_rendered_again(project_copy, tmp_path,
                                                                                 cache_on, monkeypatch):
    first = build(project_copy, tmp_path / "first")
    assert list((project_copy / CACHE_FOLDER).glob("*.pdf"))
    cached = build(project_copy, tmp_path / "cached")
    assert cached == first
    red = project_copy / "card_data" / "wizard" / "red.yaml"
    red.write_text(red.read_text().replace("name: Hedge Mage", "name: Hedge Wizard", 1))
    changed = build(project_copy, tmp_path / "changed")
    assert changed["red-deck.pdf"] != first["red-deck.pdf"]
    assert changed["blue-deck.pdf"] == first["blue-deck.pdf"]
    monkeypatch.setenv("PNP_CACHE", "off")
    assert build(project_copy, tmp_path / "fresh")["red-deck.pdf"] == changed["red-deck.pdf"]


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
