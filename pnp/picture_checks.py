"""The check every picture passes before the typesetter sees it: a raster image by its header,
an SVG by what it draws.

An SVG is drawn by expanding it: each `<use>` draws a copy of what it names, which may hold
more `<use>`s; a marker is drawn at every vertex of a path; a pattern or a gradient is drawn
wherever it is named. So the check counts the elements the SVG draws once expanded (memoised
over the elements, a reference loop refused), not the elements it holds: forty levels of ten
`<use>` each are 400 elements in the file and 10^40 to draw. An SVG may refer only to its own
parts (`#id`): a link to a file or a URL, an `@import` or a document type with entities is
refused.
"""

import html
import io
import re
import warnings
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field

from pnp.limits import MAX_FILE_BYTES, MAX_HTML_DEPTH, MAX_IMAGE_PIXELS, MAX_SVG_ELEMENTS, MAX_SVG_USES
from pnp.tags import ATTRIBUTE, html_tags


USE_ELEMENT = re.compile(rb"<(?:[a-zA-Z0-9_-]+:)?use\b")
DOCUMENT_TYPE = re.compile(rb"<!(?:DOCTYPE|ENTITY)", re.I)
OBJECT_ADDRESS = re.compile(r" ?<[\w.]+ object at 0x[0-9a-f]+>")
URL_REFERENCE = re.compile(r"""url\(\s*['"]?\s*([^)'"\s]*)""", re.I)
CSS_IMPORT = re.compile(r"@import\b", re.I)
NUMBER = re.compile(r"[-+]?(?:\d*\.\d+|\d+\.?)(?:[eE][-+]?\d+)?")
HREFS = ("href", "xlink:href", "{http://www.w3.org/1999/xlink}href")
PAINTED_BY_NAME = {"lineargradient", "radialgradient", "pattern", "clippath", "mask", "filter"}
INHERITING = {"lineargradient", "radialgradient", "pattern"}
SVG_START = re.compile(rb"\s*(?:\xef\xbb\xbf)?\s*<")             # XML: an SVG, whatever its name


def _opened(source):
    """What Pillow may open: a path, a file object, or bytes."""
    return io.BytesIO(source) if isinstance(source, (bytes, bytearray)) else source


def image_problem(source) -> str | None:
    """Why a raster image (a path, a file object or its bytes) may not be drawn (more pixels
    than MAX_IMAGE_PIXELS, not an image), or None. Only the header is read, so a decompression
    bomb costs nothing; Pillow's own bomb warning and error become this answer, whatever
    warning filter the process set."""
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(_opened(source)) as image:
                width, height = image.size
    except Image.DecompressionBombError as error:
        match = re.search(r"\((\d+) pixels\)", str(error))
        pixels = f"{int(match.group(1)):,} pixels" if match else "too many pixels"
        return f"{pixels}, more than {MAX_IMAGE_PIXELS:,} (MAX_IMAGE_PIXELS)"
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError) as error:
        words = OBJECT_ADDRESS.sub("", str(error)).strip() or type(error).__name__
        return f"not an image pnp can read ({words})"
    if width * height > MAX_IMAGE_PIXELS:
        return f"{width} x {height} pixels, more than {MAX_IMAGE_PIXELS:,} (MAX_IMAGE_PIXELS)"
    if width * height == 0:
        return f"{width} x {height} pixels, an image with nothing in it"
    return None


def _svg_bytes(source) -> tuple[bytes | None, str | None]:
    """The SVG's bytes (from bytes, a path or a file already read), or why they are refused."""
    if isinstance(source, (bytes, bytearray)):
        data = bytes(source)
    else:
        size = source.stat().st_size
        if size > MAX_FILE_BYTES:
            return None, f"{size:,} bytes, more than {MAX_FILE_BYTES:,} (MAX_FILE_BYTES)"
        data = source.read_bytes()
    if len(data) > MAX_FILE_BYTES:
        return None, f"{len(data):,} bytes, more than {MAX_FILE_BYTES:,} (MAX_FILE_BYTES)"
    return data, None


