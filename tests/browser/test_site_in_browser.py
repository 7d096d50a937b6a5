"""The download site in a real browser: Debian's Chromium driven by Playwright (the `browser`
fixture, tests/browser/chromium.py), axe-core for accessibility."""

import functools
import shutil
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest

from tests.browser.chromium import AXE

PHONE_WIDTH_PX = 375
SERIOUS = ("serious", "critical")
IMAGE_POLLS, IMAGE_POLL_MS = 200, 50       # ten seconds for a page's images to load


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def served(built_site):
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(built_site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def _page(browser, width=1280, **options):
    context = browser.new_context(viewport={"width": width, "height": 900}, accept_downloads=True, **options)
    page = context.new_page()
    problems = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    # A request cut short by leaving the page (a lazy image still loading) is not a fault.
    page.on("requestfailed", lambda request: problems.append(f"failed: {request.url} ({request.failure})")
            if "ERR_ABORTED" not in (request.failure or "") else None)
    page.on("response", lambda response: problems.append(f"{response.status}: {response.url}")
            if response.status >= 400 else None)
    return page, problems


def _load_every_image(page) -> None:
    """Lazy images load when scrolled to: ask for them all, and wait."""
    page.evaluate("document.querySelectorAll('img[loading=lazy]').forEach(i => { i.loading = 'eager'; })")
    # Polled from here: a waiting function Playwright evaluates from a string is refused by the
    # pages' Content-Security-Policy (no eval), as it should be.
    for _ in range(IMAGE_POLLS):
        if page.evaluate("[...document.images].every(i => i.complete)"):
            return
        page.wait_for_timeout(IMAGE_POLL_MS)
    raise AssertionError(f"images still loading on {page.url}")


def _serious_violations(page) -> list:
    """What axe-core finds serious or critical on the page, WCAG 2.1 AA and best practice."""
    page.add_script_tag(path=str(AXE))
    # resultTypes: the violations in full; of the rules passed, one node each (half the time, same findings)
    result = page.evaluate("axe.run(document, {runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],"
                           " resultTypes: ['violations']})")
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
            for v in result["violations"] if v["impact"] in SERIOUS]


def _site_pages(base: str, page) -> list[str]:
    """Every page reachable from the index, by following its links."""
    seen, queue = [], [base + "index.html"]
    while queue:
        url = queue.pop(0)
        if url in seen:
            continue
        seen.append(url)
        page.goto(url)
        for href in page.eval_on_selector_all("a[href]", "links => links.map(a => a.getAttribute('href'))"):
            target = urljoin(url, href).split("#")[0]
            if target.startswith(base) and target.endswith(".html") and target not in seen:
                queue.append(target)
    return seen


def test_every_link_resolves_lands_on_its_anchor_and_every_image_loads(browser, served):
    page, problems = _page(browser)
    pages = _site_pages(served, page)
    assert len(pages) >= 4 + 5 * 5              # the rules reference: five pages a game and language
    request = page.context.request
    checked, ids, anchored = set(), {}, []
    for url in pages:
        page.goto(url)
        page.wait_for_load_state("load")
        _load_every_image(page)
        broken = page.eval_on_selector_all("img", "images => images.filter(i => !i.complete || i.naturalWidth === 0)"
                                                  ".map(i => i.src)")
        assert broken == [], (url, broken)
        ids[url] = set(page.eval_on_selector_all("[id]", "nodes => nodes.map(n => n.id)"))
        for href in page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)"):
            target, _, anchor = href.partition("#")
            if anchor and target.endswith(".html"):
                anchored.append((url, target, anchor))
            if urlparse(href).scheme == "http" and target not in checked:
                checked.add(target)
                response = request.head(target)
                assert response.ok, (url, href, response.status)
    missing = [(url, f"{target}#{anchor}") for url, target, anchor in anchored
               if target in ids and anchor not in ids[target]]
    assert missing == []
    assert problems == []


def test_a_download_is_byte_identical_to_the_built_file(browser, served, built_site):
    page, problems = _page(browser)
    page.goto(served + "wizard/index.html")
    for selector, path in (('a[href="a4/red-deck.pdf"]', "wizard/a4/red-deck.pdf"),
                           ('a[href="wizard-a4.zip"]', "wizard/wizard-a4.zip")):
        with page.expect_download() as download:
            page.click(selector)
        saved = Path(download.value.path())
        assert saved.read_bytes() == (built_site / path).read_bytes(), path
    assert problems == []


