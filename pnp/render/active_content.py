"""Markup that would run in a reader's browser: a script, an event handler, a script URL.

A game's chapters and example figures are HTML of the designer's (a stranger's, for a game
downloaded from anywhere), and the rules reference publishes them on the download site. `pnp
check` and every build refuse what would run there, at the line it comes from (each tag of a
chapter or a layout carries `data-pnp-at="FILE:LINE"`, pnp.render.source_lines); the site
also passes its pages' HTML through an allow-list sanitiser and forbids inline script (pnp.site
.sanitise). The tags are read as the HTML parser reads them (pnp.tags), attribute values
unescaped as it unescapes them."""

import re

from pnp.errors import Problem
from pnp.tags import ATTRIBUTE, html_tags

RUNNING_ELEMENTS = frozenset({"script", "iframe", "frame", "frameset", "object", "embed", "applet", "base"})
RUNNING_ATTRIBUTES = frozenset({"srcdoc"})                   # HTML of its own, scripts and all
SCRIPT_SCHEMES = ("javascript:", "vbscript:", "livescript:")
RUNNING_DATA = ("html", "xml", "svg", "script")             # in a data: URL's media type
IGNORED_IN_URLS = re.compile(r"[\x00-\x20\x7f]+")           # what a browser skips in a URL's scheme
SOURCE_MARK = re.compile(r'data-pnp-at="([^"]*):(\d+)"')
ACTIVE_EXPECTED = "text and markup that run nothing in a reader's browser"
ACTIVE_FIX = ("Remove it: the rules reference publishes this on the download site, where it would run in the "
              "browser of everyone who reads the rules")


def _running_url(value: str) -> bool:
    """A URL whose page would run script: a script scheme, or data: holding markup or script
    (data:image/png and data:, are pictures and text)."""
    url = IGNORED_IN_URLS.sub("", value).lower()
    if url.startswith("data:"):
        media_type = url[5:].split(",", 1)[0].split(";", 1)[0]
        return any(kind in media_type for kind in RUNNING_DATA)
    return url.startswith(SCRIPT_SCHEMES)


def _attribute_names(attributes: str):
    for match in ATTRIBUTE.finditer(attributes):
        yield match.group(1).lower()


def active_markup(html: str) -> list[tuple[int, str]]:
    """(position, what) of each script, handler or script URL of the HTML, in order."""
    found = []
    for tag in html_tags(html):
        if tag.closing:
            continue
        local = tag.name.rsplit(":", 1)[-1]
        if local in RUNNING_ELEMENTS:
            found.append((tag.start, f"a <{tag.name}> element"))
        for name in dict.fromkeys(_attribute_names(tag.attributes)):
            local_name = name.rsplit(":", 1)[-1]
            if local_name.startswith("on") or local_name in RUNNING_ATTRIBUTES:
                found.append((tag.start, f"{name}= on a <{tag.name}>"))
            elif _running_url(tag.attribute(name) or ""):
                scheme = IGNORED_IN_URLS.sub("", tag.attribute(name) or "").split(":", 1)[0].lower()
                found.append((tag.start, f"a {scheme}: URL in {name}= of a <{tag.name}>"))
    return found


def active_markup_problems(html: str, shown: str) -> list[Problem]:
    """Each script, handler or script URL of the HTML as a problem at the chapter or layout line
    its tag comes from (the nearest mark before it), else at `shown`."""
    problems = []
    for position, what in active_markup(html):
        marks = list(SOURCE_MARK.finditer(html, 0, html.find(">", position) + 1))
        file, line = (marks[-1].group(1), int(marks[-1].group(2))) if marks else (shown, None)
        problems.append(Problem(file, line, "(html)", ACTIVE_EXPECTED, what, ACTIVE_FIX))
    return list(dict.fromkeys(problems))