def svg_problem(source) -> str | None:
    """Why an SVG file (its bytes, a path, or a file already read) may not be drawn, or None:
    too large, a document type (entities), unreadable XML, a reference outside itself, a
    reference loop, too many `<use>` elements or too many elements to draw once expanded."""
    data, problem = _svg_bytes(source)
    if problem:
        return problem
    uses = len(USE_ELEMENT.findall(data))
    if uses > MAX_SVG_USES:
        return f"{uses} <use> elements, more than {MAX_SVG_USES} (MAX_SVG_USES)"
    if DOCUMENT_TYPE.search(data):
        return "a <!DOCTYPE or <!ENTITY declaration, which an SVG needs none of"
    try:
        root = ElementTree.fromstring(data)
    except (ElementTree.ParseError, ValueError) as error:
        return f"not an SVG pnp can read ({error})"
    return _drawing_problem(_tree_of_elements(root))


def picture_problem(data: bytes, name: str) -> str | None:
    """Why a picture (its bytes as read) may not be drawn, or None: checked by what it holds,
    not by its name, so an SVG renamed .txt is still refused its entities and <use> bombs."""
    if name.lower().endswith(".svg") or SVG_START.match(data):
        return svg_problem(data)
    return image_problem(data)


def inline_svg_problem(text: str) -> str | None:
    """Why an `<svg>` written in a page's HTML may not be drawn, or None (the checks of
    `svg_problem`, on the element as the HTML parser reads it)."""
    uses = len(USE_ELEMENT.findall(text.encode("utf-8", "replace")))
    if uses > MAX_SVG_USES:
        return f"{uses} <use> elements, more than {MAX_SVG_USES} (MAX_SVG_USES)"
    return _drawing_problem(_tree_of_tags(text))


@dataclass
class _Node:
    tag: str
    attributes: dict
    children: list = field(default_factory=list)
    text: str = ""


def _local(name: str) -> str:
    return name.rsplit("}", 1)[-1].rsplit(":", 1)[-1].lower()


def _tree_of_elements(root) -> list[_Node]:
    """The SVG's elements in document order, each with its children's indexes."""
    nodes: list[_Node] = []
    stack = [(root, None)]
    while stack:
        element, parent = stack.pop()
        nodes.append(_Node(_local(element.tag) if isinstance(element.tag, str) else "", dict(element.attrib),
                           text=element.text or ""))
        if parent is not None:
            nodes[parent].children.append(len(nodes) - 1)
        stack.extend((child, len(nodes) - 1) for child in reversed(list(element)))
    return nodes


def _tree_of_tags(text: str) -> list[_Node]:
    """The elements of an SVG written in HTML, read tag by tag as the HTML parser reads them."""
    nodes: list[_Node] = []
    open_nodes: list[int] = []
    previous_end = 0
    for tag in html_tags(text):
        if open_nodes:
            nodes[open_nodes[-1]].text += text[previous_end:tag.start]
        previous_end = tag.end
        if tag.closing:
            if open_nodes:
                open_nodes.pop()
            continue
        values = {match.group(1): html.unescape(next((v for v in match.groups()[1:] if v is not None), ""))
                  for match in ATTRIBUTE.finditer(tag.attributes)}
        nodes.append(_Node(_local(tag.name), values))
        if open_nodes:
            nodes[open_nodes[-1]].children.append(len(nodes) - 1)
        if not tag.self_closing:
            open_nodes.append(len(nodes) - 1)
    return nodes


def _href(node: _Node) -> str | None:
    return next((node.attributes[name] for name in HREFS if name in node.attributes), None)


def _outside_reference(nodes: list[_Node]) -> str | None:
    """A reference to anything but a part of the SVG itself (`#id`), or an `@import`."""
    for node in nodes:
        href = _href(node)
        if href is not None and not href.strip().startswith("#"):
            return f"a link to '{href.strip()[:40]}' in <{node.tag}>"
        texts = list(node.attributes.values()) + ([node.text] if node.tag == "style" else [])
        for value in texts:
            if node.tag == "style" and CSS_IMPORT.search(value):
                return "an @import in <style>"
            for target in URL_REFERENCE.findall(value):
                if not target.startswith("#"):
                    return f"a link to '{target[:40]}' in <{node.tag}>"
    return None


def _vertices(node: _Node) -> int:
    return len(NUMBER.findall(node.attributes.get("d", "") + " " + node.attributes.get("points", ""))) // 2 + 2


def _referenced(value: str) -> list[str]:
    return [target[1:] for target in URL_REFERENCE.findall(value) if target.startswith("#")]


