"""pnp.files: a file of the project is read from the descriptor that was checked, walked down
from the project folder with no link followed; anything but a plain file within the limit is
refused at once, naming it."""

import os
import threading
from pathlib import Path

import pytest

from pnp.errors import DataError
from pnp.files import (
    MAX_FOLDER_DEPTH,
    MissingFile,
    project_files,
    project_folders,
    project_font,
    read_bytes,
    read_resolved,
    read_text,
)
from pnp.limits import MAX_FILE_BYTES
from pnp.project import Project
from pnp.render.fetcher import ProjectFetcher
from pnp.render.readable import page_url
from pnp.user_cache import read_signed, signature
from pnp.watch import holds

SECONDS = 5
LINK = "found a link"


def within(seconds, call):
    """`call()` in a thread that must end within `seconds` (a FIFO must never be waited on)."""
    outcome = {}

    def run():
        try:
            outcome["value"] = call()
        except BaseException as error:        # handed back to the test
            outcome["error"] = error
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still waiting after {seconds} s"
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def refusal(call) -> str:
    with pytest.raises(DataError) as caught:
        within(SECONDS, call)
    assert len(caught.value.problems) == 1, caught.value
    return str(caught.value.problems[0])


@pytest.fixture
def root(tmp_path) -> Path:
    """A project folder with layouts/verset/verse.html, and a secret file beside it."""
    (tmp_path / "secret.txt").write_text("SECRET")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "verse.html").write_text("SECRET")
    project = tmp_path / "project"
    (project / "layouts" / "verset").mkdir(parents=True)
    (project / "layouts" / "verset" / "verse.html").write_text("<p>verse</p>")
    return project


def test_a_plain_file_is_read(root):
    path = root / "layouts" / "verset" / "verse.html"
    assert read_bytes(path, "layouts/verset/verse.html", root) == b"<p>verse</p>"
    assert read_text(Path("layouts/verset/verse.html"), "verse.html", root) == "<p>verse</p>"


def test_a_link_at_the_file_is_refused_even_one_inside(root, tmp_path):
    folder = root / "layouts" / "verset"
    (folder / "outside.html").symlink_to(tmp_path / "secret.txt")
    (folder / "inside.html").symlink_to(folder / "verse.html")
    for name in ("outside.html", "inside.html"):
        message = refusal(lambda: read_bytes(folder / name, f"layouts/verset/{name}", root))
        assert message.startswith(f"layouts/verset/{name}: ") and LINK in message
        assert "pnp reads no links inside a project" in message and "Replace it with the file itself" in message


def test_a_link_at_a_middle_folder_is_refused(root, tmp_path):
    (root / "layouts" / "other").symlink_to(tmp_path / "elsewhere")
    message = refusal(lambda: read_bytes(root / "layouts/other/verse.html", "layouts/other/verse.html", root))
    assert message.startswith("layouts/other/verse.html: ") and "a link at layouts/other" in message
    assert "SECRET" not in message


def test_the_project_folder_may_be_reached_through_a_link(root, tmp_path):
    (tmp_path / "via").symlink_to(root)
    assert read_bytes(tmp_path / "via/layouts/verset/verse.html", "verse.html", tmp_path / "via") == b"<p>verse</p>"


def test_a_fifo_is_refused_without_waiting(root):
    os.mkfifo(root / "layouts" / "verset" / "pipe.html")
    message = refusal(lambda: read_bytes(root / "layouts/verset/pipe.html", "layouts/verset/pipe.html", root))
    assert "FIFO" in message
    assert "FIFO" in refusal(lambda: read_text(root / "layouts/verset/pipe.html", "pipe.html"))   # named by the user


def test_a_link_to_dev_zero_is_refused_and_dev_zero_itself_too(root):
    (root / "layouts" / "verset" / "zero.html").symlink_to("/dev/zero")
    assert LINK in refusal(lambda: read_bytes(root / "layouts/verset/zero.html", "zero.html", root))
    assert "a device" in refusal(lambda: read_bytes(Path("/dev/zero"), "/dev/zero", None))


def test_a_file_over_the_limit_is_refused(root):
    big = root / "layouts" / "verset" / "big.html"
    big.write_bytes(b"x" * (MAX_FILE_BYTES + 1))
    assert "MAX_FILE_BYTES" in refusal(lambda: read_bytes(big, "big.html", root))
    assert read_bytes(big, "big.html", root, limit=MAX_FILE_BYTES + 1) == b"x" * (MAX_FILE_BYTES + 1)
    assert "at most 10 bytes" in refusal(lambda: read_bytes(big, "big.html", root, limit=10))


def test_a_symlink_loop_is_refused(root):
    loop = root / "layouts" / "verset" / "loop"
    loop.symlink_to(loop)
    assert LINK in refusal(lambda: read_bytes(loop, "layouts/verset/loop", root))
    assert LINK in refusal(lambda: read_bytes(loop / "x.html", "layouts/verset/loop/x.html", root))
    message = refusal(lambda: project_files(root / "layouts", root))
    assert message.startswith("layouts/verset/loop: ") and LINK in message


