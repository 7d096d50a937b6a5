"""Every picture a page or a stylesheet names (an <img>, a `url()` in its CSS) is a file inside
the project that pnp can draw, read as the typesetter's fetcher reads it."""

import re
from pathlib import Path, PurePosixPath
from urllib.parse import urljoin

from pnp.errors import DataError, Problem
from pnp.files import read_bytes
from pnp.picture_checks import picture_problem
from pnp.project import Project
from pnp.render.css_text import parsed, rule_tokens, without_font_faces
from pnp.render.readable import outside_readable, page_file, page_url
from pnp.tags import tag_list


PICTURE_ATTRIBUTES = {"img": "src", "embed": "src", "object": "data"}   # what the typesetter draws as a picture
CSS_URL = re.compile(r"""url\(\s*+(?:&#3[49];|&quot;|["'])?+([^"')&\s]{1,4096}+)""")


PICTURE_SUFFIXES = (".svg", ".png", ".jpg", ".jpeg", ".webp", ".gif")
NAME_CUTOFF = 0.75      # a file name this near the one asked for is offered, whatever its folder


def _picture_problem(project: Project, url: str, base: Path | None = None) -> tuple[str, str] | None:
    """(why, how to fix it) when the picture at `url` (as a page names it, from the project folder,
    or from `base` for a stylesheet) cannot be drawn, read as the typesetter's fetcher reads it."""
    if url.startswith("data:"):
        return "a picture written into the page (data:); pnp reads pictures from files of the project only", ""
    path = page_file(project.root, url)
    if path is None:
        return "a file outside the project (or on the network)", ""
    relative = path.relative_to(project.root)
    refused = outside_readable(relative)
    if refused and not path.exists():
        return ("nothing there (a page reads pictures from layouts/ and fonts/ only, named from the project folder: "
                "layouts/GAME/x.png)", _closest_pictures(project, relative, base))
    if refused:
        return refused, _closest_pictures(project, relative, base)
    try:
        data = read_bytes(path, str(relative), project.root)
    except DataError as error:
        return error.problems[0].found or "a file pnp cannot read", _closest_pictures(project, relative, base)
    why = picture_problem(data, path.name)
    return (why, "") if why else None


def _closest_pictures(project: Project, wanted: Path, base: Path | None) -> str:
    """"Did you mean ...?" with the pictures of layouts/ whose file name is near the one asked for
    (in any folder, the nearest path first), named as the page or sheet names them."""
    import difflib
    import os

    from pnp.files import project_files
    from pnp.suggest import CLOSEST, closest

    try:
        pictures = [path.relative_to(project.root).as_posix()
                    for path in project_files(project.layouts, project.root, PICTURE_SUFFIXES)]
    except DataError:
        return ""
    by_name = set(difflib.get_close_matches(wanted.name.casefold(), {PurePosixPath(p).name.casefold() for p in pictures},
                                            n=CLOSEST, cutoff=NAME_CUTOFF))
    named = [p for p in pictures if PurePosixPath(p).name.casefold() in by_name]      # in any folder
    near = list(dict.fromkeys((closest(wanted.as_posix(), named, len(named)) if named else []) + named))[:CLOSEST]
    if not near:
        return "No picture of layouts/ has a name near it: put the file in layouts/GAME/ and name it from there"
    folder = base.relative_to(project.root) if base is not None else Path()
    shown = [os.path.relpath(p, folder.as_posix() or ".") for p in near]
    return "Did you mean " + " or ".join(f"'{name}'" for name in shown) + "?"


def _marked_line(tag) -> int | None:
    mark = tag.attribute("data-pnp-at")
    line = mark.rpartition(":")[2] if mark else ""
    return int(line) if line.isdigit() else None


def _pictures_named(html: str) -> list[tuple[str, int | None]]:
    """(URL, layout line) of each picture a page names: an <img>'s or <embed>'s `src`, an
    <object>'s `data`, a `url()` in a style attribute or a <style> element (outside its
    @font-face rules)."""
    found = []
    tags = tag_list(html)
    for index, tag in enumerate(tags):
        if tag.closing:
            continue
        urls = [tag.attribute(PICTURE_ATTRIBUTES[tag.name]) or ""] if tag.name in PICTURE_ATTRIBUTES else []
        urls += CSS_URL.findall(tag.attribute("style") or "") if "style" in tag.attributes else []
        if tag.name == "style" and tag.raw_text:
            end = tags[index + 1].start if index + 1 < len(tags) else len(html)
            urls += CSS_URL.findall(without_font_faces(html[tag.end:end]))
        found += [(url, _marked_line(tag)) for url in urls if url]
    return found


def image_problems(project: Project, template_name: str, html: str) -> list[Problem]:
    """Every picture a page names (an <img>, a `url()` in its CSS) is a file inside the project
    that pnp can draw."""
    found, seen = [], set()
    for url, line in _pictures_named(html):
        if url.startswith(("pnp-icon:", "#")) or url in seen:
            continue
        seen.add(url)
        problem = _picture_problem(project, url)
        if problem:
            found.append(Problem(f"layouts/{template_name}", line, f"picture '{url}'", "a picture of layouts/ "
                                 "that pnp can draw", *problem))
    return found


def sheet_picture_problems(project: Project, path: Path, shown: str, css: str) -> list[Problem]:
    """Every picture a stylesheet names outside its @font-face rules (a background, a list
    marker) is a file inside the project that pnp can draw; its URL is read from the sheet's
    folder, as the typesetter reads it."""
    found = []
    for rule in parsed(css):
        if rule.type == "at-rule" and rule.lower_at_keyword in ("font-face", "import"):
            continue
        for token in rule_tokens([rule]):
            url = token.value if token.type == "url" else (
                next((argument.value for argument in token.arguments if argument.type == "string"), None)
                if token.type == "function" and token.lower_name == "url" else None)
            if not url or url.startswith(("#", "pnp-icon:")):
                continue
            problem = _picture_problem(project, urljoin(page_url(project.root, path), url), path.parent)
            if problem:
                found.append(Problem(shown, token.source_line, f"url('{url}')", "a picture of layouts/ "
                                     "that pnp can draw", *problem))
    return found


def linked_sheet_problems(project: Project, template_name: str, html: str) -> list[Problem]:
    """Every stylesheet a page links is a file of layouts/ (a computer's own path, or the
    network, passed `pnp check` and was refused by the build's fetcher)."""
    found = []
    for tag in tag_list(html):
        rel = (tag.attribute("rel") or "").lower().split()
        href = tag.attribute("href") or ""
        if tag.closing or tag.name != "link" or "stylesheet" not in rel or not href or "{" in href:
            continue
        path = page_file(project.root, href)
        why = ("a file outside the project (or on the network)" if path is None
               else outside_readable(path.relative_to(project.root)) or (None if path.is_file() else "no such file"))
        if why:
            found.append(Problem(f"layouts/{template_name}", _marked_line(tag), f"stylesheet '{href}'",
                                 "a stylesheet of layouts/, named from the project folder (layouts/GAME/x.css)", why))
    return found