def test_the_site_works_opened_from_a_file_path(browser, built_site):
    page, problems = _page(browser)
    page.goto((built_site / "index.html").as_uri())
    page.click("text=The Last Wizard >> nth=-1")
    assert page.url.endswith("/wizard/index.html")
    _load_every_image(page)
    assert page.evaluate("[...document.images].every(i => i.complete && i.naturalWidth > 0)")
    page.click("text=How to print and cut >> nth=0")
    assert page.url.endswith("/printing.html")
    assert problems == []


def test_the_index_is_usable_at_phone_width(browser, served):
    page, problems = _page(browser, width=PHONE_WIDTH_PX, is_mobile=True, has_touch=True)
    for url in ("index.html", "verset/index.html", "printing.html"):
        page.goto(served + url)
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, (url, overflow)
        small = page.evaluate("[...document.querySelectorAll('main p, main li, main dd')]"
                              ".filter(e => e.innerText.trim() && parseFloat(getComputedStyle(e).fontSize) < 14).length")
        assert small == 0, url
    page.goto(served + "index.html")
    link = page.get_by_role("link", name="The Last Wizard").last
    box = link.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE_WIDTH_PX
    link.tap()
    page.wait_for_url("**/wizard/index.html")
    assert problems == []


def test_keyboard_reaches_every_link_and_follows_one(browser, served):
    page, _ = _page(browser)
    page.goto(served + "index.html")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to the content"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"
    links = page.evaluate("document.querySelectorAll('a[href]').length")
    page.goto(served + "index.html")
    for index in range(links):          # every link, in reading order, with a visible focus ring
        page.keyboard.press("Tab")
        assert page.evaluate(f"document.activeElement === document.querySelectorAll('a[href]')[{index}]"), index
        assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none", index
    page.goto(served + "index.html")
    for _ in range(links):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent") == "Le Dernier Verset":
            break
    assert page.evaluate("document.activeElement.textContent") == "Le Dernier Verset"
    page.keyboard.press("Enter")
    page.wait_for_url("**/verset/index.html")


# Each template of the site (the index, a game's page, printing) in English, and in French the
# index and a game's page (printing is the same template again); Verso's page too, a game whose
# own language is French. At phone width, one page of each template: their markup is the same in
# any game or language, only the layout's width changes.
SITE_PAGES = ("index.html", "verset/index.html", "verso/index.html", "printing.html",
              "index.fr.html", "verset/index.fr.html")
AXE_SITE = [(url, 1280) for url in SITE_PAGES] + [(url, PHONE_WIDTH_PX) for url in SITE_PAGES[:2] + SITE_PAGES[3:4]]


@pytest.mark.parametrize("url, width", AXE_SITE)
def test_axe_finds_no_serious_violation(browser, served, url, width):
    page, problems = _page(browser, width=width, bypass_csp=True)       # axe is injected: an inline script
    page.goto(served + url)
    assert _serious_violations(page) == []
    assert problems == []


REFERENCE_PAGES = ("index.html", "glossary.html", "cards.html", "faq.html", "examples.html")


def _search(page, query: str) -> list[str]:
    """What the reference's search box lists for `query`, as the links' targets."""
    page.fill("#search", query)
    page.wait_for_selector("#search-results a, #search-results p")
    return page.eval_on_selector_all("#search-results a", "links => links.map(a => a.getAttribute('href'))")


from tests.reference.test_search import SEARCHES  # noqa: E402  (the same searches as --lookup)

# Each reference (a game in a language) is loaded once and asked each of its searches; following
# a result to its anchor is proven on its first search.
REFERENCES = list(dict.fromkeys(search[:2] for search in SEARCHES))


@pytest.mark.parametrize("key, language", REFERENCES)
def test_a_search_finds_the_rule_the_card_and_the_ruling_and_lands_on_it(browser, served, key, language):
    page, problems = _page(browser)
    folder = "reference" if language is None else f"reference-{language}"
    glossary = f"{served}{key}/{folder}/glossary.html"
    page.goto(glossary)
    searches = [search[2:] for search in SEARCHES if search[:2] == (key, language)]
    for query, rule, card, ruling in searches:
        page.fill("#search", "")                           # no result of the last query left to read
        page.wait_for_selector("#search-results", state="hidden")
        found = _search(page, query)
        assert f"index.html#{rule}" in found and f"faq.html#{ruling}" in found, (query, found)
        assert card is None or f"cards.html#{card}" in found, (query, found)
    query, rule, card, ruling = searches[0]
    for target in [f"index.html#{rule}", f"faq.html#{ruling}"] + ([f"cards.html#{card}"] if card else []):
        page.goto(glossary)
        _search(page, query)
        page.click(f'#search-results a[href="{target}"]')
        page.wait_for_url(f"**/{target}")
        anchor = target.split("#")[1]
        assert page.evaluate("anchor => { const r = document.getElementById(anchor).getBoundingClientRect();"
                             " return r.top >= -1 && r.top < innerHeight; }", anchor), target
    assert problems == []