def _successors(nodes: list[_Node], ids: dict) -> list[list[tuple[int, int]]]:
    """For each element, what drawing it draws (element index, times): its children, what its
    `<use>` or inherited `href` names, the paint servers it is painted with, its markers at
    each vertex. A rule of a <style> that names a paint server or a marker may apply to any
    element, so it counts for every one."""
    styled = " ".join(node.text for node in nodes if node.tag == "style")
    everywhere = [ids[name] for name in _referenced(styled) if name in ids]
    markers_everywhere = "marker" in styled.lower()
    marker_nodes = [index for index, node in enumerate(nodes) if node.tag == "marker"]
    drawn = []
    for node in nodes:
        edges = [(child, 1) for child in node.children]
        href = (_href(node) or "").strip()
        if href.startswith("#") and href[1:] in ids and (node.tag == "use" or node.tag in INHERITING):
            edges.append((ids[href[1:]], 1))
        vertices = _vertices(node)
        for value in node.attributes.values():
            for target in (ids[name] for name in _referenced(value) if name in ids):
                if nodes[target].tag == "marker":
                    edges.append((target, vertices))
                elif nodes[target].tag in PAINTED_BY_NAME:
                    edges.append((target, 1))
        edges += [(target, 1) for target in everywhere if nodes[target].tag != "marker"]
        if markers_everywhere and ("d" in node.attributes or "points" in node.attributes):
            edges += [(marker, vertices) for marker in marker_nodes]
        drawn.append(edges)
    return drawn


class _Loop(Exception):
    pass


def _drawn_elements(nodes: list[_Node], successors, root: int = 0) -> int:
    """How many elements drawing `root` draws, each shared part counted once per time it is
    drawn; an element that draws itself (through any chain of references) raises _Loop.
    Depth-first without recursion; counts stop growing past MAX_SVG_ELEMENTS."""
    cap = MAX_SVG_ELEMENTS + 1
    counted: dict[int, int] = {}
    entered: set[int] = set()
    stack = [root]
    while stack:
        index = stack[-1]
        if index in counted:
            stack.pop()
        elif index not in entered:
            entered.add(index)
            for following, _ in successors[index]:
                if following in entered and following not in counted:
                    raise _Loop
                if following not in counted:
                    stack.append(following)
        else:
            stack.pop()
            counted[index] = min(cap, 1 + sum(times * counted[following] for following, times in successors[index]))
    return counted.get(root, 0)


def _depth(nodes: list[_Node]) -> int:
    deepest, stack = 0, [(0, 1)] if nodes else []
    while stack:
        index, level = stack.pop()
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in nodes[index].children)
    return deepest


RUNNING_SVG_ELEMENTS = ("script", "foreignobject", "iframe", "object", "embed", "handler", "listener")


def _running(nodes: list[_Node]) -> str | None:
    """A script, a handler or HTML embedded in the SVG: a picture runs nothing (an icon the
    site publishes as a file would run it at the site's address, opened on its own)."""
    for node in nodes:
        if node.tag in RUNNING_SVG_ELEMENTS:
            return f"a <{node.tag}> element"
        handler = next((name for name in node.attributes if _local(name).startswith("on")), None)
        if handler:
            return f"an {_local(handler)}= handler on <{node.tag}>"
    return None


def _drawing_problem(nodes: list[_Node]) -> str | None:
    running = _running(nodes)
    if running:
        return f"{running}, which a picture may not hold: an SVG draws, it runs nothing"
    outside = _outside_reference(nodes)
    if outside:
        return f"{outside}; an SVG may refer only to its own parts (#id)"
    if _depth(nodes) > MAX_HTML_DEPTH:
        return f"elements nested more than {MAX_HTML_DEPTH} deep (MAX_HTML_DEPTH)"
    ids: dict = {}
    for index, node in enumerate(nodes):
        if "id" in node.attributes:
            ids.setdefault(node.attributes["id"], index)
    try:
        drawn = _drawn_elements(nodes, _successors(nodes, ids))
    except _Loop:
        return "a <use> or a reference that draws itself (a loop)"
    if drawn > MAX_SVG_ELEMENTS:
        return f"more than {MAX_SVG_ELEMENTS:,} elements with its <use>s (MAX_SVG_ELEMENTS)"
    return None
