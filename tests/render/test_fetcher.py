import pytest

from pnp.render.fetcher import ProjectFetcher
from pnp.render.icons import icon_url
from tests.conftest import ROOT


@pytest.fixture
def fetcher():
    return ProjectFetcher(ROOT, ROOT / "layouts" / "icons")


def test_project_files_are_served(fetcher):
    response = fetcher.fetch((ROOT / "layouts" / "fonts" / "rye.css").as_uri())
    assert b"@font-face" in response.read()


def test_icons_come_in_the_colour_asked(fetcher):
    svg = fetcher.fetch(icon_url("flame", "#3F8FF0")).read().decode()
    assert "#3f8ff0" in svg and "currentColor" not in svg


@pytest.mark.parametrize("url", ["file:///etc/passwd", "https://example.com/font.woff",
                                 "data:text/css,body{}", f"file://{ROOT}/../secret.txt",
                                 "pnp-icon:../../etc/passwd/000000"])
def test_anything_outside_the_project_is_refused(fetcher, url):
    with pytest.raises(PermissionError):
        fetcher.fetch(url)


def jpeg_saying(path, words: str) -> None:
    from PIL import Image

    Image.new("RGB", (8, 8), (200, 40, 40)).save(path, "JPEG", comment=words.encode())


def test_a_picture_is_drawn_from_the_bytes_read_not_read_again_by_name(tmp_path):
    """WeasyPrint reads a `file:` picture again by name when it writes the PDF, unless the
    response has no path: a file replaced (or a folder swapped for a link) after the fetch
    must not reach the page."""
    from weasyprint import HTML

    jpeg_saying(tmp_path / "picture.jpg", "the bytes that were checked")
    fetcher = ProjectFetcher(tmp_path, tmp_path / "icons")
    assert fetcher.fetch((tmp_path / "picture.jpg").as_uri()).path is None
    document = HTML(string='<img src="picture.jpg">', base_url=f"{tmp_path}/", url_fetcher=fetcher).render()
    jpeg_saying(tmp_path / "other.jpg", "bytes never checked")
    (tmp_path / "other.jpg").replace(tmp_path / "picture.jpg")
    pdf = document.write_pdf()
    assert b"the bytes that were checked" in pdf and b"bytes never checked" not in pdf