def test_a_folder_where_a_file_is_expected_and_a_file_where_a_folder_is(root):
    assert "a folder" in refusal(lambda: read_bytes(root / "layouts/verset", "layouts/verset", root))
    message = refusal(lambda: read_bytes(root / "layouts/verset/verse.html/x", "layouts/verset/verse.html/x", root))
    assert "layouts/verset/verse.html is a file, not a folder" in message


def test_nothing_there_is_a_missing_file(root):
    with pytest.raises(MissingFile):
        read_bytes(root / "layouts/verset/none.html", "layouts/verset/none.html", root)
    with pytest.raises(MissingFile):
        read_bytes(root / "layouts/none/none.html", "layouts/none/none.html", root)


def test_a_path_outside_the_project_is_refused(root, tmp_path):
    for path in (tmp_path / "secret.txt", root / ".." / "secret.txt", Path("../secret.txt")):
        assert "outside it" in refusal(lambda: read_bytes(path, "x", root))


def test_project_files_lists_plain_files_sorted_and_filtered(root):
    (root / "layouts" / "verset" / "cards.css").write_text("p {}")
    (root / "layouts" / "deck.html").write_text("")
    (root / "layouts" / "verset" / "deep" / "er").mkdir(parents=True)
    (root / "layouts" / "verset" / "deep" / "er" / "x.html").write_text("")
    layouts = root / "layouts"
    assert project_files(layouts, root) == sorted([layouts / "deck.html", layouts / "verset/cards.css",
                                                    layouts / "verset/deep/er/x.html", layouts / "verset/verse.html"])
    assert project_files(layouts / "verset", root, (".html",), recursive=False) == [layouts / "verset/verse.html"]
    assert project_files(layouts / "none", root) == []
    assert project_folders(layouts, root) == [layouts / "verset"]


def test_project_files_names_every_link_fifo_and_deep_folder_at_once(root, tmp_path):
    folder = root / "layouts" / "verset"
    (folder / "out.html").symlink_to(tmp_path / "secret.txt")
    (folder / "icons").symlink_to(tmp_path / "elsewhere")
    os.mkfifo(folder / "pipe.html")
    deep = folder.joinpath(*["d"] * (MAX_FOLDER_DEPTH + 2))
    deep.mkdir(parents=True)
    with pytest.raises(DataError) as caught:
        within(SECONDS, lambda: project_files(root / "layouts", root, (".html",)))
    messages = [str(problem) for problem in caught.value.problems]
    assert [message.split(":")[0] for message in messages] == [
        "layouts/verset/" + "/".join(["d"] * MAX_FOLDER_DEPTH), "layouts/verset/icons",
        "layouts/verset/out.html", "layouts/verset/pipe.html"]
    assert "MAX_FOLDER_DEPTH" in messages[0] and "FIFO" in messages[3]
    assert not any("SECRET" in message for message in messages)


def test_an_editors_lock_link_is_skipped(root):
    (root / "layouts" / "verset" / ".#verse.html").symlink_to("user@host.1234:1700000000")
    assert project_files(root / "layouts", root) == [root / "layouts/verset/verse.html"]


def test_a_link_as_the_folder_walked_is_refused(root, tmp_path):
    (root / "card_data").symlink_to(tmp_path / "elsewhere")
    assert LINK in refusal(lambda: project_files(root / "card_data", root))


def test_a_font_is_checked_as_every_file_and_read_with_no_link(root, tmp_path):
    fonts = root / "fonts" / "garamond"
    fonts.mkdir(parents=True)
    (fonts / "g.woff").write_bytes(b"wOFF")
    path = project_font(root, fonts / "g.woff", "fonts/garamond/g.woff")
    assert path == root.resolve() / "fonts/garamond/g.woff" and read_resolved(path, "g.woff") == b"wOFF"
    (fonts / "link.woff").symlink_to(fonts / "g.woff")
    assert LINK in refusal(lambda: project_font(root, fonts / "link.woff", "fonts/garamond/link.woff"))
    os.rename(fonts, tmp_path / "garamond-moved")
    (root / "fonts" / "garamond").symlink_to(tmp_path / "garamond-moved")     # swapped after the check
    assert LINK in refusal(lambda: read_resolved(path, "fonts/garamond/g.woff"))


