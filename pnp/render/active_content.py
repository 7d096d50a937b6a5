"""Markup that would run in a reader's browser: a script, an event handler, a script URL.

A game's chapters and example figures are HTML of the designer's (a stranger's, for a game
downloaded from anywhere), and the rules reference publishes them on the download site. `pnp
check` and every build refuse what would run there, at the line it comes from (each tag of a
chapter or a layout carries `data-pnp-at="FILE:LINE"`, pnp.render.source_lines); the site
also passes its pages' HTML through an allow-list sanitiser and forbids inline script (pnp.site
.sanitise). The HTML is read by a browser's parser (tinyhtml5, the one WeasyPrint uses): a
stray </svg> in <math> or a <style> in foreign content is read as a browser reads it."""

import re

from pnp.errors import Problem
from pnp.render.html_parser import parse_html

RUNNING_ELEMENTS = frozenset({"script", "iframe", "frame", "frameset", "object", "embed", "applet", "base"})
RUNNING_ATTRIBUTES = frozenset({"srcdoc"})                   # HTML of its own, scripts and all
# Attributes that hold a URL a reader's browser may open (href as xlink:href too); no other is read as one
URL_ATTRIBUTES = frozenset({"href", "src", "action", "formaction", "data", "poster", "background", "codebase",
                            "srcset", "dynsrc", "lowsrc", "ping"})
PICTURE_ELEMENTS = frozenset({"img", "image", "source", "picture", "video", "audio", "track", "input"})
# SVG animation sets an attribute of its parent to a value of its own: a `<set attributeName=href
# to="javascript:...">` writes a script URL no attribute of the markup holds
ANIMATION_ELEMENTS = frozenset({"set", "animate", "animatemotion", "animatetransform", "animatecolor"})
SCRIPT_SCHEMES = ("javascript:", "vbscript:", "livescript:")
RUNNING_DATA = ("html", "xml", "svg", "script")             # in a data: URL's media type
IGNORED_IN_URLS = re.compile(r"[\x00-\x20\x7f]+")           # what a browser skips in a URL's scheme
ACTIVE_EXPECTED = "text and markup that run nothing in a reader's browser"
ACTIVE_FIX = ("Remove it: the rules reference publishes this on the download site, where it would run in the "
              "browser of everyone who reads the rules")


def _running_url(value: str, picture: bool) -> bool:
    """A URL whose page would run script: a script scheme, or a data: URL of markup or script
    (a picture's own data: URL, even an SVG, runs nothing where a picture is drawn)."""
    url = IGNORED_IN_URLS.sub("", value).lower()
    if url.startswith("data:"):
        media_type = url[5:].split(",", 1)[0].split(";", 1)[0]
        return not (picture and media_type.startswith("image/")) and any(kind in media_type for kind in RUNNING_DATA)
    return url.startswith(SCRIPT_SCHEMES)


def _local(name: str) -> str:
    return name.rsplit("}", 1)[-1].rsplit(":", 1)[-1].lower()


def _elements(html: str):
    """(element, the nearest `data-pnp-at` mark on it or around it) of the HTML as a browser's
    parser builds it (tinyhtml5, WeasyPrint's own: foreign content, stray end tags and all)."""
    waiting = [(parse_html(html), None)]
    while waiting:
        element, mark = waiting.pop()
        if not isinstance(element.tag, str):
            continue                                   # a comment
        mark = element.get("data-pnp-at") or mark
        yield element, mark
        waiting.extend((child, mark) for child in reversed(list(element)))


def active_markup(html: str, allowed=lambda element: False) -> list[tuple[str | None, str]]:
    """(the mark of the line it comes from, what) of each script, handler, script URL or
    refresh of the HTML, in order; an element `allowed` says is the site's own is passed."""
    found = []
    for element, mark in _elements(html):
        name = _local(element.tag)
        shown = element.tag.rsplit("}", 1)[-1]
        if name in RUNNING_ELEMENTS and not allowed(element):
            found.append((mark, f"a <{shown}> element"))
        if name == "meta" and (element.get("http-equiv") or "").strip().lower() == "refresh":
            found.append((mark, "a <meta http-equiv=refresh> (it sends the reader elsewhere)"))
        animated = _local(element.get("attributeName") or element.get("attributename") or "")
        if name in ANIMATION_ELEMENTS and (animated in URL_ATTRIBUTES or animated.startswith("on")):
            found.append((mark, f"an SVG <{shown}> setting {animated}= (it writes a link or a handler)"))
        for attribute, value in element.attrib.items():
            local = _local(attribute)
            if local.startswith("on") or local in RUNNING_ATTRIBUTES:
                found.append((mark, f"{local}= on a <{shown}>"))
            elif local in URL_ATTRIBUTES and _running_url(value, name in PICTURE_ELEMENTS and local == "src"):
                scheme = IGNORED_IN_URLS.sub("", value).split(":", 1)[0].lower()
                found.append((mark, f"a {scheme}: URL in {local}= of a <{shown}>"))
    return found


def active_markup_problems(html: str, shown: str) -> list[Problem]:
    """Each script, handler, script URL or refresh of the HTML as a problem at the chapter or
    layout line its element comes from (its mark, or its nearest marked ancestor's), else at
    `shown`."""
    problems = []
    for mark, what in active_markup(html):
        file, _, line = (mark or "").rpartition(":")
        file, line = (file, int(line)) if file and line.isdigit() else (shown, None)
        problems.append(Problem(file, line, "(html)", ACTIVE_EXPECTED, what, ACTIVE_FIX))
    return list(dict.fromkeys(problems))
