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