def test_a_search_for_nothing_known_says_so_and_enter_follows_the_first_result(browser, served):
    page, problems = _page(browser)
    page.goto(served + "verdun/reference/index.html")
    page.fill("#search", "zzzqx")
    assert page.inner_text("#search-results") == "Nothing found."
    page.fill("#search", "stratag")
    first = page.get_attribute("#search-results a", "href")
    page.press("#search", "Enter")
    page.wait_for_url(f"**/{first}")
    assert problems == []


@pytest.mark.parametrize("key", ["verset", "wizard", "olf", "verdun", "verso"])
def test_the_reference_is_usable_at_phone_width(browser, served, key):
    page, problems = _page(browser, width=PHONE_WIDTH_PX, is_mobile=True, has_touch=True)
    folders = ["reference"] + (["reference-en"] if key == "verso" else [])
    for folder in folders:
        for name in REFERENCE_PAGES:
            page.goto(f"{served}{key}/{folder}/{name}")
            _load_every_image(page)
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, (key, folder, name, overflow)
    assert problems == []


# Every page of the reference for Verset; of the others (Verso's in French), the pages whose
# markup their own data makes: the chapters (a chapter may hold HTML of its own: a table, a
# figure) and the worked examples (each game's example layout). The cards, the glossary and the
# FAQ are the site's templates over plain entries and pictures, proven on Verset's pages.
AXE_REFERENCE = [("verset", name) for name in REFERENCE_PAGES] + [
    (key, name) for key in ("verso", "wizard", "olf", "verdun") for name in ("index.html", "examples.html")]


@pytest.mark.parametrize("key, name", AXE_REFERENCE)
def test_axe_finds_no_serious_violation_in_the_reference(browser, served, key, name):
    page, problems = _page(browser, bypass_csp=True)
    page.goto(f"{served}{key}/reference/{name}")
    _search(page, "carte" if key == "verso" else "card")          # the results list too
    assert _serious_violations(page) == []
    assert problems == []


def test_the_reference_works_from_disk_search_included(browser, built_site):
    page, problems = _page(browser)
    page.goto((built_site / "verso" / "reference" / "index.html").as_uri())
    assert page.get_attribute("html", "lang") == "fr"
    assert "joker" in " ".join(_search(page, "joker"))
    page.click("text=English")
    assert page.url.endswith("/verso/reference-en/index.html")
    assert page.get_attribute("html", "lang") == "en"
    page.click("text=Cards >> nth=0")
    _load_every_image(page)
    assert page.evaluate("[...document.images].every(i => i.complete && i.naturalWidth > 0)")
    assert problems == []


def test_the_reference_prints_without_its_search_and_tabs(browser, served):
    page, _ = _page(browser)
    page.goto(served + "verset/reference/index.html")
    page.emulate_media(media="print")
    assert page.evaluate("getComputedStyle(document.querySelector('.ref-search')).display") == "none"
    assert page.evaluate("getComputedStyle(document.querySelector('.site-header')).display") == "none"
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF")


def test_a_script_that_got_into_a_page_anyway_does_not_run(browser, built_site, tmp_path):
    """The site's pages forbid inline script (pnp/site/sanitise.py): a script, a handler and a
    script link planted in a built page run nothing, while the page's own search still loads."""
    page_path = built_site / "verset" / "reference" / "index.html"
    planted = tmp_path / "verset" / "reference" / "index.html"
    shutil.copytree(built_site, tmp_path, dirs_exist_ok=True)
    planted.write_text(page_path.read_text().replace("</body>", (
        "<script>document.body.dataset.ran = 'script'</script>"
        "<img src=missing.png onerror=\"document.body.dataset.ran = 'handler'\">"
        "<a id=planted href=\"javascript:document.body.dataset.ran = 'link'\">x</a></body>")))
    page, problems = _page(browser)
    page.goto(planted.as_uri())
    page.click("#planted")
    page.wait_for_timeout(200)
    assert page.evaluate("document.body.dataset.ran") is None
    assert any("Content Security Policy" in problem for problem in problems), problems
    assert _search(page, "card")                                   # pnp's own scripts run
