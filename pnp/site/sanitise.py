"""Nothing of a project runs in the browser of a reader of its download site.

A project is anyone's folder: its chapters, example figures and site templates are HTML of a
stranger's. `pnp check` refuses a script, handler or script URL in chapters and layouts
(pnp.render.active_content); here, what the site publishes is made safe whatever got past it:
- the rules' text and the examples go through nh3 (an allow-list sanitiser: the tags and
  attributes prose and figures use, links to the web, the site and mail only);
- a page's only scripts are pnp's own (the search, from pnp's package): any other script,
  handler or script URL a site template writes is refused at that template;
- every page forbids any other script (a Content-Security-Policy in its head, and in the
  headers of `pnp serve`): scripts of the site's folder only, no inline script, no plugin, no
  frame, no <base>.
"""

import re

import nh3
from markupsafe import Markup

from pnp.errors import DataError, Problem
from pnp.render.active_content import ACTIVE_EXPECTED, IGNORED_IN_URLS, active_markup
from pnp.tags import html_tags

# pnp's scripts, where a page names them: the search (from pnp's package) and the reference's index
SITE_SCRIPT = re.compile(r"(?:\.\./)*(?:minisearch|search)\.js|search-index\.js")
CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                           "img-src 'self' data:; font-src 'self'; object-src 'none'; frame-src 'none'; "
                           "base-uri 'none'; form-action 'self'; connect-src 'none'")
POLICY_META = f'<meta http-equiv="Content-Security-Policy" content="{CONTENT_SECURITY_POLICY}">'

PROSE_TAGS = (nh3.ALLOWED_TAGS - {"area", "map"}) | {"section", "caption", "tfoot"}
PROSE_ATTRIBUTES = {
    "*": {"class", "id", "title", "lang", "dir", "role", "aria-label", "aria-hidden", "aria-describedby", "style"},
    "a": {"href", "hreflang"},
    "img": {"src", "alt", "width", "height", "loading"},
    "ol": {"start", "reversed", "type"},
    "td": {"colspan", "rowspan", "headers"},
    "th": {"colspan", "rowspan", "headers", "scope", "abbr"},
    "col": {"span"}, "colgroup": {"span"},
    "details": {"open"},
    "time": {"datetime"}, "data": {"value"},
}
PROSE_SCHEMES = {"http", "https", "mailto", "data"}       # data: only for a picture (_kept_url)
# A picture written into the page: drawn where a picture is drawn, it runs nothing (an SVG
# shown by <img> runs no script); any other data: URL is dropped.
PICTURE_DATA = re.compile(r"data:image/(?:png|jpeg|gif|webp|avif|svg\+xml)[;,]")
# What a style attribute may set: the figures' layout and the text's look (a picture it names
# could only come from the site itself: img-src 'self').
STYLE_PROPERTIES = {
    "position", "top", "right", "bottom", "left", "width", "height", "min-width", "max-width", "min-height",
    "max-height", "margin", "margin-top", "margin-right", "margin-bottom", "margin-left", "padding", "padding-top",
    "padding-right", "padding-bottom", "padding-left", "display", "float", "clear", "transform", "z-index",
    "font-size", "font-style", "font-weight", "font-family", "line-height", "text-align", "vertical-align",
    "white-space", "color", "background", "background-color", "opacity", "border", "border-color", "border-width",
    "border-style", "border-radius", "border-top", "border-right", "border-bottom", "border-left"}


# A URL naming another host without a scheme ("//host/x", "\\host\x": a browser reads a
# backslash as a slash): on a site opened from disk it is file://host/x, a network share
NETWORK_PATH = re.compile(r"[/\\]{2}")
# What a style attribute may not say: a box fixed to the window (a link over the whole page)
FIXED_POSITION = ("fixed", "sticky")


def _kept_style(value: str) -> str:
    """A style attribute less its `position: fixed` or `sticky` (read as the browser reads it,
    escapes and all); nh3 keeps then only the allowed properties of the rest."""
    import tinycss2

    kept = [declaration for declaration in tinycss2.parse_blocks_contents(value, skip_whitespace=True,
                                                                          skip_comments=True)
            if declaration.type == "declaration" and not (
                declaration.lower_name == "position"
                and any(getattr(token, "lower_value", None) in FIXED_POSITION for token in declaration.value))]
    return "; ".join(f"{declaration.name}: {tinycss2.serialize(declaration.value).strip()}"
                     + (" !important" if declaration.important else "") for declaration in kept)


def _kept_url(element: str, attribute: str, value: str) -> str | None:
    """An attribute as nh3 passes it, less a data: URL anywhere but a picture's source, a URL of
    another host without its scheme, a style fixed to the window and the chapters' source marks
    (data-pnp-at, FILE:LINE of the designer's files)."""
    if attribute == "data-pnp-at":
        return None
    if attribute == "style":
        return _kept_style(value)
    url = IGNORED_IN_URLS.sub("", value).lower()
    if url.startswith("data:") and not (element == "img" and attribute == "src" and PICTURE_DATA.match(url)):
        return None
    if attribute in ("href", "src") and NETWORK_PATH.match(url):
        return None
    return value


def sanitised(html: str) -> Markup:
    """A project's HTML as the site may publish it: nh3's allow-list of prose and figures (ids,
    classes and data- attributes kept for the anchors, the styles and the card pictures; a
    picture written into the chapter as a data: URL kept, as the printed rulebook shows it)."""
    return Markup(nh3.clean(str(html), tags=PROSE_TAGS, attributes=PROSE_ATTRIBUTES, url_schemes=PROSE_SCHEMES,
                            generic_attribute_prefixes={"data-"}, filter_style_properties=STYLE_PROPERTIES,
                            attribute_filter=_kept_url, link_rel=None, strip_comments=True))


def _own_script(element) -> bool:
    """A `<script src="...">` of pnp's own files, nothing written inside it."""
    return (element.tag == "script" and SITE_SCRIPT.fullmatch(element.get("src") or "") is not None
            and not (element.text or "").strip() and len(element) == 0)


def published_page(html: str, shown: str) -> str:
    """A site page with the policy first in its head, once nothing in it but pnp's scripts
    would run and its <head> is where a browser takes it for one; refused at `shown` (its
    template) else."""
    running = [what for _, what in active_markup(html, _own_script)]
    first = next((tag for tag in html_tags(html) if not tag.closing and tag.name != "html"), None)
    page = html[:first.end] + POLICY_META + html[first.end:] if first is not None and first.name == "head" else None
    if page is None or not _policy_heads(page):
        running.append("a page whose policy would not be the first element of its <head> as a browser reads it "
                       "(text or a tag before <head> starts the page's body, and a policy there is ignored)")
    if running:
        raise DataError([Problem(shown, None, "(html)", ACTIVE_EXPECTED + " (the site runs only pnp's own search)",
                                 what, "Remove it from the site's template") for what in dict.fromkeys(running)])
    return page


def _policy_heads(page: str) -> bool:
    """Whether the browser's parser (tinyhtml5, as html5 parsing goes) puts the policy first in
    the page's <head>."""
    from pnp.render.html_parser import parse_html

    head = parse_html(page).find("head")
    first = next((child for child in head if isinstance(child.tag, str)), None) if head is not None else None
    return (first is not None and first.tag == "meta"
            and first.get("http-equiv") == "Content-Security-Policy"
            and first.get("content") == CONTENT_SECURITY_POLICY)