def test_the_fetcher_serves_no_link_even_one_inside_the_project(root, tmp_path):
    icons = root / "layouts" / "icons"
    icons.mkdir()
    (icons / "flame.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" fill="currentColor"/>')
    fetcher = ProjectFetcher(root, icons)
    assert b"<p>verse</p>" in fetcher.fetch(page_url(root, root / "layouts/verset/verse.html")).read()
    assert b"#112233" in fetcher.fetch("pnp-icon:flame/112233").read()
    (root / "layouts" / "linked").symlink_to(root / "layouts" / "verset")
    (root / "layouts" / "away").symlink_to(tmp_path / "elsewhere")
    (icons / "wolf.svg").symlink_to(icons / "flame.svg")
    for url in (page_url(root, root / "layouts/linked/verse.html"), page_url(root, root / "layouts/away/verse.html"),
                "pnp-icon:wolf/112233"):
        with pytest.raises(PermissionError, match="a link") as caught:
            fetcher.fetch(url)
        assert "SECRET" not in str(caught.value)


def test_the_fetcher_checks_the_bytes_it_serves(root):
    icons = root / "layouts" / "icons"
    icons.mkdir()
    bomb = '<svg xmlns="http://www.w3.org/2000/svg"><g id="a"/>' + '<use href="#a"/>' * 1000 + "</svg>"
    (icons / "bomb.svg").write_text(bomb)
    (root / "layouts" / "verset" / "fake.png").write_bytes(b"not a picture")
    fetcher = ProjectFetcher(root, icons)
    with pytest.raises(PermissionError, match="bomb"):
        fetcher.fetch("pnp-icon:bomb/000000")
    with pytest.raises(PermissionError, match="fake.png"):
        fetcher.fetch(page_url(root, root / "layouts/verset/fake.png"))


def test_a_project_names_a_loop_without_a_traceback(root):
    for name in ("card_data", "fonts"):
        (root / name).mkdir()
    project = Project.at(root)
    loop = root / "layouts" / "loop"
    loop.symlink_to(loop)
    assert project.relative(loop / "x.html") == Path("layouts/loop/x.html")


def test_a_project_whose_folders_are_links_is_refused(root, tmp_path):
    (root / "fonts").mkdir()
    (root / "card_data").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(Exception, match="card_data is a link; pnp reads no links inside a project"):
        Project.at(root)


def test_a_swapped_output_file_holds_nothing(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "cards.pdf").write_bytes(b"%PDF-1")
    assert holds(out / "cards.pdf", b"%PDF-1") and not holds(out / "cards.pdf", b"%PDF-2")
    (out / "cards.pdf").unlink()
    (out / "cards.pdf").symlink_to("/dev/zero")
    assert not within(SECONDS, lambda: holds(out / "cards.pdf", b"%PDF-1"))
    (out / "cards.pdf").unlink()
    os.mkfifo(out / "cards.pdf")
    assert not within(SECONDS, lambda: holds(out / "cards.pdf", b"%PDF-1"))


def test_a_cache_entry_that_is_a_link_or_a_fifo_is_no_entry(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home"))
    folder = tmp_path / "project" / "output" / ".cache"
    folder.mkdir(parents=True)
    real = tmp_path / "real.pdf"
    real.write_bytes(signature("k", b"data") + b"\n" + b"data")
    (folder / "k.pdf").write_bytes(real.read_bytes())
    assert read_signed(folder / "k.pdf", "k", tmp_path / "project") == b"data"
    (folder / "k.pdf").unlink()
    (folder / "k.pdf").symlink_to(real)
    assert read_signed(folder / "k.pdf", "k", tmp_path / "project") is None
    (folder / "k.pdf").unlink()
    os.mkfifo(folder / "k.pdf")
    assert within(SECONDS, lambda: read_signed(folder / "k.pdf", "k", tmp_path / "project")) is None


def test_a_folder_swapped_at_any_step_of_a_fetch_never_leaks(root, tmp_path, monkeypatch):
    """The folder the fetched file lies in is swapped for a link to a folder outside right
    after the fetcher's first, second, ... opening: every fetch gives the project's bytes or
    a refusal, never the file outside."""
    pictures = root / "layouts" / "verset" / "pictures"
    pictures.mkdir()
    (pictures / "p.svg").write_text("<svg>project</svg>")
    (tmp_path / "elsewhere" / "p.svg").write_text("<svg>SECRET</svg>")
    fetcher = ProjectFetcher(root, root / "layouts" / "icons")
    real_open, served = os.open, []
    for step in range(1, 7):
        calls = []

        def swapping_open(*args, **kwargs):
            descriptor = real_open(*args, **kwargs)
            calls.append(args[0])
            if len(calls) == step:
                os.rename(pictures, pictures.with_name("pictures-real"))
                pictures.symlink_to(tmp_path / "elsewhere")
            return descriptor
        monkeypatch.setattr(os, "open", swapping_open)
        try:
            served.append(fetcher.fetch(page_url(root, pictures / "p.svg")).read())
        except PermissionError as error:
            assert "SECRET" not in str(error)
            served.append(None)
        finally:
            monkeypatch.setattr(os, "open", real_open)
            if pictures.is_symlink():
                pictures.unlink()
                os.rename(pictures.with_name("pictures-real"), pictures)
    assert set(served) == {None, b"<svg>project</svg>"}, served


def test_a_project_reached_by_a_link_re_pointed_meanwhile_is_read_where_it_now_leads(tmp_path):
    """The project folder's resolution is kept per folder reached (pnp.files._root_forms), not per name."""
    from pnp.files import read_bytes

    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "card.yaml").write_text(name)
    link = tmp_path / "project"
    link.symlink_to(tmp_path / "a")
    assert read_bytes(link / "card.yaml", "card.yaml", link) == b"a"
    link.unlink()
    link.symlink_to(tmp_path / "b")
    assert read_bytes(link / "card.yaml", "card.yaml", link) == b"b"
