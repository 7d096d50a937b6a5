"""A picture a page names is checked as the typesetter's fetcher will read it."""

import pytest

from pnp.project import Project
from pnp.render.named_pictures import image_problems


@pytest.fixture
def project(tmp_path) -> Project:
    for name in ("card_data", "layouts/t", "fonts"):
        (tmp_path / name).mkdir(parents=True)
    (tmp_path / "layouts" / "t" / "fake.png").write_text("not a picture")
    return Project.at(tmp_path)


@pytest.mark.parametrize("src", ["layouts/t/fake.png", "/pnp-project/layouts/t/fake.png",
                                 "../../pnp-project/layouts/t/fake.png", "layouts/t/fake.png?v=1"])
def test_a_file_the_page_reads_is_checked_however_it_is_named(project, src):
    problems = image_problems(project, "t/card.html", f'<img src="{src}">')
    assert len(problems) == 1 and "outside" not in problems[0].found, problems


@pytest.mark.parametrize("src", [f"{'../' * 2}elsewhere/layouts/t/fake.png", "/etc/passwd", "file:///etc/passwd",
                                 "//example.com/x.png", "https://example.com/x.png"])
def test_a_name_the_fetcher_refuses_is_refused_by_the_check(project, src):
    problems = image_problems(project, "t/card.html", f'<img src="{src}">')
    assert len(problems) == 1 and "outside the project" in problems[0].found, problems


@pytest.mark.parametrize("src, offered", [("layouts/t/fkae.png", "'layouts/t/fake.png'"),       # a typo
                                          ("layouts/art/fake.png", "'layouts/t/fake.png'"),     # another folder
                                          ("t/fake.png", "'layouts/t/fake.png'"),               # from the page's folder
                                          ("layouts/t/dragon.png", "No picture of layouts/")])
def test_a_picture_that_is_not_there_is_answered_with_the_nearest_that_are(project, src, offered):
    (problem,) = image_problems(project, "t/card.html", f'<img src="{src}">')
    assert offered in problem.fix, problem


def test_a_stylesheets_picture_is_offered_as_the_sheet_names_it(project):
    from pnp.render.named_pictures import sheet_picture_problems

    sheet = project.layouts / "t" / "cards.css"
    (problem,) = sheet_picture_problems(project, sheet, "layouts/t/cards.css", ".card { background: url(fkae.png) }")
    assert problem.fix == "Did you mean 'fake.png'?", problem


def test_a_picture_named_outside_layouts_that_is_not_there_is_said_not_there(project):
    (problem,) = image_problems(project, "t/card.html", '<img src="art/fake.png">')
    assert problem.found.startswith("nothing there (a page reads pictures from layouts/ and fonts/ only")
    (tmp := project.root / "art").mkdir()
    (tmp / "fake.png").write_text("x")
    (problem,) = image_problems(project, "t/card.html", '<img src="art/fake.png">')
    assert problem.found.startswith("a file outside layouts/ and fonts/")
